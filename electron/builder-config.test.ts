// Validates electron-builder.yml offline with electron-builder's own loader and schema checker,
// then checks the settings IT relies on (per-machine installers, fixed MSI upgrade code, fuses…).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const root = path.resolve(__dirname, '..');

type TConfig = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: TConfig | null): Promise<TConfig>;
  validateConfiguration(config: TConfig, debugLogger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

const load = () => getConfig(root, path.join(root, 'electron-builder.yml'), null);

/**
 * The NSIS defines electron-builder derives from the `nsis` options (NsisTarget.configureDefines),
 * with a stand-in for the packager: they decide which installer pages and modes are compiled in.
 */
async function nsisDefines(options: TConfig): Promise<Record<string, unknown>> {
  // The package's entry first: loading the target module alone meets a require cycle.
  require('app-builder-lib');
  const { NsisTarget } = require('app-builder-lib/out/targets/nsis/NsisTarget') as { NsisTarget: { prototype: { configureDefines(oneClick: boolean, defines: Record<string, unknown>): Promise<unknown> } } };
  const { CancellationToken } = require('builder-util-runtime') as { CancellationToken: new () => unknown };
  const packager = { info: { cancellationToken: new CancellationToken() }, getResource: async () => null, appInfo: { sanitizedProductName: '仪采通', companyName: null }, expandMacro: (s: string) => s };
  const defines: Record<string, unknown> = {};
  await NsisTarget.prototype.configureDefines.call({ options, packager }, options.oneClick !== false, defines);
  return defines;
}

describe('electron-builder.yml', () => {
  it("passes electron-builder's own configuration checker", async () => {
    const config = await load();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('the checker does reject a wrong configuration (so the test above means something)', async () => {
    const config = { ...(await load()), nsis: { perMachine: 'yes please', notAnOption: 1 } };
    await expect(validateConfiguration(config, new DebugLogger(false))).rejects.toThrow(/Invalid configuration/);
  });

  it('identity, output and files', async () => {
    const c = await load();
    expect(c.appId).toBe('com.yicaitong.desktop');
    expect(c.productName).toBe('仪采通');
    expect(c.directories.output).toBe('release');
    // getConfig normalises `files` to [{ filter: [...] }].
    const patterns = (c.files as Array<string | { filter: string[] }>).flatMap((f) => (typeof f === 'string' ? [f] : f.filter));
    expect(patterns.filter((f) => !f.startsWith('!')).sort()).toEqual(['dist-electron/**', 'dist/**', 'package.json']);
    expect(patterns).toContain('!node_modules/**');
  });

  it('Windows: NSIS per user (updates without UAC), MSI per machine for IT, fixed MSI upgrade code, signing forced and only from the environment', async () => {
    const c = await load();
    expect(c.win.target.map((t: { target: string }) => t.target)).toEqual(['nsis', 'msi']);
    expect(c.nsis.perMachine).toBe(false);
    expect(c.nsis.allowElevation).toBe(false);
    expect(c.nsis.oneClick).toBe(true);
    expect(c.msi.perMachine).toBe(true);
    expect(c.forceCodeSigning).toBe(true);
    expect(c.win.verifyUpdateCodeSignature).toBe(true);
    expect(c.msi.upgradeCode).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
    const raw = fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8');
    expect(raw).not.toMatch(/^\s*(cscLink|cscKeyPassword|certificatePassword|certificateFile)\s*:/m);
  });

  it('the NSIS installer has no per-machine mode at all: no install-mode page, no elevation, /allusers ignored (issue 33, 7)', async () => {
    const defines = await nsisDefines((await load()).nsis);
    expect(defines).toHaveProperty('ONE_CLICK');
    // Without these, electron-builder's templates compile no install-mode page (assistedInstaller.nsh
    // PAGE_INSTALL_MODE) and no setInstallModePerAllUsers, which is what /allusers would run.
    for (const define of ['INSTALL_MODE_PER_ALL_USERS', 'INSTALL_MODE_PER_ALL_USERS_REQUIRED', 'INSTALL_MODE_PER_ALL_USERS_DEFAULT', 'MULTIUSER_INSTALLMODE_ALLOW_ELEVATION']) {
      expect(defines, define).not.toHaveProperty(define);
    }
    // The check means something: the assisted installer the client had before compiles them in.
    const before = await nsisDefines({ ...(await load()).nsis, oneClick: false, allowToChangeInstallationDirectory: true, allowElevation: undefined });
    expect(before).toHaveProperty('INSTALL_MODE_PER_ALL_USERS_REQUIRED');
    expect(before).toHaveProperty('MULTIUSER_INSTALLMODE_ALLOW_ELEVATION');
  });

  it('the app says the AppUserModelID its installer gives the shortcut (notifications group, per-app settings apply)', async () => {
    const { APP_USER_MODEL_ID } = await import('./core/app-identity');
    expect(APP_USER_MODEL_ID).toBe((await load()).appId);
  });

  it('macOS: dmg + zip, hardened runtime with entitlements, notarized', async () => {
    const c = await load();
    expect(c.mac.target.map((t: { target: string }) => t.target)).toEqual(['dmg', 'zip']);
    expect(c.mac.hardenedRuntime).toBe(true);
    expect(c.mac.notarize).toBe(true);
    expect(fs.existsSync(path.join(root, c.mac.entitlements))).toBe(true);
    expect(fs.readFileSync(path.join(root, c.mac.entitlements), 'utf8')).toContain('com.apple.security.cs.allow-jit');
  });

  it('Linux AppImage + deb, the yicaitong:// protocol, a generic update feed', async () => {
    const c = await load();
    expect(c.linux.target).toEqual(['AppImage', 'deb']);
    expect(c.protocols[0].schemes).toEqual(['yicaitong']);
    expect(c.publish).toMatchObject({ provider: 'generic', url: '${env.YCT_UPDATE_URL}' });
  });

  it('fuses: no run-as-node, cookie encryption, asar integrity, app only from asar', async () => {
    const c = await load();
    expect(c.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
    });
  });

  it('the icon exists and is a 512×512 PNG', () => {
    const png = fs.readFileSync(path.join(root, 'build/icon.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
  });
});
