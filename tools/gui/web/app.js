// The Play view: draws the server's snapshots, sends the person's actions.
// The server owns the game; this file keeps only the checker moves of an
// unfinished play (a path through the snapshot's play tree).
"use strict";

const $ = (id) => document.getElementById(id);
let S = null;            // latest snapshot
let flipped = false;     // viewer flipped by the person
let play = null;         // { key, node, path: [edges], selected, targets: Map }

async function api(path, body) {
  const r = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let j = {};
  try { j = await r.json(); } catch (e) { j = { error: "bad reply from the server" }; }
  if (!r.ok) { showMessage(j.error || r.statusText); throw new Error(j.error); }
  return j;
}

function showMessage(m) {
  const b = $("banner-msg");
  b.hidden = !m;
  b.textContent = m || "";
}

function viewer() {
  let v = "X";
  if (S && S.players.X !== "human" && S.players.Y === "human") v = "Y";
  if (flipped) v = v === "X" ? "Y" : "X";
  return v;
}

function playerLabel(code) {
  if (code === "human") return "You";
  const e = S.engines.find((e) => e.slot === code);
  return e ? `Engine ${code}: ${e.name}` : code;
}

// ---- the unfinished play -------------------------------------------------

function resetPlay() {
  const g = S.game;
  const key = g.tree ? g.stateid : null;
  if (!play || play.key !== key) play = key ? { key, node: 0, path: [], selected: null, targets: new Map() } : null;
}

function boardAfterPath() {
  const g = S.game;
  const b = { x: g.board.x.slice(), y: g.board.y.slice() };
  if (!play) return b;
  const me = g.to_move === "X" ? b.x : b.y;
  const them = g.to_move === "X" ? b.y : b.x;
  for (const e of play.path) {
    me[e.from]--; me[e.to]++;
    if (e.hit) { them[25 - e.to]--; them[25]++; }
  }
  return b;
}

// Targets of the checker on `src` (mover slot): chains of steps by the same
// checker, fewest hits first.
function targetsFrom(src) {
  const nodes = S.game.tree.nodes;
  const out = new Map();
  const walk = (node, at, chain) => {
    for (const e of nodes[node].edges) {
      if (e.from !== at) continue;
      const c = chain.concat([e]);
      const loc = moverLoc(e.to, S.game.to_move);
      const hits = c.filter((x) => x.hit).length;
      const old = out.get(loc);
      if (!old || old.length > c.length || (old.length === c.length && old.filter((x) => x.hit).length > hits)) out.set(loc, c);
      if (e.to !== 0) walk(e.next, e.to, c);
    }
  };
  walk(play.node, src, []);
  return out;
}

function slotOf(loc) {
  if (loc === "bar") return 25;
  if (loc === "off") return 0;
  const p = +loc.slice(1);
  return S.game.to_move === "X" ? p : 25 - p;
}

function onLoc(loc, ev, kind) {
  if (!play || !S.game.human_to_move) return;
  const nodes = S.game.tree.nodes;
  if (kind === "down") {
    if (play.selected && play.targets.has(loc)) { move(play.targets.get(loc)); return; }
    const src = slotOf(loc);
    const can = nodes[play.node].edges.some((e) => e.from === src);
    if (can && play.selected !== loc) {
      play.selected = loc;
      play.targets = targetsFrom(src);
    } else {
      play.selected = null;
      play.targets = new Map();
    }
    render();
  } else if (kind === "up" && play.selected && loc !== play.selected && play.targets.has(loc)) {
    move(play.targets.get(loc)); // a drag from the selected checker
  }
}

function move(chain) {
  for (const e of chain) { play.path.push(e); play.node = e.next; }
  play.selected = null;
  play.targets = new Map();
  const done = S.game.tree.nodes[play.node].done;
  render();
  if (done && $("autocommit").checked) commit(done);
}

async function commit(token) {
  try { await api("/api/play", { play: token }); } catch (e) { /* shown */ }
}

async function undo() {
  if (play && play.path.length) {
    play.path.pop();
    play.node = play.path.length ? play.path[play.path.length - 1].next : 0;
    play.selected = null;
    play.targets = new Map();
    render();
  } else if (S && S.game.picked !== null && S.game.human_to_move) {
    await api("/api/unpick", {}).catch(() => {});
  }
}

// ---- drawing ---------------------------------------------------------------

function render() {
  if (!S) return;
  resetPlay();
  const g = S.game;
  const v = viewer();
  const hl = { sources: new Set(), targets: new Set(), selected: play && play.selected };
  if (play && g.human_to_move) {
    for (const e of g.tree.nodes[play.node].edges) hl.sources.add(moverLoc(e.from, g.to_move));
    for (const loc of play.targets.keys()) hl.targets.add(loc);
  }
  const arrows = play ? play.path.map((e) => ({ from: moverLoc(e.from, g.to_move), to: moverLoc(e.to, g.to_move), cls: "played" })) : [];
  const b = boardAfterPath();
  const pips = (a) => a.reduce((s, c, i) => s + c * i, 0);
  drawBoard($("board"), b, { viewer: v, highlight: hl, arrows, onLoc, pips: { X: pips(b.x), Y: pips(b.y) } });
  renderNC();
  renderEngines();
  renderGame();
  renderControls();
}

