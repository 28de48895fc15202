// The Review view: a referee match file's games, stepped through turn by
// turn, with the analysis's per-turn loss chart and the engine's best
// choice drawn beside the played one.
"use strict";

const R = { game: null, steps: [], analysis: null, at: 0, flipped: false, files: [], analysisKey: "", rows: [], turnNo: [] };

// gnubg's marks for a turn's loss in points (its default thresholds).
const MARKS = [[0.16, "??", "verybad", "very bad"], [0.08, "?", "bad", "bad"], [0.04, "?!", "doubtful", "doubtful"]];
function markOf(loss) { return MARKS.find(([t]) => loss >= t - 1e-9) || null; }

// Cube actions: the record's tokens and gnubg's words for them (a drop is
// gnubg's "pass"). "no-double" is the analysis's token for a turn played
// on without doubling where the mover could double.
const CUBE_WORDS = { "no-double": "No double", double: "Double", take: "Take", drop: "Pass", beaver: "Beaver" };
const CUBE_DOING = { double: "doubles", take: "takes", drop: "passes (drops)", beaver: "beavers" };
function isCubeToken(t) { return Object.prototype.hasOwnProperty.call(CUBE_DOING, t); }

// A review step as a record entry: the pair follows from the pick and the
// opponent's number before the turn.
function stepEntry(s) {
  const t = s.played;
  const m = /^(\d+):/.exec(t);
  let pair = null;
  if (isCubeToken(t)) {
    // A cube action has no pair of its own.
  } else if (m) {
    const n = +m[1], opp = s.numbers[s.side === "X" ? 1 : 0];
    if (opp !== null && opp !== undefined) pair = [Math.max(n, opp), Math.min(n, opp)];
  } else if (!/^\d+$/.test(t) && s.numbers[0] !== null && s.numbers[1] !== null) {
    pair = [Math.max(...s.numbers), Math.min(...s.numbers)];
  }
  return { side: s.side, token: t, pair };
}

async function listFiles() {
  const j = await api("/api/files");
  const sel = $("r-files");
  sel.innerHTML = j.files.map((f) => `<option>${f}</option>`).join("");
  $("r-file").textContent = j.local ? "" : `folder: ${j.dir}`;
}

async function loadGame(i) {
  const j = await api("/api/review/game?i=" + i);
  R.game = i;
  R.steps = j.steps;
  R.analysis = j.analysis;
  R.at = Math.min(R.at, R.steps.length - 1);
  $("r-slider").max = R.steps.length - 1;
  buildMoves();
  drawReview();
}

// The move list: whole turns (turn 0 the initial pair), X's and Y's turn
// side by side, each clickable; marks once the game is analysed.
function buildMoves() {
  const played = R.steps.filter((s) => s.played);
  R.rows = turnRows(played.map(stepEntry));
  R.turnNo = [];
  const box = $("r-moves");
  box.innerHTML = "";
  for (const row of R.rows) {
    const d = document.createElement("div");
    d.className = "trow";
    d.innerHTML = `<span class="tn">${row.n}.</span>`;
    for (const side of ["X", "Y"]) {
      const c = document.createElement("span");
      d.appendChild(c);
      // A saved game has nobody still to play: an empty cell stays empty.
      if (!row[side]) { c.className = "mv empty"; c.textContent = ""; continue; }
      const [i, r] = row[side];
      R.turnNo[i] = row.n;
      const t = turnText(r);
      c.className = "mv";
      c.dataset.step = i;
      c.title = `${r.token} (protocol, ${side}'s numbering)`;
      c.innerHTML = row.n === 0 ? `<span class="sd">${side}</span> picks <b>${r.token}</b>`
        : `<span class="sd">${side}</span> <b class="pair">${t.pair}</b> <span class="play">${t.play}</span>`;
      const rep = turnReport(i) || cubeReports(i).find((r) => r.played === playedAt(i));
      const mk = rep && markOf(rep.loss / 1000);
      if (mk) {
        c.insertAdjacentHTML("beforeend", `<span class="mark mark-${mk[2]}" title="${mk[3]}: ${(rep.loss / 1000).toFixed(3)} points lost">${mk[1]}</span>`);
        c.dataset.mark = mk[1];
      }
      c.onclick = () => { R.at = i; drawReview(); };
    }
    box.appendChild(d);
    // The row's cube decisions, under it: every cube action played, and a
    // turn played on without doubling where that was an error.
    const at = ["X", "Y"].filter((sd) => row[sd]).map((sd) => row[sd][0]).sort((p, q) => p - q);
    for (const i of at) {
      for (const r of cubeReports(i)) {
        if (r.played === "no-double" && r.verdict === "ok") continue;
        const cr = document.createElement("div");
        cr.className = "cuberow";
        cr.dataset.step = i;
        cr.dataset.cube = r.played;
        cr.dataset.verdict = r.verdict;
        cr.innerHTML = cubeLine(r);
        cr.onclick = () => { R.at = i; drawReview(); };
        box.appendChild(cr);
      }
    }
  }
}

