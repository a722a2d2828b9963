// The shape of a route's metadata (SPEC §2): path, layout, title, menu key and named middleware.
// The route table (src/app/route-table.ts: site-routes.ts and app-routes.ts) fills it in and attaches each page's lazy loader;
// lower layers read routes through these types and never import the table itself.
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';

export type TLayout = 'blank-page' | 'custom' | 'default' | 'other' | 'storepage' | 'storepagesup';
export type TMenuKey = 'collection' | 'supplier' | 'demandManagement' | 'purchaserManagement' | 'supplierManagement' | 'quickInquiry' | 'feedback';
/** What a page's server-side prefetch gets: the query client of the render, the route's params and the URL. */
export type TPrefetchContext = { queryClient: QueryClient; params: Record<string, string | undefined>; url: URL };
/**
 * A page module: its component and, for pages the server renders, `prefetch`, which fills the query
 * client with the answers the page's first render reads (the same query options the page uses).
 */
export type TPageModule = { default: ComponentType; prefetch?: (ctx: TPrefetchContext) => Promise<void> };
export type TRouteDef = { path: string; layout: TLayout; title: string; page: () => Promise<TPageModule>; menu?: TMenuKey; middleware?: string[]; ssr?: boolean };
