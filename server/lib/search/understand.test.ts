// Query understanding (issue 34): how buyers phrase a request → the instrument kinds searched for and
// what is said back; variant and traditional characters; English generic words; short Latin words
// matched as whole words on the index side too. No database: analyzeQuery and productTokens.
import { describe, expect, it } from 'vitest';
import { analyzeQuery } from './analyze.js';
import { dictionary } from './dictionary.js';
import { ENGLISH_KINDS, MEASURED, TASKS } from './intents.js';
import { normalizeText } from './normalize.js';
import { productTokens } from './tokens.js';

/** The instrument kinds a query searches for (the types of its groups), and what is said back. */
const understood = (q: string, literal = false) => {
  const a = analyzeQuery(q, { literal });
  return { kinds: [...new Set(a.groups.flatMap((g) => g.types))].sort(), words: a.groups.filter((g) => g.types.length === 0 && g.brands.length === 0).map((g) => g.text), said: a.understood };
};
const sorted = (xs: string[]) => [...xs].sort();

describe('a buyer’s sentence → the kinds searched for', () => {
  it.each([
    ['我想买一台测水分的仪器', ['水分测定仪'], '水分测定仪'],
    ['测pH的仪器', ['pH计'], 'pH计'],
    ['水质的仪器', ['水质分析仪器'], '水质分析仪器'],
    ['测重金属的仪器', ['原子吸收光谱仪', '原子荧光光谱仪', 'ICP-MS', 'ICP-OES', '测汞仪'], '原子吸收光谱仪、原子荧光光谱仪、ICP-MS等'],
    ['测温度的仪器', ['温湿度记录仪'], '温湿度记录仪'],
    ['测颗粒大小的仪器', ['激光粒度仪'], '激光粒度仪'],
    ['称重的仪器', ['天平'], '天平'],
    ['测粘度的仪器', ['黏度计', '运动黏度测定仪'], '黏度计、运动黏度测定仪'],
    ['求购一台能测蛋白质含量的设备', ['凯氏定氮仪'], '凯氏定氮仪'],
    ['用于测水分的仪器', ['水分测定仪'], '水分测定仪'],
    ['测水分用什么仪器', ['水分测定仪'], '水分测定仪'],
    ['请问有没有检测农药残留的仪器', ['农药残留检测仪'], '农药残留检测仪'],
    ['实验室需要做细胞培养', ['CO2培养箱'], 'CO2培养箱'],
    ['想买个烘干样品的', ['干燥箱'], '干燥箱'],
    ['重金属检测仪', ['原子吸收光谱仪', '原子荧光光谱仪', 'ICP-MS', 'ICP-OES', '测汞仪'], '原子吸收光谱仪、原子荧光光谱仪、ICP-MS等'],
    ['粒径分析', ['激光粒度仪'], '激光粒度仪'],
    ['检测水中的COD', ['COD测定仪'], 'COD测定仪'],
    ['测一下土壤中重金属', ['原子吸收光谱仪', '原子荧光光谱仪', 'ICP-MS', 'ICP-OES', '测汞仪'], '原子吸收光谱仪、原子荧光光谱仪、ICP-MS等'],
  ])('%s → %j', (q, kinds, said) => {
    const u = understood(q);
    expect(u.kinds).toEqual(sorted(kinds));
    expect(u.words).toEqual([]);
    expect(u.said).toBe(said);
  });

  it('drops the request around an instrument named, and says what is searched', () => {
    expect(understood('求购一台气相色谱仪')).toEqual({ kinds: ['气相色谱仪'], words: [], said: '气相色谱仪' });
    expect(understood('求购岛津天平一台，请报价')).toEqual({ kinds: ['天平'], words: [], said: '岛津 天平' });
    // The words as typed find the same here (我, 想, 买, 一台, 的 are no words for matching): nothing to say.
    expect(understood('我想买一台岛津的天平')).toEqual({ kinds: ['天平'], words: [], said: null });
    expect(understood('气相色谱仪，用于白酒分析')).toEqual({ kinds: ['气相色谱仪'], words: [], said: '气相色谱仪' });
    expect(understood('寻找马弗炉供应商')).toEqual({ kinds: ['马弗炉'], words: [], said: '马弗炉' });
  });

  it('says nothing back for the catalogue’s own words, however they are typed', () => {
    for (const q of ['水分测定仪', '多参数水质分析仪', '实验室常用设备', '粘度计', '氣相色譜儀', 'GC', 'pH', '重金属', '安捷伦气相色谱仪', 'Agilent 气相色谱仪']) expect(analyzeQuery(q).understood, q).toBeNull();
    // A plain word stays a word: 重金属 finds what names it.
    expect(understood('重金属').words).toEqual(['重金属']);
    expect(understood('实验室常用设备').kinds).toEqual(['实验室常用设备']);
  });

  it('reads the literal words when asked (the 「仍然搜索原词」 link)', () => {
    const literal = understood('我想买一台测水分的仪器', true);
    expect(literal.said).toBeNull();
    expect(literal.kinds).toEqual([]);
    expect(literal.words).toContain('水分');
    expect(understood('centrifuge', true).kinds).toEqual([]);
    expect(understood('气象色谱仪', true).kinds).toEqual([]);
  });
});

