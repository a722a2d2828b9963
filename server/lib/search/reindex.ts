// Re-indexes products written with an older token scheme (search_version below the current one):
// at start, in batches, so a database from before a change of the tokens finds what a new one does.
// Also loads the dictionary and the segmenter, so the first search is not the one that waits.
import { asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brands, categories, products } from '../../db/schema.js';
import { analyzeQuery } from './analyze.js';
import { productTokens, SEARCH_INDEX_VERSION } from './tokens.js';

const BATCH = 500;

export async function reindexStaleProducts(db: Db, log: (message: string) => void = () => {}): Promise<number> {
  const cats = await db.select({ id: categories.id, parentId: categories.parentId, name: categories.name }).from(categories);
  const byId = new Map(cats.map((c) => [c.id, c]));
  const pathOf = (id: number) => {
    const names: string[] = [];
    for (let c = byId.get(id), depth = 0; c && depth < 10; c = byId.get(c.parentId), depth++) names.unshift(c.name);
    return names;
  };
  let done = 0;
  for (;;) {
    const rows = await db
      .select({ id: products.id, name: products.name, model: products.model, summary: products.summary, categoryId: products.categoryId, brandName: brands.name, brandNameEn: brands.nameEn })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(lt(products.searchVersion, SEARCH_INDEX_VERSION))
      .orderBy(asc(products.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    if (done === 0) log('search: re-indexing products written with an older token scheme');
    const values = rows.map((r) => ({ id: r.id, tokens: productTokens({ name: r.name, model: r.model, summary: r.summary, brandName: r.brandName, brandNameEn: r.brandNameEn, categoryNames: pathOf(r.categoryId) }) }));
    await db.execute(sql`
      UPDATE products AS p SET search_tokens = x.tokens::tsvector, search_version = ${SEARCH_INDEX_VERSION}
      FROM json_to_recordset(${JSON.stringify(values)}::json) AS x(id int, tokens text)
      WHERE p.id = x.id`);
    done += rows.length;
    if (rows.length < BATCH) break;
  }
  if (done) {
    // Rewritten rows leave the planner's statistics of search_tokens behind.
    await db.execute(sql`ANALYZE products`);
    log(`search: re-indexed ${done} products`);
  }
  // Loads the dictionary and the segmenter now rather than in the first visitor's search.
  analyzeQuery('安捷伦气相色谱仪');
  return done;
}
