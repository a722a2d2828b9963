// The facts of every public product that totals and facets count by — category, brand, region,
// price, supplier — held in memory in columns (about 2 MB at 100,000 goods), so a list without a
// keyword counts its total and its brand and region facets in a fraction of a millisecond instead
// of reading every matching row in the database on each new filter set. Built by
// products.repository.ts from one query and kept in the answer cache under the `facts` tag: a write
// to goods, suppliers or brands drops it (NOTIFY, every process) and it is read again.

export type TFactsFilter = {
  /** A category and all its descendants. */
  categoryIds?: number[];
  brandId?: number;
  priceMin?: number;
  priceMax?: number;
  /** Exclusive upper bound. */
  priceBelow?: number;
  province?: string;
  supplierId?: number;
};

export type TFactsRows = {
  category: Int32Array;
  /** 0: no brand. */
  brand: Int32Array;
  /** Index into `provinces`; 0: no region. */
  province: Uint32Array;
  /** NaN: no price (面议). */
  price: Float64Array;
  supplier: Int32Array;
};

export type TCatalogueFacts = TFactsRows & {
  size: number;
  /** Region names by index; index 0 is "no region". */
  provinces: string[];
  /** A region's place in the database's own sort order of names (ties of equal counts). */
  provinceRank: Uint32Array;
  brandNames: Map<number, string>;
  /** The highest id among brandNames (brand counts are kept in an array by id). */
  maxBrand: number;
  /** The rows of each category: a category filter visits only its own rows. */
  categoryRows: Map<number, Int32Array>;
};

type TFacet = { id: number; name: string; count: number };
type TProvinceFacet = { name: string; count: number };

/** Between regions in the loader's list of them (never in a name). */
export const NAME_SEPARATOR = '\u001f';

/** The loader's columns: each a list over the same products in the same order. */
export type TFactsColumns = {
  /** Comma-separated whole numbers. */
  category: string;
  /** Comma-separated whole numbers, 0 for none. */
  brand: string;
  /** Comma-separated prices in fen (whole numbers), empty for none. */
  price: string;
  /** Comma-separated whole numbers. */
  supplier: string;
  /** Region names separated by NAME_SEPARATOR, empty for none. */
  province: string;
};

/** Whole numbers of a comma-separated list, read without making a string of each. */
function wholeNumbers(list: string, size: number): Int32Array {
  const out = new Int32Array(size);
  let k = 0;
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list.charCodeAt(i);
    if (c === 44) {
      out[k++] = n;
      n = 0;
    } else n = n * 10 + (c - 48);
  }
  if (list.length) out[k] = n;
  return out;
}

/** Prices of a comma-separated list of fen (empty: none → NaN), in yuan as the database's decimals read. */
function pricesOf(list: string, size: number): Float64Array {
  const out = new Float64Array(size);
  let k = 0;
  let n = 0;
  let digits = 0;
  let sign = 1;
  // A whole number of fen divided by 100 is the same double as the decimal yuan read as text.
  const end = (): number => (digits ? (sign * n) / 100 : NaN);
  for (let i = 0; i <= list.length; i++) {
    const c = i < list.length ? list.charCodeAt(i) : 44;
    if (c === 44) {
      if (k < size) out[k++] = end();
      n = 0;
      digits = 0;
      sign = 1;
    } else if (c === 45) sign = -1;
    else {
      n = n * 10 + (c - 48);
      digits++;
    }
  }
  return out;
}

/** Reads the loader's columns (one statement's aggregates, far cheaper to carry than a row per product). */
export async function parseFacts(columns: TFactsColumns, brandNames: Map<number, string>, provinceOrder: (names: string[]) => Promise<string[]>): Promise<TCatalogueFacts> {
  let size = columns.supplier ? 1 : 0;
  for (let i = 0; i < columns.supplier.length; i++) if (columns.supplier.charCodeAt(i) === 44) size++;
  const rows: TFactsRows = {
    category: wholeNumbers(columns.category, size),
    brand: wholeNumbers(columns.brand, size),
    province: new Uint32Array(size),
    price: pricesOf(columns.price, size),
    supplier: wholeNumbers(columns.supplier, size),
  };
  const provinceIndex = new Map<string, number>([['', 0]]);
  const provinces = [''];
  const names = size ? columns.province.split(NAME_SEPARATOR) : [];
  for (let i = 0; i < size; i++) {
    const name = names[i]!;
    let p = provinceIndex.get(name);
    if (p === undefined) {
      p = provinces.length;
      provinceIndex.set(name, p);
      provinces.push(name);
    }
    rows.province[i] = p;
  }
  const perCategory = new Map<number, number[]>();
  for (let i = 0; i < size; i++) {
    const list = perCategory.get(rows.category[i]!);
    if (list) list.push(i);
    else perCategory.set(rows.category[i]!, [i]);
  }
  const categoryRows = new Map([...perCategory].map(([id, list]) => [id, Int32Array.from(list)]));
  const provinceRank = new Uint32Array(provinces.length);
  (await provinceOrder(provinces.slice(1))).forEach((name, rank) => {
    const p = provinceIndex.get(name);
    if (p !== undefined) provinceRank[p] = rank + 1;
  });
  let maxBrand = 0;
  for (const id of brandNames.keys()) if (id > maxBrand) maxBrand = id;
  return { ...rows, size, provinces, provinceRank, brandNames, maxBrand, categoryRows };
}

