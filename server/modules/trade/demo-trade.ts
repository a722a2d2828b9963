// Demo trade history on top of the demo catalogue (server/db/seed/demo.ts): product inquiries to the
// demo suppliers over the last 12 weeks (most replied, some answered with a quotation), and
// quotations on part of the demo demands (awarded ones with an accepted quotation and the others
// not selected; some open ones with sealed quotations). Deterministic; every state change is in
// the audit log as if it had happened through the API. Call it right after seedDemo; it does
// nothing on a database that already has quotations.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { comparableTotal, comparisonMarks, type TMarkInput } from '../../../contracts/comparison.js';
import type { TQuotationLine } from '../../../contracts/trade.js';
import type { Db } from '../../db/client.js';
import { auditLog, brands, demands, inquiries, members, products, quotations, quotationVersions, suppliers } from '../../db/schema.js';
import { createRng } from '../../db/seed/random.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const REPLIES = [
  '您好，该型号现货供应，含税价格已发您手机，含安装调试与培训，欢迎来电沟通。',
  '感谢询价！该产品交货期约3-4周，质保一年，可提供样机演示，销售工程师将尽快联系您。',
  '您好，价格与配置相关，请提供样品类型与检测要求，我们为您推荐合适方案。',
  '您好，已为您准备报价单，另有配套耗材优惠，请留意电话。',
];
const MESSAGES = [
  '您好，请提供含税报价、交货期和质保条款，谢谢。',
  '请问该型号是否有现货？需要配套的耗材一起报价。',
  '实验室新建项目需要，麻烦发一份详细配置和报价单。',
  '请报含运费安装价格，另外是否支持上门培训？',
];
/** 选定理由 of the demo decisions, by how the chosen quotation compares (each at least 10 characters). */
const LOWEST_REASONS = ['报价最低，技术参数全部满足采购要求。', '综合比价最低，交货期与质保满足项目要求。'];
const FASTER_REASONS = ['交货期最短，能赶上实验室验收节点，其余报价交期不满足项目进度。', '现货供应、交货期最短，项目急需，价差在预算范围内。'];
const OTHER_REASONS = [
  '原厂授权代理，本地有维修工程师，售后响应与培训更有保障。',
  '实验室已有同品牌设备，选同品牌便于统一维护、共用耗材和数据系统。',
  '技术参数响应最完整，最低价报价的关键参数未满足采购要求。',
];
const TERMS = ['预付30%，验收合格后付70%', '货到验收后付全款', '合同签订后付50%，验收后付50%', '验收合格后30天内付款'];

