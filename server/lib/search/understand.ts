// Query understanding before matching: a buyer's request (我想买一台测水分的仪器, 水质的仪器, 气相色谱仪
// 用于白酒分析) loses the words that name no instrument, so that what is left is matched — a measuring
// intent (测水分) and an English generic word (centrifuge) are dictionary surfaces (intents.ts,
// dictionary.ts). Works on the key string (normalize.ts) and the dictionary's scan of it: the words
// of the catalogue are never cut (实验室常用设备 stays a category), only what lies between them.
import { dictionary, type TConcept } from './dictionary.js';
import { isHan } from './normalize.js';
import { INSTRUMENT_WORDS, MEASURE_VERBS_BEFORE, MEASURED, MEDIA_WORDS, PURPOSE_WORDS, REQUEST_PHRASES } from './intents.js';

export type TScanItem = { concept: TConcept; start: number; end: number } | { leftover: string; start: number; end: number };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternation = (words: readonly string[]) =>
  [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');

const QUANTITY = /(?:\d+|[一二两三四五六七八九十几多数]+)\s*(?:台|套|个|件|只|批|把|支|款|种)(?!式)/g;
const REQUEST = new RegExp(alternation(REQUEST_PHRASES), 'g');
const PURPOSE = new RegExp(alternation(PURPOSE_WORDS));
/** What is measured, followed by an instrument noun and not preceded by a measuring verb: 水质的仪器 → 测水质. */
const MEASURED_BEFORE_NOUN = new RegExp(`(?<!${alternation(MEASURE_VERBS_BEFORE)})(${alternation(MEASURED.flatMap((m) => m.words))})的?(?:${alternation(INSTRUMENT_WORDS)})`, 'g');
const INSTRUMENT = new RegExp(`的?(?:${alternation(INSTRUMENT_WORDS)})`, 'g');
let media: RegExp | null = null;
/** The media words no catalogue word contains, followed by what is measured. */
function mediaWords(): RegExp {
  if (media) return media;
  const surfaces = [...dictionary().surfaces.keys()];
  media = new RegExp(`(?:${alternation(MEDIA_WORDS.filter((w) => !surfaces.some((s) => s.includes(w))))})的?(?=.)`, 'g');
  return media;
}

/** The key without where the thing measured is (检测废水中的cod → 检测cod). */
export function withoutMedia(key: string): string {
  return key.replace(mediaWords(), '');
}

/** Pieces joined as the key writes them: a space between Latin words only (测 + cod → 测cod, thermo fisher). */
function joinKey(pieces: readonly string[]): string {
  let out = '';
  for (const piece of pieces) {
    const p = piece.trim();
    if (!p) continue;
    if (out && !isHan(out[out.length - 1]!) && !isHan(p[0]!)) out += ' ';
    out += p;
  }
  return out;
}

/** A leftover between dictionary words without the phrasing of a request. */
function plainWords(text: string): string {
  const spaced = text.replace(MEASURED_BEFORE_NOUN, ' 测$1 ').replace(QUANTITY, ' ').replace(REQUEST, ' ').replace(INSTRUMENT, ' ').replace(/的/g, ' ');
  return joinKey(spaced.split(/\s+/));
}

/**
 * The key without the words of a request, or null when it has none. A purpose after an instrument the
 * buyer already named is dropped with all that follows (气相色谱仪用于白酒分析 → 气相色谱仪); without one,
 * the purpose is what is searched (用于测水分 → 测水分).
 */
export function withoutRequestPhrasing(key: string, items: readonly TScanItem[]): string | null {
  const parts: string[] = [];
  let named = false;
  for (const it of items) {
    if ('concept' in it) {
      parts.push(Array.from(key).slice(it.start, it.end).join(''));
      if (it.concept.types.length || it.concept.brands.length) named = true;
      continue;
    }
    const purpose = PURPOSE.exec(it.leftover);
    if (purpose && named) {
      parts.push(plainWords(it.leftover.slice(0, purpose.index)));
      break;
    }
    const text = purpose ? it.leftover.slice(0, purpose.index) + ' ' + it.leftover.slice(purpose.index + purpose[0].length) : it.leftover;
    parts.push(plainWords(text));
  }
  const next = joinKey(parts);
  return next.replace(/ /g, '') === key.replace(/ /g, '') ? null : next;
}
