// The page's side of the engine in a Web Worker (ncbg-worker.js): send
// NCBP lines, get the engine's lines back. `stop` reaches a running search
// at once through a SharedArrayBuffer flag when the page is cross-origin
// isolated (COOP/COEP headers); otherwise it is read after the search,
// which then ends at its own limit (the page uses searches with a limit).
//
//   const engine = new EngineWorker(baseUrl, (line) => ...);
//   engine.send('go movetime 500');
export class EngineWorker {
  constructor(base, onLine, onError = (e) => console.error(e)) {
    const url = (name) => new URL(name, base).href;
    this.stopFlag =
      typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated
        ? new Int32Array(new SharedArrayBuffer(4))
        : null;
    this.worker = new Worker(url('ncbg-worker.js'), { type: 'module' });
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (event) => {
        const m = event.data;
        if (m.line !== undefined) onLine(m.line);
        else if (m.ready) resolve();
        else if (m.error) {
          reject(new Error(m.error));
          onError(m.error);
        }
      };
    });
    this.worker.postMessage({ wasm: url('ncbg.wasm'), stopFlag: this.stopFlag });
  }

  /** Sends one NCBP line (or several, each ending in '\n'). */
  send(text) {
    if (this.stopFlag && /^\s*(stop|quit)\s*$/m.test(text)) Atomics.store(this.stopFlag, 0, 1);
    this.worker.postMessage({ input: text.endsWith('\n') ? text : `${text}\n` });
  }

  /** Ends the worker at once. */
  terminate() {
    this.worker.terminate();
  }
}
