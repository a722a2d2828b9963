// API tests of favourites: members only, collect/uncollect/idempotent, status, the joined lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';
import { products, stores, suppliers } from '../../db/schema.js';
import { eq } from 'drizzle-orm';
import { makeArticle, makeProduct } from './content.factories.js';

let t: TTestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

type TBody<T = unknown> = { code: number; msg: string; data: T };
type TAuth = Record<string, string>;

const call = async <T = unknown>(method: 'GET' | 'POST' | 'DELETE', url: string, auth: TAuth | undefined, data?: Record<string, unknown>) => {
  const res = await t.app.inject({
    method,
    url,
    headers: auth,
    ...(method === 'POST' ? { payload: data } : { query: Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, String(v)])) }),
  });
  return { status: res.statusCode, body: res.json() as TBody<T> };
};

async function makeStoreWithProduct() {
  const supplier = await makeMember(t, { supplier: { companyName: '上海精密仪器有限公司' } });
  const [store] = await t.database.db.select().from(stores).where(eq(stores.supplierId, supplier.supplierId!));
  const product = await makeProduct(t, supplier.supplierId!, { name: '气相色谱仪', model: 'GC-2030', price: 268000 });
  return { store: store!, product };
}

describe('favourites', () => {
  it('answers visitors with 401 on every call', async () => {
    expect((await call('POST', '/api/collections', undefined, { kind: 'article', targetId: 1 })).status).toBe(401);
    expect((await call('DELETE', '/api/collections', undefined, { kind: 'article', targetId: 1 })).status).toBe(401);
    expect((await call('GET', '/api/collections/status', undefined, { kind: 'article', ids: '1' })).status).toBe(401);
    expect((await call('GET', '/api/collections', undefined, { kind: 'article' })).status).toBe(401);
  });

  it('collects each kind once, shows the status, lists with display data and uncollects', async () => {
    const me = await makeMember(t);
    const { store, product } = await makeStoreWithProduct();
    const article = await makeArticle(t, { title: '原子吸收光谱仪的灯电流选择', category: '操作指南' });
    const cheap = await makeProduct(t, store.supplierId, { name: '移液器', price: null });

    for (const [kind, targetId] of [
      ['product', product.id],
      ['product', cheap.id],
      ['shop', store.id],
      ['article', article.id],
    ] as const) {
      const first = await call('POST', '/api/collections', me.auth, { kind, targetId });
      expect(first.body).toMatchObject({ code: 200, msg: '收藏成功' });
      const again = await call('POST', '/api/collections', me.auth, { kind, targetId });
      expect(again.status).toBe(200);
    }

    const status = await call<{ ids: number[] }>('GET', '/api/collections/status', me.auth, { kind: 'product', ids: `${product.id},${cheap.id},999999` });
    expect(status.body.data.ids.sort()).toEqual([product.id, cheap.id].sort());

    const productsPage = await call<{ items: Record<string, unknown>[]; total: number }>('GET', '/api/collections', me.auth, { kind: 'product' });
    expect(productsPage.body.data.total).toBe(2);
    expect(productsPage.body.data.items[0]).toMatchObject({ kind: 'product', targetId: cheap.id, name: '移液器', price: null });
    expect(productsPage.body.data.items[1]).toMatchObject({
      kind: 'product',
      targetId: product.id,
      name: '气相色谱仪',
      model: 'GC-2030',
      price: 268000,
      supplierName: '上海精密仪器有限公司',
      storeUid: store.uid,
    });

    const shops = await call<{ items: Record<string, unknown>[]; total: number }>('GET', '/api/collections', me.auth, { kind: 'shop' });
    expect(shops.body.data).toMatchObject({ total: 1, items: [{ kind: 'shop', targetId: store.id, uid: store.uid, name: store.name, companyName: '上海精密仪器有限公司', region: '上海' }] });

    const arts = await call<{ items: Record<string, unknown>[]; total: number }>('GET', '/api/collections', me.auth, { kind: 'article' });
    expect(arts.body.data).toMatchObject({ total: 1, items: [{ kind: 'article', targetId: article.id, title: '原子吸收光谱仪的灯电流选择', category: '操作指南' }] });

    const other = await makeMember(t);
    expect((await call<{ items: unknown[] }>('GET', '/api/collections', other.auth, { kind: 'product' })).body.data.items).toEqual([]);
    expect((await call<{ ids: number[] }>('GET', '/api/collections/status', other.auth, { kind: 'product', ids: String(product.id) })).body.data.ids).toEqual([]);

    const removed = await call('DELETE', '/api/collections', me.auth, { kind: 'product', targetId: product.id });
    expect(removed.body).toMatchObject({ code: 200, msg: '已取消收藏' });
    expect((await call('DELETE', '/api/collections', me.auth, { kind: 'product', targetId: product.id })).status).toBe(200);
    const after = await call<{ ids: number[] }>('GET', '/api/collections/status', me.auth, { kind: 'product', ids: `${product.id},${cheap.id}` });
    expect(after.body.data.ids).toEqual([cheap.id]);
  });

  it('pages the list', async () => {
    const me = await makeMember(t);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const a = await makeArticle(t);
      ids.push(a.id);
      await call('POST', '/api/collections', me.auth, { kind: 'article', targetId: a.id });
    }
    const page2 = await call<{ items: { targetId: number }[]; total: number; page: number }>('GET', '/api/collections', me.auth, { kind: 'article', page: 2, pageSize: 2 });
    expect(page2.body.data).toMatchObject({ total: 5, page: 2 });
    expect(page2.body.data.items).toHaveLength(2);
  });

  it('answers an unknown target with 404 and bad parameters with 400', async () => {
    const me = await makeMember(t);
    const cases = [
      ['product', '商品不存在'],
      ['shop', '店铺不存在'],
      ['article', '文章不存在'],
    ] as const;
    for (const [kind, msg] of cases) {
      const res = await call('POST', '/api/collections', me.auth, { kind, targetId: 987654 });
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe(msg);
    }
    const badKind = await call('POST', '/api/collections', me.auth, { kind: 'news', targetId: 1 });
    expect(badKind.status).toBe(400);
    expect(badKind.body.msg).toBe('收藏类型无效');
    expect((await call('POST', '/api/collections', me.auth, { kind: 'article', targetId: 'abc' })).status).toBe(400);
    const badIds = await call('GET', '/api/collections/status', me.auth, { kind: 'article', ids: '1,,x' });
    expect(badIds.status).toBe(400);
    expect(badIds.body.msg).toMatch(/编号列表格式无效/);
    const tooMany = await call('GET', '/api/collections/status', me.auth, { kind: 'article', ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') });
    expect(tooMany.status).toBe(400);
    expect((await call('GET', '/api/collections', me.auth, { kind: 'article', pageSize: 500 })).status).toBe(400);
    expect((await call('GET', '/api/collections', me.auth, {})).status).toBe(400);
  });

  it('collects and lists only public targets: no drafts, no stores awaiting approval, no articles before publication', async () => {
    const me = await makeMember(t);
    const { store, product } = await makeStoreWithProduct();
    const draft = await makeProduct(t, store.supplierId, { name: '未上架的草稿' });
    await t.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, draft.id));
    const scheduled = await makeArticle(t, { title: '尚未发布的文章', minutesAgo: -60 });
    const pending = await makeMember(t, { supplier: { companyName: '待审核仪器有限公司' } });
    await t.database.db.update(suppliers).set({ status: 'pending' }).where(eq(suppliers.id, pending.supplierId!));
    const [pendingStore] = await t.database.db.select().from(stores).where(eq(stores.supplierId, pending.supplierId!));
    const pendingGoods = await makeProduct(t, pending.supplierId!, { name: '待审核供应商的商品' });
    for (const [kind, targetId, msg] of [
      ['product', draft.id, '商品不存在'],
      ['product', pendingGoods.id, '商品不存在'],
      ['shop', pendingStore!.id, '店铺不存在'],
      ['article', scheduled.id, '文章不存在'],
    ] as const) {
      const res = await call('POST', '/api/collections', me.auth, { kind, targetId });
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe(msg);
    }
    // a favourite whose target stops being public (taken off sale, store set back to pending) is no longer listed or counted
    expect((await call('POST', '/api/collections', me.auth, { kind: 'product', targetId: product.id })).status).toBe(200);
    expect((await call('POST', '/api/collections', me.auth, { kind: 'shop', targetId: store.id })).status).toBe(200);
    await t.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, product.id));
    await t.database.db.update(suppliers).set({ status: 'pending' }).where(eq(suppliers.id, store.supplierId));
    for (const kind of ['product', 'shop']) {
      const page = await call<{ items: unknown[]; total: number }>('GET', '/api/collections', me.auth, { kind });
      expect(page.body.data).toMatchObject({ total: 0, items: [] });
    }
  });
});
