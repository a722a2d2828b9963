// Every route of SPEC §2 with its layout, title, menu key and named middleware (src/app/route-middleware.ts:
// auth, guest, area:admin, area:supplier, html-file); pages load lazily. A route without `auth` is public.
// Two halves: the pages the server renders (site-routes.ts, in the first page's script) and the rest
// (app-routes.ts, which the browser's router discovers when first needed). The server and tests read both.
import type { TRouteDef } from '@/shared/route-meta';
import { APP_ROUTES } from './app-routes';
import { SITE_ROUTES } from './site-routes';

export type { TLayout, TMenuKey, TPageModule, TRouteDef } from '@/shared/route-meta';

export const ROUTES: TRouteDef[] = [...SITE_ROUTES, ...APP_ROUTES];