// The token played at step i.
function playedAt(i) { return R.steps[i] ? R.steps[i].played : null; }

// The analysis's cube rows at step i: the cube action played there, or
// the decision not to double before the turn played there.
function cubeReports(i) {
  if (!R.analysis || R.analysis.state !== "done") return [];
  return R.analysis.turns.filter((r) => r.turn === i && r.cube);
}

// An equity as the turns' values are written: points, 3 decimals.
function eq(mp) { return (mp / 1000).toFixed(3); }

// A cube decision in a line, as gnubg shows it: the action taken, the
// best, the verdict, and the doubler's three equities ("No double 0.412 ·
// Double/take 0.380 · Double/pass 1.000"; a match's as EMG), flagged
// error or blunder as the turns are.
function cubeLine(r) {
  const c = r.cube;
  const mk = markOf(r.loss / 1000);
  const mark = mk ? ` <span class="mark mark-${mk[2]}" title="${mk[3]}: ${eq(r.loss)} points lost">${mk[1]}</span>` : "";
  const best = r.best === r.played ? "best" : `best <b class="best">${CUBE_WORDS[r.best] || r.best}</b>, loss ${eq(r.loss)}`;
  const flag = r.verdict === "ok" ? "" : ` <span class="v-${r.verdict}">${r.verdict}</span>`;
  const whose = c.in_match ? "the doubler's equities (EMG, from the match winning chances)" : "the doubler's cubeful equities";
  return `<span class="sd">${r.side}</span> cube: <b class="cube-played">${CUBE_WORDS[r.played] || r.played}</b>${mark} (${best})${flag}`
    + ` · <span class="cube-verdict">${c.verdict}</span>`
    + ` · <span class="cube-eq" title="${whose}">No double ${eq(c.no_double)} · Double/take ${eq(c.double_take)} · Double/pass ${eq(c.double_pass)}</span>`;
}

function turnReport(t) {
  if (!R.analysis || R.analysis.state !== "done") return null;
  return R.analysis.turns.find((r) => r.turn === t && !r.cube) || null;
}

