// The page's shell: the new-game form (new-game-form.js), the board of the
// game being played (shogi-board.js or gnome-board.js, as the game's facts
// say), the move list, the engine's thinking, the evaluation and the records.
// The server is the truth: every state it sends is drawn as it is, the board
// only proposes actions (POST move) and never keeps a position of its own.
import { api, followGame } from './api.js';
import { createShogiBoard, KANJI, labelsFromInfo } from './shogi-board.js';
import { drawEvalBar, drawEvalGraph, formatCp, share } from './eval-graph.js';
import { createNewGameForm } from './new-game-form.js';

const $ = (id) => document.getElementById(id);

// Every fact of a game (its board, players, notation, records, pieces) comes
// from the server's /api/info, built from kishi's game registry: the page
// keeps no table of games of its own.
const FILE_EXTENSION = { csa: 'csa', kif: 'kif', usi: 'usi.txt', txt: 'txt', state: 'position.txt' };

const page = {
  info: null,
  game: null, // the server's state of the game shown
  board: null, // { kind, update, destroy }
  flipped: false, // the person's own choice, on top of playing player 1
  arrows: [],
  lastInfo: null,
  stopEvents: null,
  statesSeen: 0, // states that came on the event stream, to drop stale POST answers
  error: '',
  offline: false, // the game's event stream lost the server and is reconnecting
  downloadUrl: null,
  parentGame: null, // the game a variation was started from
  event: '', // what the last move did, in words, where the board can tell (gnome)
  review: null, // { ply, states, moves }: the position after move ply shown instead of the game's
};

// ---- status line ----------------------------------------------------------

// What went wrong in words: `doing` what the person asked ('take back'), the
// server's reason; the request itself only in the tooltip and the console.
function showError(message, doing = '', request = '') {
  page.error = doing ? `could not ${doing}: ${message}` : message;
  page.errorRequest = request;
  if (request) console.warn(`${request}: ${message}`);
  renderStatus();
}

function showFailure(e, doing) {
  showError(e.message, doing, e.request ?? '');
}

function clearError() {
  page.error = '';
  page.errorRequest = '';
}

function playerName(player) {
  const game = page.game;
  if (!game) return '';
  return player === game.person ? 'you' : 'kishi';
}

function renderStatus() {
  const status = $('status');
  const game = page.game;
  let text = '';
  if (!game) text = 'Choose a game and press Start.';
  else if (game.over) {
    const who = game.winner === -1 ? 'a draw' : `${playerName(game.winner)} ${game.winner === game.person ? 'win' : 'wins'}`;
    text = `Game over: ${who}` + (game.reason ? ` (${game.reason === 'time' ? 'on time' : game.reason})` : '');
  } else if (game.thinking || game.to_move !== game.person) text = 'kishi is thinking…';
  else if (game.legal.includes('accept')) text = "kishi's move ends the game: accept it, or veto it with your token";
  else if (game.legal.includes('veto')) text = `${game.check ? 'Check! ' : ''}Your move, or veto kishi's with your token`;
  else text = game.check ? 'Check! Your move' : 'Your move';
  if (game?.over === false && page.event) text = `${page.event}. ${text}`;
  else if (game?.over && page.event) text = `${text}. ${page.event}`;
  // An engine that could not start (say, a model that does not load) is an error too.
  const error = page.error || game?.engine_error || game?.save_error || '';
  if (page.offline) {
    status.textContent = 'The server does not answer: reconnecting…';
    status.classList.add('error');
    status.dataset.state = 'offline';
    return;
  }
  status.textContent = error ? `Error: ${error}` : text;
  status.title = error ? page.errorRequest ?? '' : '';
  status.classList.toggle('error', !!error);
  status.dataset.state = error ? 'error' : !game ? 'none' : game.over ? 'over'
    : game.to_move === game.person && !game.thinking ? 'your-move' : 'thinking';
}

// ---- boards ---------------------------------------------------------------

// The facts /api/info gives of a game.
function gameInfo(name) {
  return page.info?.games?.find((g) => g.name === name) ?? {};
}

// One board per game: two games on one board kind may differ in their pieces' labels.
function boardKind(game) {
  return game;
}

