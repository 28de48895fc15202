// Nodes per second of the WebAssembly engine against the native binary,
// side by side in one run: `bench depth D` in turn in the native engine,
// in ncbg.wasm under Node and in ncbg.wasm in a Web Worker of headless
// Chromium (the static site), R rounds, medians. The node counts must
// agree. The machine's load average is printed before and after (the
// figures move with it; the ratio, each round timing all three, less).
// docs/speed.md keeps the figures.
//   node tools/wasm/speed.mjs [NCBG_BIN=target/release/ncbg] [D=5] [R=7]

import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tmpdir, loadavg, cpus } from 'node:os';
import path from 'node:path';
import { createEngine } from './web/ncbg-engine.js';
import { writeSite, serve, browser, WAIT_READY, BENCH } from './site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = process.argv[2] || path.join(here, '../../target/release/ncbg');
const depth = Number(process.argv[3] || 5);
const rounds = Number(process.argv[4] || 7);
const wasm = new WebAssembly.Module(readFileSync(path.join(here, 'pkg/ncbg.wasm')));

const total = (line) => {
  const m = line.match(/^(\d+) nodes (\d+) nps/);
  if (!m) throw new Error(`not a bench total: ${line}`);
  return { nodes: Number(m[1]), nps: Number(m[2]) };
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const load = () => loadavg()[0].toFixed(1);
const loadBefore = load();
const dir = mkdtempSync(path.join(tmpdir(), 'ncbg-speed-'));
writeSite(dir);
const server = await serve(dir);
const b = await browser();
const runs = { native: [], node: [], browser: [] };
const readyMs = [];
try {
  // A fresh load each round; the first is the cold one.
  for (let i = 0; i < 3; i++) {
    await b.goto(`${server.url}index.html?${i}`);
    const ready = await b.executeAsync(WAIT_READY);
    if (!ready.ok) throw new Error(JSON.stringify(ready));
    readyMs.push(Math.round(ready.readyMs));
  }
  for (let i = 0; i < rounds; i++) {
    const out = spawnSync(bin, ['bench', String(depth)], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(out.stderr);
    runs.native.push(total(out.stdout.trimEnd().split('\n').at(-1)));
    const lines = [];
    const e = await createEngine(wasm, { onLine: (l) => lines.push(l) });
    e.feed(`bench depth ${depth}\n`);
    runs.node.push(total(lines.at(-1)));
    const r = await b.executeAsync(BENCH, [depth]);
    if (r.error) throw new Error(r.error);
    runs.browser.push(total(r.lines.at(-1)));
  }
} finally {
  await b.quit();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
const nodes = new Set(Object.values(runs).flat().map((r) => r.nodes));
if (nodes.size !== 1) throw new Error(`node counts differ: ${JSON.stringify(runs)}`);
console.log(`bench depth ${depth}: ${[...nodes][0]} nodes everywhere, ${rounds} rounds`);
console.log(`load average ${loadBefore} before, ${load()} after, on ${cpus().length} cores`);
console.log(`page open to engine answering: ${readyMs.join(', ')} ms (loads 1 to 3)`);
const native = median(runs.native.map((r) => r.nps));
// The ratio two ways: of the medians, and the median of each round's own
// ratio (the engines of a round ran within seconds of each other, under
// much the same load).
for (const [name, list] of Object.entries(runs)) {
  const m = median(list.map((r) => r.nps));
  const perRound = median(list.map((r, i) => r.nps / runs.native[i].nps));
  console.log(
    `${name.padEnd(8)} nps median ${m} (${list.map((r) => r.nps).join(' ')}), ` +
      `ratio to native ${(m / native).toFixed(2)}, median of the rounds' ratios ${perRound.toFixed(2)}`,
  );
}
