// The numbers side of the game: the players' cards (current number,
// doublets left, pips), the status line in plain words, the number buttons
// with a preview of the pair each one gives ("pick 5 → you play 5-2"), and
// the rules panel.
"use strict";

// preview: the number under the pointer or focus; tap: what a touch on a
// number does ("preview" the first time, "pick" on the number previewed).
const NC = { preview: null, tap: null };

// A touch screen: a number is previewed by a first tap, picked by a second.
function touchy() { return !!(window.matchMedia && window.matchMedia("(pointer: coarse)").matches); }

function other(side) { return side === "X" ? "Y" : "X"; }

function whoName(side) {
  const p = S.players[side];
  return p === "human" ? "You" : playerLabel(p);
}

// What picking `n` does, in words.
function previewText(n) {
  const g = S.game;
  const c = g.choices.find((x) => x.n === n);
  if (!c) return "";
  if (!c.legal) return `${n} cannot be picked: ${c.reason}.`;
  const me = g.to_move, opp = other(me);
  if (g.phase === "take") {
    return mine ? `Your answer (${me}) to ${g.stakes.offer}'s double.`
      : `${whoName(me)} (${me}) is deciding on ${g.stakes.offer}'s double.`;
  }
  if (g.phase === "opening") {
    return me === "X"
      ? `Pick ${n}: your initial number (turn 0, nobody moves). ${opp} picks next, not ${n}; your next pick must differ from ${n}.`
      : `Pick ${n}: the initial pair is ${g.numbers.X}-${n}. X's first play is X's next pick with your ${n}.`;
  }
  const cur = g.numbers[opp];
  const [hi, lo] = n >= cur ? [n, cur] : [cur, n];
  const dbl = c.doublet ? ` — a doublet, it spends one of your ${g.credits[me]} doublet credit${g.credits[me] === 1 ? "" : "s"}` : "";
  const pass = c.pass ? ` ${hi}-${lo} has no legal play: you pass.` : "";
  return `Pick ${n} → you play ${hi}-${lo}${dbl}.${pass} Your ${n} becomes half of ${opp}'s next pair.`;
}

// What the opponent can do after `n` is picked: each number it may pick
// then (never its own current one; `n` only as a doublet, with a credit
// left), with the pair it plays, highest first. Empty in the opening.
function repliesTo(n) {
  const g = S.game;
  if (g.phase === "opening") return [];
  const opp = other(g.to_move), own = g.numbers[opp];
  const out = [];
  for (let m = g.k; m >= 1; m--) {
    if (m === own || (m === n && !(g.credits[opp] > 0))) continue;
    out.push({ m, pair: `${Math.max(m, n)}-${Math.min(m, n)}`, doublet: m === n });
  }
  return out.sort((a, b) => b.pair.localeCompare(a.pair));
}

function repliesText(n) {
  const g = S.game, opp = other(g.to_move);
  const r = repliesTo(n);
  if (!r.length) return "";
  const own = g.numbers[opp];
  const why = `never its own ${own}` + (n === own ? "" : r.some((x) => x.doublet) ? `; ${n}-${n} spends a doublet credit` : `; no ${n}-${n}: no doublet credit left`);
  return `Then ${opp} plays one of ${r.map((x) => x.pair).join(", ")} (${why}).`;
}

// The engine to move has failed (its fault is shown): it will not move
// until it is restarted.
function engineStopped() {
  const g = S.game;
  return !!S.fault && g.phase !== "over" && !g.human_to_move && S.players[g.to_move] === S.fault.slot;
}

// The result, addressed to the person when one person played: "You win a
// gammon (2 points)", "Engine A: ncbg (Y) wins a single game (1 point)";
// in Anti-Backgammon with why: the other side bore off first. A drawn
// game (Anti-Backgammon's 500 turns each) says so.
function resultWords() {
  const g = S.game;
  if (!g.winner) return g.result || "";
  const what = g.result.replace(/^[XY] wins /, "");
  const w = g.winner, humans = ["X", "Y"].filter((s) => S.players[s] === "human");
  const why = g.anti && g.board[other(w) === "X" ? "x" : "y"][0] === g.board[other(w) === "X" ? "x" : "y"].reduce((a, b) => a + b, 0)
    ? ` — ${other(w)} bore off all its checkers first, and in Anti-Backgammon that loses` : "";
  if (humans.length === 1 && humans[0] === w) return `You (${w}) win ${what}${why}`;
  return `${whoName(w)} (${w}) wins ${what}${why}`;
}

