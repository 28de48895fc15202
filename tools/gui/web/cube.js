// The cube and the match on the page: the stakes of a new game (match
// length, cube, Jacoby, beavers, Crawford), the cube on the board's bar
// (centred, or at its owner's end; an offered cube in the middle showing
// its new value), the match score with the Crawford mark, the person's
// Double / Take / Drop / Beaver buttons and keys (d, t, p, b), the engine's
// cube action with its equities, and Next game. The server decides what is
// legal (the snapshot's stakes.actions); this file only shows and sends.
"use strict";

const Cube = {
  // The action token for a key.
  keys: { d: "double", t: "take", p: "drop", b: "beaver" },
  words: { double: "Double", take: "Take", drop: "Drop (pass)", beaver: "Beaver" },
  titles: {
    double: "offer to double the stakes before you pick (d)",
    take: "accept the double: the cube doubles and is yours (t)",
    drop: "refuse the double: you lose the game at the cube's value now (p)",
    beaver: "take and redouble at once: the cube quadruples and stays yours (b)",
  },
};

// The stakes a new game is played for, from the form.
function stakesSetup() {
  const len = Math.max(0, Math.min(64, +$("g-match").value || 0));
  return {
    match_length: len,
    cube: $("g-cube").checked,
    jacoby: $("g-jacoby").checked,
    beavers: len === 0 && $("g-beavers").checked,
    crawford: $("g-crawford").checked,
  };
}

// The money options only mean something in money play; Crawford only in
// a match.
function syncStakesForm() {
  const match = (+$("g-match").value || 0) > 0;
  $("g-cube").disabled = match;
  $("g-jacoby").disabled = match || !$("g-cube").checked;
  $("g-beavers").disabled = match || !$("g-cube").checked;
  $("g-crawford").disabled = !match;
}

