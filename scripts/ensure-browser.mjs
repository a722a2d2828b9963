// Makes sure Debian's Chromium and the CJK fonts are present for the end-to-end tests:
// installs them with apt-get when possible, or says in one sentence how to.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasFonts = () => spawnSync('sh', ['-c', 'fc-list :lang=zh | grep -q .'], { stdio: 'ignore' }).status === 0;

if (fs.existsSync(chromium) && hasFonts()) process.exit(0);

const isRoot = process.getuid?.() === 0;
const sudo = isRoot ? '' : spawnSync('sh', ['-c', 'command -v sudo && sudo -n true'], { stdio: 'ignore' }).status === 0 ? 'sudo -n ' : null;
if (sudo === null || spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status !== 0) {
  console.error('Chromium or the CJK fonts are missing: run `sudo apt-get install -y chromium fonts-noto-cjk` (or set CHROMIUM_PATH) and try again.');
  process.exit(1);
}
console.log('Installing Chromium and CJK fonts with apt-get…');
execSync(`${sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq chromium fonts-noto-cjk >/dev/null`, { stdio: 'inherit', shell: '/bin/sh' });
if (!fs.existsSync(chromium)) {
  console.error(`Chromium is still missing at ${chromium}: install it and set CHROMIUM_PATH.`);
  process.exit(1);
}
