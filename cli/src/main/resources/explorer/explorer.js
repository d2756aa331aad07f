// Book explorer page. It holds no shogi rules: the server computes the board, legal moves, KIF names,
// SFEN and USI line (/api/position) and the book's answer (/api/probe). This file only draws and keeps
// the line being explored: a start position, the moves played from it, and how far along we are.
'use strict';

// The board itself is drawn by board.js (drawShogiBoard, el), loaded before this file. The API is asked
// relative to the page, so that the page works at / (book serve) and at /explorer/ (serve --book).

const state = {
  start: 'startpos',   // what the line starts from, as the server accepts it
  moves: [],           // USI moves of the whole line (may run past the cursor after "back")
  kif: [],             // KIF names of those moves, same length as moves
  cursor: 0,           // moves[0..cursor) are on the board
  pos: null,           // last /api/position answer
  probe: null,         // last /api/probe answer
  selected: null,      // {from: '7g'} or {drop: 'P'} while choosing a move on the board
  hotArea: null,       // quarter area under the mouse
};

async function getJson(url) {
  const res = await fetch(url);
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || res.statusText);
  return body;
}

function showError(message) {
  const box = document.getElementById('error');
  box.textContent = message || '';
  box.hidden = !message;
}

// Fetches the position at the cursor and the book's answer for it, then redraws everything.
async function refresh() {
  const q = new URLSearchParams({sfen: state.start, moves: state.moves.slice(0, state.cursor).join(' ')});
  try {
    const pos = await getJson('api/position?' + q);
    const probe = await getJson('api/probe?' + new URLSearchParams({sfen: pos.sfen}));
    state.pos = pos;
    state.probe = probe;
    state.kif = pos.kif.concat(state.kif.slice(state.cursor));
    state.selected = null;
    showError(null);
    render();
    history.replaceState(null, '', '#' + new URLSearchParams(
        {sfen: state.start, moves: state.moves.join(' '), ply: String(state.cursor)}));
  } catch (e) {
    showError(e.message);
  }
}

function play(usi) {
  if (state.moves[state.cursor] !== usi) {
    state.moves = state.moves.slice(0, state.cursor).concat([usi]);
    state.kif = state.kif.slice(0, state.cursor);
  }
  state.cursor++;
  return refresh();
}

function goTo(ply) {
  state.cursor = Math.max(0, Math.min(state.moves.length, ply));
  return refresh();
}

async function load(text) {
  try {
    const pos = await getJson('api/position?' + new URLSearchParams({sfen: text.trim() || 'startpos'}));
    state.start = pos.start;
    state.moves = pos.moves;
    state.kif = pos.kif;
    state.cursor = pos.moves.length;
    await refresh();
  } catch (e) {
    showError(e.message);
  }
}

function render() {
  drawBoard();
  drawCandidates();
  drawMoveList();
  document.getElementById('sfen').value = state.pos.sfen;
  document.getElementById('usi').value = state.pos.usi;
  const side = state.pos.side === 'black' ? '▲先手' : '△後手';
  document.getElementById('status').textContent =
      `${state.cursor}手目 · ${side}番${state.pos.in_check ? ' · 王手' : ''}${state.pos.legal.length ? '' : ' · 詰み'}`;
  document.body.dataset.ply = String(state.cursor);
}

function kifName(usi) {
  const m = state.pos.legal.find(l => l.usi === usi);
  const mark = state.pos.side === 'black' ? '▲' : '△';
  return m ? mark + m.kif : usi;
}

// --- board -------------------------------------------------------------------------------------

function drawBoard() {
  const svg = document.getElementById('board');
  const pos = state.pos;
  const areas = new Set((state.probe.quarter || []).map(q => q.area));
  const inArea = {};
  for (const a of areas) for (const sq of pos.areas[a]) (inArea[sq] = inArea[sq] || []).push(a);
  drawShogiBoard(svg, pos, {
    squareClasses: sq => {
      const classes = [];
      if (inArea[sq]) classes.push(inArea[sq].includes(state.hotArea) ? 'area-hot' : 'area');
      if (state.selected && state.selected.from === sq) classes.push('selected');
      return classes;
    },
    targets: selectedTargets(),
    onSquare: clickSquare,
    onHand: type => { state.selected = {drop: type}; drawBoard(); },
    selectedDrop: state.selected && state.selected.drop,
  });
}

function selectedTargets() {
  const s = state.selected, out = new Set();
  if (!s) return out;
  for (const m of state.pos.legal) {
    if ((s.from && m.from === s.from) || (s.drop && m.drop === s.drop)) out.add(m.to);
  }
  return out;
}

// A click on a target plays the selected piece there (asking about promotion when both are legal);
// a click on one of the mover's pieces selects it; anything else clears the selection.
function clickSquare(sq) {
  const s = state.selected;
  if (s) {
    const options = state.pos.legal.filter(m => m.to === sq && ((s.from && m.from === s.from) || (s.drop && m.drop === s.drop)));
    if (options.length === 1) return play(options[0].usi);
    if (options.length === 2) {
      const promote = window.confirm('成りますか？ (OK = 成, Cancel = 不成)');
      return play(options.find(m => m.promote === promote).usi);
    }
  }
  state.selected = state.pos.legal.some(m => m.from === sq) ? {from: sq} : null;
  drawBoard();
}

