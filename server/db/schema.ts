// Drizzle schema of the marketplace: one definition for PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { TResponseFigures } from '../../contracts/response-quality.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const now = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** Roles a member may hold (several at once), DESIGN.md §6. */
export const members = pgTable(
  'members',
  {
    id: serial().primaryKey(),
    uname: varchar({ length: 20 }),
    mobile: varchar({ length: 11 }),
    email: varchar({ length: 254 }),
    passwordHash: text(),
    realName: varchar({ length: 50 }),
    nickname: varchar({ length: 50 }),
    avatar: text(),
    companyName: varchar({ length: 100 }),
    roles: text().array().notNull().default(sql`ARRAY['member']::text[]`),
    status: varchar({ length: 16 }).notNull().default('active'),
    lastLoginAt: ts(),
    createdAt: now(),
    updatedAt: now(),
    deletedAt: ts(),
  },
  (t) => [
    uniqueIndex('members_uname_uq').on(sql`lower(${t.uname})`),
    uniqueIndex('members_mobile_uq').on(t.mobile),
    uniqueIndex('members_email_uq').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    memberId: integer().notNull().references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: varchar({ length: 64 }).notNull(),
    userAgent: text(),
    ip: varchar({ length: 64 }),
    createdAt: now(),
    lastSeenAt: now(),
    expiresAt: ts().notNull(),
    revokedAt: ts(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_member_idx').on(t.memberId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial().primaryKey(),
    channel: varchar({ length: 8 }).notNull(), // sms | email
    target: varchar({ length: 254 }).notNull(),
    purpose: varchar({ length: 24 }).notNull(),
    codeHash: varchar({ length: 64 }).notNull(),
    ip: varchar({ length: 64 }),
    attempts: smallint().notNull().default(0),
    createdAt: now(),
    expiresAt: ts().notNull(),
    usedAt: ts(),
  },
  (t) => [index('vcodes_target_idx').on(t.channel, t.target, t.createdAt)],
);

/**
 * Throttle counters: one row per bucket, taken with a single INSERT … ON CONFLICT DO UPDATE …
 * RETURNING (server/lib/throttle.ts), so parallel requests and several API instances share them.
 */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    bucket: varchar({ length: 160 }).primaryKey(),
    hits: integer().notNull(),
    expiresAt: ts().notNull(),
  },
  (t) => [index('throttle_counters_expires_idx').on(t.expiresAt)],
);

