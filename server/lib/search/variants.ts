// Characters and words a buyer may write another way than the catalogue does: traditional characters
// (OpenCC's Taiwan-variant and traditional → mainland tables, through opencc-js, MIT and Apache-2.0)
// and variants within the simplified script (粘度 → 黏度, 水份 → 水分, 马福炉 → 马弗炉). normalizeText
// applies both, on the index side and the query side alike, so 粘度计 finds 黏度计 and 氣相色譜儀 finds
// 气相色谱仪 — and a product a supplier names with 粘度 is found by 黏度.
import { Converter, Locale } from 'opencc-js/t2cn';

/**
 * Variant → the form the catalogue writes (GB/T standard names of the instruments), kept by hand.
 * Characters and words; a longer key wins over a shorter one at the same place.
 */
export const VARIANTS: Readonly<Record<string, string>> = {
  // 黏度 is the standard term (GB/T 10247); 粘度 is how most people write it.
  粘: '黏',
  水份: '水分',
  硷: '碱',
  萤光: '荧光',
  傅立叶: '傅里叶',
  付里叶: '傅里叶',
  马福炉: '马弗炉',
  马沸炉: '马弗炉',
  凯式: '凯氏',
  卡式: '卡氏',
  秤重: '称重',
  秤量: '称量',
  噪音: '噪声',
  溶氧: '溶解氧',
};

type TConvert = (text: string) => string;

/** Characters that are also standard simplified ones (显著, 著名): kept as typed, not read as traditional (着). */
const SIMPLIFIED_TOO = new Set(['著']);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let convert: TConvert | null = null;
/** Any character the traditional → simplified conversion changes: a text without one is left alone (most are). */
let traditional: RegExp | null = null;

function converter(): { convert: TConvert; traditional: RegExp } {
  if (convert && traditional) return { convert, traditional };
  const c = Converter({ from: 'tw', to: 'cn' });
  const candidates = new Set<string>();
  for (const group of [...(Locale.from.tw ?? []), ...(Locale.to.cn ?? [])]) {
    for (const dict of group as unknown as unknown[]) {
      if (typeof dict !== 'string') continue;
      for (const entry of dict.split('|')) {
        const key = entry.slice(0, entry.indexOf(' '));
        if (Array.from(key).length === 1) candidates.add(key);
      }
    }
  }
  const changed = [...candidates].filter((ch) => !SIMPLIFIED_TOO.has(ch) && c(ch) !== ch);
  traditional = new RegExp(`[${changed.map(escape).join('')}]`, 'u');
  convert = c;
  return { convert, traditional };
}

const VARIANT_RE = new RegExp(
  Object.keys(VARIANTS)
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|'),
  'u',
);
const VARIANT_ALL = new RegExp(VARIANT_RE.source, 'gu');

/** Simplified characters, and the catalogue's form of variant characters and words. */
export function toCatalogueForm(text: string): string {
  let out = text;
  if (/\p{Script=Han}/u.test(out)) {
    const { convert: c, traditional: t } = converter();
    if (t.test(out)) {
      const converted = c(out);
      const before = Array.from(out);
      const after = Array.from(converted);
      out = after.length === before.length ? after.map((ch, i) => (SIMPLIFIED_TOO.has(before[i]!) ? before[i]! : ch)).join('') : converted;
    }
  }
  return VARIANT_RE.test(out) ? out.replace(VARIANT_ALL, (m) => VARIANTS[m] ?? m) : out;
}
