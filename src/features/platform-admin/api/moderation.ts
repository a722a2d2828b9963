// Calls of the platform moderation pages: every supplier's goods with the take-down, and the
// management of platform news and technical articles (edit, unpublish, republish).
import { queryOptions } from '@tanstack/react-query';
import { fetchData, request } from '@/platform/http';
import type { TPage } from '@contracts/api';
import type { TAdminProduct, TAdminPublicationDetail, TAdminPublicationList, TPublicationInput, TPublicationKindPath, TPublicationStatusBody, TTakedownBody } from '@contracts/moderation';

type TQuery = Record<string, string | number | undefined>;
const clean = (q: TQuery) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined));

export const adminProductsQuery = (q: TQuery) =>
  queryOptions({ queryKey: ['admin', 'products', q], queryFn: () => fetchData<TPage<TAdminProduct>>('get', '/api/admin/products', clean(q)), placeholderData: (prev) => prev });
export const takeDownProduct = (id: number, body: TTakedownBody) => request('put', `/api/admin/products/${id}/takedown`, body);

export const publicationsQuery = (kind: TPublicationKindPath, q: TQuery) =>
  queryOptions({ queryKey: ['admin', 'publications', kind, q], queryFn: () => fetchData<TAdminPublicationList>('get', `/api/admin/publications/${kind}`, clean(q)), placeholderData: (prev) => prev });
export const publicationQuery = (kind: TPublicationKindPath, id: number) =>
  queryOptions({ queryKey: ['admin', 'publication', kind, id], queryFn: () => fetchData<TAdminPublicationDetail>('get', `/api/admin/publications/${kind}/${id}`) });
export const updatePublication = (kind: TPublicationKindPath, id: number, body: TPublicationInput) => request('put', `/api/admin/publications/${kind}/${id}`, body);
export const setPublicationStatus = (kind: TPublicationKindPath, id: number, body: TPublicationStatusBody) => request('put', `/api/admin/publications/${kind}/${id}/status`, body);
