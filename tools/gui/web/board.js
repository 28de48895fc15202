// The backgammon board in SVG: points numbered from the viewer's side,
// stacks with counts, bar, borne-off trays, the pools of Backgammon Race
// (each side's waiting checkers, in a column beside the trays), highlights
// (movable checkers, targets, the keyboard cursor, the last move's points)
// and arrows; and the positions of single checkers, for the move animation
// (anim.js). Locations are "x<N>" for X's point N (1..24), "bar", "off",
// "pool". A side's counts are 27: [0] off, [1..24] its points, [25] the
// bar, [26] its pool.
"use strict";

const NS = "http://www.w3.org/2000/svg";
const G = {
  W: 820, H: 640, left: 20, top: 40, pw: 50, bar: 60, frame: 14, trayW: 70,
  innerH: 530, pointH: 215, r: 22,
};
G.quadW = G.pw * 6;
G.innerW = G.quadW * 2 + G.bar;
G.trayX = G.left + G.frame * 2 + G.innerW + 10;
// The pool column, right of the trays; the board is widened for it.
G.poolX = G.trayX + G.trayW + 10;
G.poolW = 70;
G.poolWideW = G.poolX + G.poolW + 12;

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

// Viewer's point v (1..24) -> { x: centre, top: bool }.
function pointGeom(v) {
  const x0 = G.left + G.frame;
  const rightQ = x0 + G.quadW + G.bar;
  let col, quad, top;
  if (v <= 6) { quad = rightQ; col = 6 - v; top = false; }
  else if (v <= 12) { quad = x0; col = 12 - v; top = false; }
  else if (v <= 18) { quad = x0; col = v - 13; top = true; }
  else { quad = rightQ; col = v - 19; top = true; }
  return { x: quad + col * G.pw + G.pw / 2, top };
}

// X's point p seen by `viewer` ("X" or "Y").
function viewerPoint(p, viewer) { return viewer === "X" ? p : 25 - p; }
// A mover-coordinate slot (0 off, 25 bar, 26 the pool) as a location.
function moverLoc(slot, side) {
  if (slot === 26) return "pool";
  if (slot === 25) return "bar";
  if (slot === 0) return "off";
  return "x" + (side === "X" ? slot : 25 - slot);
}

// A side's pip count from its 27 counts: a checker waiting in the pool has
// as far to go as one on the bar.
function boardPips(a) {
  return a.reduce((s, c, i) => s + c * Math.min(i, 25), 0);
}

// The pool stack of `side` (the viewer's in the upper half, as on the bar:
// its checkers enter up there): its base and the way it grows.
function poolBase(side, viewer) {
  const innerY = G.top + G.frame, mid = innerY + G.innerH / 2;
  return side === viewer ? { x: G.poolX + G.poolW / 2, y: innerY + 52, dir: 1 }
    : { x: G.poolX + G.poolW / 2, y: mid + 52, dir: 1 };
}

// The centre of the `i`-th checker (0 at the base) of `side`'s stack on
// `loc`, as drawStack places it (a stack shows 5 checkers, 4 on the bar
// and in the pool).
function checkerAt(loc, side, i, viewer) {
  const innerY = G.top + G.frame;
  if (loc === "pool") {
    const b = poolBase(side, viewer);
    return { x: b.x, y: b.y + b.dir * (G.r + Math.min(i, 3) * 2 * G.r) };
  }
  if (loc === "bar") {
    const mid = innerY + G.innerH / 2;
    const k = Math.min(i, 3);
    return side === viewer ? { x: G.left + G.frame + G.quadW + G.bar / 2, y: mid - 30 - (G.r + k * 2 * G.r) }
      : { x: G.left + G.frame + G.quadW + G.bar / 2, y: mid + 30 + G.r + k * 2 * G.r };
  }
  if (loc === "off") {
    const top = side !== viewer;
    const ty = top ? innerY : innerY + G.innerH;
    return { x: G.trayX + G.trayW / 2, y: top ? ty + 8 + i * 11 : ty - 10 - i * 11 };
  }
  const g = pointGeom(viewerPoint(+loc.slice(1), viewer));
  const base = g.top ? innerY : innerY + G.innerH;
  const k = Math.min(i, 4);
  return { x: g.x, y: base + (g.top ? 1 : -1) * (G.r + 1 + k * 2 * G.r) };
}

