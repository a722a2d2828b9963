// API tests of bulk goods by Excel (issues 13 item 3 and 30): the template, the dry run that writes
// nothing and shows every row's change, problems by row and column, import of exactly the checked
// plan, idempotent re-import by 商品ID or 货号 (trimmed, any case, any width), partial-column files,
// cells as Excel stores them, a 5,000-row file, refused files, the export round trip, exports of
// 5,175 and 50,000 goods, and each supplier's own 货号 namespace.
import { and, count, eq, sql } from 'drizzle-orm';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOODS_COLUMNS, GOODS_SHEET, LISTS_SHEET, type TGoodsImportCheck } from '../../../contracts/goods-excel.js';
import { productParams, products } from '../../db/schema.js';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';
import { deflatedPart, zipOf } from '../../test/xlsx-fixtures.js';
import { makeBrand, makeCategoryBranch, productBody } from './supplier.factories.js';
import { readGoodsRows } from './goods-excel.workbook.js';
import { exportGoods } from './goods-import.service.js';

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
async function upload(who: TWho | null, file: Buffer, mode: 'check' | 'commit', planId?: string) {
  const body = multipart('商品.xlsx', file);
  const url = `/api/supplier/products/excel/import?mode=${mode}${planId ? `&planId=${planId}` : ''}`;
  const res = await t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...(who ? who.auth : {}), 'content-type': body.contentType } });
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
/** The dry run, then the import of the plan it returned (with the same file). */
async function importFile(who: TWho, file: Buffer) {
  const checked = await upload(who, file, 'check');
  expect(checked.body).toMatchObject({ code: 200, data: { problemCount: 0 } });
  expect(checked.body.data.planId).toBeTruthy();
  const r = await upload(who, file, 'commit', checked.body.data.planId);
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

  it('refuses to import a file with problems, or one not checked, writing nothing', async () => {
    const before = await countOf(alice.supplierId!);
    const file = await filled(alice, [good('BAD-1'), good('BAD-2', { name: '' })]);
    const checked = await upload(alice, file, 'check');
    expect(checked.body).toMatchObject({ msg: '发现1处问题，请修正后重新上传', data: { planId: null, problemCount: 1 } });
    expect(checked.body.data.items.map((i: { action: string }) => i.action)).toEqual(['create', 'error']);
    const r = await upload(alice, file, 'commit');
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('请先检查文件，确认变化后再导入');
    expect(await countOf(alice.supplierId!)).toBe(before);
  });
});

