// The shogi (and showgit) board of the page: shogiground, fed from the server's
// state. It has the same interface as gnome-board.js, so the shell treats both
// boards alike: createShogiBoard(container, { onAction, labels }) returns
// { update({ state, legal, lastMove, flipped, arrows, interactive, person, check }), destroy() }.
//
// USI squares ("7g") are shogiground's keys as they are, so moves need no
// translation: "7g7f+" is orig "7g", dest "7f", promotion; "P*5e" a drop.
import { Shogiground } from '/vendor/shogiground/esm/shogiground.js';

// SFEN letters (upper case) and shogiground's role names.
export const ROLE_OF_LETTER = {
  P: 'pawn', L: 'lance', N: 'knight', S: 'silver', G: 'gold', B: 'bishop', R: 'rook', K: 'king',
  '+P': 'tokin', '+L': 'promotedlance', '+N': 'promotedknight', '+S': 'promotedsilver',
  '+B': 'horse', '+R': 'dragon',
};
export const LETTER_OF_ROLE = Object.fromEntries(
  Object.entries(ROLE_OF_LETTER).map(([letter, role]) => [role, letter]));

// Of a move shown on the board, in ms.
const ANIMATION_MS = 150;

const PROMOTES_TO = {
  pawn: 'tokin', lance: 'promotedlance', knight: 'promotedknight', silver: 'promotedsilver',
  bishop: 'horse', rook: 'dragon',
};
const UNPROMOTES_TO = Object.fromEntries(Object.entries(PROMOTES_TO).map(([a, b]) => [b, a]));

// Kanji for shogi; the black king is 玉, the white king 王 (either is usual).
export const KANJI = {
  P: '歩', L: '香', N: '桂', S: '銀', G: '金', B: '角', R: '飛', K: '玉', k: '王',
  '+P': 'と', '+L': '杏', '+N': '圭', '+S': '全', '+B': '馬', '+R': '龍',
};

// CSA's codes, for a browser without a font that has the kanji.
export const CSA_CODES = {
  P: 'FU', L: 'KY', N: 'KE', S: 'GI', G: 'KI', B: 'KA', R: 'HI', K: 'OU',
  '+P': 'TO', '+L': 'NY', '+N': 'NK', '+S': 'NG', '+B': 'UM', '+R': 'RY',
};
const KANJI_FONTS = "'Noto Serif CJK JP', 'Noto Sans CJK JP', 'IPAexMincho', 'IPAMincho', 'IPAGothic', 'Yu Mincho', serif";

// Whether some font draws kanji: without one, every kanji is the same empty
// box, so two different ones come out alike on a canvas.
function canDrawKanji() {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 32;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return true;
  const draw = (text) => {
    ctx.clearRect(0, 0, 32, 32);
    ctx.font = `24px ${KANJI_FONTS}`;
    ctx.fillText(text, 2, 26);
    return ctx.getImageData(0, 0, 32, 32).data.join(',');
  };
  return draw('歩') !== draw('金');
}

const colorOf = (player) => (player === 0 ? 'sente' : 'gote');

// Splits an SFEN into board, side to move and hands ("-" when empty).
export function parseSfen(sfen) {
  const [board = '', side = 'b', hands = '-'] = sfen.trim().split(/\s+/);
  return { board, turn: side === 'w' ? 'gote' : 'sente', hands };
}

// Parses one USI move: { orig, dest, prom } or { drop: role, dest }; null if not USI.
export function parseUsi(move) {
  let m = /^([PLNSGBR])\*(\d[a-i])$/.exec(move);
  if (m) return { drop: ROLE_OF_LETTER[m[1]], dest: m[2] };
  m = /^(\d[a-i])(\d[a-i])(\+?)$/.exec(move);
  if (m) return { orig: m[1], dest: m[2], prom: m[3] === '+' };
  return null;
}

// The legal list as shogiground's destination maps, plus which moves may, and
// which must, promote (a dialog is only shown when both choices are legal).
function legalMaps(legal, color) {
  const moveDests = new Map();
  const dropDests = new Map();
  const plain = new Set();
  const promoting = new Set();
  for (const text of legal) {
    const mv = parseUsi(text);
    if (!mv) continue;
    if (mv.drop) {
      const name = `${color} ${mv.drop}`;
      if (!dropDests.has(name)) dropDests.set(name, []);
      dropDests.get(name).push(mv.dest);
      continue;
    }
    const list = moveDests.get(mv.orig) || [];
    if (!list.includes(mv.dest)) list.push(mv.dest);
    moveDests.set(mv.orig, list);
    (mv.prom ? promoting : plain).add(mv.orig + mv.dest);
  }
  return { moveDests, dropDests, plain, promoting };
}

// Arrows of the engine's most visited moves: the best one green and thick
// (shogiground's primary brush), the others in lighter brushes; the label is
// the share of the visits.
function arrowShapes(arrows, color) {
  const total = arrows.reduce((sum, a) => sum + (a.visits || 0), 0) || 1;
  const brushes = ['primary', 'alternative0', 'alternative1', 'alternative2'];
  const shapes = [];
  arrows.slice(0, 4).forEach((arrow, i) => {
    const mv = parseUsi(arrow.move);
    if (!mv) return;
    const orig = mv.drop ? { role: mv.drop, color } : mv.orig;
    shapes.push({
      orig, dest: mv.dest, brush: brushes[i],
      description: `${Math.round((100 * (arrow.visits || 0)) / total)}%`,
    });
  });
  return shapes;
}

