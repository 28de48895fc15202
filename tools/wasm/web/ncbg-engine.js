// The ncbg engine (ncbg.wasm) as an object that takes NCBP input and
// gives each printed line to a callback: the one JS face of the
// WebAssembly engine, for the page's Web Worker and for Node.
//
// createEngine(wasm, { onLine, stopFlag }):
//   wasm      the module's bytes (ArrayBuffer or typed array) or a
//             WebAssembly.Module;
//   onLine    called with each line the engine prints (a string, no '\n');
//   stopFlag  an Int32Array over a SharedArrayBuffer, or null: another
//             thread stores 1 in [0] to stop the running search; the engine
//             stores 0 when it has read the `stop` (or `quit`) line.
// Returns { feed(text) -> bool (true once the engine quit), end() }.
// A search runs inside the feed() call that reads its `go`.

const INBOX = 1 << 16;

export async function createEngine(wasm, { onLine, stopFlag = null } = {}) {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let memory = null;
  const env = {
    ncbg_emit(ptr, len) {
      onLine(decoder.decode(new Uint8Array(memory.buffer, ptr, len)));
    },
    ncbg_now_ms: () => performance.now(),
    ncbg_interrupted: () => (stopFlag ? Atomics.load(stopFlag, 0) : 0),
    ncbg_stop_seen() {
      if (stopFlag) Atomics.store(stopFlag, 0, 0);
    },
    // The module also carries the board's exports (the static site's,
    // tools/gui/web/local-worker.js); their search snapshots are not this
    // engine's output.
    gui_progress() {},
  };
  const instance =
    wasm instanceof WebAssembly.Module
      ? await WebAssembly.instantiate(wasm, { env })
      : (await WebAssembly.instantiate(wasm, { env })).instance;
  const api = instance.exports;
  memory = api.memory;
  let quit = false;
  return {
    feed(text) {
      const bytes = encoder.encode(text);
      for (let at = 0; at < bytes.length && !quit; at += INBOX) {
        const piece = bytes.subarray(at, at + INBOX);
        // The inbox first (its first call allocates, and memory may grow),
        // then the memory's buffer as it is now.
        const inbox = api.ncbg_inbox();
        new Uint8Array(memory.buffer, inbox, piece.length).set(piece);
        quit = api.ncbg_feed(piece.length) !== 0;
      }
      return quit;
    },
    end() {
      if (!quit) quit = api.ncbg_end() !== 0;
      return quit;
    },
  };
}
