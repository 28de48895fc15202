// The engines panel: each slot's state, the search in progress (depth,
// score, principal variation, each turn on its mover's numbers), the last
// finished search (on the person's turn only with hints on: it holds the engine's
// idea of the person's next move), and, while watching or with hints on, an
// evaluation bar beside the board and a per-turn graph of X's evaluation.
"use strict";

// hist: record length -> X's score (points); times: when each turn of the
// game reached the page (Date.now()), for the watch delay's test.
const Watch = { hist: new Map(), histStart: null, times: [], seen: 0 };

function fmtScore(info) {
  if (!info || info.score_mp === null || info.score_mp === undefined) return "–";
  const p = info.score_mp / 1000;
  return (p >= 0 ? "+" : "") + p.toFixed(3) + (info.exact ? " (exact)" : "");
}

// A principal variation, each turn on its mover's own numbers as the
// record writes it (moves joined by commas, turns apart by spaces).
function pvText(pv) {
  return (pv || []).join(" ");
}

function watching() {
  return S.players.X !== "human" && S.players.Y !== "human";
}

// X's score in points from an `info` searched for `side`, or null.
function scoreForX(info, side) {
  if (!info || info.score_mp === null || info.score_mp === undefined) return null;
  return (side === "X" ? 1 : -1) * info.score_mp / 1000;
}

function renderEngines() {
  const box = $("engines");
  box.innerHTML = "";
  for (const e of S.engines) {
    const d = document.createElement("div");
    d.className = "eng";
    d.innerHTML = `<b>${e.slot}</b> ${e.name} <span class="small">${e.id_name !== e.name ? e.id_name : ""}</span> <span class="st ${e.status.state}" id="status-${e.slot}">${e.status.state}</span>`;
    const r = document.createElement("button");
    r.textContent = "Restart";
    r.className = "restart";
    r.dataset.slot = e.slot;
    r.onclick = () => api("/api/restart", { slot: e.slot }).catch(() => {});
    d.appendChild(r);
    box.appendChild(d);
  }
  const t = S.thinking;
  const th = $("think");
  const hints = $("hints").checked;
  const l = S.last_search;
  // The last search is the engine's view of the position, the person's
  // next move included: in a game the person plays it is a hint, shown only
  // when asked for (on either side's turn: an engine that stopped or is
  // paused leaves its last line standing).
  const showLast = l && l.info && (watching() || hints);
  // The live line of an engine playing a person holds its idea of the
  // person's next move, and its score is the evaluation: both hints.
  const showLive = watching() || hints;
  if (t) {
    const i = t.info || {};
    th.innerHTML = `Engine ${String.fromCharCode(65 + t.slot)} thinks for ${t.side}: depth <b id="t-depth">${i.depth ?? "–"}</b>`
      + (showLive ? ` · score <b id="t-score">${fmtScore(t.info)}</b> · nodes ${i.nodes ?? "–"}<div class="pv">pv ${pvText(i.pv, t.side)}</div>`
        : ` · nodes ${i.nodes ?? "–"} <div class="small">its score and line are hidden while you play (tick hints to see them)</div>`);
  } else if (showLast) {
    const i = l.info;
    th.innerHTML = `<span class="small">last search</span> <span id="last-search">engine ${l.slot} for ${l.side}: depth ${i.depth} · score ${fmtScore(i)} · nodes ${i.nodes}<div class="pv">pv ${pvText(i.pv, l.side)}</div></span>`;
  } else {
    th.innerHTML = `<span class="small">${l && l.info ? "the engine's last line is hidden in your game (tick hints to see it)" : "no engine is thinking"}</span>`;
  }
  $("stop").disabled = !t;
  $("pause").textContent = S.paused ? "Resume" : "Pause";
  $("step").disabled = !(S.paused && !S.game.human_to_move && S.game.phase !== "over");
  const f = S.fault;
  $("banner-fault").hidden = !f;
  if (f) {
    $("fault-text").textContent = f.message;
    $("fault-detail").textContent = f.detail || "";
    $("fault-more").hidden = !f.detail;
    $("fault-restart").dataset.slot = f.slot;
  }
  renderEval();
  renderHint();
}

