// The GUI's static site (`ncbg-gui export-static DIR`) in headless
// Chromium over WebDriver, served by a plain static file server, with no
// ncbg or ncbg-gui process running: the person plays a whole Hypergammon
// game against the engine (WebAssembly in the page's Web Worker) through
// the page's own controls (number buttons, the typed play box, Hint, Take
// back), with the evaluation bar and graph on, and a reload of the page
// in the middle (the game is kept in the browser), to a winner shown on the
// page; the finished game saves as a match file, which the Review view
// opens and analyses. Screenshots of the site at 1400 and 390 px go to
// target/gui-screenshots/ (copies in tools/gui/screenshots/).
//
// Needs tools/wasm/pkg/ncbg.wasm (tools/wasm/build.sh) and the ncbg-gui
// binary (NCBG_GUI_BIN, default target/debug/ncbg-gui: cargo test
// --workspace builds it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { serve, browser } from '../site.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const target = process.env.CARGO_TARGET_DIR ? path.resolve(process.env.CARGO_TARGET_DIR) : path.join(root, 'target');
const gui = process.env.NCBG_GUI_BIN || path.join(target, 'debug/ncbg-gui');
const shots = path.join(target, 'gui-screenshots');

// Waits in the page until `cond` (an expression on the page's globals:
// S, the latest snapshot) holds; resolves with `value` then.
const WAIT = `
const [cond, value, ms, done] = arguments;
const f = new Function('return (' + cond + ')');
const g = new Function('return (' + value + ')');
(async () => {
  const t = performance.now();
  for (;;) {
    let ok = false;
    try { ok = f(); } catch (e) { /* not yet */ }
    if (ok) return done({ value: g(), ms: performance.now() });
    if (window.pageErrors.length) return done({ error: window.pageErrors.join('; ') });
    if (performance.now() - t > ms) return done({ error: 'timed out waiting for ' + cond + ': ' + (typeof S === 'object' && S ? JSON.stringify(S.game && { phase: S.game.phase, human: S.game.human_to_move, message: S.message, fault: S.fault }) : 'no snapshot') });
    await new Promise((r) => setTimeout(r, 20));
  }
})();`;

async function waitFor(b, cond, value = 'true', ms = 60000) {
  const r = await b.executeAsync(WAIT, [cond, value, ms]);
  if (r.error) throw new Error(r.error);
  return r;
}

// The person's turn through the page's controls: a click on the first
// legal number button, or the first complete play of the snapshot's play
// tree typed into the play box.
const HUMAN_TURN = `
const g = S.game;
if (g.phase === 'pick' || g.phase === 'opening') {
  const b = [...document.querySelectorAll('#numbers button[data-n]')].find((b) => !b.disabled);
  if (!b) return { error: 'no number button to click' };
  b.click();
  return { did: 'pick ' + b.dataset.n };
}
if (g.phase === 'play') {
  const nodes = g.tree.nodes;
  let node = nodes[0];
  while (node.done === null) node = nodes[node.edges[0].next];
  document.getElementById('typed-play').value = node.done;
  document.getElementById('typed').requestSubmit();
  return { did: 'play ' + node.done };
}
return { error: 'nothing for the person to do in phase ' + g.phase };`;

function siteBytes(dir) {
  let raw = 0;
  let gz = 0;
  for (const f of readdirSync(dir)) {
    const data = execFileSync('cat', [path.join(dir, f)], { maxBuffer: 64 << 20 });
    raw += statSync(path.join(dir, f)).size;
    gz += gzipSync(data, { level: 9 }).length;
  }
  return { raw, gz };
}

