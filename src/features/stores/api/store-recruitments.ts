// GET /api/stores/:uid/recruitments: the store's open positions.
import { queryOptions } from '@tanstack/react-query';
import type { TPage } from '@contracts/api';
import type { TRecruitment } from '@contracts/catalogue';
import { fetchData } from '@/platform/http';

export const getStoreRecruitments = (uid: string, page: number, pageSize: number) =>
  fetchData<TPage<TRecruitment>>('get', `/api/stores/${encodeURIComponent(uid)}/recruitments`, { page, pageSize });

export const storeRecruitmentsQuery = (uid: string, page: number, pageSize = 10) =>
  queryOptions({ queryKey: ['catalogue', 'store', uid, 'recruitments', page, pageSize], queryFn: () => getStoreRecruitments(uid, page, pageSize) });
