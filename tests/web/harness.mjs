// What every browser test needs: a `kishi serve` on a free loopback port, a
// headless Debian chromium driven by playwright-core (it downloads nothing),
// and the server's own view of a game, to compare with what the page draws.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const { chromium } = require(path.join(ROOT, 'web/node_modules/playwright-core'));

export const KISHI = process.env.KISHI || path.join(ROOT, 'build/kishi');
// Where the tests' screenshots go: docs/images/ (the README's) when run by
// hand, KISHI_SCREENSHOTS under ctest, so that a test run leaves the tree as it was.
export const SCREENSHOTS = process.env.KISHI_SCREENSHOTS || path.join(ROOT, 'docs/images');

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// Starts `kishi serve --port P ...args` and waits until it answers. With the
// built-in evaluator unless args name a model: the page is under test here,
// and a network per table would slow the load test's dozens of tables.
// Its games are kept in a new temporary folder unless args give --data; `port`
// (a restart on the same one) is free unless given.
export async function startServer(args = [], { port } = {}) {
  port ??= await freePort();
  const model = args.includes('--model') ? [] : ['--model', 'builtin'];
  const data = args.includes('--data') ? [] : ['--data', fs.mkdtempSync(path.join(os.tmpdir(), 'kishi-serve-'))];
  const proc = spawn(KISHI, ['serve', '--port', String(port), ...model, ...data, ...args], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout.on('data', (d) => { output += d; });
  proc.stderr.on('data', (d) => { output += d; });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; ++i) {
    if (proc.exitCode !== null) throw new Error(`kishi serve exited ${proc.exitCode}: ${output}`);
    try {
      await fetch(`${url}/api/info`);  // any answer (403 without the token) means it listens
      break;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url, port, proc, output: () => output,
    stop: () => new Promise((resolve) => {
      const done = (code) => {
        if (data.length) fs.rmSync(data[1], { recursive: true, force: true });
        resolve(code);
      };
      if (proc.exitCode !== null) return done(proc.exitCode);
      proc.once('exit', done);
      proc.kill('SIGTERM');
    }),
  };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// A new game through the page's form (the person moving first, the engine at
// `playouts`); its id, once the page shows it.
export async function startGameFromForm(page, game, { playouts = 16, timeout = 30_000 } = {}) {
  await page.selectOption('#game', game);
  await page.selectOption('#side', '0');
  await page.fill('#strength', String(playouts));
  await page.click('#new-game-button');
  await page.waitForFunction(() => /game=/.test(location.hash), null, { timeout });
  return /game=([\w-]+)/.exec(await page.evaluate(() => location.hash))[1];
}

// The server's state of game `id` (docs/serve.md).
export async function serverState(url, id) {
  const r = await fetch(`${url}/api/games/${id}`);
  if (!r.ok) throw new Error(`GET /api/games/${id}: ${r.status} ${await r.text()}`);
  return r.json();
}

export function check(condition, message) {
  if (!condition) throw new Error(message);
}
