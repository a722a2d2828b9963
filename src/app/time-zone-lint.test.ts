// @vitest-environment node
// One time zone (issue 22): lint refuses date formatting in the device's zone anywhere in src/,
// server/ or contracts/, so every date goes through contracts/time.ts (Beijing time); numbers keep
// their toLocaleString.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId);
}

const PAGE = 'src/features/news/news-list-page.tsx';

describe('time-zone lint', () => {
  it('passes on Beijing-time formatting and on numbers shown with toLocaleString', async () => {
    const ok = [
      "import { formatDateTime } from '@contracts/time';",
      'export const a = (iso: string) => formatDateTime(iso);',
      "export const b = (n: number) => n.toLocaleString('zh-CN');",
      "export const c = (n: number) => `¥${n.toLocaleString('zh-CN', { maximumFractionDigits: 2 })}`;",
      '',
    ].join('\n');
    expect(await ruleIds(PAGE, ok)).toEqual([]);
    expect(await ruleIds('server/modules/trade/quotations/comparison-export.ts', ok.replace('@contracts/time', '../../../../contracts/time.js'))).toEqual([]);
  });

  it('fails on importing a date library in the renderer, the server or the contracts', async () => {
    const src = "import dayjs from 'dayjs';\nexport const x = dayjs;\n";
    expect(await ruleIds(PAGE, src)).toContain('no-restricted-imports');
    expect(await ruleIds('server/modules/content/publications.service.ts', src)).toContain('no-restricted-imports');
    expect(await ruleIds('contracts/content.ts', src)).toContain('no-restricted-imports');
  });

  it.each([
    ['dayjs(…).format', "declare const dayjs: (x: string) => { format: (p: string) => string };\nexport const x = (iso: string) => dayjs(iso).format('YYYY-MM-DD');\n"],
    ['toLocaleDateString', "export const x = (iso: string) => new Date(iso).toLocaleDateString('zh-CN');\n"],
    ['toLocaleTimeString', 'export const x = (d: Date) => d.toLocaleTimeString();\n'],
    ['a Date’s toLocaleString', "export const x = (iso: string) => new Date(iso).toLocaleString('zh-CN');\n"],
    ['toLocaleString with date options', "export const x = (d: Date) => d.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' });\n"],
    ['Intl.DateTimeFormat', "export const x = new Intl.DateTimeFormat('zh-CN');\n"],
    ['a Date’s local getters', 'export const x = (d: Date) => `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()} ${d.getHours()}`;\n'],
  ])('fails on %s', async (_name, source) => {
    expect(await ruleIds(PAGE, source)).toContain('no-restricted-syntax');
    expect(await ruleIds('server/lib/mailer.ts', source)).toContain('no-restricted-syntax');
  });
});
