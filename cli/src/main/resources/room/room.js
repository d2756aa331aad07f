// The control room's pages: runs, one run, workers. Every figure comes from the server (/api/...), which
// computes it with the tournament's own code; this file only draws, and asks again every two seconds so
// that the pages follow the runs without reloading. The board of the replay is the explorer's (board.js).
'use strict';

const POLL_MS = 2000;
const SVG_NS = 'http://www.w3.org/2000/svg';

async function getJson(url, options) {
  const res = await fetch(url, options);
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || res.statusText);
  return body;
}

function cell(tr, content, cls) {
  const td = document.createElement('td');
  if (content instanceof Node) td.append(content); else td.textContent = content === undefined || content === null ? '–' : String(content);
  if (cls) td.className = cls;
  tr.append(td);
  return td;
}

function link(href, label, cls) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = label;
  if (cls) a.className = cls;
  return a;
}

function num(x, digits) {
  return x === null || x === undefined ? '–' : Number(x).toFixed(digits);
}

function eloText(elo, error) {
  if (elo === null || elo === undefined) return '–';
  return num(elo, 1) + (error === null || error === undefined ? '' : ' ± ' + num(error, 1));
}

function llrText(r) {
  return r.llr === null ? '–' : `${num(r.llr, 2)} (${num(r.lower_bound, 2)}, ${num(r.upper_bound, 2)})`;
}

// An ISO instant as "2026-11-29 05:10:32 UTC".
function when(iso) {
  return iso ? iso.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC') : '–';
}

function statusClass(status) {
  return 'status-' + status.split(' ')[0];
}

// The broker's state as the server sees it: null while it answers.
function showBroker(problem) {
  const box = document.getElementById('broker');
  box.textContent = problem || '';
  box.hidden = !problem;
  document.body.dataset.broker = problem ? 'down' : 'up';
}

// The view's change counter at the last drawing: an answer with the same counter is not drawn again
// (what is on the page stays put while nothing changed).
let drawn = null;

function unchanged(data) {
  if (data.changes === drawn) return true;
  drawn = data.changes;
  return false;
}

function showUpdated() {
  document.getElementById('updated').textContent = 'updated ' + new Date().toLocaleTimeString();
}

// --- runs --------------------------------------------------------------------------------------

async function renderRuns() {
  const data = await getJson('/api/runs');
  showBroker(data.broker);
  if (unchanged(data)) return;
  const runs = data.runs.slice().sort((a, b) => (b.started || '').localeCompare(a.started || ''));
  const tbody = document.querySelector('#runs tbody');
  tbody.replaceChildren();
  for (const r of runs) {
    const tr = document.createElement('tr');
    tr.dataset.run = r.id;
    tr.dataset.status = r.status;
    cell(tr, link('run.html#' + encodeURIComponent(r.id), r.id));
    cell(tr, r.kind);
    cell(tr, r.players.join(' vs ') + (r.books.length ? ' (' + r.books.join(', ') + ')' : ''));
    cell(tr, r.tc);
    cell(tr, when(r.started));
    cell(tr, r.planned === 0 && r.done === 0 ? '–' : `${r.done} / ${r.planned}`, 'num');
    cell(tr, positionsText(r), 'num positions');
    cell(tr, rateText(r), 'num rate');
    cell(tr, r.status, statusClass(r.status));
    cell(tr, eloText(r.elo, r.error), 'num elo');
    cell(tr, llrText(r), 'num llr');
    tbody.append(tr);
  }
  document.getElementById('runs-empty').hidden = runs.length > 0;
}

// Training positions done of planned, for the runs that make them.
function positionsText(r) {
  const known = x => x !== null && x !== undefined;
  if (!known(r.positions_done) && !known(r.positions_planned)) return '–';
  return `${known(r.positions_done) ? r.positions_done : '–'} / ${known(r.positions_planned) ? r.positions_planned : '–'}`;
}

