// The accept dialog asks for a 选定理由 exactly when the quotation is not the lowest (the rule the
// server enforces), sends the trimmed reason, and says so when the offer is for another quantity
// than the demand asks for.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SELECTION_REASON_REQUIRED, type TComparisonColumn } from '@contracts/comparison';
import { AcceptModal } from './decide-modals';

const column = (over: Partial<TComparisonColumn>): TComparisonColumn => ({
  quotationId: 1,
  supplierId: 1,
  supplierName: '上海谱析仪器有限公司',
  storeUid: null,
  status: 'SUBMITTED',
  version: 2,
  lines: [],
  specs: [],
  totalAmount: 1_214_298,
  comparableTotal: 1_214_298,
  quantity: 3,
  unitPrice: 404_766,
  quantityDiffers: false,
  leadTimeDays: 15,
  warrantyMonths: 12,
  paymentTerms: '货到付款',
  taxIncluded: true,
  validUntil: null,
  notes: null,
  rejectReason: null,
  attachments: [],
  compared: true,
  lowestPrice: false,
  shortestLead: true,
  submittedAt: '2026-05-01T00:00:00.000Z',
  ...over,
});
const lowest = column({ quotationId: 2, supplierName: '武汉汉谱仪器有限公司', comparableTotal: 992_931, unitPrice: 330_977, lowestPrice: true, shortestLead: false });

describe('AcceptModal', () => {
  it('asks for a reason of at least 10 characters when the choice is not the lowest, with what it costs', async () => {
    const onConfirm = vi.fn();
    render(<AcceptModal column={column({})} lowest={lowest} demandQuantity={3} unit="台" busy={false} serverError={null} onConfirm={onConfirm} onClose={() => {}} />);
    expect(screen.getByTestId('not-lowest-notice').textContent).toContain('最低价为 武汉汉谱仪器有限公司 ¥330,977.00/台（比价金额 ¥992,931.00，共3台），所选报价每台高出 ¥73,789.00（22.3%），按所选3台计高出 ¥221,367.00');
    expect(screen.queryByTestId('quantity-mismatch')).toBeNull();
    expect(screen.getByTestId('accept-modal').textContent).toContain('第2版报价');
    await userEvent.click(screen.getByTestId('confirm-accept'));
    expect(screen.getByRole('alert').textContent).toBe(SELECTION_REASON_REQUIRED);
    await userEvent.type(screen.getByTestId('selection-reason'), '交期更短');
    await userEvent.click(screen.getByTestId('confirm-accept'));
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('selection-reason'), '，能赶上验收节点。 ');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByTestId('confirm-accept'));
    expect(onConfirm).toHaveBeenCalledWith('交期更短，能赶上验收节点。');
  });

  it('accepts the lowest without a reason', async () => {
    const onConfirm = vi.fn();
    render(<AcceptModal column={lowest} lowest={lowest} demandQuantity={3} unit="台" busy={false} serverError={null} onConfirm={onConfirm} onClose={() => {}} />);
    expect(screen.queryByTestId('not-lowest-notice')).toBeNull();
    await userEvent.click(screen.getByTestId('confirm-accept'));
    expect(onConfirm).toHaveBeenCalledWith('');
  });

  it('says the offer covers fewer units than the demand asks for, priced per unit against the lowest', async () => {
    // a demand for 2: 1 unit for ¥100,000 against 2 units for ¥180,000 (¥90,000 each)
    const one = column({ comparableTotal: 100_000, totalAmount: 100_000, quantity: 1, unitPrice: 100_000, quantityDiffers: true });
    const two = column({ quotationId: 2, supplierName: '北京华测科技有限公司', comparableTotal: 180_000, quantity: 2, unitPrice: 90_000, lowestPrice: true });
    render(<AcceptModal column={one} lowest={two} demandQuantity={2} unit="台" busy={false} serverError={null} onConfirm={() => {}} onClose={() => {}} />);
    expect(screen.getByTestId('quantity-mismatch').textContent).toBe('该报价数量为1台，需求数量为2台');
    expect(screen.getByTestId('accept-modal').textContent).toContain('比价单价 ¥100,000.00/台，比价金额 ¥100,000.00，共1台');
    expect(screen.getByTestId('not-lowest-notice').textContent).toContain('所选报价每台高出 ¥10,000.00（11.1%），按所选1台计高出 ¥10,000.00');
  });
});
