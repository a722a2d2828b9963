// GET /api/stores: the store directory.
import { queryOptions } from '@tanstack/react-query';
import type { TPage } from '@contracts/api';
import type { TStoreCard } from '@contracts/catalogue';
import type { TSupplierKind } from '@contracts/catalogue-constants';
import { fetchData } from '@/platform/http';

export type TStoreDirectoryParams = { keyword?: string; province?: string; kind?: TSupplierKind; sort?: 'replyRate'; fast?: 1; page: number; pageSize: number };

export const getStores = (params: TStoreDirectoryParams) => fetchData<TPage<TStoreCard> & { partial: boolean; notice: string | null }>('get', '/api/stores', params);

export const storesQuery = (params: TStoreDirectoryParams) => queryOptions({ queryKey: ['catalogue', 'stores', params], queryFn: () => getStores(params) });
