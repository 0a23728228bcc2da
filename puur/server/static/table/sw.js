// Puur's service worker, so that the table installs as an app: keeps the table page, its scripts, style and
// the card drawing (cards.js draws every card; there are no card image files) available offline.
// Network first, so a running server always gives its newest files; the cache answers only when the
// network does not. It never caches the game API (/api/...): views, seat tokens and records stay between
// the page and the server. Served at /sw.js so that its scope is the whole site.
"use strict";

// A new CACHE name whenever SHELL changes: the new worker caches the whole list afresh, and on activation
// drops the caches of the old one.
const CACHE = "puur-table-v2";
const SHELL = [
  "/", "/static/table/table.css", "/static/table/table.js", "/static/table/cards.js", "/tools/assets/chalk.js",
  "/static/table/i18n.js", "/static/table/core.js", "/static/table/hand.js", "/static/table/trick.js",
  "/static/table/boards.js", "/static/table/dialogs.js", "/static/table/setup.js", "/static/table/live.js",
  "/static/table/friends.js", "/static/table/friends.css", "/static/table/forms.js", "/static/table/forms.css",
  "/favicon.svg", "/manifest.webmanifest", "/static/table/icon.svg", "/static/table/icon-192.png", "/static/table/icon-512.png",
];

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("puur-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// Only the table's own files: same origin, GET, not the API, no Authorization header.
function cacheable(request) {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return false;
  if (url.pathname.startsWith("/api/") || request.headers.has("Authorization")) return false;
  return url.pathname === "/" || SHELL.includes(url.pathname);
}

self.addEventListener("fetch", (e) => {
  if (!cacheable(e.request)) return; // the browser fetches it as if there were no worker
  const url = new URL(e.request.url);
  const key = url.pathname; // "/?pace=0" and "/" are the same page
  e.respondWith(fetch(e.request).then((res) => {
    if (res.ok) { const copy = res.clone(); caches.open(CACHE).then((c) => c.put(key, copy)); }
    return res;
  }).catch(() => caches.match(key).then((hit) => hit || Response.error())));
});
