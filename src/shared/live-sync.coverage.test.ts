// @vitest-environment node
// Every query the renderer defines follows live changes (src/shared/live-sync.ts LIVE_QUERIES) or
// says why not (NOT_LIVE); every form that holds its queries while edited is on LIVE_HOLD_FORMS. A
// new page's query that is in neither fails here, so it cannot forget live updates.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIVE_ENTITIES } from '@contracts/live';
import { LIVE_HOLD_FORMS, NOT_LIVE, showsChange } from './live-sync';

const root = path.resolve(import.meta.dirname, '../..');
const sources = (fs.readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' }) as string[])
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
  .map((f) => ({ file: `src/${f.split(path.sep).join('/')}`, text: fs.readFileSync(path.join(root, 'src', f), 'utf8') }));

/** The keys of the queries the renderer defines (not the ones it invalidates or reads): their literal first one or two parts. */
const defined = sources.flatMap(({ file, text }) =>
  text
    .split('\n')
    .filter((line) => /queryKey:\s*\[/.test(line) && !/Queries\(|QueryData\(|QueryState\(|fetchQuery\(/.test(line))
    .map((line) => /queryKey:\s*\[\s*'([^']+)'(?:\s*,\s*'([^']+)')?/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ file, key: m[2] ? [m[1]!, m[2]] : [m[1]!] })),
);

describe('live updates cover every query', () => {
  it('finds the queries (the scan works)', () => {
    expect(defined.length).toBeGreaterThan(40);
    expect(defined.map((d) => d.key.join('/'))).toEqual(expect.arrayContaining(['inquiries/supplier', 'demands/mine', 'supplier/overview', 'catalogue/home']));
  });

  it.each(defined.map((d) => [d.key.join('/'), d.file] as const))('%s (%s) follows live changes or says why not', (key) => {
    const parts = key.split('/');
    const live = showsChange({ entity: 'all', id: null }, parts);
    const excused = NOT_LIVE[key] ?? NOT_LIVE[parts[0]!];
    expect(live || excused !== undefined, `${key}: add it to LIVE_QUERIES, or to NOT_LIVE with the reason`).toBe(true);
    expect(live && NOT_LIVE[key] !== undefined, `${key} is live and also listed as not`).toBe(false);
  });

  it('lists nothing that no query uses, and every entity reaches some query', () => {
    const used = new Set(defined.flatMap((d) => [d.key.join('/'), d.key[0]!]));
    expect(Object.keys(NOT_LIVE).filter((k) => !used.has(k))).toEqual([]);
    for (const entity of LIVE_ENTITIES) expect(defined.some((d) => showsChange({ entity, id: null }, d.key)), entity).toBe(true);
  });

  it('every form that holds its queries while edited is listed, and says 有新的变化', () => {
    const holding = sources.filter((s) => /\buseLiveHold\(/.test(s.text) && s.file !== 'src/shared/live-sync.ts').map((s) => s.file);
    expect(holding.sort()).toEqual([...LIVE_HOLD_FORMS].sort());
    for (const file of LIVE_HOLD_FORMS) expect(sources.find((s) => s.file === file)!.text, file).toContain('LIVE_CHANGED_TEXT');
  });
});
