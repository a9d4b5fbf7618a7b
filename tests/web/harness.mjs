// What every browser test needs: a `kishi serve` on a free loopback port, a
// headless Debian chromium driven by playwright-core (it downloads nothing),
// and the server's own view of a game, to compare with what the page draws.
import { spawn } from 'node:child_process';
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
export async function startServer(args = []) {
  const port = await freePort();
  const model = args.includes('--model') ? [] : ['--model', 'builtin'];
  const proc = spawn(KISHI, ['serve', '--port', String(port), ...model, ...args], {
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
      if (proc.exitCode !== null) return resolve(proc.exitCode);
      proc.once('exit', (code) => resolve(code));
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

// The server's state of game `id` (docs/serve.md).
export async function serverState(url, id) {
  const r = await fetch(`${url}/api/games/${id}`);
  if (!r.ok) throw new Error(`GET /api/games/${id}: ${r.status} ${await r.text()}`);
  return r.json();
}

export function check(condition, message) {
  if (!condition) throw new Error(message);
}
