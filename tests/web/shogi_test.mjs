// Browser test of the page of `kishi serve` for shogi and showgit: a person
// plays a short game by clicking on the board (moves, a drop from the hand,
// the promotion choice when there is one, one move by drag), takes a move
// back and exports a CSA record. After every step the board as drawn (the
// piece elements shogiground put in the DOM, placed by where they are on the
// screen, with the label their ::after shows), the move list and the
// server's own state must agree.
//
// Run: node tests/web/shogi_test.mjs   (exit 0 on pass; KISHI=path overrides build/kishi)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startServer, launchBrowser, serverState, check, ROOT, KISHI, SCREENSHOTS } from './harness.mjs';

// Under ctest's timeout (600 s, tests/CMakeLists.txt), so that a stuck run
// says so itself: with two clean-clone test runs and 20 runs of this test at
// once (load 25 to 40 on 2 cores) runs took 133 s, 226 s and over 280 s.
const TIME_LIMIT_MS = 580_000;
const REPLY_TIMEOUT_MS = 20_000;
// A page load: a reload took over 30 s (playwright's default) at load 39.
const NAVIGATION_TIMEOUT_MS = 120_000;

// Both bishops in hand from the start: a drop is possible at once (this also
// exercises the page's start-position field).
const START = 'lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/7R1/LNSGKGSNL b Bb 1';

