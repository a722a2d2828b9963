// The highlight follows the matcher's rule for Latin terms (issue 34): pH is marked in pH计 and
// "913 pH Meter", never in CPH or Phoenix; model fragments are marked where a search finds them.
import { describe, expect, it } from 'vitest';
import { markedRanges } from './search-terms.js';

const marked = (text: string, terms: string[]) => markedRanges(text, terms).map(([a, b]) => text.slice(a, b));

describe('markedRanges', () => {
  it('marks a short Latin term as a whole word only', () => {
    expect(marked('岛津 TOC-L CPH 总有机碳（TOC）分析仪', ['ph'])).toEqual([]);
    expect(marked('耐驰 DSC 204 F1 Phoenix 差示扫描量热仪', ['ph'])).toEqual([]);
    expect(marked('上海仪电 雷磁 PHS-3C pH计', ['ph'])).toEqual(['pH']);
    expect(marked('瑞士万通 913 pH Meter pH计', ['ph'])).toEqual(['pH', 'pH']);
    expect(marked('岛津 GCMS-QP2020 NX 气相色谱质谱联用仪', ['gc'])).toEqual([]);
    expect(marked('岛津 GC-2030 气相色谱仪', ['gc'])).toEqual(['GC']);
    // A short word before the digits of a model is a word of its own.
    expect(marked('梅特勒-托利多 XPR225DU 电子天平', ['xpr'])).toEqual(['XPR']);
  });

  it('marks a longer word from its start, numbers and compact models anywhere they begin', () => {
    expect(marked('岛津 Nexera XS 液相色谱仪', ['nexer'])).toEqual(['Nexer']);
    expect(marked('某品牌 Supernexera', ['nexer'])).toEqual([]);
    expect(marked('岛津 GCMS-QP2020 NX', ['2020'])).toEqual(['2020']);
    expect(marked('岛津 LCMS-8060NX', ['lcms8060'])).toEqual(['LCMS-8060']);
    expect(marked('安捷伦 8890 气相色谱仪', ['气相色谱仪', '安捷伦'])).toEqual(['安捷伦', '气相色谱仪']);
  });
});