function renderNC() {
  const g = S.game;
  for (const side of ["X", "Y"]) {
    const c = $("card-" + side);
    c.className = "pcard" + (g.phase !== "over" && g.to_move === side ? " tomove" : "");
    const n = g.numbers[side];
    c.innerHTML = `<div class="who"><span class="disc ${side}"></span>${side} · ${playerLabel(S.players[side])}</div>
      <div class="num" data-number="${n ?? ""}">${n ?? "–"}</div>
      <div class="small">doublets left: <b class="credits">${g.credits[side]}</b> · pips ${g.pips[side]}</div>`;
  }
  const st = $("status");
  let text;
  if (g.phase === "over") text = `<span class="result">${g.result}</span>`;
  else if (g.phase === "opening") text = `Turn 0: <b>${g.to_move}</b> picks an initial number`;
  else if (g.phase === "pick") text = `<b>${g.to_move}</b> to pick a number`;
  else text = `<b>${g.to_move}</b> plays <span class="pair"><span class="die">${g.pair[0]}</span><span class="die">${g.pair[1]}</span></span>`;
  st.innerHTML = `${text} <span class="small">· phase <span id="phase">${g.phase}</span> · k=${g.k}</span>`;
  const nb = $("numbers");
  nb.innerHTML = "";
  const mine = g.human_to_move;
  for (const c of g.choices) {
    const btn = document.createElement("button");
    btn.textContent = c.n;
    btn.dataset.n = c.n;
    if (c.doublet) btn.classList.add("doublet");
    btn.disabled = !c.legal || !mine;
    btn.title = !c.legal ? c.reason : c.doublet ? "a doublet: spends a doublet credit" : mine ? "pick " + c.n : "not your turn";
    btn.onclick = () => api("/api/pick", { n: c.n }).catch(() => {});
    nb.appendChild(btn);
  }
  if (g.tree && g.tree.plays.length === 1 && g.tree.plays[0] === "pass") {
    const d = document.createElement("div");
    d.className = "nolegal";
    d.id = "nolegal";
    d.textContent = `No legal play with ${g.pair[0]}-${g.pair[1]}: no checker can move. `;
    const ok = document.createElement("button");
    ok.textContent = "Pass";
    ok.id = "pass";
    ok.onclick = () => commit("pass");
    d.appendChild(ok);
    nb.appendChild(d);
  }
}

function fmtScore(info) {
  if (!info || info.score_mp === null || info.score_mp === undefined) return "–";
  const p = info.score_mp / 1000;
  return (p >= 0 ? "+" : "") + p.toFixed(3) + (info.exact ? " (exact)" : "");
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
  if (t) {
    const i = t.info || {};
    th.innerHTML = `Engine ${String.fromCharCode(65 + t.slot)} thinks for ${t.side}: depth <b id="t-depth">${i.depth ?? "–"}</b> · score <b id="t-score">${fmtScore(t.info)}</b> · nodes ${i.nodes ?? "–"}<div class="pv">pv ${(i.pv || []).join(" ")}</div>`;
  } else if (S.last_search && S.last_search.info) {
    const l = S.last_search, i = l.info;
    th.innerHTML = `<span class="small">last search</span> engine ${l.slot} for ${l.side}: depth ${i.depth} · score ${fmtScore(i)} · nodes ${i.nodes}<div class="pv">pv ${(i.pv || []).join(" ")}</div>`;
  } else {
    th.innerHTML = `<span class="small">no engine is thinking</span>`;
  }
  $("stop").disabled = !t;
  $("pause").textContent = S.paused ? "Resume" : "Pause";
  const f = S.fault;
  $("banner-fault").hidden = !f;
  if (f) { $("fault-text").textContent = f.message; $("fault-restart").dataset.slot = f.slot; }
}

function renderGame() {
  const g = S.game;
  const rec = $("record");
  const atBottom = rec.scrollTop + rec.clientHeight >= rec.scrollHeight - 4;
  rec.innerHTML = "";
  const startRow = document.createElement("div");
  startRow.className = "tok";
  startRow.dataset.id = g.start;
  startRow.innerHTML = `<span>start</span><span></span><span class="id">${g.start}</span>`;
  rec.appendChild(startRow);
  g.record.forEach((r, i) => {
    const d = document.createElement("div");
    d.className = "tok";
    d.dataset.token = r.token;
    d.dataset.id = r.after;
    d.title = "click to copy the full-state ID after this turn";
    d.innerHTML = `<span>${i + 1}.</span><span>${r.side}</span><span>${r.token}</span><span class="id">${r.after}</span>`;
    rec.appendChild(d);
  });
  for (const d of rec.querySelectorAll(".tok")) d.onclick = () => copy(d.dataset.id);
  if (atBottom) rec.scrollTop = rec.scrollHeight;
  document.body.dataset.stateid = g.stateid;
}

