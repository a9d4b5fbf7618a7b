// The page's layout on a phone (390x844) and a desktop (1280x800), for every
// game: a game started through the form, three moves of the person's (sent as a
// second tab would send them) and the engine's replies; after each, the page
// must not scroll sideways, must not have scrolled by itself, and must show the
// whole board (hands and coordinates included), the status and the buttons
// without scrolling. The gnome board must keep its size throughout (its hint
// text changes with every state). In check, the king's square is marked.
//
// Run: node tests/web/layout_test.mjs  (exit 0 on pass; KISHI=path overrides build/kishi)
import { startServer, launchBrowser, serverState, startGameFromForm, check } from './harness.mjs';

const DEADLINE_MS = 150_000;
const WAIT_MS = 30_000;
const MOVES = 3;
const VIEWPORTS = [{ width: 390, height: 844 }, { width: 1280, height: 800 }];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log('[layout_test]', ...a);

// What the page shows, measured in the browser.
function measure() {
  const rect = (el) => (el ? el.getBoundingClientRect().toJSON() : null);
  const doc = document.documentElement;
  // Everything the board draws: the board, its hands, its coordinates.
  const parts = [...document.querySelectorAll('#board, #board *')]
    .map(rect).filter((r) => r.width > 0 && r.height > 0);
  const box = parts.reduce((a, r) => ({
    left: Math.min(a.left, r.left), top: Math.min(a.top, r.top),
    right: Math.max(a.right, r.right), bottom: Math.max(a.bottom, r.bottom),
  }), { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity });
  return {
    scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth, scrollX, scrollY,
    innerWidth, innerHeight, board: box,
    status: rect(document.getElementById('status')),
    buttons: [...document.querySelectorAll('#controls button')].map(rect),
    frame: rect(document.querySelector('#board .gnome-frame')),
    state: document.getElementById('status').dataset.state,
  };
}

function checkLayout(m, where) {
  check(m.scrollWidth <= m.clientWidth, `${where}: the page is ${m.scrollWidth} px wide on a ${m.clientWidth} px screen`);
  check(m.scrollX === 0 && m.scrollY === 0, `${where}: the page scrolled by itself to ${m.scrollX},${m.scrollY}`);
  const inView = (r) => r.left >= 0 && r.top >= 0 && r.right <= m.innerWidth + 0.5 && r.bottom <= m.innerHeight + 0.5;
  check(inView(m.board), `${where}: the board is drawn at ${JSON.stringify(m.board)}, the screen is ${m.innerWidth}x${m.innerHeight}`);
  check(inView(m.status), `${where}: the status is at ${JSON.stringify(m.status)}`);
  for (const b of m.buttons) check(inView(b), `${where}: a button is at ${JSON.stringify(b)}`);
}

// Waits until the server has the person to move after `count` moves or more,
// and the page shows it.
async function personTurn(page, url, id, count, where) {
  const until = Date.now() + WAIT_MS;
  let s;
  for (;;) {
    s = await serverState(url, id);
    if (s.moves.length >= count && (s.over || (!s.thinking && s.to_move === s.person))) break;
    check(Date.now() < until, `${where}: the engine did not reply in ${WAIT_MS} ms`);
    await sleep(50);
  }
  await page.waitForFunction((n) => document.querySelectorAll('#moves li').length === n
    && ['your-move', 'over'].includes(document.getElementById('status').dataset.state), s.moves.length, { timeout: WAIT_MS });
  return s;
}

async function playGame(browser, url, game, viewport) {
  const where = `${game} at ${viewport.width}x${viewport.height}`;
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: WAIT_MS });
    checkLayout(await page.evaluate(measure), `${where}, the empty page`);
    const id = await startGameFromForm(page, game, { timeout: WAIT_MS });
    let s = await personTurn(page, url, id, 0, where);
    const first = await page.evaluate(measure);
    checkLayout(first, `${where}, the start`);
    for (let i = 0; i < MOVES && !s.over; ++i) {
      // A move that is no veto: the page's buttons then stay as they are.
      const move = s.legal.find((t) => t !== 'veto' && t !== 'accept') ?? s.legal[0];
      const r = await fetch(`${url}/api/games/${id}/move`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ move }),
      });
      check(r.ok, `${where}: the move ${move} was refused: ${r.status} ${await r.text()}`);
      s = await personTurn(page, url, id, s.moves.length + 1, `${where}, move ${i + 1}`);
      const m = await page.evaluate(measure);
      checkLayout(m, `${where}, after ${s.moves.join(' ')}`);
      if (first.frame) {
        check(m.frame.width === first.frame.width && m.frame.height === first.frame.height,
          `${where}: the gnome board was ${first.frame.width}x${first.frame.height}, now ${m.frame.width}x${m.frame.height}`);
      }
    }
    check(errors.length === 0, `${where}: page errors: ${errors.join('; ')}`);
    log(`${where}: ${s.moves.length} moves, the board within ${JSON.stringify(first.board)}`);
  } finally {
    await page.close();
  }
}

// A game that starts with the person in check: the king's square is marked and
// the status says so.
const IN_CHECK = {
  shogi: { start: '4k4/9/9/9/9/9/9/4r4/4K4 b - 1', mark: '#board sg-squares sq.check' },
  gnome: { start: '4k3/8/8/8/8/8/4r3/4K3 w - - 0 1 B', mark: '#board [data-check]' },
};
async function checkMarked(browser, url, game) {
  const r = await fetch(`${url}/api/games`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game, start: IN_CHECK[game].start, playouts: 16 }),
  });
  const s = await r.json();
  check(r.ok && s.check === true, `${game}: the state of ${IN_CHECK[game].start} does not say check: ${JSON.stringify(s)}`);
  const page = await browser.newPage({ viewport: VIEWPORTS[1] });
  try {
    await page.goto(`${url}/#game=${s.id}`);
    await page.waitForSelector('#status[data-state="your-move"]', { timeout: WAIT_MS });
    const marks = await page.$$(IN_CHECK[game].mark);
    const status = await page.textContent('#status');
    check(marks.length === 1, `${game}: ${marks.length} squares marked in check (${IN_CHECK[game].mark})`);
    check(/check/i.test(status), `${game}: the status says '${status}' in check`);
    log(`${game}: in check, the king's square marked, the status '${status}'`);
  } finally {
    await page.close();
  }
}

async function main() {
  const server = await startServer(['--game', 'shogi']);
  const browser = await launchBrowser();
  try {
    for (const viewport of VIEWPORTS) {
      for (const game of ['shogi', 'showgit', 'gnome']) await playGame(browser, server.url, game, viewport);
    }
    for (const game of Object.keys(IN_CHECK)) await checkMarked(browser, server.url, game);
  } finally {
    await browser.close();
    await server.stop();
  }
}

const timer = setTimeout(() => { console.error('[layout_test] FAIL: over the deadline'); process.exit(1); }, DEADLINE_MS);
main().then(() => { clearTimeout(timer); log('PASS'); process.exit(0); },
  (e) => { clearTimeout(timer); console.error('[layout_test] FAIL:', e.stack || e.message); process.exit(1); });
