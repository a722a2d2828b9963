// Search that understands how buyers ask (issue 34), through the shop's API on a small catalogue of
// its own (a few kinds whose names the examples confused): a request sentence, a measuring
// intent, 粘/黏, pH against CPH and Phoenix, English generic words, what is said back and literal=1 —
// and the same understanding in the store search, the supplier back office and quick-inquiry routing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { markedRanges } from '../../../contracts/search-terms.js';
import { inquiries, products } from '../../db/schema.js';
import { searchTokensValue } from '../../lib/search-tokens.js';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';
import { makeBrand, makeCategory, makeProduct } from './catalogue.fixtures.js';

type TBody<T> = { code: number; msg: string; data: T };
type TCard = { id: number; name: string; model: string | null; categoryName: string | null; supplierId: number };
type TList = { items: TCard[]; total: number; terms: string[]; partial: boolean; understood: string | null };

let t: TTestApp;
const get = async <T>(url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return (res.json() as TBody<T>).data;
};
const search = (keyword: string, extra: Record<string, string> = {}) => get<TList>(`/api/products?${new URLSearchParams({ keyword, pageSize: '50', ...extra }).toString()}`);
const kinds = (r: TList) => [...new Set(r.items.map((i) => i.categoryName))].sort();

/** Suppliers by what they sell, and their members (for the back office). */
const sellers: Record<'moisture' | 'water' | 'lab', { supplierId: number; auth: Record<string, string>; uid: string }[]> = { moisture: [], water: [], lab: [] };

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.database.db;
  // The catalogue's tree, as far as these kinds go (server/db/seed/data/categories.ts).
  const tree: Record<string, [string, string]> = {
    水分测定仪: ['实验室常用设备', '称量设备'],
    天平: ['实验室常用设备', '称量设备'],
    离心机: ['实验室常用设备', '分离与浓缩设备'],
    卡尔费休水分测定仪: ['分析仪器', '电化学仪器'],
    pH计: ['分析仪器', '电化学仪器'],
    原子吸收光谱仪: ['分析仪器', '光谱仪器'],
    COD测定仪: ['环境监测仪器', '水质分析仪器'],
    总有机碳分析仪: ['环境监测仪器', '水质分析仪器'],
    多参数水质分析仪: ['环境监测仪器', '水质分析仪器'],
    差示扫描量热仪: ['物性测试仪器', '热分析仪器'],
    黏度计: ['物性测试仪器', '颗粒与流变测试'],
  };
  const ids = new Map<string, number>();
  const category = async (name: string, parent: string | null, level: number) => {
    if (!ids.has(name)) ids.set(name, (await makeCategory(db, { name, parentId: parent ? ids.get(parent)! : 0, level })).id);
    return ids.get(name)!;
  };
  for (const [leaf, [top, group]] of Object.entries(tree)) {
    await category(top, null, 1);
    await category(group, top, 2);
    await category(leaf, group, 3);
  }
  const brand = async (name: string, nameEn: string) => makeBrand(db, { name, nameEn });
  const [mt, shimadzu, netzsch, hach, eppendorf, sartorius, inesa, metrohm, brookfield] = [
    await brand('梅特勒-托利多', 'Mettler Toledo'),
    await brand('岛津', 'Shimadzu'),
    await brand('耐驰', 'NETZSCH'),
    await brand('哈希', 'HACH'),
    await brand('艾本德', 'Eppendorf'),
    await brand('赛多利斯', 'Sartorius'),
    await brand('上海仪电', 'INESA'),
    await brand('瑞士万通', 'Metrohm'),
    await brand('博勒飞', 'Brookfield'),
  ];
  for (const kind of Object.keys(sellers) as (keyof typeof sellers)[]) {
    for (let i = 0; i < 3; i++) {
      const m = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: `${kind === 'moisture' ? '称量' : kind === 'water' ? '环保' : '实验'}仪器${i + 1}有限公司` } });
      sellers[kind].push({ supplierId: m.supplierId!, auth: m.auth, uid: `t${m.id}` });
    }
  }
  const product = async (seller: { supplierId: number }, leaf: string, b: { id: number; name: string; nameEn: string | null } | null, model: string, noun: string, apps: string) => {
    const name = `${b?.name ?? ''} ${model} ${noun}`.trim();
    const p = await makeProduct(db, { supplierId: seller.supplierId, categoryId: ids.get(leaf)!, name, model, brand: b });
    const summary = `${name}，灵敏度高、稳定性好，广泛应用于${apps}等领域。`;
    const [top, group] = tree[leaf]!;
    await db.update(products).set({ summary, searchTokens: searchTokensValue({ name, model, summary, brandName: b?.name, brandNameEn: b?.nameEn, categoryNames: [top, group, leaf] }) }).where(eq(products.id, p.id));
  };
  const [m1, m2, m3] = sellers.moisture;
  const [w1, w2, w3] = sellers.water;
  const [l1, l2, l3] = sellers.lab;
  // Moisture analyzers at the three 称量 suppliers (more of them than of anything else they sell).
  for (const s of [m1!, m2!, m3!]) {
    await product(s, '水分测定仪', mt, 'HC103', '卤素水分测定仪', '食品加工、塑料粒子');
    await product(s, '水分测定仪', sartorius, 'MA160', '卤素水分测定仪', '饲料、化工原料');
  }
  await product(m1!, '卡尔费休水分测定仪', metrohm, '917 Coulometer', '卡尔费休水分测定仪', '锂电池材料、石油产品');
  await product(m2!, '天平', sartorius, 'Quintix 224-1CN', '电子天平', '药品检验、化学分析');
  await product(m3!, '天平', mt, 'XPR205', '电子天平', '质量控制、高校教学');
  // Water quality at the three 环保 suppliers, many of each: what 测水分 used to reach.
  for (const s of [w1!, w2!, w3!]) {
    for (const m of ['DRB200', 'DR1010']) await product(s, 'COD测定仪', hach, m, 'COD快速测定仪', '污水处理、工业废水');
    await product(s, '总有机碳分析仪', shimadzu, 'TOC-L CPH', '总有机碳（TOC）分析仪', '制药用水、地表水');
    await product(s, '多参数水质分析仪', hach, 'HQ40d', '多参数水质分析仪', '地表水监测、饮用水');
  }
  // pH meters, and the two instruments whose model letters hold "ph".
  await product(l1!, 'pH计', inesa, '雷磁 PHS-3C', 'pH计', '水质检测、高校教学');
  await product(l2!, 'pH计', mt, 'FiveEasy Plus FE28', 'pH计', '食品检测、制药');
  await product(l3!, 'pH计', metrohm, '913 pH Meter', 'pH计', '化工生产、制药');
  await product(l1!, '差示扫描量热仪', netzsch, 'DSC 204 F1 Phoenix', '差示扫描量热仪', '高分子材料、药物晶型');
  // Centrifuges, a viscometer written the catalogue's way and one a supplier wrote with 粘.
  await product(l1!, '离心机', eppendorf, '5424R', '离心机', '分子生物学、临床检验');
  await product(l2!, '离心机', eppendorf, '5810R', '离心机', '细胞培养、血液分离');
  await product(l2!, '黏度计', brookfield, 'DV2T', '旋转黏度计', '涂料、胶黏剂');
  await product(l3!, '黏度计', null, 'NDJ-8S', '数显粘度计', '食品、石油产品');
  await product(l3!, '原子吸收光谱仪', shimadzu, 'AA-7000', '原子吸收光谱仪', '重金属检测、食品安全');
}, 120_000);
afterAll(() => t?.close());

