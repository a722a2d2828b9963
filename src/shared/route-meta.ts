// The shape of a route's metadata (SPEC §2): path, layout, title, menu key and named middleware.
// The route table (src/app/route-table.ts) fills it in and attaches each page's lazy loader;
// lower layers read routes through these types and never import the table itself.
import type { ComponentType } from 'react';

export type TLayout = 'blank-page' | 'custom' | 'default' | 'other' | 'storepage' | 'storepagesup';
export type TMenuKey = 'collection' | 'supplier' | 'demandManagement' | 'purchaserManagement' | 'supplierManagement' | 'quickInquiry' | 'feedback';
export type TPageModule = { default: ComponentType };
export type TRouteDef = { path: string; layout: TLayout; title: string; page: () => Promise<TPageModule>; menu?: TMenuKey; middleware?: string[] };