export async function seedTradeDemo(db: Db, opts: { now?: Date } = {}) {
  const now = (opts.now ?? new Date()).getTime();
  const rng = createRng('trade-demo');
  // A stream of its own, so the reasons leave the rest of the demo data as it was.
  const reasonRng = createRng('trade-demo-reasons');
  // Once only: a database that already has trade history is left alone.
  const [existing] = await db.select({ id: quotations.id }).from(quotations).limit(1);
  if (existing) return { inquiries: 0, quotations: 0 };
  const demoSuppliers = await db
    .select({ id: suppliers.id, memberId: suppliers.memberId, companyName: suppliers.companyName })
    .from(suppliers)
    .where(eq(suppliers.status, 'approved'))
    .orderBy(suppliers.id)
    .limit(40);
  const withAccount = demoSuppliers.filter((s) => s.memberId !== null);
  if (withAccount.length === 0) return { inquiries: 0, quotations: 0 };
  const buyers = await db
    .select({ id: members.id, realName: members.realName, mobile: members.mobile, companyName: members.companyName })
    .from(members)
    .where(sql`'purchaser' = any(${members.roles})`)
    .limit(60);
  const brandNames = (await db.select({ name: brands.name }).from(brands).limit(40)).map((b) => b.name);
  let inquiryCount = 0;
  let quotationCount = 0;

  const audit = (entity: string, entityId: number, fromState: string | null, toState: string, actorId: number | null, note: string, at: Date) => ({ entity, entityId, fromState, toState, actorId, note, at });
  const lineFor = (price: number, quantity: number): TQuotationLine => ({
    brand: rng.pick(brandNames.length ? brandNames : ['安捷伦']),
    model: `${String.fromCharCode(65 + rng.int(0, 25))}${String.fromCharCode(65 + rng.int(0, 25))}-${rng.int(100, 9999)}`,
    unitPrice: Math.round(price * (0.85 + rng.next() * 0.3) / 100) * 100 || 1000,
    taxIncluded: rng.chance(0.8),
    quantity,
    leadTimeDays: rng.pick([7, 15, 20, 30, 45, 60]),
    warrantyMonths: rng.pick([12, 12, 18, 24, 36]),
    paymentTerms: rng.pick(TERMS),
  });

  // product inquiries to the suppliers with accounts, over the last 12 weeks
  for (const supplier of withAccount) {
    const items = await db
      .select({ id: products.id, name: products.name, model: products.model, unit: products.unit, price: products.price, categoryId: products.categoryId })
      .from(products)
      .where(and(eq(products.supplierId, supplier.id), eq(products.status, 'on_sale')))
      .limit(30);
    if (items.length === 0 || buyers.length === 0) continue;
    for (let week = 11; week >= 0; week--) {
      const count = rng.int(1, 5);
      for (let k = 0; k < count; k++) {
        const created = now - week * 7 * DAY - rng.int(1, 6 * 24) * HOUR;
        const product = rng.pick(items);
        const buyer = rng.pick(buyers);
        const replied = week > 0 ? rng.chance(0.8) : rng.chance(0.4);
        const repliedAt = replied ? created + rng.int(1, 36) * HOUR * (rng.chance(0.3) ? 0.25 : 1) : null;
        const closed = replied && week > 3 && rng.chance(0.5);
        const quoted = replied && rng.chance(0.35);
        const status = closed ? 'CLOSED' : replied ? 'REPLIED' : 'NEW';
        const [row] = await db
          .insert(inquiries)
          .values({
            kind: 'product',
            memberId: buyer.id,
            supplierId: supplier.id,
            productId: product.id,
            categoryId: product.categoryId,
            subject: `${product.name}${product.model ? ` ${product.model}` : ''}`.slice(0, 120),
            quantity: rng.pick([1, 1, 1, 2, 3]),
            unit: product.unit,
            contactName: buyer.realName,
            contactPhone: buyer.mobile,
            companyName: buyer.companyName,
            message: rng.pick(MESSAGES),
            reply: replied ? (quoted ? '已提交正式报价，请查收。' : rng.pick(REPLIES)) : null,
            repliedAt: repliedAt ? new Date(repliedAt) : null,
            status,
            createdAt: new Date(created),
          })
          .returning({ id: inquiries.id });
        inquiryCount++;
        const log = [audit('inquiry', row!.id, null, 'NEW', buyer.id, '发送询价', new Date(created))];
        if (repliedAt) log.push(audit('inquiry', row!.id, 'NEW', 'REPLIED', supplier.memberId, quoted ? '以报价回复' : '供应商回复', new Date(repliedAt)));
        if (closed) log.push(audit('inquiry', row!.id, 'REPLIED', 'CLOSED', buyer.id, '采购方关闭询价', new Date(repliedAt! + 5 * DAY)));
        if (quoted) {
          const line = lineFor(Number(product.price ?? 50000), 1);
          const total = String(line.unitPrice * line.quantity);
          const decided = closed ? (rng.chance(0.5) ? 'ACCEPTED' : 'REJECTED') : 'SUBMITTED';
          const validUntil = new Date(Math.max(repliedAt! + 30 * DAY, now + 7 * DAY));
          const [q] = await db
            .insert(quotations)
            .values({ inquiryId: row!.id, supplierId: supplier.id, version: 1, status: decided, totalAmount: total, validUntil, notes: '含运输与安装调试', rejectReason: decided === 'REJECTED' ? '价格超出预算' : null, createdAt: new Date(repliedAt!), updatedAt: new Date(repliedAt!) })
            .returning({ id: quotations.id });
          await db.insert(quotationVersions).values({ quotationId: q!.id, version: 1, lines: [line], specs: [], totalAmount: total, validUntil, notes: '含运输与安装调试', createdAt: new Date(repliedAt!) });
          log.push(audit('quotation', q!.id, null, 'SUBMITTED', supplier.memberId, '提交报价（第1版）', new Date(repliedAt!)));
          if (decided !== 'SUBMITTED') log.push(audit('quotation', q!.id, 'SUBMITTED', decided, buyer.id, decided === 'ACCEPTED' ? '采购方接受报价' : '价格超出预算', new Date(repliedAt! + 4 * DAY)));
          quotationCount++;
        }
        await db.insert(auditLog).values(log);
      }
    }
  }

  // quotations on demands: every awarded or closed demand, and about a third of the open ones
  const demandRows = await db
    .select({ id: demands.id, status: demands.status, purchaserId: demands.purchaserId, quantity: demands.quantity, budget: demands.budget, params: demands.params, createdAt: demands.createdAt, quoteDeadline: demands.quoteDeadline })
    .from(demands)
    .where(and(inArray(demands.status, ['OPEN', 'AWARDED', 'CLOSED']), isNotNull(demands.purchaserId)))
    .orderBy(demands.id);
  for (const d of demandRows) {
    if (d.status === 'OPEN' && !rng.chance(0.35)) continue;
    const open = d.status === 'OPEN';
    const bidders = rng.sample(
      demoSuppliers.filter((s) => s.memberId !== d.purchaserId),
      open ? rng.int(1, 3) : rng.int(2, 4),
    );
    const unitBudget = Number(d.budget ?? 100000) / Math.max(1, d.quantity);
    const winner = open ? -1 : rng.int(0, bidders.length - 1);
    const log = [];
    const offers: (TMarkInput & { id: number })[] = [];
    const decidedAt = new Date(d.quoteDeadline.getTime() + 2 * DAY);
    for (let i = 0; i < bidders.length; i++) {
      const s = bidders[i]!;
      const span = Math.max(HOUR, Math.min(d.quoteDeadline.getTime(), now) - d.createdAt.getTime());
      const at = d.createdAt.getTime() + Math.floor(span * (0.1 + rng.next() * 0.8));
      const line = lineFor(unitBudget, d.quantity);
      const total = String(line.unitPrice * line.quantity);
      const status = open ? 'SUBMITTED' : i === winner ? 'ACCEPTED' : 'NOT_SELECTED';
      const validUntil = new Date(Math.max(d.quoteDeadline.getTime() + 30 * DAY, open ? now + 20 * DAY : 0));
      const specs = d.params.map((p) => ({ name: p.name, value: rng.chance(0.8) ? p.value || '满足' : '满足要求' }));
      const [q] = await db
        .insert(quotations)
        .values({ demandId: d.id, supplierId: s.id, version: 1, status, totalAmount: total, validUntil, notes: rng.pick(['含运输、安装调试与培训', '原厂正品，提供授权书', '可提供样机演示']), createdAt: new Date(at), updatedAt: new Date(at) })
        .returning({ id: quotations.id });
      await db.insert(quotationVersions).values({ quotationId: q!.id, version: 1, lines: [line], specs, totalAmount: total, validUntil, notes: null, createdAt: new Date(at) });
      log.push(audit('quotation', q!.id, null, 'SUBMITTED', s.memberId, '提交报价（第1版）', new Date(at)));
      if (!open) log.push(audit('quotation', q!.id, 'SUBMITTED', status, status === 'ACCEPTED' ? d.purchaserId : null, status === 'ACCEPTED' ? '采购方接受报价（第1版）' : '采购方已选定其他报价', decidedAt));
      offers.push({ id: q!.id, status, validUntil: validUntil.toISOString(), comparableTotal: comparableTotal([line]), quantity: line.quantity, leadTimeDays: line.leadTimeDays });
      quotationCount++;
    }
    if (!open) {
      // The decision as the API records it: a 选定理由 (always given here; required when the choice is not the lowest).
      const marks = comparisonMarks(offers, { demandQuantity: d.quantity, at: decidedAt.getTime() });
      const chosen = offers[winner]!;
      const reason = reasonRng.pick(marks[winner]!.lowestPrice ? LOWEST_REASONS : marks[winner]!.shortestLead ? FASTER_REASONS : OTHER_REASONS);
      await db.update(demands).set({ awardReason: reason }).where(eq(demands.id, d.id));
      log.push(audit('demand', d.id, 'EVALUATING', 'AWARDED', d.purchaserId, `选定报价 #${chosen.id}（第1版）；选定理由：${reason}`, decidedAt));
      if (d.status === 'CLOSED') log.push(audit('demand', d.id, 'AWARDED', 'CLOSED', d.purchaserId, '采购完成', new Date(decidedAt.getTime() + 20 * DAY)));
    }
    if (open && bidders.length > 0) {
      await db.update(demands).set({ status: 'QUOTED' }).where(and(eq(demands.id, d.id), eq(demands.status, 'OPEN')));
      log.push(audit('demand', d.id, 'OPEN', 'QUOTED', bidders[0]!.memberId, '收到首个报价', d.createdAt));
    }
    if (log.length) await db.insert(auditLog).values(log);
  }
  inquiryCount += await seedQuickQueue(db, now, withAccount);
  return { inquiries: inquiryCount, quotations: quotationCount };
}

