// API tests of bulk goods by Excel (issue 13 item 3): the template, the dry run that writes
// nothing, problems by row and column, import, idempotent re-import by 货号, a 5,000-row file,
// refused files, the export round trip and each supplier's own 货号 namespace.
import { and, count, eq } from 'drizzle-orm';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOODS_COLUMNS, GOODS_SHEET, LISTS_SHEET } from '../../../contracts/goods-excel.js';
import { productParams, products } from '../../db/schema.js';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';
import { makeBrand, makeCategoryBranch, productBody } from './supplier.factories.js';
import { readGoodsRows } from './goods-excel.workbook.js';

let t: TTestApp;
type TWho = Awaited<ReturnType<typeof makeMember>>;
let alice: TWho;
let bob: TWho;
let member: TWho;
let cats: Awaited<ReturnType<typeof makeCategoryBranch>>;
const LEAF = '分析仪器 > 色谱仪器 > 气相色谱仪';
let brandName: string;

beforeAll(async () => {
  t = await makeTestApp();
  alice = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '上海甲仪器有限公司' } });
  bob = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '北京乙科技有限公司' } });
  member = await makeMember(t);
  cats = await makeCategoryBranch(t, ['分析仪器', '色谱仪器', '气相色谱仪']);
  brandName = (await makeBrand(t, { name: '岛津', nameEn: 'Shimadzu' })).name;
  await makeBrand(t, { name: '待审品牌', status: 'pending', supplierId: alice.supplierId! });
});
afterAll(() => t.close());

type TBody = { code: number; msg: string; data?: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
type TRow = Partial<Record<keyof typeof GOODS_COLUMNS, string | number>>;

const get = async (who: TWho | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });

