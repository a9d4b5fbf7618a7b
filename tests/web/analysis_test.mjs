// A game reviewed (issue 36): POST /api/games/ID/analysis {"playouts": N}
// searches every position with an engine of its own; GET /api/games/ID then
// carries `analysis`, one entry a position with the person's win rate, the
// best move and the judgement of the move played from it. A bishop left to be
// taken is a blunder; the page marks it in the move list and the graph, says
// how many each side made, and starts an analysis from its own button. The
// evaluation reads from the person's side.
import { startServer, launchBrowser, serverState, check } from './harness.mjs';

const server = await startServer();

async function post(path, body) {
  const r = await fetch(`${server.url}${path}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, json: r.ok ? JSON.parse(text) : null, text };
}

async function analysed(id, what) {
  for (let i = 0; i < 600; ++i) {
    const s = await serverState(server.url, id);
    if (s.analysis && !s.analysis.running) return s;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: the analysis did not finish`);
}

let browser;
try {
  // Black (the person) answers the bishop exchange 2b8h with 9g9f, leaving a
  // bishop down; kishi is to move.
  const made = await post('/api/games', {
    game: 'shogi', side: 0, playouts: 8, start: 'position startpos moves 7g7f 3c3d 2g2f 2b8h 9g9f' });
  check(made.status === 201, `the game: ${made.status} ${made.text}`);
  const id = made.json.id;
  const started = await post(`/api/games/${id}/analysis`, { playouts: 64 });
  check(started.status === 202 && started.json.analysis, `analysis: ${started.status} ${started.text}`);
  const s = await analysed(id, 'the API');
  const a = s.analysis;
  // Of the game as it stood: kishi's reply may come before the request (a
  // clean clone under load did so).
  check(a.error === '' && a.playouts === 64 && (a.plies === 5 || a.plies === 6) && a.total === a.plies + 1
    && a.entries.length === a.total, `analysis: ${JSON.stringify({ ...a, entries: a.entries.length })}`);
  for (const e of a.entries) {
    check(e.win_rate >= 0 && e.win_rate <= 1 && typeof e.best === 'string', `entry ${JSON.stringify(e)}`);
  }
  const blunder = a.entries[4];
  check(blunder.move === '9g9f' && blunder.mover === 0 && blunder.judgement === 'blunder' && blunder.best !== '9g9f',
    `9g9f judged ${JSON.stringify(blunder)}`);
  check(a.entries[5].win_rate < 0.35, `after 9g9f your win rate is ${a.entries[5].win_rate}`);
  console.log(`analysis: 9g9f a ${blunder.judgement} (lost ${blunder.loss}; best ${blunder.best}), win rates ${a.entries.map((e) => e.win_rate).join(' ')}`);
  // Refused, by name.
  for (const [body, said] of [[{ playouts: 0 }, /from 1 to 100000/], [{ depth: 3 }, /unknown field 'depth'/]]) {
    const r = await post(`/api/games/${id}/analysis`, body);
    check(r.status === 400 && said.test(r.text), `${JSON.stringify(body)}: ${r.status} ${r.text}`);
  }
  check((await post('/api/games/0123/analysis', { playouts: 4 })).status === 404, 'no game: not 404');

  // Two reviews at once on the server (--max-analyses 2, the default): a third
  // waits for one to end; a game's own review is replaced, never refused.
  const games = [];
  for (let k = 0; k < 3; ++k)
    games.push((await post('/api/games', { game: 'shogi', side: 0, playouts: 8, start: 'position startpos moves 7g7f 3c3d' })).json.id);
  for (const g of games.slice(0, 2))
    check((await post(`/api/games/${g}/analysis`, { playouts: 100000 })).status === 202, 'a long review refused');
  const third = await post(`/api/games/${games[2]}/analysis`, { playouts: 100000 });
  check(third.status === 503 && /runs 2 analyses at once \(kishi serve --max-analyses\)/.test(third.text),
    `a third review: ${third.status} ${third.text}`);
  check((await post(`/api/games/${games[0]}/analysis`, { playouts: 1 })).status === 202, 'a review not replaced');
  check((await post(`/api/games/${games[1]}/analysis`, { playouts: 1 })).status === 202, 'a review not replaced');
  await analysed(games[0], 'a short review');
  await analysed(games[1], 'a short review');
  check((await post(`/api/games/${games[2]}/analysis`, { playouts: 1 })).status === 202, 'no slot freed');
  console.log(`analysis: a third review at once refused: ${third.text}`);

  // The page: the judgement in the move list, the graph and the summary.
  browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/#game=${id}`);
  await page.waitForFunction(() => window.kishiPage?.game?.analysis);
  const marked = await page.$$eval('#moves li', (items) => items.map((li) => li.dataset.judgement ?? ''));
  check(marked[4] === 'blunder', `the move list's judgements: ${marked}`);
  const summary = await page.textContent('#analysis-summary');
  check(/you \d+ inaccuracies, \d+ mistakes, [1-9]\d* blunders/.test(summary), `the summary: ${summary}`);
  check(await page.$eval('#graph', (g) => g.querySelectorAll('.graph-judged').length >= 1), 'the graph marks no move');
  const evalText = await page.textContent('#eval-text');
  check(evalText === '' || /^(you|kishi) (\+\d|mates?)|^you mate|^kishi mates/.test(evalText), `the evaluation reads '${evalText}'`);
  // The moves in pairs (a row a move of each side), in shogi's own move text.
  const cells = await page.$$eval('#moves li', (items) => items.map((li) => ({ top: li.offsetTop, text: li.textContent })));
  check(cells[0].top === cells[1].top && cells[2].top > cells[0].top && cells[0].text === '▲７六歩'
    && cells[1].text === '△３四歩', `the move list: ${JSON.stringify(cells.slice(0, 3))}`);
  // Stepping through: a click shows the position after that move, the arrows
  // step, "Back to the game" returns.
  const { states } = await (await fetch(`${server.url}/api/games/${id}/positions`)).json();
  check(states.length === (await serverState(server.url, id)).moves.length + 1, `positions: ${states.length}`);
  await page.click('#moves li:nth-child(3)');
  await page.waitForSelector('#review-bar:not([hidden])');
  const viewing = () => page.evaluate(() => ({ ply: window.kishiPage.review?.ply,
    state: window.kishiPage.review?.states[window.kishiPage.review.ply],
    text: document.querySelector('#review-text').textContent,
    marked: [...document.querySelectorAll('#moves li')].findIndex((li) => li.classList.contains('viewing')) }));
  let v = await viewing();
  check(v.ply === 3 && v.state === states[3] && v.marked === 2 && /After move 3 of/.test(v.text), `review: ${JSON.stringify(v)}`);
  await page.keyboard.press('ArrowLeft');
  await page.click('#review-back');
  v = await viewing();
  check(v.ply === 1 && v.state === states[1], `review stepped back to ${JSON.stringify(v)}`);
  await page.click('#review-end');
  check(await page.isHidden('#review-bar') && await page.evaluate(() => window.kishiPage.review === null), 'review did not end');
  // A variation: a new game from move 2's position, the game itself kept and one click away.
  await page.click('#moves li:nth-child(2)');
  await page.waitForSelector('#review-bar:not([hidden])');
  await page.click('#review-try');
  await page.waitForFunction((old) => window.kishiPage.game.id !== old, id);
  const variation = await page.evaluate(() => window.kishiPage.game);
  check(variation.start === states[2] && variation.moves.length <= 1 && variation.person === 0,
    `the variation starts at ${variation.start} (${variation.moves}), not ${states[2]}`);
  check((await serverState(server.url, id)).moves.length >= 5, 'the game lost its moves to the variation');
  await page.click('#back-to-parent');
  await page.waitForFunction((old) => window.kishiPage.game.id === old, id);
  // Analysed again from the page's button.
  await page.fill('#analysis-playouts', '16');
  await page.click('#analyse-button');
  await page.waitForFunction(() => window.kishiPage.game.analysis?.playouts === 16 && !window.kishiPage.game.analysis.running,
    null, { timeout: 60_000 });
  await page.waitForSelector('#analysis-panel[data-state="done"]');
  check(!errors.length, `errors on the page: ${errors.join(' | ')}`);
  console.log(`analysis page: ${await page.textContent('#analysis-summary')} / evaluation '${evalText}'`);
} finally {
  await browser?.close();
  await server.stop();
}
