// The last move on the board: its points highlighted until the next move
// (as lichess keeps the last move's squares), its checkers animated step by
// step when the page saw the position before it (an engine's or the other
// side's move, not the person's own clicks), hits flying to the bar and
// entering checkers from the pool; and
// plays written as gnubg writes them, on their mover's own numbers.
"use strict";

const Anim = {
  shownKey: null,   // the last move already shown (animated or not)
  run: null,        // { lm, step, frames, timer, anims } while animating
  count: 0,         // finished animations (the tests read it)
  typed: null,      // record index of a play the person typed (animated too)
  stepMs: 260,
};

// The key of a snapshot's last move: its index and the state after it.
function lastMoveKey(s) {
  const lm = s.game.last_move;
  return lm ? lm.index + ":" + s.game.record[lm.index].after : "";
}

// The from and to locations of a last move (points a checker passed
// through are neither), and the points where it hit.
function lastMoveLocs(lm) {
  const from = new Set(), to = new Set(), hit = new Set();
  if (!lm) return { from, to, hit };
  for (const [, t, h] of lm.steps) if (h) hit.add(moverLoc(t, lm.side));
  const fs = lm.steps.map(([f]) => moverLoc(f, lm.side));
  const ts = lm.steps.map(([, t]) => moverLoc(t, lm.side));
  for (const f of fs) if (!ts.includes(f)) from.add(f);
  for (const t of ts) if (!fs.includes(t)) to.add(t);
  if (lm.steps.length && !from.size) for (const f of fs) from.add(f);
  if (lm.steps.length && !to.size) for (const t of ts) to.add(t);
  return { from, to, hit };
}

// A board after the first `n` steps of `lm`, from lm.before.
function boardAfterSteps(lm, n) {
  const b = { x: lm.before.x.slice(), y: lm.before.y.slice() };
  const me = lm.side === "X" ? b.x : b.y, them = lm.side === "X" ? b.y : b.x;
  for (const [f, t, hit] of lm.steps.slice(0, n)) {
    me[f]--; me[t]++;
    if (hit) { them[25 - t]--; them[25]++; }
  }
  return b;
}

// A play as gnubg writes it: on its mover's own point numbers (Y's plays
// from Y's side, as the saved .mat has them), its moves apart by spaces.
// The protocol's token is the same play with commas.
function playText(play) { return play.replace(/,/g, " "); }

// A turn token in the page's words, its play on the mover's numbers:
// "picked 2, played bar/18", "picked 4, no legal play (pass)", "picked 3"
// (an opening pick), "played 8/4 6/4" (a play without a pick).
function turnWords(token) {
  const i = token.indexOf(":");
  if (/^\d+$/.test(token)) return `picked ${token}`;
  const play = i >= 0 ? token.slice(i + 1) : token;
  const words = play === "pass" ? "no legal play (pass)" : `played ${playText(play)}`;
  return i >= 0 ? `picked ${token.slice(0, i)}, ${words}` : words;
}

// True while a move is being animated: render() leaves the board to it.
function animating() { return Anim.run !== null; }

function stopAnimation() {
  if (!Anim.run) return;
  clearTimeout(Anim.run.timer);
  for (const a of Anim.run.anims) a.cancel();
  Anim.run = null;
  delete document.body.dataset.animating;
}

// Called with every new snapshot `s` (prev: the one before it). Returns
// true when an animation started.
function onMoveSnapshot(prev, s) {
  const key = lastMoveKey(s);
  if (key === Anim.shownKey) return false;
  Anim.shownKey = key;
  stopAnimation();
  const lm = s.game.last_move;
  const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const seen = prev && (prev.game.stateid === lm?.before_id || Anim.typed === lm?.index);
  Anim.typed = null;
  if (!lm || !lm.steps.length || !seen || !$("animate").checked || reduce) return false;
  Anim.run = { lm, step: 0, timer: null, anims: [] };
  document.body.dataset.animating = "1";
  animateStep();
  return true;
}

// The person acts while the other side's checkers move (a number, a key,
// a click on the board): the animation ends at once, on the board after
// the move, which takes the input as it would after the animation.
function finishAnimation() {
  if (!Anim.run) return;
  stopAnimation();
  Anim.count++;
  document.body.dataset.animated = Anim.count;
  render();
}

$("board").addEventListener("pointerdown", (e) => {
  if (!animating()) return;
  e.stopPropagation();
  finishAnimation();
  const h = document.elementFromPoint(e.clientX, e.clientY);
  const hit = h && h.closest ? h.closest("#board .hit") : null;
  if (hit) onLoc(hit.getAttribute("data-loc"), e, "down");
}, true);

function animateStep() {
  const run = Anim.run;
  if (!run) return;
  const lm = run.lm;
  if (run.step >= lm.steps.length) {
    Anim.run = null;
    Anim.count++;
    document.body.dataset.animated = Anim.count;
    delete document.body.dataset.animating;
    render();
    return;
  }
  const v = viewer();
  const [f, t, hit] = lm.steps[run.step];
  const before = boardAfterSteps(lm, run.step);
  const after = boardAfterSteps(lm, run.step + 1);
  const me = lm.side, them = me === "X" ? "Y" : "X";
  const cnt = (b, side, slot) => (side === "X" ? b.x : b.y)[slot];
  // The board without the moving checkers, then those flying over it.
  const frame = { x: before.x.slice(), y: before.y.slice() };
  (me === "X" ? frame.x : frame.y)[f]--;
  if (hit) (them === "X" ? frame.x : frame.y)[25 - t]--;
  run.pips = { X: boardPips(before.x), Y: boardPips(before.y) };
  drawBoard($("board"), frame, { viewer: v, last: lastMoveLocs(lm), pips: run.pips, pool: S.game.variant === "race" });
  renderNC(run.pips);
  const svg = $("board");
  const fly = (side, fromLoc, fromI, toLoc, toI) => {
    const p = checkerAt(fromLoc, side, fromI, v), q = checkerAt(toLoc, side, toI, v);
    const g = el("g", { class: "flying" }, svg);
    el("circle", { cx: p.x, cy: p.y, r: G.r - 1, class: `checker ${side}` }, g);
    el("circle", { cx: p.x, cy: p.y, r: G.r - 7, class: `rim ${side}` }, g);
    const a = g.animate([{ transform: "translate(0px, 0px)" }, { transform: `translate(${q.x - p.x}px, ${q.y - p.y}px)` }],
      { duration: Anim.stepMs, easing: "ease-in-out", fill: "forwards" });
    run.anims.push(a);
  };
  const fromLoc = moverLoc(f, me), toLoc = moverLoc(t, me);
  fly(me, fromLoc, cnt(before, me, f) - 1, toLoc, cnt(after, me, t) - 1);
  if (hit) fly(them, toLoc, 0, "bar", cnt(after, them, 25) - 1);
  run.step++;
  run.timer = setTimeout(animateStep, Anim.stepMs + 20);
}