// Draws `board` ({x:[27], y:[27]}) into `svg`. opts: viewer, highlight
// {sources:Set, targets:Set, selected, cursor}, last {from:Set, to:Set,
// hit:Set} (the last move's locations, where it hit), arrows [{from,to,cls}] (locations),
// onLoc(loc, event) for clicks, pips {X,Y}, pool (draw the pools even when
// empty: a race game), toMove (whose pool the arrows start from).
function drawBoard(svg, board, opts) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const pool = { X: board.x[26] || 0, Y: board.y[26] || 0 };
  const showPool = !!opts.pool || pool.X > 0 || pool.Y > 0;
  const W = showPool ? G.poolWideW : G.W;
  svg.setAttribute("viewBox", `0 0 ${W} ${G.H}`);
  svg.style.aspectRatio = `${W} / ${G.H}`;
  svg.dataset.pool = showPool ? "1" : "";
  const viewer = opts.viewer || "X";
  const other = viewer === "X" ? "Y" : "X";
  const x0 = G.left, y0 = G.top;
  const hl = opts.highlight || { sources: new Set(), targets: new Set() };
  const last = opts.last || { from: new Set(), to: new Set() };
  const lastCls = (loc) => (last.from.has(loc) ? " last-from" : "") + (last.to.has(loc) ? " last-to" : "")
    + (last.hit && last.hit.has(loc) ? " last-hit" : "");
  const innerX = x0 + G.frame, innerY = y0 + G.frame;
  el("rect", { x: x0, y: y0, width: G.innerW + 2 * G.frame, height: G.innerH + 2 * G.frame, rx: 8, class: "frame" }, svg);
  el("rect", { x: innerX, y: innerY, width: G.quadW, height: G.innerH, class: "felt" }, svg);
  el("rect", { x: innerX + G.quadW + G.bar, y: innerY, width: G.quadW, height: G.innerH, class: "felt" }, svg);
  el("rect", { x: innerX + G.quadW, y: innerY, width: G.bar, height: G.innerH, class: "barstrip" + lastCls("bar"), "data-loc": "bar" }, svg);
  const counts = (loc) => {
    if (loc === "bar") return { X: board.x[25], Y: board.y[25] };
    if (loc === "off") return { X: board.x[0], Y: board.y[0] };
    const p = +loc.slice(1);
    return { X: board.x[p], Y: board.y[25 - p] };
  };
  // Points.
  for (let v = 1; v <= 24; v++) {
    const p = viewer === "X" ? v : 25 - v;
    const loc = "x" + p;
    const g = pointGeom(v);
    const base = g.top ? innerY : innerY + G.innerH;
    const tip = g.top ? innerY + G.pointH : innerY + G.innerH - G.pointH;
    const shade = v % 2 === 0 ? "pt-dark" : "pt-light";
    el("polygon", { points: `${g.x - G.pw / 2 + 1},${base} ${g.x + G.pw / 2 - 1},${base} ${g.x},${tip}`, class: `point ${shade}${lastCls(loc)}`, "data-loc": loc }, svg);
    const label = el("text", { x: g.x, y: g.top ? y0 - 10 : y0 + G.innerH + 2 * G.frame + 24, class: "ptlabel" }, svg);
    label.textContent = v;
    const c = counts(loc);
    const side = c.X > 0 ? "X" : c.Y > 0 ? "Y" : null;
    const n = side ? c[side] : 0;
    drawStack(svg, g.x, base, g.top ? 1 : -1, side, n, loc, 5);
    const hit = el("rect", { x: g.x - G.pw / 2, y: g.top ? innerY : innerY + G.innerH - G.pointH - 40, width: G.pw, height: G.pointH + 40, class: "hit", "data-loc": loc, "data-label": v }, svg);
    if (hl.sources.has(loc)) hit.classList.add("movable");
    if (hl.targets.has(loc)) hit.classList.add("target");
    if (hl.selected === loc) hit.classList.add("selected");
    if (hl.cursor === loc) hit.classList.add("kbfocus");
  }
  // Bar: the viewer's checkers in the upper half (they enter up there).
  const bc = counts("bar");
  const barX = innerX + G.quadW + G.bar / 2;
  const mid = innerY + G.innerH / 2;
  drawStack(svg, barX, mid - 30, -1, viewer, bc[viewer], "bar", 4, true);
  drawStack(svg, barX, mid + 30, 1, other, bc[other], "bar", 4, true);
  const barHit = el("rect", { x: innerX + G.quadW, y: innerY, width: G.bar, height: G.innerH, class: "hit", "data-loc": "bar" }, svg);
  if (hl.sources.has("bar")) barHit.classList.add("movable");
  if (hl.selected === "bar") barHit.classList.add("selected");
  if (hl.cursor === "bar") barHit.classList.add("kbfocus");
  // Trays: borne-off checkers, the viewer's at the bottom.
  const trayX = G.trayX;
  el("rect", { x: trayX, y: y0, width: G.trayW, height: G.innerH + 2 * G.frame, rx: 6, class: "frame" + lastCls("off"), "data-loc": "off" }, svg);
  for (const [side, top] of [[other, true], [viewer, false]]) {
    const n = counts("off")[side];
    const ty = top ? innerY : innerY + G.innerH;
    el("rect", { x: trayX + 8, y: top ? innerY : innerY + G.innerH / 2 + 4, width: G.trayW - 16, height: G.innerH / 2 - 4, class: "tray" }, svg);
    const g = el("g", { class: "stack", "data-loc": "off", "data-side": side, "data-count": n }, svg);
    for (let i = 0; i < n; i++) {
      const yy = top ? ty + 4 + i * 11 : ty - 14 - i * 11;
      el("rect", { x: trayX + 12, y: yy, width: G.trayW - 24, height: 9, rx: 3, class: `offchk ${side}` }, g);
    }
    if (n > 0) {
      const t = el("text", { x: trayX + G.trayW / 2, y: top ? ty + G.innerH / 2 - 12 : ty - G.innerH / 2 + 24, class: "traycount" }, svg);
      t.textContent = n + " off";
    }
  }
  const offHit = el("rect", { x: trayX, y: y0, width: G.trayW, height: G.innerH + 2 * G.frame, class: "hit", "data-loc": "off" }, svg);
  if (hl.targets.has("off")) offHit.classList.add("target");
  if (hl.cursor === "off") offHit.classList.add("kbfocus");
  if (showPool) drawPools(svg, pool, viewer, hl, lastCls, opts.toMove);
  // Pip counts and names beside the trays.
  if (opts.pips) {
    const t1 = el("text", { x: trayX + G.trayW / 2, y: y0 - 10, class: "pips" }, svg);
    t1.textContent = `${other} ${opts.pips[other]}`;
    const t2 = el("text", { x: trayX + G.trayW / 2, y: y0 + G.innerH + 2 * G.frame + 24, class: "pips" }, svg);
    t2.textContent = `${viewer} ${opts.pips[viewer]}`;
  }
  for (const a of opts.arrows || []) drawArrow(svg, a, viewer, opts.toMove || viewer);
  if (opts.onLoc) {
    for (const h of svg.querySelectorAll(".hit")) {
      h.addEventListener("pointerdown", (e) => opts.onLoc(h.getAttribute("data-loc"), e, "down"));
      h.addEventListener("pointerup", (e) => opts.onLoc(h.getAttribute("data-loc"), e, "up"));
    }
  }
}