// The figure of a run without a report: positions per hour once it has them, else games per hour.
function rateText(r) {
  if (r.positions_per_hour !== null && r.positions_per_hour !== undefined) return num(r.positions_per_hour, 0) + ' positions/h';
  if (r.games_per_hour !== null && r.games_per_hour !== undefined) return num(r.games_per_hour, 0) + ' games/h';
  return '–';
}

// --- workers -----------------------------------------------------------------------------------

async function renderWorkers() {
  const data = await getJson('/api/workers');
  showBroker(data.broker);
  const tbody = document.querySelector('#workers tbody');
  tbody.replaceChildren();
  for (const w of data.workers) {
    const tr = document.createElement('tr');
    tr.dataset.worker = w.worker_id;
    tr.dataset.state = w.lost ? 'lost' : 'alive';
    if (w.lost) tr.className = 'lost';
    cell(tr, w.worker_id);
    cell(tr, w.host);
    cell(tr, w.pid, 'num');
    cell(tr, w.slots, 'num');
    cell(tr, w.engines.join(', ') || '–');
    cell(tr, w.tasks.map(t => `${t.task_id} (${Math.round(t.age_s)} s)`).join(', ') || 'idle');
    cell(tr, w.games_done, 'num');
    cell(tr, w.positions_done, 'num');
    cell(tr, `${num(w.age_s, 1)} s ago`, 'num');
    cell(tr, w.lost ? 'lost' : 'alive', w.lost ? 'state-lost' : '');
    tbody.append(tr);
  }
  document.getElementById('workers-empty').hidden = data.workers.length > 0;
}

// --- one run -----------------------------------------------------------------------------------

const run = {id: decodeURIComponent(location.hash.slice(1)), game: null, moves: [], cursor: 0, start: 'startpos'};

function kv(tbody, key, value, name) {
  const tr = document.createElement('tr');
  if (name) tr.dataset.key = name;
  cell(tr, key);
  cell(tr, value);
  tbody.append(tr);
}

async function renderRun() {
  const data = await getJson('/api/runs/' + encodeURIComponent(run.id));
  showBroker(data.broker);
  if (unchanged(data)) return;
  const r = data.run, rep = r.report;
  document.body.dataset.status = r.status;
  document.body.dataset.pairs = String(r.series ? r.series.length : 0);
  document.getElementById('run-title').textContent = `${r.kind} ${r.id}`;
  const summary = document.querySelector('#summary tbody');
  summary.replaceChildren();
  kv(summary, 'players', r.players.join(' vs '));
  if (r.books.length) kv(summary, 'books', r.books.join(', '));
  kv(summary, 'time control', r.tc);
  kv(summary, 'started', when(r.started) + (r.host ? ' on ' + r.host : ''));
  if (r.planned > 0 || r.done > 0) kv(summary, 'games', `${r.done} / ${r.planned}`, 'games');
  kv(summary, 'status', r.status + (r.detail ? ': ' + r.detail : ''), 'status');
  document.getElementById('stop-box').hidden = r.status !== 'running' || r.stoppable === false;
  const reported = r.report !== undefined;
  document.getElementById('report-left').hidden = !reported;
  document.getElementById('report-right').hidden = !reported;
  if (!reported) {
    // self-play, training data, evaluation: the figures of the command's own summary
    const positions = r.kind === 'train-data' || r.kind === 'evaluate';
    if (positions) kv(summary, 'positions', positionsText(r), 'positions');
    if (r.kind !== 'evaluate') kv(summary, 'games per hour', num(r.games_per_hour, 0), 'games-per-hour');
    if (positions) kv(summary, 'positions per hour', num(r.positions_per_hour, 0), 'positions-per-hour');
    if (r.kind === 'mining') kv(summary, 'busy', r.busy_share === null ? '–' : num(100 * r.busy_share, 0) + '% of the worker slots', 'busy');
    if (r.iterations_planned !== undefined) kv(summary, 'iterations', `${r.iterations_done} / ${r.iterations_planned}`, 'iterations');
    drawTracks(r.tracks || []);
    drawGames(r);
    return;
  }

  const standings = document.querySelector('#standings tbody');
  standings.replaceChildren();
  for (const p of rep.players) {
    const tr = document.createElement('tr');
    tr.dataset.player = p.name;
    [p.name, p.games, p.wins, p.losses, p.draws, p.points].forEach((v, i) => cell(tr, v, i ? 'num' : ''));
    standings.append(tr);
  }
  const e = rep.elo, figures = document.querySelector('#figures tbody');
  figures.replaceChildren();
  kv(figures, 'Elo', eloText(e.elo, e.error) + (e.no_interval ? ` (${e.no_interval})` : ''), 'elo');
  kv(figures, 'nElo', eloText(e.nelo, e.nelo_error), 'nelo');
  kv(figures, 'LOS', num(100 * e.los, 1) + '%', 'los');
  kv(figures, 'W-D-L', `${e.trinomial[2]}-${e.trinomial[1]}-${e.trinomial[0]}`, 'wdl');
  kv(figures, 'pentanomial', e.pentanomial.join(', '), 'pentanomial');
  if (rep.sprt) {
    kv(figures, 'SPRT', `elo0=${rep.sprt.elo0} elo1=${rep.sprt.elo1} α=${rep.sprt.alpha} β=${rep.sprt.beta} (${rep.sprt.model})`, 'sprt');
    kv(figures, 'LLR', `${num(rep.sprt.llr, 2)} (${num(rep.sprt.lower_bound, 2)}, ${num(rep.sprt.upper_bound, 2)}) ${rep.sprt.decision}`, 'llr');
  }
  document.getElementById('time-use').textContent = r.time_use;
  drawRunChart(r);
  drawGames(r);
}