function exportSite() {
  assert.ok(existsSync(gui), `${gui} is missing: cargo build -p ncbg-gui (or set NCBG_GUI_BIN)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'ncbg-static-'));
  return { dir, site: path.join(dir, 'site') };
}

const READY = "S && S.game.human_to_move && S.engines[0].status.state === 'ready' && document.querySelector('#numbers button[data-n]:not([disabled])')";

test('a whole game against the engine on the exported static site, no server', { timeout: 900000 }, async () => {
  const { dir, site } = exportSite();
  const said = execFileSync(gui, ['export-static', site], { encoding: 'utf8' });
  assert.match(said, /wrote \d+ files/);
  // A folder with files is refused unless --overwrite.
  assert.throws(() => execFileSync(gui, ['export-static', site], { stdio: 'pipe' }), /--overwrite/);
  execFileSync(gui, ['export-static', site, '--overwrite'], { stdio: 'pipe' });
  const size = siteBytes(site);
  console.log(`site: ${(size.raw / 1e6).toFixed(2)} MB, ${(size.gz / 1e6).toFixed(2)} MB gzipped`);
  assert.ok(size.raw <= 8e6, `the site is at most 8 MB (${size.raw})`);
  const server = await serve(site);
  mkdirSync(shots, { recursive: true });
  const b = await browser();
  try {
    await b.size(1400, 1000);
    await b.goto(server.url);
    // The first playable move: the engine loaded and the person to move.
    const first = await waitFor(b, READY, 'S.engines[0].id_name');
    console.log(`first move playable ${first.ms.toFixed(0)} ms after navigation; engine ${first.value}`);
    assert.match(first.value, /ncbg/);
    assert.equal(await b.execute("return document.documentElement.dataset.host"), 'static');
    // A fast engine and a short game: depth 1, Hypergammon, the person X.
    await b.execute(`
      document.getElementById('s-depth').value = '1';
      document.getElementById('s-movetime').value = '0';
      document.getElementById('search').requestSubmit();`);
    await waitFor(b, 'S.search.depth === 1 && S.search.movetime === 0');
    await b.execute(`
      document.getElementById('g-variant').value = 'hypergammon';
      document.getElementById('g-x').value = 'human';
      document.getElementById('g-y').value = 'A';
      document.getElementById('newgame').requestSubmit();`);
    await waitFor(b, "S.game.variant === 'hypergammon' && S.game.record.length === 0 && S.game.human_to_move");
    // Hints on: the engine's evaluation bar and graph are shown.
    await b.execute("if (!document.getElementById('hints').checked) document.getElementById('hints').click()");
    await waitFor(b, 'S.hints === true');
    let evaluated = false;
    let hinted = false;
    let tookBack = false;
    for (let turn = 0; ; turn++) {
      assert.ok(turn < 400, 'the game ends');
      const s = (await waitFor(b, "S.game.phase === 'over' || (S.game.human_to_move && !S.thinking)", 'S')).value;
      assert.equal(s.fault, null, JSON.stringify(s.fault));
      if (s.game.phase === 'over') break;
      if (!evaluated && s.game.record.length >= 8) {
        const bar = (await waitFor(b, "!$('evalbar').hidden && $('evalbar').dataset.score !== '' && !$('evalgraph').hasAttribute('hidden')", "$('evalbar').dataset.score")).value;
        assert.ok(Number.isFinite(+bar), `the evaluation bar shows a score: ${bar}`);
        evaluated = true;
        await b.screenshot().then((png) => writeFileSync(path.join(shots, 'static-site-1400.png'), png));
        // The game lives in the page: a reload brings it back (this
        // browser keeps the session), with its limits.
        await b.goto(server.url);
        const back = (await waitFor(b, `S && S.game.stateid === ${JSON.stringify(s.game.stateid)} && S.game.human_to_move`, 'S')).value;
        assert.equal(back.game.record.length, s.game.record.length);
        assert.equal(back.search.depth, 1);
        assert.equal(back.game.variant, 'hypergammon');
        continue;
      }
      if (!hinted && s.game.phase === 'play') {
        await b.execute("document.getElementById('hint-ask').click()");
        const h = (await waitFor(b, 'S.hint && !S.hint.running && S.hint.lines.length > 0', 'S.hint')).value;
        assert.match(h.lines[0].token, /\//, 'a hint ranks plays');
        assert.equal(h.slot, 'A');
        hinted = true;
      }
      if (!tookBack && s.game.record.length >= 6) {
        const before = s.game.record.length;
        await b.execute("document.getElementById('takeback').click()");
        const after = (await waitFor(b, `S.game.record.length < ${before} && S.game.human_to_move`, 'S.game.record.length')).value;
        assert.ok(after < before);
        tookBack = true;
        continue;
      }
      const r = await b.execute(HUMAN_TURN);
      assert.equal(r.error, undefined, r.error);
      await waitFor(b, `S.game.record.length !== ${s.game.record.length} || S.game.picked !== ${JSON.stringify(s.game.picked)} || S.game.phase === 'over'`, 'true', 120000);
    }
    assert.ok(hinted && tookBack && evaluated);
    const end = (await waitFor(b, "S.game.phase === 'over'", "({ winner: S.game.winner, shown: document.getElementById('hint').textContent, status: document.getElementById('status').textContent })")).value;
    assert.match(end.winner, /^[XY]$/);
    assert.match(end.shown, /wins?/, `the page shows the winner: ${end.shown}`);
    console.log(`game over: ${end.shown}`);
    // Saved as a match file (the page's download), then opened in Review
    // from this computer's file (the page's file box) and analysed there,
    // in the page.
    const saved = await b.executeAsync(`
      const done = arguments[0];
      api('/api/save', { name: 'mine', format: 'match' }).then((j) => done(j), (e) => done({ error: String(e) }));`);
    assert.equal(saved.name, 'mine.txt');
    assert.match(saved.text, /^# ncbg-referee match file/);
    const file = path.join(dir, 'mine.txt');
    writeFileSync(file, saved.text);
    await b.execute("document.getElementById('tab-review').click()");
    assert.equal(await b.execute("return document.getElementById('r-folder').hidden && !document.getElementById('r-local').hidden"), true);
    await b.type('#r-open', file);
    await waitFor(b, "S.review.games.length === 1 && R.game === 0 && R.steps.length > 4");
    await b.execute("document.getElementById('r-depth').value = 'quick'; document.getElementById('r-analyze').click()");
    await waitFor(b, "S.review.analysis['0'] && S.review.analysis['0'].state === 'done'", 'true', 300000);
    await b.execute("document.getElementById('tab-play').click()");
    await b.size(390, 844);
    await new Promise((r) => setTimeout(r, 500));
    await b.screenshot().then((png) => writeFileSync(path.join(shots, 'static-site-390.png'), png));
    assert.deepEqual(await b.execute('return window.pageErrors'), []);
  } finally {
    await b.quit();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a kept session that does not fit is dropped; a running search is shown, and Stop ends it at once on a cross-origin isolated site', { timeout: 300000 }, async () => {
  const { dir, site } = exportSite();
  execFileSync(gui, ['export-static', site], { stdio: 'pipe' });
  const server = await serve(site, { isolated: true });
  const b = await browser();
  try {
    await b.goto(server.url);
    await waitFor(b, READY);
    // A kept session that does not fit is dropped: the board starts afresh.
    await b.execute(`localStorage.setItem('ncbg.static.session', '{"games":[{"variant":"chess"}]}')`);
    await b.goto(server.url);
    const fresh = (await waitFor(b, READY, 'S')).value;
    assert.equal(fresh.game.record.length, 0);
    assert.equal(fresh.game.variant, 'standard');
    assert.equal(await b.execute("return localStorage.getItem('ncbg.static.session')"), null);
    assert.equal(await b.execute('return Transport.stopsAtOnce'), true);
    // Ten minutes a move: only Stop ends the engine's search in time.
    await b.execute(`
      document.getElementById('s-depth').value = '0';
      document.getElementById('s-movetime').value = '600000';
      document.getElementById('search').requestSubmit();`);
    await waitFor(b, 'S.search.movetime === 600000');
    const r = await b.execute(HUMAN_TURN);
    assert.match(r.did, /^pick/);
    // The running search is shown as it goes (its depth; its line is the
    // person's hint, off here).
    await waitFor(b, "S.thinking && S.thinking.side === 'Y' && S.thinking.info && S.thinking.info.depth >= 2 && !$('stop').disabled");
    await b.execute("document.getElementById('stop').click()");
    const after = (await waitFor(b, 'S.game.record.length === 2 && !S.thinking', 'S', 60000)).value;
    assert.equal(after.fault, null);
    assert.equal(after.message, null, 'a stop is not refused');
    assert.equal(after.last_search.slot, 'A');
    assert.deepEqual(await b.execute('return window.pageErrors'), []);
  } finally {
    await b.quit();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