describe('variant and traditional characters', () => {
  it('are written the catalogue’s way on both sides', () => {
    expect(normalizeText('粘度计')).toBe('黏度计');
    expect(normalizeText('氣相色譜儀')).toBe('气相色谱仪');
    expect(normalizeText('水份測定儀')).toBe('水分测定仪');
    expect(normalizeText('馬福爐')).toBe('马弗炉');
    expect(normalizeText('显著')).toBe('显著');
    expect(productTokens({ name: '某品牌 旋转粘度计', categoryNames: ['物性测试仪器', '颗粒与流变测试', '黏度计'] }).split(' ')).toContain('t~黏度计');
  });

  it('粘度 searches what 黏度 searches', () => {
    expect(analyzeQuery('粘度').groups).toEqual(analyzeQuery('黏度').groups);
    expect(understood('運動粘度').words.join('')).toBe('运动黏度');
    expect(understood('電子天平').kinds).toEqual(['天平']);
  });
});

describe('English generic instrument words', () => {
  it.each([
    ['centrifuge', ['离心机']],
    ['Centrifuges', ['离心机']],
    ['balance', ['天平']],
    ['analytical balance', ['天平']],
    ['pH meter', ['pH计']],
    ['gas chromatograph', ['气相色谱仪']],
    ['viscometer', ['黏度计']],
    ['moisture analyzer', ['水分测定仪']],
  ])('%s → %j', (q, kinds) => {
    expect(understood(q).kinds).toEqual(sorted(kinds));
    expect(understood(q).said).toBe(kinds.join('、'));
  });

  it('with an English brand', () => {
    const a = analyzeQuery('Eppendorf centrifuge');
    expect(a.groups.map((g) => g.kind)).toEqual(['brand', 'type']);
    expect(a.understood).toBe('Eppendorf 离心机');
  });
});

describe('short Latin words are whole words', () => {
  it('pH, GC, LC and ICP match whole tokens; longer words and numbers match from their start', () => {
    const tsq = (q: string) => analyzeQuery(q).groups.map((g) => g.tsq);
    expect(tsq('pH')).toEqual(["('t~ph计' | 'ph')"]);
    expect(tsq('ICP')).toEqual(["('t~icpoes' | 't~icpms' | 'icp')"]);
    expect(tsq('xpr')).toEqual(["'xpr'"]);
    expect(tsq('Nexera')).toEqual(["'nexera':*"]);
    expect(tsq('2020')).toEqual(["'2020':*"]);
  });

  it('the index has no letters from inside another word: no ph from CPH or Phoenix', () => {
    const cph = productTokens({ name: '岛津 TOC-L CPH 总有机碳（TOC）分析仪', model: 'TOC-L CPH', brandName: '岛津' }).split(' ');
    const phoenix = productTokens({ name: '耐驰 DSC 204 F1 Phoenix 差示扫描量热仪', model: 'DSC 204 F1 Phoenix', brandName: '耐驰' }).split(' ');
    for (const tokens of [cph, phoenix]) expect(tokens).not.toContain('ph');
    expect(cph).toContain('cph');
    expect(phoenix).toContain('phoenix');
    // Model fragments still match: letter and digit runs, suffixes from a part, a run change or a digit.
    const xpr = productTokens({ name: '梅特勒-托利多 XPR225DU 电子天平', model: 'XPR225DU' }).split(' ');
    for (const t of ['xpr', '225du', '25du', 'xpr225du']) expect(xpr).toContain(t);
    expect(xpr).not.toContain('pr225du');
    const gcms = productTokens({ name: '岛津 GCMS-QP2020 NX', model: 'GCMS-QP2020 NX' }).split(' ');
    for (const t of ['qp2020nx', '2020nx', 'qp', 'gcmsqp2020nx']) expect(gcms).toContain(t);
    expect(gcms).not.toContain('cmsqp2020nx');
  });
});

describe('the intents’ data', () => {
  it('names only kinds the catalogue has', () => {
    const types = dictionary().types;
    const kinds = [...MEASURED, ...TASKS].flatMap((i) => i.kinds).concat(Object.values(ENGLISH_KINDS).flat());
    expect(kinds.filter((k) => !types.has(k))).toEqual([]);
  });

  it('every measuring word, task and English word is understood as its kinds', () => {
    const misread: string[] = [];
    for (const m of MEASURED) for (const w of m.words) if (understood(`测${w}`).kinds.join() !== sorted([...m.kinds]).join()) misread.push(`测${w}`);
    for (const t of TASKS) for (const w of t.words) if (understood(w).kinds.join() !== sorted([...t.kinds]).join()) misread.push(w);
    for (const [w, kinds] of Object.entries(ENGLISH_KINDS)) if (understood(w).kinds.join() !== sorted([...kinds]).join()) misread.push(w);
    expect(misread).toEqual([]);
  });
});