// The game's variant in a few words, before the status of a race or an
// anti game. An anti game in play shows the mover's turn of its 500 (turn
// 0 is the opening); one loaded from a full-state ID later in a game says
// that it counts from there (the ID carries no turn count, and the draw
// is counted from the loaded position); a finished one shows no count, the
// result follows.
function variantWords() {
  const g = S.game;
  if (g.variant === "race") return `<span class="variant">Backgammon Race</span> `;
  if (g.variant !== "anti" && !g.anti) return "";
  const rule = "the first to bear off all its checkers loses; 500 turns each is a draw";
  if (g.phase === "over") return `<span class="variant" title="${rule}">Anti-Backgammon (game over)</span> `;
  const turn = g.phase === "opening" ? 0 : Math.floor(g.turns_played / 2) + 1;
  if (g.turns_from_beginning) return `<span class="variant" title="${rule}">Anti-Backgammon (turn ${turn} of 500)</span> `;
  return `<span class="variant" title="${rule}; a full-state ID carries no turn count, so the 500 are counted from the loaded position">Anti-Backgammon (turn ${turn} of 500 since the loaded position)</span> `;
}

function statusText() {
  const g = S.game;
  const me = g.to_move, mine = g.human_to_move;
  const pair = g.pair ? `<span class="pair"><span class="die">${g.pair[0]}</span><span class="die">${g.pair[1]}</span></span>` : "";
  if (g.phase === "over") return `<span class="result">${resultWords()}</span>`;
  if (engineStopped()) {
    return `<span class="stopped">${whoName(me)} (${me}) has stopped: press <b>Restart engine</b> to go on.</span>`;
  }
  if (S.paused && !mine) {
    return `<span class="paused">Paused: ${whoName(me)} (${me}) is to ${g.phase === "play" ? "play" : "pick"}. Press <b>Resume</b> (or <b>Step</b> for one move).</span>`;
  }
  if (g.phase === "take") {
    return mine ? `Your answer (${me}) to ${g.stakes.offer}'s double.`
      : `${whoName(me)} (${me}) is deciding on ${g.stakes.offer}'s double.`;
  }
  if (g.phase === "opening") {
    return mine ? `Your turn (${me}): pick your initial number. Nobody moves in turn 0.`
      : `${whoName(me)} (${me}) picks an initial number.`;
  }
  if (g.phase === "pick") {
    return mine ? `Your turn (${me}): pick a number from 1 to ${g.k}. You play it with ${other(me)}'s ${g.numbers[other(me)]}.`
      : `${whoName(me)} (${me}) is choosing a number.`;
  }
  return mine ? `You (${me}) play ${pair}` : `${whoName(me)} (${me}) plays ${pair}`;
}

