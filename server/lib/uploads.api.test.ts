// Uploads through the storage interface on a real, tiny file system (a 1 MB tmpfs): when the disk
// fills half way through a write, the answer is a clear 503 in Chinese, no partial file is left in
// the uploads folder, and nothing is recorded; with space again the same upload succeeds.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../db/schema.js';
import { makeMember, makeTestApp, type TTestApp } from '../test/harness.js';

const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-full-'));
let mounted = false;
let why = '';
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mountPoint], { stdio: 'pipe' });
  mounted = true;
} catch (err) {
  fs.rmSync(mountPoint, { recursive: true, force: true });
  why = `a 1 MB tmpfs cannot be mounted here (${String((err as { stderr?: Buffer }).stderr ?? err).trim().split('\n')[0]}); run as root to check a disk that fills during an upload`;
}

const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'), Buffer.alloc(bytes, 0x20), Buffer.from('\n%%EOF\n')]);

function multipart(content: Buffer, filename: string, auth: Record<string, string>) {
  const boundary = '----yctopsboundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
}

describe.skipIf(!mounted)(`uploads on a full disk${mounted ? '' : ` — skipped: ${why}`}`, () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await makeTestApp({ DATA_DIR: mountPoint });
  });
  afterAll(async () => {
    await t?.close();
    execFileSync('umount', [mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  it('answers 503 with 存储空间不足, keeps no partial file and records nothing; succeeds once there is space', async () => {
    const buyer = await makeMember(t, { roles: ['member', 'purchaser'] });
    const first = await t.app.inject({ method: 'POST', url: '/api/trade/attachments', ...multipart(pdf(8_000), '规格书.pdf', buyer.auth) });
    expect(first.statusCode).toBe(200);

    // fill the disk, then leave ~150 KB free: a 400 KB attachment fails half way
    const filler = path.join(mountPoint, 'filler.bin');
    const fd = fs.openSync(filler, 'w');
    try {
      for (;;) fs.writeSync(fd, Buffer.alloc(64 * 1024, 1));
    } catch (err) {
      expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      fs.closeSync(fd);
    }
    fs.truncateSync(filler, fs.statSync(filler).size - 150 * 1024);
    const before = filesUnder(path.join(mountPoint, 'uploads'));

    const failed = await t.app.inject({ method: 'POST', url: '/api/trade/attachments', ...multipart(pdf(400_000), '大图纸.pdf', buyer.auth) });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: 503, msg: '存储空间不足，文件未保存，请稍后再试', requestId: failed.headers['x-request-id'] });
    expect(filesUnder(path.join(mountPoint, 'uploads'))).toEqual(before);
    const rows = await t.database.db.select({ filename: uploads.filename }).from(uploads).where(eq(uploads.ownerId, buyer.id));
    expect(rows.map((r) => r.filename)).toEqual(['规格书.pdf']);

    fs.rmSync(filler);
    const again = await t.app.inject({ method: 'POST', url: '/api/trade/attachments', ...multipart(pdf(400_000), '大图纸.pdf', buyer.auth) });
    expect(again.statusCode).toBe(200);
    expect(filesUnder(path.join(mountPoint, 'uploads', 'trade'))).toHaveLength(2);
  });
});
