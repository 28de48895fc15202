// How the page talks to the board: the one seam between the page and its
// host. `Transport.request(path, body)` is the board's JSON API (body
// undefined: a GET) and resolves with { ok, status, json }; it rejects only
// when the board cannot be reached. `Transport.subscribe(onSnapshot,
// onOnline)` delivers every snapshot of the board's state.
//
// Two hosts, chosen once at start (<html data-host="static">, which
// `ncbg-gui export-static` writes):
// - the server (ncbg-gui): fetch for the API, an EventSource for the
//   snapshots;
// - the static site: the board and its engine compiled to WebAssembly in a
//   Web Worker (local-worker.js), no server.
"use strict";

const Transport = (() => {
  const isStatic = document.documentElement.dataset.host === "static";

  function httpTransport() {
    return {
      isStatic: false,
      async request(path, body) {
        const r = await fetch(path.replace(/^\//, ""), {
          method: body === undefined ? "GET" : "POST",
          headers: { "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        let json = {};
        try { json = await r.json(); } catch (e) { json = { error: "bad reply from the server" }; }
        return { ok: r.ok, status: r.status, statusText: r.statusText, json };
      },
      subscribe(onSnapshot, onOnline) {
        const connect = () => {
          const es = new EventSource("api/events");
          es.onopen = () => onOnline(true);
          es.onerror = () => {
            onOnline(false);
            // A stream the browser gave up on (not just retrying) is opened anew.
            if (es.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
          };
          es.onmessage = (m) => onSnapshot(JSON.parse(m.data));
        };
        connect();
      },
    };
  }

  // Where the static site keeps its board's session (localStorage).
  const SESSION = "ncbg.static.session";

  function workerTransport() {
    const worker = new Worker(new URL("local-worker.js", document.baseURI), { type: "module" });
    // The engine searches inside the worker's call: a `stop` reaches it at
    // once only through shared memory, which a cross-origin isolated page
    // has (a host sending COOP and COEP headers); otherwise the search
    // ends at its own limit.
    const stopFlag = typeof SharedArrayBuffer === "function" && globalThis.crossOriginIsolated
      ? new Int32Array(new SharedArrayBuffer(4))
      : null;
    const waiting = new Map();
    let next = 1;
    let listener = null;
    let online = null;
    let latest = null;
    let failed = null;
    worker.onmessage = (event) => {
      const m = event.data;
      if (m.snapshot) {
        latest = m.snapshot;
        if (listener) listener(JSON.parse(m.snapshot));
      } else if (m.session) {
        try { localStorage.setItem(SESSION, m.session); } catch (e) { /* private mode, full: not kept */ }
      } else if (m.id) {
        const w = waiting.get(m.id);
        waiting.delete(m.id);
        if (w) w.resolve({ ok: m.status < 400, status: m.status, statusText: "", json: JSON.parse(m.reply) });
      } else if (m.ready) {
        if (online) online(true);
      } else if (m.error) {
        failed = m.error;
        // The kept game may be what stopped the board: the next load starts
        // afresh (the game stays under another key, for a bug report).
        try {
          const kept = localStorage.getItem(SESSION);
          if (kept) localStorage.setItem(SESSION + ".failed", kept);
          localStorage.removeItem(SESSION);
        } catch (e) { /* not available */ }
        if (online) online(false);
        for (const w of waiting.values()) w.reject(new Error(m.error));
        waiting.clear();
        if (window.pageErrors) window.pageErrors.push(m.error);
        console.error(m.error);
      }
    };
    worker.onerror = (e) => {
      failed = `the board's worker failed: ${e.message}`;
      if (online) online(false);
      if (window.pageErrors) window.pageErrors.push(failed);
    };
    worker.postMessage({ wasm: new URL("ncbg.wasm", document.baseURI).href, stopFlag });
    // The game of the last visit, kept in this browser, comes back first;
    // one that no longer fits is dropped (the board says why in the
    // console) and the board starts afresh.
    let kept = null;
    try { kept = localStorage.getItem(SESSION); } catch (e) { /* not available */ }
    if (kept) {
      const id = next++;
      waiting.set(id, {
        resolve: (r) => { if (!r.ok) { console.warn(`the kept game was not restored: ${r.json.error}`); try { localStorage.removeItem(SESSION); } catch (e) { /* */ } } },
        reject: () => {},
      });
      worker.postMessage({ id, path: "/api/restore", body: kept });
    }
    return {
      isStatic: true,
      stopsAtOnce: !!stopFlag,
      request(path, body) {
        if (failed) return Promise.reject(new Error(failed));
        if (stopFlag && path === "/api/stop") Atomics.store(stopFlag, 0, 1);
        const id = next++;
        return new Promise((resolve, reject) => {
          waiting.set(id, { resolve, reject });
          worker.postMessage({ id, path, body: body === undefined ? null : JSON.stringify(body) });
        });
      },
      subscribe(onSnapshot, onOnline) {
        listener = onSnapshot;
        online = onOnline;
        if (latest) onSnapshot(JSON.parse(latest));
      },
    };
  }

  return isStatic ? workerTransport() : httpTransport();
})();
