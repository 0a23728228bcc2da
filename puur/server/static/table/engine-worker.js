// The engine in the page: Puur's own Python (the rules, the match, the computer players, the scoreboards'
// tools) in Pyodide, in a module Web Worker (a shared one where the browser has them: one engine for every open
// page of the site), so the table plays without a connection (docs/offline-table.md).
// Every file comes from this site (static/table/engine/, built by `make offline`; the service worker keeps
// them): Pyodide's run-time files and puur.whl, the wheel of the modules a game needs. The page sends it the
// requests it would send the server (offline.js); puur.local.worker answers them with the server's JSON.
// Each game of this device is kept in IndexedDB after every change and given back to the engine when it
// starts, so a reload or a restart of the phone resumes it.
import { loadPyodide } from "./engine/pyodide.mjs";

const ENGINE = new URL("./engine/", import.meta.url).href;
const DB = "puur-offline", GAMES = "games";

// ----- the device's games (IndexedDB) -----
function openDb() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(GAMES, { keyPath: "id" });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}
function inStore(mode, fn) {
  return openDb().then((db) => new Promise((resolve, reject) => {
    const tx = db.transaction(GAMES, mode);
    const req = fn(tx.objectStore(GAMES));
    tx.oncomplete = () => { db.close(); resolve(req && req.result); };
    tx.onerror = () => { db.close(); reject(tx.error); };
  }));
}
const savedGames = () => inStore("readonly", (s) => s.getAll());
const keep = (record) => inStore("readwrite", (s) => s.put(record)); // {id, text}
const drop = (id) => inStore("readwrite", (s) => s.delete(id));

// ----- the engine -----
async function boot() {
  const manifest = await (await fetch(ENGINE + "manifest.json")).json();
  const pyodide = await loadPyodide({ indexURL: ENGINE, lockFileURL: ENGINE + "pyodide-lock.json", packages: [] });
  const wheel = await fetch(ENGINE + manifest.wheel);
  if (!wheel.ok) throw new Error(`the engine's wheel: HTTP ${wheel.status}`);
  pyodide.unpackArchive(new Uint8Array(await wheel.arrayBuffer()), "wheel");
  const engine = pyodide.pyimport("puur.local.worker");
  for (const record of await savedGames()) engine.restore(record.text); // {id, text}: the game as JSON text
  return { engine, version: manifest.version };
}
let booted = null;
const STARTED = `${Date.now()}-${Math.random().toString(36).slice(2)}`; // this engine, as the pages it serves see it

// One request at a time, in the order they came (from every page it serves): the engine is one Python, each
// answer saved before the next.
let queue = Promise.resolve();
function answer(data, reply) {
  const { id, kind, method, path, body, token } = data;
  queue = queue.then(async () => {
    try {
      const { engine, version } = await (booted ||= boot());
      if (kind === "ready") { reply({ id, answer: { version, engine: STARTED } }); return; }
      const fn = kind === "tool" ? engine.tool : engine.request; // "request" and "text": a request of the game API
      const answer = JSON.parse(kind === "tool" ? fn(path, JSON.stringify(body)) : fn(method, path, body === undefined ? "" : JSON.stringify(body), token || ""));
      if (answer.saved) await keep(answer.saved); // before the page hears of the action: a reload finds it
      if (answer.forgotten) await drop(answer.forgotten); // no longer this device's (forgotten, or kept on the server)
      const text = answer.body;
      answer.body = JSON.parse(text);
      if (kind === "text") answer.text = text; // the body as the engine wrote it (a record's 64-bit seed)
      delete answer.saved; delete answer.forgotten;
      reply({ id, answer });
    } catch (err) {
      reply({ id, error: String((err && err.message) || err) });
    }
  });
}
// A dedicated worker: one page. A shared worker (offline.js starts one where the browser has them): every page
// of the site that is open (the table, the scoreboards) through its own port, one engine started once for all.
self.onmessage = (e) => answer(e.data, (m) => self.postMessage(m));
self.onconnect = (e) => {
  const port = e.ports[0];
  port.onmessage = (m) => answer(m.data, (r) => port.postMessage(r));
  port.start();
};
