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

/** The pages of a supplier's store, /store/{uid}/{page} ('' is its home, SPEC §2): any other address there is not a page. */
export const STORE_PAGES = ['', 'allProducts', 'companyProfile', 'goods-details', 'store-article', 'store-article-theme2', 'store-scheme', 'store-scheme-theme2', 'storeArticleDetails', 'talent-recruitment'] as const;

/**
 * The shop's price bands: half-open, a price belongs to exactly one (¥200,000 is in 20万-100万,
 * not in 5万-20万). `min` is included, `below` is not; the server filters priceMin ≤ price < priceBelow.
 */
export const PRICE_BANDS: readonly { label: string; min?: number; below?: number }[] = [
  { label: '1万以下', below: 10_000 },
  { label: '1万-5万', min: 10_000, below: 50_000 },
  { label: '5万-20万', min: 50_000, below: 200_000 },
  { label: '20万-100万', min: 200_000, below: 1_000_000 },
  { label: '100万以上', min: 1_000_000 },
];
