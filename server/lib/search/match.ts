// The matcher every search uses (shop, store pages, directories, back office, quick-inquiry
// routing): the keyword's groups as one tsquery over products.search_tokens (GIN-indexed), and,
// when all of them together find nothing, the most specific groups that do — reported as partial
// (「没有完全匹配的结果，以下是部分匹配」). Also the cheap relevance score for ordering.
import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { analyzeQuery, tsqueryText, type TAnalysis, type TAnalyzeOptions, type TGroup } from './analyze.js';
import { dictionary } from './dictionary.js';

export const PARTIAL_NOTICE = '没有完全匹配的结果，以下是部分匹配';
/** Groups at least this specific (brands 2, types, models with digits) can carry a partial result. */
const MIN_PARTIAL_SPECIFICITY = 2;

export type TKeywordMatch = {
  /** The condition on products, or null when the keyword has no words (nothing matches). */
  cond: SQL | null;
  /** Every group of the keyword. */
  groups: TGroup[];
  /** The groups the condition requires (all of them unless partial). */
  used: TGroup[];
  partial: boolean;
  /** Words to mark: of the groups used. */
  terms: string[];
  /** What the keyword was understood as when that is not the words typed (「已为您查找：…」), else null. */
  understood: string | null;
};

const cache = new Map<string, TAnalysis>();

/** analyzeQuery, remembered for the last few hundred keywords. */
export function analyze(keyword: string, opts: TAnalyzeOptions = {}): TAnalysis {
  const key = `${opts.literal ? 'L' : 'U'}${keyword}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const a = analyzeQuery(keyword, opts);
  if (cache.size >= 500) cache.delete(cache.keys().next().value!);
  cache.set(key, a);
  return a;
}

export const tsqueryOf = (groups: readonly TGroup[]): SQL => sql`${tsqueryText(groups)}::tsquery`;
/** Products whose tokens hold every group. */
export const groupsCondition = (groups: readonly TGroup[]): SQL => sql`${products.searchTokens} @@ ${tsqueryOf(groups)}`;

const termsOf = (groups: readonly TGroup[]) => [...new Set(groups.flatMap((g) => g.highlight))].filter(Boolean);

/**
 * All groups, for a first query; `degrade` when it finds nothing. The keyword is understood first
 * (analyze.ts) — the shop, store pages, directories, back office and quick-inquiry routing alike —
 * unless `literal` asks for the words as typed.
 */
export function fullMatch(keyword: string, opts: TAnalyzeOptions = {}): TKeywordMatch {
  const { groups, understood } = analyze(keyword, opts);
  if (groups.length === 0) return { cond: null, groups, used: [], partial: false, terms: [], understood };
  return { cond: groupsCondition(groups), groups, used: groups, partial: false, terms: termsOf(groups), understood };
}

/**
 * When every group together finds nothing within `base`: drop the groups that find nothing on their
 * own, then the least specific (words, then brands, then types; models last) until something is
 * found. Null when the keyword has a single group, or no brand, type or model of it finds anything.
 */
export async function degrade(db: Db, match: TKeywordMatch, base: SQL | undefined): Promise<TKeywordMatch | null> {
  const { groups } = match;
  if (groups.length < 2) return null;
  const exists = async (gs: TGroup[]) => (await db.select({ one: sql<number>`1` }).from(products).where(and(base, groupsCondition(gs))).limit(1)).length > 0;
  const alive: TGroup[] = [];
  for (const g of groups) if (await exists([g])) alive.push(g);
  // Only a brand, an instrument type or a model number is worth a partial result: a leftover common
  // word (不, 量子) alone would list goods that have nothing to do with the query.
  if (!alive.some((g) => g.specificity >= MIN_PARTIAL_SPECIFICITY)) return null;
  const bySpecificity = alive.map((g, i) => ({ g, i })).sort((a, b) => b.g.specificity - a.g.specificity || a.i - b.i);
  for (let k = bySpecificity.length; k >= 1; k--) {
    const used = bySpecificity
      .slice(0, k)
      .sort((a, b) => a.i - b.i)
      .map((x) => x.g);
    if (used.length === groups.length) continue; // already found nothing
    if (used.length === 1 || (await exists(used))) return { cond: groupsCondition(used), groups, used, partial: true, terms: termsOf(used), understood: match.understood };
  }
  return null;
}

/**
 * Runs `run` with every group, and with the degraded groups when it finds nothing. `run` answers
 * whether it found anything.
 */
export async function matchKeyword<T>(
  db: Db,
  keyword: string,
  base: SQL | undefined,
  run: (m: TKeywordMatch) => Promise<{ result: T; found: boolean }>,
  opts: TAnalyzeOptions = {},
): Promise<{ result: T; match: TKeywordMatch } | null> {
  const full = fullMatch(keyword, opts);
  if (!full.cond) return null;
  const first = await run(full);
  if (first.found) return { result: first.result, match: full };
  const partial = await degrade(db, full, base);
  if (!partial) return { result: first.result, match: full };
  const second = await run(partial);
  return { result: second.result, match: partial };
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const patterns = (words: string[]) =>
  sql.join(
    words.map((w) => sql`${`%${likeEscape(w)}%`}`),
    sql`, `,
  );
/**
 * The name holds one of the words. Han words without Latin letters are compared with LIKE: ILIKE
 * lower-cases the name once per word and row, which on a broad kind (5,000 matches, 6 words) cost
 * more than finding the rows.
 */
function nameLikeAny(words: string[]): SQL {
  const han = words.filter((w) => !/[a-z]/i.test(w));
  const latin = words.filter((w) => /[a-z]/i.test(w));
  const parts: SQL[] = [];
  if (han.length) parts.push(sql`${products.name} LIKE ANY(ARRAY[${patterns(han)}]::text[])`);
  if (latin.length) parts.push(sql`${products.name} ILIKE ANY(ARRAY[${patterns(latin)}]::text[])`);
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` OR `)})`;
}

