// The static site's board (ncbg.wasm's gui_* exports) under Node: the
// engine plays itself at depth 1 (standard, k 6), then the Review's
// analysis of that game runs with the quick and the default preset, as
// the page's worker runs them (a slice at a time). Prints the times.
//   node tools/wasm/board-speed.mjs [tools/wasm/pkg/ncbg.wasm] [variant]
import { readFileSync } from 'node:fs';
import os from 'node:os';

const wasm = process.argv[2] || new URL('pkg/ncbg.wasm', import.meta.url);
const variant = process.argv[3] || 'standard';
const enc = new TextEncoder();
const dec = new TextDecoder();
const env = {
  ncbg_emit() {}, ncbg_now_ms: () => performance.now(), ncbg_interrupted: () => 0,
  ncbg_stop_seen() {}, gui_progress() {},
};
const { instance } = await WebAssembly.instantiate(readFileSync(wasm), { env });
const api = instance.exports;
const out = () => dec.decode(new Uint8Array(api.memory.buffer, api.gui_out_ptr(), api.gui_out_len()));
function call(path, body) {
  const p = enc.encode(path);
  const b = body === undefined ? null : enc.encode(JSON.stringify(body));
  const len = p.length + (b ? b.length : 0);
  const room = new Uint8Array(api.memory.buffer, api.gui_inbox(len), len);
  room.set(p);
  if (b) room.set(b, p.length);
  const status = api.gui_request(p.length, b ? b.length : -1);
  const reply = JSON.parse(out());
  if (status !== 200) throw new Error(`${path}: ${reply.error}`);
  return reply;
}
const settle = () => { while (api.gui_start_work()) api.gui_run_work(); };

if (!api.gui_init()) throw new Error('the engine did not answer readyok');
console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
call('/api/search', { depth: 1, movetime: 0, delay: 0 });
call('/api/newgame', { k: 6, credits: 2, variant, x: 'A', y: 'A', x0: null, y0: null, state: null });
let t = performance.now();
settle();
const turns = call('/api/state').game.record.length;
console.log(`a ${variant} game of ${turns} turns at depth 1: ${(performance.now() - t).toFixed(0)} ms`);
const { text } = call('/api/save', { name: 'g', format: 'match' });
call('/api/review/load', { name: 'g.txt', text });
for (const preset of ['quick', 'default']) {
  t = performance.now();
  call('/api/review/analyze', { game: 0, preset });
  settle();
  const a = call('/api/review/game?i=0').analysis;
  if (a.state !== 'done') throw new Error(`analysis ${a.state}: ${a.error}`);
  console.log(`its analysis, ${preset} preset (${a.settings}): ${(performance.now() - t).toFixed(0)} ms for ${a.turns.length} verdicts`);
}