function renderControls() {
  const g = S.game;
  const mine = g.human_to_move && g.phase === "play";
  $("undo").disabled = !(mine && ((play && play.path.length) || g.picked !== null));
  const done = play && S.game.tree.nodes[play.node].done;
  $("confirm").hidden = !(mine && done && play.path.length);
  $("typed-play").disabled = !mine;
  let hint = "";
  if (g.phase === "over") hint = g.result;
  else if (g.human_to_move && (g.phase === "pick" || g.phase === "opening")) hint = "Pick a number";
  else if (mine && play && !done) hint = play.selected ? "Click where the checker goes" : "Click a checker to move";
  else if (!g.human_to_move) hint = S.paused ? "Paused" : "Engine to move";
  $("hint").textContent = hint;
  // Player selects for a new game.
  for (const id of ["g-x", "g-y"]) {
    const sel = $(id);
    if (sel.options.length !== S.engines.length + 1) {
      sel.innerHTML = `<option value="human">human</option>` + S.engines.map((e) => `<option value="${e.slot}">engine ${e.slot}: ${e.name}</option>`).join("");
      sel.value = S.players[id === "g-x" ? "X" : "Y"];
    }
  }
  $("save-match").disabled = !g.can_save;
  $("save-mat").disabled = !g.can_save;
  $("takeback").disabled = g.record.length === 0 && g.picked === null;
}

function copy(text) {
  const done = () => showMessage("copied " + text);
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, () => {});
  else {
    const t = document.createElement("textarea");
    t.value = text; document.body.appendChild(t); t.select();
    try { document.execCommand("copy"); done(); } catch (e) { /* nothing */ }
    t.remove();
  }
}

// ---- controls --------------------------------------------------------------

function setupPlay() {
  const pair = $("g-pair");
  for (let a = 1; a <= 9; a++) for (let b = 1; b <= 9; b++) if (a !== b) pair.insertAdjacentHTML("beforeend", `<option value="${a}-${b}">${a}-${b}</option>`);
  $("flip").onclick = () => { flipped = !flipped; render(); };
  $("undo").onclick = undo;
  $("confirm").onclick = () => commit(S.game.tree.nodes[play.node].done);
  $("typed").onsubmit = (e) => { e.preventDefault(); const t = $("typed-play").value.trim(); if (t) api("/api/play", { play: t }).then(() => { $("typed-play").value = ""; }).catch(() => {}); };
  $("search").onsubmit = (e) => { e.preventDefault(); api("/api/search", { depth: +$("s-depth").value, movetime: +$("s-movetime").value }).catch(() => {}); };
  $("stop").onclick = () => api("/api/stop", {}).catch(() => {});
  $("pause").onclick = () => api("/api/pause", { paused: !S.paused }).catch(() => {});
  $("fault-restart").onclick = () => api("/api/restart", { slot: $("fault-restart").dataset.slot }).catch(() => {});
  $("takeback").onclick = () => api("/api/takeback", {}).catch(() => {});
  $("newgame").onsubmit = (e) => {
    e.preventDefault();
    const p = $("g-pair").value.split("-");
    const body = { k: +$("g-k").value, credits: +$("g-credits").value, variant: $("g-variant").value, x: $("g-x").value, y: $("g-y").value, state: $("g-state").value || null };
    if (p.length === 2) { body.x0 = +p[0]; body.y0 = +p[1]; }
    api("/api/newgame", body).then(() => { play = null; }).catch(() => {});
  };
  const save = (format) => api("/api/save", { name: $("save-name").value.trim(), format }).then((j) => showMessage("saved " + j.path)).catch(() => {});
  $("save-match").onclick = () => save("match");
  $("save-mat").onclick = () => save("mat");
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT") return;
    if (e.key === "Backspace" || (e.key === "z" && e.ctrlKey)) undo();
  });
}

function connect() {
  const es = new EventSource("/api/events");
  es.onopen = () => { $("conn").textContent = "connected"; };
  es.onerror = () => { $("conn").textContent = "reconnecting…"; };
  es.onmessage = (m) => {
    S = JSON.parse(m.data);
    if (S.search) {
      if (document.activeElement !== $("s-depth")) $("s-depth").value = S.search.depth;
      if (document.activeElement !== $("s-movetime")) $("s-movetime").value = S.search.movetime;
    }
    showMessage(S.message);
    render();
    if (window.onReviewSnapshot) window.onReviewSnapshot(S);
    document.body.dataset.version = S.version;
  };
}

$("tab-play").onclick = () => { $("view-play").hidden = false; $("view-review").hidden = true; $("tab-play").classList.add("active"); $("tab-review").classList.remove("active"); };
$("tab-review").onclick = () => { $("view-play").hidden = true; $("view-review").hidden = false; $("tab-review").classList.add("active"); $("tab-play").classList.remove("active"); if (window.reviewShown) window.reviewShown(); };
setupPlay();
connect();
