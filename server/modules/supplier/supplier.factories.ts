// Test factories for the supplier back office: a category tree, brands and valid request bodies.
import { brands, categories } from '../../db/schema.js';
import type { TTestApp } from '../../test/harness.js';
import type { TProductInput } from '../../../contracts/backoffice.js';

let seq = 0;

/** A three-level category branch; returns the ids top to bottom. */
export async function makeCategoryBranch(t: TTestApp, names: [string, string, string] = ['分析仪器', '色谱仪器', `液相色谱仪${++seq}`]) {
  const db = t.database.db;
  const [top] = await db.insert(categories).values({ parentId: 0, name: names[0], level: 1 }).returning();
  const [mid] = await db.insert(categories).values({ parentId: top!.id, name: names[1], level: 2 }).returning();
  const [leaf] = await db.insert(categories).values({ parentId: mid!.id, name: names[2], level: 3 }).returning();
  return { top: top!.id, mid: mid!.id, leaf: leaf!.id };
}

export async function makeBrand(t: TTestApp, opts: { name?: string; nameEn?: string; status?: string; supplierId?: number | null } = {}) {
  const [b] = await t.database.db
    .insert(brands)
    .values({ name: opts.name ?? `品牌${++seq}`, nameEn: opts.nameEn ?? `Brand${seq}`, status: opts.status ?? 'approved', supplierId: opts.supplierId ?? null })
    .returning();
  return b!;
}

export function productBody(categoryId: number, overrides: Partial<TProductInput> = {}): TProductInput {
  return {
    name: '高效液相色谱仪',
    model: `LC-${2000 + ++seq}`,
    categoryId,
    brandId: null,
    storeCategoryId: null,
    price: 128000,
    unit: '台',
    origin: '日本',
    summary: '适用于药物分析与环境检测',
    description: '<p>四元梯度泵，<strong>低扩散</strong>设计。</p>',
    params: [
      { name: '流速范围', value: '0.001-10 mL/min' },
      { name: '耐压', value: '66 MPa' },
    ],
    images: [],
    status: 'on_sale',
    ...overrides,
  };
}