// A stack of `n` checkers of `side` from (x, base) growing by `dir`.
function drawStack(svg, x, base, dir, side, n, loc, maxShown, onBar) {
  const g = el("g", { class: "stack", "data-loc": loc, "data-side": side || "", "data-count": n }, svg);
  if (!side || n === 0) return;
  const shown = Math.min(n, maxShown);
  for (let i = 0; i < shown; i++) {
    const cy = onBar ? base + dir * (G.r + i * 2 * G.r) : base + dir * (G.r + 1 + i * 2 * G.r);
    el("circle", { cx: x, cy, r: G.r - 1, class: `checker ${side}` }, g);
    el("circle", { cx: x, cy, r: G.r - 7, class: `rim ${side}` }, g);
    if (i === shown - 1 && n > maxShown) {
      const t = el("text", { x, y: cy + 6, class: `count ${side}` }, g);
      t.textContent = n;
    }
  }
}

// The pools of Backgammon Race: a column beside the trays, each side's
// waiting checkers as a stack with its count, the viewer's in the upper
// half (they enter on its 19..24 points, up there), labelled. The
// location "pool" is the side to move's half (`toMove`; the whole column
// when not given): only its pool can move.
function drawPools(svg, pool, viewer, hl, lastCls, toMove) {
  const innerY = G.top + G.frame, x = G.poolX, other = viewer === "X" ? "Y" : "X";
  el("rect", { x, y: G.top, width: G.poolW, height: G.innerH + 2 * G.frame, rx: 6, class: "frame poolframe" + lastCls("pool"), "data-loc": "pool" }, svg);
  for (const [side, top] of [[viewer, true], [other, false]]) {
    const y0 = top ? innerY : innerY + G.innerH / 2 + 4;
    el("rect", { x: x + 6, y: y0, width: G.poolW - 12, height: G.innerH / 2 - 4, rx: 4, class: "poolbox" }, svg);
    const label = el("text", { x: x + G.poolW / 2, y: y0 + 18, class: "poollabel" }, svg);
    label.textContent = `${side} pool`;
    const n = pool[side];
    const b = poolBase(side, viewer);
    const g = el("g", { class: "stack poolstack", "data-loc": "pool", "data-side": side, "data-count": n }, svg);
    for (let i = 0; i < Math.min(n, 4); i++) {
      const cy = b.y + b.dir * (G.r + i * 2 * G.r);
      el("circle", { cx: b.x, cy, r: G.r - 1, class: `checker ${side}` }, g);
      el("circle", { cx: b.x, cy, r: G.r - 7, class: `rim ${side}` }, g);
    }
    const t = el("text", { x: x + G.poolW / 2, y: y0 + G.innerH / 2 - 14, class: "traycount poolcount" }, svg);
    el("tspan", {}, t).textContent = n;
    el("tspan", { class: "poolword" }, t).textContent = " waiting";
  }
  const half = toMove ? (toMove === viewer ? 0 : 1) : null;
  const hitY = half === null ? G.top : half === 0 ? G.top : innerY + G.innerH / 2;
  const hitH = half === null ? G.innerH + 2 * G.frame : G.innerH / 2 + G.frame;
  const hit = el("rect", { x, y: hitY, width: G.poolW, height: hitH, class: "hit", "data-loc": "pool", "data-label": "pool" }, svg);
  if (hl.sources.has("pool")) hit.classList.add("movable");
  if (hl.selected === "pool") hit.classList.add("selected");
  if (hl.cursor === "pool") hit.classList.add("kbfocus");
}