// The board kinds: a module each, its factory called with the container.
const BOARDS = {
  shogi: async (container, info) => createShogiBoard(container, {
    onAction: sendAction, game: info.name,
    labels: info.labels === 'codes' ? labelsFromInfo(info.pieces) : KANJI,  // else the board's own
  }),
  gnome: async (container) => (await import('./gnome-board.js')).createGnomeBoard(container, { onAction: sendAction }),
};

async function ensureBoard(game) {
  const kind = boardKind(game);
  if (page.board?.kind === kind) return page.board;
  page.board?.destroy();
  page.board = null;
  const container = $('board');
  container.replaceChildren();
  container.className = '';
  container.dataset.game = game;
  const info = gameInfo(game);
  let board;
  try {
    board = await BOARDS[info.board](container, info);
  } catch (e) {
    container.textContent = `The ${game} board is not available.`;
    throw new Error(`the ${info.board} board could not be loaded (${e.message})`);
  }
  page.board = { kind, update: (a) => board.update(a), destroy: () => board.destroy() };
  return page.board;
}

function renderBoard() {
  const game = page.game;
  if (!game || !page.board || page.board.kind !== boardKind(game.game)) return;
  const review = page.review;
  const interactive = !review && !game.over && !game.thinking && game.to_move === game.person;
  const flipped = (game.person === 1) !== page.flipped;
  // Reviewing: the position after move `ply`, read-only, the analysis's best move as an arrow.
  const best = review ? analysisEntry(game, review.ply)?.best : '';
  try {
    page.board.update({
      state: review ? review.states[review.ply] : game.state,
      legal: interactive ? game.legal : [],
      lastMove: review ? review.moves[review.ply - 1] ?? null
        : game.moves.length ? game.moves[game.moves.length - 1] : null,
      flipped,
      arrows: review ? (best ? [{ move: best, visits: 1 }] : []) : game.thinking ? page.arrows : [],
      interactive,
      person: game.person,
      check: !review && game.check && !game.over,
    });
  } catch (e) {
    showError(`the board could not draw the state: ${e.message}`);
  }
  const actions = interactive ? game.legal.filter((a) => a === 'veto' || a === 'accept') : [];
  $('veto').hidden = !actions.includes('veto');
  $('accept').hidden = !actions.includes('accept');
  $('action-buttons').hidden = actions.length === 0;
}

// ---- move list, engine, evaluation ----------------------------------------

function renderMoves() {
  const list = $('moves');
  const game = page.game;
  list.replaceChildren();
  if (!game) return;
  game.notation.forEach((text, i) => {
    const item = document.createElement('li');
    item.textContent = text;
    item.dataset.move = game.moves[i] ?? '';
    const cp = game.evals?.[i];
    if (cp !== null && cp !== undefined) item.title = `evaluation ${formatCp(cp)}`;
    const judged = analysisEntry(game, i);
    if (judged?.judgement) {
      item.dataset.judgement = judged.judgement;
      item.title = `${judged.judgement}: ${Math.round(judged.loss * 100)}% of the win rate lost`
        + ` (best ${judged.best})${item.title ? `; ${item.title}` : ''}`;
    }
    if (i === game.notation.length - 1) item.classList.add('last');
    if (page.review?.ply === i + 1) item.classList.add('viewing');
    item.addEventListener('click', () => review(i + 1));
    // Who moved (a gnome veto makes the same side move twice): marked by CSS.
    const mover = game.movers?.[i];
    if (mover === 0 || mover === 1) {
      item.classList.add(mover === game.person ? 'by-person' : 'by-engine');
      item.title = `${mover === game.person ? 'you' : 'kishi'}${item.title ? `; ${item.title}` : ''}`;
    }
    list.append(item);
  });
  // The list scrolls inside itself; the page stays where the person left it.
  list.scrollTop = list.scrollHeight;
}

// ---- review: stepping through the game -----------------------------------

// Shows the position after move `ply` (0: the start); the game goes on
// underneath, and "Back to the game" (or the last move, or past it) returns to it.
async function review(ply) {
  const game = page.game;
  if (!game) return;
  if (ply >= game.moves.length) return endReview();  // the position now is the game's
  try {
    if (!page.review || page.review.states.length !== game.moves.length + 1
        || page.review.moves.join() !== game.moves.join()) {
      const { states, moves } = await api.positions(game.id);
      page.review = { ply, states, moves };
    }
    page.review.ply = Math.max(0, Math.min(ply, page.review.moves.length));
  } catch (e) {
    showFailure(e, 'show that position');
    return;
  }
  render();
}

