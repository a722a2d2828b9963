-- Supplier response quality as of the decision (issue 37): when a buyer awards a demand, the
-- figures of every supplier on its comparison are kept with it, so the comparison, the 比价单
-- (Excel, PDF) and its 核验 page show what the buyer saw when deciding, not the live figures.
-- { "at": ISO time of the award, "figures": { "<supplierId>": TResponseFigures } }
ALTER TABLE "demands" ADD COLUMN "award_response" jsonb;
