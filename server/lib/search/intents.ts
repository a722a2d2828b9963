// How buyers ask, as data beside the domain dictionary (vocabulary.ts, dictionary.json): the phrasing
// of a request that says nothing about the instrument, what a buyer wants to measure or do mapped to
// the catalogue's instrument kinds (its category names), and English generic instrument words.
// understand.ts and dictionary.ts read these tables; every kind named here must be a category of the
// catalogue (search.test.ts checks), so a new intent is one line here.

/**
 * Words of a request that name no instrument (我想买一台…的仪器, 求购, 报价…): removed before the
 * keyword is matched, unless the buyer asks for the literal words. Longer phrases first is not
 * needed: the longest phrase at a place is removed.
 */
export const REQUEST_PHRASES: readonly string[] = [
  '我想买', '我想要', '我想找', '我要买', '我要找', '我们想买', '我们需要', '我们要', '我需要', '我要', '我想',
  '求购', '采购', '购买', '想买', '想要', '想找', '要买', '需要', '需求', '寻找', '寻购', '求租', '询价', '报价', '价格', '多少钱',
  '请问', '请帮忙', '帮忙', '帮我找', '麻烦', '请', '有没有', '哪里有', '哪里买', '在哪买', '哪家', '推荐', '求推荐', '急需', '急购', '拟购', '订购', '购置',
  '咨询', '供应商', '经销商', '代理商', '厂商', '供应', '厂家', '提供', '有卖', '哪个牌子', '什么牌子', '哪个品牌', '什么品牌', '好用的', '性价比高的', '靠谱的',
  '用什么仪器', '用什么设备', '用什么', '什么仪器', '什么设备', '哪种仪器', '哪种设备', '哪种', '什么样的', '一款', '一种', '实验室', '一下',
];

/** The noun a request ends with (…的仪器, …的设备): removed; after a measured quantity it means 测… (水质的仪器). */
export const INSTRUMENT_WORDS: readonly string[] = ['仪器设备', '检测设备', '检测仪器', '测量仪器', '仪器', '设备', '机器', '装置', '仪表', '工具', '东西', '产品'];

/**
 * Where the thing measured is (检测废水中的COD, 测土壤中重金属): dropped before anything else, so the verb
 * and the thing meet again (检测COD). A word that is part of a catalogue word is never dropped.
 */
export const MEDIA_WORDS: readonly string[] = [
  '水中', '水里', '水样中', '废水中', '污水中', '饮用水中', '土壤中', '土里', '食品中', '样品中', '空气中', '溶液中', '油中', '药品中', '饲料中', '粮食中', '蔬菜中', '水果中',
];

/** Words that introduce a purpose (用于测水分): dropped; after an instrument already named, with the purpose. */
export const PURPOSE_WORDS: readonly string[] = ['适用于', '可用于', '用于', '用来'];

/** Verbs of measuring written before what is measured (测水分, 检测重金属). */
export const MEASURE_VERBS_BEFORE: readonly string[] = ['测', '测量', '测定', '测试', '检测', '监测', '分析', '化验', '检验', '量'];
/** …and after it, with or without the instrument's noun (水分检测, 重金属检测仪, 粒度分析仪). */
export const MEASURE_VERBS_AFTER: readonly string[] = ['检测', '测定', '测量', '测试', '分析', '监测', '化验'];
export const MEASURE_NOUNS_AFTER: readonly string[] = ['', '仪', '仪器', '设备', '计'];
/** …or with the noun right after it (酸碱度计, 浊度仪). */
export const MEASURED_NOUNS: readonly string[] = ['仪', '计', '测定仪', '检测仪', '测试仪', '分析仪', '测量仪'];

export type TIntent = { words: readonly string[]; kinds: readonly string[] };

/**
 * What a buyer wants to measure → the kinds that measure it. The words are combined with the verbs
 * above (测水分, 水分检测仪, 检测水分含量); said alone they stay ordinary words (重金属 finds what
 * names it), except after 的仪器 (水质的仪器 is 测水质).
 */
