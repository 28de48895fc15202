// Playing from the keyboard: number keys pick, the arrow keys move a
// cursor over the checkers that can move (then over where the selected one
// can go), Enter or Space takes the cursor's point, Escape lets go of the
// selected checker or undoes (a checker, then the pick), Backspace undoes;
// Enter or Space also takes a forced pass; h asks for a hint, f flips the
// board, ? shows the keys. Only typing (a text field, a number box, the
// slider) keeps the keys from the page: a checkbox or a button clicked a
// moment ago does not. The cursor is drawn on the board (class kbfocus).
"use strict";

const Keys = { cursor: null };

// The locations the cursor walks over, in the viewer's order: the pool
// (Backgammon Race), the bar, then the points from the viewer's 24 down
// to 1, then off.
function cursorStops() {
  if (!play || !S.game.human_to_move || S.game.phase !== "play") return [];
  const set = play.selected ? new Set(play.targets.keys()) : new Set(
    S.game.tree.nodes[play.node].edges.map((e) => moverLoc(e.from, S.game.to_move)));
  const v = viewer();
  const rank = (loc) => (loc === "pool" ? 101 : loc === "bar" ? 100 : loc === "off" ? -1 : viewerPoint(+loc.slice(1), v));
  return [...set].sort((a, b) => rank(b) - rank(a));
}

function moveCursor(d) {
  // The board has the keyboard now: a focused button would take Enter.
  if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
  const stops = cursorStops();
  if (!stops.length) { Keys.cursor = null; return; }
  const i = stops.indexOf(Keys.cursor);
  Keys.cursor = i < 0 ? stops[d > 0 ? 0 : stops.length - 1] : stops[(i + d + stops.length) % stops.length];
  render();
}

// Keeps the cursor on a stop (or off the board when there is none).
function fixCursor() {
  if (Keys.cursor === null) return;
  const stops = cursorStops();
  if (!stops.includes(Keys.cursor)) Keys.cursor = stops.length ? stops[0] : null;
}

function keyPick(n) {
  const g = S.game;
  if (!g.human_to_move || (g.phase !== "pick" && g.phase !== "opening")) return;
  const c = g.choices.find((c) => c.n === n);
  if (!c) return;
  if (!c.legal) { showMessage(`${n}: ${c.reason}`); return; }
  api("/api/pick", { n }).catch(() => {});
}

// True when the person's pair has no legal play: the only play is a pass.
function forcedPass() {
  const g = S.game;
  return !!(g.human_to_move && g.phase === "play" && g.tree && g.tree.plays.length === 1 && g.tree.plays[0] === "pass");
}

function keyEnter() {
  if (forcedPass()) { commit("pass"); return true; }
  if (!play || !S.game.human_to_move) return false;
  const done = S.game.tree.nodes[play.node].done;
  if (done && play.path.length && !$("confirm").hidden) { commit(done); return true; }
  if (!Keys.cursor) { moveCursor(1); return true; }
  const wasSelected = play.selected;
  onLoc(Keys.cursor, null, "down");
  // After choosing a checker the cursor goes to its first target; after a
  // move, to the first checker that can move next.
  Keys.cursor = null;
  if (play && (play.selected || wasSelected)) moveCursor(1);
  return true;
}

function keyEscape() {
  if (past) {
    past = null;
    render();
  } else if (play && play.selected) {
    play.selected = null;
    play.targets = new Map();
    Keys.cursor = null;
    render();
  } else {
    undo();
  }
}

// Keys for both views: ? shows the keys (the rules panel), f flips the
// board shown.
document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.altKey || e.metaKey || isTyping(e.target)) return;
  if (document.querySelector("dialog[open]")) return;
  if (e.key === "?") { $("rules-open").click(); e.preventDefault(); return; }
  if (e.key === "f" || e.key === "F") {
    (($("view-play").hidden) ? $("r-flip") : $("flip")).click();
    e.preventDefault();
  }
});

document.addEventListener("keydown", (e) => {
  if ($("view-play").hidden || e.ctrlKey || e.altKey || e.metaKey) return;
  const tag = e.target.tagName;
  // A list (the new game's players, variant) keeps its own arrows.
  if (isTyping(e.target) || tag === "SELECT") return;
  if (document.querySelector("dialog[open]")) return;
  if (!S) return;
  // A key that plays ends the other side's animation first (as a click does).
  if (/^[1-9]$|^Arrow|^Enter$|^ $/.test(e.key)) finishAnimation();
  // The board's keys go back to the game from a past position first.
  if (past && /^Arrow|^Enter$|^ $/.test(e.key)) { past = null; render(); e.preventDefault(); return; }
  if (/^[1-9]$/.test(e.key)) { keyPick(+e.key); e.preventDefault(); return; }
  if (e.key === "h" || e.key === "H") { askHint(); e.preventDefault(); return; }
  if (e.key === "ArrowRight" || e.key === "ArrowDown") { moveCursor(1); e.preventDefault(); return; }
  if (e.key === "ArrowLeft" || e.key === "ArrowUp") { moveCursor(-1); e.preventDefault(); return; }
  // Enter on a focused button presses it (Space on a checkbox ticks it),
  // unless the board's cursor is out or the pass is forced.
  const pressable = tag === "BUTTON" || (e.target.type === "checkbox" && e.key === " ");
  if ((e.key === "Enter" || e.key === " ") && (!pressable || Keys.cursor !== null || (forcedPass() && e.target.id !== "pass"))) { if (keyEnter()) e.preventDefault(); return; }
  if (e.key === "Escape") { keyEscape(); e.preventDefault(); }
});