export const categories = pgTable(
  'categories',
  {
    id: serial().primaryKey(),
    parentId: integer().notNull().default(0),
    name: varchar({ length: 50 }).notNull(),
    level: smallint().notNull(),
    sort: integer().notNull().default(0),
    icon: text(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const brands = pgTable('brands', {
  id: serial().primaryKey(),
  /** Optimistic concurrency: every save sends the version it edited; a stale one gets 409. */
  version: integer().notNull().default(1),
  name: varchar({ length: 80 }).notNull(),
  nameEn: varchar({ length: 80 }),
  country: varchar({ length: 40 }),
  logo: text(),
  description: text(),
  supplierId: integer(), // a brand registered by a supplier; null for platform brands
  status: varchar({ length: 16 }).notNull().default('approved'),
  createdAt: now(),
});

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial().primaryKey(),
    /** Optimistic concurrency: every save sends the version it edited; a stale one gets 409. */
    version: integer().notNull().default(1),
    memberId: integer().references(() => members.id, { onDelete: 'set null' }),
    companyName: varchar({ length: 100 }).notNull(),
    shortName: varchar({ length: 40 }),
    province: varchar({ length: 20 }),
    city: varchar({ length: 20 }),
    address: text(),
    contactName: varchar({ length: 40 }),
    contactPhone: varchar({ length: 20 }),
    contactEmail: varchar({ length: 254 }),
    businessScope: text(),
    founded: smallint(),
    employees: varchar({ length: 20 }),
    registeredCapital: varchar({ length: 30 }),
    kind: varchar({ length: 20 }).notNull().default('distributor'), // manufacturer | distributor | agent
    verified: boolean().notNull().default(false),
    status: varchar({ length: 16 }).notNull().default('approved'),
    /** 统一社会信用代码 (GB 32100-2015); one store per code. Null for stores opened before it was asked. */
    creditCode: varchar({ length: 18 }),
    createdAt: now(),
  },
  (t) => [uniqueIndex('suppliers_member_uq').on(t.memberId), uniqueIndex('suppliers_credit_code_uq').on(t.creditCode)],
);

/**
 * A member's online 入驻 application (one per member: a rejected one is edited and resubmitted; every
 * step is in the audit log as entity 'application'). Approval opens the store (supplier_id).
 */
export const supplierApplications = pgTable(
  'supplier_applications',
  {
    id: serial().primaryKey(),
    version: integer().notNull().default(1),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    status: varchar({ length: 16 }).notNull().default('pending'), // pending | approved | rejected
    companyName: varchar({ length: 100 }).notNull(),
    creditCode: varchar({ length: 18 }).notNull(),
    kind: varchar({ length: 20 }).notNull(),
    province: varchar({ length: 20 }).notNull(),
    city: varchar({ length: 20 }).notNull(),
    address: varchar({ length: 200 }).notNull(),
    contactName: varchar({ length: 40 }).notNull(),
    contactPhone: varchar({ length: 20 }).notNull(),
    contactEmail: varchar({ length: 254 }).notNull(),
    licenceUploadId: integer()
      .notNull()
      .references(() => uploads.id, { onDelete: 'restrict' }),
    categories: jsonb().$type<string[]>().notNull().default([]),
    brands: jsonb().$type<string[]>().notNull().default([]),
    reviewNote: text(),
    reviewedBy: integer(),
    reviewedAt: ts(),
    supplierId: integer(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [uniqueIndex('supplier_applications_member_uq').on(t.memberId), index('supplier_applications_status_idx').on(t.status, t.createdAt)],
);

export const stores = pgTable(
  'stores',
  {
    id: serial().primaryKey(),
    /** Optimistic concurrency: every save sends the version it edited; a stale one gets 409. */
    version: integer().notNull().default(1),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    uid: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    theme: smallint().notNull().default(1),
    logo: text(),
    banner: text(),
    slogan: varchar({ length: 120 }),
    introduction: text(),
    views: integer().notNull().default(0),
    createdAt: now(),
  },
  (t) => [uniqueIndex('stores_uid_uq').on(t.uid), uniqueIndex('stores_supplier_uq').on(t.supplierId)],
);

/** A supplier's own grouping of goods inside its store. */
export const storeCategories = pgTable('store_categories', {
  id: serial().primaryKey(),
  /** Optimistic concurrency: every save sends the version it edited; a stale one gets 409. */
  version: integer().notNull().default(1),
  supplierId: integer()
    .notNull()
    .references(() => suppliers.id, { onDelete: 'cascade' }),
  parentId: integer().notNull().default(0),
  name: varchar({ length: 50 }).notNull(),
  sort: integer().notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    /** Optimistic concurrency: every save sends the version it edited; a stale one gets 409. */
    version: integer().notNull().default(1),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    categoryId: integer().notNull(),
    brandId: integer(),
    storeCategoryId: integer(),
    name: varchar({ length: 120 }).notNull(),
    /** The supplier's own 货号 (unique per supplier): an Excel re-import updates the product it names. */
    sku: varchar({ length: 40 }),
    model: varchar({ length: 60 }),
    price: numeric({ precision: 14, scale: 2 }), // null = 面议
    unit: varchar({ length: 10 }).notNull().default('台'),
    origin: varchar({ length: 40 }),
    summary: text(),
    description: text(),
    coverImage: text(),
    province: varchar({ length: 20 }),
    status: varchar({ length: 16 }).notNull().default('on_sale'), // draft | on_sale | off_shelf
    /** Set when the platform admin took the product down (status off_shelf); cleared when it is on sale again (trigger, migration 0013). */
    takedownReason: text(),
    takenDownAt: ts(),
    views: integer().notNull().default(0),
    searchTokens: tsvector(),
    /** Token scheme the row was indexed with (server/lib/search/tokens.ts SEARCH_INDEX_VERSION). */
    searchVersion: smallint().notNull().default(1),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    // Both GIN indexes merge their pending entries in 256 kB lists (gin_pending_list_limit, migration 0018).
    index('products_search_idx').using('gin', t.searchTokens).with({ gin_pending_list_limit: 256 }),
    index('products_model_trgm_idx').using('gin', sql`lower(${t.model}) gin_trgm_ops`).with({ gin_pending_list_limit: 256 }),
    index('products_category_idx').on(t.categoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_supplier_idx').on(t.supplierId),
    index('products_created_idx').on(t.createdAt),
    index('products_search_version_idx').on(t.searchVersion),
    index('products_province_idx').on(t.province),
    // The list orders of public goods (migration 0016).
    index('products_public_views_idx').on(sql`${t.views} DESC`, sql`${t.id} DESC`).where(sql`${t.status} = 'on_sale'`),
    index('products_public_newest_idx').on(sql`${t.createdAt} DESC`, sql`${t.id} DESC`).where(sql`${t.status} = 'on_sale'`),
    index('products_public_price_asc_idx').on(sql`${t.price} ASC NULLS LAST`, sql`${t.id} DESC`).where(sql`${t.status} = 'on_sale'`),
    index('products_public_price_desc_idx').on(sql`${t.price} DESC NULLS LAST`, sql`${t.id} DESC`).where(sql`${t.status} = 'on_sale'`),
    index('products_public_supplier_newest_idx').on(t.supplierId, sql`${t.createdAt} DESC`, sql`${t.id} DESC`).where(sql`${t.status} = 'on_sale'`),
    // Totals and facets of filtered lists, index-only (INCLUDE brand_id, province, price, supplier_id: written in the migration).
    index('products_public_facets_idx').on(t.categoryId).where(sql`${t.status} = 'on_sale'`),
    uniqueIndex('products_supplier_sku_uq').on(t.supplierId, t.sku),
  ],
);

/**
 * An Excel import of a supplier's goods (issue 13): the browser polls its progress; any server
 * process on the database can answer. A job is written by the process that runs it.
 */
export const goodsImportJobs = pgTable(
  'goods_import_jobs',
  {
    id: varchar({ length: 36 }).primaryKey(),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    state: varchar({ length: 16 }).notNull().default('running'), // running | done | failed
    rows: integer().notNull(),
    processed: integer().notNull().default(0),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    message: text(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [index('goods_import_jobs_supplier_idx').on(t.supplierId, t.createdAt)],
);

/**
 * A checked Excel import (issue 30): what the dry run showed, row by row, kept until the supplier
 * applies it with the same file (its SHA-256) or it expires; applying deletes it.
 */
export const goodsImportPlans = pgTable(
  'goods_import_plans',
  {
    id: varchar({ length: 36 }).primaryKey(),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    fileHash: varchar({ length: 64 }).notNull(),
    /** The writes, in file order (goods-import.service.ts TPlanOp). */
    ops: jsonb().$type<unknown[]>().notNull(),
    createdAt: now(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('goods_import_plans_supplier_idx').on(t.supplierId), index('goods_import_plans_expires_idx').on(t.expiresAt)],
);

export const productParams = pgTable(
  'product_params',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: varchar({ length: 60 }).notNull(),
    value: varchar({ length: 200 }).notNull(),
    sort: smallint().notNull().default(0),
  },
  (t) => [index('product_params_product_idx').on(t.productId)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    sort: smallint().notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

export const news = pgTable(
  'news',
  {
    id: serial().primaryKey(),
    /** Optimistic concurrency: every save sends the version it edited; a stale one gets 409. */
    version: integer().notNull().default(1),
    category: varchar({ length: 20 }).notNull(),
    title: varchar({ length: 150 }).notNull(),
    summary: text(),
    content: text().notNull(),
    cover: text(),
    source: varchar({ length: 60 }),
    author: varchar({ length: 40 }),
    views: integer().notNull().default(0),
    /** published | unpublished (taken off the site by the platform admin: 404 and out of every list). */
    status: varchar({ length: 16 }).notNull().default('published'),
    publishedAt: now(),
    updatedAt: now(),
  },
  (t) => [index('news_published_idx').on(t.publishedAt)],
);

export const articles = pgTable(
  'articles',
  {
    id: serial().primaryKey(),
    /** Optimistic concurrency: every save sends the version it edited; a stale one gets 409. */
    version: integer().notNull().default(1),
    category: varchar({ length: 20 }).notNull(),
    title: varchar({ length: 150 }).notNull(),
    summary: text(),
    content: text().notNull(),
    cover: text(),
    author: varchar({ length: 40 }),
    tags: text().array(),
    views: integer().notNull().default(0),
    /** published | unpublished (taken off the site by the platform admin: 404 and out of every list). */
    status: varchar({ length: 16 }).notNull().default('published'),
    publishedAt: now(),
    updatedAt: now(),
  },
  (t) => [index('articles_published_idx').on(t.publishedAt)],
);

/** Store articles (kind=article) and solutions (kind=scheme) written by a supplier. */
export const storeArticles = pgTable(
  'store_articles',
  {
    id: serial().primaryKey(),
    /** Optimistic concurrency: every save sends the version it edited; a stale one gets 409. */
    version: integer().notNull().default(1),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 10 }).notNull(),
    title: varchar({ length: 150 }).notNull(),
    summary: text(),
    content: text().notNull(),
    cover: text(),
    status: varchar({ length: 16 }).notNull().default('published'),
    views: integer().notNull().default(0),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [index('store_articles_supplier_idx').on(t.supplierId, t.kind)],
);

export const recruitments = pgTable(
  'recruitments',
  {
    id: serial().primaryKey(),
    /** Optimistic concurrency: every save sends the version it edited; a stale one gets 409. */
    version: integer().notNull().default(1),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    title: varchar({ length: 80 }).notNull(),
    city: varchar({ length: 20 }),
    salary: varchar({ length: 40 }),
    headcount: smallint().notNull().default(1),
    education: varchar({ length: 20 }),
    experience: varchar({ length: 20 }),
    description: text().notNull(),
    status: varchar({ length: 16 }).notNull().default('open'),
    createdAt: now(),
  },
  (t) => [index('recruitments_supplier_idx').on(t.supplierId)],
);

export const demands = pgTable(
  'demands',
  {
    id: serial().primaryKey(),
    purchaserId: integer().references(() => members.id, { onDelete: 'set null' }),
    title: varchar({ length: 120 }).notNull(),
    categoryId: integer(),
    quantity: integer().notNull(),
    unit: varchar({ length: 10 }).notNull().default('台'),
    budget: numeric({ precision: 14, scale: 2 }),
    budgetHidden: boolean().notNull().default(false),
    needBy: ts(),
    quoteDeadline: ts().notNull(),
    province: varchar({ length: 20 }),
    city: varchar({ length: 20 }),
    description: text(),
    params: jsonb().$type<{ name: string; value: string }[]>().notNull().default([]),
    contactName: varchar({ length: 40 }),
    contactPhone: varchar({ length: 20 }),
    companyName: varchar({ length: 100 }),
    quoteCap: smallint().notNull().default(10),
    /** Trade: 报价方式, 'sealed' (密封报价, read after 开标) or 'public' (公开报价); contracts/trade.ts bidsOpened. */
    quoteMode: varchar({ length: 8 }).notNull().default('sealed'),
    status: varchar({ length: 20 }).notNull().default('DRAFT'),
    createdAt: now(),
    updatedAt: now(),
    /** Trade: when the "deadline in 24 h" reminder went to the purchaser (sent once). */
    deadlineNotifiedAt: ts(),
    /** Trade: the expired or cancelled demand this one re-posts. */
    repostOf: integer(),
    /** Trade: the purchaser's 选定理由 for the quotation it accepted (required when not the lowest). */
    awardReason: text(),
    /** 响应质量 (issue 37): every compared supplier's figures at the award (migration 0022); null before one. */
    awardResponse: jsonb().$type<{ at: string; figures: Record<string, TResponseFigures> }>(),
    /** Trade: the platform's reason when it rejected (took down) the demand. */
    rejectReason: text(),
    /** 采购单位 (issue 38): the organisation the demand was submitted for, its approval round and the levels that round needs. */
    organisationId: integer().references(() => organisations.id, { onDelete: 'set null' }),
    approvalRound: smallint().notNull().default(0),
    approvalLevels: smallint().notNull().default(0),
  },
  (t) => [
    index('demands_status_idx').on(t.status, t.createdAt),
    index('demands_purchaser_idx').on(t.purchaserId),
    index('demands_deadline_idx').on(t.status, t.quoteDeadline),
    index('demands_organisation_idx').on(t.organisationId, t.status),
  ],
);

export const quotations = pgTable(
  'quotations',
  {
    id: serial().primaryKey(),
    demandId: integer().references(() => demands.id, { onDelete: 'cascade' }),
    inquiryId: integer(),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    version: smallint().notNull().default(1),
    status: varchar({ length: 20 }).notNull().default('SUBMITTED'),
    totalAmount: numeric({ precision: 14, scale: 2 }),
    validUntil: ts(),
    notes: text(),
    rejectReason: text(),
    createdAt: now(),
    updatedAt: now(),
    /** 响应质量: when the buyer first opened it (comparison or detail); a later withdrawal counts against the supplier. */
    buyerOpenedAt: ts(),
  },
  (t) => [
    uniqueIndex('quotations_demand_supplier_uq').on(t.demandId, t.supplierId),
    index('quotations_supplier_idx').on(t.supplierId),
    uniqueIndex('quotations_inquiry_uq').on(t.inquiryId),
    index('quotations_valid_idx').on(t.status, t.validUntil),
  ],
);

/** Every submitted version of a quotation, with its lines as submitted. */
export const quotationVersions = pgTable(
  'quotation_versions',
  {
    id: serial().primaryKey(),
    quotationId: integer()
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    version: smallint().notNull(),
    lines: jsonb()
      .$type<
        {
          brand: string;
          model: string;
          unitPrice: number;
          taxIncluded: boolean;
          quantity: number;
          leadTimeDays: number;
          warrantyMonths: number;
          paymentTerms: string;
        }[]
      >()
      .notNull(),
    totalAmount: numeric({ precision: 14, scale: 2 }).notNull(),
    validUntil: ts(),
    notes: text(),
    createdAt: now(),
    /** Trade: the supplier's answer to each row of the demand's parameter table. */
    specs: jsonb().$type<{ name: string; value: string }[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('quotation_versions_uq').on(t.quotationId, t.version)],
);

/** Trade: the figures a printed 比价单 stated, under the random 核验码 printed on it (one per demand and digest). */
export const comparisonSnapshots = pgTable(
  'comparison_snapshots',
  {
    id: serial().primaryKey(),
    code: varchar({ length: 16 }).notNull(),
    demandId: integer()
      .notNull()
      .references(() => demands.id, { onDelete: 'cascade' }),
    /** sha256 of the snapshot's JSON. */
    digest: varchar({ length: 64 }).notNull(),
    snapshot: jsonb().notNull(),
    createdAt: now(),
  },
  (t) => [uniqueIndex('comparison_snapshots_code_uq').on(t.code), uniqueIndex('comparison_snapshots_demand_digest_uq').on(t.demandId, t.digest)],
);

export const inquiries = pgTable(
  'inquiries',
  {
    id: serial().primaryKey(),
    kind: varchar({ length: 10 }).notNull().default('product'), // product | quick
    memberId: integer().references(() => members.id, { onDelete: 'set null' }),
    supplierId: integer().references(() => suppliers.id, { onDelete: 'cascade' }),
    productId: integer(),
    subject: varchar({ length: 120 }).notNull(),
    quantity: integer(),
    contactName: varchar({ length: 40 }),
    contactPhone: varchar({ length: 20 }),
    message: text(),
    reply: text(),
    repliedAt: ts(),
    status: varchar({ length: 16 }).notNull().default('NEW'),
    createdAt: now(),
    /** Trade: a quick inquiry routed to this supplier (the routed copy points at the platform's one). */
    parentId: integer(),
    unit: varchar({ length: 10 }),
    categoryId: integer(),
    companyName: varchar({ length: 100 }),
    /** 响应质量: the admin marked it as spam (not counted in any supplier figure). */
    spamAt: ts(),
    spamBy: integer(),
  },
  (t) => [
    index('inquiries_supplier_idx').on(t.supplierId, t.status),
    index('inquiries_kind_idx').on(t.kind, t.status, t.createdAt),
    index('inquiries_member_idx').on(t.memberId),
    uniqueIndex('inquiries_parent_supplier_uq').on(t.parentId, t.supplierId),
  ],
);

export const collections = pgTable(
  'collections',
  {
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 10 }).notNull(), // product | shop | article
    targetId: integer().notNull(),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind, t.targetId] })],
);

export const notices = pgTable(
  'notices',
  {
    id: serial().primaryKey(),
    /** Optimistic concurrency: every save sends the version it edited; a stale one gets 409. */
    version: integer().notNull().default(1),
    memberId: integer().references(() => members.id, { onDelete: 'cascade' }), // null = platform-wide
    title: varchar({ length: 120 }).notNull(),
    content: text().notNull(),
    link: text(),
    readAt: ts(),
    createdAt: now(),
    /** Trade notification kind (new_inquiry, new_quotation, quotation_accepted, …); null for announcements. */
    kind: varchar({ length: 24 }),
  },
  (t) => [index('notices_member_idx').on(t.memberId, t.readAt)],
);

/** Which member has read which platform-wide announcement (notices with member_id null are shared). */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer()
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    readAt: now(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.memberId] })],
);

