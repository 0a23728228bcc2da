// The lobby (docs/lobby.md): the public tables, live (the lobby feed: /api/v1/lobby/live), filters, "Play now",
// sitting down at a table, watching one (one trick behind). Words in de/fr/en. The page decides nothing: the
// server seats, lists and hides; this page shows what it is sent.
import { currentPlayer, ensurePlayer, playerFetch } from "/static/place/key.js";

const WORDS = {
  en: {
    title: "Lobby", language: "Language", to_table: "To my table", play_title: "Play now", your_name: "Your name",
    table_lang: "Table language", speed: "Speed", any: "any", relaxed: "relaxed", normal: "normal", fast: "fast",
    play_now: "Play now", tables: "Open tables", show_full: "also full tables (to watch)",
    no_tables: "No open table right now: press Play now and computers keep you company until people come.",
    watching: "Watching", stop_watching: "Stop watching", sit: "Sit down", watch: "Watch",
    arriving: "Your seat is taken: you play from the next round. Until then you watch (one trick behind).",
    open_seat: "free seat", computer: "Computer", free_computer: "Computer (free for a person)",
    watchers: "{n} watching", to: "to {n}", waiting: "waiting", playing: "playing", live: "live",
    reconnecting: "reconnecting…", me: "You play as {name}", need_name: "Type your name first.",
    seated: "Seated: to the table…", no_seat: "No seat for you there: {reason}", closed: "The host closed the table to spectators.",
    scores: "Score", contract: "Contract", tricks_shown: "Tricks (one trick behind)", heuristic: "heuristic",
  },
  de: {
    title: "Lobby", language: "Sprache", to_table: "Zu meinem Tisch", play_title: "Jetzt spielen", your_name: "Dein Name",
    table_lang: "Sprache am Tisch", speed: "Tempo", any: "alle", relaxed: "gemütlich", normal: "normal", fast: "schnell",
    play_now: "Jetzt spielen", tables: "Offene Tische", show_full: "auch volle Tische (zum Zuschauen)",
    no_tables: "Gerade kein offener Tisch: drück «Jetzt spielen», Computer spielen mit, bis Leute kommen.",
    watching: "Zuschauen", stop_watching: "Nicht mehr zuschauen", sit: "Hinsetzen", watch: "Zuschauen",
    arriving: "Dein Platz ist reserviert: du spielst ab der nächsten Runde. Bis dahin schaust du zu (einen Stich zurück).",
    open_seat: "freier Platz", computer: "Computer", free_computer: "Computer (frei für eine Person)",
    watchers: "{n} schauen zu", to: "auf {n}", waiting: "wartet", playing: "spielt", live: "live",
    reconnecting: "verbinde neu…", me: "Du spielst als {name}", need_name: "Gib zuerst deinen Namen ein.",
    seated: "Platz gefunden: zum Tisch…", no_seat: "Kein Platz für dich: {reason}", closed: "Der Gastgeber hat den Tisch für Zuschauer geschlossen.",
    scores: "Stand", contract: "Trumpf", tricks_shown: "Stiche (einen Stich zurück)", heuristic: "Heuristik",
  },
  fr: {
    title: "Salon", language: "Langue", to_table: "À ma table", play_title: "Jouer maintenant", your_name: "Ton nom",
    table_lang: "Langue de la table", speed: "Rythme", any: "toutes", relaxed: "tranquille", normal: "normal", fast: "rapide",
    play_now: "Jouer maintenant", tables: "Tables ouvertes", show_full: "aussi les tables pleines (pour regarder)",
    no_tables: "Aucune table ouverte : appuie sur « Jouer maintenant », des ordinateurs jouent jusqu’à l’arrivée de joueurs.",
    watching: "Regarder", stop_watching: "Arrêter de regarder", sit: "S’asseoir", watch: "Regarder",
    arriving: "Ta place est prise : tu joues dès la prochaine donne. D’ici là tu regardes (avec un pli de retard).",
    open_seat: "place libre", computer: "Ordinateur", free_computer: "Ordinateur (place libre)",
    watchers: "{n} spectateurs", to: "en {n}", waiting: "en attente", playing: "en jeu", live: "en direct",
    reconnecting: "reconnexion…", me: "Tu joues en tant que {name}", need_name: "Écris d’abord ton nom.",
    seated: "Place trouvée : vers la table…", no_seat: "Pas de place pour toi : {reason}", closed: "L’hôte a fermé la table aux spectateurs.",
    scores: "Score", contract: "Atout", tricks_shown: "Plis (un pli de retard)", heuristic: "heuristique",
  },
};
const LANG_KEY = "puur.lobby.lang";
let lang = pickLang();
let feed = null;
let watchSocket = null;
let pace = "500";
const tables = new Map();

