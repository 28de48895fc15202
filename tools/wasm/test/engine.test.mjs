// The WebAssembly engine under Node (node --test tools/wasm/test): the NCBP
// session through ncbg.wasm and its JS glue, and `bench` against the
// native binary. Needs tools/wasm/pkg/ncbg.wasm (tools/wasm/build.sh) and
// the native engine (NCBG_BIN, default target/release/ncbg, then
// target/debug/ncbg).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createEngine } from '../web/ncbg-engine.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const wasm = new WebAssembly.Module(readFileSync(path.join(here, '../pkg/ncbg.wasm')));

function nativeBin() {
  const candidates = [
    process.env.NCBG_BIN,
    path.join(root, 'target/release/ncbg'),
    path.join(root, 'target/debug/ncbg'),
  ].filter(Boolean);
  const bin = candidates.find((p) => existsSync(p));
  assert.ok(bin, `no native ncbg binary (tried ${candidates.join(', ')}): set NCBG_BIN`);
  return bin;
}

/** An engine whose printed lines collect in `lines`. */
async function engine(options = {}) {
  const lines = [];
  const e = await createEngine(wasm, { onLine: (l) => lines.push(l), ...options });
  return {
    lines,
    /** Feeds `text` and returns the lines it printed. */
    run(text) {
      const from = lines.length;
      e.feed(text);
      return lines.slice(from);
    },
    end: () => e.end(),
  };
}

test('the handshake lists the options, with Threads at most 1', async () => {
  const e = await engine();
  const out = e.run('ncbp\n');
  assert.equal(out[0], 'id name ncbg 0.1.0');
  assert.equal(out.at(-1), 'ncbpok');
  assert.ok(out.includes('option name Threads type spin default 1 min 1 max 1'), out.join('\n'));
  assert.ok(out.includes('option name Hash type spin default 16 min 1 max 1024'), out.join('\n'));
  const refused = e.run('setoption name Threads value 2\n');
  assert.match(refused[0], /^error bad-value /);
});

test('legal, eval and d give the native engine\'s lines', async () => {
  const input = 'position startpos moves 3 5\nlegal\neval\nd\nsetoption name Eval value classic\neval\n';
  const e = await engine();
  const out = e.run(input);
  const native = spawnSync(nativeBin(), [], { input, encoding: 'utf8' });
  assert.equal(native.status, 0, native.stderr);
  assert.deepEqual(out, native.stdout.trimEnd().split('\n'));
  assert.equal(out.find((l) => l.startsWith('legalok')), 'legalok 5');
});

test('bench counts the native binary\'s nodes, state by state', async () => {
  const e = await engine();
  const out = e.run('bench\n');
  const native = spawnSync(nativeBin(), ['bench'], { encoding: 'utf8' });
  assert.equal(native.status, 0, native.stderr);
  const nodesOf = (lines) => lines.map((l) => l.replace(/ \d+ nps$/, ''));
  const want = nodesOf(native.stdout.trimEnd().split('\n'));
  assert.equal(want.length, 8, native.stdout);
  assert.deepEqual(nodesOf(out), want);
  assert.match(out.at(-1), /^66413 nodes \d+ nps$/);
});

test('a whole game of go depth 2 gives the native engine\'s lines, turn by turn', async () => {
  // The WebAssembly engine plays both sides to the end; each turn's
  // search is repeated in the native binary and must print the same lines
  // but for nps and time (the scores and node counts follow from the net's
  // values: pips, hits, the bar and bearing off, the inputs that are not 1,
  // change through the game). The last `go` is on the finished game. It
  // sees what moves a score by a millipoint or a search by a node, not a
  // sum off by one unit of the first layer's fixed point.
  const e = await engine();
  const strip = (lines) => lines.map((l) => l.replace(/ nps \d+ time \d+/, ''));
  const moves = [];
  for (let turn = 0; turn < 400; turn++) {
    const input = `position startpos moves ${moves.join(' ')}\ngo depth 2\n`;
    const out = e.run(input);
    const native = spawnSync(nativeBin(), [], { input, encoding: 'utf8' });
    assert.equal(native.status, 0, native.stderr);
    assert.deepEqual(strip(out), strip(native.stdout.trimEnd().split('\n')), `turn ${turn}`);
    const best = out.at(-1).match(/^bestmove (\S+)$/);
    if (!best) {
      assert.match(out.at(-1), /^error game-over /);
      assert.ok(turn > 20, `a game of ${turn} turns`);
      return;
    }
    moves.push(best[1]);
  }
  assert.fail('no end after 400 turns');
});

