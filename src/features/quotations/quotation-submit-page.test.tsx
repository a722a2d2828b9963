// The quotation form on the form mechanism (issue 31): every field of every line says under itself
// why its value is refused, in the contract's words, and the message goes once the value is valid;
// a refusal by the server keeps everything typed and shows the server's message on its field.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { VALID_BEFORE_DEADLINE, type TInquiryItem } from '@contracts/trade';
import { loadHttpClient } from '@/platform/http';
import { QuotationEditor } from './quotation-submit-page';

let sent: { path: string; body: unknown }[] = [];
let refuse: string | null = null;
let original: InternalAxiosRequestConfig['adapter'];
const adapter: AxiosAdapter = async (config) => {
  const path = `${(config.method ?? 'get').toUpperCase()} ${new URL(config.url ?? '', 'http://x').pathname}`;
  sent.push({ path, body: config.data ? JSON.parse(String(config.data)) : null });
  const data = refuse ? { code: 400, msg: refuse } : { code: 200, msg: '报价已提交', data: { id: 1 } };
  return { data, status: 200, statusText: 'OK', headers: {}, config };
};
beforeAll(async () => {
  const http = await loadHttpClient();
  original = http.defaults.adapter;
  http.defaults.adapter = adapter;
});
afterAll(async () => {
  (await loadHttpClient()).defaults.adapter = original;
});
beforeEach(() => {
  sent = [];
  refuse = null;
});

const inquiry = { id: 12, kind: 'product', subject: '电子天平', quantity: 2, unit: '台', message: null, status: 'NEW', contactName: '王老师', contactPhone: '13812345678', companyName: null, fromQuick: false, quotation: null } as unknown as TInquiryItem;

function open() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <QuotationEditor inquiry={inquiry} existing={null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const input = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
async function type(name: string, value: string) {
  await userEvent.clear(input(name));
  if (value) await userEvent.type(input(name), value);
}
const line = (i: number) => screen.getAllByTestId('quote-line')[i]!;

it('shows each refused field of each line under that field, in the contract words, until it is valid', async () => {
  open();
  await userEvent.click(screen.getByRole('button', { name: '＋ 添加一行' }));
  await type('brand-0', '赛多利斯');
  await type('model-0', 'BSA224S');
  await type('unitPrice-0', '0.004');
  await type('brand-1', '梅特勒');
  await type('model-1', 'ME204');
  await type('unitPrice-1', '9800');
  await type('quantity-1', '0');
  await type('leadTimeDays-1', '400');
  await userEvent.click(screen.getByRole('button', { name: '提交报价' }));

  expect(within(line(0)).getByTestId('line-error-unitPrice').textContent).toBe('单价最多保留两位小数');
  expect(within(line(1)).getByTestId('line-error-quantity').textContent).toBe('数量至少为1');
  expect(within(line(1)).getByTestId('line-error-leadTimeDays').textContent).toBe('交货期不能超过365天');
  expect(within(line(1)).queryByTestId('line-error-unitPrice')).toBeNull();
  expect(input('quantity-1').getAttribute('aria-invalid')).toBe('true');
  expect(input('quantity-1')).toHaveAccessibleDescription('数量至少为1');
  // No total from a refused value.
  expect(screen.getByTestId('quote-total').textContent).toBe('—');
  expect(sent.filter((s) => s.path === 'POST /api/quotations')).toEqual([]);

  await type('quantity-1', '1');
  expect(within(line(1)).queryByTestId('line-error-quantity')).toBeNull();
  expect(within(line(1)).getByTestId('line-error-leadTimeDays').textContent).toBe('交货期不能超过365天');
  await type('leadTimeDays-1', '20');
  await type('unitPrice-0', '12800');
  expect(screen.queryAllByRole('alert').filter((a) => a.classList.contains('field-error'))).toEqual([]);
  expect(screen.getByTestId('quote-total').textContent).toBe('¥35,400');
});

it('keeps everything typed when the server refuses, with its message on the field', async () => {
  open();
  await type('brand-0', '赛多利斯');
  await type('model-0', 'BSA224S');
  await type('unitPrice-0', '12800');
  await userEvent.type(screen.getByRole('textbox', { name: '备注' }), '含安装调试');
  refuse = VALID_BEFORE_DEADLINE;
  await userEvent.click(screen.getByRole('button', { name: '提交报价' }));
  await waitFor(() => expect(screen.getByRole('button', { name: '提交报价' })).toBeEnabled());
  expect(sent.filter((s) => s.path === 'POST /api/quotations')).toHaveLength(1);
  expect(sent.find((s) => s.path === 'POST /api/quotations')!.body).toMatchObject({ inquiryId: 12, lines: [{ brand: '赛多利斯', model: 'BSA224S', unitPrice: 12800, quantity: 2 }], notes: '含安装调试' });
  expect(input('brand-0').value).toBe('赛多利斯');
  expect(input('model-0').value).toBe('BSA224S');
  expect(input('unitPrice-0').value).toBe('12800');
  expect(screen.getByRole('textbox', { name: '备注' })).toHaveValue('含安装调试');
  expect(document.querySelector('.field-invalid .field-error')?.textContent).toBe(VALID_BEFORE_DEADLINE);
});
