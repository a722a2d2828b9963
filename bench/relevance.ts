// Relevance of the search on the demo catalogue: every judged query (bench/relevance-queries.ts)
// through the shop's search and the quick-inquiry routing, scored against the products its catalogue
// attributes make relevant. Prints zero-result rate, recall@20, nDCG@10 and precision@10 per query
// type, and how many subjects the quick-inquiry routing sends to fewer than 3 suppliers that sell the kind.
//
//   npm run bench:relevance [-- --products 5000] [--verbose]
//
// Seeds the demo catalogue (5,000 products by default, like a first start) into an in-memory PGlite.
// The CI test (bench/relevance.test.ts) runs the same measurement and asserts the targets.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/db/client.js';
import { seedDemo } from '../server/db/seed/demo.js';
import { markedRanges } from '../contracts/search-terms.js';
import { searchProducts } from '../server/modules/catalogue/products.repository.js';
import { matchSuppliers } from '../server/modules/trade/inquiries/inquiries.service.js';
import { ASKED_TYPES, JUDGED_QUERIES, type TExpect, type TJudgedQuery, type TQueryType } from './relevance-queries.js';

export const TARGETS = { zeroResultRate: 0, recallAt20: 0.95, ndcgAt10: 0.9, precisionAt10: 0.9, routedSuppliers: 3 } as const;

type TCatalogueRow = { id: number; brand: string | null; leaf: string; model: string; supplierId: number };

export type TQueryScore = {
  query: TJudgedQuery;
  relevant: number;
  total: number;
  partial: boolean;
  recallAt20: number;
  ndcgAt10: number;
  /** Share of the first 10 results (or of fewer, when fewer were found) that are relevant. */
  precisionAt10: number;
  /** Suppliers the quick-inquiry routing reaches with this subject, how many of them sell a relevant product, and how many sell one. */
  routed: number;
  routedSellers: number;
  sellers: number;
  ms: number;
};

export type TTypeSummary = { type: TQueryType; queries: number; zeroResultRate: number; recallAt20: number; ndcgAt10: number; precisionAt10: number; routedBelowTarget: number };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Public goods (on sale, approved supplier) with the attributes queries are judged by. */
async function publicCatalogue(db: Db): Promise<TCatalogueRow[]> {
  const rows = rowsOf<{ id: number; brand: string | null; leaf: string; model: string | null; supplier_id: number }>(
    await db.execute(sql`
      SELECT p.id, b.name AS brand, c.name AS leaf, p.model, p.supplier_id
      FROM products p JOIN suppliers s ON s.id = p.supplier_id AND s.status = 'approved'
      JOIN categories c ON c.id = p.category_id LEFT JOIN brands b ON b.id = p.brand_id
      WHERE p.status = 'on_sale'`),
  );
  return rows.map((r) => ({ id: Number(r.id), brand: r.brand, leaf: r.leaf, model: r.model ?? '', supplierId: Number(r.supplier_id) }));
}

/**
 * A model holds a fragment where a word, a part or a number of it begins, with or without separators
 * (2020 in GCMS-QP2020 NX, cary60 in Cary 60) — not letters inside another word (XPR is not in ZSX
 * Primus): the rule of contracts/search-terms.ts.
 */
const modelHas = (model: string, fragment: string) => markedRanges(model, [fragment]).length > 0;

const isRelevant = (e: TExpect, r: TCatalogueRow) => (!e.brand || r.brand === e.brand) && (!e.categories || e.categories.includes(r.leaf)) && (!e.model || modelHas(r.model, e.model));