test('go with a time limit answers a legal turn within its time', async () => {
  const e = await engine();
  e.run('position startpos moves 3 5\n');
  const legal = e.run('legal\n');
  const numbers = legal.filter((l) => l.startsWith('legal number')).map((l) => l.split(' ')[2]);
  const t = performance.now();
  const out = e.run('go movetime 300\n');
  const took = performance.now() - t;
  assert.ok(out.length >= 2 && out.slice(0, -1).every((l) => l.startsWith('info depth ')), out.join('\n'));
  const best = out.at(-1).match(/^bestmove (\d):\S*$/);
  assert.ok(best, out.at(-1));
  assert.ok(numbers.includes(best[1]), `${best[1]} not in ${numbers}`);
  // The clock import works: the search ended at its limit, not at its
  // depth cap (64 turns deep: hours); the bound is loose for a busy machine.
  assert.ok(took < 10000, `go movetime 300 took ${took} ms`);
  const last = out.at(-2).match(/ time (\d+) /);
  assert.ok(Number(last[1]) <= took + 1, out.at(-2));
});

test('stop through the shared flag ends go infinite; its answer waits for the stop line', async () => {
  const stopFlag = new Int32Array(new SharedArrayBuffer(4));
  const lines = [];
  const e = await createEngine(wasm, {
    stopFlag,
    // Another thread would raise the flag; here the first info line does.
    onLine: (l) => {
      lines.push(l);
      if (l.startsWith('info depth')) Atomics.store(stopFlag, 0, 1);
    },
  });
  e.feed('position startpos moves 3 5\ngo infinite\n');
  assert.ok(lines.length >= 1 && lines.every((l) => l.startsWith('info depth')), lines.join('\n'));
  assert.equal(Atomics.load(stopFlag, 0), 1);
  e.feed('stop\n');
  assert.match(lines.at(-1), /^bestmove \d:\S*$/);
  // The stop line lowered the flag: the next search runs to its depth.
  assert.equal(Atomics.load(stopFlag, 0), 0);
});

test('a search runs to its depth when no stop comes, and busy is never left over', async () => {
  const e = await engine({ stopFlag: new Int32Array(new SharedArrayBuffer(4)) });
  const out = e.run('position startpos moves 3 5\ngo depth 3\nisready\n');
  assert.ok(out.some((l) => l.startsWith('info depth 3 ')), out.join('\n'));
  assert.match(out.at(-2), /^bestmove \d:\S*$/);
  assert.equal(out.at(-1), 'readyok');
});

test('bad input gets error lines and the engine reads on', async () => {
  const e = await engine();
  const out = e.run(`${'x'.repeat(70000)}\nmove 9:1/0\nsetoption name EvalFile value /no/such.ncnn\nfrobnicate\nisready\n`);
  assert.match(out[0], /^error too-long /);
  assert.ok(out.slice(1, 4).every((l) => l.startsWith('error ')), out.join('\n'));
  assert.equal(out.at(-1), 'readyok');
  // A line in pieces, and a last line without a newline at the end of input.
  assert.deepEqual(e.run('isre'), []);
  assert.deepEqual(e.run('ady\nisready'), ['readyok']);
  e.end();
  assert.equal(e.lines.at(-1), 'readyok');
});

test('quit ends the engine: later input is not read', async () => {
  const e = await engine();
  assert.deepEqual(e.run('quit\nisready\n'), []);
  assert.deepEqual(e.run('isready\n'), []);
});

test('perft counts the native numbers', async () => {
  const e = await engine();
  const out = e.run('perft 3\n');
  const native = spawnSync(nativeBin(), [], { input: 'perft 3\n', encoding: 'utf8' });
  const nodes = (l) => l.match(/^perft 3 nodes (\d+) /)[1];
  assert.equal(nodes(out[0]), nodes(native.stdout));
});