function locCentre(loc, viewer, side) {
  const innerY = G.top + G.frame;
  if (loc === "pool") {
    const b = poolBase(side || viewer, viewer);
    return { x: b.x, y: b.y + G.r + 2 * G.r };
  }
  if (loc === "bar") return { x: G.left + G.frame + G.quadW + G.bar / 2, y: innerY + G.innerH / 2 };
  if (loc === "off") return { x: G.trayX + G.trayW / 2, y: innerY + G.innerH / 2 };
  const g = pointGeom(viewerPoint(+loc.slice(1), viewer));
  return { x: g.x, y: g.top ? innerY + G.pointH - 40 : innerY + G.innerH - G.pointH + 40 };
}

function drawArrow(svg, a, viewer, side) {
  const p = locCentre(a.from, viewer, side), q = locCentre(a.to, viewer, side);
  const id = "head-" + a.cls;
  if (!svg.querySelector("#" + id)) {
    const defs = el("defs", {}, svg);
    const m = el("marker", { id, markerWidth: 8, markerHeight: 8, refX: 6, refY: 4, orient: "auto" }, defs);
    el("path", { d: "M0,0 L8,4 L0,8 z", class: "arrowhead " + a.cls }, m);
  }
  const mx = (p.x + q.x) / 2, my = (p.y + q.y) / 2 + (p.y === q.y ? (p.y < 300 ? 60 : -60) : 0);
  el("path", { d: `M${p.x},${p.y} Q${mx},${my} ${q.x},${q.y}`, class: "arrow " + a.cls, "marker-end": `url(#${id})` }, svg);
}