describe('import', () => {
  it('reads a valid file every time, also many at once (two suppliers uploading together)', async () => {
    const file = await filled(alice, [good('RD-1'), good('RD-2')]);
    const outcomes: string[] = [];
    for (let round = 0; round < 10; round++) {
      const reads = await Promise.allSettled(Array.from({ length: 8 }, () => readGoodsRows(file)));
      for (const r of reads) outcomes.push(r.status === 'fulfilled' ? r.value.rows.map((x) => x.cells.sku?.text).join(',') : String((r.reason as Error).message));
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
    const again = (await upload(alice, file, 'check')).body;
    expect(again).toMatchObject({ msg: '检查通过：文件中的商品都没有变化，无需导入', data: { planId: null, creates: 0, updates: 0, unchanged: 2 } });
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

  it('the editor refuses a 货号 that differs from another of the goods only in case, width or spaces, as the import compares them', async () => {
    const save = async (method: 'POST' | 'PUT', url: string, body: object) => {
      const res = await t.app.inject({ method, url, headers: alice.auth, payload: body });
      return { status: res.statusCode, body: res.json() as TBody };
    };
    const detail = async (id: number) => ((await get(alice, `/api/supplier/products/${id}`)).json() as TBody).data as { sku: string; version: number };
    const first = await save('POST', '/api/supplier/products', productBody(cats.leaf, { name: '货号大小写甲', sku: 'Case-Sku-1' }));
    expect(first.status).toBe(200);
    for (const sku of ['case-sku-1', 'CASE-SKU-1', 'ｃａｓｅ－ｓｋｕ－１', '　Case-Sku-1 ']) {
      expect(await save('POST', '/api/supplier/products', productBody(cats.leaf, { sku }))).toMatchObject({ status: 409, body: { msg: '该货号已被您的其他商品使用' } });
    }
    const second = await save('POST', '/api/supplier/products', productBody(cats.leaf, { name: '货号大小写乙', sku: 'Case-Sku-2' }));
    const secondId = second.body.data.id as number;
    const renamed = await save('PUT', `/api/supplier/products/${secondId}`, productBody(cats.leaf, { name: '货号大小写乙', sku: 'ＣＡＳＥ-sku-1', version: (await detail(secondId)).version } as object));
    expect(renamed).toMatchObject({ status: 409, body: { msg: '该货号已被您的其他商品使用' } });
    expect((await detail(secondId)).sku).toBe('Case-Sku-2');
    // A product's own 货号 written in another case is no other product's.
    const own = await save('PUT', `/api/supplier/products/${first.body.data.id}`, productBody(cats.leaf, { name: '货号大小写甲', sku: 'CASE-SKU-1', version: (await detail(first.body.data.id)).version } as object));
    expect(own.status).toBe(200);
    // Another supplier's goods are not compared.
    const other = await t.app.inject({ method: 'POST', url: '/api/supplier/products', headers: bob.auth, payload: productBody(cats.leaf, { sku: 'case-sku-1' }) });
    expect(other.statusCode).toBe(200);
  });

  it("keeps each supplier's 货号 apart", async () => {
    await importFile(alice, await filled(alice, [good('NS-1', { name: '甲的色谱仪' })]));
    const job = await importFile(bob, await filled(bob, [good('NS-1', { name: '乙的色谱仪' })]));
    expect(job).toMatchObject({ created: 1, updated: 0 });
    expect(await bySku(alice.supplierId!, 'NS-1')).toMatchObject({ name: '甲的色谱仪' });
    expect(await bySku(bob.supplierId!, 'NS-1')).toMatchObject({ name: '乙的色谱仪' });
    const ns2 = await filled(alice, [good('NS-2')]);
    const jobId = (await upload(alice, ns2, 'commit', (await upload(alice, ns2, 'check')).body.data.planId)).body.data.jobId as string;
    await waitForJob(alice, jobId);
    expect((await get(bob, `/api/supplier/products/excel/jobs/${jobId}`)).statusCode).toBe(404);
  });

  it('takes a 5,000-row file, answering other requests while it is checked and applied, and refuses one row more', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await get(bob, '/api/supplier/products/excel/template')).rawPayload as never);
    const ws = wb.getWorksheet(GOODS_SHEET)!;
    for (let i = 1; i <= 5000; i++) ws.addRow(Object.values(good(`BIG-${i}`, { params: `序号:${i}` })));
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const check = await upload(bob, file, 'check');
    expect(check.body.data).toMatchObject({ rows: 5000, creates: 5000, problemCount: 0 });
    // Health asked 5 ms after each answer during the check and the import job (PGlite runs in this
    // thread): the longest wait between two answers, wherever the event loop was held.
    let importing = true;
    let longest = 0;
    let answers = 0;
    const health = (async () => {
      for (let last = performance.now(); importing; ) {
        expect((await get(null, '/api/health')).statusCode).toBe(200);
        longest = Math.max(longest, performance.now() - last);
        last = performance.now();
        answers++;
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const job = await importFile(bob, file).finally(() => (importing = false));
    await health;
    expect(job).toMatchObject({ state: 'done', processed: 5000, created: 5000 });
    // Generous for a busy test machine (0.6 s seen at a load of 10 on 2 cores): the job held every
    // request for 7–30 s, and the read of the file for 0.4–3 s, before they yielded.
    expect(answers).toBeGreaterThan(10);
    expect(longest).toBeLessThan(2_000);
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
    const bomb = zipOf([deflatedPart('xl/workbook.xml', Buffer.alloc(31 * 1024 * 1024, 32))]);
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
    expect(r.body.msg).toBe('表头缺少“货号”列，请使用下载的模板填写');
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
    const again = (await upload(alice, res.rawPayload, 'check')).body.data;
    expect(again).toMatchObject({ planId: null, creates: 0, updates: 0, unchanged: skus.length, problemCount: 0 });
    expect(await bySku(alice.supplierId!, 'EX-1')).toEqual(before);
    expect((await get(bob, '/api/supplier/products/excel/export')).statusCode).toBe(200);
    expect((await get(member, '/api/supplier/products/excel/export')).statusCode).toBe(403);
  });
});

// ---- issue 30: round trip, partial files, keys and cells as people and Excel write them ----------

/** A workbook with these headers and rows only (a file from another tool, or a trimmed export). */
async function sheetWith(headers: string[], rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(GOODS_SHEET);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const checkOf = async (who: TWho, file: Buffer) => {
  const r = await upload(who, file, 'check');
  expect(r.status).toBe(200);
  return r.body.data as TGoodsImportCheck;
};
const itemAt = (c: TGoodsImportCheck, row: number) => c.items.find((i) => i.row === row)!;
const problemsAt = (c: TGoodsImportCheck, row: number) => c.problems.filter((p) => p.row === row).map((p) => `${p.column}:${p.message}`);
const paramsOf = async (id: number) => (await t.database.db.select().from(productParams).where(eq(productParams.productId, id)).orderBy(productParams.sort)).map((p) => `${p.name}:${p.value}`);

/** The bytes of one part of a zip (an .xlsx), read from its central directory. */
function zipPart(buf: Buffer, name: string): Buffer {
  let eocd = buf.length - 22;
  while (buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  let p = buf.readUInt32LE(eocd + 16);
  for (let n = buf.readUInt16LE(eocd + 10); n > 0; n--) {
    const nameLen = buf.readUInt16LE(p + 28);
    if (buf.toString('utf8', p + 46, p + 46 + nameLen) === name) {
      const at = buf.readUInt32LE(p + 42);
      const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
      const data = buf.subarray(start, start + buf.readUInt32LE(p + 20));
      return buf.readUInt16LE(p + 10) === 8 ? zlib.inflateRawSync(data) : data;
    }
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  throw new Error(`${name} not in the file`);
}
/** Data rows of the 商品 sheet (the header not counted), without loading the workbook. */
const exportedRows = (file: Buffer) => (zipPart(file, 'xl/worksheets/sheet1.xml').toString('utf8').match(/<row /g)?.length ?? 0) - 1;

/** `n` goods of one supplier written straight to the database (SKU BULK-1 … BULK-n, 商品ID order). */
async function bulkGoods(supplierId: number, n: number, from = 1) {
  await t.database.db.execute(sql`
    INSERT INTO products (supplier_id, category_id, name, sku, price, unit, status)
    SELECT ${supplierId}, ${cats.leaf}, '批量色谱仪 ' || g, 'BULK-' || g, 1000 + g, '台', 'on_sale'
    FROM generate_series(${from}::int, ${from + n - 1}::int) AS g`);
}

describe('round trip (issue 30)', () => {
  it('export → import of the unchanged file changes nothing: every product carries its 商品ID, also one without a 货号', async () => {
    const carol = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '广州丙仪器有限公司' } });
    await importFile(carol, await filled(carol, [good('RT-1', { status: '已下架' }), good('RT-2', { price: '面议', brand: '', params: '' }), good('RT-3', { status: '草稿', summary: '' })]));
    const made = await t.app.inject({ method: 'POST', url: '/api/supplier/products', headers: carol.auth, payload: productBody(cats.leaf, { name: '编辑器发布的无货号色谱仪', sku: null }) });
    const noSku = (made.json() as TBody).data.id as number;
    const before = await t.database.db.select().from(products).where(eq(products.supplierId, carol.supplierId!)).orderBy(products.id);

    const res = await get(carol, '/api/supplier/products/excel/export');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.getWorksheet(GOODS_SHEET)!;
    const header = (ws.getRow(1).values as string[]).slice(1);
    expect(header).toContain('商品ID');
    const idCol = header.indexOf('商品ID') + 1;
    expect(ws.getColumn(idCol).values.slice(2)).toEqual(before.map((p) => p.id));
    expect(ws.getRow(5).getCell(1).value ?? '').toBe(''); // the editor's product has no 货号

    const check = await checkOf(carol, res.rawPayload);
    expect(check).toMatchObject({ rows: 4, creates: 0, updates: 0, unchanged: 4, problemCount: 0, planId: null });
    expect(check.items.map((i) => i.action)).toEqual(['same', 'same', 'same', 'same']);
    const commit = await upload(carol, res.rawPayload, 'commit');
    expect(commit).toMatchObject({ status: 400, body: { msg: '请先检查文件，确认变化后再导入' } });

    // Filling in the missing 货号 gives it to that product instead of creating a second one.
    ws.getRow(5).getCell(1).value = 'RT-4';
    const withSku = Buffer.from(await wb.xlsx.writeBuffer());
    const c2 = await checkOf(carol, withSku);
    expect(c2).toMatchObject({ creates: 0, updates: 1, unchanged: 3 });
    expect(itemAt(c2, 5)).toMatchObject({ action: 'update', productId: noSku, changes: [{ column: '货号', from: '', to: 'RT-4' }] });
    await importFile(carol, withSku);
    const after = await t.database.db.select().from(products).where(eq(products.supplierId, carol.supplierId!)).orderBy(products.id);
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
    expect(after.find((p) => p.id === noSku)!.sku).toBe('RT-4');
    expect(after.filter((p) => p.id !== noSku)).toEqual(before.filter((p) => p.id !== noSku));
  });
});

describe('only what the file says changes (issue 30)', () => {
  it('a file of 货号/商品名称/商品分类/价格 changes the price only: summary, model, brand, origin, parameters and the off-shelf status stay', async () => {
    await importFile(alice, await filled(alice, [good('PC-1', { status: '已下架', price: 5000 })]));
    const before = (await bySku(alice.supplierId!, 'PC-1'))!;
    const file = await sheetWith(['货号', '商品名称', '商品分类', '价格'], [['PC-1', before.name, LEAF, 4800]]);
    const check = await checkOf(alice, file);
    expect(check).toMatchObject({ creates: 0, updates: 1, unchanged: 0, problemCount: 0, columns: ['货号', '商品名称', '商品分类', '价格'] });
    expect(check.missingColumns).toEqual(['品牌', '型号', '单位', '产地', '状态', '技术参数', '商品简介', '商品ID']);
    expect(itemAt(check, 2)).toMatchObject({ action: 'update', productId: before.id, changes: [{ column: '价格', from: '5,000', to: '4,800' }] });
    expect(await importFile(alice, file)).toMatchObject({ state: 'done', created: 0, updated: 1 });
    const after = (await bySku(alice.supplierId!, 'PC-1'))!;
    expect(Number(after.price)).toBe(4800);
    expect(after).toMatchObject({ status: 'off_shelf', summary: before.summary, model: before.model, brandId: before.brandId, origin: before.origin, unit: before.unit, version: before.version + 1 });
    expect(await paramsOf(after.id)).toEqual(['检测器:FID', '柱温箱:室温+4～450℃']);
  });

  it('status changes through the 状态 column only; an empty cell there keeps it, an empty 型号 clears it; the dry run names old → new', async () => {
    await importFile(alice, await filled(alice, [good('ST-1', { status: '已下架' }), good('ST-2', { status: '已下架' })]));
    const file = await sheetWith(
      ['货号', '状态', '型号', '价格'],
      [
        ['ST-1', '在售', 'GC-ST-1', 98000],
        ['ST-2', '', '', '面议'],
      ],
    );
    const check = await checkOf(alice, file);
    expect(itemAt(check, 2).changes).toEqual([{ column: '状态', from: '已下架', to: '在售' }]);
    expect(itemAt(check, 3).changes).toEqual([
      { column: '型号', from: 'GC-ST-2', to: '' },
      { column: '价格', from: '98,000', to: '面议' },
    ]);
    await importFile(alice, file);
    expect(await bySku(alice.supplierId!, 'ST-1')).toMatchObject({ status: 'on_sale' });
    expect(await bySku(alice.supplierId!, 'ST-2')).toMatchObject({ status: 'off_shelf', model: null, price: null });
  });

  it('a new product needs 商品名称 and 商品分类 columns; the template documents what an empty cell means', async () => {
    const check = await checkOf(alice, await sheetWith(['货号', '价格'], [['NEW-ONLY-PRICE', 100]]));
    expect(problemsAt(check, 2)).toEqual(['商品名称:新增商品需填写商品名称（文件中没有“商品名称”列）', '商品分类:新增商品需填写商品分类（文件中没有“商品分类”列）']);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await get(alice, '/api/supplier/products/excel/template')).rawPayload as never);
    const help = wb.getWorksheet('填写说明')!;
    const rules = new Map(help.getColumn(1).values.slice(2).map((col, i) => [String(col), String(help.getRow(i + 2).getCell(3).value ?? '')]));
    expect(rules.get('状态')).toBe('新增商品为在售；已有商品保持原状态');
    expect(rules.get('型号')).toBe('清空型号');
    expect(rules.get('价格')).toBe('价格面议');
    expect(String(help.getColumn(2).values.find((v) => String(v).startsWith('文件中没有的列')))).toContain('不会修改');
  });
});

describe('the checked plan is what is applied (issue 30)', () => {
  it('refuses a different file, a second apply, and goods changed since the check', async () => {
    await importFile(bob, await filled(bob, [good('PL-1', { price: 5000 })]));
    const file = await sheetWith(['货号', '价格'], [['PL-1', 4800]]);
    const planId = (await checkOf(bob, file)).planId!;
    expect(planId).toMatch(/^[0-9a-f-]{36}$/);
    const other = await sheetWith(['货号', '价格'], [['PL-1', 1]]);
    expect(await upload(bob, other, 'commit', planId)).toMatchObject({ status: 409, body: { msg: '文件与检查时不同，请重新检查后再导入' } });
    expect(await upload(alice, file, 'commit', planId)).toMatchObject({ status: 404, body: { msg: '检查结果已过期或已使用，请重新检查文件' } });
    expect(Number((await bySku(bob.supplierId!, 'PL-1'))!.price)).toBe(5000);

    const started = await upload(bob, file, 'commit', planId);
    expect(started.status).toBe(200);
    await waitForJob(bob, started.body.data.jobId);
    expect(Number((await bySku(bob.supplierId!, 'PL-1'))!.price)).toBe(4800);
    expect(await upload(bob, file, 'commit', planId)).toMatchObject({ status: 404, body: { msg: '检查结果已过期或已使用，请重新检查文件' } });

    const next = await sheetWith(['货号', '价格'], [['PL-1', 4500]]);
    const plan2 = (await checkOf(bob, next)).planId!;
    await t.database.db.update(products).set({ name: '在编辑页改过的名称', version: sql`${products.version} + 1` }).where(and(eq(products.supplierId, bob.supplierId!), eq(products.sku, 'PL-1')));
    expect(await upload(bob, next, 'commit', plan2)).toMatchObject({ status: 409, body: { msg: '第2行的商品在检查后有改动，请重新检查文件' } });
    expect(Number((await bySku(bob.supplierId!, 'PL-1'))!.price)).toBe(4800);
  });
});

describe('货号 as people type them (issue 30)', () => {
  it('matches trimmed, in any case and width; the same 货号 twice in a file is refused', async () => {
    await importFile(alice, await filled(alice, [good('RV-LC-002', { price: 5000 })]));
    const product = (await bySku(alice.supplierId!, 'RV-LC-002'))!;
    const before = await countOf(alice.supplierId!);
    const file = await sheetWith(
      ['货号', '商品名称', '商品分类', '价格'],
      [
        ['rv-lc-002', product.name, LEAF, 4800],
        ['DUP-1', '新色谱仪', LEAF, 1],
        ['dup-1', '新色谱仪', LEAF, 2],
      ],
    );
    const check = await checkOf(alice, file);
    expect(itemAt(check, 2)).toMatchObject({ action: 'update', productId: product.id });
    expect(problemsAt(check, 4)).toEqual(['货号:货号“dup-1”与第3行重复']);
    for (const variant of ['  ｒｖ－ｌｃ－００２ ', 'Rv-Lc-002']) {
      const c = await checkOf(alice, await sheetWith(['货号', '价格'], [[variant, 4800]]));
      expect(c).toMatchObject({ creates: 0, updates: 1, problemCount: 0 });
      expect(itemAt(c, 2).productId).toBe(product.id);
    }
    await importFile(alice, await sheetWith(['货号', '价格'], [['rv-lc-002', 4800]]));
    expect(await countOf(alice.supplierId!)).toBe(before);
    const after = (await bySku(alice.supplierId!, 'RV-LC-002'))!;
    expect(after.id).toBe(product.id);
    expect(Number(after.price)).toBe(4800);
  });

  it('reports goods whose 货号 differ only in case or width, refuses a row it cannot tell apart, and takes the 商品ID', async () => {
    const dave = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '深圳丁仪器有限公司' } });
    const [a, b] = await t.database.db
      .insert(products)
      .values([
        { supplierId: dave.supplierId!, categoryId: cats.leaf, name: '大写货号色谱仪', sku: 'AB-1', price: '100.00' },
        { supplierId: dave.supplierId!, categoryId: cats.leaf, name: '小写货号色谱仪', sku: 'ab-1', price: '200.00' },
      ])
      .returning();
    const check = await checkOf(dave, await sheetWith(['货号', '价格'], [['Ab-1', 300]]));
    expect(check.duplicateSkus).toEqual([{ skus: ['AB-1', 'ab-1'], ids: [a!.id, b!.id] }]);
    expect(problemsAt(check, 2)).toEqual(['货号:货号“Ab-1”对应多件商品（AB-1、ab-1），只差大小写或全角/半角，无法区分；请先在商品编辑页修改其中一件的货号，或用导出文件中的“商品ID”列导入']);
    const byId = await checkOf(dave, await sheetWith(['商品ID', '货号', '价格'], [[b!.id, 'ab-1', 300]]));
    expect(itemAt(byId, 2)).toMatchObject({ action: 'update', productId: b!.id, changes: [{ column: '价格', from: '200', to: '300' }] });
    const [theirs] = await t.database.db.insert(products).values({ supplierId: bob.supplierId!, categoryId: cats.leaf, name: '乙的色谱仪', sku: 'AB-1', price: '100.00' }).returning();
    const bobs = theirs!.id;
    const foreign = await checkOf(dave, await sheetWith(['商品ID', '价格'], [[bobs, 300]]));
    expect(problemsAt(foreign, 2)).toEqual([`商品ID:商品ID“${bobs}”不是您店铺的商品；新增商品请留空商品ID`]);
  });
});