/** A few visitors' quick inquiries for the admin queue: two routed to suppliers, two waiting for a person. */
async function seedQuickQueue(db: Db, now: number, routeTo: { id: number; memberId: number | null }[]) {
  const visitors = [
    { subject: '气相色谱仪（带FID检测器）', quantity: 1, unit: '台', contactName: '周老师', contactPhone: '13911112222', companyName: '南京某高校环境学院', message: '用于VOCs检测，预算30万左右，希望年内到货。', routed: 2, hoursAgo: 5 },
    { subject: '超纯水机', quantity: 2, unit: '台', contactName: '吴工', contactPhone: '13722223333', companyName: '苏州某生物医药公司', message: '每天用水约60升，需要I级水。', routed: 1, hoursAgo: 26 },
    { subject: '超导量子干涉磁强计', quantity: 1, unit: '套', contactName: '郑博士', contactPhone: '13633334444', companyName: null, message: '低温物性测量，请有代理资质的供应商联系。', routed: 0, hoursAgo: 3 },
    { subject: '手套箱', quantity: 1, unit: '台', contactName: '王先生', contactPhone: '13544445555', companyName: '合肥某新能源材料公司', message: '锂电池材料研发，双工位。', routed: 0, hoursAgo: 50 },
  ];
  let n = 0;
  for (const [i, v] of visitors.entries()) {
    const createdAt = new Date(now - v.hoursAgo * HOUR);
    const { routed, hoursAgo: _hoursAgo, ...fields } = v;
    const [quick] = await db.insert(inquiries).values({ ...fields, kind: 'quick', status: 'NEW', createdAt }).returning({ id: inquiries.id });
    const log = [{ entity: 'inquiry', entityId: quick!.id, fromState: null, toState: 'NEW', actorId: null, note: `快速询价，已分发给${routed}家供应商`, at: createdAt }];
    for (let k = 0; k < routed; k++) {
      const supplier = routeTo[(i * 2 + k) % routeTo.length]!;
      const [copy] = await db
        .insert(inquiries)
        .values({ ...fields, kind: 'product', status: 'NEW', parentId: quick!.id, supplierId: supplier.id, productId: null, createdAt })
        .returning({ id: inquiries.id });
      log.push({ entity: 'inquiry', entityId: copy!.id, fromState: null, toState: 'NEW', actorId: null, note: `平台分发快速询价 #${quick!.id}`, at: createdAt });
    }
    await db.insert(auditLog).values(log);
    n += 1 + routed;
  }
  return n;
}
