// The form mechanism over every form listed in forms.registry.tsx (STYLE.md 15a): an invalid value
// and a submit show the contract's message to the letter, the correction removes it at once, and a
// double click on submit sends one request. A file calling useSchemaForm that is not in the list
// fails here.
import fs from 'node:fs';
import path from 'node:path';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHttpClient } from '@/platform/http';
import { UnsavedChangesGuard } from '@/components/unsaved-changes';
import { FORMS, type TFormCase } from './forms.registry';

let sent: string[] = [];
let answers: Record<string, unknown> = {};
let original: InternalAxiosRequestConfig['adapter'];

const requestPath = (config: InternalAxiosRequestConfig) => `${(config.method ?? 'get').toUpperCase()} ${new URL(config.url ?? '', 'http://x').pathname}`;

// Every answer waits a little, so the button is still busy when the second click of a double click lands.
const adapter: AxiosAdapter = async (config) => {
  const key = requestPath(config);
  sent.push(key);
  await new Promise((r) => setTimeout(r, 30));
  const [method, url] = key.split(' ') as [string, string];
  // No member behind these forms: refreshing one after a save finds none, and the session stays as it is.
  if (url === '/api/member/getInfo') return { data: { code: 404, msg: '用户不存在' }, status: 200, statusText: 'OK', headers: {}, config };
  const found = Object.entries(answers).find(([prefix]) => url.startsWith(prefix));
  const data = found ? found[1] : method === 'GET' ? [] : { id: 1, routed: 1, ticket: 'ticket-123456', storeUid: 's9', supplierName: '中科仪达' };
  return { data: { code: 200, msg: '已保存', data }, status: 200, statusText: 'OK', headers: {}, config };
};

beforeAll(async () => {
  const http = await loadHttpClient();
  original = http.defaults.adapter;
  http.defaults.adapter = adapter;
});
afterAll(async () => {
  (await loadHttpClient()).defaults.adapter = original;
});

function renderCase(c: TFormCase) {
  sent = [];
  answers = c.answers ?? {};
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[c.path ?? '/']}>{c.render()}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const control = (key: string) => {
  const el = document.querySelector<HTMLElement>(/^[\w-]+$/.test(key) ? `[name="${key}"]` : key);
  if (!el) throw new Error(`no control ${key}`);
  return el;
};

/** Enters a value the way a person would: typing (or pasting long text), choosing, ticking. */
async function enter(key: string, value: string) {
  // A control waiting for its record (disabled until loaded) is typed into once it opens.
  const el = await waitFor(() => {
    const found = control(key);
    if ((found as HTMLInputElement).disabled && !(found instanceof HTMLSelectElement)) throw new Error(`${key} is disabled`);
    return found;
  });
  if (el.isContentEditable || el.getAttribute('contenteditable') === 'true') {
    el.innerHTML = value;
    fireEvent.input(el);
    return;
  }
  if (el instanceof HTMLSelectElement) {
    // Options may come from a request (categories, regions).
    await waitFor(() => expect(!el.disabled && [...el.options].some((o) => o.value === value)).toBe(true));
    return userEvent.selectOptions(el, value);
  }
  if (el instanceof HTMLInputElement && el.type === 'file') return userEvent.upload(el, new File(['licence'], value, { type: 'image/png' }));
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return userEvent.click(el);
  await userEvent.clear(el);
  if (value) {
    await userEvent.click(el);
    await userEvent.paste(value);
  }
}

const messages = () => [...document.querySelectorAll('.field-error, [role="alert"]')].map((e) => e.textContent?.trim());
const submitButton = (c: TFormCase) => screen.findByRole('button', { name: c.submit });

describe.each(FORMS.map((c) => [c.name, c] as const))('%s', (_name, c) => {
  it('shows the message on submit, drops it once corrected, and a double click sends one request', async () => {
    renderCase(c);
    if (c.open) await userEvent.click(await screen.findByRole('button', { name: c.open }));
    await enter(c.field, c.invalid);
    await userEvent.click(await submitButton(c));
    await waitFor(() => expect(messages()).toContain(c.message));
    expect(sent.filter((s) => s === c.sends)).toEqual([]);

    await enter(c.field, c.valid);
    expect(messages()).not.toContain(c.message);

    for (const [key, value] of Object.entries(c.fill ?? {})) await enter(key, value);
    await userEvent.dblClick(await submitButton(c));
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(messages()).toEqual(messages().filter((m) => !m || !/不能为空|至少|无效|有效/.test(m)));
    expect(sent.filter((s) => s === c.sends)).toEqual([c.sends]);
  });
});

// change → leave → asked: a form with a change holds the page (the guard asks before the route
// changes). A dialog's form counts too: its hook reports to the page the dialog was opened on.
describe.each(FORMS.map((c) => [c.name, c] as const))('%s', (_name, c) => {
  it('asks before leaving once a value was changed', async () => {
    sent = [];
    answers = c.answers ?? {};
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [
        { path: '/__left', element: <p>已离开</p> },
        { path: '*', element: <UnsavedChangesGuard>{c.render()}</UnsavedChangesGuard> },
      ],
      { initialEntries: [c.path ?? '/'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    if (c.open) await userEvent.click(await screen.findByRole('button', { name: c.open }));
    await enter(c.field, c.valid);
    await act(() => router.navigate('/__left'));
    expect(await screen.findByTestId('unsaved-changes-dialog')).toBeInTheDocument();
    expect(router.state.location.pathname).not.toBe('/__left');
  });
});

it('lists every form on the mechanism', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && /\buseSchemaForm\(/.test(fs.readFileSync(full, 'utf8'))) files.push(full.split(path.sep).join('/'));
    }
  };
  walk('src');
  const users = files.filter((f) => f !== 'src/components/form/use-schema-form.ts');
  const listed = new Set(FORMS.map((c) => c.file));
  expect(users.filter((f) => !listed.has(f)), 'forms on useSchemaForm missing from src/app/forms.registry.tsx').toEqual([]);
  expect([...listed].filter((f) => !users.includes(f)), 'registry entries whose file no longer uses useSchemaForm').toEqual([]);
});
