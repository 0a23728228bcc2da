// Puur's service worker, so that the table installs as an app and plays without a connection
// (docs/offline-table.md): it keeps the table page, its scripts and style, the card drawing (cards.js draws
// every card; there are no card image files), the scoreboards' pages and the engine in the page (Pyodide's
// files and puur.whl, listed in engine/manifest.json, built by `make offline`).
// The page's files: network first, so a running server always gives its newest files; the cache answers
// when the network does not, or does not within 1.5 s. The engine's files: from the cache (they change only with the version).
// It never caches the game API (/api/...): views, seat tokens and records stay between the page and the
// server (a game of this device lives in IndexedDB: engine-worker.js). Served at /sw.js so that its scope
// is the whole site.
"use strict";

// The server writes VERSION, a hash of every file cached here (puur.server.http.web): a new page or engine
// is a new worker with a new cache, filled whole before it takes over; on activation the old caches go.
const VERSION = "__PUUR_OFFLINE_VERSION__";
const CACHE = `puur-${VERSION}`;
const ENGINE = "/static/table/engine/";
const SHELL = [
  "/", "/static/table/table.css", "/static/table/table.js", "/static/table/cards.js", "/tools/assets/chalk.js",
  "/static/table/i18n.js", "/static/table/core.js", "/static/table/hand.js", "/static/table/trick.js",
  "/static/table/boards.js", "/static/table/dialogs.js", "/static/table/setup.js", "/static/table/live.js",
  "/static/table/friends.js", "/static/table/friends.css", "/static/table/forms.js", "/static/table/forms.css",
  "/static/table/offline.js", "/static/table/engine-worker.js", "/static/table/player-key.js", "/static/place/key.js",
  "/favicon.svg", "/manifest.webmanifest", "/static/table/icon.svg", "/static/table/icon-192.png", "/static/table/icon-512.png",
  "/tools/", "/tools/jasstafel", "/tools/weis", "/tools/trick", "/tools/coiffeur", "/tools/differenzler",
  "/tools/assets/tools.css", "/tools/assets/tools.js", "/tools/assets/i18n.js", "/tools/assets/jasstafel.js",
  "/tools/assets/weis.js", "/tools/assets/trick.js", "/tools/assets/coiffeur.js", "/tools/assets/differenzler.js",
];

// The engine's files named by its manifest; none where the engine was not built (the table then plays online only).
async function engineFiles() {
  try {
    const r = await fetch(ENGINE + "manifest.json", { cache: "no-store" });
    if (!r.ok) return [];
    const m = await r.json();
    return [ENGINE + "manifest.json", ENGINE + m.wheel, ...m.engine.map((f) => ENGINE + f)];
  } catch (_) { return []; }
}

self.addEventListener("install", (e) => {
  e.waitUntil((async () => {
    const c = await caches.open(CACHE);
    await c.addAll(SHELL.map((u) => new Request(u, { cache: "no-store" })));
    const engine = await engineFiles();
    if (engine.length) await c.addAll(engine.map((u) => new Request(u, { cache: "no-store" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("puur-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// Only the site's own files: same origin, GET, not the API, no Authorization header.
function cacheable(url, request) {
  if (request.method !== "GET" || url.origin !== self.location.origin) return false;
  if (url.pathname.startsWith("/api/") || request.headers.has("Authorization")) return false;
  return SHELL.includes(url.pathname) || url.pathname.startsWith(ENGINE);
}

self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (!cacheable(url, e.request)) return; // the browser fetches it as if there were no worker
  const key = url.pathname; // "/?pace=0" and "/" are the same page
  if (key.startsWith(ENGINE)) { // the engine: as cached for this version, else from the network
    e.respondWith(caches.open(CACHE).then((c) => c.match(key)).then((hit) => hit || fetch(e.request)));
    return;
  }
  e.respondWith(networkOrCache(e.request, key));
});

// The network's answer (kept in the cache), or the cache's when the network fails, or when it has not answered
// within NETWORK_WAIT ms and the cache holds the file (a train's network that hangs: the page paints from the
// cache, and the network's answer still refreshes the cache for the next visit).
const NETWORK_WAIT = 1500;
function networkOrCache(request, key) {
  const cached = caches.open(CACHE).then((c) => c.match(key));
  const network = fetch(request).then((res) => {
    if (res.ok) { const copy = res.clone(); caches.open(CACHE).then((c) => c.put(key, copy)); }
    return res;
  });
  return new Promise((resolve) => {
    let answered = false;
    const answer = (res) => { if (!answered) { answered = true; clearTimeout(timer); resolve(res); } };
    const timer = setTimeout(() => cached.then((hit) => { if (hit) answer(hit); }), NETWORK_WAIT);
    network.then(answer, () => cached.then((hit) => answer(hit || Response.error())));
  });
}