function ndcg(ranked: boolean[], relevantCount: number, k: number): number {
  let dcg = 0;
  for (let i = 0; i < Math.min(k, ranked.length); i++) if (ranked[i]) dcg += 1 / Math.log2(i + 2);
  let ideal = 0;
  for (let i = 0; i < Math.min(k, relevantCount); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

export async function scoreQueries(db: Db, queries: readonly TJudgedQuery[] = JUDGED_QUERIES): Promise<TQueryScore[]> {
  const catalogue = await publicCatalogue(db);
  const scores: TQueryScore[] = [];
  for (const query of queries) {
    const relevant = catalogue.filter((r) => isRelevant(query.expect, r));
    const relevantIds = new Set(relevant.map((r) => r.id));
    const t = performance.now();
    const result = await searchProducts(db, { keyword: query.q, sort: 'default', page: 1, pageSize: 20 });
    const ms = performance.now() - t;
    const ranked = result.items.map((p) => relevantIds.has(p.id));
    const found = ranked.filter(Boolean).length;
    const top = ranked.slice(0, 10);
    const routed = await matchSuppliers(db, query.q, null, TARGETS.routedSuppliers);
    const sellers = new Set(relevant.map((r) => r.supplierId));
    scores.push({
      query,
      relevant: relevant.length,
      total: result.total,
      partial: result.partial,
      recallAt20: relevant.length ? found / Math.min(20, relevant.length) : 0,
      ndcgAt10: ndcg(ranked, relevant.length, 10),
      precisionAt10: top.length ? top.filter(Boolean).length / top.length : 0,
      routed: routed.length,
      routedSellers: routed.filter((r) => sellers.has(r.supplierId)).length,
      sellers: sellers.size,
      ms,
    });
  }
  return scores;
}

/**
 * The routing reached fewer suppliers than the target (or than there are that sell it); for the ways
 * of asking (issue 34), fewer suppliers that sell the kind — the sentence must not go to whoever sells
 * something else that its words happen to name.
 */
export const routedBelowTarget = (s: TQueryScore) => (ASKED_TYPES.includes(s.query.type) ? s.routedSellers : s.routed) < Math.min(TARGETS.routedSuppliers, s.sellers);

export function summarise(scores: TQueryScore[]): { byType: TTypeSummary[]; all: TTypeSummary } {
  const summary = (type: TQueryType | 'all', list: TQueryScore[]): TTypeSummary => ({
    type: type as TQueryType,
    queries: list.length,
    zeroResultRate: list.filter((s) => s.total === 0).length / list.length,
    recallAt20: list.reduce((a, s) => a + s.recallAt20, 0) / list.length,
    ndcgAt10: list.reduce((a, s) => a + s.ndcgAt10, 0) / list.length,
    precisionAt10: list.reduce((a, s) => a + s.precisionAt10, 0) / list.length,
    routedBelowTarget: list.filter(routedBelowTarget).length,
  });
  const types = [...new Set(scores.map((s) => s.query.type))];
  return { byType: types.map((t) => summary(t, scores.filter((s) => s.query.type === t))), all: summary('all', scores) };
}

export async function seededDemo(products: number) {
  const database = await openDatabase({ memory: true });
  await seedDemo(database.db, { products });
  return database;
}

async function main() {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => a.startsWith('--products'));
  const products = at >= 0 ? Number(args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1]) : 5000;
  const verbose = args.includes('--verbose');
  const started = performance.now();
  const database = await seededDemo(products);
  console.log(`demo catalogue: ${products.toLocaleString('en')} products seeded in ${((performance.now() - started) / 1000).toFixed(0)} s; ${JUDGED_QUERIES.length} judged queries`);
  try {
    const scores = await scoreQueries(database.db);
    const { byType, all } = summarise(scores);
    const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
    console.log('\n| query type | queries | zero-result rate | recall@20 | nDCG@10 | precision@10 | routed below target |');
    console.log('|---|---|---|---|---|---|---|');
    for (const s of [...byType, { ...all, type: 'all' as TQueryType }]) console.log(`| ${s.type} | ${s.queries} | ${pct(s.zeroResultRate)} | ${s.recallAt20.toFixed(3)} | ${s.ndcgAt10.toFixed(3)} | ${s.precisionAt10.toFixed(3)} | ${s.routedBelowTarget} |`);
    const times = scores.map((s) => s.ms).sort((a, b) => a - b);
    console.log(`\nsearch time per query: p50 ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(0)} ms`);
    const weak = scores.filter((s) => verbose || s.total === 0 || s.recallAt20 < 1 || s.ndcgAt10 < 0.9 || s.precisionAt10 < 0.9 || s.routedSellers < Math.min(TARGETS.routedSuppliers, s.sellers));
    if (weak.length) {
      console.log(verbose ? '\nevery query:' : '\nqueries below a perfect score:');
      for (const s of weak) console.log(`  [${s.query.type}] ${s.query.q}: ${s.total} found${s.partial ? ' (partial)' : ''}, ${s.relevant} relevant, recall@20 ${s.recallAt20.toFixed(2)}, nDCG@10 ${s.ndcgAt10.toFixed(2)}, precision@10 ${s.precisionAt10.toFixed(2)}, routed ${s.routedSellers} of ${s.routed} selling it (${s.sellers} sell it)`);
    }
    const ok = byType.every((t) => t.zeroResultRate <= TARGETS.zeroResultRate && t.recallAt20 >= TARGETS.recallAt20 && t.ndcgAt10 >= TARGETS.ndcgAt10 && t.precisionAt10 >= TARGETS.precisionAt10 && t.routedBelowTarget === 0);
    console.log(`\ntargets per query type (zero-result rate 0, recall@20 ≥ 0.95, nDCG@10 ≥ 0.9, precision@10 ≥ 0.9, routing ≥ 3 suppliers — for ${ASKED_TYPES.join(', ')}: ≥ 3 that sell the kind): ${ok ? 'met' : 'NOT met'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1]?.endsWith('relevance.ts')) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exitCode = 1;
  });
}
