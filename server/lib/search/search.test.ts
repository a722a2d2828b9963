// The query side and the write-time tokens of the search, without a database: normalisation,
// segmentation, the domain dictionary, intent words, typos and model infixes.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeQuery, tsqueryText } from './analyze.js';
import { DICTIONARY_PATH, dictionaryJson } from './build-dictionary.js';
import { keyString, modelKey, normalizeText } from './normalize.js';
import { cutWords } from './segment.js';
import { productTokens } from './tokens.js';

const groups = (q: string) => analyzeQuery(q).groups.map((g) => `${g.kind}:${g.tsq}`);

describe('normalisation', () => {
  it('turns full-width input, Roman numerals and dashes into what the catalogue writes', () => {
    expect(normalizeText('７８９０ ＬＣ－２０ＡＴ')).toBe('7890 lc-20at');
    expect(normalizeText('Infinity Ⅱ')).toBe('infinity ii');
    expect(modelKey('GCMS-QP2020 NX')).toBe('gcmsqp2020nx');
    expect(keyString('Thermo Fisher 液相')).toBe('thermo fisher液相');
    expect(keyString('GC-MS')).toBe('gcms');
    expect(keyString('CO2 培养箱')).toBe('co2培养箱');
  });
});

describe('segmentation', () => {
  it('jieba with the domain words cuts brand and type apart', () => {
    expect(cutWords('安捷伦气相色谱仪')).toEqual(['安捷伦', '气相色谱仪']);
    expect(cutWords('求购一台气相色谱仪')).toContain('气相色谱仪');
  });
});

describe('query analysis', () => {
  it('finds brand and type typed together, in either order', () => {
    expect(groups('安捷伦气相色谱仪')).toEqual(["brand:'b~安捷伦'", "type:'t~气相色谱仪'"]);
    expect(groups('电子天平岛津')).toEqual(["type:'t~天平'", "brand:'b~岛津'"]);
    expect(groups('岛津天平')).toEqual(["brand:'b~岛津'", "type:'t~天平'"]);
  });

  it('knows brand aliases both ways', () => {
    for (const q of ['梅特勒托利多', '梅特勒-托利多', 'Mettler Toledo', '梅特勒']) expect(groups(q), q).toEqual(["brand:'b~梅特勒托利多'"]);
    for (const q of ['Agilent', 'agilent', '安捷伦']) expect(groups(q), q).toEqual(["brand:'b~安捷伦'"]);
    for (const q of ['Thermo Fisher', '赛默飞世尔', 'thermo']) expect(groups(q), q).toEqual(["brand:'b~赛默飞'"]);
  });

  it('maps synonyms in their direction and abbreviations to types', () => {
    expect(groups('分析天平')).toEqual(["type:'t~天平'"]);
    expect(groups('天平')).toEqual(["type:'t~天平'"]);
    expect(groups('紫外分光光度计')).toEqual(["type:'t~紫外可见分光光度计'"]);
    expect(groups('液相')).toEqual(["type:'t~液相色谱仪'"]);
    expect(groups('HPLC')).toEqual(["type:('t~液相色谱仪' | 'hplc':*)"]);
    expect(groups('GC-MS')).toEqual(["type:('t~气相色谱质谱联用仪' | 'gcms':*)"]);
    expect(groups('ＬＣ')).toEqual(["type:('t~液相色谱仪' | 'lc')"]);
  });

  it('ignores intent words and quantities of an inquiry', () => {
    expect(groups('求购一台气相色谱仪')).toEqual(["type:'t~气相色谱仪'"]);
    expect(groups('需要两台液相色谱仪，请报价')).toEqual(["type:'t~液相色谱仪'"]);
  });

  it('matches models by any infix, with or without separators', () => {
    expect(groups('2020')).toEqual(["model:'2020':*"]);
    expect(groups('FTIR-7600')).toEqual(["model:'ftir7600':*"]);
    expect(groups('７８９０')).toEqual(["model:'7890':*"]);
    const tokens = productTokens({ name: '岛津 GCMS-QP2020 NX 气相色谱质谱联用仪', model: 'GCMS-QP2020 NX', brandName: '岛津', categoryNames: ['质谱仪器', '气相色谱质谱联用仪'] }).split(' ');
    for (const t of ['qp2020nx', '2020nx', 'gcmsqp2020nx', 't~气相色谱质谱联用仪', 'b~岛津']) expect(tokens).toContain(t);
    // A GC-MS is not a gas chromatograph.
    expect(tokens).not.toContain('t~气相色谱仪');
  });

  it('corrects one mistyped character in a long type name, never a correct word', () => {
    expect(groups('气象色谱仪')).toEqual(["type:'t~气相色谱仪'"]);
    expect(groups('液相色普仪')).toEqual(["type:'t~液相色谱仪'"]);
    expect(groups('液相色谱仪')).toEqual(["type:'t~液相色谱仪'"]);
    expect(groups('色谱仪')).toEqual(["word:('色谱' & '谱仪')"]);
    expect(groups('高速冷冻离心机')).toEqual(["word:'高速'", "type:'t~离心机'"]);
  });

  it('has no groups for a keyword without words', () => {
    expect(analyzeQuery('%%% ——').groups).toEqual([]);
    // Quotes and backslashes never reach the tsquery text.
    expect(tsqueryText(analyzeQuery("a'b\\c").groups)).toBe("'a' & 'b' & 'c'");
  });
});

describe('domain dictionary', () => {
  it('dictionary.json is what build-dictionary.ts generates from the catalogue', () => {
    expect(fs.readFileSync(DICTIONARY_PATH, 'utf8')).toBe(dictionaryJson());
  });
});