/**
 * Relevance of a product to the groups used, from its own columns (no ts_rank): the model typed
 * exactly 16, a model starting with it 8, containing it 6; the instrument type named in the product
 * name 3, and 2 more when the product's category is that type; a word (or the brand) in the name 1.
 * A hit in the summary, description or category path only scores 0.
 */
export function relevanceScore(used: readonly TGroup[], categoryIdsByName?: ReadonlyMap<string, number[]>): SQL {
  const parts: SQL[] = [];
  const modelKeySql = sql`lower(regexp_replace(coalesce(${products.model}, ''), '[^[:alnum:]]', '', 'g'))`;
  const dict = dictionary();
  for (const g of used) {
    if (g.kind === 'model' && g.compact) {
      parts.push(sql`(CASE WHEN ${modelKeySql} = ${g.compact} THEN 16 WHEN ${modelKeySql} LIKE ${`${likeEscape(g.compact)}%`} THEN 8 WHEN ${modelKeySql} LIKE ${`%${likeEscape(g.compact)}%`} THEN 6 ELSE 0 END)`);
    } else if (g.kind === 'type') {
      // A way of asking (测重金属) is not written in names: only the kinds' own names are.
      const names = [...new Set([...(g.said ? [] : [g.text]), ...g.types.flatMap((t) => dict.types.get(t)?.surfaces ?? [t])])].filter((n) => /\p{Script=Han}/u.test(n));
      if (names.length) parts.push(sql`(CASE WHEN ${nameLikeAny(names)} THEN 3 ELSE 0 END)`);
      // The product's own category is the type typed (培养箱, not a 二氧化碳培养箱 that is named one too).
      const ids = g.types.flatMap((t) => categoryIdsByName?.get(t) ?? []);
      if (ids.length) parts.push(sql`(CASE WHEN ${products.categoryId} = ANY(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) THEN 2 ELSE 0 END)`);
    } else if (g.kind === 'word' || g.kind === 'brand') {
      const words = g.kind === 'word' ? [g.text] : g.highlight;
      if (words.length) parts.push(sql`(CASE WHEN ${nameLikeAny(words)} THEN 1 ELSE 0 END)`);
    }
  }
  if (parts.length === 0) return sql`0`;
  return sql.join(parts, sql` + `);
}

/** Complete listings first: a price, a picture and a summary. */
export const completenessScore = (): SQL =>
  sql`((${products.price} IS NOT NULL)::int + (${products.coverImage} IS NOT NULL)::int + (coalesce(${products.summary}, '') <> '')::int)`;

/** Catalogue brand names a keyword names by any alias (梅特勒托利多, Mettler → 梅特勒-托利多). */
export function brandsNamed(keyword: string): string[] {
  return [...new Set(analyze(keyword).groups.flatMap((g) => (g.kind === 'brand' ? g.brands : [])))];
}
