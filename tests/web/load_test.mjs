// kishi serve under load: 20 pages of one browser open at once on one server
// (loopback), each playing moves in its own game (the three games in turn)
// through the page while its event stream is open. Every engine reply must
// reach its page within a bound (no stalled page), the server must live on,
// and its memory stay bounded. Then a closed page must stop its search.
// Prints the figures (replies, their times, the server's memory and threads).
import fs from 'node:fs';
import { startServer, launchBrowser, serverState, check } from './harness.mjs';

const PAGES = Number(process.env.PAGES || 20);
const MOVES = Number(process.env.MOVES || 3);    // the person's moves in each game
const PLAYOUTS = 100;
const REPLY_MS = 60_000;                          // a reply slower than this is a stall
const MEMORY_MB = 2048;                           // the server's bound
const TIME_LIMIT_MS = 240_000;
const GAMES = ['shogi', 'showgit', 'gnome'];

const LOADING_AT_ONCE = 4;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// At most `count` holders at once; the others wait in turn.
function slots(count) {
  const waiting = [];
  return {
    async acquire() {
      if (count > 0) { --count; return; }
      await new Promise((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next(); else ++count;
    },
  };
}
const loadSlots = slots(LOADING_AT_ONCE);
const loads = [];

function processFigures(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number((new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status) || [])[1]);
  return { rssMb: field('VmRSS') / 1024, threads: field('Threads') };
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

// One page: a new game through the form, then MOVES moves posted through the
// page's own API module, each followed by the engine's reply on the page.
async function playOnePage(browser, url, index, replies) {
  const context = await browser.newContext();
  context.setDefaultTimeout(REPLY_MS);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('requestfailed', (r) => errors.push(`${r.url()}: ${r.failure()?.errorText}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  // A few pages load at a time: a page's load is the browser's work (a
  // renderer started, 24 modules compiled: about 1 s of a core), and twenty
  // at once on two cores took over 60 s each on a loaded CI machine. The
  // pages that have loaded play meanwhile, so the server still serves twenty.
  await loadSlots.acquire();
  const loadStart = Date.now();
  try {
    await page.goto(url);
    await page.waitForSelector('#game option', { state: 'attached' });
  } catch (e) {
    throw new Error(`page ${index}: the page did not start: ${e.message} ${errors.join(' | ')}`);
  } finally {
    loadSlots.release();
  }
  loads.push(Date.now() - loadStart);
  const game = GAMES[index % GAMES.length];
  await page.selectOption('#game', game);
  await page.selectOption('#side', '0');
  await page.fill('#strength', String(PLAYOUTS));
  await page.selectOption('#strength-unit', 'playouts');
  await page.click('#new-game-button');
  await page.waitForFunction(() => /game=/.test(location.hash), null, { timeout: REPLY_MS });
  const id = /game=([\w-]+)/.exec(await page.evaluate(() => location.hash))[1];
  for (let k = 0; k < MOVES; ++k) {
    const s = await serverState(url, id);
    if (s.over) break;
    check(s.legal.length > 0, `page ${index} (${game}): no legal move for the person`);
    const move = s.legal.filter((m) => m !== 'veto' && m !== 'accept')[k % 3] || s.legal[0];
    const posted = Date.now();
    await page.evaluate(async ([gameId, m]) => {
      const { api } = await import('/api.js');
      await api.move(gameId, m);
    }, [id, move]);
    // The reply: the engine's move in the page's move list, its turn over.
    const want = s.moves.length + 2;
    try {
      await page.waitForFunction((n) => document.querySelectorAll('#moves li').length >= n
        || document.querySelector('#status')?.dataset.state === 'over', want, { timeout: REPLY_MS });
    } catch {
      const now = await serverState(url, id);
      const listed = await page.$$eval('#moves li', (lis) => lis.length);
      throw new Error(`page ${index} (${game}): no reply to ${move} in ${REPLY_MS} ms (stalled): ` +
        `the server has ${now.moves.length} moves, thinking ${now.thinking}; the page lists ` +
        `${listed}; ${errors.join(' | ')}`);
    }
    replies.push(Date.now() - posted);
  }
  const s = await serverState(url, id);
  const listed = await page.$$eval('#moves li', (lis) => lis.map((li) => li.dataset.move));
  check(JSON.stringify(listed) === JSON.stringify(s.moves),
    `page ${index} (${game}): the page lists ${listed}, the server has ${s.moves}`);
  check(!errors.length, `page ${index} (${game}): errors on the page: ${errors.join(' | ')}`);
  return { page, context, game, plies: s.moves.length };
}

async function main() {
  const timer = setTimeout(() => { console.error('FAIL: past the time limit'); process.exit(1); }, TIME_LIMIT_MS);
  const server = await startServer(['--max-games', String(PAGES + 4)]);
  const browser = await launchBrowser();
  try {
    const pid = server.proc.pid;
    const before = processFigures(pid);
    let peak = before;
    const sampler = setInterval(() => {
      const now = processFigures(pid);
      if (now.rssMb > peak.rssMb) peak = { ...now };
      if (now.threads > (peak.maxThreads || 0)) peak.maxThreads = now.threads;
    }, 100);
    const replies = [];
    const started = Date.now();
    const pages = await Promise.all(
      Array.from({ length: PAGES }, (_, i) => playOnePage(browser, server.url, i, replies)));
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const during = processFigures(pid);
    check(server.proc.exitCode === null, `the server exited: ${server.output()}`);
    check(peak.rssMb < MEMORY_MB, `the server took ${peak.rssMb.toFixed(0)} MB (bound ${MEMORY_MB})`);
    const plies = pages.reduce((n, p) => n + p.plies, 0);
    console.log(`load: ${PAGES} pages at once (${GAMES.join(', ')} in turn), ${replies.length} replies ` +
      `at ${PLAYOUTS} playouts in ${seconds.toFixed(1)} s, ${plies} plies in all`);
    console.log(`load: page load (${LOADING_AT_ONCE} at a time) median ${percentile(loads, 0.5)} ms, ` +
      `longest ${Math.max(...loads)} ms`);
    console.log(`load: reply time median ${percentile(replies, 0.5)} ms, 90th percentile ` +
      `${percentile(replies, 0.9)} ms, longest ${Math.max(...replies)} ms (a stall: ${REPLY_MS} ms)`);
    console.log(`load: server memory ${before.rssMb.toFixed(0)} MB before, ${peak.rssMb.toFixed(0)} MB ` +
      `at the peak, ${during.rssMb.toFixed(0)} MB with the pages open; threads ${before.threads} ` +
      `before, ${peak.maxThreads} at most`);
    for (const p of pages) await p.context.close();

    // A closed page stops its search: the engine moves first with a long think
    // (a server whose trees hold a minute of the built-in evaluator's search).
    const thinker = await startServer(['--hash', '4096']);
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(thinker.url);
      await page.waitForSelector('#game option', { state: 'attached' });
      await page.selectOption('#game', 'shogi');
      await page.selectOption('#side', '1');
      await page.fill('#strength', '60');
      await page.selectOption('#strength-unit', 'seconds');
      await page.click('#new-game-button');
      await page.waitForFunction(() => /game=/.test(location.hash), null, { timeout: REPLY_MS });
      const id = /game=([\w-]+)/.exec(await page.evaluate(() => location.hash))[1];
      await sleep(500);
      let s = await serverState(thinker.url, id);
      check(s.thinking, 'the engine does not think at the start of a game it opens');
      const closed = Date.now();
      await context.close();
      for (;;) {
        s = await serverState(thinker.url, id);
        if (!s.thinking) break;
        check(Date.now() - closed < 5000, 'the search goes on 5 s after its page closed');
        await sleep(50);
      }
      check(s.moves.length === 0, `the closed page's search still played ${s.moves}`);
      console.log(`load: a closed page's search stopped ${Date.now() - closed} ms after the page closed`);
    } finally {
      await thinker.stop();
    }
    const after = processFigures(pid);
    console.log(`load: server memory ${after.rssMb.toFixed(0)} MB, ${after.threads} threads after the pages closed`);
  } finally {
    await browser.close();
    const code = await server.stop();
    clearTimeout(timer);
    check(code === 0, `kishi serve exited ${code}: ${server.output().slice(-500)}`);
  }
  console.log('PASS');
}

main().catch((e) => { console.error(`FAIL: ${e.stack || e}`); process.exit(1); });