describe('cells as Excel stores them (issue 30)', () => {
  it('takes a formula’s cached result, refuses one without a result or a date, and reads typed prices or refuses them', async () => {
    await importFile(alice, await filled(alice, [good('CELL-1', { price: 5000 }), good('CELL-2'), good('CELL-3'), good('CELL-4'), good('CELL-5'), good('CELL-6'), good('CELL-7'), good('CELL-8'), good('CELL-9')]));
    const file = await sheetWith(
      ['货号', '价格', '型号'],
      [
        ['CELL-1', { formula: '2400*2', result: 4800 }, 'GC-CELL-1'],
        ['CELL-2', { formula: '2400*2' }, 'GC-CELL-2'],
        ['CELL-3', '４，８００', 'GC-CELL-3'],
        ['CELL-4', '¥4,800.50', 'GC-CELL-4'],
        ['CELL-5', '4,80', 'GC-CELL-5'],
        ['CELL-6', 4800, new Date('2024-03-05T00:00:00Z')],
        ['CELL-7', ' 4800 ', 'GC-CELL-7'],
        ['CELL-8', { error: '#N/A' }, 'GC-CELL-8'],
        // 16 digits typed as a number: Excel kept 15 (…3456 became …3450), still a safe integer.
        ['CELL-9', 4800, 1234567890123456],
      ],
    );
    const check = await checkOf(alice, file);
    expect(itemAt(check, 2).changes).toEqual([{ column: '价格', from: '5,000', to: '4,800' }]);
    expect(problemsAt(check, 3)).toEqual(['价格:单元格是公式但没有计算结果，请在 Excel 中打开、重新计算并保存后再导入，或直接填写数值']);
    expect(itemAt(check, 4).changes).toEqual([{ column: '价格', from: '98,000', to: '4,800' }]);
    expect(itemAt(check, 5).changes).toEqual([{ column: '价格', from: '98,000', to: '4,800.5' }]);
    expect(problemsAt(check, 6)).toEqual(['价格:价格“4,80”的千位分隔符位置不对，请写成 4800 或 4,800']);
    expect(problemsAt(check, 7)).toEqual(['型号:单元格被 Excel 识别为日期（2024-03-05），请把该列设为“文本”格式后重新填写']);
    expect(itemAt(check, 8).action).toBe('update');
    expect(problemsAt(check, 9)).toEqual(['价格:单元格是错误值 #N/A，请修正后重新导入']);
    expect(problemsAt(check, 10)).toEqual(['型号:数字超过15位，Excel 已改动了末尾的数字，请把该列设为“文本”格式后重新填写']);
    expect(check).toMatchObject({ planId: null, errorRows: 5 });
  });
});