function renderEval() {
  const g = S.game;
  if (Watch.histStart !== g.start || g.record.length < Watch.seen) {
    Watch.hist = new Map();
    Watch.histStart = g.start;
    Watch.times = [];
  }
  if (g.record.length > Watch.seen) Watch.times.push(Date.now());
  Watch.seen = g.record.length;
  const t = S.thinking, l = S.last_search;
  const live = t ? scoreForX(t.info, t.side) : l ? scoreForX(l.info, l.side) : null;
  // The last finished search, kept per turn: with no delay between the
  // engines' moves the next search has started by the time the page hears
  // of the last one, so it is taken while the next one runs too.
  const done = l ? scoreForX(l.info, l.side) : null;
  if (done !== null) Watch.hist.set(g.record.length, done);
  const show = watching() || $("hints").checked;
  const bar = $("evalbar");
  bar.hidden = !show;
  // An SVG element has no `hidden` property that reflects the attribute:
  // the attribute itself is set or removed.
  $("evalgraph").toggleAttribute("hidden", !show || Watch.hist.size < 2);
  if (!show) return;
  const v = viewer();
  // The viewer's share of the bar, from the bottom: 50% is even, a
  // gammon's worth fills most of it.
  const forViewer = live === null ? 0 : (v === "X" ? live : -live);
  const frac = 0.5 + 0.5 * Math.tanh(forViewer / 1.2);
  bar.dataset.score = live === null ? "" : live.toFixed(3);
  bar.title = live === null ? "no evaluation yet" : `X ${live >= 0 ? "+" : ""}${live.toFixed(3)} points`;
  $("evalfill").style.height = (frac * 100).toFixed(1) + "%";
  $("evalfill").className = "evalfill " + v;
  bar.className = "evalbar " + other(v);
  $("evaltext").textContent = live === null ? "" : (live >= 0 ? "+" : "") + live.toFixed(Math.abs(live) >= 10 ? 0 : Math.abs(live) >= 1 ? 1 : 2);
  drawEvalGraph();
}

function drawEvalGraph() {
  const svg = $("evalgraph");
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  // Drawn at the size it is shown: the whole width, text unstretched.
  const box = svg.getBoundingClientRect();
  const W = Math.round(box.width) || 400, H = Math.round(box.height) || 80, B = 14;
  const pts = [...Watch.hist.entries()].sort((a, b) => a[0] - b[0]);
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  if (pts.length < 2) return;
  // Record indices from the first to the last turn seen, on the width.
  const i0 = pts[0][0], n = Math.max(1, pts[pts.length - 1][0] - i0), m = Math.max(1, ...pts.map((p) => Math.abs(p[1])));
  const x = (i) => 4 + ((i - i0) / n) * (W - 8);
  const mid = (H - B) / 2;
  const y = (s) => mid - (s / m) * (mid - 4);
  el("line", { x1: 0, y1: mid, x2: W, y2: mid, class: "axis" }, svg);
  el("line", { x1: 0, y1: H - B, x2: W, y2: H - B, class: "axis" }, svg);
  el("polyline", { points: pts.map(([i, s]) => `${x(i)},${y(s)}`).join(" "), class: "evalline" }, svg);
  const lab = el("text", { x: 4, y: 11, class: "axlabel" }, svg);
  lab.textContent = `X's evaluation per turn (±${m.toFixed(2)} points)`;
  // The turn axis: whole turns as the record numbers them, far enough
  // apart to read.
  const rows = turnRows(S.game.record);
  const noOf = new Map();
  for (const r of rows) for (const side of ["X", "Y"]) if (r[side]) noOf.set(r[side][0], r.n);
  const span = W - 8, turns = Math.max(1, (noOf.get(pts[pts.length - 1][0] - 1) || 1) - (noOf.get(i0 - 1) || 0));
  const every = [1, 2, 5, 10, 20, 50].find((e) => (span / turns) * e >= 26) || 100;
  let lastNo = null;
  for (let i = i0; i <= pts[pts.length - 1][0]; i++) {
    const no = noOf.get(i - 1); // the turn just played when the record had i entries
    if (no === undefined || no === lastNo || no % every !== 0) continue;
    lastNo = no;
    const t = el("text", { x: x(i), y: H - 3, class: "axlabel turnno", "text-anchor": "middle" }, svg);
    t.textContent = no;
  }
}

