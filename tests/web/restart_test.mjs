// Games survive the server: `kishi serve --data DIR` with a shogi and a gnome
// game open in two pages, moves made, the server killed (SIGKILL: no chance to
// save anything more) and started again on the same port and folder. Each page
// must say that the server does not answer, then show its game as it was (the
// same state and moves as the server had) and play on. A saved file damaged
// while the server was down is refused by name.
//
// Run: node tests/web/restart_test.mjs  (exit 0 on pass; KISHI=path overrides build/kishi)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, launchBrowser, serverState, startGameFromForm, check } from './harness.mjs';

const DEADLINE_MS = 150_000;
const WAIT_MS = 30_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log('[restart_test]', ...a);

async function post(url, pathname, body) {
  const r = await fetch(`${url}${pathname}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  const text = await r.text();
  check(r.ok, `POST ${pathname}: ${r.status} ${text}`);
  return JSON.parse(text);
}

// Waits until the person is to move after `count` moves or more, on the server.
async function personTurn(url, id, count, where) {
  for (const until = Date.now() + WAIT_MS; ; await sleep(50)) {
    const s = await serverState(url, id);
    if (s.moves.length >= count && !s.thinking && s.to_move === s.person) return s;
    check(Date.now() < until, `${where}: the engine did not reply in ${WAIT_MS} ms`);
  }
}

// What the page shows of its game.
const shown = (page) => page.evaluate(() => ({
  status: document.getElementById('status').dataset.state,
  text: document.getElementById('status').textContent,
  state: window.kishiPage.game?.state,
  moves: [...document.querySelectorAll('#moves li')].map((li) => li.dataset.move),
}));

async function waitShown(page, s, where) {
  for (const until = Date.now() + WAIT_MS; ; await sleep(50)) {
    const d = await shown(page);
    if (d.status === 'your-move' && d.state === s.state && d.moves.join(' ') === s.moves.join(' ')) return;
    check(Date.now() < until, `${where}: the page shows ${JSON.stringify(d)}, the server ${s.state} after ${s.moves.join(' ')}`);
  }
}

// A game started through the page's form, the person's move and the engine's reply.
async function openGame(browser, url, game) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: WAIT_MS });
  const id = await startGameFromForm(page, game, { timeout: WAIT_MS });
  let s = await personTurn(url, id, 0, game);
  await post(url, `/api/games/${id}/move`, { move: s.legal[0] });
  s = await personTurn(url, id, 2, game);
  await waitShown(page, s, `${game} before the restart`);
  return { page, id, game, before: s };
}

async function main() {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'kishi-restart-'));
  let server = await startServer(['--game', 'shogi', '--data', data]);
  const { port } = server;
  const browser = await launchBrowser();
  try {
    const games = [await openGame(browser, server.url, 'shogi'), await openGame(browser, server.url, 'gnome')];
    // A third game, whose file is damaged while the server is down.
    const damaged = (await post(server.url, '/api/games', { game: 'shogi', playouts: 16 })).id;

    server.proc.kill('SIGKILL');
    await new Promise((r) => server.proc.once('exit', r));
    for (const g of games) {
      await g.page.waitForFunction(() => document.getElementById('status').dataset.state === 'offline', null, { timeout: WAIT_MS });
      log(`${g.game}: the page says "${(await shown(g.page)).text}"`);
    }
    fs.writeFileSync(path.join(data, `${damaged}.json`), '{"kishi_serve_game": 1, "actions": [');

    server = await startServer(['--game', 'shogi', '--data', data], { port });
    for (const g of games) {
      const s = await serverState(server.url, g.id);
      for (const key of ['start', 'state', 'moves', 'movers', 'evals', 'person', 'playouts'])
        check(JSON.stringify(s[key]) === JSON.stringify(g.before[key]), `${g.game}: ${key} after the restart ${JSON.stringify(s[key])}, before ${JSON.stringify(g.before[key])}`);
      await waitShown(g.page, s, `${g.game} after the restart`);
      // And the game goes on.
      await post(server.url, `/api/games/${g.id}/move`, { move: s.legal[0] });
      const after = await personTurn(server.url, g.id, s.moves.length + 2, `${g.game} after the restart`);
      await waitShown(g.page, after, `${g.game}, a move after the restart`);
      log(`${g.game}: ${g.before.moves.length} moves kept, ${after.moves.length} now`);
    }
    const r = await fetch(`${server.url}/api/games/${damaged}`);
    const body = await r.text();
    check(r.status === 500 && body.includes(`${damaged}.json`), `a damaged saved game: ${r.status} ${body}`);
    log(`the damaged game: ${r.status} ${body}`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(data, { recursive: true, force: true });
  }
}

const timer = setTimeout(() => { console.error('[restart_test] FAIL: over the deadline'); process.exit(1); }, DEADLINE_MS);
main().then(() => { clearTimeout(timer); log('PASS'); process.exit(0); },
  (e) => { clearTimeout(timer); console.error('[restart_test] FAIL:', e.stack || e.message); process.exit(1); });
