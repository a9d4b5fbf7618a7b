// The gnome page end to end: `kishi serve --game gnome`, the page in headless
// chromium, a game started through the page's form with the person as Black
// (Black holds the veto token at the start), played by clicking the board: a veto
// of the engine's first move, a climb onto an own rook (a stack), a pawn step
// opening a square for the king, the king's two steps, and a unit taken from a
// stack by its level; then a second game from a FEN typed into the form's start
// field (mixed stacks, a wounded bishop), where the person makes a knight's area
// capture of a stack's top piece. After every action the board drawn (data-stack of each
// square), the move list and the server's state must agree.
//
// The engine's replies are not deterministic, so the person's moves are picked
// from the state's "legal" list by what they are (a climb, a king move, ...).
// Run: node tests/web/gnome_test.mjs  (exit 0 on pass; KISHI=path overrides
// build/kishi; a screenshot goes to docs/images/serve-gnome.png).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, SCREENSHOTS, startServer, launchBrowser, serverState, check } from './harness.mjs';

const DEADLINE_MS = 120000;      // the whole test; each wait below is shorter
const WAIT_MS = 30000;           // one engine reply, or the page catching up
const PLAYOUTS = 40;             // the engine's strength: small, so replies are quick
const SCREENSHOT = path.join(SCREENSHOTS, 'serve-gnome.png');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log('[gnome_test]', ...a);

// ---- An independent reading of the FEN with stacks (not the page's parser) ----

// square name -> stack text bottom to top ("RRn", "Rb~"); empty squares ''.
function stacksOfFen(fen) {
  const board = fen.trim().split(/\s+/)[0];
  const ranks = board.split('/');
  check(ranks.length === 8, `FEN '${fen}': ${ranks.length} ranks`);
  const out = {};
  ranks.forEach((rankText, r) => {
    const rank = 8 - r;
    let file = 0;
    const put = (text) => { out['abcdefgh'[file] + rank] = text; file += 1; };
    for (let i = 0; i < rankText.length; ++i) {
      const c = rankText[i];
      if (/[1-8]/.test(c)) { for (let k = 0; k < Number(c); ++k) put(''); }
      else if (c === '(') { const j = rankText.indexOf(')', i); put(rankText.slice(i + 1, j)); i = j; }
      else if (rankText[i + 1] === '~') { put(c + '~'); i += 1; }
      else put(c);
    }
    check(file === 8, `FEN '${fen}': rank ${rank} has ${file} files`);
  });
  return out;
}

// The squares of a move text: from, to, the king's second step (docs/gnome-protocol.md).
function partsOf(text) {
  const m = /^([a-h][1-8])(?::(\d+))?([a-h][1-8])(\^)?(?:x([a-h][1-8])(?::(\d+))?)?[^,]*(?:,([a-h][1-8])([a-h][1-8])\^?)?$/.exec(text);
  return m && { from: m[1], level: m[2] === undefined ? null : Number(m[2]), to: m[3], climb: !!m[4],
    area: m[5] || null, areaLevel: m[5] ? Number(m[6] || 0) : null, to2: m[8] || null };
}
const topLevel = (stacks, sq) => stacks[sq].replace(/~/g, '').length - 1;
const levelOfText = (stacks, p) => (p.level !== null ? p.level : topLevel(stacks, p.from));

// ---- What the page draws, and its agreement with the server ---------------------

async function drawn(page) {
  return page.evaluate(() => ({
    stacks: Object.fromEntries([...document.querySelectorAll('#board [data-square]')]
      .map((g) => [g.getAttribute('data-square'), g.getAttribute('data-stack')])),
    squares: document.querySelectorAll('#board [data-square]').length,
    state: document.querySelector('#board .gnome-board')?.getAttribute('data-state'),
    token: document.querySelector('#board [data-token]')?.getAttribute('data-token'),
    moves: [...document.querySelectorAll('#moves li')].map((li) => ({ move: li.dataset.move, text: li.textContent })),
    status: document.querySelector('#status')?.dataset.state,
  }));
}

function checkAgreement(d, s, where) {
  const expected = stacksOfFen(s.state);
  check(d.squares === 64, `${where}: ${d.squares} squares drawn`);
  for (const [sq, text] of Object.entries(expected)) {
    check(d.stacks[sq] === text, `${where}: ${sq} drawn '${d.stacks[sq]}', the server's FEN has '${text}' (${s.state})`);
  }
  check(d.state === s.state, `${where}: the board shows '${d.state}', the server '${s.state}'`);
  const token = s.state.trim().split(/\s+/)[6] || 'B';
  check(d.token === token, `${where}: token drawn '${d.token}', FEN '${token}'`);
  check(d.moves.length === s.moves.length, `${where}: ${d.moves.length} moves listed, server ${s.moves.length}`);
  s.moves.forEach((m, i) => {
    check(d.moves[i].move === m, `${where}: move ${i + 1} listed '${d.moves[i].move}', server '${m}'`);
    check(d.moves[i].text === s.notation[i], `${where}: move ${i + 1} written '${d.moves[i].text}', server '${s.notation[i]}'`);
  });
}

