// The domain dictionary at run time: the generated catalogue vocabulary (dictionary.json) merged with
// the hand-kept aliases, abbreviations and synonyms (vocabulary.ts) and how buyers ask (intents.ts:
// what they want measured or done, English generic words), as surface forms → concepts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isHan, keyString } from './normalize.js';
import { ENGLISH_KINDS, MEASURE_NOUNS_AFTER, MEASURE_VERBS_AFTER, MEASURE_VERBS_BEFORE, MEASURED, MEASURED_NOUNS, TASKS } from './intents.js';
import { ABBREVIATIONS, BRAND_ALIASES, SYNONYMS } from './vocabulary.js';

type TDictionaryFile = {
  types: { name: string; level: number; surfaces: string[] }[];
  brands: { name: string; nameEn: string; surfaces: string[] }[];
};

/** What a surface form stands for: brands, instrument types, or both ways of an abbreviation. */
export type TConcept = {
  /** The key of the surface as typed (keyString). */
  surface: string;
  brands: string[];
  types: string[];
  /** An abbreviation or Latin type name also matched where it is written (models, descriptions). */
  latin: string | null;
  /** Level of the most specific type (3 leaf, 2 group, 1 top), 0 without a type. */
  level: number;
  /**
   * For a buyer's way of asking (测水分, centrifuge): the kinds it was understood as, said back to the
   * buyer (「已为您查找：水分测定仪」); null for the catalogue's own words. Not used for literal searches.
   */
  said: string | null;
};

export type TDictionary = {
  /** Surface key → concept. */
  surfaces: Map<string, TConcept>;
  /** Surface keys by first character, longest first. */
  byFirst: Map<string, string[]>;
  types: Map<string, { name: string; level: number; surfaces: string[] }>;
  brands: Map<string, { name: string; nameEn: string; surfaces: string[] }>;
  /** Every type surface key → type name, for indexing. */
  typeSurfaces: [string, string][];
  /** Brand surface key → brand name, for indexing. */
  brandBySurface: Map<string, string>;
};

const here = path.dirname(fileURLToPath(import.meta.url));

/** Lexeme for an instrument type (written for every product whose name or category names it). */
export const typeToken = (name: string) => `t~${keyString(name).replace(/\s+/g, '_')}`;
/** Lexeme for a brand (written for every product of the brand). */
export const brandToken = (name: string) => `b~${keyString(name).replace(/\s+/g, '_')}`;

let cached: TDictionary | null = null;

export function dictionary(): TDictionary {
  if (cached) return cached;
  const file = JSON.parse(fs.readFileSync(path.join(here, 'dictionary.json'), 'utf8')) as TDictionaryFile;
  const surfaces = new Map<string, TConcept>();
  const types = new Map(file.types.map((t) => [t.name, t]));
  const brands = new Map(file.brands.map((b) => [b.name, { ...b, surfaces: [...b.surfaces] }]));
  const concept = (key: string): TConcept => {
    let c = surfaces.get(key);
    if (!c) surfaces.set(key, (c = { surface: key, brands: [], types: [], latin: null, level: 0, said: null }));
    return c;
  };
  const addType = (key: string, name: string) => {
    const t = types.get(name);
    if (!t || !key) return;
    const c = concept(key);
    if (!c.types.includes(name)) c.types.push(name);
    c.level = Math.max(c.level, t.level);
  };
  for (const t of file.types) for (const s of t.surfaces) addType(keyString(s), t.name);
  for (const [brand, aliases] of Object.entries(BRAND_ALIASES)) brands.get(brand)?.surfaces.push(...aliases);
  const brandBySurface = new Map<string, string>();
  for (const b of brands.values()) {
    for (const s of [b.name, b.nameEn, ...b.surfaces]) {
      const key = keyString(s);
      if (!key) continue;
      brandBySurface.set(key, b.name);
      const c = concept(key);
      if (!c.brands.includes(b.name)) c.brands.push(b.name);
    }
  }
  for (const [abbr, names] of Object.entries(ABBREVIATIONS)) {
    const key = keyString(abbr);
    const c = concept(key);
    c.latin = key.replace(/\s+/g, '');
    for (const n of names) addType(key, n);
  }
  for (const [word, names] of Object.entries(SYNONYMS)) {
    const key = keyString(word);
    const c = concept(key);
    for (const n of names) addType(key, n);
    if (names.length === 0 && c.types.length === 0 && c.brands.length === 0) surfaces.delete(key);
  }
  // The catalogue's own words win: a way of asking only adds surfaces nothing else claims.
  const addIntent = (word: string, kinds: readonly string[]) => {
    const key = keyString(word);
    if (!key || surfaces.has(key)) return;
    const c = concept(key);
    for (const n of kinds) addType(key, n);
    c.said = kinds.length > 3 ? `${kinds.slice(0, 3).join('、')}等` : kinds.join('、');
  };
  for (const intent of MEASURED) {
    for (const word of intent.words) {
      for (const verb of MEASURE_VERBS_BEFORE) addIntent(verb + word, intent.kinds);
      for (const verb of MEASURE_VERBS_AFTER) for (const noun of MEASURE_NOUNS_AFTER) addIntent(word + verb + noun, intent.kinds);
      for (const noun of MEASURED_NOUNS) addIntent(word + noun, intent.kinds);
    }
  }
  for (const task of TASKS) for (const word of task.words) addIntent(word, task.kinds);
  for (const [word, kinds] of Object.entries(ENGLISH_KINDS)) for (const form of englishForms(word)) addIntent(form, kinds);
  const byFirst = new Map<string, string[]>();
  for (const key of surfaces.keys()) {
    const first = Array.from(key)[0]!;
    const list = byFirst.get(first);
    if (list) list.push(key);
    else byFirst.set(first, [key]);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.length - a.length);
  const typeSurfaces: [string, string][] = [];
  for (const t of file.types) for (const s of t.surfaces) typeSurfaces.push([keyString(s), t.name]);
  cached = { surfaces, byFirst, types, brands, typeSurfaces, brandBySurface };
  return cached;
}

/** An English instrument word and its plural (balance, balances; analytical balance, analytical balances). */
function englishForms(word: string): string[] {
  const plural = /(s|x|ch|sh)$/.test(word) ? `${word}es` : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;
  return [word, plural];
}

/**
 * Words for the segmenter: every Han surface of the catalogue's dictionary (not the ways of asking,
 * which are matched before segmentation and must not change how product names are cut).
 */
export function segmenterWords(): string[] {
  return [...dictionary().surfaces.values()].filter((c) => c.said === null && Array.from(c.surface).every(isHan)).map((c) => c.surface);
}
