// The lobby (docs/lobby.md): the public tables, live (the lobby feed: /api/v1/lobby/live), filters, "Play now",
// sitting down at a table, watching one (one trick behind). Words in de/fr/en. The page decides nothing: the
// server seats, lists and hides; this page shows what it is sent.
import { currentPlayer, ensurePlayer, playerFetch } from "/static/place/key.js";
import { LANGUAGES, translator } from "/static/place/words.js";
import WORDS from "/static/place/lobby.words.json" with { type: "json" };

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
// Once: a second assignment while the first is loading would cancel it (the messages of the round's end come
// together: each says the seat is the person's now).
let leaving = false;
function toTable() {
  if (leaving) return;
  leaving = true;
  stopWatching();
  $("message").textContent = t("seated");
  location.href = `/?pace=${encodeURIComponent(pace)}`;
}

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
  if (watchSocket) { watchSocket.onclose = null; watchSocket.onmessage = null; watchSocket.close(); watchSocket = null; }
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