export function createShogiBoard(container, { onAction, labels: givenLabels = KANJI, game = 'shogi' } = {}) {
  let labels = givenLabels;
  container.innerHTML = '';
  // Kanji need a font that has them; else shogi shows CSA's latin codes.
  const latin = labels === KANJI && !canDrawKanji();
  if (latin) labels = CSA_CODES;
  container.classList.add('shogi-board', `game-${game}`, latin || labels !== KANJI ? 'labels-latin' : 'labels-kanji');
  container.dataset.labels = latin || labels !== KANJI ? 'latin' : 'kanji';
  const handTop = document.createElement('div');
  const boardEl = document.createElement('div');
  const handBottom = document.createElement('div');
  boardEl.className = 'board-main';
  boardEl.dataset.testid = 'shogi-board';
  handTop.dataset.testid = 'hand-top';
  handBottom.dataset.testid = 'hand-bottom';
  container.append(handTop, boardEl, handBottom);
  const labelStyle = document.createElement('style');
  labelStyle.textContent = labelCss(labels, game);
  container.append(labelStyle);

  let promotion = { plain: new Set(), promoting: new Set() };

  const ground = Shogiground({
    orientation: 'sente',
    activeColor: undefined,
    movable: { free: false, showDests: true, events: { after: afterMove } },
    droppable: { free: false, showDests: true, events: { after: afterDrop } },
    premovable: { enabled: false },
    predroppable: { enabled: false },
    draggable: { enabled: true, showGhost: true },
    selectable: { enabled: true },
    animation: { enabled: true, duration: ANIMATION_MS },
    highlight: { lastDests: true, check: true },
    drawable: { enabled: false, visible: true },
    promotion: {
      promotesTo: (role) => PROMOTES_TO[role],
      unpromotesTo: (role) => UNPROMOTES_TO[role],
      movePromotionDialog: (orig, dest) =>
        promotion.plain.has(orig + dest) && promotion.promoting.has(orig + dest),
      forceMovePromotion: (orig, dest) =>
        promotion.promoting.has(orig + dest) && !promotion.plain.has(orig + dest),
    },
  }, { board: boardEl, hands: { top: handTop, bottom: handBottom } });

  function afterMove(orig, dest, prom) {
    onAction?.(orig + dest + (prom ? '+' : ''));
  }
  function afterDrop(piece, key) {
    onAction?.(`${LETTER_OF_ROLE[piece.role]}*${key}`);
  }

  // A move's animation steps on animation frames, which a starved or hidden
  // page may not get for many seconds (a board left a move behind for 20 s in
  // web.shogi at load 26): once the animation should have ended, the position
  // is drawn whatever the frames did.
  let animationEnd;
  function endAnimationInTime() {
    clearTimeout(animationEnd);
    animationEnd = setTimeout(() => {
      if (!ground.state.animation.current) return;
      ground.state.animation.current = undefined;
      ground.state.dom.redrawNow();
    }, ANIMATION_MS + 350);
  }

  function update({ state, legal = [], lastMove = null, flipped = false, arrows = [],
    interactive = false, person = 0, check = false }) {
    const pos = parseSfen(state);
    const maps = legalMaps(interactive ? legal : [], colorOf(person));
    promotion = maps;
    const last = lastMove && parseUsi(lastMove);
    const orientation = flipped ? 'gote' : 'sente';
    if (ground.state.orientation !== orientation) ground.set({ orientation });
    ground.set({
      sfen: { board: pos.board, hands: pos.hands },
      turnColor: pos.turn,
      activeColor: interactive ? colorOf(person) : undefined,
      movable: { dests: maps.moveDests },
      droppable: { dests: maps.dropDests },
      lastDests: last ? (last.drop ? [last.dest] : [last.orig, last.dest]) : undefined,
      lastPiece: last && last.drop ? { role: last.drop, color: opposite(pos.turn) } : undefined,
      drawable: { autoShapes: arrowShapes(arrows, pos.turn) },
      checks: check, // true: the king of the side to move is marked
    });
    endAnimationInTime();
    // Clear a selection left from before (e.g. after take back or a refused move).
    if (!interactive) ground.cancelMoveOrDrop();
    container.dataset.orientation = orientation;
    container.dataset.sfen = state;
  }

  return {
    update,
    destroy() {
      clearTimeout(animationEnd);
      ground.destroy();
      container.innerHTML = '';
      container.classList.remove('shogi-board', `game-${game}`, 'labels-latin', 'labels-kanji');
    },
  };
}

function opposite(color) {
  return color === 'sente' ? 'gote' : 'sente';
}

// CSS that writes each piece's label (kanji, or showgit's codes) with ::after.
// labels: { SFEN letter (lower case = white, else the same as upper): text }.
function labelCss(labels, game) {
  const rules = [];
  for (const [letter, role] of Object.entries(ROLE_OF_LETTER)) {
    for (const color of ['sente', 'gote']) {
      const key = color === 'sente' ? letter : letter.toLowerCase();
      const text = labels[key] ?? labels[letter] ?? letter;
      const escaped = String(text).replace(/["\\]/g, '\\$&');
      rules.push(`.game-${game} piece.${color}.${role}::after { content: "${escaped}"; }`);
    }
  }
  return rules.join('\n');
}

// Labels from GET /api/info's "pieces" of a game: {letter: {code, name}}.
export function labelsFromInfo(pieces) {
  const labels = {};
  for (const [letter, { code }] of Object.entries(pieces || {})) labels[letter] = code;
  return labels;
}