// A variation: a new game from the reviewed position with this game's
// settings; this game stays as it is, one click away.
async function playFromHere() {
  const game = page.game;
  const r = page.review;
  if (!game || !r) return;
  const fields = { game: game.game, side: game.person, takeback: game.takeback, start: r.states[r.ply] };
  if (game.seconds > 0) fields.seconds = game.seconds;
  else fields.playouts = game.playouts;
  try {
    const state = await api.newGame(fields);
    const parent = game.id;
    clearError();
    await showGame(state);
    page.parentGame = parent;
    render();
  } catch (e) {
    showFailure(e, 'start a game from this position');
  }
}

function endReview() {
  if (!page.review) return;
  page.review = null;
  render();
}

function renderReview() {
  $('back-to-parent').hidden = !page.parentGame;
  const r = page.review;
  $('review-bar').hidden = !r;
  if (!r) return;
  const entry = analysisEntry(page.game, r.ply);
  $('review-text').textContent = `${r.ply === 0 ? 'The start' : `After move ${r.ply}`} of ${r.moves.length}`
    + (entry ? ` · your win rate ${Math.round(entry.win_rate * 100)}%${entry.best ? `, best ${entry.best}` : ''}` : '');
  $('review-back').disabled = r.ply === 0;
}

function lastEval(game) {
  for (let i = (game?.evals?.length ?? 0) - 1; i >= 0; --i) {
    if (game.evals[i] !== null && game.evals[i] !== undefined) return game.evals[i];
  }
  return null;
}

// How many of the analysis's entries are of the game's own line (it may be of
// a line since taken back): the entries up to the first move that differs.
// Kept per state object, since the move list and graph ask for every ply.
const analysedPlies = new WeakMap();
function analysedPrefix(game) {
  if (!analysedPlies.has(game)) {
    const entries = game?.analysis?.entries ?? [];
    let k = 0;
    while (k < entries.length && (entries[k].move === undefined || entries[k].move === game.moves[k])) ++k;
    analysedPlies.set(game, k);
  }
  return analysedPlies.get(game);
}

// The analysis's entry of the position before move `i`, when the analysis
// covers the game's moves up to it.
function analysisEntry(game, i) {
  if (!game?.analysis?.entries) return null;
  return i < analysedPrefix(game) ? game.analysis.entries[i] : null;
}

// The evaluation as the person reads it: whose advantage, and the person's
// win rate; `cp` and `mate` are for player 0, as the server sends them.
function evalText(game, cp, mate) {
  if (cp === null || cp === undefined) return '';
  const sign = game.person === 0 ? 1 : -1;
  if (mate !== null && mate !== undefined) {
    const mine = mate * sign > 0;
    return `${mine ? 'you mate' : 'kishi mates'} in ${Math.abs(mate)}`;
  }
  const mine = cp * sign;
  const who = mine >= 0 ? 'you' : 'kishi';
  return `${who} ${formatCp(Math.abs(mine)).replace(/^\+?/, '+')} · your win rate ${Math.round(share(mine) * 100)}%`;
}

// Scores for the person (up is better for the person): the analysis's win
// rates where it has them, else the engine's own evaluations.
function graphFor(game) {
  const sign = game.person === 0 ? 1 : -1;
  const values = (game.evals ?? []).map((cp) => (cp === null || cp === undefined ? cp : cp * sign));
  const marked = new Set();
  game.moves.forEach((_, i) => {
    const after = analysisEntry(game, i + 1);
    if (after) {
      const w = Math.min(Math.max(after.win_rate, 1e-4), 1 - 1e-4);
      values[i] = Math.round(600 * Math.log(w / (1 - w)));
    }
    if (analysisEntry(game, i)?.judgement) marked.add(i);
  });
  return { values, marked };
}

