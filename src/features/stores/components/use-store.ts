// The store of the current /store/{uid}/… page, from the cache the store layout fills.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { storeQuery } from '../api/store';

export function useStore() {
  const { uid = '' } = useParams();
  return { uid, store: useQuery(storeQuery(uid)) };
}

/** A positive integer from a query-string value, or null. */
export function positiveId(raw: string | null | undefined): number | null {
  const v = Number(raw?.trim());
  return raw && Number.isInteger(v) && v > 0 && v <= 2_147_483_647 ? v : null;
}
