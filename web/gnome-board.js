// The gnome (Xadrez de Gnomo) board of the page, drawn in SVG: no board library
// draws stacks. Same interface as shogi-board.js, so the shell treats both alike:
//   createGnomeBoard(container, { onAction }) returns
//   { update({ state, legal, lastMove, flipped, arrows, interactive }), destroy() }.
//
// The board knows no rules: what a click may lead to comes from the legal list
// alone (docs/gnome-protocol.md's texts), narrowed one decision at a time:
// the square, the unit's level, the destination, then whatever still tells the
// remaining texts apart (the king's first-step climb and second step, the area
// capture's square and level, capture or climb, the top capture, the shift, the
// promotion). When one text is left it is sent through onAction.
//
// For tests each square is a <g data-square="e4" data-stack="RRn"> (bottom to
// top, FEN letters, '~' after a wounded bishop); targets carry data-mark (dot, ring,
// explode, area, finish), the pickers are HTML buttons with data-level, or
// data-decision (top, climb, climb1, shift, promo, climb2, cancel) and data-value.

const SVG_NS = 'http://www.w3.org/2000/svg';
const SQ = 60;                       // one square in SVG units; the board is 480 wide
const FILES = 'abcdefgh';
const NAMES = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };
// Filled chess glyphs for both colours (fill tells the colour); U+FE0E asks for
// the text form, not an emoji.
const GLYPHS = { K: '\u265A', Q: '\u265B', R: '\u265C', B: '\u265D', N: '\u265E', P: '\u265F' };
const TEXT_FORM = '\uFE0E';

// ---- Parsing: the FEN with stacks and the move texts ------------------------

// One piece of a FEN letter: { letter: 'R' | 'n' ..., white, type: 'R', wounded }.
function pieceOf(letter, wounded) {
  return { letter, white: letter === letter.toUpperCase(), type: letter.toUpperCase(), wounded };
}

// The FEN's board as 64 stacks (index = rank * 8 + file, a1 = 0), bottom first,
// plus the fields the board shows (side, token, the banned move).
export function parseGnomeFen(fen) {
  const fields = String(fen || '').trim().split(/\s+/);
  const stacks = Array.from({ length: 64 }, () => []);
  const ranks = (fields[0] || '').split('/');
  for (let r = 0; r < 8 && r < ranks.length; ++r) {
    const rank = 7 - r;
    let file = 0;
    const text = ranks[r];
    for (let i = 0; i < text.length && file < 8; ++i) {
      const c = text[i];
      if (c >= '1' && c <= '8') { file += Number(c); continue; }
      const stack = stacks[rank * 8 + file];
      const take = (j) => {                 // the letter at j and its '~'; returns the next index
        const wounded = text[j + 1] === '~';
        stack.push(pieceOf(text[j], wounded));
        return wounded ? j + 1 : j;
      };
      if (c === '(') {
        let j = i + 1;
        for (; j < text.length && text[j] !== ')'; ++j) j = take(j);
        i = j;
      } else {
        i = take(i);
      }
      ++file;
    }
  }
  return {
    stacks, side: fields[1] === 'b' ? 'b' : 'w', castling: fields[2] || '-',
    token: fields[6] || 'B', banned: fields[7] || null,
  };
}

// A stack's text as data-stack writes it: "RRn", "Rb~", "" when empty.
export function stackText(stack) {
  return stack.map((p) => p.letter + (p.wounded ? '~' : '')).join('');
}

export const squareName = (index) => FILES[index % 8] + String(Math.floor(index / 8) + 1);
export const squareIndex = (name) => (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);

// FROM[:LEVEL]TO[^][x1 | xSQ[:L]][s][qrbn][,MIDTO2[^]]  (docs/gnome-protocol.md)
const MOVE_RE = /^([a-h][1-8])(?::(\d+))?([a-h][1-8])(\^)?(?:x(?:(\d+)|([a-h][1-8])(?::(\d+))?))?(s)?([qrbn])?(?:,([a-h][1-8])([a-h][1-8])(\^)?)?$/;

