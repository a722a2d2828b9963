// The query side: a keyword becomes groups, each a set of alternatives (a tsquery fragment) that
// one word of the buyer stands for. All groups must match; when that finds nothing, the matcher
// (match.ts) keeps the most specific groups. Pure and cheap: no database access.
//
// Before matching, the query is understood (unless the buyer asks for the literal words): the
// phrasing of a request is dropped (understand.ts), what the buyer wants measured or done and English
// generic words become instrument kinds (intents.ts), one mistyped character is corrected — and what
// it was understood as is said back (「已为您查找：水分测定仪」).
import { isWholeWordTerm } from '../../../contracts/search-terms.js';
import { brandToken, dictionary, typeToken, type TConcept } from './dictionary.js';
import { isHan, keyString, normalizeText } from './normalize.js';
import { cutWords } from './segment.js';
import { withoutMedia, withoutRequestPhrasing, type TScanItem } from './understand.js';
import { STOPWORDS } from './vocabulary.js';

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
  /** For models and Latin words: the compact form, matched as a prefix of a token (a short word: the whole token). */
  compact: string | null;
  /** What the words were understood as (测水分 → 水分测定仪), to say back; null for the catalogue's own words. */
  said: string | null;
};

export type TAnalysis = {
  groups: TGroup[];
  terms: string[];
  /** What the query was understood as, when that is not the words typed (「已为您查找：…」); null otherwise. */
  understood: string | null;
};

/** literal: match the words as typed — no request phrasing dropped, no intents, no typo corrected. */
export type TAnalyzeOptions = { literal?: boolean };

const MAX_KEYWORD = 100;
const quote = (lexeme: string) => `'${lexeme.replace(/[\s'\\:]/g, '')}'`;
const anyOf = (parts: string[]) => (parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`);

/** A Latin word or abbreviation as a tsquery term: a short one matches whole tokens, a longer one their prefixes. */
const latinTerm = (compact: string) => (isWholeWordTerm(compact) ? quote(compact) : `${quote(compact)}:*`);

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

type TItem = TScanItem;

const startsHere = (k: string[], i: number) => i === 0 || k[i - 1] === ' ' || isHan(k[i]!) || isHan(k[i - 1]!);
const endsHere = (k: string[], e: number) => e === k.length || k[e] === ' ' || isHan(k[e]!) || isHan(k[e - 1]!);

/** Longest dictionary surfaces left to right; what is between them is left over. Literal: the catalogue's words only. */
function scan(key: string, literal: boolean): TItem[] {
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
        if (literal && dict.surfaces.get(surface)!.said !== null) continue;
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

let typoWords: { surface: string; chars: string[] }[] | null = null;
/** The catalogue's instrument words a typo may be corrected to: four or more Han characters. */
function typoCandidates() {
  if (typoWords) return typoWords;
  typoWords = [];
  for (const [surface, concept] of dictionary().surfaces) {
    const chars = Array.from(surface);
    if (chars.length >= 4 && chars.every(isHan) && concept.types.length > 0 && concept.said === null) typoWords.push({ surface, chars });
  }
  return typoWords;
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
  let best: { start: number; end: number; surface: string } | null = null;
  for (const { surface, chars: s } of typoCandidates()) {
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
    if (c.latin) alts.push(latinTerm(c.latin));
    // A way of asking (测水分, centrifuge) is not written in names: mark the kinds only.
    const highlight = [...(c.said ? [] : [typed]), ...c.types.flatMap((t) => dict.types.get(t)?.surfaces ?? [t])];
    return { kind: 'type', text: typed, tsq: anyOf(alts), specificity: c.level >= 3 ? 3 : 2.5, highlight, brands: c.brands, types: c.types, compact: c.latin, said: c.said };
  }
  const brands = c.brands;
  const highlight = [typed, ...brands.flatMap((b) => [b, dict.brands.get(b)?.nameEn ?? ''])].filter(Boolean);
  return { kind: 'brand', text: typed, tsq: anyOf(brands.map((b) => quote(brandToken(b)))), specificity: 2, highlight, brands, types: [], compact: null, said: null };
}

function hanWordGroup(word: string): TGroup {
  const chars = Array.from(word);
  const grams = chars.length === 1 ? [word] : chars.slice(0, -1).map((ch, i) => ch + chars[i + 1]!);
  const tsq = grams.length === 1 ? quote(grams[0]!) : `(${[...new Set(grams)].map(quote).join(' & ')})`;
  return { kind: 'word', text: word, tsq, specificity: chars.length >= 3 ? 1.5 : 1, highlight: [word], brands: [], types: [], compact: null, said: null };
}

function latinGroup(word: string): TGroup | null {
  const compact = word.replace(/[^\p{L}\p{N}]/gu, '');
  if (!compact) return null;
  const hasDigit = /\d/.test(compact);
  return { kind: 'model', text: word, tsq: latinTerm(compact), specificity: hasDigit ? 4 : 1.5, highlight: [compact], brands: [], types: [], compact, said: null };
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
export function analyzeQuery(keyword: string, opts: TAnalyzeOptions = {}): TAnalysis {
  const literal = Boolean(opts.literal);
  const typed = keyString(normalizeText(keyword.slice(0, MAX_KEYWORD)));
  let key = literal ? typed : withoutMedia(typed);
  let items = scan(key, literal);
  if (!literal) {
    const plain = withoutRequestPhrasing(key, items);
    if (plain !== null) {
      key = plain;
      items = scan(key, false);
    }
    for (let round = 0; round < 2; round++) {
      const corrected = correctTypo(key, items);
      if (!corrected) break;
      key = corrected;
      items = scan(key, false);
    }
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
  return { groups, terms, understood: literal || groups.length === 0 ? null : understoodAs(keyword, groups) };
}

/** What to say back: the understood words, when they search for something else than the words typed do. */
function understoodAs(keyword: string, groups: readonly TGroup[]): string | null {
  const asTyped = new Set(analyzeQuery(keyword, { literal: true }).groups.map((g) => g.tsq));
  if (!groups.some((g) => g.said !== null) && groups.length === asTyped.size && groups.every((g) => asTyped.has(g.tsq))) return null;
  return sayBack(keyword, groups);
}

/** The words a group was understood as, in the buyer's own spelling where it is the buyer's word. */
function sayBackGroup(keyword: string, g: TGroup): string {
  if (g.said) return g.said;
  if (!/[a-z0-9]/.test(g.text)) return g.text;
  // Latin words come lower-cased and compacted (agilent, gc2030): find them as typed (Agilent, GC-2030).
  const pattern = Array.from(g.text.replace(/\s+/g, ''))
    .map((ch) => ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[-_./·+\\s]*');
  return new RegExp(pattern, 'i').exec(keyword.normalize('NFKC'))?.[0] ?? g.text;
}

function sayBack(keyword: string, groups: readonly TGroup[]): string {
  return [...new Set(groups.map((g) => sayBackGroup(keyword, g)))].join(' ');
}

/** tsquery text requiring every group. */
export const tsqueryText = (groups: readonly TGroup[]) => groups.map((g) => g.tsq).join(' & ');
