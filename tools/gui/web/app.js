// The Play view: draws the server's snapshots, sends the person's actions.
// The server owns the game; this file keeps only the checker moves of an
// unfinished play (a path through the snapshot's play tree).
"use strict";

const $ = (id) => document.getElementById(id);
let S = null;            // latest snapshot
let flipped = false;     // viewer flipped by the person
let play = null;         // { key, node, path: [edges], selected, targets: Map }
// A past position shown from the record (a click on a turn): { index, id,
// board, live } until the game moves on (live: the game's stateid then),
// "Back to the game" or Esc.
let past = null;

// A request to the board (transport.js: the server, or the static site's
// worker). A person's action (a POST) first clears the last message; a
// refusal is shown in the banner, and so is a board that does not answer: a
// request never fails silently.
async function api(path, body) {
  if (body !== undefined) showMessage(null);
  let r;
  try {
    r = await Transport.request(path, body);
  } catch (e) {
    showMessage(Transport.isStatic
      ? `The board in this page stopped (${e.message}): reload the page. Nothing was done.`
      : "Could not reach ncbg-gui: the server is not answering (is it still running?). Nothing was done.");
    throw e;
  }
  const j = r.json;
  if (!r.ok) { showMessage(j.error || r.statusText); throw new Error(j.error); }
  return j;
}

