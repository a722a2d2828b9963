// The domain dictionary at run time: the generated catalogue vocabulary (dictionary.json) merged with
// the hand-kept aliases, abbreviations and synonyms (vocabulary.ts), as surface forms → concepts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isHan, keyString } from './normalize.js';
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
    if (!c) surfaces.set(key, (c = { surface: key, brands: [], types: [], latin: null, level: 0 }));
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
  const byFirst = new Map<string, string[]>();
  for (const key of surfaces.keys()) {
    const first = Array.from(key)[0]!;
    byFirst.set(first, [...(byFirst.get(first) ?? []), key]);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.length - a.length);
  const typeSurfaces: [string, string][] = [];
  for (const t of file.types) for (const s of t.surfaces) typeSurfaces.push([keyString(s), t.name]);
  cached = { surfaces, byFirst, types, brands, typeSurfaces, brandBySurface };
  return cached;
}

/** Words for the segmenter: every Han surface of the dictionary. */
export function segmenterWords(): string[] {
  return [...dictionary().surfaces.keys()].filter((k) => Array.from(k).every(isHan));
}