function renderAnalysis() {
  const game = page.game;
  const a = game?.analysis;
  $('analyse-button').disabled = !game || !!a?.running;
  const progress = $('analysis-progress');
  progress.hidden = !a?.running;
  if (a) {
    progress.max = a.total;
    progress.value = a.done;
  }
  let summary = '';
  if (a?.error) summary = `The analysis stopped: ${a.error}`;
  else if (a?.running) summary = `Analysing: ${a.done} of ${a.total} positions at ${a.playouts} playouts…`;
  else if (a) {
    const counts = (mover) => {
      const n = { inaccuracy: 0, mistake: 0, blunder: 0 };
      a.entries.forEach((e) => { if (e.judgement && (e.mover === game.person) === mover) n[e.judgement] += 1; });
      return `${n.inaccuracy} inaccuracies, ${n.mistake} mistakes, ${n.blunder} blunders`;
    };
    summary = `${a.plies} moves at ${a.playouts} playouts: you ${counts(true)}; kishi ${counts(false)}.`;
    if (a.plies !== game.moves.length) summary += ' The game has moved on since: analyse again for the rest.';
  }
  $('analysis-summary').textContent = summary;
  $('analysis-panel').dataset.state = !a ? 'none' : a.running ? 'running' : a.error ? 'error' : 'done';
}

// The engine's search: live while it thinks, else its last search (an info
// event may also come just after the state of the engine's move).
function renderEngine() {
  const game = page.game;
  const info = game ? page.lastInfo : null;
  const cp = game?.thinking && info ? info.cp : lastEval(game) ?? info?.cp ?? null;
  const bar = $('evalbar');
  bar.dataset.first = /^white/i.test(gameInfo(game?.game).players?.[0] ?? '') ? 'white' : 'black';
  drawEvalBar(bar, cp, (game?.person === 1) !== page.flipped);
  const graph = game ? graphFor(game) : { values: [], marked: new Set() };
  drawEvalGraph($('graph'), graph.values, (i) => review(i + 1), graph.marked);
  $('eval-text').textContent = game ? evalText(game, cp, game.thinking ? info?.mate : null) : '';
  const pv = $('pv');
  const lines = $('lines');
  pv.dataset.live = String(!!(game?.thinking && info));
  if (!info) {
    pv.textContent = '';
    lines.replaceChildren();
    return;
  }
  const when = game.thinking ? 'thinking' : 'last search';
  pv.textContent = `${when}: depth ${info.depth ?? '?'}, ${info.nodes ?? 0} nodes, pv ${(info.pv ?? []).join(' ')}`;
  lines.replaceChildren(...(info.lines ?? []).slice(0, 5).map((line) => {
    const item = document.createElement('li');
    item.textContent = `${line.move}  ${line.visits} visits  ${formatCp(line.cp, line.mate)}`;
    item.dataset.move = line.move;
    return item;
  }));
}

function renderControls() {
  const game = page.game;
  // Take back needs a move of the person's (the engine's opening move is not
  // one); after a resignation the game stays over.
  const ownMove = !!game?.movers?.includes(game.person);
  $('undo').disabled = !game || !game.takeback || !ownMove || game.reason === 'resign';
  $('undo').title = !game ? '' : !game.takeback ? 'take back is off in this game'
    : !ownMove ? 'you have no move to take back yet' : '';
  $('resign').disabled = !game || game.over;
  if ($('resign').disabled) disarmResign();
  $('flip').disabled = !game;
  const formats = game ? gameInfo(game.game).records ?? [] : [];
  $('export-state').textContent = `${(game && gameInfo(game.game).notation) || 'Position'} now`;
  for (const button of document.querySelectorAll('button.export')) {
    button.hidden = button.dataset.format !== 'state' && !formats.includes(button.dataset.format);
    button.disabled = !game;
  }
}

function render() {
  renderBoard();
  renderMoves();
  renderEngine();
  renderAnalysis();
  renderReview();
  renderControls();
  renderStatus();
  renderClocks();
}

// ---- clocks ----------------------------------------------------------------

function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// The server's clock as it stood when its state came, run on here since: the
// main time left, then the byoyomi of the move under way.
function renderClocks() {
  const game = page.game;
  const clock = game?.clock;
  $('clocks').hidden = !clock;
  if (!clock) return;
  const running = clock.running && !game.over;
  const used = clock.used + (running ? Date.now() - page.clockAt : 0);
  for (const player of [0, 1]) {
    const moving = player === game.to_move && !game.over;
    let left = clock.left[player];
    let byoyomi = clock.byoyomi;
    if (moving) {
      left -= used;
      if (left < 0) { byoyomi += left; left = 0; }
    }
    const el = $(player === game.person ? 'clock-you' : 'clock-kishi');
    const inByoyomi = left <= 0 && clock.byoyomi > 0;
    el.textContent = `${player === game.person ? 'You' : 'kishi'} ${clockText(left)}` +
      (inByoyomi ? ` + ${clockText(byoyomi)}` : clock.byoyomi ? ` + ${clock.byoyomi / 1000} s` : '');
    el.dataset.ms = String(Math.max(0, left + (inByoyomi ? byoyomi : 0)));
    el.classList.toggle('running', moving && running);
    el.classList.toggle('low', moving && left + (inByoyomi ? byoyomi : 0) < 10000);
  }
}

