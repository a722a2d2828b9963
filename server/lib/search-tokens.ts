// Index and query tokens for Chinese and model-number search (STACK.md: trigrams miss 2-character
// words). Like Lucene's CJK analyzer, Han runs become unigrams and bigrams; Latin/digit runs become
// lower-case words plus their compact form, so "LCMS-8060", "lcms8060" and "8060" all match.
import { sql, type SQL } from 'drizzle-orm';

const HAN = /\p{Script=Han}+/gu;
const ALNUM = /[\p{L}\p{N}]+(?:[-_./][\p{L}\p{N}]+)*/gu;

function hanTokens(run: string, out: Set<string>) {
  const chars = Array.from(run);
  for (let i = 0; i < chars.length; i++) {
    out.add(chars[i]!);
    if (i + 1 < chars.length) out.add(chars[i]! + chars[i + 1]!);
  }
}

function alnumTokens(text: string, out: Set<string>) {
  const latin = text.replace(HAN, ' ');
  for (const m of latin.matchAll(ALNUM)) {
    const word = m[0].toLowerCase();
    const compact = word.replace(/[-_./]/g, '');
    if (compact) out.add(compact);
    for (const part of word.split(/[-_./]/)) if (part) out.add(part);
  }
}

/** Tokens written to products.search_tokens (to_tsvector('simple', …)). */
export function indexTokens(...fields: (string | null | undefined)[]): string {
  const out = new Set<string>();
  for (const field of fields) {
    if (!field) continue;
    for (const m of field.matchAll(HAN)) hanTokens(m[0], out);
    alnumTokens(field, out);
  }
  return Array.from(out)
    .filter((t) => t.length <= 40)
    .join(' ');
}

/** The keyword's terms, for highlighting in the renderer and building the tsquery. */
export function queryTerms(keyword: string): { han: string[]; alnum: string[] } {
  const han: string[] = [];
  for (const m of keyword.matchAll(HAN)) {
    const chars = Array.from(m[0]);
    if (chars.length === 1) han.push(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) han.push(chars[i]! + chars[i + 1]!);
  }
  const alnum: string[] = [];
  for (const m of keyword.replace(HAN, ' ').matchAll(ALNUM)) {
    const compact = m[0].toLowerCase().replace(/[-_./]/g, '');
    if (compact) alnum.push(compact);
  }
  return { han: [...new Set(han)], alnum: [...new Set(alnum)] };
}

/** A tsquery matching every term (prefix match for Latin/digit terms), or null for an empty keyword. */
export function buildTsQuery(keyword: string): SQL | null {
  const { han, alnum } = queryTerms(keyword.slice(0, 100));
  const parts = [...han.map((t) => `'${t}'`), ...alnum.map((t) => `'${t.replace(/'/g, '')}':*`)];
  if (parts.length === 0) return null;
  return sql`to_tsquery('simple', ${parts.join(' & ')})`;
}