// A move text as its parts, or null (veto, accept, anything else). `level` is
// null where the text names no level (the top piece moves).
export function parseGnomeMove(text) {
  const m = MOVE_RE.exec(text);
  if (!m) return null;
  return {
    text, from: m[1], level: m[2] === undefined ? null : Number(m[2]), to: m[3],
    climb: !!m[4], top: m[5] === undefined ? null : Number(m[5]),
    area: m[6] || null, areaLevel: m[6] ? Number(m[7] || 0) : null,
    shift: !!m[8], promo: m[9] || null,
    king: !!m[10], to2: m[11] || null, climb2: !!m[12],
    explode: m[1] === m[3] && !m[10],
  };
}

// What a move did, in words (docs/gnome-protocol.md's texts are terse): the
// pieces it removed, by square ("the queen explodes: White knight c3, Black
// pawn d4 removed"), a veto, an accepted end. `who` plays it ("kishi", "you").
export function describeGnomeMove(beforeFen, afterFen, text, who) {
  if (text === 'veto') return `${who} vetoed the move before: it is taken back and may not be played again`;
  if (text === 'accept') return `${who} accepted the end of the game`;
  const m = parseGnomeMove(text);
  if (!m) return `${who} played ${text}`;
  const before = parseGnomeFen(beforeFen);
  const after = parseGnomeFen(afterFen);
  const removed = [];
  for (let i = 0; i < 64; ++i) {
    const name = squareName(i);
    if (name === m.from && !m.explode) continue; // the moving unit left it
    const left = after.stacks[i].map((p) => p.letter);
    for (const p of before.stacks[i]) {
      const k = left.indexOf(p.letter);
      if (k >= 0) left.splice(k, 1);
      else removed.push(`${describe(p)} ${name}`);
    }
  }
  const what = m.explode ? `${who} exploded the queen on ${m.from}` : `${who} played ${text}`;
  return removed.length ? `${what}: ${removed.join(', ')} removed` : what;
}

// ---- Small DOM helpers --------------------------------------------------------

function svg(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.appendChild(el);
  return el;
}

function html(tag, attrs = {}, parent = null, text = null) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== null) el.textContent = text;
  if (parent) parent.appendChild(el);
  return el;
}

const describe = (p) => `${p.white ? 'White' : 'Black'} ${p.wounded ? 'wounded ' : ''}${NAMES[p.type] || p.type}`;

// ---- The refinement: which decision the remaining texts still need ------------

// Distinct values of key(c) among the candidates, in first-seen order.
function distinct(cands, key) {
  const seen = new Map();
  for (const c of cands) { const k = key(c); if (!seen.has(k)) seen.set(k, c); }
  return [...seen.keys()];
}

// The popup decisions, asked in this order when the candidates differ in them:
// [name, key, label of a value]. (Squares and levels are asked on the board.)
const CHOICES = [
  ['top', (c) => c.top, (v) => (v === null ? 'capture the bottom piece' : `take the piece at level ${v}`)],
  ['climb', (c) => c.climb, (v) => (v ? 'climb onto the rook' : 'capture')],
  ['shift', (c) => c.shift, (v) => (v ? 'shift (swap with the pawn)' : 'move')],
  ['promo', (c) => c.promo, (v) => (v ? `promote to ${NAMES[v.toUpperCase()]}` : 'no promotion')],
  ['climb2', (c) => c.climb2, (v) => (v ? 'second step climbs' : 'second step captures')],
];

// The board's style sheet, linked once from the module's own folder, so the shell
// need not know of it.
function linkStyle() {
  const href = new URL('./gnome-board.css', import.meta.url).href;
  if ([...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === href)) return;
  html('link', { rel: 'stylesheet', href, 'data-gnome-board': '' }, document.head);
}