// --- candidates --------------------------------------------------------------------------------

// Whole percentages of counts that add up to exactly 100 (largest remainders get the rounding), so that
// win + draw + loss + unknown always reads as 100%.
function shares(counts, total) {
  if (!(total > 0)) return counts.map(() => '–');
  const exact = counts.map(n => 100 * n / total);
  const whole = exact.map(Math.floor);
  let left = 100 - whole.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - whole[i], i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k++, left--) whole[order[k][1]]++;
  return whole.map(n => n + '%');
}

function cellsRow(tbody, usi, cells) {
  const tr = document.createElement('tr');
  tr.dataset.usi = usi;
  for (const [text, cls] of cells) {
    const td = document.createElement('td');
    if (text instanceof Node) td.append(text); else td.textContent = text;
    if (cls) td.className = cls;
    tr.append(td);
  }
  tr.addEventListener('click', () => play(usi));
  tbody.append(tr);
  return tr;
}

function bar(f) {
  const b = document.createElement('div');
  b.className = 'bar';
  b.title = `win ${f.wins} / draw ${f.draws} / loss ${f.losses} / unknown ${f.unknown} of ${f.count}`;
  for (const [cls, n] of [['w', f.wins], ['d', f.draws], ['l', f.losses], ['u', f.unknown]]) {
    const s = document.createElement('span');
    s.className = cls;
    s.style.width = (f.count ? 100 * n / f.count : 0) + '%';
    b.append(s);
  }
  return b;
}

function drawCandidates() {
  const p = state.probe;
  const full = document.querySelector('#full tbody');
  full.replaceChildren();
  for (const f of p.full) {
    const [w, d, l, u] = shares([f.wins, f.draws, f.losses, f.unknown], f.count);
    cellsRow(full, f.move, [[kifName(f.move), 'kif'], [f.move, 'usi'], [String(f.count), 'num'],
      [w, 'num'], [d, 'num'], [l, 'num'], [u, 'num'], [bar(f)],
      [f.value === null ? '–' : String(f.value), 'num value'], [f.depth === null ? '–' : String(f.depth), 'num depth']]);
  }
  // The principal line: USI moves with the mover's value, first move playable by a click.
  const pv = document.getElementById('pv-moves');
  pv.replaceChildren();
  (p.principal_line || []).forEach((m, i) => {
    const s = document.createElement('span');
    s.className = 'pv-move';
    s.dataset.usi = m.move;
    s.textContent = `${m.move} (${m.value})`;
    if (i === 0) s.addEventListener('click', () => play(m.move));
    pv.append(s, ' ');
  });
  document.getElementById('pv').hidden = !(p.principal_line && p.principal_line.length);
  const half = document.querySelector('#half tbody');
  half.replaceChildren();
  for (const h of p.half) {
    cellsRow(half, h.move, [[kifName(h.move), 'kif'], [h.move, 'usi'], [String(h.frequency), 'num'], [String(h.bonus), 'num']]);
  }
  const quarter = document.querySelector('#quarter tbody');
  quarter.replaceChildren();
  for (const q of p.quarter) {
    const tr = cellsRow(quarter, q.move, [[kifName(q.move), 'kif'], [q.move, 'usi'], [String(q.frequency), 'num'],
      [String(q.bonus), 'num'], [q.area === 'left' ? 'left (9–5筋)' : 'right (5–1筋)']]);
    tr.addEventListener('mouseenter', () => { state.hotArea = q.area; drawBoard(); });
    tr.addEventListener('mouseleave', () => { state.hotArea = null; drawBoard(); });
  }
  document.getElementById('full-empty').hidden = p.full.length > 0;
  document.getElementById('half-empty').hidden = p.half.length > 0;
  document.getElementById('quarter-empty').hidden = p.quarter.length > 0;
}

// --- move list ---------------------------------------------------------------------------------

function drawMoveList() {
  const ol = document.getElementById('movelist');
  ol.replaceChildren();
  state.kif.forEach((name, i) => {
    const li = document.createElement('li');
    li.className = 'kif-move' + (i === state.cursor - 1 ? ' current' : '') + (i >= state.cursor ? ' future' : '');
    li.textContent = name;
    li.addEventListener('click', () => goTo(i + 1));
    ol.append(li);
  });
}

// --- stats -------------------------------------------------------------------------------------