export const feedback = pgTable('feedback', {
  id: serial().primaryKey(),
  memberId: integer().references(() => members.id, { onDelete: 'set null' }),
  kind: varchar({ length: 16 }).notNull(),
  content: text().notNull(),
  contact: varchar({ length: 100 }),
  ip: varchar({ length: 64 }),
  status: varchar({ length: 16 }).notNull().default('new'),
  createdAt: now(),
});

export const uploads = pgTable(
  'uploads',
  {
    id: serial().primaryKey(),
    ownerId: integer().references(() => members.id, { onDelete: 'set null' }),
    purpose: varchar({ length: 20 }).notNull(),
    filename: varchar({ length: 200 }).notNull(),
    mime: varchar({ length: 100 }).notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    storageKey: text().notNull(),
    createdAt: now(),
  },
  (t) => [index('uploads_created_idx').on(t.createdAt), index('uploads_owner_idx').on(t.ownerId, t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    entity: varchar({ length: 20 }).notNull(),
    entityId: integer().notNull(),
    fromState: varchar({ length: 20 }),
    toState: varchar({ length: 20 }).notNull(),
    actorId: integer(),
    note: text(),
    at: now(),
  },
  (t) => [index('audit_entity_idx').on(t.entity, t.entityId)],
);

/** Trade: files attached to a demand, a quotation or an inquiry (the file itself is an uploads row). */
export const tradeAttachments = pgTable(
  'trade_attachments',
  {
    id: serial().primaryKey(),
    uploadId: integer()
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    entity: varchar({ length: 12 }).notNull(), // demand | quotation
    entityId: integer().notNull(),
    createdAt: now(),
  },
  (t) => [index('trade_attachments_entity_idx').on(t.entity, t.entityId), uniqueIndex('trade_attachments_upload_uq').on(t.uploadId, t.entity, t.entityId)],
);

/** 响应质量 (issue 37): a supplier's figures over the last 90 days, recomputed in batches (server/modules/response). */
export const supplierResponseStats = pgTable(
  'supplier_response_stats',
  {
    supplierId: integer()
      .primaryKey()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    inquiries: integer().notNull().default(0),
    replied: integer().notNull().default(0),
    /** Whole percent; null below the minimum sample. */
    replyRate: smallint(),
    medianReplyMinutes: integer(),
    fastReply: boolean().notNull().default(false),
    quotations: integer().notNull().default(0),
    withdrawnAfterOpen: integer().notNull().default(0),
    accepted: integer().notNull().default(0),
    computedAt: now(),
  },
  (t) => [index('supplier_response_stats_rate_idx').on(t.replyRate)],
);

/** 采购单位 (issue 38): verified by the platform admin (status pending → approved | rejected); its approval rules. */
export const organisations = pgTable(
  'organisations',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 100 }).notNull(),
    code: varchar({ length: 18 }).notNull(),
    status: varchar({ length: 10 }).notNull().default('pending'),
    reviewNote: text(),
    reviewedAt: ts(),
    reviewedBy: integer(),
    createdBy: integer().references(() => members.id, { onDelete: 'set null' }),
    publishApproval: boolean().notNull().default(false),
    awardApproval: boolean().notNull().default(false),
    twoLevelAbove: numeric({ precision: 14, scale: 2 }),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [uniqueIndex('organisations_code_uq').on(t.code).where(sql`${t.status} <> 'rejected'`), index('organisations_status_idx').on(t.status, t.createdAt)],
);

