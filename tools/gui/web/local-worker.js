// The static site's board in a Web Worker: ncbg.wasm (tools/wasm) holds the
// board's state and API (ncbg-gui's `local`) and its engine. No server.
// Messages in: { wasm: URL, stopFlag: Int32Array over shared memory or
// null (the page stores 1 in it to stop the running search) } first, then { id, path, body } (a request of
// the board's JSON API; body null for a GET). Messages out: { ready } once
// loaded, { id, status, reply } for each request, { snapshot } after every
// change and while a search runs, { session } (the board's session as
// JSON, which the page keeps and gives back as /api/restore) after every
// change, { error } if the module could not load or trapped (the board is
// gone: the page says so).
//
// Engine work runs here, one search at a time inside a call; between
// searches the worker takes the page's requests, so a snapshot with the
// engine thinking is shown before its search starts.

let api = null;
let stopFlag = null;
let memory = null;
let shown = -1;
let working = false;
const waiting = [];
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function out() {
  return decoder.decode(new Uint8Array(memory.buffer, api.gui_out_ptr(), api.gui_out_len()));
}

function post() {
  const v = api.gui_version();
  if (v === shown) return;
  shown = v;
  api.gui_snapshot();
  postMessage({ snapshot: out() });
  // The session, for the page to keep: its game lives in the page only.
  if (call("/api/session", null) === 200) postMessage({ session: out() });
}

function fail(e) {
  api = null;
  postMessage({ error: `the board stopped: ${e}` });
}

// Runs request `path` (body: JSON text, or null for a GET); returns its
// status, the reply is out().
function call(path, body) {
  const p = encoder.encode(path);
  const b = body === null ? null : encoder.encode(body);
  const len = p.length + (b ? b.length : 0);
  const at = api.gui_inbox(len);
  const room = new Uint8Array(memory.buffer, at, len);
  room.set(p);
  if (b) room.set(b, p.length);
  return api.gui_request(p.length, b ? b.length : -1);
}

function request(m) {
  const status = call(m.path, m.body);
  postMessage({ id: m.id, status, reply: out() });
  post();
}

// Engine work: the snapshot that shows it due, then (after the page's
// waiting requests) its search.
function work() {
  if (working || !api) return;
  if (!api.gui_start_work()) return;
  working = true;
  post();
  setTimeout(() => {
    if (!api) return;
    let delay = 0;
    try {
      // A stop asked for before this search is not for it.
      if (stopFlag) Atomics.store(stopFlag, 0, 0);
      delay = api.gui_run_work();
    } catch (e) {
      fail(e);
      return;
    }
    working = false;
    post();
    setTimeout(work, delay);
  }, 0);
}

function handle(m) {
  try {
    request(m);
  } catch (e) {
    fail(e);
    return;
  }
  work();
}

onmessage = async (event) => {
  const m = event.data;
  if (m.wasm) {
    stopFlag = m.stopFlag || null;
    try {
      const env = {
        // The NCBP session's own output (not used by the board, whose
        // engine's lines stay in the module).
        ncbg_emit() {},
        ncbg_now_ms: () => performance.now(),
        ncbg_interrupted: () => (stopFlag ? Atomics.load(stopFlag, 0) : 0),
        ncbg_stop_seen() {},
        // A running search's snapshot (its latest info lines).
        gui_progress(ptr, len) {
          postMessage({ snapshot: decoder.decode(new Uint8Array(memory.buffer, ptr, len)) });
        },
      };
      const source = await fetch(m.wasm);
      const { instance } = WebAssembly.instantiateStreaming
        ? await WebAssembly.instantiateStreaming(source, { env }).catch(async () =>
            WebAssembly.instantiate(await (await fetch(m.wasm)).arrayBuffer(), { env }))
        : await WebAssembly.instantiate(await source.arrayBuffer(), { env });
      api = instance.exports;
      memory = api.memory;
      if (!api.gui_init()) throw new Error("the engine did not answer readyok");
    } catch (e) {
      postMessage({ error: `the board could not load: ${e}` });
      return;
    }
    postMessage({ ready: true });
    post();
    for (const w of waiting.splice(0)) handle(w);
    work();
    return;
  }
  if (m.id === undefined) return;
  if (!api) {
    waiting.push(m);
    return;
  }
  handle(m);
};