const LETTER = {
  pawn: 'P', lance: 'L', knight: 'N', silver: 'S', gold: 'G', bishop: 'B', rook: 'R', king: 'K',
  tokin: '+P', promotedlance: '+L', promotedknight: '+N', promotedsilver: '+S', horse: '+B', dragon: '+R',
};
const KANJI = {
  P: '歩', L: '香', N: '桂', S: '銀', G: '金', B: '角', R: '飛',
  '+P': 'と', '+L': '杏', '+N': '圭', '+S': '全', '+B': '馬', '+R': '龍',
};
const CSA_PIECE = {
  P: 'FU', L: 'KY', N: 'KE', S: 'GI', G: 'KI', B: 'KA', R: 'HI', K: 'OU',
  '+P': 'TO', '+L': 'NY', '+N': 'NK', '+S': 'NG', '+B': 'UM', '+R': 'RY',
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- reading the page (runs in the browser) -------------------------------

// Every piece element of the board placed on the square under its centre,
// and the hands as their counters say. Squares: [rank 0..8 (a..i)][file 9..1].
function readDrawnBoard() {
  const wrap = document.querySelector('#board .sg-wrap');
  if (!wrap) return null;
  const piecesEl = wrap.querySelector('sg-pieces');
  const box = piecesEl.getBoundingClientRect();
  const gote = wrap.classList.contains('orientation-gote');
  const grid = Array.from({ length: 9 }, () => Array(9).fill(null));
  const overlaps = [];
  const pieceOf = (el) => ({
    color: el.classList.contains('sente') ? 'sente' : 'gote',
    classes: [...el.classList],
    label: getComputedStyle(el, '::after').content,
  });
  for (const el of piecesEl.querySelectorAll('piece')) {
    if (el.classList.contains('fading')) continue; // a captured piece on its way out
    const r = el.getBoundingClientRect();
    const col = Math.floor((r.left + r.width / 2 - box.left) / (box.width / 9));
    const row = Math.floor((r.top + r.height / 2 - box.top) / (box.height / 9));
    if (col < 0 || col > 8 || row < 0 || row > 8) { overlaps.push('off the board'); continue; }
    const file = gote ? col + 1 : 9 - col;
    const rank = gote ? 8 - row : row;
    if (grid[rank][9 - file]) overlaps.push(`${file}${'abcdefghi'[rank]}`);
    grid[rank][9 - file] = pieceOf(el);
  }
  const hands = [];
  for (const el of wrap.parentElement.querySelectorAll('.sg-hand-wrap sg-hp-wrap')) {
    const piece = el.querySelector('piece');
    hands.push({ nb: Number(el.dataset.nb || 0), ...pieceOf(piece) });
  }
  return {
    grid, hands, overlaps, orientation: gote ? 'gote' : 'sente',
    labels: document.querySelector('#board').dataset.labels,
    animating: !!piecesEl.querySelector('piece.anim'),
  };
}

// ---- comparing ------------------------------------------------------------

function roleLetter(classes) {
  for (const c of classes) if (LETTER[c]) return LETTER[c];
  return '?';
}

function drawnToSfen(drawn) {
  const rows = drawn.grid.map((row) => {
    let text = '';
    let empty = 0;
    for (const cell of row) {
      if (!cell) { ++empty; continue; }
      if (empty) text += empty;
      empty = 0;
      const letter = roleLetter(cell.classes);
      text += cell.color === 'sente' ? letter : letter.toLowerCase();
    }
    return text + (empty ? empty : '');
  });
  return rows.join('/');
}

function handCounts(handsSfen) {
  const counts = {};
  let n = 0;
  for (const c of handsSfen === '-' ? '' : handsSfen) {
    if (/\d/.test(c)) n = n * 10 + Number(c);
    else { counts[c] = (counts[c] || 0) + (n || 1); n = 0; }
  }
  return counts;
}

function drawnHands(drawn) {
  const counts = {};
  for (const h of drawn.hands) {
    if (!h.nb) continue;
    const letter = roleLetter(h.classes);
    const key = h.color === 'sente' ? letter : letter.toLowerCase();
    counts[key] = (counts[key] || 0) + h.nb;
  }
  return counts;
}

const sameCounts = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

// What ::after must show on a piece: kanji for shogi, the server's codes for showgit.
// (Shogi falls back to CSA's codes where the browser has no font with kanji.)
function expectedLabel(game, labels, color, letter, mode) {
  if (game === 'shogi' && mode === 'latin') return CSA_PIECE[letter];
  if (game === 'shogi') return letter === 'K' ? (color === 'sente' ? '玉' : '王') : KANJI[letter];
  return labels[color === 'sente' ? letter : letter.toLowerCase()] ?? labels[letter];
}

// Differences between the page and the server's state; empty when they agree.
async function differences(page, ctx, state) {
  const drawn = await page.evaluate(readDrawnBoard);
  if (!drawn) return ['no board drawn'];
  const diffs = [];
  if (drawn.animating) diffs.push('still animating');
  if (drawn.overlaps.length) diffs.push(`pieces drawn on top of each other: ${drawn.overlaps}`);
  const [board, , hands] = state.state.split(' ');
  const drawnBoard = drawnToSfen(drawn);
  if (drawnBoard !== board) diffs.push(`board drawn ${drawnBoard}, server ${board}`);
  const dh = drawnHands(drawn);
  const sh = handCounts(hands);
  if (!sameCounts(dh, sh)) diffs.push(`hands drawn ${JSON.stringify(dh)}, server ${hands}`);
  const wantOrientation = (state.person === 1) !== !!ctx.flipped ? 'gote' : 'sente';
  if (drawn.orientation !== wantOrientation) diffs.push(`orientation ${drawn.orientation}`);
  for (const row of drawn.grid) {
    for (const cell of row) {
      if (!cell) continue;
      const letter = roleLetter(cell.classes);
      const want = expectedLabel(ctx.game, ctx.labels, cell.color, letter, drawn.labels);
      if (cell.label !== JSON.stringify(want)) diffs.push(`${cell.color} ${letter} shows ${cell.label}, not "${want}"`);
    }
  }
  const moves = await page.$$eval('#moves li', (items) => items.map((li) => li.textContent));
  if (JSON.stringify(moves) !== JSON.stringify(state.notation)) {
    diffs.push(`move list ${JSON.stringify(moves)}, server ${JSON.stringify(state.notation)}`);
  }
  const status = await page.$eval('#status', (el) => ({ text: el.textContent, state: el.dataset.state }));
  const wantStatus = state.over ? 'over'
    : state.to_move === state.person && !state.thinking ? 'your-move' : 'thinking';
  if (status.state !== wantStatus) diffs.push(`status "${status.text}" (${status.state}), want ${wantStatus}`);
  return diffs;
}

// Waits until the person is to move (the engine has replied) and the page
// shows exactly the server's state.
async function settle(page, ctx, what, minMoves = 0) {
  const deadline = Date.now() + REPLY_TIMEOUT_MS;
  let state;
  let diffs = [];
  while (Date.now() < deadline) {
    state = await serverState(ctx.url, ctx.id);
    if (state.moves.length < minMoves) diffs = [`the server has ${state.moves.length} moves, not yet ${minMoves}`];
    else if (state.over || (state.to_move === state.person && !state.thinking)) {
      diffs = await differences(page, ctx, state);
      if (!diffs.length) return state;
    } else diffs = ['the engine is still to move'];
    await sleep(100);
  }
  const status = await page.$eval('#status', (el) => el.textContent);
  throw new Error(`${ctx.game}, ${what}: the page and the server disagree: ${diffs.join('; ')} (status "${status}")`);
}

// ---- acting on the page ---------------------------------------------------

// The screen position of a square's centre, from the board's box and orientation.
async function squareCenter(page, key) {
  return page.evaluate((key) => {
    const wrap = document.querySelector('#board .sg-wrap');
    const box = wrap.querySelector('sg-pieces').getBoundingClientRect();
    const gote = wrap.classList.contains('orientation-gote');
    const file = Number(key[0]);
    const rank = key.charCodeAt(1) - 97;
    const col = gote ? file - 1 : 9 - file;
    const row = gote ? 8 - rank : rank;
    return { x: box.left + (col + 0.5) * box.width / 9, y: box.top + (row + 0.5) * box.height / 9 };
  }, key);
}

// The squares the board marks as destinations (class "dest"), as keys.
async function shownDests(page) {
  return page.evaluate(() => {
    const wrap = document.querySelector('#board .sg-wrap');
    const gote = wrap.classList.contains('orientation-gote');
    return [...wrap.querySelectorAll('sg-squares sq')].flatMap((sq, i) => {
      if (!sq.classList.contains('dest')) return [];
      const col = i % 9;
      const row = Math.floor(i / 9);
      const file = gote ? col + 1 : 9 - col;
      const rank = gote ? 8 - row : row;
      return [`${file}${'abcdefghi'[rank]}`];
    }).sort();
  });
}

function destsOf(legal, from) {
  const dests = new Set();
  for (const mv of legal) if (mv.startsWith(from)) dests.add(mv.slice(from.length, from.length + 2));
  return [...dests].sort();
}

async function clickSquare(page, key) {
  const { x, y } = await squareCenter(page, key);
  await page.mouse.click(x, y);
  await sleep(60);
}

// Polled: under load the board marks them well after the click (60 ms once
// read none at load 13). A board square nothing selected 2 s after its click
// was clicked before the board took clicks: `select` clicks it again.
async function expectDests(page, ctx, legal, from, select = null) {
  const want = destsOf(legal, from);
  const deadline = Date.now() + REPLY_TIMEOUT_MS;
  let clicked = Date.now();
  let shown = [];
  while (Date.now() < deadline) {
    shown = await shownDests(page);
    if (JSON.stringify(shown) === JSON.stringify(want)) return;
    if (select && !shown.length && Date.now() - clicked > 2000
        && !(await page.$('#board sg-squares sq.selected, #board sg-squares sq.preselected'))) {
      await select();
      clicked = Date.now();
    }
    await sleep(100);
  }
  check(false, `${ctx.game}: after selecting ${from} the board marks ${shown}, the legal moves go to ${want}`);
}

// Plays `move` (USI) as a person would: click the piece (or the piece in
// hand), check the marked destinations, click the destination, and pick the
// promotion in the dialog when both choices are legal.
async function clickMove(page, ctx, state, move) {
  const drop = /^([PLNSGBR])\*(\d[a-i])$/.exec(move);
  if (drop) {
    const role = Object.keys(LETTER).find((r) => LETTER[r] === drop[1]);
    const color = state.person === 0 ? 'sente' : 'gote';
    const handPiece = page.locator(`#board .hand-bottom sg-hp-wrap piece.${color}.${role}`);
    await handPiece.click();
    await sleep(60);
    await expectDests(page, ctx, state.legal, `${drop[1]}*`);
    await clickSquare(page, drop[2]);
  } else {
    const from = move.slice(0, 2);
    const to = move.slice(2, 4);
    await clickSquare(page, from);
    await expectDests(page, ctx, state.legal, from, () => clickSquare(page, from));
    await clickSquare(page, to);
    const both = state.legal.includes(from + to) && state.legal.includes(`${from + to}+`);
    const dialog = page.locator('#board sg-promotion');
    if (both) {
      // The page's own work, but slow under load: 3 s ran out at load 35.
      await dialog.waitFor({ state: 'visible', timeout: REPLY_TIMEOUT_MS });
      // The dialog lists the promoted piece first, then the piece as it is.
      const choice = dialog.locator('sg-promotion-choices piece').nth(move.endsWith('+') ? 0 : 1);
      await choice.click();
    } else {
      check(!(await dialog.isVisible()), `${ctx.game}: a promotion dialog for ${move}, which has no choice`);
    }
  }
}

async function dragMove(page, move) {
  const a = await squareCenter(page, move.slice(0, 2));
  const b = await squareCenter(page, move.slice(2, 4));
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

// The person's moves, chosen from the legal list so that any engine reply works.
function pawnPush(state) {
  const forward = state.person === 0 ? -1 : 1;
  const pushes = state.legal.filter((mv) => {
    const m = /^(\d)([a-i])(\d)([a-i])$/.exec(mv);
    return m && m[1] === m[3] && m[4].charCodeAt(0) - m[2].charCodeAt(0) === forward;
  });
  return pushes.find((mv) => mv.startsWith('7')) ?? pushes[0] ?? state.legal.find((mv) => !mv.includes('*'));
}

function promotionChoice(state) {
  return state.legal.find((mv) => mv.endsWith('+') && state.legal.includes(mv.slice(0, -1)));
}

function bishopDrop(state) {
  return ['B*5e', 'B*5f', 'B*4f', 'B*6f'].find((mv) => state.legal.includes(mv))
    ?? state.legal.find((mv) => mv.startsWith('B*'));
}

// ---- one game ---------------------------------------------------------------

async function playGame(browser, server, game) {
  const info = await (await fetch(`${server.url}/api/info`)).json();
  const labels = {};
  const pieces = info.games.find((g) => g.name === game)?.pieces ?? {};
  for (const [letter, { code }] of Object.entries(pieces)) labels[letter] = code;
  if (game === 'showgit') check(labels.P === 'UN', `/api/info has showgit's pawn as ${labels.P}, not UN`);

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
  await page.goto(`${server.url}/`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.selectOption('#game', game);
  await page.selectOption('#side', '0');
  await page.fill('#strength', '50');
  await page.selectOption('#strength-unit', 'playouts');
  await page.fill('#start', START);
  await page.click('#new-game-button');
  await page.waitForFunction(() => window.kishiPage?.game?.id);
  const id = await page.evaluate(() => window.kishiPage.game.id);
  const ctx = { game, labels, url: server.url, id };

  let state = await settle(page, ctx, 'the new game');
  check(state.game === game && state.person === 0 && state.playouts === 50 && state.takeback === true,
    `${game}: the form made ${JSON.stringify({ game: state.game, person: state.person, playouts: state.playouts, takeback: state.takeback })}`);
  check(state.start === START, `${game}: the game starts from ${state.start}, not the SFEN typed in`);
  check(await page.isDisabled('#undo'), `${game}: take back is offered before the person's first move`);

  const played = [];
  const plan = [pawnPush, bishopDrop, (s) => promotionChoice(s) ?? pawnPush(s), 'drag'];
  for (const step of plan) {
    if (state.over) break;
    const before = state.moves.length;
    let move;
    if (step === 'drag') {
      move = pawnPush(state);
      await dragMove(page, move);
    } else {
      move = step(state);
      check(move, `${game}: no move to play in ${state.state}`);
      await clickMove(page, ctx, state, move);
    }
    state = await settle(page, ctx, `after ${move}`, before + 1);
    check(state.moves[before] === move, `${game}: the server got ${state.moves[before]}, the page was to play ${move}`);
    played.push(move);
  }
  check(played.some((mv) => mv.includes('*')), `${game}: no drop was played`);

  // Take back: the person's last move and the engine's reply go.
  const beforeUndo = state.moves.length;
  await page.click('#undo');
  await page.waitForFunction((n) => window.kishiPage.game.moves.length < n
    || document.querySelector('#status').classList.contains('error'), beforeUndo, { timeout: REPLY_TIMEOUT_MS });
  const undoStatus = await page.$eval('#status', (el) => el.textContent);
  check(!undoStatus.startsWith('Error'), `${game}: take back failed: ${undoStatus}`);
  state = await settle(page, ctx, 'after take back');
  check(state.moves.length < beforeUndo && state.to_move === state.person,
    `${game}: take back left ${state.moves.length} of ${beforeUndo} moves`);

  // Flipped, the same position is drawn upside down (the reading follows the orientation).
  await page.click('#flip');
  ctx.flipped = true;
  state = await settle(page, ctx, 'with the board flipped');
  await page.click('#flip');
  ctx.flipped = false;
  state = await settle(page, ctx, 'with the board flipped back');

  // The CSA record: its move lines are the game's moves.
  await page.click('#export-csa');
  await page.waitForFunction(() => document.querySelector('#record').dataset.format === 'csa'
    && document.querySelector('#record').textContent.length > 0);
  const csa = await page.$eval('#record', (el) => el.textContent);
  const download = await page.$eval('#download', (a) => ({ name: a.download, href: a.href, hidden: a.hidden }));
  check(!download.hidden && download.name.endsWith('.csa') && download.href.startsWith('blob:'),
    `${game}: no CSA download offered: ${JSON.stringify(download)}`);
  const replayed = checkCsa(game, csa, state);
  console.log(`${game}: the CSA record replayed by kishi data show: ${replayed}`);

  // SFEN + moves: the start and the moves as USI.
  await page.click('#export-usi');
  await page.waitForFunction(() => document.querySelector('#record').dataset.format === 'usi');
  const usi = await page.$eval('#record', (el) => el.textContent);
  const wantUsi = `position sfen ${state.start} moves ${state.moves.join(' ')}`;
  check(usi.split(/\r?\n/).includes(wantUsi), `${game}: the USI record is not "${wantUsi}":\n${usi}`);
  await page.click('#export-csa');
  await page.waitForFunction(() => document.querySelector('#record').dataset.format === 'csa');

  const shot = path.join(SCREENSHOTS, `serve-${game}.png`);
  fs.mkdirSync(path.dirname(shot), { recursive: true });
  await page.screenshot({ path: shot });

  // The position now, as the state's SFEN.
  await page.click('#export-state');
  await page.waitForFunction(() => document.querySelector('#record').dataset.format === 'state');
  const sfen = (await page.$eval('#record', (el) => el.textContent)).trim();
  check(sfen === state.state, `${game}: "SFEN now" gave '${sfen}', the server has '${state.state}'`);

  // Each record the page exports, pasted into the start field, starts the same game again.
  for (const format of ['kif', 'usi', 'csa', 'state']) {
    await page.click(`#export-${format}`);
    await page.waitForFunction((f) => document.querySelector('#record').dataset.format === f, format);
    await page.fill('#start', await page.$eval('#record', (el) => el.textContent));
    const oldId = /game=([\w-]+)/.exec(await page.evaluate(() => location.hash))[1];
    await page.click('#new-game-button');
    await page.waitForFunction((old) => !location.hash.includes(old), oldId, { timeout: REPLY_TIMEOUT_MS });
    const id = /game=([\w-]+)/.exec(await page.evaluate(() => location.hash))[1];
    const again = await serverState(server.url, id);
    check(again.state === state.state, `${game}: the ${format} export started '${again.state}', not '${state.state}'`);
    if (format !== 'state') check(again.moves.join(' ') === state.moves.join(' '), `${game}: the ${format} export started with moves ${again.moves}`);
    // Back to the game the records are of. Only the fragment changes, so the
    // page is not loaded again: it shows that game when its state comes (the
    // game shown before stays until then).
    await page.goto(`${server.url}/#game=${oldId}`);
    await page.waitForFunction((old) => document.body.dataset.ready === 'true' &&
      window.kishiPage.game?.id === old, oldId);
  }
  await page.fill('#start', '');
  console.log(`${game}: its KIF, USI, CSA and SFEN exports started it again`);

  // Resigned, the game stays over: take back is not offered, and refused by the server.
  const shown = await page.evaluate(() => window.kishiPage.game.id);
  await page.click('#resign');
  await page.click('#resign');
  await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'over');
  check(await page.isDisabled('#undo'), `${game}: take back is offered after resigning`);
  const undo = await fetch(`${server.url}/api/games/${shown}/undo`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  const after = await serverState(server.url, shown);
  check(undo.status === 409 && /ended by resignation/.test(await undo.text()) && after.over && after.reason === 'resign',
    `${game}: take back after resigning answered ${undo.status}, the game ${after.over ? '' : 'not '}over`);

  const mode = await page.$eval('#board', (el) => el.dataset.labels);
  console.log(`${game}: pieces drawn with ${mode} labels`);
  check(!pageErrors.length, `${game}: errors on the page: ${pageErrors.join(' | ')}`);
  await page.close();
  console.log(`${game}: played ${played.join(' ')}, ${state.moves.length} moves after take back; record checked`);
}

// The person as player 1 (gote) with take back off, from the usual start: the
// engine moves first, the board is drawn from gote's side (clicks follow it),
// take back is not offered, and resigning ends the game.
async function playSecond(browser, server) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(`${server.url}/`);
  await page.waitForSelector('body[data-ready="true"]');
  // A start position the server refuses: its error shows in the status line.
  await page.fill('#start', 'not an sfen');
  await page.click('#new-game-button');
  await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'error');
  const badStart = await page.$eval('#status', (el) => el.textContent);
  // In words: what could not be done and why, not the request.
  check(/^Error: could not start the game: /.test(badStart) && !/\/api\//.test(badStart),
    `shogi: a bad SFEN shows '${badStart}'`);
  console.log(`shogi: a bad SFEN shows: ${badStart}`);
  await page.fill('#start', '');
  await page.selectOption('#game', 'shogi');
  await page.selectOption('#side', '1');
  // Five seconds a move, so that the page shows the engine thinking: its top
  // moves as arrows on the board and its PV, while the server says it thinks
  // (with two, on a loaded CI machine the move came before the arrows).
  await page.fill('#strength', '5');
  await page.selectOption('#strength-unit', 'seconds');
  await page.uncheck('#takeback');
  await page.click('#new-game-button');
  await page.waitForFunction(() => window.kishiPage?.game?.id);
  const id = await page.evaluate(() => window.kishiPage.game.id);
  const ctx = { game: 'shogi', labels: {}, url: server.url, id };
  await page.waitForFunction(() => document.querySelectorAll('#board svg.sg-shapes line').length > 0,
    null, { timeout: REPLY_TIMEOUT_MS });
  const thinking = await serverState(server.url, id);
  const arrows = await page.$$eval('#board svg.sg-shapes line', (els) => els.length);
  const pv = await page.$eval('#pv', (el) => el.textContent.trim());
  check(/\b[1-9][a-i][1-9][a-i]\+?\b/.test(pv), `shogi: the PV shown while the engine thinks is '${pv}'`);
  check(thinking.thinking && thinking.moves.length === 0,
    `shogi: arrows drawn but the server is not thinking (${JSON.stringify({ thinking: thinking.thinking, moves: thinking.moves })})`);
  console.log(`shogi: while the engine thinks, ${arrows} arrow shapes and the PV '${pv}'`);
  let state = await settle(page, ctx, 'the engine\'s first move', 1);
  check(state.person === 1 && state.takeback === false, `shogi: the form made person ${state.person}, takeback ${state.takeback}`);
  check(await page.isDisabled('#undo'), 'shogi: take back is offered in a game without it');
  // Reloaded, the form shows the settings of the game on the board.
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && window.kishiPage.game);
  const form = await page.evaluate(() => ({
    game: document.querySelector('#game').value, side: document.querySelector('#side').value,
    strength: document.querySelector('#strength').value, unit: document.querySelector('#strength-unit').value,
    takeback: document.querySelector('#takeback').checked }));
  check(form.game === 'shogi' && form.side === '1' && form.strength === '5' && form.unit === 'seconds' && !form.takeback,
    `shogi: after a reload the form shows ${JSON.stringify(form)}`);
  const move = pawnPush(state);
  await clickMove(page, ctx, state, move);
  state = await settle(page, ctx, `after ${move} as gote`, 3);
  check(state.moves[1] === move, `shogi: as gote the server got ${state.moves[1]}, not ${move}`);
  // Resign asks first: one click arms the button, the game goes on.
  await page.click('#resign');
  check(await page.$eval('#resign', (b) => b.dataset.armed === 'true' && /again/.test(b.textContent)),
    'shogi: resign did not ask first');
  check(!(await serverState(server.url, id)).over, 'shogi: one click on resign ended the game');
  await page.click('#resign');
  await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'over');
  state = await serverState(server.url, id);
  check(state.over && state.winner === 0, `shogi: after resigning the game is ${JSON.stringify({ over: state.over, winner: state.winner })}`);
  check(!pageErrors.length, `shogi as gote: errors on the page: ${pageErrors.join(' | ')}`);
  await page.close();
  console.log(`shogi as gote: played ${move} after ${state.moves[0]}, resigned`);
}