function svgEl(name, attrs, text) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// One LLR point and one Elo point per completed game pair; the LLR on the left axis with its bounds,
// the Elo on the right.
function drawRunChart(r) {
  const svg = document.getElementById('chart');
  svg.replaceChildren();
  const W = 720, H = 300, L = 50, R = 50, T = 12, B = 30;
  const pts = r.series, n = Math.max(1, pts.length);
  const x = i => L + (W - L - R) * (pts.length <= 1 ? 0.5 : i / (pts.length - 1));
  const range = (vals, extra) => {
    const v = vals.filter(a => a !== null).concat(extra);
    let lo = Math.min(...v, 0), hi = Math.max(...v, 0);
    if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
    return [lo, hi];
  };
  const hasLlr = r.llr !== null;
  const [llo, lhi] = range(pts.map(p => p.llr), hasLlr ? [r.lower_bound, r.upper_bound] : []);
  const [elo0, elo1] = range(pts.map(p => p.elo), []);
  const yl = v => T + (H - T - B) * (lhi - v) / (lhi - llo);
  const ye = v => T + (H - T - B) * (elo1 - v) / (elo1 - elo0);
  svg.append(svgEl('line', {class: 'axis', x1: L, y1: H - B, x2: W - R, y2: H - B}));
  svg.append(svgEl('line', {class: 'axis', x1: L, y1: T, x2: L, y2: H - B}));
  svg.append(svgEl('line', {class: 'axis', x1: W - R, y1: T, x2: W - R, y2: H - B}));
  svg.append(svgEl('text', {x: (L + W - R) / 2, y: H - 6, 'text-anchor': 'middle'}, `game pairs (${pts.length})`));
  if (hasLlr) {
    for (const b of [r.lower_bound, r.upper_bound]) {
      svg.append(svgEl('line', {class: 'bound', x1: L, y1: yl(b), x2: W - R, y2: yl(b)}));
      svg.append(svgEl('text', {x: L - 4, y: yl(b), 'text-anchor': 'end', 'dominant-baseline': 'central'}, num(b, 2)));
    }
  }
  svg.append(svgEl('text', {x: W - R + 4, y: ye(elo1), 'dominant-baseline': 'central'}, num(elo1, 0)));
  svg.append(svgEl('text', {x: W - R + 4, y: ye(elo0), 'dominant-baseline': 'central'}, num(elo0, 0)));
  if (!pts.length) return;
  svg.append(svgEl('polyline', {class: 'elo-line', points: pts.map((p, i) => `${x(i)},${ye(p.elo)}`).join(' ')}));
  if (hasLlr) svg.append(svgEl('polyline', {class: 'llr-line', points: pts.map((p, i) => `${x(i)},${yl(p.llr)}`).join(' ')}));
  const radius = n > 200 ? 1.2 : 2.5;
  pts.forEach((p, i) => {
    const e = svgEl('circle', {class: 'elo-point', cx: x(i), cy: ye(p.elo), r: radius, 'data-pairs': p.pairs});
    e.append(svgEl('title', {}, `${p.pairs} pairs: Elo ${eloText(p.elo, p.error)}`));
    svg.append(e);
    if (hasLlr) {
      const c = svgEl('circle', {class: 'llr-point', cx: x(i), cy: yl(p.llr), r: radius, 'data-pairs': p.pairs, 'data-llr': p.llr});
      c.append(svgEl('title', {}, `${p.pairs} pairs: LLR ${num(p.llr, 3)}`));
      svg.append(c);
    }
  });
}

