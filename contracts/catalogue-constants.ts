// The zod-free part of the catalogue contract: region and kind names, sorts and page paths. Kept
// apart so pages on the first screen (home, product cards) do not pull zod into the first load.

/** Mainland provinces, municipalities and autonomous regions, named as the catalogue stores them. */
export const PROVINCES = [
  '北京市', '天津市', '河北省', '山西省', '内蒙古自治区', '辽宁省', '吉林省', '黑龙江省', '上海市', '江苏省', '浙江省',
  '安徽省', '福建省', '江西省', '山东省', '河南省', '湖北省', '湖南省', '广东省', '广西壮族自治区', '海南省', '重庆市',
  '四川省', '贵州省', '云南省', '西藏自治区', '陕西省', '甘肃省', '青海省', '宁夏回族自治区', '新疆维吾尔自治区',
] as const;

/** The short name for tight spaces: 广东省 → 广东, 广西壮族自治区 → 广西. */
export const provinceLabel = (name: string) => name.replace(/(壮族|回族|维吾尔)?自治区$|[省市]$/, '') || name;

export const SUPPLIER_KINDS = { manufacturer: '生产商', distributor: '经销商', agent: '代理商' } as const;
export type TSupplierKind = keyof typeof SUPPLIER_KINDS;

export const PRODUCT_SORTS = { default: '综合', newest: '最新', price_asc: '价格从低到高', price_desc: '价格从高到低' } as const;
export type TProductSort = keyof typeof PRODUCT_SORTS;

/** Where a product's public detail page lives (SPEC §2). */
export const productPath = (id: number) => `/shop/detail/${id}.html`;