describe('export of every product asked for (issue 30)', () => {
  it('writes all 5,175 goods of a store, then all 50,000, in one streamed file; past the limit it says so before any download', async () => {
    const erin = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '成都戊仪器有限公司' } });
    await bulkGoods(erin.supplierId!, 5_175);
    const five = await get(erin, '/api/supplier/products/excel/export');
    expect(five.statusCode).toBe(200);
    expect(exportedRows(five.rawPayload)).toBe(5_175);

    await bulkGoods(erin.supplierId!, 50_000 - 5_175, 5_176);
    const big = await get(erin, '/api/supplier/products/excel/export');
    expect(big.statusCode).toBe(200);
    expect(exportedRows(big.rawPayload)).toBe(50_000);
    expect(zipPart(big.rawPayload, 'xl/worksheets/sheet1.xml').toString('utf8')).toContain('BULK-50000');
    expect(exportedRows((await get(erin, '/api/supplier/products/excel/export?status=draft')).rawPayload)).toBe(0);

    // Past the limit (GOODS_EXPORT_MAX_ROWS, 100,000; here a lower one) the export is refused before any file is written.
    const me = { id: erin.supplierId!, memberId: 0, companyName: '成都戊仪器有限公司', province: null, status: 'approved' };
    await expect(exportGoods(t.database.db, me, { sort: 'updated' }, 49_999)).rejects.toMatchObject({
      status: 400,
      message: '符合条件的商品共50,000件，超过单次导出上限49,999件，请按状态、品牌或店铺分类筛选后分批导出',
    });
  }, 120_000);
});