// Offers `text` as a file download named `name` (the static site saves
// games this way).
function download(name, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// Shows `m` in the message banner (none: hides it); `brief` news (saved,
// copied) goes away by itself after a few seconds.
let msgTimer = null;
function showMessage(m, brief) {
  const b = $("banner-msg");
  clearTimeout(msgTimer);
  b.hidden = !m;
  $("msg-text").textContent = m || "";
  placeBanners();
  if (m && brief) msgTimer = setTimeout(() => { if ($("msg-text").textContent === m) b.hidden = true; }, 5000);
}

// True when a key pressed on `t` is typing (a text field, a number box,
// the slider): only those swallow the page's keys. A checkbox or a button
// clicked a moment ago must not stop keyboard play.
function isTyping(t) {
  if (!t || !t.tagName) return false;
  if (t.tagName === "TEXTAREA" || t.isContentEditable) return true;
  if (t.tagName !== "INPUT") return false;
  return !["checkbox", "radio", "button", "submit", "reset", "color", "file"].includes(t.type);
}

// The side drawn at the bottom: the person's when one person plays;
// otherwise the session's first player's (X of its first game). A match
// changes the colours every game, and the bottom stays with the player.
function viewer() {
  let v = firstPlayerSide();
  const humans = S ? ["X", "Y"].filter((s) => S.players[s] === "human") : [];
  if (humans.length === 1) v = humans[0];
  if (flipped) v = v === "X" ? "Y" : "X";
  return v;
}

// The colour the session's first player (X of its first game) plays now.
function firstPlayerSide() {
  return (S && S.game.stakes && S.game.stakes.first_player) || "X";
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
  if (loc === "pool") return 26;
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
  fixCursor();
  const g = S.game;
  const v = viewer();
  const hl = { sources: new Set(), targets: new Set(), selected: play && play.selected, cursor: Keys.cursor };
  if (play && g.human_to_move) {
    for (const e of g.tree.nodes[play.node].edges) hl.sources.add(moverLoc(e.from, g.to_move));
    for (const loc of play.targets.keys()) hl.targets.add(loc);
  }
  const arrows = (play ? play.path.map((e) => ({ from: moverLoc(e.from, g.to_move), to: moverLoc(e.to, g.to_move), cls: "played" })) : [])
    .concat(hintArrows());
  if (past && past.live !== g.stateid) past = null;
  const b = boardAfterPath();
  const pips = boardPips;
  const p = { X: pips(b.x), Y: pips(b.y) };
  renderPast();
  // While a move is animated, anim.js draws the board; a past position
  // from the record is drawn as it was, without the live game's handles.
  if (past && past.board) {
    stopAnimation();
    drawBoard($("board"), past.board, { viewer: v, arrows: [], pips: { X: pips(past.board.x), Y: pips(past.board.y) }, pool: g.variant === "race" });
  } else if (!animating()) {
    drawBoard($("board"), b, { viewer: v, highlight: hl, last: lastMoveLocs(g.last_move), arrows, onLoc, pips: p, pool: g.variant === "race", toMove: g.to_move });
    drawCube($("board"), g.stakes, v);
  }
  renderNC(animating() && Anim.run.pips ? Anim.run.pips : p);
  renderEngines();
  renderGame();
  renderControls();
  renderCube();
}

function renderControls() {
  const g = S.game;
  const mine = g.human_to_move && g.phase === "play";
  $("undo").disabled = !(mine && ((play && play.path.length) || g.picked !== null));
  const done = play && S.game.tree.nodes[play.node].done;
  $("confirm").hidden = !(mine && done && play.path.length);
  $("typed-play").disabled = !mine;
  let hint = "";
  if (g.phase === "over") hint = resultWords();
  else if (g.human_to_move && g.phase === "take") hint = "Take (t) or drop (p) the double";
  else if (g.human_to_move && (g.phase === "pick" || g.phase === "opening")) hint = g.stakes && g.stakes.actions.includes("double") ? "Pick a number, or double first (d)" : "Pick a number";
  else if (mine && forcedPass()) hint = "No legal play: Pass (or Enter)";
  else if (mine && play && !done) hint = play.selected ? "Click where the checker goes (or arrows, Enter)" : "Click a checker to move (or arrows, Enter)";
  else if (!g.human_to_move) hint = engineStopped() ? "Engine stopped: press Restart engine" : S.paused ? "Paused" : "Engine to move";
  $("hint").textContent = hint;
  // Player selects for a new game.
  for (const id of ["g-x", "g-y"]) {
    const sel = $(id);
    if (sel.options.length !== S.engines.length + 1) {
      sel.innerHTML = `<option value="human">human</option>` + S.engines.map((e) => `<option value="${e.slot}">engine ${e.slot}: ${e.name}</option>`).join("");
      sel.value = S.players[id === "g-x" ? "X" : "Y"];
    }
  }
  const unfinished = "a game is saved once it is finished";
  $("save-match").disabled = !g.can_save;
  $("save-match").title = g.can_save ? "save the game as a referee match file (NAME.txt)" : unfinished;
  $("save-mat").disabled = !g.can_save || !!g.mat_refusal;
  $("save-mat").title = !g.can_save ? unfinished : g.mat_refusal ? `no .mat for this game: ${g.mat_refusal}` : "save the game as a gnubg .mat (NAME.mat)";
  // A new turn (or game) starts with an empty typed-play box.
  const turnKey = `${g.start}|${g.record.length}`;
  if ($("typed-play").dataset.turn !== turnKey) { $("typed-play").dataset.turn = turnKey; $("typed-play").value = ""; }
  $("takeback").disabled = g.record.length === 0 && g.picked === null;
}

function copy(text) {
  const done = () => showMessage("copied " + text, true);
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
  $("copy-id").onclick = () => copy(past ? past.id : S.game.stateid);
  $("past-back").onclick = () => { past = null; render(); };
  // A click on the board showing a past position goes back to the game.
  $("board").addEventListener("pointerdown", (e) => {
    if (!past) return;
    e.stopPropagation();
    past = null;
    render();
  }, true);
  $("hint-ask").onclick = () => askHint();
  $("undo").onclick = undo;
  $("confirm").onclick = () => commit(S.game.tree.nodes[play.node].done);
  $("typed").onsubmit = (e) => {
    e.preventDefault();
    // Typed on the mover's own numbers, as the record writes plays (commas
    // or spaces between the moves), which the server takes.
    const t = $("typed-play").value.trim();
    if (!t) return;
    // A typed play was not moved on the board: it is animated like the
    // other side's.
    Anim.typed = S.game.record.length;
    api("/api/play", { play: t }).then(() => { $("typed-play").value = ""; }).catch(() => { Anim.typed = null; });
  };
  $("search").onsubmit = (e) => {
    e.preventDefault();
    // Any whole number in range; anything else is said, not dropped.
    const whole = (id, max, what) => {
      const v = $(id).value.trim();
      if (!/^\d+$/.test(v) || +v > max) throw new Error(`${what} takes a whole number from 0 to ${max} (not '${v}')`);
      return +v;
    };
    let body;
    try {
      body = { depth: whole("s-depth", 64, "depth"), movetime: whole("s-movetime", 600000, "ms/move"), delay: whole("s-delay", 60000, "delay ms") };
    } catch (err) { showMessage(err.message); return; }
    api("/api/search", body).then(() => showMessage("search limits set", true)).catch(() => {});
  };
  $("step").onclick = () => api("/api/step", {}).catch(() => {});
  // The page's options outlive a reload (this browser's localStorage).
  for (const id of ["hints", "animate", "autocommit"]) {
    const saved = localStorage.getItem("ncbg.option." + id);
    if (saved !== null) $(id).checked = saved === "1";
    $(id).addEventListener("change", () => { localStorage.setItem("ncbg.option." + id, $(id).checked ? "1" : "0"); if (S) render(); });
  }
  // The server sends the engines' lines in a game a person plays only
  // with hints on: it is told at the start and at every change.
  const tellHints = () => api("/api/hints", { on: $("hints").checked }).catch(() => {});
  $("hints").addEventListener("change", tellHints);
  tellHints();
  $("msg-close").onclick = () => { $("banner-msg").hidden = true; };
  $("stop").onclick = () => api("/api/stop", {}).catch(() => {});
  $("pause").onclick = () => api("/api/pause", { paused: !S.paused }).catch(() => {});
  $("fault-restart").onclick = () => api("/api/restart", { slot: $("fault-restart").dataset.slot }).catch(() => {});
  $("takeback").onclick = () => api("/api/takeback", {}).catch(() => {});
  $("newgame").onsubmit = (e) => {
    e.preventDefault();
    const p = $("g-pair").value.split("-");
    const body = { k: +$("g-k").value, credits: +$("g-credits").value, variant: $("g-variant").value, x: $("g-x").value, y: $("g-y").value, state: $("g-state").value || null, stakes: stakesSetup() };
    if (p.length === 2) { body.x0 = +p[0]; body.y0 = +p[1]; }
    // Once the game has started from the ID, the box empties: the next New
    // game starts from the usual position unless an ID is given again. The
    // last game's save name goes too.
    api("/api/newgame", body).then(() => { play = null; past = null; $("g-state").value = ""; $("save-name").value = ""; }).catch(() => {});
  };
  // The name stays for the game's other format; a new game empties it.
  // The server writes the file in its folder; the static site hands it to
  // the browser as a download.
  const save = (format) => api("/api/save", { name: $("save-name").value.trim(), format }).then((j) => {
    if (j.text !== undefined) { download(j.name, j.text); showMessage("saved " + j.name + " (a download)", true); } else showMessage("saved " + j.path, true);
  }).catch(() => {});
  $("save-match").onclick = () => save("match");
  $("save-mat").onclick = () => save("mat");
  document.addEventListener("keydown", (e) => {
    if (isTyping(e.target) || $("view-play").hidden) return;
    if (e.key === "Backspace" || (e.key === "z" && e.ctrlKey)) undo();
  });
}

function connect() {
  Transport.subscribe((snapshot) => {
    const prev = S;
    S = snapshot;
    if (S.search) {
      if (document.activeElement !== $("s-depth")) $("s-depth").value = S.search.depth;
      if (document.activeElement !== $("s-movetime")) $("s-movetime").value = S.search.movetime;
      if (document.activeElement !== $("s-delay")) $("s-delay").value = S.search.delay;
    }
    onMoveSnapshot(prev, S);
    if (!prev || prev.message !== S.message) showMessage(S.message);
    render();
    if (window.onReviewSnapshot) window.onReviewSnapshot(S);
    document.body.dataset.version = S.version;
  }, setOnline);
}

// The banners sit at the top of the shown view's side column: never over
// the board (on a narrow screen CSS floats them at the bottom instead).
function placeBanners() {
  const side = document.querySelector("main:not([hidden]) .side");
  const b = $("banners");
  if (side && b.parentNode !== side) side.prepend(b);
  // They float over the foot of the side column (CSS: fixed), its width,
  // so that a message pushes nothing; on a narrow screen CSS centres them.
  if (side && window.innerWidth > 760) {
    const r = side.getBoundingClientRect();
    b.style.left = r.left + "px";
    b.style.width = r.width + "px";
  } else {
    b.style.left = "";
    b.style.width = "";
  }
}
window.addEventListener("resize", placeBanners);

// The server is gone (or back): a banner says so and the controls are
// inert until the event stream is connected again.
function setOnline(on) {
  $("conn").textContent = Transport.isStatic ? (on ? "in this page" : "stopped") : on ? "connected" : "reconnecting…";
  $("banner-offline").hidden = on;
  if (Transport.isStatic) $("banner-offline").firstElementChild.textContent = "The board in this page stopped: reload the page to start again.";
  document.body.classList.toggle("offline", !on);
  for (const v of ["view-play", "view-review"]) $(v).inert = !on;
}

function showView(play) {
  $("view-play").hidden = !play;
  $("view-review").hidden = play;
  $("tab-play").classList.toggle("active", play);
  $("tab-review").classList.toggle("active", !play);
  // A message belongs to the view it was given in.
  showMessage(null);
  placeBanners();
  if (!play && window.reviewShown) window.reviewShown();
}

$("tab-play").onclick = () => showView(true);
$("tab-review").onclick = () => showView(false);
// Started once every script of the page has run: a snapshot that came in
// while a later script (anim.js, keys.js, review.js) was still loading would
// find its functions missing, and a game standing still (an engine faulted)
// sends no next snapshot to mend the page.
document.addEventListener("DOMContentLoaded", () => {
  setupPlay();
  placeBanners();
  connect();
});
