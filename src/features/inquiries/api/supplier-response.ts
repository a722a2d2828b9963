// GET /api/supplier/response: the supplier's 响应质量 figures as buyers see them, with the rows behind them.
import { queryOptions } from '@tanstack/react-query';
import type { TSupplierResponse } from '@contracts/response-quality';
import { fetchData } from '@/platform/http';

export const supplierResponseQuery = () => queryOptions({ queryKey: ['inquiries', 'response'], queryFn: () => fetchData<TSupplierResponse>('get', '/api/supplier/response') });
