// GET /api/enterprises/:id: an enterprise's profile, products and store.
import { queryOptions } from '@tanstack/react-query';
import type { TEnterpriseDetail } from '@contracts/catalogue';
import { fetchData } from '@/platform/http';

export const getEnterprise = (id: number) => fetchData<TEnterpriseDetail>('get', `/api/enterprises/${id}`);

export const enterpriseQuery = (id: number) => queryOptions({ queryKey: ['catalogue', 'enterprise', id], queryFn: () => getEnterprise(id) });