async function showStats() {
  const s = await getJson('api/stats');
  const tbody = document.querySelector('#stats-table tbody');
  tbody.replaceChildren();
  const rows = [['games', s.games], ['positions', s.positions],
    ['entries (full / half / quarter)', `${s.entries.full} / ${s.entries.half} / ${s.entries.quarter}`],
    ['max ply', s.max_ply], ['min count', s.min_count], ['built at', s.built_at],
    ['sources', JSON.stringify(s.sources, null, 1)], ['settings', JSON.stringify(s.settings, null, 1)]];
  for (const [k, v] of rows) {
    const tr = document.createElement('tr');
    const a = document.createElement('td'), b = document.createElement('td');
    a.textContent = k;
    const pre = document.createElement('pre');
    pre.textContent = String(v);
    b.append(pre);
    tr.append(a, b);
    tbody.append(tr);
  }
  drawChart(s.positions_per_ply);
}

function drawChart(perPly) {
  const svg = document.getElementById('chart');
  svg.replaceChildren();
  const W = 720, H = 300, L = 60, R = 15, T = 15, B = 40;
  if (!perPly.length) {
    svg.append(el('text', {x: W / 2, y: H / 2, 'text-anchor': 'middle'}, 'empty book'));
    return;
  }
  const maxPly = perPly[perPly.length - 1].ply, maxN = Math.max(...perPly.map(p => p.positions));
  const bw = (W - L - R) / maxPly;
  const y = n => H - B - (H - T - B) * n / maxN;
  svg.append(el('line', {x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: '#333'}));
  svg.append(el('line', {x1: L, y1: T, x2: L, y2: H - B, stroke: '#333'}));
  for (const frac of [0, 0.5, 1]) {
    const n = Math.round(maxN * frac);
    svg.append(el('text', {x: L - 6, y: y(n), 'text-anchor': 'end', 'dominant-baseline': 'central', 'font-size': 12}, String(n)));
  }
  const step = Math.max(1, Math.ceil(maxPly / 15));
  for (const p of perPly) {
    const x = L + bw * (p.ply - 1);
    const r = el('rect', {x: x + bw * 0.1, y: y(p.positions), width: Math.max(1, bw * 0.8), height: H - B - y(p.positions),
      fill: '#6b8fb8', 'data-ply': p.ply});
    r.append(el('title', {}, `ply ${p.ply}: ${p.positions} positions`));
    svg.append(r);
  }
  for (let ply = 1; ply <= maxPly; ply += step) {
    svg.append(el('text', {x: L + bw * (ply - 0.5), y: H - B + 16, 'text-anchor': 'middle', 'font-size': 12}, String(ply)));
  }
  svg.append(el('text', {x: (L + W - R) / 2, y: H - 6, 'text-anchor': 'middle', 'font-size': 12}, 'ply (move number of the position)'));
}

// --- wiring ------------------------------------------------------------------------------------

function showTab(name) {
  document.getElementById('explorer').hidden = name !== 'explorer';
  document.getElementById('stats').hidden = name !== 'stats';
  document.getElementById('tab-explorer').classList.toggle('active', name === 'explorer');
  document.getElementById('tab-stats').classList.toggle('active', name === 'stats');
  if (name === 'stats') showStats().catch(e => showError(e.message));
}

document.getElementById('tab-explorer').addEventListener('click', e => { e.preventDefault(); showTab('explorer'); });
document.getElementById('tab-stats').addEventListener('click', e => { e.preventDefault(); showTab('stats'); });
document.getElementById('first').addEventListener('click', () => goTo(0));
document.getElementById('back').addEventListener('click', () => goTo(state.cursor - 1));
document.getElementById('forward').addEventListener('click', () => goTo(state.cursor + 1));
document.getElementById('last').addEventListener('click', () => goTo(state.moves.length));
document.getElementById('load-button').addEventListener('click', () => load(document.getElementById('paste').value));
document.getElementById('paste').addEventListener('keydown', e => { if (e.key === 'Enter') load(e.target.value); });
for (const b of document.querySelectorAll('button.copy')) {
  b.addEventListener('click', () => {
    const input = document.getElementById(b.dataset.target);
    input.select();
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).catch(() => document.execCommand('copy'));
    else document.execCommand('copy');
  });
}
document.addEventListener('keydown', e => {
  if (e.target.tagName === 'INPUT') return;
  if (e.key === 'ArrowLeft') goTo(state.cursor - 1);
  if (e.key === 'ArrowRight') goTo(state.cursor + 1);
});

// The hash keeps the line (#sfen=…&moves=…&ply=…) so a link or a reload shows the same position.
(function init() {
  const h = new URLSearchParams(location.hash.slice(1));
  if (h.has('sfen')) {
    state.start = h.get('sfen');
    state.moves = (h.get('moves') || '').split(' ').filter(Boolean);
    state.cursor = Math.min(state.moves.length, parseInt(h.get('ply') || String(state.moves.length), 10) || 0);
    // Names of moves past the cursor come from one request for the whole line.
    getJson('api/position?' + new URLSearchParams({sfen: state.start, moves: state.moves.join(' ')}))
        .then(full => { state.kif = full.kif; return refresh(); })
        .catch(e => { showError(e.message); state.moves = []; state.cursor = 0; state.start = 'startpos'; refresh(); });
  } else {
    refresh();
  }
  if (h.get('tab') === 'stats') showTab('stats');
})();