function drawReview() {
  if (R.game === null || !R.steps.length) return;
  const s = R.steps[R.at];
  document.body.dataset.reviewState = s.state;
  $("r-slider").value = R.at;
  $("r-pos").textContent = `position ${R.at} of ${R.steps.length - 1}` + (R.turnNo[R.at] !== undefined ? ` · turn ${R.turnNo[R.at]} ${s.side}` : "");
  for (const c of $("r-moves").querySelectorAll(".mv.cur, .cuberow.cur")) c.classList.remove("cur");
  for (const c of $("r-moves").querySelectorAll(`.cuberow[data-step="${R.at}"]`)) c.classList.add("cur");
  const cur = $("r-moves").querySelector(`.mv[data-step="${R.at}"]`);
  if (cur) {
    cur.classList.add("cur");
    // Kept in view inside the list, without scrolling the page.
    const box = $("r-moves"), top = cur.offsetTop - box.offsetTop;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + cur.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + cur.offsetHeight - box.clientHeight;
  }
  const side = s.side;
  const arrows = s.played_steps.map(([f, t]) => ({ from: moverLoc(f, side), to: moverLoc(t, side), cls: "played" }))
    .concat(s.best_steps.map(([f, t]) => ({ from: moverLoc(f, side), to: moverLoc(t, side), cls: "best" })));
  const pips = boardPips;
  // A race game keeps its pools drawn once every checker has entered.
  const race = /:p\d+-\d+/.test(R.steps[0].state);
  drawBoard($("rboard"), s.board, { viewer: R.flipped ? "Y" : "X", arrows, pips: { X: pips(s.board.x), Y: pips(s.board.y) }, pool: race, toMove: side });
  const rep = turnReport(R.at);
  let html = `<div>${s.state}</div>`;
  if (s.played) {
    const onBoard = (t) => isCubeToken(t) ? `<span title="${t} (protocol)">${CUBE_DOING[t]}</span>`
      : `<span title="${t} (protocol, ${side}'s numbering)">${turnWords(t)}</span>`;
    html += `<div>${side} to move (numbers X ${s.numbers[0] ?? "–"}, Y ${s.numbers[1] ?? "–"}): <span class="played">${onBoard(s.played)}</span>`;
    if (rep) {
      const mk = markOf(rep.loss / 1000);
      const v = (rep.verdict === "ok" ? "" : ` <span class="v-${rep.verdict}">${rep.verdict}</span>`)
        + (mk ? ` <span class="mark mark-${mk[2]}">${mk[1]} ${mk[3]}</span>` : "")
        + (rep.exact ? ` <span class="badge-exact" title="exact values from a table: points for the side to move under perfect play">exact</span>` : "")
        + (!rep.exact && rep.play_depth > rep.depth ? ` <span class="shallower" title="the match file records how deep the play's own search went">the analysis (depth ${rep.depth}) is shallower than the play (depth ${rep.play_depth})</span>` : "");
      html += rep.best === rep.played
        ? ` — ${rep.exact ? "an optimal choice" : "the engine's choice too"} (${(rep.best_score / 1000).toFixed(3)})${v}`
        : ` (${(rep.played_score / 1000).toFixed(3)}); best: <span class="best">${onBoard(rep.best)}</span> (${(rep.best_score / 1000).toFixed(3)}), loss ${(rep.loss / 1000).toFixed(3)}${v}`;
    }
    html += "</div>";
    for (const r of cubeReports(R.at)) html += `<div class="cube-decision" data-cube="${r.played}" data-verdict="${r.verdict}">${cubeLine(r)}</div>`;
    html += `<div class="small">plays on the mover's own point numbers, as gnubg writes them</div>`;
  } else {
    html += "<div>end of the game</div>";
  }
  $("r-turn").innerHTML = html;
  drawCurve();
  drawChart();
}

// The analysis's state in words (a running one's progress where known).
function analysisText(a) {
  if (!a) return "not analysed";
  if (a.state === "running") return a.of ? `analysing… ${a.done} of ${plural(a.of, "turn")}` : "analysing…";
  if (a.state === "failed") return a.error;
  // Cube decisions are counted apart from the turns.
  const cubes = a.turns.filter((r) => r.cube).length;
  return `${plural(a.turns.length - cubes, "turn")} analysed` + (cubes ? `, ${plural(cubes, "cube decision")}` : "");
}

