// GET /api/enterprises: the enterprise directory.
import { queryOptions } from '@tanstack/react-query';
import type { TPage } from '@contracts/api';
import type { TEnterpriseCard } from '@contracts/catalogue';
import type { TSupplierKind } from '@contracts/catalogue-constants';
import { fetchData } from '@/platform/http';

export type TEnterpriseParams = { keyword?: string; province?: string; kind?: TSupplierKind; verified?: boolean; sort?: 'replyRate'; fast?: 1; page: number; pageSize: number };

export const getEnterprises = (params: TEnterpriseParams) => fetchData<TPage<TEnterpriseCard> & { partial: boolean; notice: string | null }>('get', '/api/enterprises', params);

export const enterprisesQuery = (params: TEnterpriseParams) => queryOptions({ queryKey: ['catalogue', 'enterprises', params], queryFn: () => getEnterprises(params) });