// Waits until it is the person's turn on the server and the page shows that state;
// then checks that the page and the server agree.
async function personTurn(ctx, where) {
  const { page, url, id } = ctx;
  const until = Date.now() + WAIT_MS;
  let s;
  for (;;) {
    s = await serverState(url, id);
    if (s.over || (!s.thinking && s.to_move === s.person)) break;
    check(Date.now() < until, `${where}: the engine did not reply in ${WAIT_MS} ms`);
    await sleep(100);
  }
  let d;
  for (;;) {
    d = await drawn(page);
    if (d.state === s.state && d.moves.length === s.moves.length && d.status === (s.over ? 'over' : 'your-move')) break;
    check(Date.now() < until, `${where}: the page did not show the server's state (${JSON.stringify(d.status)} ${d.state} vs ${s.state})`);
    await sleep(50);
  }
  checkAgreement(d, s, where);
  log(`${where}: agreed after ${s.moves.join(' ')}`);
  return s;
}

// The squares marked as targets now (data-mark), sorted.
const marked = (page) => page.$$eval('#board [data-mark]', (gs) => gs.map((g) => g.getAttribute('data-square')).sort());
const same = (a, b) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

// Plays a legal text by clicking: its square, the level if the page asks, the
// destination, the king's second step. Checks the dots against the legal list.
async function clickMove(ctx, s, text) {
  const { page } = ctx;
  const stacks = stacksOfFen(s.state);
  const p = partsOf(text);
  check(p, `cannot click '${text}'`);
  const level = levelOfText(stacks, p);
  const texts = s.legal.map((t) => [t, partsOf(t)]).filter(([, q]) => q && q.from === p.from);
  const levels = new Set(texts.map(([, q]) => levelOfText(stacks, q)));
  await page.click(`#board [data-square="${p.from}"]`);
  if (levels.size > 1) {
    const button = page.locator(`#board button[data-level="${level}"]`);
    await button.waitFor({ state: 'visible', timeout: WAIT_MS });
    const enabled = await page.$$eval('#board button[data-level]:not([disabled])', (bs) => bs.map((b) => Number(b.dataset.level)));
    check(same(enabled, levels), `${text}: levels offered ${enabled}, legal ${[...levels]}`);
    await button.click();
  }
  const dests = new Set(texts.filter(([, q]) => levelOfText(stacks, q) === level).map(([, q]) => q.to));
  const dots = await marked(page);
  check(same(dots, dests), `${text}: destinations marked ${dots}, legal ${[...dests]}`);
  const before = s.moves.length;
  await page.click(`#board [data-square="${p.to}"]`);
  if (p.to2) {
    const seconds = new Set(texts.filter(([t, q]) => q.to === p.to && t.includes(',')).map(([, q]) => q.to2));
    const dots2 = await marked(page);
    check(same(dots2, seconds), `${text}: second steps marked ${dots2}, legal ${[...seconds]}`);
    await page.click(`#board [data-square="${p.to2}"]`);
  }
  if (p.area) {
    // The knight's area: its squares crossed, its destination marked to capture nothing.
    const atTo = texts.filter(([, q]) => q.to === p.to);
    const areas = new Set(atTo.filter(([, q]) => q.area).map(([, q]) => q.area));
    if (atTo.some(([, q]) => !q.area)) areas.add(p.to);
    const crosses = await marked(page);
    check(crosses.length === areas.size && crosses.every((sq) => areas.has(sq)), `${text}: area marked ${crosses}, legal ${[...areas]}`);
    if (ctx.beforeArea) await ctx.beforeArea();
    await page.click(`#board [data-square="${p.area}"]`);
    const areaLevels = new Set(atTo.filter(([, q]) => q.area === p.area).map(([, q]) => q.areaLevel));
    if (areaLevels.size > 1) await page.click(`#board button[data-level="${p.areaLevel}"]`);
  }
  await waitMoves(ctx, before + 1, text);
}

// Waits until the server has `count` moves or more; checks the person's action is there.
async function waitMoves(ctx, count, text) {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const s = await serverState(ctx.url, ctx.id);
    if (s.moves.length >= count) {
      check(s.moves[count - 1] === text, `sent '${text}', the server has '${s.moves[count - 1]}'`);
      return s;
    }
    const error = await ctx.page.$eval('#status', (e) => (e.dataset.state === 'error' ? e.textContent : ''));
    check(!error, `'${text}': the page says ${error}`);
    check(Date.now() < until, `'${text}' did not reach the server`);
    await sleep(50);
  }
}

