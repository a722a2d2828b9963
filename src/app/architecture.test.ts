// @vitest-environment node
// The architecture rules of eslint.config.js hold and can fail: the renderer's layers import only
// downwards, nothing in src/ forms an import cycle, and a server module uses another module only
// through its services (README "Layout").
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(file: string, extra: string) {
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  const [result] = await eslint.lintText(`${source}\n${extra}\n`, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId);
}

describe('architecture lint', () => {
  it('passes on the layer files as they are', async () => {
    expect(await ruleIds('src/shared/session.ts', '')).toEqual([]);
    expect(await ruleIds('server/modules/admin/suppliers.service.ts', '')).toEqual([]);
  });

  it('fails when a lower layer imports the app (a wrong direction and a cycle: the router imports the session)', async () => {
    const ids = await ruleIds('src/shared/session.ts', "export { createAppRouter } from '@/app/router';");
    expect(ids).toContain('boundaries/dependencies');
    expect(ids).toContain('import-x/no-cycle');
  });

  it('fails on a cycle inside one layer', async () => {
    // The router imports the root shell; the shell importing the router back closes a loop inside src/app.
    const ids = await ruleIds('src/app/root-shell.tsx', "export { createAppRouter } from './router';");
    expect(ids).toEqual(['import-x/no-cycle']);
  });

  it('fails when components import features, or features import the app', async () => {
    expect(await ruleIds('src/components/ui/pager.tsx', "export { default as X } from '@/features/feedback/feedback-page';")).toContain('boundaries/dependencies');
    expect(await ruleIds('src/features/feedback/feedback-page.tsx', "export { ROUTES } from '@/app/route-table';")).toContain('boundaries/dependencies');
  });

  it("fails when a server module imports another module's internals", async () => {
    expect(await ruleIds('server/modules/admin/members.service.ts', "export { supplierRoutes } from '../supplier/supplier.routes.js';")).toEqual(['boundaries/dependencies']);
    expect(await ruleIds('server/modules/admin/members.service.ts', "export { normaliseProvince } from '../supplier/store.service.js';")).toEqual([]);
  });
});
