// Chinese word segmentation: jieba (@node-rs/jieba, prebuilt native package) with its default
// dictionary plus the domain dictionary, so 安捷伦气相色谱仪 cuts into 安捷伦 / 气相色谱仪. Where the
// native package is missing for the platform, Intl.Segmenter stands in (after the dictionary's own
// longest-match, what is left is cut coarser) and one warning says so.
import { createRequire } from 'node:module';
import { segmenterWords } from './dictionary.js';

type TSegmenter = { cut: (text: string) => string[]; cutForSearch: (text: string) => string[] };

const require = createRequire(import.meta.url);
let segmenter: TSegmenter | null = null;

function load(): TSegmenter {
  if (segmenter) return segmenter;
  try {
    const { Jieba } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
    const j = Jieba.withDict(dict);
    // A high frequency keeps a domain word whole against the general dictionary's splits.
    j.loadDict(Buffer.from(segmenterWords().map((w) => `${w} 200000 n`).join('\n'), 'utf8'));
    segmenter = { cut: (t) => j.cut(t, false), cutForSearch: (t) => j.cutForSearch(t, false) };
  } catch (err) {
    console.warn(`search: @node-rs/jieba could not be loaded (${(err as Error).message.split('\n')[0]}); Chinese words are cut by Intl.Segmenter`);
    const words = new Intl.Segmenter('zh', { granularity: 'word' });
    const cut = (t: string) => Array.from(words.segment(t), (s) => s.segment);
    segmenter = { cut, cutForSearch: cut };
  }
  return segmenter;
}

/** Words of a Han run (precise mode, no HMM guesses). */
export function cutWords(text: string): string[] {
  if (!text) return [];
  return load().cut(text).map((w) => w.trim()).filter(Boolean);
}

/** Words of a text in search mode (long words and their parts), for the index. */
export function cutForIndex(text: string): string[] {
  if (!text) return [];
  return load().cutForSearch(text).map((w) => w.trim()).filter(Boolean);
}
