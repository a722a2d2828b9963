// Text generators for news, technical articles, store articles, schemes, recruitment, notices and
// demands. Every generator draws only from the Rng it is given, so the output is deterministic.
import type { Rng } from '../random.js';

/** What the text generators may mention. */
export type TTextCtx = {
  leaves: readonly { name: string; noun: string; apps: readonly string[] }[];
  intlBrands: readonly string[];
  domesticBrands: readonly string[];
  /** Brand, model and product noun triples that exist in the catalogue, per leaf name. */
  models: (leaf: string) => readonly { brand: string; model: string }[];
  params: (r: Rng, leaf: string, n: number) => { name: string; value: string }[];
  supplierShortNames: readonly string[];
  orgs: readonly string[];
  cities: readonly string[];
  person: (r: Rng) => string;
};

export type TText = { title: string; summary: string; content: string };

const fill = (template: string, vars: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => (key in vars ? String(vars[key]) : `{${key}}`));

const p = (text: string) => `<p>${text}</p>`;
const h2 = (text: string) => `<h2>${text}</h2>`;
const ul = (items: readonly string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

/** The first sentence of a text, for summaries. */
const firstSentence = (text: string, max = 90) => {
  const plain = text.replace(/<[^>]+>/g, '');
  const end = plain.indexOf('。');
  const s = end > 0 ? plain.slice(0, end + 1) : plain;
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

// ---------------------------------------------------------------- news

export const NEWS_CATEGORIES = ['行业动态', '政策法规', '展会资讯', '企业新闻'] as const;

const EXPOS = [
  '中国国际科学仪器及实验室装备展览会（CISILE）',
  'BCEIA 北京分析测试学术报告会暨展览会',
  '慕尼黑上海分析生化展（analytica China）',
  '中国科学仪器发展年会（ACCSI）',
  '中国环博会（IE expo China）',
  '世界制药原料中国展（CPHI China）',
  '全国色谱学术报告会及仪器展览会',
  '中国国际食品安全技术论坛暨展览会',
];

const STANDARDS = [
  '食品安全国家标准 食品中农药最大残留限量',
  '检测和校准实验室能力的通用要求',
  '环境空气 挥发性有机物的测定 罐采样/气相色谱-质谱法',
  '水质 总有机碳的测定 燃烧氧化-非分散红外吸收法',
  '实验室 生物安全通用要求',
  '电子天平检定规程',
  '气相色谱仪检定规程',
  '紫外、可见、近红外分光光度计检定规程',
  '土壤和沉积物 金属元素总量的消解 微波消解法',
  '食品安全国家标准 食品中污染物限量',
  '生活饮用水卫生标准',
  '药品数据管理规范',
];

type TNewsTemplate = { title: string; lead: string };

const NEWS_TEMPLATES: Record<(typeof NEWS_CATEGORIES)[number], readonly TNewsTemplate[]> = {
  行业动态: [
    { title: '{year}年{period}我国科学仪器行业运行情况分析', lead: '近日，行业协会发布{year}年{period}科学仪器行业运行数据。数据显示，行业主营业务收入同比增长{pct}%，出口交货值稳中有升，分析仪器和实验室设备板块表现尤为突出。' },
    { title: '国产{leaf}市场占有率稳步提升，{dbrand}等厂商加速布局', lead: '近年来，国产{leaf}在核心技术和产品可靠性方面进步明显。据统计，国产品牌在公开招标项目中的中标份额较三年前提高了约{pct}个百分点，{dbrand}等企业的新品频频亮相。' },
    { title: '{field}检测需求旺盛，{leaf}采购量同比增长{pct}%', lead: '受{field}领域检测任务持续增加的带动，{leaf}采购需求保持高位。今年以来，全国公开采购项目数量同比增长{pct}%，其中中高端配置机型占比明显上升。' },
    { title: '{brand}发布新一代{leaf}，主打智能化与高通量', lead: '日前，{brand}正式发布新一代{leaf}。新产品在灵敏度、分析速度和智能运维方面全面升级，面向{field}等领域的高通量检测需求。' },
    { title: '高端{leaf}国产化取得新突破', lead: '记者从业内获悉，国内科研团队与仪器企业联合攻关，在高端{leaf}关键部件方面取得重要进展，多项核心指标达到国际同类产品水平，并已完成用户现场验证。' },
    { title: '{city}新建{n}个公共检测服务平台，带动大型仪器采购', lead: '{city}近日宣布，将新建{n}个面向中小企业的公共检测服务平台，重点配置{leaf}等大型分析仪器，预计带动仪器设备采购超过亿元。' },
    { title: '{year}年{period}科学仪器招投标数据盘点：{leaf}中标金额居前', lead: '根据公开招投标信息统计，{year}年{period}全国科学仪器类采购项目中，{leaf}中标金额位居前列，高校与疾控系统是最主要的采购单位。' },
    { title: '实验室数字化转型加速，智能{leaf}受到用户青睐', lead: '随着实验室信息化建设的推进，具备远程监控、自诊断和数据自动上传功能的智能{leaf}越来越受到用户欢迎。' },
    { title: '第三方检测市场持续扩容，{leaf}需求稳步增长', lead: '第三方检测行业近年保持两位数增长，检测机构在扩项和新建实验室过程中对{leaf}等仪器的需求持续释放。' },
    { title: '大规模设备更新政策落地，高校实验室迎来仪器升级潮', lead: '随着推动大规模设备更新相关政策的落地，多地高校和科研院所启动仪器设备更新项目，{leaf}、{leaf2}等通用分析仪器成为更新重点。' },
  ],
  政策法规: [
    { title: '《{std}》正式发布', lead: '日前，主管部门正式发布《{std}》，将于{date}起实施。新标准对检测方法、质量控制和结果报告等方面作出了明确规定。' },
    { title: '《{std}》修订版将于{date}起实施', lead: '《{std}》修订版将于{date}起正式实施。与旧版相比，新版在适用范围、技术指标和检测方法等方面作了较大调整。' },
    { title: '生态环境部发布{n}项国家生态环境标准', lead: '生态环境部近日批准发布{n}项国家生态环境标准，涉及水、大气、土壤等多个要素的监测分析方法，其中多项方法需使用{leaf}等仪器。' },
    { title: '国家药监局发布药品检验仪器确认与数据管理相关指导原则', lead: '国家药品监督管理局发布相关指导原则，进一步规范药品检验用仪器的确认、校准和数据管理，要求企业在规定期限内完成整改。' },
    { title: '{prov}出台支持高端科学仪器产业发展若干措施', lead: '{prov}日前印发支持高端科学仪器产业发展的若干措施，从研发投入、首台套应用、人才引进和金融支持等方面提出了具体举措。' },
    { title: '基础科研条件与重大科学仪器设备研发重点专项{year}年度申报指南发布', lead: '科技部发布国家重点研发计划“基础科研条件与重大科学仪器设备研发”重点专项{year}年度项目申报指南，重点支持高端分析仪器和核心部件研发。' },
    { title: '市场监管总局就检验检测机构监督管理办法修订公开征求意见', lead: '市场监管总局就检验检测机构监督管理相关办法的修订稿公开征求意见，拟进一步强化检验检测数据的真实性和可追溯性要求。' },
    { title: '科研仪器进口税收优惠政策延续实施', lead: '财政部、海关总署、税务总局联合发布通知，明确符合条件的科学研究机构和高校进口科研仪器继续享受免征进口关税和进口环节增值税政策。' },
    { title: '计量技术规范《{leaf}校准规范》发布实施', lead: '新版《{leaf}校准规范》近日发布，对{leaf}的计量特性、校准条件、校准项目和校准方法作出了规定，适用于该类仪器的校准工作。' },
  ],
  展会资讯: [
    { title: '{expo}在{city}隆重开幕', lead: '{year}年{month}月，{expo}在{city}隆重开幕。本届展会以“创新引领 智慧检测”为主题，汇聚了国内外众多仪器厂商。' },
    { title: '{expo}观众预登记通道正式开启', lead: '{expo}观众预登记通道现已开启，专业观众完成预登记后可享受快速入场、同期会议优先报名等服务。' },
    { title: '{brand}携多款新品亮相{expo}', lead: '在刚刚开幕的{expo}上，{brand}携{leaf}等多款新品亮相，展台吸引了大量专业观众驻足交流。' },
    { title: '{expo}圆满落幕，国产仪器展区人气火爆', lead: '为期三天的{expo}近日圆满落幕。本届展会国产仪器展区面积再创新高，{dbrand}等国产厂商展台人气火爆。' },
    { title: '{year}中国科学仪器发展年会在{city}召开', lead: '{year}中国科学仪器发展年会近日在{city}召开，来自政府部门、科研院所、仪器企业和用户单位的代表共话行业发展。' },
    { title: '第{n}届全国分析测试学术会议将于{month}月在{city}举行', lead: '第{n}届全国分析测试学术会议定于{year}年{month}月在{city}举行，会议同期将举办仪器展览和应用技术交流活动。' },
    { title: '{expo}同期论坛聚焦{field}检测新技术', lead: '{expo}同期举办的专题论坛聚焦{field}检测新技术，多位专家围绕{leaf}的新方法与新应用作了精彩报告。' },
  ],
  企业新闻: [
    { title: '{brand}{city}客户体验中心正式启用', lead: '近日，{brand}{city}客户体验中心正式启用。该中心集产品展示、应用开发、客户培训和技术支持于一体，将为华东、华南等区域用户提供更便捷的服务。' },
    { title: '{brand}与{org}共建联合实验室', lead: '{brand}与{org}近日签署合作协议，双方将共建联合实验室，围绕{field}开展方法开发与人才培养合作。' },
    { title: '{brand}{leaf}荣获年度科学仪器优秀新产品', lead: '在近日揭晓的年度科学仪器优秀新产品评选中，{brand}推出的{leaf}凭借出色的性能与创新设计获评优秀新产品。' },
    { title: '{supplier}成为{brand}{region}授权经销商', lead: '经过严格的资质审核，{supplier}正式成为{brand}{region}授权经销商，将为区域用户提供原厂正品、专业应用支持和快速的售后服务。' },
    { title: '{dbrand}完成新一轮融资，加码高端{leaf}研发', lead: '{dbrand}近日宣布完成新一轮融资，所募资金将主要用于高端{leaf}研发、生产基地建设和营销服务网络完善。' },
    { title: '{brand}在华新工厂投产，{leaf}实现本地化生产', lead: '{brand}位于{city}的新工厂日前正式投产，{leaf}等产品实现本地化生产，交货周期将明显缩短。' },
    { title: '{supplier}顺利通过质量管理体系复审', lead: '近日，{supplier}顺利通过 ISO 9001 质量管理体系复审，标志着公司在销售、安装与售后服务等环节的管理水平持续提升。' },
    { title: '{dbrand}{leaf}入选首台（套）重大技术装备推广目录', lead: '{dbrand}自主研发的{leaf}成功入选首台（套）重大技术装备推广应用指导目录，产品的技术先进性和可靠性获得权威认可。' },
  ],
};

const NEWS_BODY: Record<(typeof NEWS_CATEGORIES)[number], readonly string[]> = {
  行业动态: [
    '业内人士分析认为，随着国家对基础科研投入的持续加大以及检验检测行业的快速发展，{leaf}等常规分析仪器的市场需求仍将保持稳定增长。特别是在{field}领域，新标准、新方法的不断出台，对仪器的灵敏度、稳定性和自动化程度提出了更高要求。',
    '从采购结构看，高校、科研院所和第三方检测机构仍是主要采购方，合计占比超过六成；疾控、药检、环境监测等政府部门的设备更新项目也明显增多，企业研发中心和质控实验室的采购需求增长较快。',
    '国产仪器方面，以{dbrand}为代表的国内厂商持续加大研发投入，在核心部件、软件和应用方法上不断取得突破，部分产品的性能指标已接近进口同类产品，并凭借价格与服务优势赢得越来越多用户的认可。',
    '数字化和智能化正成为行业发展的重要方向。远程运维、智能诊断、数据完整性管理以及与 LIMS 系统的互联互通，已成为用户选型时重点关注的功能。',
    '据不完全统计，今年以来各地公开发布的{leaf}采购项目已超过{n}个，平均单台预算较去年同期有所提高，高配置机型占比上升。',
    '分析人士提醒，用户在采购时应综合考虑仪器性能、售后服务、耗材成本和方法适用性，避免唯价格论。对于大型仪器，建议在招标前充分开展技术交流和样品测试。',
    '进口品牌方面，{brand}等国际厂商继续深耕中国市场，通过本地化生产、建立应用中心等方式贴近用户，市场竞争日趋激烈。',
  ],
  政策法规: [
    '该文件明确了适用范围、技术要求和实施时间，要求相关单位在过渡期内完成方法验证和人员培训，确保检测工作平稳衔接。',
    '业内专家表示，新规的实施将进一步规范检测行为，提升数据的准确性和可比性，同时也将带动相关仪器设备和标准物质的更新需求。',
    '文件特别强调对检测数据真实性和可追溯性的要求，鼓励检测机构采用具备审计追踪、电子签名等功能的仪器软件，实现检测全过程留痕。',
    '对于仪器设备的检定与校准，文件要求使用单位建立完善的设备管理制度，按周期开展计量溯源，并做好期间核查记录。',
    '相关负责人表示，将通过培训宣贯、技术指导等方式帮助基层检测机构理解和执行新要求，并适时开展实施效果评估。',
    '从仪器需求角度看，{leaf}等设备将在新方法中发挥重要作用，部分实验室可能需要升级现有设备或补充配置相应附件。',
  ],
  展会资讯: [
    '本届展会展览面积超过{area}万平方米，吸引了来自{nc}个国家和地区的{nx}余家企业参展，集中展示了色谱、光谱、质谱、生命科学仪器和实验室设备等领域的最新产品与技术。',
    '展会期间，{brand}、{brand2}、{dbrand}等知名厂商纷纷发布新品，智能化、小型化和绿色节能成为新品的共同特征。',
    '同期举办的学术报告会和技术研讨会围绕食品安全、环境监测、生物医药和新材料等热点领域展开，多位院士和行业专家到会作主题报告。',
    '与往届相比，本届展会国产仪器企业的参展规模明显扩大，不少企业带来了具有自主知识产权的高端产品，受到专业观众的广泛关注。',
    '主办方介绍，展会期间专业观众预计将超过{nv}万人次，为仪器厂商与用户之间搭建了高效的交流合作平台。',
  ],
  企业新闻: [
    '据介绍，该中心配备了{leaf}、{leaf2}等多台先进仪器，可为用户提供样品测试、方法开发、操作培训和技术交流等服务。',
    '{brand}中国区负责人表示，中国是公司全球最重要的市场之一，公司将继续加大在华投入，贴近用户需求，提供更加及时的本地化服务。',
    '双方将围绕{field}等方向开展深入合作，在方法开发、人才培养和成果转化等方面实现优势互补。',
    '近年来，公司持续完善服务网络，目前已在全国设立{n}个服务网点，承诺 24 小时响应、48 小时到场。',
    '公司相关负责人表示，未来将继续坚持技术创新，以用户需求为导向，不断推出更具竞争力的产品和解决方案。',
  ],
};

const NEWS_CLOSING: Record<(typeof NEWS_CATEGORIES)[number], string> = {
  行业动态: '仪采通将持续关注行业动态，为用户带来最新的市场资讯。',
  政策法规: '文件全文请以相关部门官方网站发布的版本为准。',
  展会资讯: '仪采通将对展会进行持续报道，敬请关注。',
  企业新闻: '（本文根据企业供稿整理）',
};

const NEWS_SOURCES: Record<(typeof NEWS_CATEGORIES)[number], readonly string[]> = {
  行业动态: ['仪采通资讯', '中国仪器仪表行业协会', '科学仪器网'],
  政策法规: ['市场监管总局', '生态环境部', '国家药监局', '仪采通资讯'],
  展会资讯: ['展会主办方', '仪采通资讯'],
  企业新闻: ['企业供稿', '仪采通资讯'],
};

const PROVINCES = ['北京市', '上海市', '江苏省', '浙江省', '广东省', '山东省', '湖北省', '四川省', '安徽省', '陕西省'];
const PERIODS = ['一季度', '上半年', '前三季度', '前十个月'];
const REGIONS = ['华北区', '华东区', '华南区', '西南区', '华中区', '西北区', '东北区'];

/** Makers of a leaf, split into international and domestic brands. */
function makersOf(ctx: TTextCtx, leaf: string) {
  const names = new Set(ctx.models(leaf).map((m) => m.brand));
  return { intl: ctx.intlBrands.filter((b) => names.has(b)), domestic: ctx.domesticBrands.filter((b) => names.has(b)) };
}

function newsVars(r: Rng, ctx: TTextCtx) {
  // a leaf both international and domestic brands make, so "{brand} 发布新一代{leaf}" is true to life
  const leaf = r.pick(ctx.leaves.filter((l) => {
    const m = makersOf(ctx, l.name);
    return m.intl.length > 0 && m.domestic.length > 0;
  }));
  const leaf2 = r.pick(ctx.leaves.filter((l) => l !== leaf));
  const makers = makersOf(ctx, leaf.name);
  const brand = r.pick(makers.intl);
  const brand2 = r.pick(ctx.intlBrands.filter((b) => b !== brand));
  return {
    year: r.pick([2025, 2026, 2026, 2026]),
    period: r.pick(PERIODS),
    month: r.int(3, 11),
    leaf: leaf.name,
    leaf2: leaf2.name,
    field: r.pick(leaf.apps),
    brand,
    brand2,
    dbrand: r.pick(makers.domestic),
    pct: r.int(6, 32),
    n: r.int(12, 60),
    city: r.pick(ctx.cities),
    prov: r.pick(PROVINCES),
    expo: r.pick(EXPOS),
    std: r.pick(STANDARDS),
    date: `${r.pick([2026, 2027])}年${r.int(1, 12)}月1日`,
    org: r.pick(ctx.orgs),
    supplier: r.pick(ctx.supplierShortNames),
    region: r.pick(REGIONS),
    area: r.int(3, 8),
    nc: r.int(15, 40),
    nx: r.int(3, 12) * 100,
    nv: r.int(3, 12),
  };
}

export function newsItem(
  r: Rng,
  category: (typeof NEWS_CATEGORIES)[number],
  ctx: TTextCtx,
): TText & { source: string; author: string } {
  const vars = newsVars(r, ctx);
  const tpl = r.pick(NEWS_TEMPLATES[category]);
  const lead = fill(tpl.lead, vars);
  const body = r.sample(NEWS_BODY[category], r.int(3, 4)).map((t) => fill(t, vars));
  const content = [p(lead), ...body.map(p), p(NEWS_CLOSING[category])].join('');
  return {
    title: fill(tpl.title, vars),
    summary: firstSentence(lead),
    content,
    source: r.pick(NEWS_SOURCES[category]),
    author: r.chance(0.5) ? '仪采通编辑部' : ctx.person(r),
  };
}

// ---------------------------------------------------------------- technical articles

export const ARTICLE_CATEGORIES = ['应用方案', '技术文章', '操作指南', '维护保养'] as const;

type TLeafTech = { principle: string; parts: readonly string[]; faults: readonly string[] };

/** Leaves the technical articles are written about. */
export const LEAF_TECH: Readonly<Record<string, TLeafTech>> = {
  气相色谱仪: {
    principle: '气相色谱仪以惰性气体作为流动相，样品在进样口汽化后由载气带入色谱柱，各组分依据在固定相与流动相之间分配系数的差异实现分离，再由检测器转换为电信号进行定性定量分析。',
    parts: ['进样口衬管', '进样隔垫', '色谱柱', 'FID 喷嘴', '分流平板', '气体净化管'],
    faults: ['基线漂移', '鬼峰', '峰拖尾', '保留时间漂移', 'FID 点火失败', '灵敏度下降'],
  },
  液相色谱仪: {
    principle: '高效液相色谱仪利用高压输液泵将流动相送入装有固定相的色谱柱，样品中各组分在两相间反复分配而实现分离，经紫外、荧光等检测器检测后得到色谱图。',
    parts: ['单向阀', '柱塞杆密封圈', '在线过滤器', '色谱柱', '氘灯', '进样阀转子'],
    faults: ['系统压力波动', '基线噪声大', '峰分叉', '保留时间漂移', '柱压异常升高', '检测器灵敏度降低'],
  },
  离子色谱仪: {
    principle: '离子色谱以离子交换树脂为固定相，利用待测离子与固定相亲和力的差异实现分离，经抑制器降低背景电导后由电导检测器检测。',
    parts: ['抑制器', '保护柱', '分析柱', '淋洗液发生罐', '泵密封圈'],
    faults: ['背景电导偏高', '水负峰干扰', '保留时间缩短', '系统压力升高'],
  },
  原子吸收光谱仪: {
    principle: '原子吸收光谱法基于待测元素的基态原子蒸气对其特征谱线的吸收，通过测量吸光度的大小确定样品中该元素的含量。',
    parts: ['空心阴极灯', '雾化器', '燃烧头', '石墨管', '撞击球', '废液管路'],
    faults: ['火焰不稳定', '灵敏度偏低', '背景吸收过大', '石墨管寿命短', '重现性差'],
  },
  'ICP-OES': {
    principle: '电感耦合等离子体发射光谱仪利用高温等离子体使样品中的元素原子化并激发，通过测量各元素特征谱线的强度实现多元素同时定量分析。',
    parts: ['炬管', '雾化器', '雾室', '蠕动泵管', '中心管', '光室吹扫系统'],
    faults: ['等离子体熄火', '雾化效率下降', '谱线漂移', '记忆效应', '精密度变差'],
  },
  'ICP-MS': {
    principle: 'ICP-MS 以电感耦合等离子体作为离子源，将样品中的元素电离后经接口和离子透镜引入质量分析器，按质荷比分离检测，具有极低的检出限和宽线性范围。',
    parts: ['采样锥', '截取锥', '炬管', '雾化器', '碰撞反应池', '机械泵油'],
    faults: ['灵敏度下降', '氧化物干扰偏高', '真空度异常', '内标回收率异常', '背景计数偏高'],
  },
  紫外可见分光光度计: {
    principle: '紫外可见分光光度计依据朗伯-比尔定律，测量物质对特定波长紫外或可见光的吸收程度，从而实现定性鉴别和定量分析。',
    parts: ['氘灯', '钨灯', '比色皿', '样品室窗口', '光栅'],
    faults: ['吸光度读数不稳', '波长偏移', '基线平直度差', '杂散光偏高', '光源能量不足'],
  },
  红外光谱仪: {
    principle: '傅里叶变换红外光谱仪利用迈克尔逊干涉仪获取干涉图，再经傅里叶变换得到样品的红外吸收光谱，用于分子结构鉴定和成分分析。',
    parts: ['干燥剂', 'ATR 晶体', '红外光源', '分束器', '检测器'],
    faults: ['能量偏低', '水汽峰干扰', '基线倾斜', '信噪比下降'],
  },
  气相色谱质谱联用仪: {
    principle: 'GC-MS 将气相色谱的高效分离能力与质谱的定性能力相结合，经色谱分离的组分进入离子源电离，按质荷比分离检测，可实现复杂样品的定性定量分析。',
    parts: ['离子源', '灯丝', '进样口衬管', '色谱柱', '前级泵油', '四极杆'],
    faults: ['调谐报告异常', '空气水峰偏高', '灵敏度下降', '灯丝烧断', '质量轴漂移'],
  },
  液相色谱质谱联用仪: {
    principle: 'LC-MS 将液相色谱分离与质谱检测联用，样品经色谱分离后通过电喷雾等离子源离子化，再由质量分析器按质荷比选择检测，特别适合极性强、热不稳定化合物的分析。',
    parts: ['ESI 喷针', '离子传输毛细管', '锥孔', '机械泵', '氮气发生器', '色谱柱'],
    faults: ['离子化效率下降', '基质效应明显', '喷雾不稳定', '真空报警', '灵敏度波动'],
  },
  天平: {
    principle: '电子天平基于电磁力平衡原理，通过测量维持秤盘平衡所需的电磁补偿力来确定被测物体的质量。',
    parts: ['秤盘', '防风罩', '水平泡', '内校砝码机构', '称量室'],
    faults: ['读数漂移', '示值不稳定', '校准失败', '重复性差', '开机自检报错'],
  },
  离心机: {
    principle: '离心机利用转子高速旋转产生的离心力，使悬浮液中密度不同的组分按沉降速度差异分层，从而实现分离、浓缩和纯化。',
    parts: ['转子', '离心套管', '门锁', '驱动电机', '密封圈', '制冷腔体'],
    faults: ['运行振动大', '不平衡报警', '无法达到设定转速', '制冷效果差', '门盖无法打开'],
  },
  pH计: {
    principle: 'pH 计通过玻璃电极与参比电极组成的测量电池，检测溶液中氢离子活度引起的电位变化，并按能斯特方程换算为 pH 值。',
    parts: ['pH 复合电极', '参比液', '电极保护帽', '温度探头'],
    faults: ['读数漂移', '响应缓慢', '斜率偏低', '校准失败', '读数跳动'],
  },
  移液器: {
    principle: '空气置换式移液器通过活塞在套筒内移动形成负压吸液，依靠活塞行程精确控制吸取体积，是实验室最常用的液体定量工具。',
    parts: ['活塞', '密封圈', '吸头套筒', '弹簧'],
    faults: ['漏液', '吸液体积不准', '吸头安装不牢', '按钮卡顿'],
  },
  生物安全柜: {
    principle: 'II 级生物安全柜通过高效过滤的垂直下降气流和前窗流入气流，在操作区形成气幕屏障，同时保护操作者、样品和环境。',
    parts: ['HEPA 过滤器', '紫外灯', '前窗玻璃', '风机', '气流监测器'],
    faults: ['气流报警', '风速偏低', '过滤器阻力增大', '紫外灯不亮', '噪音偏大'],
  },
  干燥箱: {
    principle: '电热鼓风干燥箱通过电加热器加热空气，并由风机强制循环，使箱内温度均匀，实现样品的干燥、烘焙和热处理。',
    parts: ['加热管', '循环风机', '温度传感器', '门封条', '搁板'],
    faults: ['升温缓慢', '温度超调', '温场不均', '风机异响', '控制器报警'],
  },
  实时荧光定量PCR仪: {
    principle: '荧光定量 PCR 在扩增反应体系中加入荧光基团，通过实时监测每个循环的荧光信号累积，根据 Ct 值对起始模板进行定量分析。',
    parts: ['加热模块', '热盖', '光学检测模块', '样品板'],
    faults: ['荧光背景偏高', '扩增曲线异常', '孔间差异大', '温度校准偏差'],
  },
  酶标仪: {
    principle: '酶标仪本质上是一台专用光度计，通过测量微孔板各孔溶液的吸光度、荧光或化学发光信号，完成 ELISA 等检测的定量分析。',
    parts: ['滤光片', '光源', '微孔板托架', '光纤通道'],
    faults: ['读数不稳定', '孔间误差大', '光源能量低', '板架卡滞'],
  },
};

/** Application notes: leaf, method, sample, analyte, standard, preparation kind. */
export const APP_NOTES: readonly (readonly [string, string, string, string, string, number])[] = [
  ['气相色谱仪', '气相色谱法', '白酒', '甲醇及杂醇油', 'GB 5009.266', 3],
  ['液相色谱仪', '高效液相色谱法', '婴幼儿配方奶粉', '维生素A和维生素E', 'GB 5009.82', 0],
  ['液相色谱质谱联用仪', '液相色谱-串联质谱法', '蔬菜', '多种农药残留', 'GB 23200.121', 0],
  ['气相色谱质谱联用仪', '吹扫捕集/气相色谱-质谱法', '饮用水', '挥发性有机物', 'HJ 639', 2],
  ['ICP-MS', '电感耦合等离子体质谱法', '大米', '铅、镉、砷等重金属', 'GB 5009.268', 1],
  ['ICP-OES', '电感耦合等离子体发射光谱法', '土壤', '多种金属元素', 'HJ 781', 1],
  ['原子吸收光谱仪', '石墨炉原子吸收光谱法', '化妆品', '铅', '《化妆品安全技术规范》', 1],
  ['原子荧光光谱仪', '氢化物发生-原子荧光光谱法', '中药材', '砷和汞', '《中国药典》', 1],
  ['离子色谱仪', '离子色谱法', '生活饮用水', '氟、氯、亚硝酸盐、硝酸盐等阴离子', 'GB/T 5750', 3],
  ['紫外可见分光光度计', '钼酸铵分光光度法', '地表水', '总磷', 'GB 11893', 3],
  ['红外光谱仪', '傅里叶变换红外光谱法', '塑料薄膜', '材质', 'GB/T 6040', 3],
  ['拉曼光谱仪', '拉曼光谱法', '药品原辅料', '物料身份', '《中国药典》', 3],
  ['X射线荧光光谱仪', '能量色散 X 射线荧光光谱法', '电子电气产品', 'RoHS 限用元素', 'IEC 62321', 3],
  ['总有机碳分析仪', 'TOC 测定法', '制药用水', '总有机碳', '《中国药典》0682', 3],
  ['卡尔费休水分测定仪', '库仑法', '锂电池电解液', '微量水分', 'GB/T 6283', 3],
  ['差示扫描量热仪', '差示扫描量热法', '聚合物', '玻璃化转变温度', 'GB/T 19466.2', 3],
  ['激光粒度仪', '激光衍射法', '锂电正极材料', '粒度分布', 'GB/T 19077', 3],
  ['凯氏定氮仪', '凯氏定氮法', '乳制品', '蛋白质', 'GB 5009.5', 3],
  ['溶出度仪', '桨法', '口服固体制剂', '溶出曲线', '《中国药典》0931', 3],
  ['实时荧光定量PCR仪', '实时荧光 PCR 法', '食品', '沙门氏菌核酸', 'SN/T 1870', 0],
  ['酶标仪', '酶联免疫吸附法', '饲料', '黄曲霉毒素B1', 'GB/T 17480', 0],
  ['VOCs在线监测系统', '在线气相色谱法', '工业园区环境空气', '挥发性有机物组分', 'HJ 1010', 3],
  ['流式细胞仪', '流式细胞术', '外周血', '淋巴细胞亚群', 'WS/T 360', 3],
  ['扫描电子显微镜', '扫描电镜-能谱联用', '金属断口', '形貌与成分', 'GB/T 17359', 3],
  ['测汞仪', '直接测汞法', '鱼肉', '总汞', 'GB 5009.17', 3],
  ['碳硫分析仪', '高频燃烧红外吸收法', '钢铁', '碳和硫', 'GB/T 20123', 3],
  ['比表面积分析仪', '静态容量法（BET）', '催化剂', '比表面积和孔径分布', 'GB/T 19587', 3],
  ['闪点测定仪', '宾斯基-马丁闭口杯法', '柴油', '闭口闪点', 'GB/T 261', 3],
  ['元素分析仪', '燃烧法', '生物质炭', 'C、H、N、S 含量', 'GB/T 31391', 3],
  ['COD测定仪', '快速消解分光光度法', '工业废水', '化学需氧量', 'HJ/T 399', 3],
  ['液相色谱仪', '高效液相色谱法', '中药饮片', '指标成分含量', '《中国药典》', 0],
  ['气相色谱仪', '顶空气相色谱法', '原料药', '残留溶剂', '《中国药典》0861', 3],
];

const PREPS = [
  '准确称取均质样品 2.0 g 于 50 mL 离心管中，加入提取溶剂 10 mL，涡旋振荡 10 min，超声提取 15 min 后以 8000 r/min 离心 5 min，取上清液经 0.22 μm 滤膜过滤后上机测定。',
  '称取样品 0.5 g 于消解罐中，加入硝酸 6 mL 和过氧化氢 2 mL，按升温程序进行微波消解，冷却后赶酸并用超纯水定容至 25 mL，同时做试剂空白。',
  '量取水样 100 mL，经固相萃取小柱富集，用 5 mL 洗脱溶剂洗脱，氮吹浓缩至近干，用初始流动相定容至 1.0 mL 后测定。',
  '样品按标准要求取样并充分混匀，直接或经简单稀释后按仪器要求装样测定，每个样品平行测定三次取平均值。',
];
const REAGENTS = [
  '甲醇、乙腈（色谱纯），甲酸（质谱纯），超纯水（18.2 MΩ·cm）',
  '硝酸、过氧化氢（优级纯），超纯水（18.2 MΩ·cm），多元素混合标准溶液',
  '正己烷、丙酮、二氯甲烷（农残级），无水硫酸钠',
  '有证标准物质，分析纯试剂，实验室一级水',
];

function appNote(r: Rng, ctx: TTextCtx): TText & { tags: string[] } {
  const [leafName, method, sample, analyte, std, prep] = r.pick(APP_NOTES);
  const leaf = ctx.leaves.find((l) => l.name === leafName) ?? ctx.leaves[0]!;
  const bm = ctx.models(leafName);
  const pick = bm.length ? r.pick(bm) : { brand: r.pick(ctx.intlBrands), model: '' };
  const inst = `${pick.brand} ${pick.model} ${leaf.noun}`.replace(/\s+/g, ' ');
  const title = r.pick([
    `${method}测定${sample}中${analyte}`,
    `基于${pick.brand}${leaf.noun}的${sample}中${analyte}检测方案`,
    `${sample}中${analyte}的${method}分析应用`,
  ]);
  const rec = r.int(85, 95);
  const intro = `${sample}中${analyte}的检测是${r.pick(leaf.apps)}领域的重要工作，${std}规定了相应的检测要求。本文介绍采用${inst}，以${method}测定${sample}中${analyte}的完整方案，供相关实验室参考。`;
  const content = [
    h2('一、前言'),
    p(intro),
    h2('二、仪器与试剂'),
    ul([`仪器：${inst}`, `试剂：${REAGENTS[prep]!}`, '标准物质：有证标准溶液，使用前逐级稀释']),
    h2('三、样品前处理'),
    p(PREPS[prep]!),
    h2('四、仪器条件'),
    ul(ctx.params(r, leafName, 4).map((x) => `${x.name}：${x.value}`)),
    h2('五、结果与讨论'),
    p(`在优化条件下，目标物在标准曲线范围内线性良好，相关系数 r ≥ 0.999；加标回收率为 ${rec}%–${rec + r.int(5, 12)}%，相对标准偏差（RSD）小于 ${r.int(2, 5)}%（n=6），各项指标均满足${std}的要求。`),
    p('实际样品测定结果表明，方法抗干扰能力强，色谱峰（或信号）分离良好，可满足批量样品的快速检测。'),
    h2('六、结论'),
    p(`该方法操作简便、灵敏度高、重现性好，适用于${sample}中${analyte}的日常检测与质量控制。`),
  ].join('');
  return { title, summary: firstSentence(intro, 110), content, tags: [leafName, sample, method] };
}

function techLeaf(r: Rng, ctx: TTextCtx) {
  const name = r.pick(Object.keys(LEAF_TECH));
  const leaf = ctx.leaves.find((l) => l.name === name) ?? ctx.leaves[0]!;
  return { leaf, tech: LEAF_TECH[name]! };
}

function techArticle(r: Rng, ctx: TTextCtx): TText & { tags: string[] } {
  const { leaf, tech } = techLeaf(r, ctx);
  const fault = r.pick(tech.faults);
  const field = r.pick(leaf.apps);
  const n = r.int(5, 8);
  const title = r.pick([
    `${leaf.name}的工作原理与关键技术解析`,
    `选购${leaf.name}时需要重点关注的${n}个参数`,
    `${leaf.name}${fault}的原因分析与解决方法`,
    `浅谈${leaf.name}在${field}中的应用进展`,
    `如何提高${leaf.name}检测结果的准确度与重现性`,
  ]);
  const params = ctx.params(r, leaf.name, Math.min(n, 6));
  const content = [
    h2('原理概述'),
    p(tech.principle),
    h2('关键指标'),
    p(`评价一台${leaf.name}的性能，通常需要关注以下指标，并结合实际检测任务进行取舍：`),
    ul(params.map((x) => `${x.name}：主流产品可达到“${x.value}”，应根据样品类型和检测限要求选择。`)),
    h2('常见问题'),
    p(`在实际使用中，${r.sample(tech.faults, 3).join('、')}等问题较为常见。多数情况下，这些问题与${r.sample(tech.parts, 2).join('、')}的状态、实验条件设置或样品前处理有关，应按照先易后难的顺序逐项排查。`),
    h2('应用展望'),
    p(`随着${field}等领域检测需求的增长，${leaf.name}正朝着更高灵敏度、更高自动化程度和更好数据完整性的方向发展。国产与进口产品的技术差距逐步缩小，用户的选择也更加多样。`),
  ].join('');
  return { title, summary: firstSentence(tech.principle, 110), content, tags: [leaf.name, '技术'] };
}

function sopArticle(r: Rng, ctx: TTextCtx): TText & { tags: string[] } {
  const { leaf, tech } = techLeaf(r, ctx);
  const title = r.pick([
    `${leaf.name}标准操作规程（SOP）`,
    `${leaf.name}日常使用注意事项`,
    `新手如何快速上手${leaf.name}`,
    `${leaf.name}开关机顺序及注意事项`,
    `${leaf.name}校准步骤详解`,
  ]);
  const intro = `本文以实验室常见的${leaf.name}为例，介绍从开机检查到关机记录的完整操作流程，适用于新入职人员培训和日常操作参考。`;
  const content = [
    h2('一、适用范围'),
    p(intro),
    h2('二、开机前检查'),
    ul([
      '确认实验室温湿度符合仪器要求，电源电压稳定、接地良好。',
      `检查${r.pick(tech.parts)}、${r.pick(tech.parts)}等部件状态是否正常，必要时更换。`,
      '查阅仪器使用记录，确认上次使用无遗留问题，仪器在检定或校准有效期内。',
    ]),
    h2('三、操作步骤'),
    ul([
      '按规定顺序开启仪器主机及配套设备，预热至状态稳定。',
      '打开工作站软件，调用或建立分析方法，核对各项参数设置。',
      '按要求进行系统适应性检查或校准，确认结果满足要求后再测定样品。',
      '依次测定空白、标准和样品，过程中注意观察仪器状态，发现异常及时停止。',
      '测定完成后检查数据，按规定审核、保存和备份。',
    ]),
    h2('四、关机与记录'),
    p('测定结束后按规程清洗管路或清理样品区，依次退出软件、关闭主机和辅助设备，如实填写仪器使用记录。'),
    h2('五、注意事项'),
    ul([
      '严禁未经培训人员独立操作仪器。',
      `注意防范${r.pick(tech.faults)}等常见问题，发现异常应记录并报告设备管理员。`,
      '使用有毒有害试剂时做好个人防护，废液按规定分类收集处理。',
    ]),
  ].join('');
  return { title, summary: intro, content, tags: [leaf.name, '操作规程'] };
}

function maintenanceArticle(r: Rng, ctx: TTextCtx): TText & { tags: string[] } {
  const { leaf, tech } = techLeaf(r, ctx);
  const part = r.pick(tech.parts);
  const title = r.pick([
    `${leaf.name}日常维护与保养要点`,
    `${leaf.name}${part}的清洗与更换方法`,
    `如何延长${leaf.name}${part}的使用寿命`,
    `${leaf.name}长期停用后重新启用的步骤`,
    `${leaf.name}常见故障排查指南`,
  ]);
  const intro = `良好的维护保养是${leaf.name}长期稳定运行、检测数据准确可靠的前提。本文结合实际工作经验，总结了${leaf.name}日常维护和定期保养的要点。`;
  const content = [
    h2('一、日常维护'),
    p(intro),
    ul([
      '保持仪器及周边环境清洁，避免灰尘、腐蚀性气体和强磁场干扰。',
      `每次使用后检查${part}的状态，发现污染或磨损及时处理。`,
      '使用符合要求的试剂、气体和耗材，避免杂质进入系统。',
    ]),
    h2('二、定期保养'),
    ul(tech.parts.map((x) => `${x}：按使用频次定期检查、清洁或更换，并做好记录。`)),
    h2('三、常见故障与处理'),
    ul(r.sample(tech.faults, 3).map((f) => `${f}：先检查实验条件和耗材状态，再排查${r.pick(tech.parts)}，仍无法解决时联系厂家工程师。`)),
    h2('四、维护记录'),
    p('建议建立仪器维护保养档案，记录每次维护的时间、内容和更换的部件，为设备的期间核查和故障分析提供依据。'),
  ].join('');
  return { title, summary: firstSentence(intro, 110), content, tags: [leaf.name, '维护保养'] };
}

export function technicalArticle(r: Rng, category: (typeof ARTICLE_CATEGORIES)[number], ctx: TTextCtx) {
  switch (category) {
    case '应用方案':
      return appNote(r, ctx);
    case '技术文章':
      return techArticle(r, ctx);
    case '操作指南':
      return sopArticle(r, ctx);
    case '维护保养':
      return maintenanceArticle(r, ctx);
  }
}

// ---------------------------------------------------------------- store articles, schemes, jobs

export type TStoreCtx = {
  shortName: string;
  companyName: string;
  city: string;
  /** Leaves the supplier sells. */
  leaves: readonly { name: string; noun: string; apps: readonly string[] }[];
  brands: readonly string[];
};

export function storeArticle(r: Rng, s: TStoreCtx, ctx: TTextCtx): TText {
  const leaf = r.pick(s.leaves);
  // a brand that makes this kind of instrument, the supplier's own if it carries one
  const makers = [...new Set(ctx.models(leaf.name).map((m) => m.brand))];
  const own = s.brands.filter((b) => makers.includes(b));
  const brand = own.length ? r.pick(own) : makers.length ? r.pick(makers) : r.pick(s.brands);
  const expo = r.pick(EXPOS);
  const org = r.pick(ctx.orgs);
  const options: (() => TText)[] = [
    () => {
      const lead = `近日，${s.shortName}携多款${leaf.name}参加${expo}，展位吸引了众多专业观众驻足咨询。`;
      return {
        title: `${s.shortName}参加${expo}圆满结束`,
        summary: lead,
        content: [p(lead), p(`展会期间，公司技术工程师现场演示了${brand}${leaf.noun}的操作与应用，并与来自${r.pick(leaf.apps)}等领域的用户进行了深入交流。`), p('感谢各位新老客户的关注与支持，我们将继续为大家提供优质的产品和服务。')].join(''),
      };
    },
    () => {
      const lead = `${s.shortName}现有一批${brand}${leaf.noun}现货，原厂正品、手续齐全，可快速发货并安排工程师上门安装培训。`;
      return {
        title: `${brand}${leaf.noun}现货供应，欢迎垂询`,
        summary: lead,
        content: [p(lead), h2('供货说明'), ul(['原厂授权，提供合法来源证明', '含安装调试与操作培训', '整机质保，终身维护', '支持对公转账与开具增值税专用发票']), p('欢迎通过店铺询价或电话联系我们获取最新报价。')].join(''),
      };
    },
    () => {
      const lead = `近日，${s.shortName}工程师为${org}完成了${leaf.name}的安装调试与验收工作。`;
      return {
        title: `${s.shortName}为${org}完成${leaf.name}安装验收`,
        summary: lead,
        content: [p(lead), p(`安装过程中，工程师严格按照厂家规范完成了仪器就位、调试和性能验证，并对用户进行了为期两天的操作培训，涵盖日常使用、方法建立和维护保养等内容。`), p('用户对安装效率和培训质量给予了高度评价。')].join(''),
      };
    },
    () => {
      const lead = `${leaf.name}品牌型号众多，如何选择适合自己实验室的产品？本文从检测需求、预算和售后等方面给出几点建议。`;
      return {
        title: `关于${leaf.name}选型的几点建议`,
        summary: lead,
        content: [p(lead), h2('明确检测需求'), p(`首先应明确样品类型、检测项目和检测限要求，这是确定${leaf.name}配置的基础。`), h2('关注关键参数'), ul(ctx.params(r, leaf.name, 3).map((x) => `${x.name}：${x.value}`)), h2('重视售后服务'), p('仪器的长期稳定运行离不开及时的售后支持，建议优先选择本地有服务网点的供应商。')].join(''),
      };
    },
    () => {
      const lead = `为帮助用户更好地使用${leaf.name}，${s.shortName}将于近期举办应用技术交流会，欢迎各位用户报名参加。`;
      return {
        title: `${s.shortName}举办${leaf.name}应用技术交流会`,
        summary: lead,
        content: [p(lead), h2('会议内容'), ul([`${leaf.name}原理与新技术介绍`, `${r.pick(leaf.apps)}领域典型应用案例分享`, '日常维护与常见故障处理', '现场答疑与上机演示']), p(`会议地点：${s.city}。名额有限，请通过店铺联系方式报名。`)].join(''),
      };
    },
    () => {
      const lead = `热烈祝贺${s.shortName}正式成为${brand}授权服务商！`;
      return {
        title: `热烈祝贺${s.shortName}成为${brand}授权服务商`,
        summary: lead,
        content: [p(lead), p(`今后，公司将在${s.city}及周边地区为${brand}用户提供原厂标准的安装、维修、保养和培训服务，进一步缩短服务响应时间。`)].join(''),
      };
    },
    () => {
      const lead = `为保障仪器稳定运行，${s.shortName}即日起开放${leaf.name}年度保养服务预约。`;
      return {
        title: `${leaf.name}年度保养服务开始预约`,
        summary: lead,
        content: [p(lead), h2('服务内容'), ul(['全面清洁与功能检查', '易损件检查与更换建议', '性能验证并出具报告', '操作答疑与复训']), p('预约方式：通过店铺在线咨询或拨打服务热线。')].join(''),
      };
    },
  ];
  return r.pick(options)();
}

/** Instruments a testing scheme recommends beside its main instrument. */
const SCHEME_COMPANIONS = ['天平', '超纯水机', '离心机', '微波消解仪', '氮吹仪', '超声波清洗器', '固相萃取仪', '干燥箱'];

const INDUSTRIES = ['食品检测', '环境监测', '药品检验', '高校分析测试中心', '疾控中心理化', '第三方检测', '新材料研发', '石油化工', '临床检验', '半导体'];

export function storeScheme(r: Rng, s: TStoreCtx, ctx: TTextCtx): TText {
  const industry = r.pick(INDUSTRIES);
  const leaves = r.sample(s.leaves, Math.min(s.leaves.length, r.int(3, 5)));
  const note = r.chance(0.4) ? r.pick(APP_NOTES) : null;
  const title = note
    ? `${note[2]}中${note[3]}检测解决方案`
    : r.pick([`${industry}实验室整体解决方案`, `${industry}实验室仪器配置方案`, `${industry}实验室建设与升级方案`]);
  const background = note
    ? `${note[2]}中${note[3]}的检测是相关实验室的常规任务，依据${note[4]}，推荐采用${note[1]}完成检测。${s.shortName}结合多年项目经验，提供从仪器配置到方法验证的一站式解决方案。`
    : `${industry}实验室对检测能力、数据可靠性和运行效率都有较高要求。${s.shortName}根据实验室的检测项目和预算，提供从规划设计、仪器配置到安装培训的整体解决方案。`;
  // a testing scheme: the main instrument plus sample preparation; a lab scheme: the supplier's range
  const main = note ? ctx.leaves.find((l) => l.name === note[0]) : undefined;
  const chosen = main
    ? [main, ...r.sample(ctx.leaves.filter((l) => SCHEME_COMPANIONS.includes(l.name) && l.name !== main.name), r.int(2, 3))]
    : leaves;
  const lines = chosen.map((l) => {
    const ms = ctx.models(l.name);
    const m = ms.length ? r.pick(ms) : null;
    return m ? `${l.noun}：${m.brand} ${m.model}` : l.noun;
  });
  const content = [
    h2('方案背景'),
    p(background),
    h2('推荐配置'),
    ul(lines),
    h2('方案优势'),
    ul(['配置合理，兼顾当前需求与未来扩展', '原厂正品，关键部件可追溯', '提供方法开发与验证支持', '专业工程师驻场安装与培训']),
    h2('服务保障'),
    p(`${s.companyName}在${s.city}设有技术服务团队，提供 7×24 小时电话支持和定期回访，确保仪器长期稳定运行。`),
  ].join('');
  return { title, summary: firstSentence(background, 110), content };
}

const JOBS = [
  { title: '销售工程师', salary: ['8-15K', '10-18K', '面议'], duty: '负责区域内科学仪器的市场开拓与客户维护', need: '化学、生物、仪器等相关专业' },
  { title: '区域销售经理', salary: ['15-25K', '20-30K', '面议'], duty: '负责区域销售团队管理及重点项目跟进', need: '5 年以上仪器行业销售经验' },
  { title: '应用工程师', salary: ['10-18K', '12-20K'], duty: '负责仪器的应用方法开发、用户培训和售前技术支持', need: '分析化学、仪器分析等相关专业，熟悉色谱或光谱操作' },
  { title: '售后服务工程师', salary: ['8-12K', '9-15K'], duty: '负责仪器的安装调试、维修保养和用户培训', need: '电子、机械、化学等相关专业，能适应出差' },
  { title: '技术支持工程师', salary: ['9-15K', '10-16K'], duty: '负责电话与远程技术支持，协助处理用户问题', need: '熟悉常见实验室仪器的原理与操作' },
  { title: '商务助理', salary: ['5-8K', '6-9K'], duty: '负责合同管理、订单跟进和投标文件准备', need: '熟练使用办公软件，细心负责' },
  { title: '市场专员', salary: ['7-12K', '8-13K'], duty: '负责市场活动策划、展会组织和线上推广', need: '市场营销或理工科背景，文字功底好' },
  { title: '产品经理', salary: ['15-25K', '18-30K'], duty: '负责产品线规划、竞品分析和销售支持', need: '3 年以上仪器行业产品或技术经验' },
];

export function recruitment(r: Rng, city: string) {
  const job = r.pick(JOBS);
  const description = [
    p('岗位职责：'),
    ul([`${job.duty}；`, '完成公司下达的工作目标，及时反馈市场与客户信息；', '配合团队完成展会、技术交流会等活动。']),
    p('任职要求：'),
    ul([`${job.need}；`, '具有良好的沟通能力和团队合作精神；', '有相关行业经验者优先。']),
    p('福利待遇：五险一金、带薪年假、节日福利、定期培训、良好的晋升通道。'),
  ].join('');
  return {
    title: job.title,
    city,
    salary: r.pick(job.salary),
    headcount: r.int(1, 3),
    education: r.pick(['大专及以上', '本科', '本科及以上', '硕士']),
    experience: r.pick(['不限', '1-3年', '3-5年', '5年以上', '应届生可投']),
    description,
  };
}

// ---------------------------------------------------------------- notices

export const PLATFORM_NOTICES: readonly { title: string; content: string; link: string | null }[] = [
  {
    title: '欢迎使用仪采通科学仪器采购平台',
    content: '仪采通为科研院所、高校、检测机构和企业提供科学仪器的求购、询价、报价和比价服务。发布求购后，平台认证供应商将在报价截止前为您报价，您可以在线比较各家报价并选择中标供应商。',
    link: '/about',
  },
  {
    title: '关于规范求购信息发布的公告',
    content: '为提高求购信息质量，请采购方在发布求购时如实填写采购数量、技术参数和报价截止时间。含有虚假信息、广告或与仪器采购无关内容的求购将被下架处理。',
    link: '/demand',
  },
  {
    title: '平台系统升级维护通知',
    content: '为提供更稳定的服务，平台将于近期在夜间进行系统升级维护，维护期间部分功能可能短暂无法使用，给您带来的不便敬请谅解。',
    link: null,
  },
  {
    title: '关于防范冒充平台工作人员诈骗的提醒',
    content: '近期有不法分子冒充平台工作人员，以“账户异常”“保证金退还”等名义实施诈骗。仪采通不会通过电话或短信要求您转账或提供验证码，如有疑问请通过平台官方渠道核实。',
    link: null,
  },
  {
    title: '供应商入驻审核标准更新说明',
    content: '自即日起，新入驻供应商需提交营业执照、品牌授权书（如有）及售后服务承诺。已入驻供应商请在店铺后台补充完善相关资料，平台将定期开展资质复核。',
    link: '/service',
  },
];

// ---------------------------------------------------------------- demands

const DEMAND_REASONS = ['新建实验室', '现有设备更新换代', '科研项目需要', '检测能力扩项', '教学实验需要', '质量控制需要', '设备更新项目'];
const DEMAND_TERMS = [
  '设备为全新原厂正品，提供合法来源证明及原厂授权；',
  '报价须含运输、安装调试和操作培训费用；',
  '提供不少于 {w} 年的整机质保，质保期内免费上门维修；',
  '报价含 13% 增值税专用发票；',
  '接到报修后 24 小时内响应，48 小时内到场；',
  '提供近三年同类产品的销售业绩；',
  '交货期不超过合同签订后 {d} 天。',
];

export function demandText(
  r: Rng,
  leaf: { name: string; noun: string; apps: readonly string[] },
  qty: number,
  unit: string,
  /** The demand's parameter table; the first entry is the leaf's defining parameter. */
  params: readonly { name: string; value: string }[],
  brandHint: string | null,
) {
  const key = params[0];
  const title = r.pick([
    `求购${leaf.noun}${qty}${unit}`,
    key && key.value.length <= 16 ? `采购${leaf.noun}（${key.name}${key.value}）` : `采购${leaf.noun}${qty}${unit}`,
    `拟采购${brandHint ? `${brandHint}或同档次` : ''}${leaf.noun}${qty}${unit}`,
    `${leaf.name}采购询价`,
    `${r.pick(leaf.apps)}用${leaf.noun}采购`,
  ]);
  const terms = r.sample(DEMAND_TERMS, r.int(3, 5)).map((t, i) => `${i + 1}. ${fill(t, { w: r.int(1, 3), d: r.pick([30, 45, 60, 90]) })}`);
  const description = [
    `因${r.pick(DEMAND_REASONS)}，拟采购${leaf.noun}${qty}${unit}，主要用于${r.pick(leaf.apps)}相关检测工作。`,
    brandHint ? `参考品牌：${brandHint}，同等档次及以上产品均可报价。` : '品牌不限，欢迎国产和进口品牌报价。',
    '主要技术要求见参数表，具体要求如下：',
    ...terms,
    '请在报价截止前提交报价，并注明品牌、型号、交货期和质保期。',
  ].join('\n');
  return { title, description };
}