// Draws the cube on the bar of `svg` (drawn by drawBoard for `viewer`).
function drawCube(svg, stakes, viewer) {
  if (!stakes || !stakes.cube_in_play && stakes.cube.value === 1 && !stakes.offer) return;
  const innerY = G.top + G.frame, size = 44;
  const x = G.left + G.frame + G.quadW + G.bar / 2;
  const c = stakes.cube;
  let y = innerY + G.innerH / 2, where = "centre", value = c.value === 1 ? 64 : c.value;
  if (stakes.offer) {
    where = "offered";
    value = c.value * 2;
  } else if (c.owner) {
    where = c.owner === viewer ? "bottom" : "top";
    y = where === "bottom" ? innerY + G.innerH - size / 2 - 4 : innerY + size / 2 + 4;
  }
  const g = el("g", { id: "cube", class: "cube " + where, "data-value": c.value, "data-owner": c.owner || "", "data-where": where }, svg);
  el("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 7, class: "cubebody" }, g);
  const t = el("text", { x, y: y + 7, class: "cubevalue" }, g);
  t.textContent = value;
  const title = el("title", {}, g);
  title.textContent = stakes.offer ? `${stakes.offer} offers the cube at ${value}`
    : c.owner ? `cube ${c.value}, ${c.owner}'s` : `cube centred (${c.value})`;
}

// The match's players, the session's first player (X of its first game)
// first, as the colours they play in this game: a match changes the
// colours every game, and the page keeps each score with its player.
function matchSides() {
  const first = firstPlayerSide();
  return [first, first === "X" ? "Y" : "X"];
}

// A player's short name on the match line: "You", "Engine A"; two players
// of one kind (a person on both sides, an engine against itself) are
// "Player 1" and "Player 2", the session's first player first.
function matchName(side) {
  if (S.players.X === S.players.Y) return `Player ${matchSides().indexOf(side) + 1}`;
  const p = S.players[side];
  return p === "human" ? "You" : `Engine ${p}`;
}

// The match line: "Match to 5 · You (Y) 2 · Engine A (X) 1 · Crawford",
// the players in the session's order, each with the colour it plays now;
// or money.
function stakesText(st) {
  if (!st) return "";
  if (st.match) {
    const m = st.match;
    const cr = m.crawford === "game" ? ' · <b class="crawford" title="the Crawford game: no cube">Crawford</b>'
      : m.crawford === "after" ? ' · <span class="postcrawford">post-Crawford</span>' : "";
    const who = matchSides().map((side, i) =>
      `<span class="mplayer" data-player="${i + 1}" data-side="${side}">${matchName(side)} (${side}) <b class="score" data-side="${side}">${m.score[side]}</b></span>`);
    return `Match to <b>${m.length}</b> · ${who.join(" · ")}${cr}`;
  }
  const t = st.terms;
  const money = t.cube ? `Money, cube${t.jacoby ? " · Jacoby" : ""}${t.beavers ? " · beavers" : ""}` : "Money, no cube";
  return st.games > 0 ? `${money} · totals X ${st.totals.X} · Y ${st.totals.Y}` : money;
}

function renderCube() {
  const g = S.game, st = g.stakes;
  if (!st) return;
  $("match").innerHTML = stakesText(st);
  const after = st.after;
  // By player, as the match line (the score after the game is by this
  // game's colours; the next game changes them).
  const [a, b] = matchSides();
  const won = after && after.over ? [after.winner, other(after.winner)] : null;
  $("match-after").textContent = !after ? ""
    : won ? `${matchName(won[0])} (${won[0]}) ${matchName(won[0]) === "You" ? "win" : "wins"} the match ${after.score[won[0]]}-${after.score[won[1]]}`
      : `Score after this game: ${matchName(a)} ${after.score[a]} · ${matchName(b)} ${after.score[b]}${after.crawford ? " (next: the Crawford game)" : ""}`;
  document.body.dataset.matchOver = after && after.over ? "1" : "";
  // The person's cube buttons: only the actions the server lists.
  const bar = $("cubebar");
  const key = JSON.stringify(st.actions);
  if (bar.dataset.key !== key) {
    bar.dataset.key = key;
    bar.innerHTML = "";
    for (const a of st.actions) {
      const b = document.createElement("button");
      b.type = "button";
      b.id = "cube-" + a;
      b.className = "cubebtn " + a;
      b.textContent = Cube.words[a];
      b.title = Cube.titles[a];
      b.onclick = () => cubeAction(a);
      bar.appendChild(b);
    }
  }
  bar.hidden = st.actions.length === 0;
  const offer = st.offer && g.human_to_move;
  $("cube-offer").hidden = !offer;
  const doubler = S.players[st.offer] === "human" ? st.offer : `Engine ${S.players[st.offer]} (${st.offer})`;
  if (offer) $("cube-offer").textContent = `${doubler} doubles to ${st.cube.value * 2}: take (t), drop (p)${st.actions.includes("beaver") ? " or beaver (b)" : ""}?`;
  // The engine's last cube action, with its equities when hints allow.
  const n = st.engine_action;
  const note = $("cube-note");
  note.hidden = !n;
  if (n) {
    const verb = { double: "doubles", take: "takes", drop: "drops (passes)", beaver: "beavers" }[n.action] || n.action;
    note.textContent = `Engine ${n.slot} (${n.side}) ${verb}` + (n.analysis ? ` — ${n.analysis}` : n.hidden ? " (its equities show with hints on)" : "");
  }
  const next = g.phase === "over" && !(after && after.over) && (st.match || st.terms.cube);
  $("next-game").hidden = !next;
}

function cubeAction(a) {
  finishAnimation();
  api("/api/cube", { action: a }).catch(() => {});
}

function setupCube() {
  for (const id of ["g-match", "g-cube"]) $(id).addEventListener("input", syncStakesForm);
  syncStakesForm();
  $("next-game").onclick = () => api("/api/nextgame", {}).then(() => { play = null; past = null; }).catch(() => {});
  document.addEventListener("keydown", (e) => {
    if (isTyping(e.target) || $("view-play").hidden || e.ctrlKey || e.metaKey || e.altKey || !S) return;
    const a = Cube.keys[e.key.toLowerCase()];
    if (a && S.game.stakes && S.game.stakes.actions.includes(a)) { cubeAction(a); e.preventDefault(); }
  });
}
setupCube();
