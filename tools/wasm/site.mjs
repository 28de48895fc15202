// The static site and its tools for the tests and the speed measurement:
// the files of the site, a static HTTP server for a folder, and headless
// Chromium over WebDriver (chromedriver), with no dependency beyond Node.

import { copyFileSync, mkdirSync, readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The site's files: the page, its scripts and the engine. */
export const SITE_FILES = ['index.html', 'engine-client.js', 'ncbg-worker.js', 'ncbg-engine.js'];

/** Writes the site to `dir` (tools/wasm/pkg/ncbg.wasm must be built). */
export function writeSite(dir) {
  mkdirSync(dir, { recursive: true });
  for (const f of SITE_FILES) copyFileSync(path.join(here, 'web', f), path.join(dir, f));
  copyFileSync(path.join(here, 'pkg/ncbg.wasm'), path.join(dir, 'ncbg.wasm'));
}

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ico': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

/** Serves `dir` on 127.0.0.1 (any free port); `isolated` adds the
 * COOP/COEP headers that make SharedArrayBuffer (an immediate `stop`)
 * available. Resolves with { url, close }. */
export function serve(dir, { isolated = false } = {}) {
  const server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    const file = path.join(dir, path.normalize(name));
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    const headers = { 'content-type': MIME[path.extname(file)] || 'application/octet-stream' };
    if (isolated) {
      headers['cross-origin-opener-policy'] = 'same-origin';
      headers['cross-origin-embedder-policy'] = 'require-corp';
    }
    res.writeHead(200, headers).end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() });
    });
  });
}

/** Headless Chromium through chromedriver: { execute(script, args),
 * executeAsync(script, args), goto(url), size(width, height),
 * type(css, text), screenshot() (PNG bytes), quit() }. */
export async function browser() {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const driver = spawn('chromedriver', [`--port=${port}`], { stdio: 'ignore', detached: true });
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, url, body) => {
    const r = await fetch(base + url, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const j = await r.json();
    if (!r.ok) throw new Error(`WebDriver ${url}: ${JSON.stringify(j.value)}`);
    return j.value;
  };
  const kill = () => {
    try { process.kill(-driver.pid, 'SIGKILL'); } catch { /* already gone */ }
  };
  let session;
  try {
    for (let i = 0; ; i++) {
      try { await call('GET', '/status'); break; } catch (e) {
        if (i > 100) throw new Error(`chromedriver did not start: ${e}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const profile = path.join(tmpdir(), `ncbg-wasm-chrome-${process.pid}-${port}`);
    session = (await call('POST', '/session', {
      capabilities: { alwaysMatch: { 'goog:chromeOptions': {
        binary: '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage',
          '--disable-background-networking', '--disable-component-update', `--user-data-dir=${profile}`],
      } } },
    })).sessionId;
    await call('POST', `/session/${session}/timeouts`, { script: 600000 });
  } catch (e) {
    kill();
    throw e;
  }
  const s = `/session/${session}`;
  return {
    goto: (url) => call('POST', `${s}/url`, { url }),
    execute: (script, args = []) => call('POST', `${s}/execute/sync`, { script, args }),
    executeAsync: (script, args = []) => call('POST', `${s}/execute/async`, { script, args }),
    size: (width, height) => call('POST', `${s}/window/rect`, { width, height }),
    // Types `text` into the element `css` selects (a file input takes a path).
    async type(css, text) {
      const el = await call('POST', `${s}/element`, { using: 'css selector', value: css });
      const id = el['element-6066-11e4-a52e-4f735466cecf'] || el.ELEMENT;
      if (!id) throw new Error(`no element ${css}: ${JSON.stringify(el)}`);
      return call('POST', `${s}/element/${id}/value`, { text });
    },
    screenshot: async () => Buffer.from(await call('GET', `${s}/screenshot`), 'base64'),
    async quit() {
      try { await call('DELETE', s); } finally { kill(); }
    },
  };
}

/** The page's engine, once loaded (run in the page, async). */
export const WAIT_READY = `
const done = arguments[arguments.length - 1];
(async () => {
  for (let i = 0; !(window.ncbg && window.ncbg.ready); i++) {
    if (i > 600) throw new Error('the engine did not load: ' + document.getElementById('out').textContent);
    await new Promise((r) => setTimeout(r, 50));
  }
  // Milliseconds from the start of navigation to an engine that answers.
  await window.ncbg.ask('isready', (l) => l === 'readyok');
  done({ ok: true, isolated: !!window.ncbg.engine.stopFlag, readyMs: performance.now() });
})().catch((e) => done({ error: String(e) }));`;

/** Runs `bench depth D` in the page's engine; resolves with its lines. */
export const BENCH = `
const [depth, done] = arguments;
window.ncbg.ask('bench depth ' + depth, (l) => / nodes \\d+ nps/.test(l) && !l.startsWith('info'))
  .then((lines) => done({ lines }), (e) => done({ error: String(e) }));`;
