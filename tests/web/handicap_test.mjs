// Handicap games (issue 36): POST /api/games {"handicap": NAME} for each of
// shogi's ten handicaps starts the handicap's position with kishi, the giver,
// to move, and kishi moves first; the records name the handicap (KIF's 手合割,
// CSA's PI line) and start the game again; what is not a handicap game is
// refused by name. Then the page's menu: a handicap chosen, the side and start
// fields rest, and the board shows the giver's missing pieces.
import { startServer, launchBrowser, serverState, check } from './harness.mjs';

const START = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';
const server = await startServer();

async function post(path, body) {
  const r = await fetch(`${server.url}${path}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, json: r.ok ? JSON.parse(text) : null, text };  // 201: made
}

async function engineMoved(id) {
  for (let i = 0; i < 300; ++i) {
    const s = await serverState(server.url, id);
    if (s.moves.length > 0 && !s.thinking) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`game ${id}: kishi did not move`);
}

let browser;
try {
  const info = await (await fetch(`${server.url}/api/info`)).json();
  const shogi = info.games.find((g) => g.name === 'shogi');
  const names = shogi.handicaps.map((h) => h.name);
  check(names.length === 10, `shogi's handicaps: ${names}`);
  check(info.games.find((g) => g.name === 'gnome').handicaps.length === 0, 'gnome has handicaps');
  for (const { name, label } of shogi.handicaps) {
    const r = await post('/api/games', { game: 'shogi', handicap: name, playouts: 8 });
    check(r.status === 201, `handicap ${name}: ${r.status} ${r.text}`);
    const s = await engineMoved(r.json.id);
    check(s.start !== START && / w - 1$/.test(s.start), `${name}: start ${s.start}`);
    check(s.person === 0 && s.movers[0] === 1, `${name}: person ${s.person}, first mover ${s.movers[0]}`);
    check(s.handicap === name, `${name}: the state says handicap '${s.handicap}'`);
    // Fewer White pieces than the even game's 20, as many as the label says.
    const white = [...s.start.split(' ')[0]].filter((c) => /[a-z]/.test(c)).length;
    const taken = { 'lance': 1, 'right-lance': 1, 'bishop': 1, 'rook': 1, 'rook-lance': 2, 'two': 2,
      'four': 4, 'six': 6, 'eight': 8, 'ten': 10 }[name];
    check(white === 20 - taken, `${name} (${label}): ${white} white pieces`);
    for (const format of ['kif', 'csa']) {
      const rec = await (await fetch(`${server.url}/api/games/${s.id}/record?format=${format}`)).text();
      const says = format === 'kif' ? /手合割：\S+落ち/.test(rec) && /上手：kishi/.test(rec) : /\nPI\d\d[A-Z]{2}/.test(rec);
      check(says, `${name}: the ${format} record does not say the handicap:\n${rec}`);
      const again = await post('/api/games', { game: 'shogi', start: rec, side: 0, playouts: 8 });
      check(again.status === 201, `${name}: its ${format} record as a start: ${again.text}`);
      check(again.json.start === s.start && again.json.moves.join() === s.moves.join(),
        `${name}: the ${format} record starts ${again.json.start} ${again.json.moves}`);
    }
  }
  // A random side leaves the choice open: the person always takes the side given the pieces
  // (one of two draws would pick kishi's side; eight draws miss that 1 in 256).
  for (let i = 0; i < 8; ++i) {
    const r = await post('/api/games', { game: 'shogi', handicap: 'two', side: 'random', playouts: 8 });
    check(r.status === 201 && r.json.person === 0, `side "random" in a handicap game: ${r.status} ${r.text}`);
  }
  // Refused, by name.
  for (const [body, said] of [
    [{ game: 'shogi', handicap: 'queen' }, /unknown handicap 'queen' \(lance, right-lance/],
    [{ game: 'gnome', handicap: 'lance' }, /gnome has no handicaps/],
    [{ game: 'shogi', handicap: 'two', side: 1 }, /kishi gives the pieces and moves first: you play black/],
    [{ game: 'shogi', handicap: 'two', start: START }, /a handicap or a start, not both/],
    [{ game: 'shogi', handicap: 2 }, /field 'handicap' has the wrong type/],
  ]) {
    const r = await post('/api/games', body);
    check(r.status === 400 && said.test(r.text), `${JSON.stringify(body)}: ${r.status} ${r.text}`);
  }

  // The page's menu.
  browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(server.url);
  await page.waitForSelector('#game option', { state: 'attached' });
  await page.selectOption('#game', 'gnome');
  check(await page.isHidden('#handicap-choice'), 'gnome shows a handicap menu');
  await page.selectOption('#game', 'shogi');
  check(await page.isVisible('#handicap-choice'), 'shogi shows no handicap menu');
  await page.selectOption('#handicap', 'four');
  check(await page.isDisabled('#side') && await page.isDisabled('#start'),
    'a handicap leaves the side and start fields open');
  await page.fill('#strength', '8');
  await page.click('#new-game-button');
  await page.waitForFunction(() => /game=/.test(location.hash));
  const id = /game=([\w-]+)/.exec(await page.evaluate(() => location.hash))[1];
  const s = await engineMoved(id);
  check(s.handicap === 'four' && s.start.startsWith('1nsgkgsn1/9/'), `the page's game: ${s.handicap} ${s.start}`);
  // shogiground draws 16 White pieces once kishi has moved (four given).
  await page.waitForFunction(() => [...document.querySelectorAll('#board sg-pieces piece.gote')].filter((p) => !p.classList.contains('fading')).length === 16,
    null, { timeout: 10_000 });
  await page.selectOption('#handicap', '');
  check(!(await page.isDisabled('#side')), 'no handicap: the side field stays closed');
  console.log(`handicaps: ${names.join(', ')}: each started with kishi to move, its records read back`);
} finally {
  await browser?.close();
  await server.stop();
}
