// The accept dialog asks for a 选定理由 exactly when the quotation is not the lowest (the rule the
// server enforces), and sends the trimmed reason.
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
    render(<AcceptModal column={column({})} lowest={lowest} unit="台" busy={false} serverError={null} onConfirm={onConfirm} onClose={() => {}} />);
    expect(screen.getByTestId('not-lowest-notice').textContent).toContain('所选报价高出 ¥221,367.00（22.3%）');
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
    render(<AcceptModal column={lowest} lowest={lowest} unit="台" busy={false} serverError={null} onConfirm={onConfirm} onClose={() => {}} />);
    expect(screen.queryByTestId('not-lowest-notice')).toBeNull();
    await userEvent.click(screen.getByTestId('confirm-accept'));
    expect(onConfirm).toHaveBeenCalledWith('');
  });
});
