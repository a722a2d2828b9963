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
  | 'typo'
  | 'buyer sentence'
  | 'measurement intent'
  | 'variant character'
  | 'English generic';

/** The classes of issue 34 (how buyers ask: sentences, what they measure, variant characters, English words). */
export const ASKED_TYPES: readonly TQueryType[] = ['buyer sentence', 'measurement intent', 'variant character', 'English generic'];

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

  // How buyers ask (issue 34), written from requests, not from the catalogue's names: the relevant
  // goods are the kinds that do what is asked (a moisture analyzer measures moisture).
  const kinds = (...names: string[]) => names.map((n) => leaf(n).name);
  const MOISTURE = kinds('水分测定仪', '卡尔费休水分测定仪');
  const HEAVY_METALS = kinds('原子吸收光谱仪', '原子荧光光谱仪', 'ICP-MS', 'ICP-OES', '测汞仪');
  const WATER = kinds('多参数水质分析仪', 'COD测定仪', '总有机碳分析仪');
  const VISCOSITY = kinds('黏度计', '运动黏度测定仪');
  const MICROSCOPES = kinds('生物显微镜', '体视显微镜', '金相显微镜', '扫描电子显微镜');
  const MASS_SPECTROMETERS = kinds('气相色谱质谱联用仪', '液相色谱质谱联用仪', 'ICP-MS', '高分辨质谱仪');

  // A whole request, as typed into the search box or the quick inquiry's subject.
  const sentences: [string, string[]][] = [
    ['我想买一台测水分的仪器', MOISTURE],
    ['测pH的仪器', kinds('pH计')],
    ['水质的仪器', WATER],
    ['测重金属的仪器', HEAVY_METALS],
    ['测温度的仪器', kinds('温湿度记录仪')],
    ['测颗粒大小的仪器', kinds('激光粒度仪')],
    ['称重的仪器', kinds('天平')],
    ['测粘度的仪器', VISCOSITY],
    ['求购一台能测蛋白质含量的设备', kinds('凯氏定氮仪')],
    ['需要一套检测农药残留的仪器', kinds('农药残留检测仪')],
    ['有没有测噪音的仪器', kinds('声级计')],
    ['实验室要买一台做细胞培养的设备', kinds('CO2培养箱')],
    ['请推荐测电导率的仪器', kinds('电导率仪')],
    ['想买个烘干样品的设备', kinds('干燥箱')],
    ['测水分用什么仪器', MOISTURE],
    ['检测土壤中重金属用什么设备', HEAVY_METALS],
    ['检测废水中COD的仪器', kinds('COD测定仪')],
    ['求购测比表面积的仪器', kinds('比表面积分析仪')],
    ['做拉伸试验的设备', kinds('万能材料试验机')],
    ['测闪点的仪器', kinds('闪点测定仪')],
    ['需要测糖度的仪器', kinds('折光仪')],
    ['想买一台测脂肪的', kinds('脂肪测定仪')],
    ['测运动粘度的仪器', kinds('运动黏度测定仪')],
    ['有什么仪器可以测溶解氧', kinds('多参数水质分析仪')],
    ['测片剂硬度的仪器', kinds('片剂硬度仪')],
    ['请问测金属硬度用什么', kinds('硬度计')],
    ['实验室需要一台称量样品的天平', kinds('天平')],
    ['需要几台测pH值的', kinds('pH计')],
    ['能测有毒气体的便携设备', kinds('便携式气体检测仪')],
    ['我们想买测烟气的', kinds('烟气分析仪')],
  ];
  for (const [q, cats] of sentences) add(q, 'buyer sentence', { categories: cats });

  // What is to be measured or done, said shortly.
  const intents: [string, string[]][] = [
    ['测水分', MOISTURE], ['水分检测', MOISTURE], ['含水率测定', MOISTURE], ['测ph值', kinds('pH计')], ['酸碱度检测', kinds('pH计')],
    ['重金属检测', HEAVY_METALS], ['粒度分析', kinds('激光粒度仪')], ['测粒径', kinds('激光粒度仪')], ['黏度测试', VISCOSITY], ['测电导率', kinds('电导率仪')],
    ['测温湿度', kinds('温湿度记录仪')], ['测噪声', kinds('声级计')], ['气体检测', kinds('便携式气体检测仪')], ['烟气检测', kinds('烟气分析仪')], ['测COD', kinds('COD测定仪')],
    ['总有机碳测定', kinds('总有机碳分析仪')], ['测浊度', kinds('多参数水质分析仪')], ['测折光率', kinds('折光仪')], ['旋光度测定', kinds('旋光仪')], ['蛋白质测定', kinds('凯氏定氮仪')],
    ['溶出度测试', kinds('溶出度仪')], ['崩解时限测定', kinds('崩解仪')], ['测比表面积', kinds('比表面积分析仪')], ['拉伸强度测试', kinds('万能材料试验机')], ['冲击强度测试', kinds('冲击试验机')],
    ['测硬度', kinds('硬度计')], ['测汞', kinds('测汞仪', '原子荧光光谱仪')], ['碳硫分析', kinds('碳硫分析仪')], ['测尺寸', kinds('三坐标测量机', '影像测量仪')], ['测电压', kinds('数字万用表')],
    ['称重', kinds('天平')], ['烘干', kinds('干燥箱')], ['细胞培养', kinds('CO2培养箱')], ['样品消解', kinds('微波消解仪')], ['氮吹浓缩', kinds('氮吹仪')], ['灰分测定', kinds('马弗炉')],
  ];
  for (const [q, cats] of intents) add(q, 'measurement intent', { categories: cats });

  // Variant characters (粘/黏, 水份, 凯式) and traditional characters from Hong Kong and Taiwan.
  const variants: [string, string[]][] = [
    ['粘度', VISCOSITY], ['粘度计', kinds('黏度计')], ['测粘度', VISCOSITY], ['运动粘度测定仪', kinds('运动黏度测定仪')], ['旋转粘度计', kinds('黏度计')],
    ['水份测定仪', MOISTURE], ['凯式定氮仪', kinds('凯氏定氮仪')], ['卡式水分仪', kinds('卡尔费休水分测定仪')], ['马福炉', kinds('马弗炉')], ['噪音计', kinds('声级计')],
    ['秤重', kinds('天平')], ['氣相色譜儀', kinds('气相色谱仪')], ['液相色譜儀', kinds('液相色谱仪')], ['電子天平', kinds('天平')], ['離心機', kinds('离心机')],
    ['紫外可見分光光度計', kinds('紫外可见分光光度计')], ['原子吸收光譜儀', kinds('原子吸收光谱仪')], ['螢光分光光度計', kinds('荧光分光光度计')], ['傅立葉紅外光譜儀', kinds('红外光谱仪')], ['超純水機', kinds('超纯水机')],
    ['馬弗爐', kinds('马弗炉')], ['凱氏定氮儀', kinds('凯氏定氮仪')], ['數字萬用表', kinds('数字万用表')], ['溫濕度記錄儀', kinds('温湿度记录仪')], ['顯微鏡', MICROSCOPES],
    ['酸鹼度計', kinds('pH计')],
  ];
  for (const [q, cats] of variants) add(q, 'variant character', { categories: cats });

  // English generic instrument words, alone or with an English brand.
  const englishWords: [string, string[]][] = [
    ['centrifuge', kinds('离心机')], ['balance', kinds('天平')], ['analytical balance', kinds('天平')], ['microscope', MICROSCOPES], ['oven', kinds('干燥箱')],
    ['incubator', kinds('培养箱', 'CO2培养箱')], ['pH meter', kinds('pH计')], ['pipette', kinds('移液器')], ['rotary evaporator', kinds('旋转蒸发仪')], ['viscometer', kinds('黏度计')],
    ['rheometer', kinds('流变仪')], ['spectrophotometer', kinds('紫外可见分光光度计', '荧光分光光度计')], ['gas chromatograph', kinds('气相色谱仪')], ['liquid chromatography', kinds('液相色谱仪')], ['mass spectrometer', MASS_SPECTROMETERS],
    ['muffle furnace', kinds('马弗炉')], ['biosafety cabinet', kinds('生物安全柜')], ['thermal cycler', kinds('PCR仪')], ['plate reader', kinds('酶标仪')], ['moisture analyzer', MOISTURE],
    ['particle size analyzer', kinds('激光粒度仪')], ['oscilloscope', kinds('示波器')], ['multimeter', kinds('数字万用表')], ['refractometer', kinds('折光仪')], ['ultrapure water system', kinds('超纯水机')],
    ['tensile tester', kinds('万能材料试验机')], ['centrifuges', kinds('离心机')],
  ];
  for (const [q, cats] of englishWords) add(q, 'English generic', { categories: cats });
  const englishBrands: [string, string, string[]][] = [
    ['Eppendorf centrifuge', '艾本德', kinds('离心机')], ['Sartorius balance', '赛多利斯', kinds('天平')], ['Mettler Toledo balance', '梅特勒-托利多', kinds('天平')],
    ['Shimadzu gas chromatograph', '岛津', kinds('气相色谱仪')], ['Thermo Fisher centrifuge', '赛默飞', kinds('离心机')], ['Agilent mass spectrometer', '安捷伦', MASS_SPECTROMETERS],
  ];
  for (const [q, b, cats] of englishBrands) add(q, 'English generic', { brand: brand(b).name, categories: cats });
  return out;
}

export const JUDGED_QUERIES: readonly TJudgedQuery[] = build();