describe('issue 34: a buyer’s request finds the kind asked for', () => {
  it('我想买一台测水分的仪器 finds the moisture analyzers, not water quality, and says so', async () => {
    const r = await search('我想买一台测水分的仪器');
    expect(kinds(r)).toEqual(['卡尔费休水分测定仪', '水分测定仪']);
    expect(r.total).toBe(7);
    expect(r.partial).toBe(false);
    expect(r.understood).toBe('水分测定仪');
    expect(r.items[0]!.categoryName).toBe('水分测定仪');
  });

  it('测pH的仪器 finds the pH meters; neither pH nor 测pH finds CPH or Phoenix, and pH is not marked in them', async () => {
    for (const q of ['测pH的仪器', 'pH', 'ph计']) {
      const r = await search(q);
      expect(kinds(r), q).toEqual(['pH计']);
      expect(r.total, q).toBe(3);
      for (const name of ['岛津 TOC-L CPH 总有机碳（TOC）分析仪', '耐驰 DSC 204 F1 Phoenix 差示扫描量热仪']) expect(markedRanges(name, r.terms), `${q}: ${name}`).toEqual([]);
    }
    expect((await search('测pH的仪器')).understood).toBe('pH计');
    expect((await search('pH')).understood).toBeNull();
  });

  it('水质的仪器 finds water-quality instruments', async () => {
    const r = await search('水质的仪器');
    expect(kinds(r)).toEqual(['COD测定仪', '多参数水质分析仪', '总有机碳分析仪']);
    expect(r.understood).toBe('水质分析仪器');
  });

  it.each([
    ['测重金属的仪器', ['原子吸收光谱仪'], 1, '原子吸收光谱仪、原子荧光光谱仪、ICP-MS等'],
    ['称重的仪器', ['天平'], 2, '天平'],
    ['测粘度的仪器', ['黏度计'], 2, '黏度计、运动黏度测定仪'],
  ])('%s finds %j', async (q, expected, total, said) => {
    const r = await search(q);
    expect(kinds(r)).toEqual(expected);
    expect(r.total).toBe(total);
    expect(r.understood).toBe(said);
  });

  it('粘度 finds what 黏度 finds, the supplier’s 粘度计 included', async () => {
    const variant = await search('粘度');
    const standard = await search('黏度');
    expect(variant.total).toBe(2);
    expect(variant.items.map((i) => i.id).sort()).toEqual(standard.items.map((i) => i.id).sort());
    expect((await search('黏度计')).items.map((i) => i.name)).toContain('NDJ-8S 数显粘度计');
    expect((await search('離心機')).total).toBe(2);
  });

  it('centrifuge and balance find the centrifuges and balances', async () => {
    const centrifuge = await search('centrifuge');
    expect(kinds(centrifuge)).toEqual(['离心机']);
    expect(centrifuge.total).toBe(2);
    expect(centrifuge.understood).toBe('离心机');
    const balance = await search('balance');
    expect(kinds(balance)).toEqual(['天平']);
    expect(balance.understood).toBe('天平');
    expect(kinds(await search('Eppendorf centrifuges'))).toEqual(['离心机']);
  });

  it('literal=1 searches the words as typed, and says nothing back', async () => {
    const literal = await search('centrifuge', { literal: '1' });
    expect(literal).toMatchObject({ total: 0, understood: null });
    expect((await search('测pH的仪器', { literal: '1' })).understood).toBeNull();
    const asTyped = await search('我想买一台测水分的仪器', { literal: '1' });
    expect(asTyped.understood).toBeNull();
    // A query the understanding leaves alone answers the same either way.
    expect((await search('离心机', { literal: '1' })).total).toBe((await search('离心机')).total);
    const bad = await t.app.inject({ method: 'GET', url: '/api/products?keyword=x&literal=yes' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('issue 34: one understanding everywhere', () => {
  it('a store search, the supplier back office and the directories understand the request too', async () => {
    const store = await get<{ items: TCard[]; total: number }>(`/api/stores/${sellers.lab[1]!.uid}/products?keyword=centrifuge`);
    expect(store.total).toBe(1);
    const own = await get<{ items: { name: string }[]; total: number }>(`/api/supplier/products?keyword=${encodeURIComponent('我想买一台测水分的仪器')}`, sellers.moisture[0]!.auth);
    expect(own.total).toBe(3);
    expect(own.items.every((i) => i.name.includes('水分测定仪'))).toBe(true);
    // The store and enterprise directories: the suppliers that sell centrifuges.
    for (const dir of ['stores', 'enterprises']) expect((await get<{ total: number }>(`/api/${dir}?keyword=centrifuge`)).total, dir).toBe(2);
  });

  it('a quick inquiry “我想买一台测水分的仪器” goes to the suppliers that sell moisture analyzers', async () => {
    const subject = '我想买一台测水分的仪器';
    const mobile = '13690034001';
    await t.app.inject({ method: 'GET', url: `/resource/sms/code?phonenumber=${mobile}&purpose=inquiry` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries/quick',
      remoteAddress: '10.34.0.1',
      payload: { subject, quantity: 1, unit: '台', contactName: '赵老师', mobile, code: t.lastCode(mobile), message: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id, routed } = (res.json() as TBody<{ id: number; routed: number }>).data;
    expect(routed).toBe(3);
    const copies = await t.database.db.select({ supplierId: inquiries.supplierId }).from(inquiries).where(inArray(inquiries.parentId, [id]));
    expect(copies.map((c) => c.supplierId).sort()).toEqual(sellers.moisture.map((s) => s.supplierId).sort());
  });
});
