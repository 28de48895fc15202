// Nodes per second of the WebAssembly engine against the native binary,
// side by side in one run: `bench depth D` alternately in each, N times,
// medians. Usage: node tools/wasm/speed.mjs [NCBG_BIN] [depth=5] [runs=5]
// (docs/speed.md keeps the figures.)

import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createEngine } from './web/ncbg-engine.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = process.argv[2] || path.join(here, '../../target/release/ncbg');
const depth = Number(process.argv[3] || 5);
const runs = Number(process.argv[4] || 5);
const wasm = new WebAssembly.Module(readFileSync(path.join(here, 'pkg/ncbg.wasm')));

const total = (line) => {
  const m = line.match(/^(\d+) nodes (\d+) nps/);
  if (!m) throw new Error(`not a bench total: ${line}`);
  return { nodes: Number(m[1]), nps: Number(m[2]) };
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const native = [];
const web = [];
for (let i = 0; i < runs; i++) {
  const out = spawnSync(bin, ['bench', String(depth)], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(out.stderr);
  native.push(total(out.stdout.trimEnd().split('\n').at(-1)));
  const lines = [];
  const e = await createEngine(wasm, { onLine: (l) => lines.push(l) });
  e.feed(`bench depth ${depth}\n`);
  web.push(total(lines.at(-1)));
}
if (native.some((r) => r.nodes !== web[0].nodes) || web.some((r) => r.nodes !== web[0].nodes)) {
  throw new Error(`node counts differ: native ${native.map((r) => r.nodes)}, wasm ${web.map((r) => r.nodes)}`);
}
const n = median(native.map((r) => r.nps));
const w = median(web.map((r) => r.nps));
console.log(`bench depth ${depth}: ${web[0].nodes} nodes in both`);
console.log(`native nps: median ${n} (${native.map((r) => r.nps).join(' ')})`);
console.log(`wasm   nps: median ${w} (${web.map((r) => r.nps).join(' ')})`);
console.log(`ratio: ${(w / n).toFixed(2)}`);