function multipart(filename: string, content: Buffer) {
  const boundary = `----yct${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head, 'utf8'), content, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}
async function upload(who: TWho | null, file: Buffer, mode: 'check' | 'commit', filename = '商品.xlsx') {
  const body = multipart(filename, file);
  const res = await t.app.inject({ method: 'POST', url: `/api/supplier/products/excel/import?mode=${mode}`, payload: body.payload, headers: { ...(who ? who.auth : {}), 'content-type': body.contentType } });
  return { status: res.statusCode, body: res.json() as TBody };
}

/** A goods file filled in as a supplier would: the downloaded template with rows added. */
async function filled(who: TWho, rows: TRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await get(who, '/api/supplier/products/excel/template')).rawPayload as never);
  const ws = wb.getWorksheet(GOODS_SHEET)!;
  for (const r of rows) ws.addRow(Object.keys(GOODS_COLUMNS).map((k) => r[k as keyof TRow] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const good = (sku: string, over: TRow = {}): TRow => ({
  sku,
  name: `气相色谱仪 ${sku}`,
  category: LEAF,
  brand: brandName,
  model: `GC-${sku}`,
  price: 98000,
  unit: '台',
  origin: '日本',
  status: '在售',
  params: '检测器:FID\n柱温箱:室温+4～450℃',
  summary: '适用于石化与环境检测',
  ...over,
});

async function waitForJob(who: TWho, jobId: string) {
  for (let i = 0; i < 600; i++) {
    const job = (await get(who, `/api/supplier/products/excel/jobs/${jobId}`)).json() as TBody;
    if (job.data.state !== 'running') return job.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}
async function importFile(who: TWho, file: Buffer) {
  const r = await upload(who, file, 'commit');
  expect(r.body).toMatchObject({ code: 200 });
  return waitForJob(who, r.body.data.jobId);
}
const countOf = async (supplierId: number) => (await t.database.db.select({ n: count() }).from(products).where(eq(products.supplierId, supplierId)))[0]!.n;
const bySku = async (supplierId: number, sku: string) => (await t.database.db.select().from(products).where(and(eq(products.supplierId, supplierId), eq(products.sku, sku))))[0];

describe('template', () => {
  it('has the goods columns, the category paths and approved brands, and drop-down lists on them', async () => {
    const res = await get(alice, '/api/supplier/products/excel/template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.getWorksheet(GOODS_SHEET)!;
    expect((ws.getRow(1).values as string[]).slice(1)).toEqual(Object.values(GOODS_COLUMNS));
    const lists = wb.getWorksheet(LISTS_SHEET)!;
    const categories = lists.getColumn(1).values.slice(2);
    const brandList = lists.getColumn(2).values.slice(2);
    expect(categories).toContain(LEAF);
    expect(categories).not.toContain('分析仪器 > 色谱仪器'); // only the last level can hold goods
    expect(brandList).toContain('岛津');
    expect(brandList).not.toContain('待审品牌');
    const category = ws.getCell('C2').dataValidation;
    expect(category).toMatchObject({ type: 'list' });
    expect(category.formulae[0]).toContain(LISTS_SHEET);
    expect(ws.getCell('C5001').dataValidation).toMatchObject({ type: 'list' });
    expect(ws.getCell('D2').dataValidation.formulae[0]).toContain('$B$2');
    expect(ws.getCell('I2').dataValidation.formulae[0]).toContain('在售');
  });

  it('is for suppliers only', async () => {
    expect((await get(null, '/api/supplier/products/excel/template')).statusCode).toBe(401);
    expect((await get(member, '/api/supplier/products/excel/template')).statusCode).toBe(403);
  });
});

describe('dry run', () => {
  it('lists every problem by row and column in Chinese and saves nothing', async () => {
    const before = await countOf(alice.supplierId!);
    const file = await filled(alice, [
      good('DR-1'),
      good('DR-2', { name: '' }),
      good('DR-3', { category: '分析仪器 > 不存在的分类' }),
      good('DR-4', { price: '九万' }),
      good('DR-5', { params: '检测器FID' }),
      good('DR-1'),
      good('DR-7', { brand: '无名牌' }),
      good('DR-8', { brand: '待审品牌' }),
      good('DR-9', { summary: '长'.repeat(301) }),
      good('DR-10', { category: '分析仪器 > 色谱仪器' }),
      good('DR-11', { price: 0.001 }),
      good('', {}),
      good('DR-13', { price: '面议' }),
    ]);
    const r = await upload(alice, file, 'check');
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({ rows: 13, creates: 2, updates: 0 });
    const at = (row: number) => d.problems.filter((p: { row: number }) => p.row === row).map((p: { column: string; message: string }) => `${p.column}:${p.message}`);
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual(['商品名称:商品名称不能为空']);
    expect(at(4)).toEqual(['商品分类:商品分类不存在：分析仪器 > 不存在的分类']);
    expect(at(5)).toEqual(['价格:价格必须是数字或“面议”']);
    expect(at(6)).toEqual(['技术参数:第1行“检测器FID”格式应为“名称:值”']);
    expect(at(7)).toEqual(['货号:货号“DR-1”与第2行重复']);
    expect(at(8)).toEqual(['品牌:品牌“无名牌”不存在，请从下拉列表选择已审核的品牌']);
    expect(at(9)).toEqual(['品牌:品牌“待审品牌”尚在审核中，通过后才能使用']);
    expect(at(10)).toEqual(['商品简介:商品简介不能超过300个字符']);
    expect(at(11)).toEqual(['商品分类:请选择最末一级商品分类：分析仪器 > 色谱仪器']);
    expect(at(12)).toEqual(['价格:价格最多保留两位小数']);
    expect(at(13)).toEqual(['货号:货号不能为空']);
    expect(d.problemCount).toBe(11);
    expect(await countOf(alice.supplierId!)).toBe(before);
  });

  it('refuses to import a file with problems, writing nothing', async () => {
    const before = await countOf(alice.supplierId!);
    const r = await upload(alice, await filled(alice, [good('BAD-1'), good('BAD-2', { name: '' })]), 'commit');
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('文件中有1处问题，未导入任何商品，请修正后重新上传');
    expect(await countOf(alice.supplierId!)).toBe(before);
  });
});

describe('import', () => {
  it('reads a valid file every time, also many at once (two suppliers uploading together)', async () => {
    const file = await filled(alice, [good('RD-1'), good('RD-2')]);
    const outcomes: string[] = [];
    for (let round = 0; round < 10; round++) {
      const reads = await Promise.allSettled(Array.from({ length: 8 }, () => readGoodsRows(file)));
      for (const r of reads) outcomes.push(r.status === 'fulfilled' ? r.value.rows.map((x) => x.cells.sku).join(',') : String((r.reason as Error).message));
    }
    expect(new Set(outcomes)).toEqual(new Set(['RD-1,RD-2']));
  });

  it('creates the goods, indexed for the shop search', async () => {
    const job = await importFile(alice, await filled(alice, [good('IM-1', { name: '顶空进样气相色谱仪' }), good('IM-2', { price: '面议', status: '草稿', brand: 'Shimadzu' })]));
    expect(job).toMatchObject({ state: 'done', rows: 2, processed: 2, created: 2, updated: 0 });
    const one = await bySku(alice.supplierId!, 'IM-1');
    expect(one).toMatchObject({ name: '顶空进样气相色谱仪', categoryId: cats.leaf, unit: '台', origin: '日本', status: 'on_sale' });
    expect(Number(one!.price)).toBe(98000);
    const params = await t.database.db.select().from(productParams).where(eq(productParams.productId, one!.id));
    expect(params.map((p) => `${p.name}=${p.value}`)).toEqual(['检测器=FID', '柱温箱=室温+4～450℃']);
    expect(await bySku(alice.supplierId!, 'IM-2')).toMatchObject({ price: null, status: 'draft' });
    const search = (await get(null, `/api/products?keyword=${encodeURIComponent('顶空进样')}`)).json() as TBody;
    expect(search.data.items.map((i: { id: number }) => i.id)).toContain(one!.id);
  });

  it('updates the goods a re-import names by 货号 instead of duplicating them', async () => {
    const file = await filled(alice, [good('RE-1'), good('RE-2')]);
    await importFile(alice, file);
    const before = await countOf(alice.supplierId!);
    const first = await bySku(alice.supplierId!, 'RE-1');
    const again = await importFile(alice, file);
    expect(again).toMatchObject({ state: 'done', created: 0, updated: 2 });
    expect(await countOf(alice.supplierId!)).toBe(before);

    const changed = await filled(alice, [good('RE-1', { name: '新款气相色谱仪', price: 88000.5, params: '检测器:ECD' }), good('RE-3')]);
    const check = (await upload(alice, changed, 'check')).body.data;
    expect(check).toMatchObject({ creates: 1, updates: 1, problemCount: 0 });
    expect(await importFile(alice, changed)).toMatchObject({ created: 1, updated: 1 });
    const after = await bySku(alice.supplierId!, 'RE-1');
    expect(after).toMatchObject({ id: first!.id, name: '新款气相色谱仪' });
    expect(Number(after!.price)).toBe(88000.5);
    expect(after!.version).toBeGreaterThan(first!.version);
    const params = await t.database.db.select().from(productParams).where(eq(productParams.productId, first!.id));
    expect(params.map((p) => p.name)).toEqual(['检测器']);
    expect(await countOf(alice.supplierId!)).toBe(before + 1);
  });

  it('updates goods whose 货号 was given in the editor, and the editor refuses a 货号 already in use', async () => {
    const post = async (body: object) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/supplier/products', headers: alice.auth, payload: body });
      return { status: res.statusCode, body: res.json() as TBody };
    };
    const made = await post(productBody(cats.leaf, { name: '表单发布的色谱仪', sku: 'FORM-1' }));
    expect(made.body.code).toBe(200);
    expect(((await get(alice, `/api/supplier/products/${made.body.data.id}`)).json() as TBody).data.sku).toBe('FORM-1');
    expect(await importFile(alice, await filled(alice, [good('FORM-1', { name: '导入更新的色谱仪' })]))).toMatchObject({ created: 0, updated: 1 });
    expect(await bySku(alice.supplierId!, 'FORM-1')).toMatchObject({ id: made.body.data.id, name: '导入更新的色谱仪' });
    const twice = await post(productBody(cats.leaf, { sku: 'FORM-1' }));
    expect(twice).toMatchObject({ status: 409, body: { msg: '该货号已被您的其他商品使用' } });
  });

  it("keeps each supplier's 货号 apart", async () => {
    await importFile(alice, await filled(alice, [good('NS-1', { name: '甲的色谱仪' })]));
    const job = await importFile(bob, await filled(bob, [good('NS-1', { name: '乙的色谱仪' })]));
    expect(job).toMatchObject({ created: 1, updated: 0 });
    expect(await bySku(alice.supplierId!, 'NS-1')).toMatchObject({ name: '甲的色谱仪' });
    expect(await bySku(bob.supplierId!, 'NS-1')).toMatchObject({ name: '乙的色谱仪' });
    const jobId = (await upload(alice, await filled(alice, [good('NS-2')]), 'commit')).body.data.jobId as string;
    await waitForJob(alice, jobId);
    expect((await get(bob, `/api/supplier/products/excel/jobs/${jobId}`)).statusCode).toBe(404);
  });

  it('takes a 5,000-row file and refuses one row more', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await get(bob, '/api/supplier/products/excel/template')).rawPayload as never);
    const ws = wb.getWorksheet(GOODS_SHEET)!;
    for (let i = 1; i <= 5000; i++) ws.addRow(Object.values(good(`BIG-${i}`, { params: `序号:${i}` })));
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const check = await upload(bob, file, 'check');
    expect(check.body.data).toMatchObject({ rows: 5000, creates: 5000, problemCount: 0 });
    const job = await importFile(bob, file);
    expect(job).toMatchObject({ state: 'done', processed: 5000, created: 5000 });
    expect(await bySku(bob.supplierId!, 'BIG-5000')).toMatchObject({ name: '气相色谱仪 BIG-5000' });

    ws.addRow(Object.values(good('BIG-5001')));
    const over = await upload(bob, Buffer.from(await wb.xlsx.writeBuffer()), 'check');
    expect(over).toMatchObject({ status: 400, body: { msg: '每次最多导入5000行商品，请分批导入' } });
  }, 180_000);
});

describe('refused files', () => {
  it.each([
    ['plain text', Buffer.from('货号,商品名称\nA1,色谱仪\n', 'utf8')],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF', 'latin1')],
    ['a truncated workbook', Buffer.from('PK\u0003\u0004 broken', 'latin1')],
  ])('refuses %s with a message in Chinese', async (_what, content) => {
    const r = await upload(alice, content, 'check');
    expect(r.status).toBe(415);
    expect(r.body.msg).toBe('文件无法读取，请上传用模板填写的 Excel 文件（.xlsx）');
  });

  it('refuses a file over 10MB', async () => {
    const r = await upload(alice, Buffer.alloc(10 * 1024 * 1024 + 1, 65), 'check');
    expect(r.status).toBe(413);
    expect(r.body.msg).toBe('文件不能超过10MB');
  });

  it('refuses a small file that would unpack past 30 MB, before unpacking it', async () => {
    // A zip of one part, xl/workbook.xml, of 31 MB of spaces: ~31 KB packed.
    const name = Buffer.from('xl/workbook.xml');
    const size = 31 * 1024 * 1024;
    const data = zlib.deflateRawSync(Buffer.alloc(size, 32));
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    const centralAt = local.length + name.length + data.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(centralAt, 16);
    const bomb = Buffer.concat([local, name, data, central, name, end]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const r = await upload(alice, bomb, 'check');
    expect(r.status).toBe(413);
    expect(r.body.msg).toBe('文件内容过大，请分批导入');
  });

  it('refuses a workbook without the template columns', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Sheet1').addRow(['名字', '价钱']);
    const r = await upload(alice, Buffer.from(await wb.xlsx.writeBuffer()), 'check');
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('表头缺少“货号”“商品名称”“商品分类”列，请使用下载的模板填写');
  });

  it('reads the 商品 sheet wherever it stands among the sheets', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('我的备注').addRow(['这一页不是商品']);
    const ws = wb.addWorksheet(GOODS_SHEET);
    ws.addRow(Object.values(GOODS_COLUMNS));
    ws.addRow(Object.values(good('SHEET-1')));
    const r = await upload(alice, Buffer.from(await wb.xlsx.writeBuffer()), 'check');
    expect(r.body.data).toMatchObject({ rows: 1, creates: 1, problemCount: 0 });
  });

  it('is for suppliers only', async () => {
    const file = await filled(alice, [good('X-1')]);
    expect((await upload(null, file, 'check')).status).toBe(401);
    expect((await upload(member, file, 'check')).status).toBe(403);
  });
});

describe('export', () => {
  it('writes the filtered list in the template layout, and importing it changes nothing', async () => {
    await importFile(alice, await filled(alice, [good('EX-1', { status: '已下架', name: '导出测试色谱仪' }), good('EX-2', { price: '面议' })]));
    const res = await get(alice, '/api/supplier/products/excel/export?status=off_shelf');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.getWorksheet(GOODS_SHEET)!;
    expect((ws.getRow(1).values as string[]).slice(1)).toEqual(Object.values(GOODS_COLUMNS));
    const skus = ws.getColumn(1).values.slice(2);
    expect(skus).toContain('EX-1');
    expect(skus).not.toContain('EX-2');
    const row = ws.getRow(skus.indexOf('EX-1') + 2);
    expect(row.getCell(3).value).toBe(LEAF);
    expect(row.getCell(9).value).toBe('已下架');
    expect(row.getCell(10).value).toBe('检测器:FID\n柱温箱:室温+4～450℃');

    const all = await get(alice, '/api/supplier/products/excel/export?keyword=EX-2');
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(all.rawPayload as never);
    expect(wb2.getWorksheet(GOODS_SHEET)!.getRow(2).getCell(6).value).toBe('面议');

    const before = await bySku(alice.supplierId!, 'EX-1');
    const job = await importFile(alice, res.rawPayload);
    expect(job).toMatchObject({ created: 0, updated: skus.length });
    expect(await bySku(alice.supplierId!, 'EX-1')).toMatchObject({ name: before!.name, price: before!.price, status: 'off_shelf', searchTokens: before!.searchTokens });
    expect((await get(bob, '/api/supplier/products/excel/export')).statusCode).toBe(200);
    expect((await get(member, '/api/supplier/products/excel/export')).statusCode).toBe(403);
  });
});
