// The evaluation bar and the small graph over the game, both in SVG. Scores are
// centipawns for player 0 (docs/serve.md); they are squashed into a share of
// the bar with a logistic curve so that a big lead does not leave the graph.
const SVG = 'http://www.w3.org/2000/svg';

export function share(cp) {
  return 1 / (1 + Math.exp(-cp / 600));
}

function el(name, attrs = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

export function formatCp(cp, mate) {
  if (mate !== null && mate !== undefined) return `mate ${mate}`;
  if (cp === null || cp === undefined) return '–';
  return (cp > 0 ? '+' : '') + (cp / 100).toFixed(2);
}

// The vertical bar: player 0's share from the bottom (or the top when flipped).
export function drawEvalBar(svgEl, cp, flipped) {
  const height = 100;
  svgEl.setAttribute('viewBox', `0 0 10 ${height}`);
  svgEl.setAttribute('preserveAspectRatio', 'none');
  svgEl.replaceChildren();
  svgEl.append(el('rect', { x: 0, y: 0, width: 10, height, class: 'eval-p1' }));
  const p0 = cp === null || cp === undefined ? 0.5 : share(cp);
  const h0 = p0 * height;
  svgEl.append(el('rect', {
    x: 0, y: flipped ? 0 : height - h0, width: 10, height: h0, class: 'eval-p0',
  }));
  svgEl.append(el('line', { x1: 0, y1: height / 2, x2: 10, y2: height / 2, class: 'eval-mid' }));
  svgEl.dataset.cp = cp === null || cp === undefined ? '' : String(cp);
}

// The graph: one point per move where the engine searched; x is the move
// number, y the share of the side the scores are for (up is better for it);
// the moves in `marked` (indices) drawn as rings: the analysis's mistakes.
export function drawEvalGraph(svgEl, evals, onPick, marked = new Set()) {
  const width = 300;
  const height = 80;
  svgEl.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svgEl.replaceChildren();
  svgEl.append(el('rect', { x: 0, y: 0, width, height, class: 'graph-bg' }));
  svgEl.append(el('line', { x1: 0, y1: height / 2, x2: width, y2: height / 2, class: 'graph-mid' }));
  const n = Math.max(evals.length, 2);
  const x = (i) => (i * width) / (n - 1);
  const y = (cp) => height * (1 - share(cp));
  const points = [];
  evals.forEach((cp, i) => { if (cp !== null && cp !== undefined) points.push([x(i), y(cp), i, cp]); });
  if (points.length) {
    const area = [`0,${height / 2}`, ...points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`),
      `${points[points.length - 1][0].toFixed(1)},${height / 2}`];
    svgEl.append(el('polygon', { points: area.join(' '), class: 'graph-area' }));
    svgEl.append(el('polyline', {
      points: points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' '),
      class: 'graph-line',
    }));
    for (const [px, py, i, cp] of points) {
      const dot = el('circle', { cx: px.toFixed(1), cy: py.toFixed(1), r: marked.has(i) ? 3.2 : 2.2,
        class: marked.has(i) ? 'graph-dot graph-judged' : 'graph-dot' });
      const title = el('title');
      title.textContent = `move ${i + 1}: ${formatCp(cp)} (${Math.round(share(cp) * 100)}%)`;
      dot.append(title);
      if (onPick) dot.addEventListener('click', () => onPick(i));
      svgEl.append(dot);
    }
  }
  svgEl.dataset.points = String(points.length);
}
