// Counted views are written behind, and on the embedded database (no autovacuum) the tables they
// rewrite are vacuumed once enough rows have been rewritten.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TTestApp } from '../test/harness.js';
import { makeCategory, makeProduct, makeSupplier } from '../modules/catalogue/catalogue.fixtures.js';
import { flushViews, recordView, vacuumIfDue } from './view-counts.js';

let t: TTestApp;
const ids: number[] = [];

const vacuumCount = async () => {
  const result = await t.database.db.execute(sql`SELECT vacuum_count + autovacuum_count AS n FROM pg_stat_user_tables WHERE relname = 'products'`);
  return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
};

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.database.db;
  const { supplier } = await makeSupplier(db, { status: 'approved' });
  const category = await makeCategory(db, { name: '清理测试仪器' });
  for (let i = 0; i < 3; i++) ids.push((await makeProduct(db, { supplierId: supplier.id, categoryId: category.id, name: `清理测试仪 ${i}` })).id);
});

afterAll(async () => {
  await t?.close();
});

describe('vacuuming the tables views are counted in', () => {
  it('runs once enough rows were rewritten, then waits for as many again', async () => {
    const db = t.database.db;
    await flushViews(db);
    expect(await vacuumIfDue(db)).toBe(false); // nothing rewritten yet
    for (const id of ids) recordView(db, 'products', id);
    await flushViews(db);
    expect(await vacuumIfDue(db, 4)).toBe(false); // 3 rows rewritten
    const before = await vacuumCount();
    expect(await vacuumIfDue(db, 3)).toBe(true);
    // Statistics reach other connections within a second or so on PostgreSQL.
    const until = Date.now() + 5_000;
    while ((await vacuumCount()) <= before && Date.now() < until) {
      await db.execute(sql`SELECT pg_stat_clear_snapshot()`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await vacuumCount()).toBeGreaterThan(before);
    expect(await vacuumIfDue(db, 3)).toBe(false);
    // After the first one, the default waits for VACUUM_AFTER_ROWS rewritten rows.
    recordView(db, 'products', ids[1]!);
    await flushViews(db);
    expect(await vacuumIfDue(db)).toBe(false);
    // The counts themselves are in the rows.
    const views = (await db.execute(sql`SELECT views FROM products WHERE id = ${ids[0]!}`)) as unknown as { rows: { views: number }[] };
    expect(Number(views.rows[0]!.views)).toBe(1);
  });
});
