// The Play view's record of the game: the turns in whole-turn rows as a
// backgammon record reads, each turn in gnubg's words, and the position
// after a turn shown from the record (a click; the bar over the board says
// which). Loaded after app.js, whose render() calls renderGame and
// renderPast; `past` is app.js's.

// Turns in whole-turn rows, as a backgammon record reads: turn 0 is the
// initial pair (the two opening picks), then each row holds X's turn and
// Y's. `entries` are {side, pair, token, ...}; returns rows of
// { n, X: [index, entry] | null, Y: ... }.
function turnRows(entries) {
  const rows = [];
  entries.forEach((r, i) => {
    const opening = !r.pair && /^\d+$/.test(r.token);
    const last = rows[rows.length - 1];
    if (opening) {
      if (last && last.n === 0 && !last[r.side]) last[r.side] = [i, r];
      else rows.push({ n: 0, X: null, Y: null, [r.side]: [i, r] });
    } else if (last && last.n > 0 && r.side === "Y" && !last.Y) {
      last.Y = [i, r];
    } else {
      rows.push({ n: (last ? last.n : 0) + 1, X: null, Y: null, [r.side]: [i, r] });
    }
  });
  return rows;
}

// A turn as the record writes it: the pair played, then the play on the
// mover's own numbers, as gnubg writes it (the pick is the pair's half
// that is the mover's).
function turnText(r) {
  if (!r.pair) return { pair: "", play: r.token };
  const i = r.token.indexOf(":");
  const play = i >= 0 ? r.token.slice(i + 1) : r.token;
  return { pair: `${r.pair[0]}-${r.pair[1]}`, play: playText(play) };
}

function renderGame() {
  const g = S.game;
  const rec = $("record");
  const atBottom = rec.scrollTop + rec.clientHeight >= rec.scrollHeight - 4;
  rec.innerHTML = "";
  const rows = turnRows(g.record);
  $("record-note").textContent = "Pairs, and plays on each mover's own point numbers as gnubg writes them (Y's from Y's side); hover a turn for its protocol token, click it to see the position after it.";
  rows.forEach((row, ri) => {
    const d = document.createElement("div");
    d.className = "trow";
    d.innerHTML = `<span class="tn">${row.n}.</span>`;
    for (const side of ["X", "Y"]) {
      const c = document.createElement("span");
      d.appendChild(c);
      if (!row[side]) {
        // "…" only where that side is still to play this turn.
        const waiting = ri === rows.length - 1 && row.n > 0 && g.phase !== "over" && g.to_move === side;
        c.className = "tok empty";
        c.textContent = waiting ? "…" : "";
        continue;
      }
      const [i, r] = row[side];
      const t = turnText(r);
      c.className = "tok";
      c.dataset.token = r.token;
      c.dataset.id = r.after;
      c.dataset.index = i;
      c.title = `${side}: ${r.token} (protocol, ${r.side}'s numbering)\nafter it: ${r.after}\nclick to see the position after it`;
      if (g.last_move && g.last_move.index === i) c.classList.add("last");
      if (past && past.index === i) c.classList.add("shown");
      c.innerHTML = row.n === 0
        ? `<span class="sd">${side}</span> picks <b class="play pick">${r.token}</b>`
        : `<span class="sd">${side}</span> <b class="pair">${t.pair}</b> <span class="play">${t.play}</span>`;
      c.onclick = () => showPast(i, r.after);
    }
    rec.appendChild(d);
  });
  if (atBottom) rec.scrollTop = rec.scrollHeight;
  document.body.dataset.stateid = g.stateid;
  $("copy-id").title = `copy the full-state ID of the position now: ${g.stateid}`;
}

// Shows the position after turn `index` of the record (again: back to the
// game).
async function showPast(index, id) {
  if (past && past.index === index) { past = null; render(); return; }
  const live = S.game.stateid;
  past = { index, id, board: null, live };
  const j = await api("/api/position?id=" + encodeURIComponent(id)).catch(() => null);
  if (!j || !past || past.index !== index) return;
  past.board = j.board;
  render();
}

function renderPast() {
  const bar = $("pastbar");
  bar.hidden = !past;
  document.body.dataset.shown = past ? past.id : "";
  if (!past) return;
  const r = S.game.record[past.index];
  const row = turnRows(S.game.record).find((w) => (w.X && w.X[0] === past.index) || (w.Y && w.Y[0] === past.index));
  const t = r ? turnText(r) : { pair: "", play: "" };
  $("past-text").textContent = `Showing the position after turn ${row ? row.n : "?"} ${r ? r.side : ""} ${t.pair} ${t.play}`.replace(/\s+/g, " ").trim();
}
