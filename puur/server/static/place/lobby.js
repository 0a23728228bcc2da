// The lobby (docs/lobby.md): the public tables, live (the lobby feed: /api/v1/lobby/live), filters, "Play now",
// sitting down at a table, watching one (one trick behind). Words in de/fr/en. The page decides nothing: the
// server seats, lists and hides; this page shows what it is sent.
import { currentPlayer, ensurePlayer, playerFetch } from "/static/place/key.js";
import { LANGUAGES, translator } from "/static/place/words.js";

const WORDS = {
  title: { en: "Lobby", de: "Lobby", fr: "Salon" },
  language: { en: "Language", de: "Sprache", fr: "Langue" },
  to_table: { en: "To my table", de: "Zu meinem Tisch", fr: "À ma table" },
  play_title: { en: "Play now", de: "Jetzt spielen", fr: "Jouer maintenant" },
  your_name: { en: "Your name", de: "Dein Name", fr: "Ton nom" },
  table_lang: { en: "Table language", de: "Sprache am Tisch", fr: "Langue de la table" },
  speed: { en: "Speed", de: "Tempo", fr: "Rythme" },
  any: { en: "any", de: "alle", fr: "toutes" },
  relaxed: { en: "relaxed", de: "gemütlich", fr: "tranquille" },
  normal: { en: "normal", de: "normal", fr: "normal" },
  fast: { en: "fast", de: "schnell", fr: "rapide" },
  play_now: { en: "Play now", de: "Jetzt spielen", fr: "Jouer maintenant" },
  tables: { en: "Open tables", de: "Offene Tische", fr: "Tables ouvertes" },
  show_full: { en: "also full tables (to watch)", de: "auch volle Tische (zum Zuschauen)", fr: "aussi les tables pleines (pour regarder)" },
  no_tables: { en: "No open table right now: press Play now and computers keep you company until people come.", de: "Gerade kein offener Tisch: drück «Jetzt spielen», Computer spielen mit, bis Leute kommen.", fr: "Aucune table ouverte : appuie sur « Jouer maintenant », des ordinateurs jouent jusqu’à l’arrivée de joueurs." },
  watching: { en: "Watching", de: "Zuschauen", fr: "Regarder" },
  stop_watching: { en: "Stop watching", de: "Nicht mehr zuschauen", fr: "Arrêter de regarder" },
  sit: { en: "Sit down", de: "Hinsetzen", fr: "S’asseoir" },
  watch: { en: "Watch", de: "Zuschauen", fr: "Regarder" },
  arriving: { en: "Your seat is taken: you play from the next round. Until then you watch (one trick behind).", de: "Dein Platz ist reserviert: du spielst ab der nächsten Runde. Bis dahin schaust du zu (einen Stich zurück).", fr: "Ta place est prise : tu joues dès la prochaine donne. D’ici là tu regardes (avec un pli de retard)." },
  open_seat: { en: "free seat", de: "freier Platz", fr: "place libre" },
  computer: { en: "Computer", de: "Computer", fr: "Ordinateur" },
  free_computer: { en: "Computer (free for a person)", de: "Computer (frei für eine Person)", fr: "Ordinateur (place libre)" },
  watchers: { en: "{n} watching", de: "{n} schauen zu", fr: "{n} spectateurs" },
  to: { en: "to {n}", de: "auf {n}", fr: "en {n}" },
  waiting: { en: "waiting", de: "wartet", fr: "en attente" },
  playing: { en: "playing", de: "spielt", fr: "en jeu" },
  live: { en: "live", de: "live", fr: "en direct" },
  reconnecting: { en: "reconnecting…", de: "verbinde neu…", fr: "reconnexion…" },
  me: { en: "You play as {name}", de: "Du spielst als {name}", fr: "Tu joues en tant que {name}" },
  need_name: { en: "Type your name first.", de: "Gib zuerst deinen Namen ein.", fr: "Écris d’abord ton nom." },
  seated: { en: "Seated: to the table…", de: "Platz gefunden: zum Tisch…", fr: "Place trouvée : vers la table…" },
  no_seat: { en: "No seat for you there: {reason}", de: "Kein Platz für dich: {reason}", fr: "Pas de place pour toi : {reason}" },
  closed: { en: "The host closed the table to spectators.", de: "Der Gastgeber hat den Tisch für Zuschauer geschlossen.", fr: "L’hôte a fermé la table aux spectateurs." },
  scores: { en: "Score", de: "Stand", fr: "Score" },
  contract: { en: "Contract", de: "Trumpf", fr: "Atout" },
  tricks_shown: { en: "Tricks (one trick behind)", de: "Stiche (einen Stich zurück)", fr: "Plis (un pli de retard)" },
  heuristic: { en: "heuristic", de: "Heuristik", fr: "heuristique" },
};
const LANG_KEY = "puur.lobby.lang";
let lang = pickLang();
let feed = null;
let watchSocket = null;
let pace = "500";
const tables = new Map();

function pickLang() {
  const kept = localStorage.getItem(LANG_KEY);
  if (LANGUAGES.includes(kept)) return kept;
  const nav = (navigator.language || "en").slice(0, 2);
  return LANGUAGES.includes(nav) ? nav : "en";
}

const t = translator(WORDS, () => lang);

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