export function createGnomeBoard(container, { onAction = () => {} } = {}) {
  linkStyle();
  const root = html('div', { class: 'gnome-board' }, container);
  const info = html('div', { class: 'gnome-info', 'data-role': 'info' }, root);
  const frame = html('div', { class: 'gnome-frame' }, root);
  const board = svg('svg', { viewBox: `0 0 ${8 * SQ} ${8 * SQ}`, class: 'gnome-svg',
    role: 'img', 'aria-label': 'gnome board' }, frame);
  const popup = html('div', { class: 'gnome-popup', hidden: '' }, frame);
  const hint = html('div', { class: 'gnome-hint', 'data-role': 'hint' }, root);

  // defs: the arrowhead
  const defs = svg('defs', {}, board);
  const marker = svg('marker', { id: `gnome-arrowhead-${Math.random().toString(36).slice(2)}`,
    viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 2.5, markerHeight: 2.5, orient: 'auto-start-reverse' }, defs);
  svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'gnome-arrowhead' }, marker);

  const layerSquares = svg('g', { class: 'gnome-squares' }, board);
  const layerArrows = svg('g', { class: 'gnome-arrows', 'pointer-events': 'none' }, board);
  const layerMarks = svg('g', { class: 'gnome-marks', 'pointer-events': 'none' }, board);

  let view = { state: '', legal: [], lastMove: null, flipped: false, arrows: [], interactive: false, check: false };
  let pos = parseGnomeFen('');
  let moves = [];       // the parsed legal texts (veto and accept left out: the shell has buttons)
  let sel = null;       // the decisions so far: { from, level, to, climb1, to2, area, areaLevel, and CHOICES' names }
  let viewKey = '';

  // Square geometry: top-left corner of a square in SVG units.
  const corner = (name) => {
    const f = name.charCodeAt(0) - 97, r = name.charCodeAt(1) - 49;
    return view.flipped ? [(7 - f) * SQ, r * SQ] : [f * SQ, (7 - r) * SQ];
  };
  const center = (name) => { const [x, y] = corner(name); return [x + SQ / 2, y + SQ / 2]; };
  const stackAt = (name) => pos.stacks[squareIndex(name)];
  const levelOf = (c) => (c.level !== null ? c.level : Math.max(0, stackAt(c.from).length - 1));

  // ---- Drawing ----------------------------------------------------------------

  function drawPiece(g, p, x, y, size, inBand = false) {
    const t = svg('text', { x, y, 'font-size': size,
      class: `gnome-glyph ${p.white ? 'white' : 'black'}${inBand ? ' in-band' : ''}`,
      'text-anchor': 'middle', 'dominant-baseline': 'central' }, g);
    t.textContent = GLYPHS[p.type] + TEXT_FORM;
    if (p.wounded && inBand) {
      const w = svg('text', { x: x + size * 0.75, y, 'font-size': Math.max(10, size), class: 'gnome-wound-mark',
        'text-anchor': 'middle', 'dominant-baseline': 'central' }, g);
      w.textContent = '~';
    } else if (p.wounded) {
      // A red slash and a tilde: the bishop is wounded and goes at its owner's next move's end.
      const d = size * 0.35;
      svg('line', { x1: x - d, y1: y + d, x2: x + d, y2: y - d, class: 'gnome-wound' }, g);
      const w = svg('text', { x: x + size * 0.42, y: y - size * 0.28, 'font-size': Math.max(9, size * 0.4),
        class: 'gnome-wound-mark', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, g);
      w.textContent = '~';
    }
  }

  // A lone piece is drawn large as in chess; a stack as bands bottom to top, each
  // band coloured as its piece (light White, dark Black), so mixed stacks read at once.
  function drawStack(g, stack, x, y) {
    if (stack.length === 1) { drawPiece(g, stack[0], x + SQ / 2, y + SQ / 2 + 1, 44); return; }
    const n = stack.length;
    const h = Math.min(24, 54 / n);
    for (let i = 0; i < n; ++i) {
      const p = stack[i];
      const w = Math.max(34, 52 - i * 3);
      const by = y + 57 - (i + 1) * h;
      svg('rect', { x: x + (SQ - w) / 2, y: by, width: w, height: h - 1, rx: Math.min(4, h / 3),
        class: `gnome-band ${p.white ? 'white' : 'black'}${p.wounded ? ' wounded' : ''}` }, g);
      if (h >= 7) drawPiece(g, p, x + SQ / 2, by + h / 2, Math.min(22, h * 1.05), true);
    }
    if (n > 6) {   // too thin to read: the count, and the title lists every level
      const b = svg('text', { x: x + SQ - 4, y: y + 10, class: 'gnome-count', 'text-anchor': 'end' }, g);
      b.textContent = String(n);
    }
  }

  function drawSquares() {
    layerSquares.replaceChildren();
    const marks = lastMoveSquares();
    for (let index = 0; index < 64; ++index) {
      const name = squareName(index);
      const [x, y] = corner(name);
      const stack = pos.stacks[index];
      const dark = (index % 8 + Math.floor(index / 8)) % 2 === 0;
      const g = svg('g', { 'data-square': name, 'data-stack': stackText(stack), class: 'gnome-square' }, layerSquares);
      svg('rect', { x, y, width: SQ, height: SQ, class: `gnome-cell ${dark ? 'dark' : 'light'}` }, g);
      if (marks.has(name)) svg('rect', { x, y, width: SQ, height: SQ, class: 'gnome-last' }, g);
      if (sel && (sel.from === name)) svg('rect', { x, y, width: SQ, height: SQ, class: 'gnome-selected' }, g);
      // Check: the king of the side to move, threatened.
      if (view.check && stack.some((p) => p.type === 'K' && p.white === (pos.side === 'w'))) {
        svg('rect', { x, y, width: SQ, height: SQ, class: 'gnome-check' }, g);
        g.setAttribute('data-check', '');
      }
      const title = svg('title', {}, g);
      title.textContent = stack.length === 0 ? name
        : `${name}: ${stack.map((p, i) => `${i}: ${describe(p)}`).join(', ')} (level 0 at the bottom)`;
      // Coordinates on the left and bottom edges as seen.
      const [col, row] = [x / SQ, y / SQ];
      if (col === 0) svg('text', { x: x + 2, y: y + 11, class: 'gnome-coord' }, g).textContent = name[1];
      if (row === 7) svg('text', { x: x + SQ - 2, y: y + SQ - 3, class: 'gnome-coord', 'text-anchor': 'end' }, g).textContent = name[0];
      if (stack.length) drawStack(g, stack, x, y);
    }
  }

  // The squares of the last action: its from, to, second step and area square.
  function lastMoveSquares() {
    const set = new Set();
    const m = view.lastMove ? parseGnomeMove(view.lastMove) : null;
    if (m) for (const s of [m.from, m.to, m.to2, m.area]) if (s) set.add(s);
    return set;
  }

  function drawArrows() {
    layerArrows.replaceChildren();
    const arrows = (view.arrows || []).filter((a) => a && parseGnomeMove(a.move));
    if (!arrows.length) return;
    const most = Math.max(1, ...arrows.map((a) => a.visits || 0));
    arrows.forEach((a, rank) => {
      const m = parseGnomeMove(a.move);
      const width = 2.5 + 9 * Math.max(0, a.visits || 0) / most;
      const attrs = { class: `gnome-arrow${rank === 0 ? ' best' : ''}`, 'stroke-width': width.toFixed(1),
        'data-arrow': a.move };
      if (m.explode) {
        const [cx, cy] = center(m.from);
        svg('circle', { ...attrs, cx, cy, r: SQ * 0.42, fill: 'none' }, layerArrows);
        return;
      }
      const points = [m.from, m.to, m.to2].filter(Boolean).map(center);
      if (m.to2 && m.to2 === m.from) points[2] = [points[2][0] + 6, points[2][1] + 6];  // a pass: keep it visible
      svg('polyline', { ...attrs, points: points.map((p) => p.join(',')).join(' '), fill: 'none',
        'marker-end': `url(#${marker.id})`, ...(m.shift ? { 'stroke-dasharray': '6 4' } : {}) }, layerArrows);
      if (m.area) {
        const [cx, cy] = center(m.area);
        svg('path', { class: attrs.class, 'stroke-width': 4, fill: 'none',
          d: `M${cx - 9},${cy - 9} L${cx + 9},${cy + 9} M${cx + 9},${cy - 9} L${cx - 9},${cy + 9}` }, layerArrows);
      }
    });
  }

  // Marks for the decision now asked on the board: dots on destinations, rings
  // on occupied ones, a burst on an exploding queen, crosses on area squares.
  function drawMarks() {
    layerMarks.replaceChildren();
    for (const g of layerSquares.querySelectorAll('[data-mark]')) g.removeAttribute('data-mark');
    const ask = sel ? nextDecision() : null;
    if (!ask) return;
    const setMark = (name, kind) => {
      const g = layerSquares.querySelector(`[data-square="${name}"]`);
      if (g) g.setAttribute('data-mark', kind);
      const [cx, cy] = center(name);
      if (kind === 'dot') svg('circle', { cx, cy, r: 8, class: 'gnome-dot' }, layerMarks);
      else if (kind === 'ring') svg('circle', { cx, cy, r: SQ * 0.45, class: 'gnome-ring' }, layerMarks);
      else if (kind === 'explode') {
        svg('circle', { cx, cy, r: SQ * 0.45, class: 'gnome-burst' }, layerMarks);
        svg('text', { x: cx + 17, y: cy - 17, class: 'gnome-burst-mark', 'text-anchor': 'middle',
          'dominant-baseline': 'central' }, layerMarks).textContent = '\u2738';
      } else if (kind === 'area') {
        // A frame and a corner cross: the stack inside stays readable.
        svg('rect', { x: cx - SQ / 2 + 2.5, y: cy - SQ / 2 + 2.5, width: SQ - 5, height: SQ - 5, class: 'gnome-area' }, layerMarks);
        const [kx, ky] = [cx + SQ / 2 - 9, cy - SQ / 2 + 9];
        svg('path', { d: `M${kx - 5},${ky - 5} L${kx + 5},${ky + 5} M${kx + 5},${ky - 5} L${kx - 5},${ky + 5}`,
          class: 'gnome-cross' }, layerMarks);
      } else if (kind === 'finish') {
        svg('rect', { x: cx - SQ / 2 + 3, y: cy - SQ / 2 + 3, width: SQ - 6, height: SQ - 6, class: 'gnome-finish' }, layerMarks);
      }
    };
    const occupied = (name) => stackAt(name).length > 0;
    // The step made so far (the king's first, the knight's jump): a line and the
    // moving piece seen faintly where it lands.
    const ghostStep = () => {
      const [x1, y1] = center(sel.from), [x2, y2] = center(sel.to);
      svg('line', { x1, y1, x2, y2, class: 'gnome-step' }, layerMarks);
      const piece = stackAt(sel.from)[sel.level ?? stackAt(sel.from).length - 1];
      if (piece && !occupied(sel.to)) drawPiece(svg('g', { class: 'gnome-ghost' }, layerMarks), piece, x2, y2 + 1, 40);
    };
    if (ask.kind === 'to') {
      for (const t of ask.targets) setMark(t, t === sel.from ? 'explode' : occupied(t) ? 'ring' : 'dot');
    } else if (ask.kind === 'to2') {
      ghostStep();
      for (const t of ask.targets) setMark(t, occupied(t) && t !== sel.from ? 'ring' : 'dot');
      if (ask.finish) setMark(sel.to, 'finish');
    } else if (ask.kind === 'area') {
      ghostStep();
      for (const t of ask.targets) setMark(t, 'area');
      if (ask.finish) setMark(sel.to, 'finish');
    }
  }

  function drawInfo() {
    const holder = pos.token.toUpperCase() === 'W' ? 'White' : 'Black';
    const usable = pos.token === pos.token.toUpperCase();
    info.replaceChildren();
    html('span', { class: `gnome-turn ${pos.side === 'w' ? 'white' : 'black'}` }, info,
      `${pos.side === 'w' ? 'White' : 'Black'} to move`);
    html('span', { class: 'gnome-token', 'data-token': pos.token }, info,
      `veto token: ${holder}${usable ? ', usable' : ', not usable yet'}`);
    if (pos.banned) html('span', { class: 'gnome-banned', 'data-banned': pos.banned }, info, `vetoed: ${pos.banned}`);
  }

  function draw() {
    drawSquares();
    drawArrows();
    drawMarks();
    drawInfo();
    drawPopup();
    hint.textContent = hintText();
  }

  // ---- The decisions ------------------------------------------------------------

  // The legal texts that agree with every decision made so far.
  function candidates() {
    if (!sel) return [];
    return moves.filter((c) => c.from === sel.from
      && (sel.level === undefined || levelOf(c) === sel.level)
      && (sel.to === undefined || c.to === sel.to)
      && (sel.climb1 === undefined || !c.king || c.climb === sel.climb1)
      && (sel.to2 === undefined || c.to2 === sel.to2)
      && (sel.area === undefined || c.area === sel.area)
      && (sel.areaLevel === undefined || c.areaLevel === sel.areaLevel)
      && CHOICES.every(([name, key]) => sel[name] === undefined || key(c) === sel[name]));
  }

  // What must still be decided: { kind: 'level' | 'to' | 'to2' | 'area' | 'areaLevel' |
  // 'choice' | 'done', ... }. Squares are always clicked (the king's second step, the
  // area square), levels and other choices only asked when the texts differ in them.
  function nextDecision() {
    const cands = candidates();
    if (!cands.length) return null;
    if (sel.level === undefined) {
      const levels = distinct(cands, levelOf);
      if (levels.length > 1) return { kind: 'level', square: sel.from, levels };
      sel.level = levels[0];
    }
    if (sel.to === undefined) return { kind: 'to', targets: distinct(cands, (c) => c.to) };
    const kings = cands.filter((c) => c.king);
    if (kings.length) {
      if (sel.climb1 === undefined) {
        const climbs = distinct(cands, (c) => c.climb);
        if (climbs.length > 1) {
          return { kind: 'choice', name: 'climb1', options: climbs.map((v) => ({ value: v,
            label: v ? 'first step climbs onto the rook' : 'first step captures or steps' })) };
        }
        sel.climb1 = climbs[0];
      }
      if (sel.to2 === undefined) {
        const ks = candidates();
        return { kind: 'to2', targets: distinct(ks.filter((c) => c.king), (c) => c.to2),
          finish: ks.some((c) => !c.king) };
      }
    }
    if (sel.area === undefined && cands.some((c) => c.area)) {
      return { kind: 'area', targets: distinct(cands.filter((c) => c.area), (c) => c.area),
        finish: cands.some((c) => !c.area) };
    }
    if (sel.areaLevel === undefined && sel.area) {
      const levels = distinct(cands, (c) => c.areaLevel);
      if (levels.length > 1) return { kind: 'areaLevel', square: sel.area, levels };
      sel.areaLevel = levels[0];
    }
    for (const [name, key, label] of CHOICES) {
      if (sel[name] !== undefined) continue;
      const values = distinct(cands, key);
      if (values.length > 1) {
        return { kind: 'choice', name, options: values.map((v) => ({ value: v, label: label(v),
          text: cands.find((c) => key(c) === v).text })) };
      }
    }
    if (cands.length === 1) return { kind: 'done', text: cands[0].text };
    // Texts the parts above do not tell apart (not expected): list them.
    return { kind: 'choice', name: 'text', options: cands.map((c) => ({ value: c.text, label: c.text })) };
  }

  // Advances after a decision: sends the action once one text is left.
  function settle() {
    const ask = nextDecision();
    if (!ask) { sel = null; draw(); return; }
    if (ask.kind === 'done') {
      const text = ask.text;
      sel = null;
      draw();
      onAction(text);
      return;
    }
    draw();
  }

  function startAt(name) {
    sel = { from: name };
    if (!candidates().length) sel = null;
    settle();
  }

  function clickSquare(name) {
    if (!view.interactive) return;
    const ask = sel ? nextDecision() : null;
    if (!ask) { startAt(name); return; }
    if (ask.kind === 'to' && ask.targets.includes(name)) { sel.to = name; settle(); return; }
    if (ask.kind === 'to2') {
      if (ask.targets.includes(name)) { sel.to2 = name; settle(); return; }
      if (ask.finish && name === sel.to) { sel.to2 = null; settle(); return; }
    }
    if (ask.kind === 'area') {
      if (ask.targets.includes(name)) { sel.area = name; settle(); return; }
      if (ask.finish && name === sel.to) { sel.area = null; settle(); return; }
    }
    // Anywhere else: the selection goes; a square with moves of its own starts a new one.
    if (name === sel.from) { sel = null; draw(); return; }
    startAt(name);
  }

  // ---- The pickers (HTML over the board) --------------------------------------

  function placePopup(square) {
    const [x, y] = corner(square);
    // Beside the square, on the side with more room, so the stack stays in view;
    // in percentages of the board, so it follows the board's size.
    const pct = (v) => `${(v / (8 * SQ)) * 100}%`;
    popup.style.left = x < 4 * SQ ? pct(x + SQ) : 'auto';
    popup.style.right = x < 4 * SQ ? 'auto' : pct(8 * SQ - x);
    popup.style.top = y < 4 * SQ ? pct(y) : 'auto';
    popup.style.bottom = y < 4 * SQ ? 'auto' : pct(8 * SQ - y - SQ);
  }

  function drawPopup() {
    popup.replaceChildren();
    const ask = sel ? nextDecision() : null;
    if (!ask || !['level', 'areaLevel', 'choice'].includes(ask.kind)) { popup.hidden = true; return; }
    popup.hidden = false;
    const cancel = () => { sel = null; draw(); };
    if (ask.kind === 'choice') {
      html('div', { class: 'gnome-popup-title' }, popup, 'Choose:');
      for (const o of ask.options) {
        const b = html('button', { type: 'button', 'data-decision': ask.name, 'data-value': String(o.value),
          ...(o.text ? { 'data-example': o.text } : {}) }, popup, o.label);
        b.addEventListener('click', (e) => { e.stopPropagation(); sel[ask.name] = o.value; settle(); });
      }
      placePopup(sel.to2 || sel.area || sel.to || sel.from);
    } else {
      // A level picker: the whole stack, top first; levels with moves can be chosen.
      const square = ask.square;
      const stack = stackAt(square);
      html('div', { class: 'gnome-popup-title' }, popup,
        ask.kind === 'level' ? `${square}: which unit moves?` : `${square}: which piece is taken?`);
      for (let level = stack.length - 1; level >= 0; --level) {
        const p = stack[level];
        const enabled = ask.levels.includes(level);
        const b = html('button', { type: 'button', 'data-level': level, class: p.white ? 'white' : 'black' }, popup);
        html('span', { class: 'gnome-popup-glyph' }, b, GLYPHS[p.type] + TEXT_FORM);
        b.append(` ${level}: ${describe(p)}${ask.kind === 'level' && level < stack.length - 1 ? ' (and above)' : ''}`);
        if (!enabled) b.disabled = true;
        b.addEventListener('click', (e) => {
          e.stopPropagation();
          if (ask.kind === 'level') sel.level = level; else sel.areaLevel = level;
          settle();
        });
      }
      placePopup(square);
    }
    const c = html('button', { type: 'button', class: 'gnome-cancel', 'data-decision': 'cancel' }, popup, 'cancel');
    c.addEventListener('click', (e) => { e.stopPropagation(); cancel(); });
  }

  function hintText() {
    if (!view.interactive) return '';
    if (moves.length === 0) return 'No piece moves now: accept the end or veto with the buttons.';
    const ask = sel ? nextDecision() : null;
    if (!ask) return 'Click a piece to move it (a stack: then choose its level).';
    switch (ask.kind) {
      case 'level': return 'Choose the level of the unit that moves (it carries the pieces above it).';
      case 'to': return ask.targets.includes(sel.from)
        ? 'Click a destination, or the queen\'s own square to explode.' : 'Click a destination.';
      case 'to2': return `Click the king's second step${ask.finish ? ', or its first-step square to stop there' : ''}.`;
      case 'area': return `Click the square the knight captures in its area${ask.finish ? ', or the knight\'s destination to capture nothing' : ''}.`;
      case 'areaLevel': return 'Choose the piece the knight takes.';
      default: return 'Choose how the move is made.';
    }
  }

  // ---- Events and the interface --------------------------------------------------

  function onClick(event) {
    const g = event.target.closest && event.target.closest('[data-square]');
    if (g) clickSquare(g.getAttribute('data-square'));
  }
  function onKey(event) {
    if (event.key === 'Escape' && sel) { sel = null; draw(); }
  }
  board.addEventListener('click', onClick);
  root.addEventListener('keydown', onKey);
  root.tabIndex = -1;

  function update(next = {}) {
    view = { ...view, ...next };
    pos = parseGnomeFen(view.state);
    moves = (view.legal || []).map(parseGnomeMove).filter(Boolean);
    // A new position or legal list drops a half-made move; new arrows alone keep it.
    const key = `${view.state}|${(view.legal || []).join(' ')}|${!!view.interactive}|${!!view.flipped}`;
    if (key !== viewKey || !view.interactive) sel = null;
    viewKey = key;
    root.classList.toggle('interactive', !!view.interactive);
    root.setAttribute('data-state', view.state || '');
    draw();
  }

  function destroy() {
    board.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKey);
    root.remove();
  }

  draw();
  return { update, destroy, describeMove: describeGnomeMove };
}