export const MEASURED: readonly TIntent[] = [
  // Every 卡尔费休水分测定仪 is named a 水分测定仪 too: the one kind finds both.
  { words: ['水分', '含水量', '含水率', '水含量', '水分含量'], kinds: ['水分测定仪'] },
  { words: ['微量水分', '微量水'], kinds: ['卡尔费休水分测定仪'] },
  { words: ['ph', 'ph值', '酸碱度', '酸碱值', '酸度'], kinds: ['pH计'] },
  { words: ['电导率', '电导', '电阻率'], kinds: ['电导率仪'] },
  { words: ['重金属', '重金属含量', '铅', '镉', '砷', '铬', '铅镉', '微量元素', '痕量元素'], kinds: ['原子吸收光谱仪', '原子荧光光谱仪', 'ICP-MS', 'ICP-OES', '测汞仪'] },
  { words: ['汞', '水银', '汞含量'], kinds: ['测汞仪', '原子荧光光谱仪'] },
  { words: ['元素', '元素含量', '碳氢氮', 'chns', '有机元素'], kinds: ['元素分析仪'] },
  { words: ['碳硫', '碳含量', '硫含量', '碳和硫'], kinds: ['碳硫分析仪'] },
  { words: ['温度', '温湿度', '湿度', '环境温湿度'], kinds: ['温湿度记录仪'] },
  { words: ['粒度', '粒径', '颗粒大小', '颗粒度', '粒度分布', '粒径分布', '颗粒粒径', '粒子大小'], kinds: ['激光粒度仪'] },
  { words: ['黏度', '动力黏度', '黏稠度'], kinds: ['黏度计', '运动黏度测定仪'] },
  { words: ['运动黏度', '油品黏度'], kinds: ['运动黏度测定仪'] },
  { words: ['流变', '流变性能', '流变性'], kinds: ['流变仪'] },
  { words: ['重量', '克重'], kinds: ['天平'] },
  { words: ['水质', '水样', '污水', '废水', '饮用水'], kinds: ['水质分析仪器'] },
  { words: ['溶解氧', '浊度', '氨氮', '余氯'], kinds: ['多参数水质分析仪'] },
  { words: ['cod', '化学需氧量'], kinds: ['COD测定仪'] },
  { words: ['toc', '总有机碳', '有机碳'], kinds: ['总有机碳分析仪'] },
  { words: ['噪声', '分贝', '声级', '声音大小'], kinds: ['声级计'] },
  { words: ['烟气', '烟气排放', '锅炉烟气', '尾气'], kinds: ['烟气分析仪'] },
  { words: ['有毒气体', '可燃气体', '气体浓度', '气体', '有害气体', '一氧化碳', '硫化氢', '氧气浓度'], kinds: ['便携式气体检测仪'] },
  { words: ['voc', 'vocs', '挥发性有机物'], kinds: ['VOCs在线监测系统'] },
  { words: ['颗粒物', 'pm25', 'pm10', '粉尘', '扬尘'], kinds: ['颗粒物采样器'] },
  { words: ['农残', '农药残留', '农药'], kinds: ['农药残留检测仪'] },
  { words: ['蛋白质', '蛋白', '粗蛋白', '蛋白质含量', '含氮量', '氮含量'], kinds: ['凯氏定氮仪'] },
  { words: ['脂肪', '粗脂肪', '脂肪含量', '油脂含量'], kinds: ['脂肪测定仪'] },
  { words: ['溶出度', '溶出'], kinds: ['溶出度仪'] },
  { words: ['崩解时限', '崩解'], kinds: ['崩解仪'] },
  { words: ['片剂硬度', '药片硬度'], kinds: ['片剂硬度仪'] },
  { words: ['硬度', '洛氏硬度', '布氏硬度', '维氏硬度', '金属硬度'], kinds: ['硬度计'] },
  { words: ['闪点', '燃点'], kinds: ['闪点测定仪'] },
  { words: ['折光率', '折射率', '糖度', '白利度', 'brix', '含糖量'], kinds: ['折光仪'] },
  { words: ['旋光度', '比旋光度', '旋光'], kinds: ['旋光仪'] },
  { words: ['比表面积', '比表面', '孔径', '孔径分布', '孔隙率'], kinds: ['比表面积分析仪'] },
  { words: ['拉伸强度', '抗拉强度', '拉力', '抗压强度', '弯曲强度', '力学性能', '拉伸性能'], kinds: ['万能材料试验机'] },
  { words: ['冲击强度', '冲击韧性', '冲击功', '抗冲击'], kinds: ['冲击试验机'] },
  { words: ['热稳定性', '热失重', '失重'], kinds: ['热重分析仪'] },
  { words: ['玻璃化转变温度', '玻璃化温度', '熔融焓', '结晶度', '相变温度', '热焓'], kinds: ['差示扫描量热仪'] },
  { words: ['尺寸', '几何尺寸', '形位公差', '工件尺寸'], kinds: ['三坐标测量机', '影像测量仪'] },
  { words: ['电压', '电流', '电阻'], kinds: ['数字万用表'] },
  { words: ['波形', '信号波形'], kinds: ['示波器'] },
  { words: ['吸光度', 'od值'], kinds: ['紫外可见分光光度计', '酶标仪'] },
  { words: ['分子量', '分子量分布'], kinds: ['凝胶渗透色谱仪'] },
  { words: ['基因表达', '病毒核酸', '核酸'], kinds: ['实时荧光定量PCR仪'] },
  { words: ['细胞周期', '细胞表型', '免疫分型'], kinds: ['流式细胞仪'] },
];