// ---- The person's goals, each a pick from the legal list --------------------------

// A lone square's stack text on the FEN (for the king's square).
const find = (stacks, text) => Object.keys(stacks).find((sq) => stacks[sq] === text);

const GOALS = [
  { name: 'climb onto an own rook', pick: (s, stacks) => s.legal.find((t) => {
    const p = partsOf(t);
    return p && p.climb && !p.to2 && stacks[p.to].replace(/~/g, '').slice(-1) === 'r' && stacks[p.from].length === 1;
  }),
  // The stack must be drawn (the board agreed with the FEN), unless the engine's reply went there.
  check: (text, s, index) => {
    const to = partsOf(text).to;
    const reply = s.moves[index + 1] || '';
    const stack = stacksOfFen(s.state)[to];
    check(stack.length >= 2 || reply.includes(to), `after the climb ${text} ${to} holds '${stack}'`);
  } },
  { name: 'a pawn step next to the king', pick: (s) => ['e7e6', 'd7d6', 'f7f6', 'e7e5', 'd7d5', 'f7f5'].find((t) => s.legal.includes(t)) },
  { name: "the king's two steps", pick: (s, stacks) => {
    const king = find(stacks, 'k');
    const moves = s.legal.filter((t) => t.startsWith(king) && t.includes(','));
    return moves.find((t) => partsOf(t).to2 !== king) || moves[0];
  } },
  { name: 'a unit of a stack by its level', optional: true, pick: (s, stacks) => s.legal.find((t) => {
    const p = partsOf(t);
    return p && p.level !== null && !p.to2 && stacks[p.from].length >= 2
      && s.legal.some((u) => { const q = partsOf(u); return q && q.from === p.from && levelOfText(stacks, q) !== p.level; });
  }) },
];

// A new game through the page's form; returns the test's context for it.
async function newGame(pg, url, { side, start = '' }) {
  const before = await pg.evaluate(() => location.hash);
  await pg.selectOption('#game', 'gnome');
  await pg.selectOption('#side', String(side));
  await pg.fill('#strength', String(PLAYOUTS));
  await pg.selectOption('#strength-unit', 'playouts');
  await pg.fill('#start', start);
  await pg.click('#new-game-button');
  await pg.waitForSelector('#board .gnome-board', { timeout: WAIT_MS });
  await pg.waitForFunction((old) => /game=/.test(location.hash) && location.hash !== old, before, { timeout: WAIT_MS });
  const id = /game=([\w-]+)/.exec(await pg.evaluate(() => location.hash))[1];
  const s = await serverState(url, id);
  check(s.game === 'gnome' && s.person === side, `the form made ${s.game}, person ${s.person}`);
  check(s.playouts === PLAYOUTS, `the form's strength: ${s.playouts} playouts`);
  if (start) check(s.start === start, `the form's start: '${s.start}'`);
  // Every size the board takes from now on (its hint, popups and marks change
  // with each step of a move: the squares must stay under the cursor).
  await pg.evaluate(() => {
    window.boardSizes = new Set();
    new ResizeObserver((entries) => {
      for (const e of entries) window.boardSizes.add(`${e.contentRect.width}x${e.contentRect.height}`);
    }).observe(document.querySelector('#board .gnome-frame'));
  });
  return { page: pg, url, id };
}

// The board kept one size through the game.
async function checkBoardSize(pg, where) {
  const sizes = await pg.evaluate(() => [...window.boardSizes]);
  check(sizes.length === 1, `${where}: the board took the sizes ${sizes.join(', ')}`);
  log(`${where}: the board stayed ${sizes[0]}`);
}