function pickLang() {
  const kept = localStorage.getItem(LANG_KEY);
  if (kept && WORDS[kept]) return kept;
  const nav = (navigator.language || "en").slice(0, 2);
  return WORDS[nav] ? nav : "en";
}

function t(key, vars = {}) {
  const text = (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""));
}

function $(id) { return document.getElementById(id); }

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function translate() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  $("ui-lang").value = lang;
  renderTables();
}

// ----- the list of tables -----
function seatText(seat) {
  if (seat.kind === "open") return [t("open_seat"), "open"];
  if (seat.kind === "computer") return [seat.free ? t("free_computer") : `${t("computer")} (${t(seat.strength) || seat.strength})`, "computer"];
  return [seat.tag ? `${seat.name}#${seat.tag}` : seat.name, "person"];
}

function tableItem(table) {
  const li = el("li");
  li.dataset.game = table.game_id;
  const head = el("div", "head", [t(table.status), table.profile, t("to", { n: table.target }), table.lang.toUpperCase(),
    t(table.speed), t("watchers", { n: table.watchers })].join(" · "));
  const seats = el("div", "seats");
  for (const seat of table.seats) {
    const [text, cls] = seatText(seat);
    seats.append(el("span", `seat ${cls}`, text));
  }
  const actions = el("div", "actions");
  if (table.free > 0) {
    const sit = el("button", "sit", t("sit"));
    sit.addEventListener("click", () => sitAt(table.game_id));
    actions.append(sit);
  }
  if (table.spectators) {
    const watch = el("button", "watch", t("watch"));
    watch.addEventListener("click", () => watchTable(table.game_id, null));
    actions.append(watch);
  }
  li.append(head, seats, actions);
  return li;
}

function renderTables() {
  const list = $("tables");
  list.replaceChildren(...[...tables.values()].sort((a, b) => b.people - a.people).map(tableItem));
  $("no-tables").hidden = tables.size > 0;
}

function filters() {
  const q = new URLSearchParams();
  if ($("f-lang").value) q.set("lang", $("f-lang").value);
  if ($("f-speed").value) q.set("speed", $("f-speed").value);
  return q;
}

// The lobby feed: the whole lobby first, then one message per change (coalesced by the server).
function connectFeed() {
  if (feed) { feed.onclose = null; feed.close(); }
  const proto = location.protocol === "https:" ? "wss" : "ws";
  feed = new WebSocket(`${proto}://${location.host}/api/v1/lobby/live?${filters()}`);
  $("live-state").textContent = t("reconnecting");
  feed.onmessage = (e) => {
    const msg = JSON.parse(e.data);
    const full = $("f-full").checked;
    if (msg.type === "lobby") tables.clear();
    for (const table of msg.tables || []) tables.set(table.game_id, table);
    for (const id of msg.gone || []) if (!full) tables.delete(id);
    $("live-state").textContent = t("live");
    renderTables();
  };
  feed.onclose = () => { $("live-state").textContent = t("reconnecting"); setTimeout(connectFeed, 2000); };
  if ($("f-full").checked) loadFull();
}

async function loadFull() {
  const q = filters(); q.set("full", "true");
  const r = await fetch(`/api/v1/lobby?${q}`);
  if (!r.ok) return;
  for (const table of (await r.json()).tables) tables.set(table.game_id, table);
  renderTables();
}

// ----- sitting down -----
async function player() {
  const me = await currentPlayer();
  if (me) return me;
  const name = $("name").value.trim();
  if (!name) { $("message").textContent = t("need_name"); $("name").focus(); return null; }
  return ensurePlayer(name);
}