/** A member belongs to at most one organisation: the member is the key. */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    memberId: integer()
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    roles: text().array().notNull().default(sql`'{applicant}'`),
    joinedAt: now(),
  },
  (t) => [index('organisation_members_org_idx').on(t.organisationId)],
);

export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: serial().primaryKey(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    token: varchar({ length: 64 }).notNull(),
    mobile: varchar({ length: 20 }),
    invitedBy: integer().references(() => members.id, { onDelete: 'set null' }),
    createdAt: now(),
    expiresAt: ts().notNull(),
    acceptedBy: integer(),
    acceptedAt: ts(),
    revokedAt: ts(),
  },
  (t) => [uniqueIndex('organisation_invitations_token_uq').on(t.token), index('organisation_invitations_org_idx').on(t.organisationId)],
);

/** One approval step of a demand's submission round: approved or returned, at one level. */
export const demandApprovals = pgTable(
  'demand_approvals',
  {
    id: serial().primaryKey(),
    demandId: integer()
      .notNull()
      .references(() => demands.id, { onDelete: 'cascade' }),
    round: smallint().notNull(),
    level: smallint().notNull(),
    approverId: integer().references(() => members.id, { onDelete: 'set null' }),
    decision: varchar({ length: 10 }).notNull(),
    reason: text(),
    createdAt: now(),
  },
  (t) => [uniqueIndex('demand_approvals_level_uq').on(t.demandId, t.round, t.level)],
);