/**
 * Calls `visit` with every row in the filter's categories (each once), or with every row when it
 * names none: a category's rows are visited without reading the others.
 */
function eachCandidate(facts: TCatalogueFacts, f: TFactsFilter, visit: (i: number) => void) {
  if (!f.categoryIds?.length) {
    for (let i = 0; i < facts.size; i++) visit(i);
    return;
  }
  for (const id of new Set(f.categoryIds)) {
    const rows = facts.categoryRows.get(id);
    if (rows) for (let k = 0; k < rows.length; k++) visit(rows[k]!);
  }
}

/** Whether a row passes each condition of `f` other than its categories (eachCandidate's part). */
function matcher(facts: TCatalogueFacts, f: TFactsFilter) {
  // A region the catalogue does not hold matches nothing (index -1 never equals a row's).
  const province = f.province ? facts.provinces.indexOf(f.province) : 0;
  const { brand, price, supplier } = facts;
  const { brandId, supplierId } = f;
  // A row without a price (NaN) fails any price condition, as NULL does in SQL.
  const priced = f.priceMin !== undefined || f.priceMax !== undefined || f.priceBelow !== undefined;
  const [lo, hi, below] = [f.priceMin ?? -Infinity, f.priceMax ?? Infinity, f.priceBelow ?? Infinity];
  return {
    province: f.province ? province : 0,
    /** Every condition but categories, brand and region. */
    rest(i: number): boolean {
      if (supplierId && supplier[i] !== supplierId) return false;
      if (priced) {
        const p = price[i]!;
        if (!(p >= lo && p <= hi && p < below)) return false;
      }
      return true;
    },
    brandOk: (i: number) => !brandId || brand[i] === brandId,
  };
}

/** How many public products pass every condition of `f`. */
export function countFacts(facts: TCatalogueFacts, f: TFactsFilter): number {
  const m = matcher(facts, f);
  if (f.province && m.province < 0) return 0;
  let n = 0;
  eachCandidate(facts, f, (i) => {
    if (m.rest(i) && m.brandOk(i) && (!m.province || facts.province[i] === m.province)) n++;
  });
  return n;
}

/**
 * The brand facet (every condition but the brand) and the region facet (every condition but the
 * region), most first; ties by brand id and by the region's name in the database's order — the
 * same counts and order as the SQL facets of products.repository.ts.
 */
export function factsFacets(facts: TCatalogueFacts, f: TFactsFilter): { brands: TFacet[]; provinces: TProvinceFacet[] } {
  const m = matcher(facts, f);
  const { maxBrand } = facts;
  const byBrand = new Uint32Array(maxBrand + 1);
  const byProvince = new Uint32Array(facts.provinces.length);
  const wanted = f.province ? m.province : 0;
  eachCandidate(facts, f, (i) => {
    if (!m.rest(i)) return;
    const p = facts.province[i]!;
    const b = facts.brand[i]!;
    if (b && b <= maxBrand && (!f.province || p === wanted)) byBrand[b]! += 1;
    if (p && m.brandOk(i)) byProvince[p]! += 1;
  });
  const brands: TFacet[] = [];
  for (let id = 1; id <= maxBrand; id++) {
    const name = byBrand[id] ? facts.brandNames.get(id) : undefined;
    if (name !== undefined) brands.push({ id, name, count: byBrand[id]! });
  }
  brands.sort((a, b) => b.count - a.count || a.id - b.id);
  const provinces: (TProvinceFacet & { rank: number })[] = [];
  for (let p = 1; p < byProvince.length; p++) if (byProvince[p]) provinces.push({ name: facts.provinces[p]!, count: byProvince[p]!, rank: facts.provinceRank[p]! });
  provinces.sort((a, b) => b.count - a.count || a.rank - b.rank);
  return { brands, provinces: provinces.map(({ name, count }) => ({ name, count })) };
}