/** What a buyer wants done, said as a verb phrase of its own (称重, 烘干样品, 细胞培养). */
export const TASKS: readonly TIntent[] = [
  { words: ['称重', '称量', '称样', '称东西', '称样品', '称量样品'], kinds: ['天平'] },
  { words: ['烘干', '烘干样品', '干燥样品', '烘烤样品', '烘箱干燥'], kinds: ['干燥箱'] },
  { words: ['细胞培养', '培养细胞'], kinds: ['CO2培养箱'] },
  { words: ['微生物培养', '培养细菌', '细菌培养', '培养微生物'], kinds: ['培养箱'] },
  { words: ['样品消解', '消解样品', '微波消解'], kinds: ['微波消解仪'] },
  { words: ['氮吹', '氮吹浓缩', '浓缩样品', '样品浓缩'], kinds: ['氮吹仪'] },
  { words: ['固相萃取', '样品萃取'], kinds: ['固相萃取仪'] },
  { words: ['旋转蒸发', '溶剂回收', '减压蒸馏'], kinds: ['旋转蒸发仪'] },
  { words: ['灰化', '灰分', '灰分测定', '测灰分', '高温灼烧', '灼烧'], kinds: ['马弗炉'] },
  { words: ['离心分离', '分离血清', '离心样品'], kinds: ['离心机'] },
  { words: ['制纯水', '制超纯水', '超纯水', '制备纯水'], kinds: ['超纯水机'] },
  { words: ['移液', '加样', '移取液体'], kinds: ['移液器'] },
  { words: ['超声清洗', '超声波清洗', '清洗器皿'], kinds: ['超声波清洗器'] },
  { words: ['电位滴定', '自动滴定'], kinds: ['自动电位滴定仪'] },
  { words: ['水浴加热', '恒温水浴'], kinds: ['恒温水浴锅'] },
  { words: ['跑电泳', '核酸电泳', '蛋白电泳'], kinds: ['电泳仪'] },
  { words: ['凝胶拍照', '胶图拍照', '凝胶成像'], kinds: ['凝胶成像系统'] },
  { words: ['无菌操作'], kinds: ['生物安全柜'] },
  { words: ['观察细胞', '看细胞'], kinds: ['生物显微镜'] },
  { words: ['金相分析', '金相组织'], kinds: ['金相显微镜'] },
  { words: ['材料拉伸', '拉伸试验'], kinds: ['万能材料试验机'] },
];

/**
 * English generic instrument words → the kinds (English brand names are in vocabulary.ts). Plurals
 * (balances, centrifuges) are derived.
 */