function renderNC(pips) {
  const g = S.game;
  for (const side of ["X", "Y"]) {
    const c = $("card-" + side);
    c.className = "pcard" + (g.phase !== "over" && g.to_move === side ? " tomove" : "");
    // The session's first player's card first, whichever colour it plays
    // (a match changes the colours every game).
    c.style.order = side === firstPlayerSide() ? 0 : 1;
    const n = g.numbers[side];
    c.innerHTML = `<div class="who"><span class="disc ${side}"></span>${side} · ${playerLabel(S.players[side])}</div>
      <div class="num" data-number="${n ?? ""}" title="current number">${n ?? "–"}</div>
      <div class="small">doublets left <b class="credits">${g.credits[side]}</b> · pips <b class="pipcount">${pips[side]}</b></div>`;
  }
  $("status").innerHTML = variantWords() + statusText();
  const nb = $("numbers");
  const mine = g.human_to_move;
  // Rebuilt only when the choices change, so that focus stays put.
  const key = JSON.stringify([g.stateid, mine, g.choices]);
  if (nb.dataset.key !== key) {
    nb.dataset.key = key;
    nb.innerHTML = "";
    if (!g.choices.some((c) => c.n === NC.preview)) NC.preview = null;
    for (const c of g.choices) {
      const btn = document.createElement("button");
      btn.textContent = c.n;
      btn.dataset.n = c.n;
      if (c.doublet) btn.classList.add("doublet");
      if (c.legal && c.pass) btn.classList.add("nomove");
      btn.disabled = !c.legal || !mine;
      btn.title = !c.legal ? c.reason : !mine ? "not your turn"
        : (c.doublet ? "a doublet: spends a doublet credit" : "pick " + c.n) + (c.pass ? " (no legal play with that pair: you pass)" : "");
      btn.setAttribute("aria-describedby", "preview");
      // A touch has no hover: its first tap on a number previews it, a
      // second tap on the number previewed picks it.
      btn.addEventListener("pointerdown", (e) => {
        NC.tap = e.pointerType === "touch" || e.pointerType === "pen" ? (NC.preview === c.n ? "pick" : "preview") : null;
      });
      btn.onclick = () => {
        const tap = NC.tap;
        NC.tap = null;
        if (tap === "preview") { NC.preview = c.n; renderPreview(); return; }
        finishAnimation();
        api("/api/pick", { n: c.n }).catch(() => {});
      };
      const show = (e) => { if (e && e.pointerType === "touch") return; NC.preview = c.n; renderPreview(); };
      const hide = (e) => { if (e && e.pointerType === "touch") return; if (NC.preview === c.n) { NC.preview = null; renderPreview(); } };
      btn.addEventListener("pointerenter", show);
      btn.addEventListener("focus", show);
      btn.addEventListener("pointerleave", hide);
      btn.addEventListener("blur", hide);
      // Disabled buttons get no pointer events: the wrapper shows why (a
      // touch on one shows it too).
      const wrap = document.createElement("span");
      wrap.className = "numwrap";
      wrap.addEventListener("pointerenter", show);
      wrap.addEventListener("pointerleave", hide);
      if (!c.legal) wrap.addEventListener("pointerdown", (e) => { if (e.pointerType === "touch") { NC.preview = c.n; renderPreview(); } });
      wrap.appendChild(btn);
      nb.appendChild(wrap);
    }
    if (g.tree && g.tree.plays.length === 1 && g.tree.plays[0] === "pass") {
      const d = document.createElement("div");
      d.className = "nolegal";
      d.id = "nolegal";
      d.textContent = `No legal play with ${g.pair[0]}-${g.pair[1]}: no checker can move. `;
      const k = document.createElement("span");
      k.className = "small";
      k.textContent = " (Enter)";
      const ok = document.createElement("button");
      ok.textContent = "Pass";
      ok.id = "pass";
      ok.onclick = () => commit("pass");
      d.appendChild(ok);
      d.appendChild(k);
      nb.appendChild(d);
    }
  }
  renderPreview();
}

function renderPreview() {
  const g = S.game;
  const p = $("preview");
  const picking = g.human_to_move && (g.phase === "pick" || g.phase === "opening");
  p.hidden = !picking;
  // The number previewed is marked (a tap on a touch screen has no hover).
  for (const b of $("numbers").querySelectorAll("button[data-n]")) b.classList.toggle("previewed", picking && +b.dataset.n === NC.preview);
  if (!picking) return;
  p.dataset.n = NC.preview ?? "";
  const c = NC.preview !== null && g.choices.find((x) => x.n === NC.preview);
  const replies = c && c.legal ? repliesText(NC.preview) : "";
  p.dataset.replies = c && c.legal ? repliesTo(NC.preview).map((x) => x.pair).join(" ") : "";
  p.innerHTML = "";
  p.append(NC.preview !== null ? previewText(NC.preview)
    : `Point at a number, or Tab to it, to see the pair it gives you${touchy() ? " (on a touch screen: tap it once to see, again to pick)" : ""}.`);
  if (replies) {
    const d = document.createElement("div");
    d.className = "replies";
    d.textContent = replies;
    p.append(d);
  }
  // A hint asked for here: the engine's best with this number, if ranked.
  const h = S.hint, best = h && !h.picked && h.lines.find((l) => l.pick === NC.preview && l.pair);
  if (best) {
    const d = document.createElement("div");
    d.className = "replies engine-best";
    d.textContent = `The engine's best with ${NC.preview} (hint ${best.rank}): ${hintRowText(best, h.side)}${best.score_mp === null ? "" : `, ${(best.score_mp >= 0 ? "+" : "") + (best.score_mp / 1000).toFixed(3)}`}.`;
    p.append(d);
  }
}

$("rules-open").onclick = () => { $("rules").showModal(); $("rules-title").focus({ focusVisible: false }); };
$("rules-close").onclick = () => $("rules").close();
