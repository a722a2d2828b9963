// Chinese word segmentation: jieba (@node-rs/jieba, prebuilt native package) with its default
// dictionary plus the domain dictionary, so 安捷伦气相色谱仪 cuts into 安捷伦 / 气相色谱仪.
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';
import { segmenterWords } from './dictionary.js';

let jieba: Jieba | null = null;

function segmenter(): Jieba {
  if (jieba) return jieba;
  const j = Jieba.withDict(dict);
  // A high frequency keeps a domain word whole against the general dictionary's splits.
  j.loadDict(Buffer.from(segmenterWords().map((w) => `${w} 200000 n`).join('\n'), 'utf8'));
  jieba = j;
  return j;
}

/** Words of a Han run (precise mode, no HMM guesses). */
export function cutWords(text: string): string[] {
  if (!text) return [];
  return segmenter().cut(text, false).map((w) => w.trim()).filter(Boolean);
}

/** Words of a text in search mode (long words and their parts), for the index. */
export function cutForIndex(text: string): string[] {
  if (!text) return [];
  return segmenter().cutForSearch(text, false).map((w) => w.trim()).filter(Boolean);
}
