// The table without a connection (docs/offline-table.md): the engine in the page (engine-worker.js, Puur's
// Python in Pyodide) answers the game API's requests for the games of this device, with the server's JSON.
// core.js's api() asks here first (Offline.owns: a game of this device, id "local-...") and falls back here
// when the server cannot be reached (Offline.serves: a new game, the dialog's options, the rules). The
// engine starts in the background after the page; once it answers and the service worker holds every file,
// the bar says that the table plays offline. Shared by the table and the scoreboards (tools.js).
"use strict";

const Offline = (() => {
  const LOCAL = "local-";
  let worker = null, next = 1, ready = false, broken = false, engineInfo = null;
  const pending = new Map();
  const readyCallbacks = [];
  let onEvents = () => {};

  const SCRIPT = "/static/table/engine-worker.js";
  // One engine for every open page of the site where the browser has shared workers (the table and a
  // scoreboard open side by side: the second answers at once, without starting Pyodide again); else one per
  // page, a dedicated worker. Either way a port: what the page posts, and where its answers come.
  function engine() {
    if (window.SharedWorker) {
      try {
        const shared = new SharedWorker(SCRIPT, { type: "module", name: "puur-engine" });
        return { port: shared.port, errors: shared };
      } catch (e) { console.warn("shared engine:", e.message); }
    }
    const dedicated = new Worker(SCRIPT, { type: "module" });
    return { port: dedicated, errors: dedicated };
  }
  function start() {
    if (worker || !window.Worker) return;
    let errors;
    try { ({ port: worker, errors } = engine()); } catch (e) { console.warn(e); return; }
    worker.onmessage = (e) => {
      const p = pending.get(e.data.id);
      if (!p) return;
      pending.delete(e.data.id);
      if (e.data.error) p.reject(new Error(e.data.error)); else p.resolve(e.data.answer);
    };
    // the engine's script did not load (not built, or not cached): every question waiting, and every later
    // one, is answered "needs the network" instead of waiting for ever
    errors.onerror = (e) => {
      console.warn("offline engine:", e.message);
      broken = true;
      for (const p of pending.values()) p.reject(Object.assign(new Error("no engine"), { status: 0 }));
      pending.clear();
    };
    const cached = "serviceWorker" in navigator && window.isSecureContext ? navigator.serviceWorker.ready : Promise.resolve();
    Promise.all([post({ kind: "ready" }), cached]).then(([info]) => {
      ready = true; engineInfo = info;
      for (const fn of readyCallbacks) fn();
    }).catch((e) => console.warn("offline engine:", e.message));
  }
  function post(message) {
    start();
    if (!worker || broken) return Promise.reject(Object.assign(new Error("no engine"), { status: 0 }));
    const id = next++;
    return new Promise((resolve, reject) => { pending.set(id, { resolve, reject }); worker.postMessage({ id, ...message }); });
  }

  // A request the engine answers as the server would: its body, or an Error with the server's status and detail.
  async function api(path, { method = "GET", body, token } = {}) {
    const a = await post({ kind: "request", method, path, body, token });
    if (a.events && a.events.length) onEvents(a.events);
    if (a.status >= 400) {
      const d = a.body && a.body.detail;
      const msg = Array.isArray(d) ? d.map((x) => `${(x.loc || []).slice(1).join(".")}: ${x.msg}`).join("; ") : d;
      // 503: a part of the table that needs the network (friends, reviews): said as the page says "offline"
      const err = new Error(msg || `HTTP ${a.status}`); err.status = a.status === 503 ? 0 : a.status; err.detail = d; throw err;
    }
    return a.body;
  }
  // A request's body as the engine wrote it (a record, whose 64-bit seed JSON.parse would round).
  async function text(path, token) {
    const a = await post({ kind: "text", method: "GET", path, token });
    if (a.status >= 400) throw Object.assign(new Error((a.body && a.body.detail) || `HTTP ${a.status}`), { status: a.status });
    return a.text;
  }
  // A scoreboard's computation (/api/v1/tools/TOOL): the same answer or the same refusal as the server's.
  async function tool(name, body) {
    const a = await post({ kind: "tool", path: name, body });
    return { ok: a.status < 400, status: a.status, data: a.body };
  }
  return {
    start, api, text, tool,
    ready: () => ready,
    // which engine answers this page (its version, and which start of it: pages sharing one see the same)
    engine: () => engineInfo,
    whenReady(fn) { if (ready) fn(); else readyCallbacks.push(fn); },
    // a path about a game of this device: its requests go to the engine, online or not
    owns: (path) => path.startsWith(`/games/${LOCAL}`),
    isLocal: (gameId) => String(gameId).startsWith(LOCAL),
    // what the engine answers when the server cannot be reached
    serves: (path, method) => (path === "/games" && method === "POST") || path === "/table/options" || path === "/table/rules",
    // the events of a local game's actions (each action and the view after it), as the live connection sends them
    listen(fn) { onEvents = fn; },
  };
})();