async function seatWith(url, body) {
  try {
    if (!(await player())) return;
  } catch (e) { $("message").textContent = e.message; return; }
  const r = await playerFetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const out = await r.json();
  if (!r.ok) { $("message").textContent = t("no_seat", { reason: typeof out.detail === "string" ? out.detail : r.statusText }); return; }
  showMe();
  keepSeat(out);
  pace = new URLSearchParams(location.search).get("pace") ?? String(out.pace);
  if (out.arriving) watchTable(out.game_id, out.token);
  else toTable();
}

// The table page (/) finds the seat in this browser's stored games, as after creating a table.
function keepSeat(out) {
  const all = JSON.parse(localStorage.getItem("puur.games") || "{}");
  all[out.game_id] = { tokens: out.tokens, saved: Date.now() };
  localStorage.setItem("puur.games", JSON.stringify(all));
  localStorage.setItem("puur.current", out.game_id);
}

// The table at the table's speed (the pace at which its screens show a computer's card).
function toTable() { $("message").textContent = t("seated"); location.href = `/?pace=${encodeURIComponent(pace)}`; }

function playNow() {
  const body = {};
  if ($("f-lang").value) body.lang = $("f-lang").value;
  if ($("f-speed").value) body.speed = $("f-speed").value;
  seatWith("/api/v1/lobby/play", body);
}

function sitAt(gameId) { seatWith(`/api/v1/lobby/tables/${gameId}/sit`, {}); }

// ----- watching (a spectator, or a person whose seat is theirs from the next round) -----
function watchTable(gameId, token) {
  stopWatching();
  $("watch").hidden = false;
  $("arriving").hidden = !token;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const path = token ? `/api/v1/games/${gameId}/live?pace=0` : `/api/v1/games/${gameId}/watch/live`;
  watchSocket = new WebSocket(`${proto}://${location.host}${path}`);
  if (token) watchSocket.onopen = () => watchSocket.send(JSON.stringify({ token }));
  watchSocket.onmessage = (e) => {
    const msg = JSON.parse(e.data);
    if (!msg.view) return;
    if (token && !msg.view.arriving) { toTable(); return; } // the round is over: the seat is the person's now
    drawWatch(msg.view);
  };
  watchSocket.onclose = (e) => { if (e.code === 4403) $("message").textContent = t("closed"); };
  $("watch").scrollIntoView({ block: "nearest" });
}

function stopWatching() {
  if (watchSocket) { watchSocket.onclose = null; watchSocket.close(); watchSocket = null; }
  $("watch").hidden = true;
}

function drawWatch(view) {
  const board = el("div", "board");
  const names = view.names.map((n, i) => `${i + 1}. ${n}`).join(" · ");
  board.append(el("p", "names", names));
  board.append(el("p", "score", `${t("scores")}: ${view.scores[0]} : ${view.scores[1]} (${t("to", { n: view.target })})`));
  if (view.contract) board.append(el("p", "contract", `${t("contract")}: ${view.contract}`));
  board.append(el("p", "watchers", t("watchers", { n: view.watchers })));
  board.append(el("h3", null, t("tricks_shown")));
  for (const trick of view.tricks) {
    const row = el("div", "trick");
    for (const card of trick.cards) row.append(el("span", "card", card));
    board.append(row);
  }
  $("watch-board").replaceChildren(board);
}

async function showMe() {
  const me = await currentPlayer().catch(() => null);
  $("me").hidden = !me;
  $("name-row").hidden = !!me;
  if (me) $("me").textContent = t("me", { name: me.handle });
}

function init() {
  $("ui-lang").addEventListener("change", () => { lang = $("ui-lang").value; localStorage.setItem(LANG_KEY, lang); translate(); });
  $("btn-play").addEventListener("click", playNow);
  $("btn-stop").addEventListener("click", stopWatching);
  for (const id of ["f-lang", "f-speed", "f-full"]) $(id).addEventListener("change", () => { tables.clear(); connectFeed(); });
  translate();
  showMe();
  connectFeed();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
