-- 报价方式 of a demand: sealed (密封报价, the default: the purchaser reads quotations only after
-- 开标) or public (公开报价: the purchaser reads them as they arrive).
ALTER TABLE "demands" ADD COLUMN "quote_mode" varchar(8) DEFAULT 'sealed' NOT NULL;
