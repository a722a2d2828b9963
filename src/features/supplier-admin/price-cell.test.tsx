// 产品管理's inline price (issue 31): a refused value says why (not only a red border), and clearing
// the price of goods on sale (面议 for every buyer) is asked first.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSupplierProductRow } from '@contracts/backoffice';
import { PriceCell } from './product-management-page';
import * as products from './api/products';

vi.mock('./api/products', () => ({
  quickEditProduct: vi.fn(async () => ({ code: 200, msg: '已保存', data: null })),
  batchPrice: vi.fn(),
  batchStatus: vi.fn(),
  batchStoreCategory: vi.fn(),
  productsQuery: vi.fn(),
}));

const row = { id: 7, name: '气相色谱仪 GC-7890B', price: 258000, status: 'on_sale', version: 3 } as unknown as TSupplierProductRow;
const box = () => screen.getByTestId('inline-price');
const enter = async (text: string) => {
  await userEvent.clear(box());
  if (text) await userEvent.type(box(), text);
  await userEvent.tab();
};

describe('inline price', () => {
  beforeEach(() => vi.mocked(products.quickEditProduct).mockClear());
  afterEach(cleanup);

  it.each([
    ['0', '价格必须大于0'],
    ['-5', '价格必须大于0'],
    ['８', '请用半角数字填写价格'],
    ['258000.999', '价格最多保留两位小数'],
  ])('refuses %s with the reason', async (text, reason) => {
    render(<PriceCell row={row} onSaved={() => {}} onDraft={() => {}} />);
    await enter(text);
    expect(screen.getByRole('alert')).toHaveTextContent(reason);
    expect(products.quickEditProduct).not.toHaveBeenCalled();
  });

  it('asks before clearing the price of goods on sale, and saves 面议 only when confirmed', async () => {
    render(<PriceCell row={row} onSaved={() => {}} onDraft={() => {}} />);
    await enter('');
    expect(screen.getByTestId('confirm-clear-price')).toHaveTextContent('将显示为「面议」');
    expect(products.quickEditProduct).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('confirm-clear-price-ok'));
    expect(products.quickEditProduct).toHaveBeenCalledWith(7, { price: null, version: 3 });
  });
});
