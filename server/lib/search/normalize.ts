// Text normalisation shared by the index (write time) and the query: NFKC (full-width → half-width,
// Ⅱ → II, ｍｇ → mg), simplified characters and the catalogue's form of variants (variants.ts: 氣 → 气,
// 粘度 → 黏度), lower case, one kind of hyphen, and a compact form of model numbers.
import { toCatalogueForm } from './variants.js';

const DASHES = /[\u2010-\u2015\u2212\u2E3A\u2E3B\uFE58\uFE63\uFF0D]/g;
const HAN_CHAR = /\p{Script=Han}/u;
/** Separators that may sit inside a model number or abbreviation ("GC-MS", "UV/Vis", "0.1"). */
const JOINERS = /[-_./·+]/g;

export const isHan = (ch: string) => HAN_CHAR.test(ch);

/** NFKC, simplified characters and standard variants, lower case, ASCII hyphens, whitespace collapsed. */
export function normalizeText(text: string): string {
  return toCatalogueForm(text.normalize('NFKC')).toLowerCase().replace(DASHES, '-').replace(/\s+/g, ' ').trim();
}

/** A Latin/digit word without its inner separators: "FTIR-7600" → "ftir7600". */
export function compactWord(word: string): string {
  return normalizeText(word).replace(JOINERS, '').replace(/[^\p{L}\p{N}]/gu, '');
}

/** A model number reduced to letters and digits: "GCMS-QP2020 NX" → "gcmsqp2020nx". */
export function modelKey(model: string | null | undefined): string {
  if (!model) return '';
  return normalizeText(model).replace(/[^\p{L}\p{N}]/gu, '').replace(/\p{Script=Han}/gu, '');
}

/**
 * The key string dictionary terms are matched in: normalised, Latin words compacted and separated
 * by one space, no space next to a Han character ("Thermo Fisher 液相" → "thermo fisher液相",
 * "GC-MS" → "gcms", "CO2 培养箱" → "co2培养箱"), punctuation as a space.
 */
export function keyString(text: string): string {
  const pieces: string[] = [];
  for (const raw of normalizeText(text).split(/[^\p{L}\p{N}\-_./·+]+/u)) {
    // Split each piece at script changes so "安捷伦gc" gives "安捷伦" and "gc".
    for (const m of raw.matchAll(/\p{Script=Han}+|[^\p{Script=Han}]+/gu)) {
      const part = m[0];
      const han = isHan(part[0]!);
      const text = han ? part : part.replace(JOINERS, '').replace(/[^\p{L}\p{N}]/gu, '');
      if (text) pieces.push(han ? `\u0001${text}` : text);
    }
  }
  let out = '';
  let prevHan = true;
  for (const p of pieces) {
    const han = p.startsWith('\u0001');
    const text = han ? p.slice(1) : p;
    if (out && !han && !prevHan) out += ' ';
    out += text;
    prevHan = han;
  }
  return out;
}
