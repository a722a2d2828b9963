// Judged queries for the relevance benchmark, written the ways buyers type, each with the products it
// should find defined by catalogue attributes (brand, leaf category, model fragment) — never by
// what the search answers today. Brands, types and models come from the demo catalogue's
// definitions (server/db/seed/data), so every query names an instrument the catalogue holds.
import { BRANDS } from '../server/db/seed/data/brands.js';
import { CATEGORY_TREE } from '../server/db/seed/data/categories.js';

export type TQueryType =
  | 'joined brand+type'
  | 'type'
  | 'synonym'
  | 'abbreviation'
  | 'model'
  | 'model fragment'
  | 'full-width'
  | 'English brand + type'
  | 'inquiry sentence'
  | 'typo';

/** What makes a product relevant: every given attribute must hold. */
export type TExpect = { brand?: string; categories?: string[]; model?: string };
export type TJudgedQuery = { q: string; type: TQueryType; expect: TExpect };

const leaves = CATEGORY_TREE.flatMap((top) => top.groups.flatMap((g) => g.leaves));
const leaf = (name: string) => {
  const l = leaves.find((x) => x.name === name);
  if (!l) throw new Error(`no leaf category ${name}`);
  return l;
};
const brand = (name: string) => {
  const b = BRANDS.find((x) => x.name === name);
  if (!b) throw new Error(`no brand ${name}`);
  return b;
};
/** ASCII → full-width, as a Chinese IME in full-width mode types it. */
const fullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).replace(/ /g, '\u3000');
const compact = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