function drawChart() {
  const svg = $("chart");
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const W = 400, H = 200, L = 34, B = 28, T = 10;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const a = R.analysis;
  $("r-astate").textContent = analysisText(a);
  $("r-astate").dataset.state = a ? a.state : "none";
  $("r-settings").textContent = a && a.state === "done" && a.settings ? a.settings : "";
  if (!a || a.state !== "done") { $("r-totals").textContent = ""; return; }
  const turns = a.turns.filter((r) => !r.cube); // cube rows: not drawn as turns
  const n = R.steps.length - 1;
  const max = Math.max(0.2, ...turns.map((t) => t.loss / 1000));
  const x = (t) => L + (t + 0.5) * ((W - L - 4) / Math.max(1, n));
  const y = (v) => H - B - (v / max) * (H - B - T);
  el("line", { x1: L, y1: H - B, x2: W - 2, y2: H - B, class: "axis" }, svg);
  el("line", { x1: L, y1: T, x2: L, y2: H - B, class: "axis" }, svg);
  for (const v of [0, max / 2, max]) {
    const lab = el("text", { x: L - 3, y: y(v) + 3, class: "axlabel", "text-anchor": "end" }, svg);
    lab.textContent = v.toFixed(2);
  }
  const lab = el("text", { x: W / 2, y: H - 3, class: "axlabel", "text-anchor": "middle" }, svg);
  lab.textContent = turns.some((t) => t.exact) ? "turn (loss in points; X light, Y dark; green rim: exact)" : "turn (loss in points; X light, Y dark)";
  // The whole turns' numbers under the axis, far enough apart to read.
  const every = Math.max(1, Math.ceil(20 / ((W - L - 4) / Math.max(1, n)) / 2));
  for (let i = 0; i < n; i++) {
    const no = R.turnNo[i];
    if (!no || R.steps[i].side !== "X" && R.turnNo[i - 1] === no) continue;
    if ((no - 1) % every !== 0) continue;
    const tl = el("text", { x: x(i), y: H - B + 11, class: "axlabel turnno", "text-anchor": "middle", "data-turnno": no }, svg);
    tl.textContent = no;
  }
  const bw = Math.max(1.5, (W - L - 4) / Math.max(1, n) - 1);
  // Each turn's whole column takes the click, not only its bar (a small
  // loss is a sliver).
  const cw = (W - L - 4) / Math.max(1, n);
  for (const t of turns) {
    const col = el("rect", { x: x(t.turn) - cw / 2, y: T, width: cw, height: H - B - T, class: "losscol", "data-col": t.turn }, svg);
    col.onclick = () => { R.at = t.turn; drawReview(); };
  }
  for (const t of turns) {
    const v = t.loss / 1000;
    const r = el("rect", { x: x(t.turn) - bw / 2, y: y(v), width: bw, height: Math.max(1, H - B - y(v)), class: `bar-${t.side} lossbar${t.exact ? " bar-exact" : ""}`, "data-turn": t.turn, "data-verdict": t.verdict, "data-exact": t.exact ? "true" : "false" }, svg);
    if (t.turn === R.at) r.classList.add("bar-sel");
    r.style.cursor = "pointer";
    r.onclick = () => { R.at = t.turn; drawReview(); };
    if (t.verdict !== "ok") {
      const m = el("path", { d: `M${x(t.turn) - 5},${y(v) - 9} L${x(t.turn) + 5},${y(v) - 9} L${x(t.turn)},${y(v) - 2} z`, class: `mark-${t.verdict}` }, svg);
      m.onclick = r.onclick;
    }
  }
  const tot = { X: [0, 0, 0, 0, 0, 0], Y: [0, 0, 0, 0, 0, 0] };
  for (const t of turns) {
    const s = tot[t.side]; s[0]++; s[1] += t.loss; if (t.verdict === "error") s[2]++; if (t.verdict === "blunder") s[3]++;
    if (t.exact) { s[4]++; if (t.best_score > 0 && t.played_score <= 0) s[5]++; }
  }
  const exact = (s) => tot[s][4] ? `, <span class="badge-exact">${tot[s][4]} exact</span> (${plural(tot[s][5], "win")} thrown)` : "";
  // Cube decisions apart from the turns, as ncbg analyze counts them.
  const cubes = a.turns.filter((r) => r.cube);
  const ct = { X: [0, 0, 0, 0], Y: [0, 0, 0, 0] };
  for (const r of cubes) {
    const s = ct[r.side]; s[0]++; s[1] += r.loss; if (r.verdict === "error") s[2]++; if (r.verdict === "blunder") s[3]++;
  }
  const cube = (s) => cubes.length ? `<span class="cube-totals" data-side="${s}" data-decisions="${ct[s][0]}" data-errors="${ct[s][2]}" data-blunders="${ct[s][3]}">; cube: ${plural(ct[s][0], "decision")}, ${eq(ct[s][1])} points lost, <span class="v-error">${plural(ct[s][2], "error")}</span>, <span class="v-blunder">${plural(ct[s][3], "blunder")}</span></span>` : "";
  $("r-totals").innerHTML = ["X", "Y"].map((s) => `${s}: ${plural(tot[s][0], "turn")}, error rate ${(tot[s][0] ? tot[s][1] / tot[s][0] / 1000 : 0).toFixed(3)}, <span class="v-error">${plural(tot[s][2], "error")}</span>, <span class="v-blunder">${plural(tot[s][3], "blunder")}</span>${exact(s)}${cube(s)}`).join("<br>");
}