export const ENGLISH_KINDS: Readonly<Record<string, readonly string[]>> = {
  centrifuge: ['离心机'],
  'refrigerated centrifuge': ['离心机'],
  'microcentrifuge': ['离心机'],
  balance: ['天平'],
  'analytical balance': ['天平'],
  'precision balance': ['天平'],
  'lab balance': ['天平'],
  scale: ['天平'],
  'weighing scale': ['天平'],
  microscope: ['生物显微镜', '体视显微镜', '金相显微镜', '扫描电子显微镜'],
  'biological microscope': ['生物显微镜'],
  'stereo microscope': ['体视显微镜'],
  'metallurgical microscope': ['金相显微镜'],
  'electron microscope': ['扫描电子显微镜'],
  'scanning electron microscope': ['扫描电子显微镜'],
  oven: ['干燥箱'],
  'drying oven': ['干燥箱'],
  incubator: ['培养箱'],
  'co2 incubator': ['CO2培养箱'],
  'muffle furnace': ['马弗炉'],
  furnace: ['马弗炉'],
  'water bath': ['恒温水浴锅'],
  pipette: ['移液器'],
  pipettor: ['移液器'],
  'water purification system': ['超纯水机'],
  'ultrapure water system': ['超纯水机'],
  'water purifier': ['超纯水机'],
  'rotary evaporator': ['旋转蒸发仪'],
  rotavap: ['旋转蒸发仪'],
  'ultrasonic cleaner': ['超声波清洗器'],
  sonicator: ['超声波清洗器'],
  'microwave digestion': ['微波消解仪'],
  'nitrogen evaporator': ['氮吹仪'],
  'solid phase extraction': ['固相萃取仪'],
  'ph meter': ['pH计'],
  'conductivity meter': ['电导率仪'],
  titrator: ['自动电位滴定仪'],
  'karl fischer': ['卡尔费休水分测定仪'],
  'karl fischer titrator': ['卡尔费休水分测定仪'],
  'moisture analyzer': ['水分测定仪'],
  'moisture meter': ['水分测定仪'],
  spectrophotometer: ['紫外可见分光光度计', '荧光分光光度计'],
  'uv spectrophotometer': ['紫外可见分光光度计'],
  'uv-vis spectrophotometer': ['紫外可见分光光度计'],
  fluorometer: ['荧光分光光度计'],
  'fluorescence spectrophotometer': ['荧光分光光度计'],
  'gas chromatograph': ['气相色谱仪'],
  'gas chromatography': ['气相色谱仪'],
  'liquid chromatograph': ['液相色谱仪'],
  'liquid chromatography': ['液相色谱仪'],
  'ion chromatograph': ['离子色谱仪'],
  'mass spectrometer': ['质谱仪器'],
  'atomic absorption': ['原子吸收光谱仪'],
  'atomic absorption spectrometer': ['原子吸收光谱仪'],
  'atomic fluorescence': ['原子荧光光谱仪'],
  'infrared spectrometer': ['红外光谱仪'],
  'raman spectrometer': ['拉曼光谱仪'],
  'x-ray fluorescence': ['X射线荧光光谱仪'],
  'elemental analyzer': ['元素分析仪'],
  'carbon sulfur analyzer': ['碳硫分析仪'],
  'mercury analyzer': ['测汞仪'],
  viscometer: ['黏度计'],
  viscosimeter: ['黏度计'],
  rheometer: ['流变仪'],
  'particle size analyzer': ['激光粒度仪'],
  'surface area analyzer': ['比表面积分析仪'],
  'tensile tester': ['万能材料试验机'],
  'universal testing machine': ['万能材料试验机'],
  'hardness tester': ['硬度计'],
  'impact tester': ['冲击试验机'],
  'thermal cycler': ['PCR仪'],
  'real time pcr': ['实时荧光定量PCR仪'],
  'microplate reader': ['酶标仪'],
  'plate reader': ['酶标仪'],
  'plate washer': ['洗板机'],
  'flow cytometer': ['流式细胞仪'],
  'biosafety cabinet': ['生物安全柜'],
  'biological safety cabinet': ['生物安全柜'],
  'electrophoresis': ['电泳仪'],
  'gel imager': ['凝胶成像系统'],
  'gel imaging system': ['凝胶成像系统'],
  'gel doc': ['凝胶成像系统'],
  refractometer: ['折光仪'],
  polarimeter: ['旋光仪'],
  oscilloscope: ['示波器'],
  multimeter: ['数字万用表'],
  'sound level meter': ['声级计'],
  'gas detector': ['便携式气体检测仪'],
  'flue gas analyzer': ['烟气分析仪'],
  'water quality analyzer': ['多参数水质分析仪'],
  'toc analyzer': ['总有机碳分析仪'],
  'cod analyzer': ['COD测定仪'],
  kjeldahl: ['凯氏定氮仪'],
  'dissolution tester': ['溶出度仪'],
  'disintegration tester': ['崩解仪'],
  'flash point tester': ['闪点测定仪'],
  'coordinate measuring machine': ['三坐标测量机'],
  'data logger': ['温湿度记录仪'],
  'temperature data logger': ['温湿度记录仪'],
  'particle sampler': ['颗粒物采样器'],
};
