// The table's core: the state of the page (S: the game, its seats' tokens, the view; prefs: this browser's
// choices), words (t), elements (h), the game API (api), the names of cards, contracts and seats, the
// messages (toast) and what this browser keeps in localStorage. Every other file of the page uses it.
"use strict";

const $ = (id) => document.getElementById(id);
// The first visit speaks the browser's language (de-CH, fr-CH, ...) where the page has it; English otherwise.
function browserLang() {
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const k = String(l).slice(0, 2).toLowerCase();
    if (I18N[k]) return k;
  }
  return "en";
}
// French-speaking Switzerland plays with French cards, German-speaking Switzerland with Swiss-German ones: a
// first visit in French starts with the French deck (the deck switch changes it, and it is remembered).
const firstLang = browserLang();
const prefs = Object.assign({ deck: firstLang === "fr" ? "french" : "swiss", lang: firstLang }, stored("puur.prefs"));
const params = new URLSearchParams(location.search);
// The computers' pace (ms between their moves): the speed chosen in New game, unless the address names one.
const SPEEDS = { slow: 900, normal: 400, fast: 150 };
const paceOf = (speed) => (params.has("pace") ? Math.max(0, Number(params.get("pace")) || 0) : SPEEDS[speed] || SPEEDS.normal);
let PACE = paceOf(prefs.speed);

const S = {
  gameId: null, tokens: {}, seat: null, view: null, ws: null, wsOpen: false, queue: [], blocked: false,
  stoeck: false, options: null, retry: null, covered: false,
};

// A word in the page's language (English where that table lacks it), its {0}, {1}, ... filled with args.
function t(key, ...args) {
  let s = (I18N[prefs.lang] || I18N.en)[key];
  if (s === undefined) s = I18N.en[key];
  return typeof s === "string" ? fill(s, args) : s;
}
// {0}, {1}, ... in text: the values at those places of args (each place once, as it reads).
function fill(text, args) {
  let s = text;
  args.forEach((a, i) => { s = s.replace(`{${i}}`, a); });
  return s;
}
// {name} in text: words[name], for the server's reasons and suggestions (a code and its parameters).
function fillNamed(text, words) { return text.replace(/\{(\w+)\}/g, (m, k) => words[k]); }
function savePrefs() { store("puur.prefs", prefs); }
function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
    else if (k === "style") e.style.cssText = v; // through the CSSOM: the page's CSP refuses style attributes
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else if (v !== false && v != null) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of kids) if (c != null) e.append(c);
  return e;
}

// ----- what this browser keeps (tokens only ever leave the page in the Authorization header) -----
// An object kept in localStorage as JSON under key; {} when there is none.
function stored(key) { return JSON.parse(localStorage.getItem(key) || "{}"); }
function store(key, value) { localStorage.setItem(key, JSON.stringify(value)); }
function storedGames() { return stored("puur.games"); }
function storeGame(id, tokens) {
  const all = storedGames(); all[id] = { tokens, saved: Date.now() };
  store("puur.games", all);
  localStorage.setItem("puur.current", id);
}
// Which rounds' breakdown this device has closed (localStorage), so a reload shows one still open again.
function seenRounds() { return stored("puur.seen"); }
function unseenRound(v) { return v.sheet.rounds.length > (seenRounds()[v.game_id] || 0); }
function markSeen(v) { const all = seenRounds(); all[v.game_id] = v.sheet.rounds.length; store("puur.seen", all); }