/**
 * A proposal to award a demand of a 采购单位 that requires approval before an award (issue 38): the
 * quotation at one version with the 选定理由; pending → approved (accepted) | returned | void | withdrawn.
 */
export const awardProposals = pgTable(
  'award_proposals',
  {
    id: serial().primaryKey(),
    demandId: integer()
      .notNull()
      .references(() => demands.id, { onDelete: 'cascade' }),
    organisationId: integer().references(() => organisations.id, { onDelete: 'set null' }),
    quotationId: integer()
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    version: smallint().notNull(),
    reason: text(),
    proposerId: integer().references(() => members.id, { onDelete: 'set null' }),
    comparableTotal: numeric({ precision: 14, scale: 2 }).notNull(),
    levels: smallint().notNull(),
    status: varchar({ length: 10 }).notNull().default('pending'),
    outcome: text(),
    verifyCode: varchar({ length: 16 }),
    createdAt: now(),
    decidedAt: ts(),
  },
  (t) => [
    uniqueIndex('award_proposals_pending_uq').on(t.demandId).where(sql`${t.status} = 'pending'`),
    index('award_proposals_demand_idx').on(t.demandId, t.createdAt),
    index('award_proposals_org_idx').on(t.organisationId, t.status),
  ],
);

/** One approval step of an award proposal, with the 比价单's 核验码 as the approver saw it. */
export const awardApprovals = pgTable(
  'award_approvals',
  {
    id: serial().primaryKey(),
    proposalId: integer()
      .notNull()
      .references(() => awardProposals.id, { onDelete: 'cascade' }),
    level: smallint().notNull(),
    approverId: integer().references(() => members.id, { onDelete: 'set null' }),
    decision: varchar({ length: 10 }).notNull(),
    reason: text(),
    verifyCode: varchar({ length: 16 }),
    createdAt: now(),
  },
  (t) => [uniqueIndex('award_approvals_level_uq').on(t.proposalId, t.level)],
);