// "1 blunder", "2 blunders".
function plural(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}`; }

// X's evaluation (points) at every position of the game, from the
// analysis. Two searches see a position: the turn before it (the value of
// the turn played) and the turn from it (the value of its best choice);
// they look one turn apart, so each alone zigzags with the side to move,
// and the curve takes their mean. null where the analysis says nothing
// (the opening picks).
function curveValues() {
  const a = R.analysis;
  if (!a || a.state !== "done") return null;
  const forX = (r, mp) => (r.side === "X" ? 1 : -1) * mp / 1000;
  const by = new Map(a.turns.filter((r) => !r.cube).map((r) => [r.turn, r]));
  return R.steps.map((s, p) => {
    const seen = [];
    if (by.has(p - 1)) seen.push(forX(by.get(p - 1), by.get(p - 1).played_score));
    if (by.has(p)) seen.push(forX(by.get(p), by.get(p).best_score));
    return seen.length ? seen.reduce((x, y) => x + y, 0) / seen.length : null;
  });
}

// The evaluation curve under the board, as lichess draws it: X's share
// above the middle line (light), Y's below (dark), on the evaluation bar's
// scale (a gammon's worth fills most of it); the turn numbers on its axis,
// the position shown marked, errors and blunders as dots; a click anywhere
// shows the nearest position.
function drawCurve() {
  const svg = $("evalcurve");
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const vals = curveValues();
  svg.toggleAttribute("hidden", !vals);
  $("r-curve-note").hidden = !!vals;
  $("r-curve-note").textContent = R.analysis && R.analysis.state === "running" ? "Analysing: the evaluation curve comes with the analysis…"
    : "Analyze the game to draw its evaluation curve.";
  if (!vals) return;
  // Drawn at the size it is shown (text stays unstretched); 800 by 120
  // while it has no layout yet.
  const box = svg.getBoundingClientRect();
  const W = Math.round(box.width) || 800, H = Math.round(box.height) || 120, L = 4, Rt = 4, T = 6, B = 18;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const n = Math.max(1, R.steps.length - 1);
  const x = (p) => L + (p / n) * (W - L - Rt);
  const mid = T + (H - T - B) / 2, half = (H - T - B) / 2;
  const y = (v) => mid - Math.tanh(v / 1.2) * half;
  el("rect", { x: 0, y: 0, width: W, height: H - B, class: "curve-bg" }, svg);
  const pts = [];
  vals.forEach((v, p) => { if (v !== null) pts.push([x(p), y(v), p, v]); });
  if (pts.length) {
    const area = `M${pts[0][0]},${mid} ` + pts.map(([px, py]) => `L${px},${py}`).join(" ") + ` L${pts[pts.length - 1][0]},${mid} Z`;
    const defs = el("defs", {}, svg);
    const up = el("clipPath", { id: "curve-up" }, defs), down = el("clipPath", { id: "curve-down" }, defs);
    el("rect", { x: 0, y: 0, width: W, height: mid }, up);
    el("rect", { x: 0, y: mid, width: W, height: H - B - mid }, down);
    el("path", { d: area, class: "curve-x", "clip-path": "url(#curve-up)" }, svg);
    el("path", { d: area, class: "curve-y", "clip-path": "url(#curve-down)" }, svg);
    el("polyline", { points: pts.map(([px, py]) => `${px},${py}`).join(" "), class: "curve-line" }, svg);
  }
  el("line", { x1: 0, y1: mid, x2: W, y2: mid, class: "curve-mid" }, svg);
  // Errors and blunders: a dot where the turn left the curve.
  for (const r of R.analysis.turns) {
    if (r.cube || r.verdict === "ok" || vals[r.turn + 1] === null || vals[r.turn + 1] === undefined) continue;
    el("circle", { cx: x(r.turn + 1), cy: y(vals[r.turn + 1]), r: 2.5, class: `curve-dot mark-${r.verdict}`, "data-turn": r.turn }, svg);
  }
  // The whole turns' numbers under the axis, far enough apart to read.
  const every = [1, 2, 5, 10, 20, 50].find((e) => (W - L - Rt) / n * 2 * e >= 34) || 100;
  for (let p = 0; p < R.steps.length - 1; p++) {
    const no = R.turnNo[p];
    if (no === undefined || (p > 0 && R.turnNo[p - 1] === no) || no % every !== 0) continue;
    const tl = el("text", { x: x(p + 0.5), y: H - 5, class: "axlabel turnno", "text-anchor": "middle", "data-turnno": no }, svg);
    tl.textContent = no;
  }
  for (const [side, ty] of [["X", T + 9], ["Y", H - B - 4]]) {
    const t = el("text", { x: L + 3, y: ty, class: `axlabel curve-side curve-side-${side}` }, svg);
    t.textContent = `${side} ahead`;
  }
  el("line", { x1: x(R.at), y1: 0, x2: x(R.at), y2: H - B, class: "curve-cur", "data-at": R.at }, svg);
  const v = vals[R.at];
  svg.dataset.at = R.at;
  svg.dataset.value = v === null || v === undefined ? "" : v.toFixed(3);
  const tip = el("title", {}, svg);
  tip.textContent = v === null || v === undefined ? "X's evaluation after each turn" : `position ${R.at}: X ${v >= 0 ? "+" : ""}${v.toFixed(3)} points`;
}

// The position nearest to a pointer on the curve.
function curveAt(e) {
  const b = $("evalcurve").getBoundingClientRect();
  const L = 4, Rt = 4, n = Math.max(1, R.steps.length - 1);
  return Math.max(0, Math.min(R.steps.length - 1, Math.round(((e.clientX - b.left - L) / (b.width - L - Rt)) * n)));
}

// A click on the curve: the nearest position.
$("evalcurve").addEventListener("click", (e) => {
  if (!R.steps.length) return;
  R.at = curveAt(e);
  drawReview();
});

// Pointing at the curve: a thin line and that position's value, in words.
$("evalcurve").addEventListener("pointermove", (e) => {
  const svg = $("evalcurve"), vals = curveValues();
  for (const o of svg.querySelectorAll(".curve-hover")) o.remove();
  if (!vals || !R.steps.length) return;
  const p = curveAt(e), v = vals[p];
  const b = svg.getBoundingClientRect(), n = Math.max(1, R.steps.length - 1);
  const px = 4 + (p / n) * (b.width - 8);
  el("line", { x1: px, y1: 0, x2: px, y2: b.height - 18, class: "curve-hover" }, svg);
  const no = R.turnNo[p] !== undefined ? `before turn ${R.turnNo[p]} ${R.steps[p].side}` : "the end";
  const t = el("text", { x: Math.min(Math.max(px + 4, 62), b.width - 150), y: 12, class: "axlabel curve-hover curve-hover-text" }, svg);
  t.textContent = `${no}: X ${v === null || v === undefined ? "–" : (v >= 0 ? "+" : "") + v.toFixed(3)}`;
});
$("evalcurve").addEventListener("pointerleave", () => {
  for (const o of $("evalcurve").querySelectorAll(".curve-hover")) o.remove();
});

function step(d) { if (!R.steps.length) return; R.at = Math.max(0, Math.min(R.steps.length - 1, R.at + d)); drawReview(); }

window.reviewShown = () => { listFiles().catch(() => {}); drawReview(); };
window.onReviewSnapshot = (S) => {
  const rv = S.review;
  const ld = $("r-loaded");
  ld.textContent = rv.file ? `${rv.file} · ${plural(rv.games.length, "game")}` : "no file loaded";
  ld.dataset.file = rv.file || "";
  ld.title = rv.file ? `loaded from the folder: ${rv.file}` : "";
  const gs = $("r-games");
  const names = rv.games.join("\n");
  if (gs.dataset.names !== names) {
    gs.dataset.names = names;
    gs.innerHTML = rv.games.map((g, i) => `<option value="${i}">${g}</option>`).join("");
    gs.size = Math.max(2, Math.min(8, rv.games.length));
    R.game = null; R.steps = []; R.at = 0;
    if (rv.games.length) { gs.value = "0"; loadGame(0).catch(() => {}); }
  }
  if (R.game !== null) {
    const a = rv.analysis[String(R.game)];
    const key = a ? a.state : "none";
    if (key !== R.analysisKey) { R.analysisKey = key; loadGame(R.game).catch(() => {}); }
    else if (a && a.state === "running" && R.analysis && R.analysis.state === "running") {
      R.analysis = a;
      $("r-astate").textContent = analysisText(a);
    }
  }
};
$("r-refresh").onclick = () => listFiles().catch(() => {});
$("r-load").onclick = () => api("/api/review/load", { name: $("r-files").value }).catch(() => {});
// The static site has no folder: the person opens a file of this computer
// and its text goes to the board.
if (Transport.isStatic) {
  $("r-folder").hidden = true;
  $("r-local").hidden = false;
  $("r-open").onchange = async () => {
    const f = $("r-open").files[0];
    if (!f) return;
    if (f.size > 16 << 20) { showMessage(`${f.name} is larger than 16 MiB`); return; }
    api("/api/review/load", { name: f.name, text: await f.text() }).catch(() => {});
  };
}
$("r-games").onchange = () => { R.at = 0; R.analysisKey = ""; loadGame(+$("r-games").value).catch(() => {}); };
// The analysis asked for: a preset (the library's default, or quick) or
// an explicit deepest depth.
function analysisRequest() {
  const v = $("r-depth").value;
  return v === "default" || v === "quick" ? { game: R.game, preset: v } : { game: R.game, depth: +v };
}
$("r-analyze").onclick = () => { if (R.game !== null) api("/api/review/analyze", analysisRequest()).catch(() => {}); };
$("r-first").onclick = () => step(-1e9);
$("r-prev").onclick = () => step(-1);
$("r-next").onclick = () => step(1);
$("r-last").onclick = () => step(1e9);
$("r-flip").onclick = () => { R.flipped = !R.flipped; buildMoves(); drawReview(); };
window.addEventListener("resize", () => { if (!$("view-review").hidden) drawCurve(); });
$("r-slider").oninput = () => { R.at = +$("r-slider").value; drawReview(); };
// Keys: the arrows step (Left/Up back, Right/Down on), Home and End go to
// the game's start and end. Only typing keeps them (the slider has its own
// arrows); in a list (the games, the files) Left and Right still step,
// while Up, Down, Home and End move in the list.
document.addEventListener("keydown", (e) => {
  if ($("view-review").hidden || e.ctrlKey || e.altKey || e.metaKey || isTyping(e.target)) return;
  if (document.querySelector("dialog[open]")) return;
  const inList = e.target.tagName === "SELECT";
  const d = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1, Home: -1e9, End: 1e9 }[e.key];
  if (d === undefined || (inList && e.key !== "ArrowLeft" && e.key !== "ArrowRight")) return;
  step(d);
  e.preventDefault();
});