// ---- hints the person asks for ---------------------------------------------
// The Hint button (or h) asks the engine for its best choices in the
// position now, ranked (multipv); each shows its value in points for the
// side to move, and clicking one draws it on the board (green, dashed).

const Hints = { preview: null, key: null }; // preview: the rank drawn

function askHint() {
  const g = S.game;
  if (!g.human_to_move || g.phase === "over") { showMessage("a hint is for your own turn", true); return; }
  api("/api/hint", {}).catch(() => {});
}

// The previewed hint's arrows, for render().
function hintArrows() {
  const h = S.hint;
  if (!h || Hints.preview === null || Hints.key !== `${h.slot}|${h.asked}`) return [];
  const line = h.lines.find((l) => l.rank === Hints.preview);
  if (!line) return [];
  return line.steps.map(([f, t]) => ({ from: moverLoc(f, h.side), to: moverLoc(t, h.side), cls: "best" }));
}

// A hint's row: "pick 2 → 2-2 6/2*(2)" (a choice of pick and play, or the
// play of the pick made when the hint was asked at pick time), "pick 3"
// (an opening pick), "6-5 24/13" (a play asked for after the pick).
function hintRowText(l, side) {
  const t = l.pair ? turnText({ pair: l.pair, token: l.token, side }) : { pair: "", play: "" };
  const play = `${t.pair} ${t.play}`.trim();
  if (l.pick === null || l.pick === undefined) return play;
  return play ? `pick ${l.pick} → ${play}` : `pick ${l.pick}`;
}

function renderHint() {
  const g = S.game, h = S.hint;
  // One hint keeps its shown line, through the pick too.
  const hk = h ? `${h.slot}|${h.asked}` : null;
  if (Hints.key !== hk) { Hints.key = hk; Hints.preview = null; }
  $("hint-ask").disabled = !g.human_to_move || g.phase === "over" || !!(h && h.running);
  const st = $("hint-state"), list = $("hintlist");
  if (!h) { st.textContent = ""; list.hidden = true; list.innerHTML = ""; return; }
  st.textContent = h.error ? `engine ${h.slot}: ${h.error}`
    : h.running ? `engine ${h.slot} searches…`
      : h.picked !== null && !h.lines.length ? `none of engine ${h.slot}'s best choices picked ${h.picked}: ask again for the plays with it`
        : h.picked !== null ? `engine ${h.slot}'s best plays with your pick ${h.picked} (points for ${h.side}); click one to see it`
          : `engine ${h.slot}'s best choices for ${h.side} (points for ${h.side}); click one to see it`;
  st.dataset.state = h.error ? "failed" : h.running ? "running" : "done";
  const key = JSON.stringify([h.lines.map((l) => [l.rank, l.token, l.pick, l.score_mp, l.depth]), Hints.preview]);
  list.hidden = !h.lines.length;
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.innerHTML = "";
  for (const l of h.lines) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "hintline" + (Hints.preview === l.rank ? " shown" : "");
    b.dataset.rank = l.rank;
    b.dataset.token = l.token;
    const v = l.score_mp === null ? "–" : ((l.score_mp >= 0 ? "+" : "") + (l.score_mp / 1000).toFixed(3) + (l.exact ? " exact" : ""));
    b.innerHTML = `<span class="choice"></span> <span class="val">${v}</span>`;
    b.querySelector(".choice").textContent = hintRowText(l, h.side);
    b.title = `${l.token} (protocol, ${h.side}'s numbering), depth ${l.depth}`;
    b.onclick = () => { Hints.preview = Hints.preview === l.rank ? null : l.rank; render(); };
    li.appendChild(b);
    list.appendChild(li);
  }
}
