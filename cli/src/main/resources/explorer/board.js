// The shogi board of the book explorer and of the control room's game replay: draws an /api/position
// answer into an SVG element. It holds no rules; the caller says what to highlight and what a click does.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 50, X0 = 15, Y0 = 65;           // board geometry in SVG units
const FILES = '９８７６５４３２１', RANKS = '一二三四五六七八九';

function el(name, attrs, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// opts (all optional): squareClasses(sq) -> extra classes of a square, targets (a Set of squares),
// onSquare(sq) and onHand(type) click handlers, selectedDrop (the hand piece type chosen).
function drawShogiBoard(svg, pos, opts) {
  opts = opts || {};
  svg.replaceChildren();
  svg.setAttribute('viewBox', '0 0 500 580');
  const targets = opts.targets || new Set();
  drawShogiHand(svg, pos, 'white', 22, opts);
  for (let f = 0; f < 9; f++) svg.append(el('text', {class: 'coord', x: X0 + CELL * f + CELL / 2, y: Y0 - 12}, FILES[f]));
  for (let r = 0; r < 9; r++) svg.append(el('text', {class: 'coord', x: X0 + CELL * 9 + 14, y: Y0 + CELL * r + CELL / 2}, RANKS[r]));
  pos.board.forEach((row, r) => row.forEach((cell, f) => {
    const x = X0 + CELL * f, y = Y0 + CELL * r, sq = cell.square;
    const classes = ['cell'].concat(opts.squareClasses ? opts.squareClasses(sq) : []);
    if (pos.last && pos.last.from === sq) classes.push('from');
    if (pos.last && pos.last.to === sq) classes.push('to');
    const rect = el('rect', {class: classes.join(' '), x, y, width: CELL, height: CELL, 'data-square': sq});
    if (cell.piece) {
      rect.setAttribute('data-piece', cell.sfen);
    }
    if (opts.onSquare) rect.addEventListener('click', () => opts.onSquare(sq));
    svg.append(rect);
    if (cell.piece) {
      const cx = x + CELL / 2, cy = y + CELL / 2;
      const promoted = cell.sfen.startsWith('+');
      const t = el('text', {class: 'piece' + (promoted ? ' promoted' : ''), x: cx, y: cy}, cell.piece);
      if (cell.color === 'white') t.setAttribute('transform', `rotate(180 ${cx} ${cy})`);
      svg.append(t);
    }
    if (targets.has(sq)) svg.append(el('circle', {class: 'target', cx: x + CELL / 2, cy: y + CELL / 2, r: 7}));
  }));
  drawShogiHand(svg, pos, 'black', Y0 + CELL * 9 + 38, opts);
}

function drawShogiHand(svg, pos, color, y, opts) {
  const mover = pos.side === color;
  const label = (color === 'black' ? '▲先手' : '△後手') + ' 持駒';
  svg.append(el('text', {class: 'handlabel' + (mover ? ' tomove' : ''), x: X0, y}, label));
  let x = X0 + 90;
  const hand = pos.hands[color];
  if (!hand.length) svg.append(el('text', {class: 'handlabel', x, y}, 'なし'));
  for (const h of hand) {
    const selected = mover && opts.selectedDrop === h.type;
    const t = el('text', {class: 'handpiece' + (selected ? ' selected' : ''), x, y, 'data-hand': color + ':' + h.type},
        h.piece + (h.count > 1 ? h.count : ''));
    if (mover && opts.onHand) t.addEventListener('click', () => opts.onHand(h.type));
    svg.append(t);
    x += h.count > 1 ? 48 : 34;
  }
}