// A tune: one small chart per parameter, its value after each update (point 0 the start; every
// step-th update of a long tune, the last point the value now).
function drawTracks(tracks) {
  const box = document.getElementById('tracks');
  box.hidden = tracks.length === 0;
  box.querySelectorAll('svg').forEach(e => e.remove());
  const W = 360, H = 120, L = 50, R = 10, T = 10, B = 20;
  for (const t of tracks) {
    const svg = svgEl('svg', {viewBox: `0 0 ${W} ${H}`, class: 'track', 'data-param': t.name, 'data-points': t.values.length});
    let lo = Math.min(...t.values), hi = Math.max(...t.values);
    if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
    const x = i => L + (W - L - R) * (t.values.length <= 1 ? 0.5 : i / (t.values.length - 1));
    const y = v => T + (H - T - B) * (hi - v) / (hi - lo);
    svg.append(svgEl('line', {class: 'axis', x1: L, y1: H - B, x2: W - R, y2: H - B}));
    svg.append(svgEl('line', {class: 'axis', x1: L, y1: T, x2: L, y2: H - B}));
    svg.append(svgEl('text', {x: L - 4, y: y(hi), 'text-anchor': 'end', 'dominant-baseline': 'central'}, num(hi, 2)));
    svg.append(svgEl('text', {x: L - 4, y: y(lo), 'text-anchor': 'end', 'dominant-baseline': 'central'}, num(lo, 2)));
    const last = t.values[t.values.length - 1];
    svg.append(svgEl('text', {x: (L + W - R) / 2, y: H - 4, 'text-anchor': 'middle'}, `${t.name} = ${num(last, 2)}` + (t.step > 1 ? ` (every ${t.step}th update)` : '')));
    svg.append(svgEl('polyline', {class: 'elo-line', points: t.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}));
    box.append(svg);
  }
}

