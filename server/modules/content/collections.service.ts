// Favourites of a member: products, shops (stores) and technical articles.
import { COLLECT_KINDS, type TCollectKind, type TCollectedItem } from '../../../contracts/content.js';
import type { TPage } from '../../../contracts/api.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import * as repo from './collections.repository.js';

const MISSING: Record<TCollectKind, string> = { product: '商品不存在', shop: '店铺不存在', article: '文章不存在' };

export async function collect(db: Db, memberId: number, kind: TCollectKind, targetId: number) {
  if (!(await repo.targetExists(db, kind, targetId))) throw new AppError('NOT_FOUND', MISSING[kind]);
  await repo.collect(db, memberId, kind, targetId);
}

export const uncollect = repo.uncollect;
export const collectedIds = repo.collectedIds;

export async function listCollected(db: Db, memberId: number, kind: TCollectKind, p: { page: number; pageSize: number }): Promise<TPage<TCollectedItem>> {
  const page = (items: TCollectedItem[], total: number) => ({ items, total, page: p.page, pageSize: p.pageSize });
  if (kind === 'product') {
    const { rows, total } = await repo.collectedProducts(db, memberId, p);
    return page(
      rows.map((r) => ({ kind, ...r, price: r.price === null ? null : Number(r.price), collectedAt: r.collectedAt.toISOString() })),
      total,
    );
  }
  if (kind === 'shop') {
    const { rows, total } = await repo.collectedShops(db, memberId, p);
    return page(
      rows.map((r) => ({ kind, ...r, collectedAt: r.collectedAt.toISOString() })),
      total,
    );
  }
  const { rows, total } = await repo.collectedArticles(db, memberId, p);
  return page(
    rows.map((r) => ({ kind, ...r, collectedAt: r.collectedAt.toISOString(), publishedAt: r.publishedAt.toISOString() })),
    total,
  );
}

export const kindLabel = (kind: TCollectKind) => COLLECT_KINDS[kind];
