// The static site in headless Chromium (chromedriver), with no ncbg
// process: the engine in a Web Worker plays a whole game against itself,
// answers `bench` with the native node count, and `stop` ends `go
// infinite` on a cross-origin isolated page. Needs tools/wasm/pkg/ncbg.wasm.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeSite, serve, browser, WAIT_READY, BENCH } from '../site.mjs';

const GAME = `
const done = arguments[arguments.length - 1];
(async () => {
  const { ask } = window.ncbg;
  const hello = await ask('ncbp', (l) => l === 'ncbpok');
  const moves = [];
  for (let turn = 0; turn < 1000; turn++) {
    const position = moves.length ? 'position startpos moves ' + moves.join(' ') : 'position startpos';
    const d = await ask(position + '\\nd', (l) => l === 'dok');
    const errors = d.filter((l) => l.startsWith('error'));
    const result = d.find((l) => l.startsWith('result '));
    if (errors.length || result !== 'result none') return done({ moves, result, errors, hello });
    const answer = await ask('go nodes 3000', (l) => l.startsWith('bestmove '));
    moves.push(answer.at(-1).slice('bestmove '.length));
  }
  done({ moves, result: 'no end after 1000 turns', errors: [], hello });
})().catch((e) => done({ error: String(e) }));`;

const STOP = `
const done = arguments[arguments.length - 1];
const { ask, send, engine } = window.ncbg;
ask('position startpos moves 3 5\\ngo infinite', (l) => l.startsWith('info depth 2 ')).then(async () => {
  // The search is under way in the worker; stop must end it.
  const t = performance.now();
  const lines = await ask('stop', (l) => l.startsWith('bestmove '));
  done({ lines, ms: performance.now() - t, isolated: !!engine.stopFlag });
}, (e) => done({ error: String(e) }));`;

async function withSite(isolated, body) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ncbg-site-'));
  writeSite(dir);
  const server = await serve(dir, { isolated });
  const b = await browser();
  try {
    await b.goto(`${server.url}index.html`);
    const ready = await b.executeAsync(WAIT_READY);
    assert.ok(ready.ok, JSON.stringify(ready));
    assert.equal(ready.isolated, isolated);
    await body(b);
    assert.deepEqual(await b.execute('return window.pageErrors || []'), []);
  } finally {
    await b.quit();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a whole game in the browser, and bench with the native count', async () => {
  await withSite(false, async (b) => {
    const game = await b.executeAsync(GAME);
    assert.equal(game.error, undefined, game.error);
    assert.ok(game.hello.includes('option name Threads type spin default 1 min 1 max 1'));
    assert.deepEqual(game.errors, []);
    assert.match(game.result, /^result [XY] (single|gammon|backgammon) [123]$/, JSON.stringify(game));
    assert.ok(game.moves.length > 20, JSON.stringify(game.moves));
    const bench = await b.executeAsync(BENCH, [4]);
    assert.match(bench.lines.at(-1), /^66413 nodes \d+ nps$/, JSON.stringify(bench));
  });
});

test('stop ends go infinite at once on a cross-origin isolated page', async () => {
  await withSite(true, async (b) => {
    const r = await b.executeAsync(STOP);
    assert.equal(r.error, undefined, r.error);
    assert.ok(r.isolated);
    assert.equal(r.lines.length, 1, JSON.stringify(r.lines));
    assert.match(r.lines[0], /^bestmove \d:\S*$/);
  });
});
