// Write-time tokens of a product, stored in products.search_tokens (a tsvector of literal lexemes):
//  - Han unigrams and bigrams of name, brand and category names, bigrams of the summary, so any
//    word finds the text it is written in;
//  - segmenter words (jieba, with the domain dictionary) of name and category names;
//  - Latin/digit words in lower case, their parts and compact forms ("lcms-8060" → lcms, 8060, lcms8060),
//    and the letter and digit runs of each part ("xpr225du" → xpr, 225, du);
//  - the suffixes of the compact model that start at a word, a part or a digit ("gcmsqp2020nx" →
//    "qp2020nx", "2020nx", "020nx", …, "nx"), so a prefix query finds a model by an infix ("2020",
//    "qp2020") — never one that starts inside a run of letters ("toclcph" has no "ph": a short
//    Latin query matches whole words, not letters of another word, analyze.ts);
//  - t~<type> for each instrument type the name or category path names, b~<brand> for the brand.
import { brandToken, dictionary, typeToken } from './dictionary.js';
import { compactWord, isHan, keyString, normalizeText } from './normalize.js';
import { cutForIndex } from './segment.js';

/** Version of the token scheme; rows with an older products.search_version are re-indexed at start. */
export const SEARCH_INDEX_VERSION = 2;

export type TIndexFields = {
  name: string;
  model?: string | null;
  brandName?: string | null;
  brandNameEn?: string | null;
  categoryNames?: readonly string[];
  summary?: string | null;
};

const HAN_RUN = /\p{Script=Han}+/gu;
const ALNUM = /[\p{L}\p{N}]+(?:[-_./·+][\p{L}\p{N}]+)*/gu;
/** A lexeme as the tsvector input reads it literally: no whitespace, quotes, backslashes or colons. */
const clean = (t: string) => t.replace(/[\s'\\:]/g, '');

function hanGrams(text: string, out: Set<string>, unigrams: boolean) {
  for (const m of text.matchAll(HAN_RUN)) {
    const chars = Array.from(m[0]);
    for (let i = 0; i < chars.length; i++) {
      if (unigrams) out.add(chars[i]!);
      if (i + 1 < chars.length) out.add(chars[i]! + chars[i + 1]!);
    }
  }
}

function latinWords(text: string, out: Set<string>) {
  for (const m of text.replace(HAN_RUN, ' ').matchAll(ALNUM)) {
    const word = m[0];
    const compact = compactWord(word);
    if (compact) out.add(compact);
    for (const part of word.split(/[-_./·+]/)) {
      if (!part) continue;
      out.add(part);
      const runs = part.match(/\p{L}+|\p{N}+/gu) ?? [];
      if (runs.length > 1) for (const run of runs) out.add(run);
    }
  }
}

const isLatinLetter = (ch: string | undefined) => ch !== undefined && /\p{L}/u.test(ch) && !isHan(ch);

/**
 * Suffixes of the compact model that begin where a search may begin: at a word or part, at a change
 * between letters and digits, or inside a number — not inside a run of letters.
 */
function modelSuffixes(model: string | null | undefined, out: Set<string>) {
  if (!model) return;
  const text = normalizeText(model);
  let compact = '';
  const starts: number[] = [];
  let prev: string | undefined;
  for (const ch of text) {
    if (!/[\p{L}\p{N}]/u.test(ch) || isHan(ch)) {
      prev = undefined;
      continue;
    }
    if (!(isLatinLetter(prev) && isLatinLetter(ch))) starts.push(compact.length);
    compact += ch;
    prev = ch;
  }
  for (const i of starts) if (i + 1 < compact.length && i < 40) out.add(compact.slice(i));
}

/** The instrument types a text names (its key string contains a surface of the type). */
export function typesNamed(texts: readonly string[]): string[] {
  const keys = texts.map((t) => keyString(t));
  const found = new Set<string>();
  for (const [surface, type] of dictionary().typeSurfaces) if (keys.some((k) => k.includes(surface))) found.add(type);
  return [...found];
}

/** The search tokens of a product, space-separated (cast to tsvector literally). */
export function productTokens(f: TIndexFields): string {
  const out = new Set<string>();
  const fields = [f.name, f.model, f.brandName, f.brandNameEn, ...(f.categoryNames ?? [])].filter((s): s is string => Boolean(s)).map(normalizeText);
  for (const text of fields) {
    hanGrams(text, out, true);
    latinWords(text, out);
  }
  // The summary: bigrams and Latin words only (a single character finds names, not descriptions).
  if (f.summary) {
    const summary = normalizeText(f.summary);
    hanGrams(summary, out, false);
    latinWords(summary, out);
  }
  const named = [f.name, ...(f.categoryNames ?? [])].filter(Boolean).map(normalizeText);
  for (const w of cutForIndex(named.join(' '))) if (Array.from(w).length >= 3 && Array.from(w).every(isHan)) out.add(w);
  modelSuffixes(f.model, out);
  for (const type of typesNamed(named)) out.add(typeToken(type));
  const dict = dictionary();
  for (const b of [f.brandName, f.brandNameEn]) {
    if (!b) continue;
    out.add(brandToken(b === f.brandNameEn && f.brandName ? f.brandName : b));
    const known = dict.brandBySurface.get(keyString(b));
    if (known) out.add(brandToken(known));
  }
  return [...out]
    .map(clean)
    .filter((t) => t.length > 0 && t.length <= 60)
    .join(' ');
}
