// Clocks and levels (issue 36). A game with a byoyomi from the page's form:
// both clocks shown, the person's running down while it is their move, no
// take back, the engine moving by its own clock, then the person's time run
// out without a move: the game is lost on time, the page says so and the
// records end in a time loss. The clock survives a restart (SIGKILL) as it
// stood. A level from the form sets the strength ({"level": N}). Bad clocks
// and levels are refused by name.
//
// Run: node tests/web/clock_test.mjs  (exit 0 on pass; KISHI=path overrides build/kishi)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, launchBrowser, serverState, check } from './harness.mjs';

const BYOYOMI_S = 3;
const log = (m) => console.log(`clock: ${m}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function post(url, route, body) {
  const r = await fetch(`${url}${route}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, json: r.ok ? JSON.parse(text) : null, text };
}

async function waitFor(what, ms, test) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await test();
    if (value) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(100);
  }
}

const data = fs.mkdtempSync(path.join(os.tmpdir(), 'kishi-clock-'));
let server = await startServer(['--data', data]);
const browser = await launchBrowser();
try {
  // Refused by name.
  for (const [body, said] of [
    [{ level: 0 }, /level must be from 1/],
    [{ level: '3' }, /field 'level' has the wrong type/],
    [{ clock: { main: 60, byoyomi: 10, increment: 5 } }, /a byoyomi or an increment, not both/],
    [{ clock: { main: 60 }, seconds: 1 }, /plays by it: give no seconds or playouts/],
    [{ clock: { mian: 60 } }, /unknown clock field 'mian'/],
    [{ clock: { main: 5 } }, /at least 10 s of main time or 1 s a move/],
    [{ clock: { main: -1 } }, /clock main must be a number of seconds/],
    [{ clock: 300 }, /clock must be an object/],
  ]) {
    const r = await post(server.url, '/api/games', body);
    check(r.status === 400 && said.test(r.text), `${JSON.stringify(body)}: ${r.status} ${r.text}`);
  }

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(server.url);
  await page.waitForSelector('#game option', { state: 'attached' });

  // A level from the form: the strength fields rest, the state says the level.
  const levels = await page.$$eval('#level option', (os) => os.map((o) => o.value));
  check(levels.join() === ',1,2,3,4,5,6,7,8', `the level menu: ${levels}`);
  await page.selectOption('#game', 'shogi');
  await page.selectOption('#side', '0');
  await page.selectOption('#level', '2');
  check(await page.isHidden('#strength-choice'), 'the strength fields show beside a level');
  await page.click('#new-game-button');
  await page.waitForFunction(() => /game=/.test(location.hash));
  let id = /game=([\w-]+)/.exec(await page.evaluate(() => location.hash))[1];
  let s = await serverState(server.url, id);
  check(s.level === 2 && s.clock === null, `level 2's game: level ${s.level}, clock ${JSON.stringify(s.clock)}`);
  check(await page.isHidden('#clocks'), 'clocks shown in a game without one');

  // A byoyomi game from the form.
  await page.selectOption('#level', '');
  await page.selectOption('#clock-kind', 'byoyomi');
  await page.fill('#clock-main', '0');
  await page.fill('#clock-extra', String(BYOYOMI_S));
  await page.click('#new-game-button');
  await page.waitForFunction((old) => !location.hash.includes(old), id);
  id = /game=([\w-]+)/.exec(await page.evaluate(() => location.hash))[1];
  s = await serverState(server.url, id);
  check(s.clock && s.clock.main === 0 && s.clock.byoyomi === BYOYOMI_S * 1000,
    `the clock asked for: ${JSON.stringify(s.clock)}`);
  check(s.takeback === false, 'take back offered against the clock');
  await page.waitForSelector('#clocks:not([hidden]) #clock-you.running');
  const before = Number(await page.getAttribute('#clock-you', 'data-ms'));
  await sleep(700);
  const after = Number(await page.getAttribute('#clock-you', 'data-ms'));
  check(after < before && before <= BYOYOMI_S * 1000, `the person's clock: ${before} ms, then ${after} ms`);
  log(`your clock shown running: ${before} ms, 0.7 s later ${after} ms ("${await page.textContent('#clock-you')}")`);

  // A move in time; the engine answers by its clock.
  await page.evaluate(async ([gameId, m]) => {
    const { api } = await import('/api.js');
    await api.move(gameId, m);
  }, [id, s.legal[0]]);
  s = await waitFor('the engine\'s reply', 20_000, async () => {
    const now = await serverState(server.url, id);
    return now.moves.length >= 2 && !now.thinking && now;
  });
  check(!s.over, `the game ended at the engine's move: ${s.reason}`);
  log(`kishi answered ${s.moves[1]} in its byoyomi; the clock now ${JSON.stringify(s.clock)}`);

  // Restarted with the person's clock part spent: the clock is as it stood.
  await sleep(1000);
  const spent = (await serverState(server.url, id)).clock.used;
  server.proc.kill('SIGKILL');
  await new Promise((r) => server.proc.once('exit', r));
  server = await startServer(['--data', data], { port: server.port });
  s = await serverState(server.url, id);
  check(s.clock && s.clock.byoyomi === BYOYOMI_S * 1000 && s.clock.used <= spent + 1000 &&
    s.moves.length === 2 && !s.over, `after a restart: ${JSON.stringify(s.clock)}, ${s.moves}`);
  log(`after a SIGKILL and a restart the clock stands at ${s.clock.used} ms used of the move`);

  // No move: the person's byoyomi runs out, the game is lost on time.
  await page.waitForFunction(() => document.getElementById('status').dataset.state !== 'offline',
    null, { timeout: 20_000 });
  const lost = await waitFor('the loss on time', (BYOYOMI_S + 8) * 1000, async () => {
    const now = await serverState(server.url, id);
    return now.over && now;
  });
  check(lost.reason === 'time' && lost.winner === 1 - lost.person,
    `the game ended: ${lost.reason}, winner ${lost.winner}`);
  await page.waitForFunction(() => /on time/.test(document.getElementById('status').textContent),
    null, { timeout: 10_000 });
  log(`the page says "${await page.textContent('#status')}"`);
  const moved = await post(server.url, `/api/games/${id}/move`, { move: lost.legal[0] ?? '7g7f' });
  check(moved.status === 409, `a move after the loss on time: ${moved.status} ${moved.text}`);
  const csa = await (await fetch(`${server.url}/api/games/${id}/record?format=csa`)).text();
  const kif = await (await fetch(`${server.url}/api/games/${id}/record?format=kif`)).text();
  check(/%TIME_UP/.test(csa), `the CSA record's end:\n${csa}`);
  check(/切れ負け/.test(kif), `the KIF record's end:\n${kif}`);
  check(!errors.length, `errors on the page: ${errors.join(' | ')}`);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(data, { recursive: true, force: true });
}
console.log('PASS');
