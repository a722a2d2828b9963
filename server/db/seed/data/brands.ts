// Instrument brands of the demo catalogue with their model numbers per leaf category.

export type TBrandDef = {
  name: string;
  nameEn: string;
  country: string;
  /** products.origin: the country, or 中国·city for domestic makers. */
  origin: string;
  domestic: boolean;
  description: string;
  /** Leaf category name → model numbers. */
  models: Readonly<Record<string, readonly string[]>>;
};

type TModels = Record<string, readonly string[]>;

const intl = (name: string, nameEn: string, country: string, description: string, models: TModels): TBrandDef => ({
  name,
  nameEn,
  country,
  origin: country,
  domestic: false,
  description,
  models,
});

const cn = (name: string, nameEn: string, city: string, description: string, models: TModels): TBrandDef => ({
  name,
  nameEn,
  country: '中国',
  origin: `中国·${city}`,
  domestic: true,
  description,
  models,
});

export const BRANDS: readonly TBrandDef[] = [
  intl('安捷伦', 'Agilent', '美国', '全球领先的生命科学、诊断和应用化学市场仪器供应商，气相色谱、液相色谱及质谱产品线完整，在华设有上海研发与生产基地。', {
    气相色谱仪: ['8890', '8860', '7890B', '7820A', 'Intuvo 9000'],
    液相色谱仪: ['1260 Infinity II', '1290 Infinity II', '1220 Infinity II'],
    凝胶渗透色谱仪: ['1260 Infinity II GPC/SEC'],
    制备液相色谱仪: ['1260 Infinity II Prep'],
    气相色谱质谱联用仪: ['5977C', '8890-5977C', '7000E', '7010C'],
    液相色谱质谱联用仪: ['6470B', '6495C', '6546'],
    'ICP-MS': ['7850', '7900', '8900'],
    'ICP-OES': ['5800', '5900'],
    原子吸收光谱仪: ['240FS AA', '280Z AA'],
    紫外可见分光光度计: ['Cary 60', 'Cary 3500', 'Cary 8454'],
    红外光谱仪: ['Cary 630', 'Cary 670'],
    荧光分光光度计: ['Cary Eclipse'],
    酶标仪: ['BioTek Synergy H1', 'BioTek Epoch 2', 'BioTek Cytation 5'],
    洗板机: ['BioTek 405 TS'],
    溶出度仪: ['708-DS'],
  }),
  intl('岛津', 'Shimadzu', '日本', '创立于1875年的日本分析仪器制造商，产品涵盖色谱、光谱、质谱、材料试验与天平，在中国拥有完善的销售与服务网络。', {
    气相色谱仪: ['GC-2030', 'GC-2014C', 'Nexis GC-2030', 'GC-2010 Pro'],
    液相色谱仪: ['LC-2050C', 'LC-2030C Plus', 'Nexera XS', 'LC-20AT'],
    气相色谱质谱联用仪: ['GCMS-QP2020 NX', 'GCMS-TQ8050 NX', 'GCMS-QP2050'],
    液相色谱质谱联用仪: ['LCMS-8060NX', 'LCMS-8050', 'LCMS-2050', 'LCMS-8045'],
    'ICP-OES': ['ICPE-9820'],
    'ICP-MS': ['ICPMS-2040', 'ICPMS-2050'],
    原子吸收光谱仪: ['AA-7000', 'AA-6880'],
    紫外可见分光光度计: ['UV-1800', 'UV-1900i', 'UV-2600i', 'UV-1280'],
    红外光谱仪: ['IRSpirit', 'IRTracer-100', 'IRXross'],
    荧光分光光度计: ['RF-6000'],
    X射线荧光光谱仪: ['EDX-7200', 'EDX-8100', 'XRF-1800'],
    万能材料试验机: ['AGX-V2', 'AGS-X', 'AGX-V2 300kN'],
    硬度计: ['HMV-G31'],
    差示扫描量热仪: ['DSC-60 Plus'],
    热重分析仪: ['TGA-50', 'DTG-60'],
    激光粒度仪: ['SALD-2300', 'SALD-7500nano'],
    总有机碳分析仪: ['TOC-L CPH', 'TOC-4200'],
    天平: ['ATX224R', 'AUW220D', 'UW620H'],
  }),
  intl('赛默飞', 'Thermo Fisher Scientific', '美国', '全球科学服务领域的领导者，旗下 Thermo Scientific、Applied Biosystems、Invitrogen 等品牌覆盖分析仪器、实验室设备与生命科学。', {
    气相色谱仪: ['TRACE 1610', 'TRACE 1310'],
    液相色谱仪: ['Vanquish Core', 'Vanquish Flex', 'Vanquish Horizon', 'UltiMate 3000'],
    离子色谱仪: ['Dionex Integrion HPIC', 'Dionex Aquion', 'Dionex ICS-6000'],
    气相色谱质谱联用仪: ['ISQ 7610', 'TSQ 9610'],
    液相色谱质谱联用仪: ['TSQ Altis Plus', 'TSQ Quantis Plus', 'Orbitrap Exploris 120'],
    高分辨质谱仪: ['Orbitrap Exploris 480', 'Orbitrap Astral', 'Q Exactive Plus', 'Orbitrap Exploris 240'],
    'ICP-MS': ['iCAP RQ', 'iCAP TQ'],
    'ICP-OES': ['iCAP PRO', 'iCAP PRO XP'],
    原子吸收光谱仪: ['iCE 3500'],
    紫外可见分光光度计: ['Evolution One Plus', 'Evolution 350', 'NanoDrop One'],
    红外光谱仪: ['Nicolet iS20', 'Nicolet iS50', 'Nicolet Summit'],
    拉曼光谱仪: ['DXR3', 'DXR3xi'],
    X射线荧光光谱仪: ["ARL PERFORM'X", 'Niton XL5 Plus'],
    元素分析仪: ['FlashSmart'],
    离心机: ['Sorvall ST 16R', 'Sorvall LYNX 6000', 'Heraeus Pico 17', 'Multifuge X4 Pro'],
    CO2培养箱: ['Heracell VIOS 160i', 'Forma Steri-Cycle i160'],
    生物安全柜: ['1300 Series A2', 'MSC-Advantage'],
    移液器: ['F1-ClipTip', 'Finnpipette F3', 'E1-ClipTip'],
    酶标仪: ['Multiskan SkyHigh', 'Varioskan LUX', 'Multiskan FC'],
    洗板机: ['Wellwash Versa'],
    PCR仪: ['ProFlex', 'SimpliAmp', 'MiniAmp Plus'],
    实时荧光定量PCR仪: ['QuantStudio 5', 'QuantStudio 3', 'QuantStudio 7 Pro'],
    流式细胞仪: ['Attune NxT', 'Attune CytPix'],
    超纯水机: ['Barnstead GenPure Pro', 'Barnstead Smart2Pure'],
    扫描电子显微镜: ['Apreo 2', 'Phenom XL G2', 'Axia ChemiSEM'],
    pH计: ['Orion Star A211', 'Orion Star A214'],
    电导率仪: ['Orion Star A212'],
    多参数水质分析仪: ['Orion Star A329'],
  }),
  intl('沃特世', 'Waters', '美国', '专注液相色谱、质谱与实验室信息学的美国企业，UPLC 超高效液相色谱技术的开创者。', {
    液相色谱仪: ['ACQUITY UPLC H-Class PLUS', 'Alliance e2695', 'Arc HPLC', 'ACQUITY Premier', 'Alliance iS'],
    液相色谱质谱联用仪: ['Xevo TQ-XS', 'Xevo TQ-S micro', 'Xevo TQ Absolute', 'ACQUITY QDa'],
    高分辨质谱仪: ['Xevo G3 QTof', 'SELECT SERIES Cyclic IMS', 'Xevo MRT'],
    凝胶渗透色谱仪: ['ACQUITY APC', 'Alliance GPC'],
    制备液相色谱仪: ['AutoPurification', 'Prep 150 LC', 'Prep 100 SFC'],
  }),
  intl('梅特勒-托利多', 'Mettler Toledo', '瑞士', '全球领先的精密仪器制造商，实验室天平、滴定仪、pH 计和热分析产品享誉业界，在常州、上海设有生产基地。', {
    天平: ['XPR205', 'XPR225DU', 'XSR204', 'MS204TS', 'ME204E', 'ME3002E', 'MS1003TS'],
    水分测定仪: ['HC103', 'HX204', 'HE53'],
    pH计: ['FiveEasy Plus FE28', 'SevenExcellence S400', 'SevenCompact S220', 'FiveGo F2'],
    电导率仪: ['FiveEasy Plus FE38', 'SevenCompact S230', 'SevenExcellence S700'],
    自动电位滴定仪: ['T5', 'T7', 'G20S', 'T9'],
    卡尔费休水分测定仪: ['C20S', 'V20S', 'C30S', 'InMotion KF'],
    移液器: ['Rainin Pipet-Lite XLS+', 'Rainin E4 XLS+', 'Rainin Pipet-Lite Multi'],
    折光仪: ['Excellence R4', 'Refracto 30PX'],
    差示扫描量热仪: ['DSC 3', 'DSC 3+'],
    热重分析仪: ['TGA 2', 'TGA/DSC 3+'],
  }),
  intl('赛多利斯', 'Sartorius', '德国', '德国哥廷根的实验室与生物工艺设备供应商，以高精度天平、移液器和纯水系统著称。', {
    天平: ['Cubis II MCA225S', 'Cubis II MCA524P', 'Quintix 224-1CN', 'Secura 225D-1CN', 'Practum 224-1CN', 'Entris II BCE224I-1S'],
    水分测定仪: ['MA37', 'MA160'],
    移液器: ['Picus 2', 'Tacta', 'mLINE'],
    超纯水机: ['arium pro', 'arium mini', 'arium comfort II'],
    pH计: ['PB-10', 'PP-20'],
    离心机: ['Centrisart A-14C', 'Centrisart D-16C'],
  }),
  intl('珀金埃尔默', 'PerkinElmer', '美国', '拥有八十余年历史的分析仪器企业，原子光谱、分子光谱与热分析产品广泛用于环境、食品和材料领域。', {
    'ICP-OES': ['Avio 550 Max', 'Avio 220 Max'],
    'ICP-MS': ['NexION 2200', 'NexION 1100', 'NexION 5000'],
    原子吸收光谱仪: ['PinAAcle 900T', 'PinAAcle 500', 'PinAAcle 900H'],
    紫外可见分光光度计: ['LAMBDA 365+', 'LAMBDA 1050+', 'LAMBDA 265'],
    红外光谱仪: ['Spectrum Two', 'Spectrum 3'],
    荧光分光光度计: ['FL 6500', 'FL 8500'],
    气相色谱仪: ['Clarus 590', 'Clarus 690'],
    气相色谱质谱联用仪: ['Clarus SQ 8 T', 'GC 2400'],
    差示扫描量热仪: ['DSC 8000', 'DSC 4000'],
    热重分析仪: ['TGA 8000', 'TGA 4000'],
    元素分析仪: ['2400 Series II'],
  }),
  intl('布鲁克', 'Bruker', '德国', '以磁共振、质谱、X 射线与红外拉曼光谱为核心的科学仪器公司，服务于前沿科研与工业质控。', {
    红外光谱仪: ['INVENIO R', 'ALPHA II', 'TENSOR II', 'VERTEX 70v', 'LUMOS II'],
    拉曼光谱仪: ['SENTERRA II', 'MultiRAM', 'BRAVO'],
    X射线荧光光谱仪: ['S2 PUMA', 'S8 TIGER', 'S1 TITAN', 'M4 TORNADO'],
    高分辨质谱仪: ['timsTOF Pro 2', 'timsTOF fleX', 'scimaX', 'impact II'],
  }),
  intl('日立', 'Hitachi High-Tech', '日本', '日立集团旗下的高新技术企业，电子显微镜、分光光度计和热分析仪器在国内高校与企业拥有大量用户。', {
    紫外可见分光光度计: ['UH5300', 'UH4150', 'U-3900'],
    荧光分光光度计: ['F-7100', 'F-4700', 'F-7000'],
    原子吸收光谱仪: ['ZA3000', 'ZA3300'],
    扫描电子显微镜: ['SU3800', 'SU5000', 'Regulus8100', 'TM4000PlusII', 'FlexSEM 1000 II'],
    液相色谱仪: ['Chromaster', 'Primaide', 'LaChromUltra II'],
    差示扫描量热仪: ['NEXTA DSC200'],
    热重分析仪: ['NEXTA STA200'],
    离心机: ['CR22N', 'CP-NX', 'CS150NX'],
  }),
  intl('艾本德', 'Eppendorf', '德国', '总部位于汉堡的生命科学公司，移液器、离心机和 PCR 仪是全球实验室的常用设备。', {
    离心机: ['5424R', '5425', '5810R', '5702', '5910Ri', 'MiniSpin plus', '5430R'],
    移液器: ['Research plus', 'Reference 2', 'Xplorer plus', 'Multipette E3'],
    PCR仪: ['Mastercycler X50s', 'Mastercycler nexus GX2', 'Mastercycler X50a'],
    CO2培养箱: ['CellXpert C170i', 'Galaxy 170 S'],
  }),
  intl('伯乐', 'Bio-Rad', '美国', '生命科学研究与临床诊断产品供应商，电泳、凝胶成像与荧光定量 PCR 产品深受分子生物学实验室信赖。', {
    PCR仪: ['T100', 'C1000 Touch'],
    实时荧光定量PCR仪: ['CFX Opus 96', 'CFX96 Touch', 'CFX Duet', 'CFX Opus 384'],
    酶标仪: ['iMark'],
    洗板机: ['1575 ImmunoWash'],
    电泳仪: ['PowerPac Basic', 'PowerPac HC', 'PowerPac Universal'],
    凝胶成像系统: ['ChemiDoc MP', 'Gel Doc EZ', 'ChemiDoc XRS+', 'Gel Doc Go'],
    流式细胞仪: ['ZE5', 'S3e'],
  }),
  intl('蔡司', 'ZEISS', '德国', '光学与光电子领域的国际企业，显微镜、电子显微镜和工业计量产品在科研与制造业广泛应用。', {
    生物显微镜: ['Axiolab 5', 'Axioscope 5', 'Primostar 3', 'Axio Observer 7'],
    体视显微镜: ['Stemi 508', 'Stemi 305', 'SteREO Discovery.V12', 'SteREO Discovery.V20'],
    金相显微镜: ['Axio Imager 2 Mat', 'Axio Vert.A1 MAT', 'Axioscope 5 MAT'],
    扫描电子显微镜: ['Sigma 360', 'GeminiSEM 460', 'EVO 15', 'Crossbeam 550'],
    三坐标测量机: ['CONTURA', 'PRISMO', 'SPECTRUM II', 'DuraMax'],
  }),
  intl('奥林巴斯', 'Olympus / Evident', '日本', '显微镜与工业检测设备品牌，生物显微镜、体视显微镜及手持式 XRF 在医疗和工业领域应用广泛。', {
    生物显微镜: ['CX23', 'CX33', 'CX43', 'BX53', 'BX43'],
    体视显微镜: ['SZX7', 'SZX16', 'SZ61', 'SZX10'],
    金相显微镜: ['GX53', 'BX53M', 'DSX1000'],
    X射线荧光光谱仪: ['Vanta VCR', 'Vanta VMR'],
  }),
  intl('徕卡', 'Leica Microsystems', '德国', '历史悠久的显微镜制造商，提供从教学到高端科研的光学显微成像解决方案。', {
    生物显微镜: ['DM750', 'DM2000 LED', 'DM6 B', 'DM1000'],
    体视显微镜: ['S9 i', 'M80', 'M205 C', 'EZ4 W'],
    金相显微镜: ['DM2700 M', 'DMi8 M', 'DM4 M'],
  }),
  intl('尼康', 'Nikon', '日本', '尼康仪器提供生物显微镜、体视显微镜和影像测量系统，光学品质稳定可靠。', {
    生物显微镜: ['Eclipse Ei', 'Eclipse Ci-L plus', 'Eclipse Ni-U', 'Eclipse Ts2'],
    体视显微镜: ['SMZ745T', 'SMZ18', 'SMZ800N'],
    金相显微镜: ['Eclipse MA100N', 'Eclipse LV150N'],
    影像测量仪: ['NEXIV VMZ-S3020', 'iNEXIV VMA-2520'],
  }),
  intl('马尔文帕纳科', 'Malvern Panalytical', '英国', '材料表征仪器供应商，激光粒度、Zeta 电位和 X 射线分析产品被广泛用于制药、化工与矿业。', {
    激光粒度仪: ['Mastersizer 3000', 'Mastersizer 3000+ Ultra', 'Zetasizer Pro', 'Zetasizer Ultra'],
    X射线荧光光谱仪: ['Epsilon 4', 'Zetium', 'Epsilon 1'],
    凝胶渗透色谱仪: ['OMNISEC'],
  }),
  intl('耐驰', 'NETZSCH', '德国', '德国热分析仪器专家，DSC、TGA、STA 等产品线齐全，并提供材料热物性测试服务。', {
    差示扫描量热仪: ['DSC 214 Polyma', 'DSC 300 Caliris', 'DSC 204 F1 Phoenix'],
    热重分析仪: ['TG 209 F1 Libra', 'STA 449 F5 Jupiter', 'STA 2500 Regulus'],
    流变仪: ['Kinexus ultra+', 'Kinexus pro+'],
  }),
  intl('英斯特朗', 'Instron', '美国', '材料力学测试设备的代表性品牌，电子万能试验机与冲击试验机广泛用于各类材料实验室。', {
    万能材料试验机: ['5966', '68TM-10', '34SC-5', '68SC-2', '6800 300kN'],
    冲击试验机: ['CEAST 9050', 'CEAST 9350', 'SI-1M'],
    硬度计: ['Wilson Rockwell 574', 'Wilson VH3300'],
  }),
  intl('安东帕', 'Anton Paar', '奥地利', '奥地利格拉茨的精密测量仪器公司，密度、黏度、流变、折光与微波消解产品品类丰富。', {
    流变仪: ['MCR 302e', 'MCR 102e', 'MCR 702e'],
    黏度计: ['ViscoQC 300', 'Lovis 2000 ME'],
    运动黏度测定仪: ['SVM 3001', 'SVM 4001'],
    折光仪: ['Abbemat 3200', 'Abbemat 550'],
    旋光仪: ['MCP 150', 'MCP 5500'],
    闪点测定仪: ['PMA 500', 'ABA 4'],
    比表面积分析仪: ['NOVAtouch', 'Autosorb iQ'],
    微波消解仪: ['Multiwave 7000', 'Multiwave 5000', 'Multiwave GO Plus'],
    激光粒度仪: ['PSA 1190', 'Litesizer DIA 500'],
  }),
  intl('瑞士万通', 'Metrohm', '瑞士', '离子分析领域的专业厂商，电位滴定、卡尔费休水分测定和离子色谱产品在国内拥有众多用户。', {
    自动电位滴定仪: ['OMNIS', '905 Titrando', '888 Titrando', 'Eco Titrator'],
    卡尔费休水分测定仪: ['917 Coulometer', '899 Coulometer', '915 KF Ti-Touch'],
    离子色谱仪: ['930 Compact IC Flex', 'Eco IC', '940 Professional IC Vario'],
    pH计: ['914 pH/Conductometer', '913 pH Meter'],
  }),
  intl('哈希', 'HACH', '美国', '水质分析仪器与试剂的专业品牌，实验室和在线水质监测产品覆盖市政与工业用户。', {
    COD测定仪: ['DR3900', 'DR1900', 'DRB200'],
    多参数水质分析仪: ['HQ2200', 'HQ4300', 'SL1000'],
    总有机碳分析仪: ['QbD1200', 'BioTector B7000i'],
    电导率仪: ['HQ14d'],
  }),
  intl('德图', 'Testo', '德国', '便携式测量仪器制造商，烟气分析、温湿度记录和环境测量产品广泛用于暖通、冷链与环保领域。', {
    烟气分析仪: ['testo 350', 'testo 340', 'testo 300'],
    温湿度记录仪: ['testo 174H', 'testo 176 H1', 'testo 184 H1', 'testo 160 THL'],
    便携式气体检测仪: ['testo 317-3', 'testo 315-3'],
    声级计: ['testo 816-1'],
  }),
  intl('日本电子', 'JEOL', '日本', '电子光学仪器与核磁共振、质谱设备制造商，扫描电镜在材料研究领域口碑良好。', {
    扫描电子显微镜: ['JSM-IT510', 'JSM-IT710HR', 'JSM-7900F', 'JSM-IT800'],
    高分辨质谱仪: ['JMS-T2000GC'],
  }),
  intl('贝克曼库尔特', 'Beckman Coulter', '美国', '临床诊断与生命科学研究设备供应商，离心机和流式细胞仪产品线完整。', {
    离心机: ['Allegra X-30R', 'Avanti JXN-26', 'Optima XPN-100', 'Microfuge 20R'],
    流式细胞仪: ['CytoFLEX', 'CytoFLEX S', 'CytoFLEX LX', 'DxFLEX'],
    激光粒度仪: ['LS 13 320 XR'],
  }),
  intl('福斯', 'FOSS', '丹麦', '食品与农产品分析解决方案供应商，凯氏定氮与脂肪测定系统是行业标准配置。', {
    凯氏定氮仪: ['Kjeltec 8400', 'Kjeltec 9', 'Kjeltec 8200'],
    脂肪测定仪: ['Soxtec 8000', 'Soxtec 2050'],
  }),
  intl('是德科技', 'Keysight', '美国', '电子测量领域的领先企业，示波器、万用表等产品服务于通信、半导体和汽车电子行业。', {
    示波器: ['DSOX1204G', 'DSOX3024T', 'MSOX4154A', 'MXR608B'],
    数字万用表: ['34465A', '34470A', 'U1282A', '34461A'],
  }),
  intl('泰克', 'Tektronix', '美国', '以示波器闻名的测试测量公司，产品覆盖教学、研发与生产测试。', {
    示波器: ['TBS1102C', 'MDO34', 'MSO44', 'MSO58', 'MSO64B'],
    数字万用表: ['DMM6500', 'DMM7510'],
  }),
  intl('福禄克', 'Fluke', '美国', '工业电子测试工具品牌，手持式万用表和温度测量产品坚固耐用。', {
    数字万用表: ['17B+', '87V', '8846A', '15B+', '289C'],
    温湿度记录仪: ['971', '1620A'],
  }),
  intl('海克斯康', 'Hexagon', '瑞典', '工业计量与数字化解决方案供应商，三坐标测量机在汽车与航空制造业装机量大。', {
    三坐标测量机: ['GLOBAL S', 'Tigo SF', 'Leitz PMM-C', 'GLOBAL Classic'],
    影像测量仪: ['Optiv Classic 321GL', 'Optiv Performance 443'],
  }),
  intl('三丰', 'Mitutoyo', '日本', '精密测量仪器制造商，产品从量具到三坐标测量机一应俱全。', {
    三坐标测量机: ['CRYSTA-Apex V 776', 'CRYSTA-Apex V 544', 'STRATO-Apex 574'],
    影像测量仪: ['QV Apex 302', 'QV Active 202', 'QS-L 3017Z/AFC'],
    硬度计: ['HM-210', 'HR-530', 'HH-411'],
  }),
  intl('麦克默瑞提克', 'Micromeritics', '美国', '颗粒与粉体表征仪器专家，比表面积和孔隙度分析仪在催化与新能源领域应用广泛。', {
    比表面积分析仪: ['TriStar II Plus', 'ASAP 2460', 'Gemini VII 2390', '3Flex'],
  }),
  intl('奥豪斯', 'OHAUS', '美国', '称量设备品牌，提供实验室天平、水分测定仪和通用实验室设备，常州工厂面向全球供货。', {
    天平: ['Explorer EX225/AD', 'Pioneer PX224ZH', 'Adventurer AX224ZH', 'Pioneer PX3202ZH'],
    水分测定仪: ['MB120', 'MB27', 'MB95'],
    离心机: ['Frontier FC5515R', 'Frontier FC5306'],
    pH计: ['Starter 3100', 'Starter ST3100'],
    电导率仪: ['Starter 3100C', 'ST3100C'],
  }),
  intl('堀场', 'HORIBA', '日本', '分析与测量系统制造商，拉曼光谱、粒度分析、水质与排放测试产品各具特色。', {
    激光粒度仪: ['LA-960V2', 'LA-350', 'SZ-100V2'],
    拉曼光谱仪: ['LabRAM HR Evolution', 'XploRA PLUS', 'LabRAM Odyssey'],
    X射线荧光光谱仪: ['XGT-9000', 'MESA-50'],
    多参数水质分析仪: ['LAQUA WQ-330', 'U-50'],
    烟气分析仪: ['PG-300', 'ENDA-5000'],
    碳硫分析仪: ['EMIA-Pro', 'EMIA-Expert'],
  }),
  intl('理学', 'Rigaku', '日本', 'X 射线分析仪器专业制造商，X 射线荧光光谱仪在水泥、钢铁和地矿行业应用成熟。', {
    X射线荧光光谱仪: ['ZSX Primus IV', 'NEX DE', 'Supermini200', 'NEX QC+'],
  }),
  intl('力可', 'LECO', '美国', '元素分析与质谱仪器制造商，碳硫分析仪与全二维气相色谱-飞行时间质谱享有盛誉。', {
    碳硫分析仪: ['CS744', 'CS844', 'CS230'],
    元素分析仪: ['CHN628', 'TruMac CN'],
    气相色谱质谱联用仪: ['Pegasus BT', 'Pegasus BT 4D'],
  }),
  intl('元素', 'Elementar', '德国', '德国元素分析仪器制造商，有机元素分析和 TOC 分析产品历史悠久。', {
    元素分析仪: ['UNICUBE', 'vario EL cube', 'rapid MAX N exceed'],
    总有机碳分析仪: ['vario TOC cube', 'enviro TOC'],
  }),
  intl('迈尔斯通', 'Milestone', '意大利', '微波样品前处理与直接测汞技术的代表企业。', {
    测汞仪: ['DMA-80 evo', 'DMA-1'],
    微波消解仪: ['ETHOS UP', 'ETHOS EASY', 'UltraWAVE'],
  }),
  intl('培安', 'CEM', '美国', '微波化学仪器制造商，微波消解与微波合成系统在国内实验室广泛使用。', {
    微波消解仪: ['MARS 6', 'MARS 7', 'Discover SP-D'],
  }),
  intl('步琦', 'BUCHI', '瑞士', '实验室蒸发、提取与纯化设备供应商，旋转蒸发仪是其经典产品。', {
    旋转蒸发仪: ['Rotavapor R-300', 'Rotavapor R-100', 'Rotavapor R-250 Pro'],
    凯氏定氮仪: ['KjelMaster K-375', 'KjelFlex K-360'],
    脂肪测定仪: ['Extraction System B-811', 'FatExtractor E-500'],
    制备液相色谱仪: ['Pure C-850 FlashPrep', 'Pure C-815 Flash'],
  }),
  intl('艾卡', 'IKA', '德国', '实验室混合、加热与蒸发设备制造商，产品以耐用和安全著称。', {
    旋转蒸发仪: ['RV 10 auto', 'RV 8', 'RV 10 digital'],
    黏度计: ['ROTAVISC lo-vi', 'ROTAVISC me-vi'],
    恒温水浴锅: ['HB 10'],
  }),
  intl('宾德', 'BINDER', '德国', '专注于模拟环境箱的德国企业，培养箱、干燥箱和 CO₂ 培养箱温场均匀、运行稳定。', {
    培养箱: ['BD 115', 'KB 240', 'KBF 720'],
    干燥箱: ['FD 115', 'ED 56', 'FP 115'],
    CO2培养箱: ['CB 170', 'C 170'],
  }),
  intl('美墨尔特', 'Memmert', '德国', '德国温控设备制造商，培养箱、干燥箱和水浴锅全部采用不锈钢制造。', {
    培养箱: ['IN55', 'IPP260eco', 'ICH260'],
    干燥箱: ['UN55', 'UF110', 'UF260plus'],
    恒温水浴锅: ['WNB 14', 'WTB 11'],
  }),
  intl('纳博热', 'Nabertherm', '德国', '工业与实验室高温炉制造商，马弗炉产品型号齐全。', {
    马弗炉: ['L 9/11', 'LT 5/12', 'LHT 04/17', 'N 7/H'],
  }),
  intl('艺思高', 'Esco', '新加坡', '实验室洁净与生物安全设备制造商，生物安全柜通过多国认证。', {
    生物安全柜: ['Airstream AC2-4S8-CN', 'Labculture LA2-4A1', 'AC2-6S8-CN'],
    CO2培养箱: ['CelCulture CCL-170B-8'],
  }),
  intl('碧迪', 'BD Biosciences', '美国', '流式细胞术的开创者之一，流式细胞仪与试剂在科研和临床中广泛使用。', {
    流式细胞仪: ['FACSCanto II', 'FACSLyric', 'FACSymphony A1', 'FACSCelesta'],
  }),
  intl('美谷分子', 'Molecular Devices', '美国', '生命科学检测与成像设备供应商，SpectraMax 系列多功能酶标仪应用广泛。', {
    酶标仪: ['SpectraMax iD5', 'SpectraMax ABS Plus', 'SpectraMax M5e'],
    洗板机: ['AquaMax 4000'],
  }),
  intl('罗氏', 'Roche', '瑞士', '全球医疗健康企业，LightCycler 系列荧光定量 PCR 系统在分子诊断领域使用广泛。', {
    实时荧光定量PCR仪: ['LightCycler 480 II', 'LightCycler 96', 'LightCycler PRO'],
  }),
  intl('TA仪器', 'TA Instruments', '美国', '热分析与流变测量领域的专业厂商，DSC、TGA 与旋转流变仪性能领先。', {
    差示扫描量热仪: ['DSC 2500', 'DSC 25', 'Discovery X3'],
    热重分析仪: ['TGA 5500', 'TGA 55', 'SDT 650'],
    流变仪: ['DHR-2', 'HR 20', 'ARES-G2'],
  }),
  intl('博勒飞', 'Brookfield', '美国', '黏度测量领域的经典品牌，旋转黏度计被众多行业标准引用。', {
    黏度计: ['DV2T', 'DV1MLV', 'DV3T', 'DVNext'],
    流变仪: ['RST-CPS+'],
  }),
  intl('兹韦克', 'ZwickRoell', '德国', '材料与构件测试设备制造商，万能试验机、冲击与硬度测试产品齐全。', {
    万能材料试验机: ['Z050', 'Z100 AllroundLine', 'zwickiLine Z5.0', 'Z250'],
    冲击试验机: ['HIT50P', 'HIT450P', 'RKP 450'],
    硬度计: ['ZHU250', 'ZHV30', 'ZHR'],
  }),
  intl('索泰克', 'SOTAX', '瑞士', '制药固体制剂测试设备供应商，溶出、崩解与片剂物理测试仪器符合各国药典。', {
    溶出度仪: ['AT Xtend', 'AT7 Smart', 'AT 7 on-line'],
    崩解仪: ['DT2', 'DT50'],
    片剂硬度仪: ['ST50', 'MT50', 'HT 100'],
  }),
  intl('格哈特', 'Gerhardt', '德国', '德国食品与饲料分析设备制造商，凯氏定氮与脂肪提取系统历史悠久。', {
    凯氏定氮仪: ['VAPODEST 450', 'VAPODEST 300'],
    脂肪测定仪: ['SOXTHERM', 'HYDROTHERM'],
  }),
  intl('爱拓', 'ATAGO', '日本', '折光仪专业制造商，手持、台式与在线折光仪型号丰富。', {
    折光仪: ['RX-5000i', 'DR-A1', 'PAL-1', 'RX-007α'],
    旋光仪: ['AP-300', 'POLAX-2L'],
  }),
  intl('霍尼韦尔', 'Honeywell', '美国', '工业安全与气体检测产品供应商，旗下华瑞（RAE）与 BW 便携式气体检测仪应用广泛。', {
    便携式气体检测仪: ['MultiRAE Lite', 'ToxiRAE Pro', 'BW MicroClip X3', 'MiniRAE 3000'],
  }),
  intl('德尔格', 'Dräger', '德国', '医疗与安全技术公司，便携式气体检测仪广泛用于石化与应急领域。', {
    便携式气体检测仪: ['X-am 2500', 'X-am 8000', 'Pac 6500'],
  }),
  intl('默克', 'Merck Millipore', '德国', '默克生命科学旗下的实验室水系统品牌，Milli-Q 超纯水系统是众多实验室的标准配置。', {
    超纯水机: ['Milli-Q IQ 7000', 'Milli-Q IX 7003', 'Milli-Q EQ 7000', 'Milli-Q Direct 8'],
  }),
  intl('雷尼绍', 'Renishaw', '英国', '精密测量与光谱技术公司，inVia 共聚焦显微拉曼光谱仪是科研领域的主力机型。', {
    拉曼光谱仪: ['inVia Qontor', 'inVia InSpect', 'Virsa'],
  }),
  cn('天美', 'Techcomp', '上海', '国内较早从事分析仪器研发制造的企业之一，气相、液相色谱及光谱产品服务于环保、石化和高校用户。', {
    气相色谱仪: ['GC7980', 'GC7900', 'GC7990'],
    液相色谱仪: ['LC2000', 'LC3000', 'LC2130'],
    紫外可见分光光度计: ['UV2600A', 'UV1100', 'UV2310II'],
    荧光分光光度计: ['FL970', 'FL4600'],
    原子吸收光谱仪: ['AA2610', 'AA2630'],
  }),
  cn('普析通用', 'Persee', '北京', '北京普析通用仪器有限责任公司，国产光谱仪器龙头企业，紫外、原子吸收和原子荧光产品保有量大。', {
    紫外可见分光光度计: ['T6新世纪', 'TU-1901', 'TU-1810', 'TU-1950', 'T10CS'],
    原子吸收光谱仪: ['TAS-990', 'A3', 'A3AFG', 'TAS-990AFG'],
    原子荧光光谱仪: ['PF6', 'PF7', 'PF52'],
    气相色谱仪: ['G5', 'GC1100'],
    液相色谱仪: ['L600', 'L610'],
    'ICP-OES': ['TCP-7100'],
    X射线荧光光谱仪: ['XD-3', 'XF-8'],
    红外光谱仪: ['FTIR-7600'],
    农药残留检测仪: ['PR-12', 'PR-24'],
  }),
  cn('上海仪电', 'INESA', '上海', '上海仪电科学仪器股份有限公司，旗下雷磁、精科、分析等老字号品牌覆盖电化学、光学与天平产品。', {
    pH计: ['雷磁 PHS-3C', '雷磁 PHS-3E', '雷磁 PHSJ-4F', '雷磁 PHS-25'],
    电导率仪: ['雷磁 DDS-307A', '雷磁 DDSJ-308F', '雷磁 DDS-11A'],
    自动电位滴定仪: ['雷磁 ZDJ-4B', '雷磁 ZDJ-5B', '雷磁 ZDCL-2'],
    卡尔费休水分测定仪: ['雷磁 ZDJ-2S', '雷磁 KLS-411'],
    紫外可见分光光度计: ['752N', 'L5S', 'L6S', 'UV759CRT'],
    折光仪: ['WAY-2S', '2WAJ', 'WYA-2S'],
    旋光仪: ['WZZ-2B', 'SGW-1', 'SGW-3', 'SGW-5'],
    天平: ['FA2004N', 'FA1004', 'JA5003N'],
    多参数水质分析仪: ['雷磁 DZS-708L', '雷磁 DZB-712F'],
    荧光分光光度计: ['F97Pro', 'F98'],
    原子吸收光谱仪: ['4530F', 'AA320N'],
    气相色谱仪: ['GC112A', 'GC128'],
  }),
  cn('聚光科技', 'FPI', '杭州', '聚光科技（杭州）股份有限公司，环境监测与工业过程分析仪器的国内主要供应商。', {
    VOCs在线监测系统: ['GC-955', 'VOCs-1000', 'AQMS-900VT'],
    烟气分析仪: ['CEMS-2000B', 'CEMS-2000B XF'],
    便携式气体检测仪: ['GT-903', 'SG-2000'],
    气相色谱质谱联用仪: ['Mars-400 Plus', 'Mars-600'],
    多参数水质分析仪: ['WQS-100', 'Kbox-9000'],
    COD测定仪: ['CODG-3000', 'CODmax plus'],
  }),
  cn('谱育科技', 'EXPEC', '杭州', '杭州谱育科技发展有限公司，专注质谱、光谱等高端分析仪器自主研发。', {
    'ICP-MS': ['EXPEC 7000', 'EXPEC 7350', 'SUPEC 7000'],
    'ICP-OES': ['EXPEC 6500', 'EXPEC 6000D'],
    气相色谱质谱联用仪: ['EXPEC 5210', 'EXPEC 5231'],
    液相色谱质谱联用仪: ['EXPEC 5220', 'EXPEC 5350'],
    VOCs在线监测系统: ['EXPEC 2000', 'EXPEC 2200'],
    测汞仪: ['EXPEC 1800'],
  }),
  cn('钢研纳克', 'NCS', '北京', '钢研纳克检测技术股份有限公司，冶金分析仪器与检测服务的国家队。', {
    'ICP-OES': ['Plasma 2000', 'Plasma 3000'],
    碳硫分析仪: ['CS-2800', 'CS-3000', 'CS-8800'],
    元素分析仪: ['ONH-3000'],
  }),
  cn('海光仪器', 'Haiguang', '北京', '北京海光仪器有限公司，原子荧光光谱仪的开创者之一。', {
    原子荧光光谱仪: ['AFS-8520', 'AFS-9700', 'AFS-8220', 'AFS-9750'],
    原子吸收光谱仪: ['GGX-610', 'GGX-810'],
    测汞仪: ['HG-9602'],
  }),
  cn('吉天仪器', 'Titan', '北京', '北京吉天仪器有限公司，专注原子荧光与测汞仪器研发。', {
    原子荧光光谱仪: ['AFS-933', 'AFS-9760', 'AFS-9330'],
    测汞仪: ['AMA-10'],
  }),
  cn('天瑞仪器', 'Skyray', '昆山', '江苏天瑞仪器股份有限公司，X 荧光光谱仪与质谱仪器国产化的代表企业。', {
    X射线荧光光谱仪: ['EDX1800B', 'EDX3600B', 'EDX6000B', 'Explorer 9000'],
    'ICP-MS': ['ICP-MS 2000', 'ICP-MS 3000'],
    气相色谱质谱联用仪: ['GC-MS 6800', 'GC-MS 6800 Premium'],
    'ICP-OES': ['ICP 3000'],
    液相色谱仪: ['LC-310', 'LC-320'],
    原子吸收光谱仪: ['AAS 6000'],
  }),
  cn('力辰科技', 'Lichen', '上海', '上海力辰邦西仪器科技有限公司，提供干燥箱、培养箱、旋转蒸发仪等通用实验室设备。', {
    干燥箱: ['101-2BS', 'DHG-9146A', '101-1AB'],
    培养箱: ['SPX-150B', 'SHP-150', 'MJ-250'],
    恒温水浴锅: ['HH-4', 'HH-6', 'HH-S28s'],
    马弗炉: ['SX2-4-10', 'SX2-5-12', 'SX2-10-13'],
    旋转蒸发仪: ['RE-52AA', 'RE-2000A', 'RE-3000A'],
    离心机: ['TD5A', 'TG16-WS', 'LC-LX-H185C'],
  }),
  cn('一恒', 'Yiheng', '上海', '上海一恒科学仪器有限公司，温控类实验室设备的知名制造商。', {
    干燥箱: ['DHG-9070A', 'DHG-9140A', 'DHG-9240A', 'BPG-9106A'],
    培养箱: ['LRH-150', 'LRH-250', 'BPS-250CB', 'MJ-150-I'],
    CO2培养箱: ['BPN-80CW', 'BPN-150CRH'],
    马弗炉: ['SX2-4-10N', 'SX2-8-10TP'],
    恒温水浴锅: ['DK-S24', 'HWS-24'],
  }),
  cn('精宏', 'Jinghong', '上海', '上海精宏实验设备有限公司，生产干燥箱、培养箱与恒温水浴等产品三十余年。', {
    干燥箱: ['DHG-9053A', 'DHG-9145A', 'DZF-6050'],
    培养箱: ['SHP-250', 'DNP-9082', 'DNP-9162'],
    恒温水浴锅: ['DK-S22', 'DK-8D', 'DK-S26'],
  }),
  cn('博迅', 'Boxun', '上海', '上海博迅医疗生物仪器股份有限公司，生物安全柜与培养类设备制造商。', {
    生物安全柜: ['BSC-1100IIA2-X', 'BSC-1300IIA2-X', 'BSC-1500IIA2-X'],
    培养箱: ['BSP-250', 'BSG-250', 'SPX-250B-Z'],
    干燥箱: ['BGZ-146', 'GZX-9140MBE', 'BGZ-240'],
  }),
  cn('湘仪', 'Xiangyi', '长沙', '湖南湘仪实验室仪器开发有限公司，国内离心机行业的骨干企业。', {
    离心机: ['H1850R', 'L550', 'TGL-16M', 'H2050R', 'TDZ5-WS', 'L420'],
  }),
  cn('大龙', 'DLAB', '北京', '大龙兴创实验仪器（北京）股份公司，移液器与通用实验室设备品牌。', {
    移液器: ['dPette', 'TopPette', 'MicroPette Plus', 'dPette+'],
    离心机: ['D1008', 'D3024R', 'DM0412', 'DM0636'],
    旋转蒸发仪: ['RE100-Pro', 'RE200-S'],
  }),
  cn('舜宇', 'Sunny', '宁波', '舜宇光学科技旗下显微镜品牌，生物与体视显微镜性价比突出。', {
    生物显微镜: ['EX20', 'RX50', 'EX31'],
    体视显微镜: ['SZN71', 'SZM45', 'SZX12'],
    金相显微镜: ['ICX41M', 'RX50M'],
  }),
  cn('麦克奥迪', 'Motic', '厦门', '麦克奥迪实业集团旗下显微镜品牌，产品远销全球。', {
    生物显微镜: ['BA210', 'BA310', 'Panthera C2'],
    体视显微镜: ['SMZ-171', 'SMZ-161'],
    金相显微镜: ['AE2000MET', 'BA310MET'],
  }),
  cn('新芝', 'Scientz', '宁波', '宁波新芝生物科技股份有限公司，超声与样品前处理设备制造商。', {
    超声波清洗器: ['SB-5200DTD', 'SB-120DT', 'SB-800DTD'],
  }),
  cn('舒美', 'KQ', '昆山', '昆山市超声仪器有限公司，舒美牌超声波清洗器在国内实验室普及率高。', {
    超声波清洗器: ['KQ-500DE', 'KQ-300DE', 'KQ-250DB', 'KQ5200E'],
  }),
  cn('博日', 'Bioer', '杭州', '杭州博日科技股份有限公司，PCR 仪与分子诊断仪器的国产主力品牌。', {
    PCR仪: ['TC-96/G/H(b)C', 'GenePro', 'TC-EA'],
    实时荧光定量PCR仪: ['LineGene 9600 Plus', 'Quantgene 9600', 'FQD-96A'],
  }),
  cn('宏石', 'Hongshi', '上海', '上海宏石医疗科技有限公司，专注荧光定量 PCR 仪研发。', {
    实时荧光定量PCR仪: ['SLAN-96S', 'SLAN-96P', 'SLAN-48P'],
  }),
  cn('东西分析', 'EWAI', '北京', '北京东西分析仪器有限公司，色谱与原子吸收产品服务于环保、疾控和高校。', {
    气相色谱仪: ['GC-4000A', 'GC-4100', 'GC-4000SD'],
    原子吸收光谱仪: ['AA-7020', 'AA-7050', 'AA-7090'],
    液相色谱仪: ['LC-5510', 'LC-6000'],
    紫外可见分光光度计: ['UV-2102C', 'UV-2000'],
  }),
  cn('禾信仪器', 'Hexin', '广州', '广州禾信仪器股份有限公司，国产质谱仪器的代表企业。', {
    VOCs在线监测系统: ['SPIMS 3000', 'AC-GCMS 1000'],
    液相色谱质谱联用仪: ['LC-TQ 5200', 'CMI-1600'],
  }),
  cn('三思纵横', 'SUNS', '深圳', '深圳三思纵横科技股份有限公司，材料试验机的国内知名品牌。', {
    万能材料试验机: ['UTM5105', 'UTM4304', 'UTM6104', 'UTM5305'],
    冲击试验机: ['ZBC7251-B', 'ZBC2452-C', 'PTM2200'],
  }),
  cn('华银', 'HuaYin', '莱州', '莱州华银试验仪器有限公司，硬度计与冲击试验机专业制造商。', {
    硬度计: ['HB-3000B', 'HR-150A', 'HV-1000', 'HBRV-187.5', 'HVS-1000'],
    冲击试验机: ['JB-300B', 'JBW-500'],
  }),
  cn('普源精电', 'RIGOL', '苏州', '普源精电科技股份有限公司，国产通用电子测量仪器的领军企业。', {
    示波器: ['DHO914S', 'DS1202Z-E', 'MSO5074', 'DHO1204', 'MSO8204'],
    数字万用表: ['DM3058E', 'DM3068', 'DM858'],
  }),
  cn('鼎阳', 'SIGLENT', '深圳', '深圳市鼎阳科技股份有限公司，示波器与信号源产品畅销海内外。', {
    示波器: ['SDS2104X Plus', 'SDS1202X-E', 'SDS6204A', 'SDS804X HD'],
    数字万用表: ['SDM3045X', 'SDM3065X', 'SDM3055'],
  }),
  cn('优利德', 'UNI-T', '东莞', '优利德科技（中国）股份有限公司，手持与台式测试仪表制造商。', {
    数字万用表: ['UT61E+', 'UT171C', 'UT8805E', 'UT89XD'],
    示波器: ['UPO1102CS', 'MSO3054E', 'UTD2102CEX+'],
    温湿度记录仪: ['UT330TH', 'UT333S'],
    声级计: ['UT353BT', 'UT351'],
    便携式气体检测仪: ['UT334A', 'UT337A'],
  }),
  cn('天准科技', 'TZTEK', '苏州', '苏州天准科技股份有限公司，影像测量仪与工业视觉装备供应商。', {
    影像测量仪: ['VMQ300', 'VMU322', 'VMG500'],
  }),
  cn('思瑞测量', 'Serein', '青岛', '思瑞测量技术（深圳）有限公司，国内三坐标测量机主要生产商。', {
    三坐标测量机: ['Croma Plus 8106', 'Explorer 07.10.07', 'Croma 564'],
  }),
  cn('路格', 'LUGE', '杭州', '杭州路格科技有限公司，温湿度记录仪与冷链监测产品制造商。', {
    温湿度记录仪: ['L95-82', 'L95-4', 'L99-TWS-2'],
  }),
  cn('爱华仪器', 'Aihua', '杭州', '杭州爱华仪器有限公司，声学测量仪器的国内骨干企业。', {
    声级计: ['AWA5688', 'AWA6228+', 'AWA5636'],
  }),
  cn('崂应', 'Laoying', '青岛', '青岛崂山应用技术研究所，环境监测采样仪器的知名品牌。', {
    颗粒物采样器: ['2050', '2030', '2034', '3012H'],
    烟气分析仪: ['3026', '3023', '3012H-D'],
  }),
  cn('连华科技', 'Lianhua', '北京', '连华永兴（北京）科技发展有限公司，COD 快速测定法的发明者，水质分析仪器专业厂商。', {
    COD测定仪: ['5B-3C', 'LH-3BA', '5B-6C'],
    多参数水质分析仪: ['LH-P300', '5B-6P'],
  }),
  cn('海能技术', 'Hanon', '济南', '海能未来技术集团股份有限公司，凯氏定氮、脂肪测定等食品检测仪器制造商。', {
    凯氏定氮仪: ['K1100', 'K9840', 'K1160'],
    脂肪测定仪: ['SOX406', 'SOX500', 'SOX606'],
  }),
  cn('天大天发', 'Tianfa', '天津', '天津市天大天发科技有限公司，药物溶出度仪等药检仪器制造商。', {
    溶出度仪: ['RC806D', 'ZRS-8G', 'RC-8D'],
    崩解仪: ['ZB-1E', 'BJ-3'],
    片剂硬度仪: ['YD-20KZ', '78X-2'],
  }),
  cn('黄海药检', 'Huanghai', '上海', '上海黄海药检仪器有限公司，药物制剂检测仪器的老牌企业。', {
    溶出度仪: ['RC-8DS', 'RCZ-8M', 'RCZ-12A'],
    崩解仪: ['LB-2D', 'ZB-1D'],
    片剂硬度仪: ['YD-35', 'YPD-300D', 'YPD-500'],
  }),
  cn('昌吉', 'Changji', '上海', '上海昌吉地质仪器有限公司，石油产品分析仪器制造商。', {
    闪点测定仪: ['SYD-3536', 'SYD-261D', 'SYD-261-1'],
    运动黏度测定仪: ['SYD-265H', 'SYD-265E', 'SYD-265D-1'],
  }),
  cn('百特', 'Bettersize', '丹东', '丹东百特仪器有限公司，激光粒度仪与粉体特性测试仪国产龙头。', {
    激光粒度仪: ['Bettersize 2600', 'Bettersize 3000 Plus', 'BT-9300ST'],
  }),
  cn('精微高博', 'JWGB', '北京', '北京精微高博科学技术有限公司，比表面积及孔径分析仪专业制造商。', {
    比表面积分析仪: ['JW-BK200C', 'JW-BK300', 'JW-TB400'],
  }),
  cn('睿科', 'Reeko', '厦门', '睿科集团（厦门）股份有限公司，自动化样品前处理设备供应商。', {
    固相萃取仪: ['Fotector Plus', 'Fotector-06HT'],
    氮吹仪: ['AutoEVA-20', 'AutoEVA-60'],
  }),
  cn('奥盛仪器', 'Allsheng', '杭州', '杭州奥盛仪器有限公司，氮吹仪与小型生命科学设备制造商。', {
    氮吹仪: ['MD200-2', 'MD200-1', 'MD200-3'],
    固相萃取仪: ['Auto SPE-06D'],
  }),
  cn('屹尧科技', 'Preekem', '上海', '上海屹尧仪器科技发展有限公司，微波化学与样品前处理设备制造商。', {
    微波消解仪: ['TOPEX+', 'WX-8000', 'TOPEX Plus'],
  }),
  cn('优普', 'Ulupure', '成都', '成都超纯科技有限公司，实验室超纯水系统制造商。', {
    超纯水机: ['UPR-II-10T', 'UPT-II-20T', 'UPH-IV-10T'],
  }),
  cn('国仪量子', 'CIQTEK', '合肥', '国仪量子技术（合肥）股份有限公司，国产扫描电镜与量子精密测量仪器企业。', {
    扫描电子显微镜: ['SEM3200', 'SEM5000X', 'SEM4000Pro'],
  }),
  cn('天能', 'Tanon', '上海', '上海天能生命科学有限公司，凝胶成像与电泳产品制造商。', {
    凝胶成像系统: ['Tanon 5200', 'Tanon 2500', 'Tanon 4600'],
    电泳仪: ['EPS 300', 'EPS 600'],
  }),
  cn('六一仪器', 'Liuyi', '北京', '北京市六一仪器厂，国内电泳仪器的老字号。', {
    电泳仪: ['DYY-6C', 'DYY-6D', 'DYCP-31DN'],
  }),
  cn('托普云农', 'Top Cloud-agri', '杭州', '浙江托普云农科技股份有限公司，农业与食品快检仪器供应商。', {
    农药残留检测仪: ['TPNC-12', 'TPNC-24', 'TPNC-6'],
  }),
  cn('美谱达', 'Mapada', '上海', '上海美谱达仪器有限公司，紫外可见分光光度计专业制造商。', {
    紫外可见分光光度计: ['UV-1800PC', 'UV-6100', 'UV-3100PC', 'V-1100D'],
  }),
  cn('盛瀚', 'Shenghan', '青岛', '青岛盛瀚色谱技术有限公司，国产离子色谱仪主要生产商。', {
    离子色谱仪: ['CIC-D120', 'CIC-D160', 'CIC-D300'],
  }),
  cn('海尔生物', 'Haier Biomedical', '青岛', '青岛海尔生物医疗股份有限公司，生物安全与低温存储设备供应商。', {
    生物安全柜: ['HR1500-IIA2', 'HR1200-IIA2-X', 'HR1800-IIB2'],
    CO2培养箱: ['HCP-168', 'HCP-258'],
  }),
];