// A request of the game API. A game of this device, and a new game, the options or the rules while the
// server cannot be reached, are answered by the engine in the page instead (offline.js), with the same JSON.
// `player`: take the seat as this browser's remembered player (static/place/key.js, through player-key.js): its
// key goes as X-Puur-Player; a key the server no longer knows (revoked, deleted) is forgotten and the request
// made again without it, so the seat is taken as before.
// raw: a body already written as JSON text (a record, whose 64-bit seed JSON.stringify of a parse would round).
async function api(path, { method = "GET", body, token, player = false, raw } = {}) {
  if (Offline.owns(path)) {
    const data = await Offline.api(path, { method, body, token });
    // the record is kept before the last action is answered: a page closed at once has still kept it
    if (method === "POST" && /\/actions$/.test(path) && data && data.status === "over") await overOnDevice(data, token);
    return data;
  }
  if (path === "/games/lookup") return lookupBoth(body);
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const key = player && window.PuurPlayer ? window.PuurPlayer.playerKey() : null;
  if (key) headers["X-Puur-Player"] = key;
  let r;
  try {
    r = await fetch(`/api/v1${path}`, { method, headers, body: raw !== undefined ? raw : body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) { // no network, or no server
    if (Offline.serves(path, method)) return Offline.api(path, { method, body, token });
    throw Object.assign(new Error(`offline: ${e.message}`), { status: 0 });
  }
  let data = null;
  try { data = await r.json(); } catch (_) { data = null; }
  if (r.status === 401 && key) { window.PuurPlayer.setPlayerKey(null); return api(path, { method, body, token, raw }); }
  if (!r.ok) {
    let msg = data && data.detail;
    if (Array.isArray(msg)) msg = msg.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
    const err = new Error(msg || `HTTP ${r.status}`); err.status = r.status; err.detail = data && data.detail; throw err;
  }
  return data;
}

// A match of this device ended: its record kept for this browser's remembered player (player-key.js), under the
// seat of the person who made the game (the first seat this browser holds), as a table on the server counts it.
async function overOnDevice(view, token) {
  if (!window.PuurPlayer || !window.PuurPlayer.playerKey()) return;
  const held = Object.keys((storedGames()[view.game_id] || {}).tokens || {}).map(Number);
  const seat = held.length ? Math.min(...held) : view.seat;
  try {
    window.PuurPlayer.keepDeviceMatch(view.game_id, seat, await Offline.text(`/games/${view.game_id}/record`, token));
  } catch (e) { console.warn("the match's record:", e); }
}

// The games these tokens hold seats in: the server's and this device's, each side asked for its own tokens.
async function lookupBoth(body) {
  const local = new Set(Object.entries(storedGames()).filter(([id]) => Offline.isLocal(id)).flatMap(([, g]) => Object.values(g.tokens)));
  const mine = body.tokens.filter((x) => local.has(x)), theirs = body.tokens.filter((x) => !local.has(x));
  const asked = [];
  if (mine.length) asked.push(Offline.api("/games/lookup", { method: "POST", body: { tokens: mine } }));
  if (theirs.length || !mine.length) {
    asked.push(fetch("/api/v1/games/lookup", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ tokens: theirs }) })
      .then((r) => (r.ok ? r.json() : Promise.reject(Object.assign(new Error(`HTTP ${r.status}`), { status: r.status })))));
  }
  const got = await Promise.allSettled(asked);
  if (got.every((x) => x.status === "rejected")) throw Object.assign(new Error("offline"), { status: got[0].reason.status || 0 });
  const games = got.flatMap((x) => (x.status === "fulfilled" ? x.value.games : []));
  return { games: games.sort((a, b) => b.updated - a.updated) };
}

// ----- names -----
const cardName = (code) => PuurCards.cardName(code, prefs.deck, prefs.lang);
function contractName(code) {
  if ("CDHS".includes(code)) return PuurCards.suitName(code, prefs.deck, prefs.lang);
  if (code in t("slalom_names")) return t("slalom_names")[code]; // Slalom and Guschti
  return t(code === "O" ? "obenabe" : "undenufe");
}
// A name the page or the server gave by default ("You", "Spieler 2", "Computer 3") reads in the page's
// language; a name a player typed stays as typed.
function localName(name) {
  for (const table of Object.values(I18N)) {
    if (name === table.you) return t("you");
    for (const key of ["player", "computer_n"]) {
      const m = new RegExp(`^${table[key].replace("{0}", "(\\d+)")}$`).exec(name);
      if (m) return t(key, m[1]);
    }
  }
  return name;
}
function seatName(seat) { return localName(S.view ? S.view.names[seat] : S.names ? S.names[seat] : String(seat)); }
function teamName(team) { return t("team_with", seatName(team), seatName(team + 2)); }
const rel = (seat) => (seat - S.seat + 4) % 4;
// An action that plays a card ("H10", "SA"), not a contract or another move.
const isCard = (action) => /^[CDHS](10|[6-9JQKA])$/.test(action);
// A trick's cards with the seat that played each: [seat, card] from its leader round the table.
const trickPlays = (trick) => trick.cards.map((c, i) => [(trick.leader + i) % 4, c]);
function localize(text) { // card codes in the engine's reasons read in the chosen deck
  return String(text).replace(/\b([CDHS](?:10|[6-9JQKA]))\b/g, (m) => cardName(m));
}

// ----- messages -----
let toastTimer = null;
function toast(text) {
  const el = $("toast");
  if ($("why-rule")) $("why-rule").remove(); // a rule link belongs to its own why message
  el.textContent = localize(text); el.hidden = false;
  hideToastIn(4000);
}
// The message shown stays ms from now (a newer message or a longer stay replaces the older count).
function hideToastIn(ms) { clearTimeout(toastTimer); toastTimer = setTimeout(() => { $("toast").hidden = true; }, ms); }
function errorText(e) {
  if (e && e.message) console.warn(e.message); // the server's own words, for whoever looks
  const texts = t("errors");
  return texts[e && e.status] || texts.other;
}
// A name the server refused by the one rule of names (control or invisible characters, blank, what the table
// calls a seat, another seat's name: SECURITY.md), said in the page's language; null for any other refusal.
function nameRefusal(e) {
  const texts = t("name_refused");
  const d = e && e.status === 422 && Array.isArray(e.detail) ? e.detail.find((x) => x && Object.hasOwn(texts, x.type)) : null;
  return d ? fill(texts[d.type], [(d.ctx && d.ctx.name) || ""]) : null;
}
function hideToast() { clearTimeout(toastTimer); $("toast").hidden = true; }

// ----- dialogs -----
function openDialog(d) { if (!d.open) d.showModal(); }
function closeDialog(d) { if (d.open) d.close(); }