// The person as Black from the start: the veto, then the goals.
async function vetoGame(pg, url) {
  const ctx = await newGame(pg, url, { side: 1 });

  // The engine's first move, vetoed by the person.
  let s = await personTurn(ctx, 'the engine\'s first move');
  check(s.moves.length === 1 && s.legal.includes('veto'), `after ${s.moves}: no veto offered (${s.legal.slice(0, 5)}...)`);
  check(await pg.isVisible('#veto'), 'the veto button is not shown');
  const asked = await pg.textContent('#status');
  check(/or veto kishi's with your token/.test(asked), `the status does not offer the veto: '${asked}'`);
  const vetoed = s.moves[0];
  await pg.click('#veto');
  await waitMoves(ctx, 2, 'veto');
  s = await personTurn(ctx, `the veto of ${vetoed}`);
  check(s.moves.length === 3 && s.moves[2] !== vetoed, `after the veto: ${s.moves}`);
  check(!(await pg.isVisible('#veto')), 'the veto button is still shown (the token passed)');

  for (const goal of GOALS) {
    let done = false;
    for (let attempt = 0; attempt < 3 && !done && !s.over; ++attempt) {
      const text = goal.pick(s, stacksOfFen(s.state));
      if (!text) break;
      log(`${goal.name}: ${text}`);
      const index = s.moves.length;
      await clickMove(ctx, s, text);
      s = await personTurn(ctx, `${goal.name} (${text})`);
      done = s.moves[index] === text && s.moves[index + 1] !== 'veto';
      if (!done) log(`${text} was vetoed by the engine; again`);
      if (done && goal.check) goal.check(text, s, index);
    }
    check(done || goal.optional, `could not play ${goal.name} (legal: ${s.legal.join(' ')})`);
    if (!done) log(`${goal.name}: none legal here, left out`);
  }

  // Take back: the person's last move and the engine's reply go; the page, its
  // move list and the server agree on the position before them.
  const before = s.moves.length;
  const lastOwn = s.movers.lastIndexOf(s.person);
  await pg.click('#undo');
  for (const until = Date.now() + WAIT_MS; ; await sleep(50)) {
    s = await serverState(url, ctx.id);
    if (s.moves.length < before) break;
    check(Date.now() < until, 'take back: the server still has every move');
  }
  check(s.moves.length === lastOwn, `take back left ${s.moves.length} moves, expected ${lastOwn}`);
  s = await personTurn(ctx, 'the take back');
  log(`take back: ${before} moves to ${s.moves.length}`);

  // The record the page exports (FEN + moves) holds the actions, the veto among them.
  await pg.click('#export-txt');
  await pg.waitForFunction(() => document.querySelector('#record').textContent.includes('actions'), null, { timeout: WAIT_MS });
  const record = await pg.textContent('#record');
  check(record.includes(`start ${s.start}`) && record.includes(`actions ${s.moves.join(' ')}`),
    `the exported record does not hold the game:\n${record}`);
  await checkBoardSize(pg, 'the veto game');
}

// The person as White from a FEN given in the form's start field: mixed stacks,
// a wounded bishop, and a knight's area capture of the top piece of a stack.
const AREA_FEN = '4k3/8/8/8/3(Rb~)4/1(rp)6/8/1N2K3 w - - 0 1 B';
async function fenGame(pg, url) {
  const ctx = await newGame(pg, url, { side: 0, start: AREA_FEN });
  let s = await personTurn(ctx, 'the start FEN');
  check(s.state === AREA_FEN, `the game starts at '${s.state}'`);
  const text = s.legal.find((t) => /x[a-h][1-8]:1$/.test(t));
  check(text, `no area capture at level 1 in ${s.legal.join(' ')}`);
  log(`an area capture: ${text}`);
  // The picture for the docs: stacks of both colours, a wounded bishop, the area's crosses.
  ctx.beforeArea = async () => {
    fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await pg.screenshot({ path: SCREENSHOT });
    log(`screenshot ${path.relative(ROOT, SCREENSHOT)}`);
  };
  await clickMove(ctx, s, text);
  s = await personTurn(ctx, `the area capture ${text}`);
  check(s.moves[0] === text, `the server has ${s.moves[0]}, not ${text}`);
  await checkBoardSize(pg, 'the area capture');
  // In words: the area capture names the piece it took and where.
  const { states } = await (await fetch(`${url}/api/games/${ctx.id}/positions`)).json();
  const said = await pg.evaluate(async ([a, b, t]) => (await import('./gnome-board.js')).describeGnomeMove(a, b, t, 'you'),
    [states[0], states[1], text]);
  const area = /x([a-h][1-8])/.exec(text)[1];
  check(said.startsWith(`you played ${text}: `) && said.includes(` ${area}`) && said.endsWith(' removed'),
    `the area capture ${text} is said as '${said}'`);
  log(`said: ${said}`);
}

async function main() {
  const server = await startServer(['--game', 'gnome']);
  const browser = await launchBrowser();
  const errors = [];
  try {
    // The veto game on a phone's screen, the area capture (and its picture) on a desktop's.
    const open = async (viewport) => {
      const pg = await browser.newPage({ viewport });
      pg.on('pageerror', (e) => errors.push(e.message));
      pg.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
      await pg.goto(`${server.url}/`);
      await pg.waitForSelector('body[data-ready="true"]', { timeout: WAIT_MS });
      return pg;
    };
    await vetoGame(await open({ width: 390, height: 844 }), server.url);
    await fenGame(await open({ width: 1280, height: 800 }), server.url);
    check(errors.length === 0, `page errors: ${errors.join('; ')}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

const timer = setTimeout(() => { console.error('[gnome_test] FAIL: over the deadline'); process.exit(1); }, DEADLINE_MS);
main().then(() => { clearTimeout(timer); log('PASS'); process.exit(0); },
  (e) => { clearTimeout(timer); console.error('[gnome_test] FAIL:', e.stack || e.message); process.exit(1); });