function drawGames(r) {
  const tbody = document.querySelector('#games tbody');
  tbody.replaceChildren();
  for (const g of r.last_games) {
    const tr = document.createElement('tr');
    if (g.number === undefined) {
      // a self-play game: listed by its id, kept on the games topic (./joseki games)
      tr.dataset.game = g.game_id;
      [g.game_id, g.black, g.white, g.result, g.termination].forEach(v => cell(tr, v));
      cell(tr, g.plies, 'num');
      cell(tr, '–');
      tbody.append(tr);
      continue;
    }
    tr.dataset.game = g.number;
    const replay = link('#' + encodeURIComponent(run.id), String(g.number), 'replay');
    replay.addEventListener('click', ev => { ev.preventDefault(); openGame(g.number); });
    cell(tr, replay);
    cell(tr, g.black);
    cell(tr, g.white);
    cell(tr, g.result);
    cell(tr, g.termination);
    cell(tr, g.plies, 'num');
    const files = document.createElement('span');
    for (const f of ['csa', 'kif', 'usi']) {
      files.append(link(`/api/runs/${encodeURIComponent(run.id)}/games/${g.number}.${f}`, f.toUpperCase(), 'file'));
    }
    cell(tr, files);
    tbody.append(tr);
  }
}

async function openGame(number) {
  const g = await getJson(`/api/runs/${encodeURIComponent(run.id)}/games/${number}`);
  run.game = g;
  run.start = g.start_sfen;
  run.moves = g.moves;
  run.cursor = g.moves.length;
  document.getElementById('replay').hidden = false;
  document.getElementById('replay-title').textContent = `Game ${g.number}: ${g.black} (black) vs ${g.white}, ${g.result} by ${g.termination}`;
  await showPly();
}

async function showPly() {
  const q = new URLSearchParams({sfen: run.start, moves: run.moves.slice(0, run.cursor).join(' ')});
  const pos = await getJson('/api/position?' + q);
  drawShogiBoard(document.getElementById('board'), pos);
  const ol = document.getElementById('movelist');
  ol.replaceChildren();
  run.moves.forEach((usi, i) => {
    const li = document.createElement('li');
    li.className = (i === run.cursor - 1 ? 'current' : '') + (i >= run.cursor ? ' future' : '');
    li.textContent = i < pos.kif.length ? pos.kif[i] : usi;
    li.addEventListener('click', () => goTo(i + 1));
    ol.append(li);
  });
  document.getElementById('status').textContent = `${run.cursor} / ${run.moves.length}`;
  document.getElementById('replay').dataset.ply = String(run.cursor);
}

function goTo(ply) {
  run.cursor = Math.max(0, Math.min(run.moves.length, ply));
  showPly();
}

async function stopRun() {
  const token = document.getElementById('token').value;
  sessionStorage.setItem('joseki-token', token);
  const out = document.getElementById('stop-result');
  // the broker call can take a while on a busy machine: say so instead of looking idle
  out.textContent = 'asking the broker…';
  try {
    const res = await getJson(`/api/runs/${encodeURIComponent(run.id)}/stop`, {method: 'POST', headers: {'X-Joseki-Token': token}});
    out.textContent = 'stopping: ' + res.note;
  } catch (e) {
    out.textContent = e.message;
  }
}

function setUpRun() {
  document.getElementById('first').addEventListener('click', () => goTo(0));
  document.getElementById('back').addEventListener('click', () => goTo(run.cursor - 1));
  document.getElementById('forward').addEventListener('click', () => goTo(run.cursor + 1));
  document.getElementById('last').addEventListener('click', () => goTo(run.moves.length));
  document.getElementById('stop').addEventListener('click', stopRun);
  document.getElementById('token').value = sessionStorage.getItem('joseki-token') || '';
}

// --- polling -----------------------------------------------------------------------------------

const PAGES = {runs: renderRuns, workers: renderWorkers, run: renderRun};

async function tick() {
  const error = document.getElementById('error');
  try {
    await PAGES[document.body.dataset.page]();
    if (error) error.hidden = true;
    showUpdated();
    document.body.dataset.loaded = 'true';
  } catch (e) {
    if (error && e.message) {
      error.textContent = e.message;
      error.hidden = false;
    } else {
      showBroker('server unreachable: ' + e.message);
    }
  }
  setTimeout(tick, POLL_MS);
}

if (document.body.dataset.page === 'run') setUpRun();
tick();
