// The query side: a keyword becomes groups, each a set of alternatives (a tsquery fragment) that
// one word of the buyer stands for. All groups must match; when that finds nothing, the matcher
// (match.ts) keeps the most specific groups. Pure and cheap: no database access.
import { brandToken, dictionary, typeToken, type TConcept } from './dictionary.js';
import { isHan, keyString, normalizeText } from './normalize.js';
import { cutWords } from './segment.js';
import { INTENT_PHRASES, STOPWORDS } from './vocabulary.js';

export type TGroupKind = 'model' | 'type' | 'brand' | 'word';

export type TGroup = {
  kind: TGroupKind;
  /** The words as the buyer typed them (normalised). */
  text: string;
  /** tsquery text of the alternatives, lexemes quoted. */
  tsq: string;
  /** Higher is kept longer when the matcher degrades: model 4, leaf type 3, brand 2, word 1. */
  specificity: number;
  /** Words to mark in names and models. */
  highlight: string[];
  brands: string[];
  types: string[];
  /** For models and Latin words: the compact form, matched as a prefix of a token. */
  compact: string | null;
};

export type TAnalysis = { groups: TGroup[]; terms: string[] };

const MAX_KEYWORD = 100;
const quote = (lexeme: string) => `'${lexeme.replace(/[\s'\\:]/g, '')}'`;
const anyOf = (parts: string[]) => (parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`);

const INTENT = new RegExp(INTENT_PHRASES.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
const QUANTITY = /(?:\d+|[一二两三四五六七八九十几多数]+)\s*(?:台|套|个|件|只|批|把|支)(?!式)/g;

/** Levenshtein distance, stopping early above 1. */
function withinOneEdit(a: string[], b: string[]): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (a.length < b.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

type TItem = { concept: TConcept; start: number; end: number } | { leftover: string; start: number; end: number };

const startsHere = (k: string[], i: number) => i === 0 || k[i - 1] === ' ' || isHan(k[i]!) || isHan(k[i - 1]!);
const endsHere = (k: string[], e: number) => e === k.length || k[e] === ' ' || isHan(k[e]!) || isHan(k[e - 1]!);

/** Longest dictionary surfaces left to right; what is between them is left over. */
function scan(key: string): TItem[] {
  const dict = dictionary();
  const k = Array.from(key);
  const items: TItem[] = [];
  let buffer = '';
  let bufferStart = 0;
  const flush = (at: number) => {
    if (buffer.trim()) items.push({ leftover: buffer.trim(), start: bufferStart, end: at });
    buffer = '';
  };
  let i = 0;
  while (i < k.length) {
    let matched: string | null = null;
    if (startsHere(k, i)) {
      for (const surface of dict.byFirst.get(k[i]!) ?? []) {
        const s = Array.from(surface);
        if (i + s.length > k.length) continue;
        let ok = true;
        for (let j = 0; j < s.length && ok; j++) ok = k[i + j] === s[j];
        if (ok && endsHere(k, i + s.length)) {
          matched = surface;
          break;
        }
      }
    }
    if (matched) {
      flush(i);
      const len = Array.from(matched).length;
      items.push({ concept: dict.surfaces.get(matched)!, start: i, end: i + len });
      i += len;
      bufferStart = i;
    } else {
      if (!buffer) bufferStart = i;
      buffer += k[i]!;
      i++;
    }
  }
  flush(k.length);
  return items;
}

/**
 * One typo in a long instrument word (气象色谱仪 → 气相色谱仪): a window of Han characters not already
 * part of a dictionary word, one edit away from a type name of four or more characters.
 */
function correctTypo(key: string, items: TItem[]): string | null {
  const k = Array.from(key);
  const covered = new Array<boolean>(k.length).fill(false);
  for (const it of items) if ('concept' in it) for (let i = it.start; i < it.end; i++) covered[i] = true;
  if (!k.some((ch, i) => isHan(ch) && !covered[i])) return null;
  const dict = dictionary();
  let best: { start: number; end: number; surface: string } | null = null;
  for (const surface of dict.surfaces.keys()) {
    const s = Array.from(surface);
    if (s.length < 4 || !s.every(isHan) || dict.surfaces.get(surface)!.types.length === 0) continue;
    for (let len = Math.max(4, s.length - 1); len <= s.length + 1; len++) {
      for (let start = 0; start + len <= k.length; start++) {
        const w = k.slice(start, start + len);
        if (!w.every(isHan) || !w.some((_, j) => !covered[start + j])) continue;
        // A window holding the word itself plus a neighbour is no typo (高速冷冻离心机 keeps 高速).
        if (w.join('').includes(surface) || !withinOneEdit(w, s)) continue;
        if (!best || s.length > Array.from(best.surface).length) best = { start, end: start + len, surface };
      }
    }
  }
  if (!best) return null;
  return [...k.slice(0, best.start), best.surface, ...k.slice(best.end)].join('');
}

function conceptGroup(c: TConcept, typed: string): TGroup {
  const dict = dictionary();
  if (c.types.length) {
    const alts = c.types.map((t) => quote(typeToken(t)));
    if (c.latin) alts.push(`${quote(c.latin)}:*`);
    const highlight = [typed, ...c.types.flatMap((t) => dict.types.get(t)?.surfaces ?? [t])];
    return { kind: 'type', text: typed, tsq: anyOf(alts), specificity: c.level >= 3 ? 3 : 2.5, highlight, brands: c.brands, types: c.types, compact: c.latin };
  }
  const brands = c.brands;
  const highlight = [typed, ...brands.flatMap((b) => [b, dict.brands.get(b)?.nameEn ?? ''])].filter(Boolean);
  return { kind: 'brand', text: typed, tsq: anyOf(brands.map((b) => quote(brandToken(b)))), specificity: 2, highlight, brands, types: [], compact: null };
}

function hanWordGroup(word: string): TGroup {
  const chars = Array.from(word);
  const grams = chars.length === 1 ? [word] : chars.slice(0, -1).map((ch, i) => ch + chars[i + 1]!);
  const tsq = grams.length === 1 ? quote(grams[0]!) : `(${[...new Set(grams)].map(quote).join(' & ')})`;
  return { kind: 'word', text: word, tsq, specificity: chars.length >= 3 ? 1.5 : 1, highlight: [word], brands: [], types: [], compact: null };
}

function latinGroup(word: string): TGroup | null {
  const compact = word.replace(/[^\p{L}\p{N}]/gu, '');
  if (!compact) return null;
  const hasDigit = /\d/.test(compact);
  return { kind: 'model', text: word, tsq: `${quote(compact)}:*`, specificity: hasDigit ? 4 : 1.5, highlight: [compact], brands: [], types: [], compact };
}

function leftoverGroups(text: string): TGroup[] {
  const groups: TGroup[] = [];
  for (const piece of text.split(' ')) {
    for (const m of piece.matchAll(/\p{Script=Han}+|[^\p{Script=Han}]+/gu)) {
      const run = m[0];
      if (isHan(run[0]!)) {
        for (const w of cutWords(run)) if (!STOPWORDS.has(w)) groups.push(hanWordGroup(w));
      } else {
        const g = latinGroup(run);
        if (g) groups.push(g);
      }
    }
  }
  return groups;
}

/** The groups of a keyword and the words to mark; no groups for a keyword without words. */
export function analyzeQuery(keyword: string): TAnalysis {
  const text = normalizeText(keyword.slice(0, MAX_KEYWORD)).replace(QUANTITY, ' ').replace(INTENT, ' ');
  let key = keyString(text);
  let items = scan(key);
  for (let round = 0; round < 2; round++) {
    const corrected = correctTypo(key, items);
    if (!corrected) break;
    key = corrected;
    items = scan(key);
  }
  const groups: TGroup[] = [];
  const seen = new Set<string>();
  for (const it of items) {
    const next = 'concept' in it ? [conceptGroup(it.concept, Array.from(key).slice(it.start, it.end).join(''))] : leftoverGroups(it.leftover);
    for (const g of next) {
      if (seen.has(g.tsq)) continue;
      seen.add(g.tsq);
      groups.push(g);
    }
  }
  const terms = [...new Set(groups.flatMap((g) => g.highlight))].filter(Boolean);
  return { groups, terms };
}

/** tsquery text requiring every group. */
export const tsqueryText = (groups: readonly TGroup[]) => groups.map((g) => g.tsq).join(' & ');