// Checks the CSA text: a move line a move, and kishi's
// rules core (`kishi data show`, its CSA reader) replays it legally: the same
// start, the same moves in USI, and the server's position at its end.
function checkCsa(game, csa, state) {
  const lines = csa.split(/\r?\n/).flatMap((line) => line.split(',')).map((l) => l.trimEnd());
  const moveLines = lines.filter((l) => /^[+-]\d{4}[A-Z]{2}$/.test(l));
  check(moveLines.length === state.moves.length,
    `${game}: ${moveLines.length} CSA moves for the game's ${state.moves.length}:\n${csa}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kishi-csa-'));
  const file = path.join(dir, 'game.csa');
  fs.writeFileSync(file, csa);
  const result = spawnSync(KISHI, ['data', 'show', file, '--game', game], { encoding: 'utf8', timeout: 20_000 });
  fs.rmSync(dir, { recursive: true, force: true });
  const out = result.stdout;
  check(result.status === 0 && !/^skipped/m.test(out),
    `${game}: kishi data show refused the CSA record (rc ${result.status}): ${out}${result.stderr}`);
  const records = out.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(' ; '));
  const fields = (sfen) => sfen.split(' ').slice(0, 3).join(' ');
  check(JSON.stringify(records.map((r) => r[1])) === JSON.stringify(state.moves),
    `${game}: the CSA record replays as ${records.map((r) => r[1])}, the game's moves are ${state.moves}`);
  check(records.length === 0 || fields(records[0][0]) === fields(state.start),
    `${game}: the CSA record starts from ${records[0] && records[0][0]}, the game from ${state.start}`);
  const end = (/^# end (.+) ; /m.exec(out) || [])[1];
  check(end && fields(end) === fields(state.state),
    `${game}: the CSA record replayed by kishi ends in ${end}, the server is at ${state.state}`);
  return `${records.length} moves to ${end}`;
}

// ---- main -------------------------------------------------------------------

async function main() {
  const timer = setTimeout(() => { console.error('FAIL: the test ran past its time limit'); process.exit(1); }, TIME_LIMIT_MS);
  // Trees large enough for two seconds of the built-in evaluator (taken as used).
  const server = await startServer(['--hash', '2048']);
  let browser;
  try {
    browser = await launchBrowser();
    for (const game of ['shogi', 'showgit']) await playGame(browser, server, game);
    await playSecond(browser, server);
    console.log('PASS');
  } catch (e) {
    const output = server.output().trim();
    if (output) console.error(`kishi serve said:\n${output.slice(-3000)}`);
    if (server.proc.exitCode !== null) console.error(`kishi serve exited with ${server.proc.exitCode}`);
    throw e;
  } finally {
    await browser?.close();
    await server.stop();
    clearTimeout(timer);
  }
}

main().catch((e) => {
  console.error(`FAIL: ${e.stack || e.message}`);
  process.exit(1);
});