// ---- the game on the server -----------------------------------------------

// A state from the event stream always wins; the answer to a POST is drawn
// only when no stream state came after the POST was sent (else it may be older).
function acceptState(state, fromStream) {
  if (!page.game || state.id !== page.game.id) return;
  // States come by two ways (the stream, the answers to requests): an older
  // one arriving late must not undo a newer one.
  if (state.version < page.game.version) return;
  if (fromStream) page.statesSeen += 1;
  if (!state.thinking) page.arrows = [];
  // A board that can say what a move did (gnome's explosions, vetoes) says it.
  const before = page.game;
  if (state.moves.length === before.moves.length + 1 && page.board?.describeMove) {
    const mover = state.movers[state.movers.length - 1];
    page.event = page.board.describeMove(before.state, state.state, state.moves[state.moves.length - 1],
      mover === state.person ? 'you' : 'kishi');
  } else if (state.moves.length !== before.moves.length) {
    page.event = '';
  }
  // Moves taken back: the last search was of a position no longer on the board,
  // and a review of them ends.
  if (state.moves.length < page.game.moves.length) {
    page.lastInfo = null;
    page.review = null;
  }
  page.game = state;
  page.clockAt = Date.now();
  render();
}

async function post(action, doing) {
  const seen = page.statesSeen;
  try {
    const state = await action();
    clearError();
    if (page.statesSeen === seen) acceptState(state, false);
    else renderStatus();
  } catch (e) {
    showFailure(e, doing);
    render(); // puts the board back where the server says it is
  }
}

// Resign asks first: the first click arms the button for a few seconds, the
// second resigns.
let resignTimer = null;
function disarmResign() {
  clearTimeout(resignTimer);
  resignTimer = null;
  $('resign').textContent = 'Resign';
  delete $('resign').dataset.armed;
}
function clickResign() {
  const game = page.game;
  if (!game || game.over) return;
  if (!resignTimer) {
    $('resign').textContent = 'Resign? Click again';
    $('resign').dataset.armed = 'true';
    resignTimer = setTimeout(disarmResign, 4000);
    return;
  }
  disarmResign();
  post(() => api.resign(game.id), 'resign');
}

function sendAction(text) {
  const game = page.game;
  if (!game) return;
  if (game.over || game.to_move !== game.person || game.thinking) {
    showError(game.over ? 'the game is over' : 'it is not your turn: kishi is thinking');
    render();
    return;
  }
  post(() => api.move(game.id, text), `play ${text}`);
}

async function showGame(state) {
  page.stopEvents?.();
  page.stopEvents = null;
  page.offline = false;
  page.game = state;
  page.clockAt = Date.now();
  page.arrows = [];
  page.lastInfo = null;
  page.review = null;
  page.event = '';
  page.parentGame = null; // set again by a variation's start
  page.statesSeen = 0;
  form.show(state);
  $('record').textContent = '';
  delete $('record').dataset.format; // an export is of the game it was made from
  $('download').hidden = true;
  history.replaceState(null, '', `${location.pathname}${location.search}#game=${state.id}`);
  try {
    await ensureBoard(state.game);
  } catch (e) {
    showError(e.message);
  }
  const id = state.id;
  page.stopEvents = followGame(id, {
    onState: (s) => acceptState(s, true),
    onInfo: (info) => {
      if (page.game?.id !== id) return;
      page.lastInfo = info;
      // Arrows only while the engine thinks: afterwards the position moved on.
      page.arrows = page.game.thinking ? (info.lines ?? []).map(({ move, visits }) => ({ move, visits })) : [];
      if (page.game.thinking) renderBoard(); // leaves a person's selection alone
      renderEngine();
    },
    onOpen: () => {
      page.offline = false;
      // The stream may have missed a change while it connected: fetch once.
      api.game(id).then((s) => acceptState(s, true)).catch((e) => showFailure(e, 'follow the game'));
      renderStatus();
    },
    onError: (readyState) => {
      if (page.game?.id !== id) return;
      if (readyState === EventSource.CLOSED) {
        // Refused for good: the server says why (say, it no longer has the game).
        page.offline = false;
        api.game(id).then(() => showError('the event stream of the game closed: reload the page'),
          (e) => showFailure(e, 'follow the game'));
      } else {
        page.offline = true; // the browser tries again by itself
        renderStatus();
      }
    },
  });
  render();
}