function build(): TJudgedQuery[] {
  const out: TJudgedQuery[] = [];
  const add = (q: string, type: TQueryType, expect: TExpect) => out.push({ q, type, expect });

  // Brand and type typed together, no space (安捷伦气相色谱仪), for pairs the catalogue sells.
  const pairs: [string, string][] = [
    ['安捷伦', '气相色谱仪'], ['岛津', '天平'], ['岛津', '液相色谱仪'], ['安捷伦', '液相色谱仪'], ['岛津', '气相色谱仪'],
    ['赛默飞', '离心机'], ['梅特勒-托利多', '天平'], ['赛多利斯', '天平'], ['沃特世', '液相色谱仪'], ['岛津', '紫外可见分光光度计'],
    ['安捷伦', '原子吸收光谱仪'], ['珀金埃尔默', 'ICP-OES'], ['安捷伦', 'ICP-MS'], ['布鲁克', '红外光谱仪'], ['艾本德', '离心机'],
    ['伯乐', '实时荧光定量PCR仪'], ['奥林巴斯', '生物显微镜'], ['蔡司', '扫描电子显微镜'], ['耐驰', '热重分析仪'], ['瑞士万通', '自动电位滴定仪'],
    ['哈希', '多参数水质分析仪'], ['奥豪斯', '天平'], ['上海仪电', 'pH计'], ['岛津', '气相色谱质谱联用仪'], ['赛默飞', 'ICP-MS'],
  ];
  for (const [b, l] of pairs) {
    if (!brand(b).models[l]?.length) throw new Error(`${b} sells no ${l}`);
    const noun = l === '天平' ? '电子天平' : l;
    add(`${b === '梅特勒-托利多' ? '梅特勒托利多' : b}${noun}`, 'joined brand+type', { brand: b, categories: [l] });
  }
  add('电子天平岛津', 'joined brand+type', { brand: '岛津', categories: ['天平'] });
  add('液相色谱仪安捷伦', 'joined brand+type', { brand: '安捷伦', categories: ['液相色谱仪'] });
  add('梅特勒托利多', 'joined brand+type', { brand: '梅特勒-托利多' });
  add('赛默飞世尔', 'joined brand+type', { brand: '赛默飞' });

  // Instrument types by their catalogue names.
  for (const l of [
    '气相色谱仪', '液相色谱仪', '离子色谱仪', '紫外可见分光光度计', '原子吸收光谱仪', '红外光谱仪', '原子荧光光谱仪', '拉曼光谱仪',
    '气相色谱质谱联用仪', '液相色谱质谱联用仪', 'pH计', '电导率仪', '卡尔费休水分测定仪', '元素分析仪', '天平', '离心机', '旋转蒸发仪',
    '培养箱', '干燥箱', '马弗炉', '微波消解仪', '移液器', '超纯水机', '万能材料试验机', '激光粒度仪', '流变仪', 'PCR仪',
    '酶标仪', '生物安全柜', '多参数水质分析仪', '生物显微镜', '扫描电子显微镜', '示波器', '凯氏定氮仪', '溶出度仪', '闪点测定仪',
  ]) add(l, 'type', { categories: [leaf(l).name] });
  // …and by the noun products are named with.
  for (const l of ['制备液相色谱仪', '总有机碳分析仪', '比表面积分析仪', 'CO2培养箱', '运动黏度测定仪']) add(leaf(l).noun!, 'type', { categories: [l] });

  // Synonyms and kinds: 分析天平 is a 天平, 紫外分光光度计 is what the catalogue calls 紫外可见分光光度计.
  const synonyms: [string, string[]][] = [
    ['分析天平', ['天平']], ['紫外分光光度计', ['紫外可见分光光度计']], ['液相', ['液相色谱仪']], ['气相', ['气相色谱仪']],
    ['高效液相色谱仪', ['液相色谱仪']], ['气质联用仪', ['气相色谱质谱联用仪']], ['液质联用', ['液相色谱质谱联用仪']], ['原子吸收', ['原子吸收光谱仪']],
    ['烘箱', ['干燥箱']], ['移液枪', ['移液器']], ['纯水机', ['超纯水机']], ['扫描电镜', ['扫描电子显微镜']], ['粘度计', ['黏度计']],
    ['酸度计', ['pH计']], ['二氧化碳培养箱', ['CO2培养箱']], ['拉力试验机', ['万能材料试验机']], ['冷冻离心机', ['离心机']], ['电子天平', ['天平']],
  ];
  for (const [q, cats] of synonyms) add(q, 'synonym', { categories: cats });

  // Abbreviations.
  const abbreviations: [string, string[]][] = [
    ['GC', ['气相色谱仪']], ['HPLC', ['液相色谱仪']], ['GC-MS', ['气相色谱质谱联用仪']], ['GCMS', ['气相色谱质谱联用仪']], ['LC-MS', ['液相色谱质谱联用仪']],
    ['ICP-MS', ['ICP-MS']], ['ICP-OES', ['ICP-OES']], ['UV-Vis', ['紫外可见分光光度计']], ['FTIR', ['红外光谱仪']], ['PCR', ['PCR仪', '实时荧光定量PCR仪']],
    ['qPCR', ['实时荧光定量PCR仪']], ['TOC', ['总有机碳分析仪']], ['AAS', ['原子吸收光谱仪']], ['XRF', ['X射线荧光光谱仪']], ['SEM', ['扫描电子显微镜']],
    ['DSC', ['差示扫描量热仪']], ['TGA', ['热重分析仪']], ['COD', ['COD测定仪']], ['icp-ms', ['ICP-MS']], ['hplc', ['液相色谱仪']],
  ];
  for (const [q, cats] of abbreviations) add(q, 'abbreviation', { categories: cats });

  // Whole model numbers, with and without separators.
  for (const [b, l, m] of [
    ['安捷伦', '气相色谱仪', '7890B'], ['岛津', '气相色谱质谱联用仪', 'GCMS-QP2020 NX'], ['岛津', '液相色谱质谱联用仪', 'LCMS-8060NX'], ['岛津', '天平', 'AUW220D'],
    ['梅特勒-托利多', '天平', 'XPR225DU'], ['普析通用', '红外光谱仪', 'FTIR-7600'], ['安捷伦', 'ICP-MS', '7900'], ['岛津', '气相色谱仪', 'GC-2030'],
  ] as const) {
    if (!brand(b).models[l]?.includes(m)) throw new Error(`${b} ${l} has no model ${m}`);
    add(m, 'model', { model: compact(m) });
  }
  add('lcms8060nx', 'model', { model: 'lcms8060nx' });
  add('FTIR7600', 'model', { model: 'ftir7600' });
  add('gc2030', 'model', { model: 'gc2030' });
  add('7890b', 'model', { model: '7890b' });

  // Model fragments: the main part the empty page suggests typing (7890, 2020, 8050…).
  for (const f of ['2020', '8050', '2050', '7890', 'QP2020', 'TQ8050', '8060', 'XPR', '2030', 'Cary 60', 'H2050R', 'Nexera']) add(f, 'model fragment', { model: compact(f) });

  // Full-width input from a Chinese IME.
  for (const f of ['7890', 'LC-20AT', 'FTIR-7600', 'XPR225DU', 'GC-MS', 'HPLC', 'ICP-MS', '2020']) {
    const isAbbr = ['GC-MS', 'HPLC', 'ICP-MS'].includes(f);
    add(fullWidth(f), 'full-width', isAbbr ? { categories: f === 'GC-MS' ? ['气相色谱质谱联用仪'] : f === 'HPLC' ? ['液相色谱仪'] : ['ICP-MS'] } : { model: compact(f) });
  }
  add('ＬＣ', 'full-width', { categories: ['液相色谱仪'] });
  add('Ⅱ', 'full-width', { model: 'ii' });
  add('Entris Ⅱ', 'full-width', { model: 'entrisii' });

  // An English brand with a Chinese type.
  const english: [string, string, string][] = [
    ['Agilent', '安捷伦', '气相色谱仪'], ['Shimadzu', '岛津', '液相色谱仪'], ['Thermo Fisher', '赛默飞', '离心机'], ['Mettler Toledo', '梅特勒-托利多', '天平'],
    ['Waters', '沃特世', '液相色谱仪'], ['Sartorius', '赛多利斯', '天平'], ['PerkinElmer', '珀金埃尔默', '原子吸收光谱仪'], ['Eppendorf', '艾本德', '离心机'],
    ['Bruker', '布鲁克', '红外光谱仪'], ['ZEISS', '蔡司', '生物显微镜'], ['agilent', '安捷伦', '液相色谱仪'], ['shimadzu', '岛津', '天平'],
  ];
  for (const [en, b, l] of english) {
    if (!brand(b).models[l]?.length) throw new Error(`${b} sells no ${l}`);
    add(`${en} ${l === '天平' ? '天平' : l}`, 'English brand + type', { brand: b, categories: [l] });
  }
  add('Agilent气相色谱仪', 'English brand + type', { brand: '安捷伦', categories: ['气相色谱仪'] });
  add('Shimadzu GC', 'English brand + type', { brand: '岛津', categories: ['气相色谱仪'] });

  // Inquiry sentences: the quick-inquiry form's subject line.
  const inquiries: [string, TExpect][] = [
    ['求购一台气相色谱仪', { categories: ['气相色谱仪'] }],
    ['安捷伦气相色谱仪', { brand: '安捷伦', categories: ['气相色谱仪'] }],
    ['高速冷冻离心机', { categories: ['离心机'] }],
    ['电子天平0.1mg', { categories: ['天平'] }],
    ['需要两台液相色谱仪', { categories: ['液相色谱仪'] }],
    ['采购紫外可见分光光度计', { categories: ['紫外可见分光光度计'] }],
    ['求购岛津天平', { brand: '岛津', categories: ['天平'] }],
    ['想买一台PCR仪', { categories: ['PCR仪', '实时荧光定量PCR仪'] }],
    ['急需生物安全柜报价', { categories: ['生物安全柜'] }],
    ['请报价：原子吸收光谱仪', { categories: ['原子吸收光谱仪'] }],
    ['寻找马弗炉供应商', { categories: ['马弗炉'] }],
    ['询价 超纯水机 一套', { categories: ['超纯水机'] }],
    ['需要采购一批移液器', { categories: ['移液器'] }],
    ['求购进口扫描电镜', { categories: ['扫描电子显微镜'] }],
    ['有没有国产ICP-MS', { categories: ['ICP-MS'] }],
    ['实验室需要一台旋转蒸发仪', { categories: ['旋转蒸发仪'] }],
  ];
  for (const [q, e] of inquiries) add(q, 'inquiry sentence', e);

  // One mistyped character in a long type name.
  const typos: [string, string][] = [
    ['气象色谱仪', '气相色谱仪'], ['液相色普仪', '液相色谱仪'], ['紫外可见分光光渡计', '紫外可见分光光度计'], ['原子吸收光普仪', '原子吸收光谱仪'],
    ['旋转蒸法仪', '旋转蒸发仪'], ['超纯水器', '超纯水机'], ['生物安全拒', '生物安全柜'], ['激光粒度计', '激光粒度仪'], ['多参数水质分折仪', '多参数水质分析仪'],
    ['万能材科试验机', '万能材料试验机'], ['凯氏定氨仪', '凯氏定氮仪'], ['扫描电子显微境', '扫描电子显微镜'], ['差示扫描量热计', '差示扫描量热仪'], ['自动电位滴订仪', '自动电位滴定仪'],
  ];
  for (const [q, l] of typos) add(q, 'typo', { categories: [leaf(l).name] });
  return out;
}

export const JUDGED_QUERIES: readonly TJudgedQuery[] = build();
