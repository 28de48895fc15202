// The engine's Web Worker: loads ncbg.wasm and runs the NCBP session off
// the page's thread. Messages in: { wasm: URL, stopFlag: Int32Array|null }
// first, then { input: text } (NCBP lines, each ending in '\n'). Messages
// out: { line } for each line the engine prints, { ready: true } once
// loaded, { error } if it could not load or crashed (a trap: the engine is
// gone and the page must start a new worker).
import { createEngine } from './ncbg-engine.js';

let engine = null;
const waiting = [];

function feed(text) {
  try {
    engine.feed(text);
  } catch (e) {
    engine = null;
    postMessage({ error: `the engine stopped: ${e}` });
  }
}

onmessage = async (event) => {
  const msg = event.data;
  if (msg.wasm) {
    try {
      const bytes = await (await fetch(msg.wasm)).arrayBuffer();
      engine = await createEngine(bytes, {
        onLine: (line) => postMessage({ line }),
        stopFlag: msg.stopFlag || null,
      });
    } catch (e) {
      postMessage({ error: `the engine could not load: ${e}` });
      return;
    }
    postMessage({ ready: true });
    for (const text of waiting.splice(0)) if (engine) feed(text);
    return;
  }
  if (msg.input === undefined) return;
  if (engine) feed(msg.input);
  else waiting.push(msg.input);
};