async function startNewGame(event) {
  event?.preventDefault();
  const button = $('new-game-button');
  button.disabled = true;
  try {
    const state = await api.newGame(form.fields());
    clearError();
    page.flipped = false;
    await showGame(state);
  } catch (e) {
    showFailure(e, 'start the game');
  } finally {
    button.disabled = false;
  }
}

async function exportRecord(format) {
  const game = page.game;
  if (!game) return;
  try {
    // The position now is the state's text (SFEN, FEN): the page has it.
    const text = format === 'state' ? `${game.state}\n` : await api.record(game.id, format);
    clearError();
    $('record').textContent = text;
    $('record').dataset.format = format;
    if (page.downloadUrl) URL.revokeObjectURL(page.downloadUrl);
    page.downloadUrl = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = $('download');
    link.href = page.downloadUrl;
    link.download = `kishi-${game.game}-${game.id}.${FILE_EXTENSION[format] ?? 'txt'}`;
    link.textContent = `download ${link.download}`;
    link.hidden = false;
    renderStatus();
  } catch (e) {
    showFailure(e, `export the ${format.toUpperCase()} record`);
  }
}

// ---- start ----------------------------------------------------------------

function bindControls() {
  setInterval(renderClocks, 200);
  $('review-back').addEventListener('click', () => page.review && review(page.review.ply - 1));
  $('review-forward').addEventListener('click', () => page.review && review(page.review.ply + 1));
  $('review-end').addEventListener('click', endReview);
  $('review-try').addEventListener('click', playFromHere);
  $('back-to-parent').addEventListener('click', () => {
    const id = page.parentGame;
    if (id) api.game(id).then(showGame, (e) => showFailure(e, 'go back to that game'));
  });
  document.addEventListener('keydown', (event) => {
    if (!page.review || /INPUT|TEXTAREA|SELECT/.test(document.activeElement?.tagName ?? '')) return;
    if (event.key === 'ArrowLeft') review(page.review.ply - 1);
    else if (event.key === 'ArrowRight') review(page.review.ply + 1);
    else if (event.key === 'Escape') endReview();
  });
  $('analyse').addEventListener('submit', (event) => {
    event.preventDefault();
    const game = page.game;
    const playouts = Math.round(Number($('analysis-playouts').value));
    if (game) post(() => api.analyse(game.id, playouts), 'analyse the game');
  });
  $('undo').addEventListener('click', () => page.game && post(() => api.undo(page.game.id), 'take back'));
  $('resign').addEventListener('click', clickResign);
  $('flip').addEventListener('click', () => {
    page.flipped = !page.flipped;
    render();
  });
  $('veto').addEventListener('click', () => sendAction('veto'));
  $('accept').addEventListener('click', () => sendAction('accept'));
  for (const button of document.querySelectorAll('button.export')) {
    button.addEventListener('click', () => exportRecord(button.dataset.format));
  }
  // Another game's address typed or pasted over this one's: that game.
  window.addEventListener('hashchange', () => {
    const id = /game=([\w-]+)/.exec(location.hash)?.[1];
    if (id && id !== page.game?.id) {
      api.game(id).then(showGame, (e) => showFailure(e, 'show the game of this address'));
    }
  });
}

let form = null; // new-game-form.js

async function main() {
  form = createNewGameForm({ gameInfo, onSubmit: startNewGame });
  bindControls();
  render();
  try {
    page.info = await api.info();
    form.fill(page.info);
  } catch (e) {
    showFailure(e, 'load the games');
    return;
  }
  // A reload keeps the game: its id is in the URL's fragment.
  const id = /game=([\w-]+)/.exec(location.hash)?.[1];
  if (id) {
    try {
      await showGame(await api.game(id));
      return;
    } catch (e) {
      showFailure(e, 'show the game of this address');
    }
  }
  renderStatus();
  document.body.dataset.ready = 'true';
}

// Exposed for the browser tests and for debugging from the console.
window.kishiPage = page;
main().finally(() => { document.body.dataset.ready = 'true'; });
