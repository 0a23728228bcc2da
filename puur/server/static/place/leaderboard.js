// The leaderboard page (/leaderboard): GET /api/v1/leaderboard a page at a time; a player picked (a click on
// their name, or ?player=ID) shows their rating's history as a chart (rating-chart.js). This browser's own
// player (key.js) is marked. Words from rating-words.js, in the table's language.
import { currentPlayer } from "./key.js";
import { drawRatingChart } from "./rating-chart.js";
import { RATING_WORDS, ratingText, word } from "./rating-words.js";
import { LANGUAGES, chooseLang, saveLang } from "./words.js";

const PAGE = 25;
let lang = chooseLang();
let offset = 0;
let me = null;
let board = null; // the last answer of /api/v1/leaderboard
let picked = null; // {player, body} of the player whose chart is shown

const $ = (id) => document.getElementById(id);
const w = (key, vars) => word(lang, key, vars);

function translate() {
  document.documentElement.lang = lang;
  for (const e of document.querySelectorAll("[data-w]")) e.textContent = w(e.dataset.w);
  const select = $("lang");
  select.replaceChildren(...LANGUAGES.map((l) => new Option(RATING_WORDS.lang_name[l], l, false, l === lang)));
  select.setAttribute("aria-label", w("language"));
}

function signed(x) {
  const text = ratingText(lang, Math.abs(x));
  return x > 0.05 ? `▲ +${text}` : x < -0.05 ? `▼ −${text}` : `${text}`;
}

function row(p) {
  const tr = document.createElement("tr");
  tr.dataset.player = p.player_id;
  if (me && me.id === p.player_id) tr.classList.add("me");
  const rank = document.createElement("td"); rank.textContent = String(p.rank);
  const who = document.createElement("td");
  const pick = document.createElement("button");
  pick.type = "button"; pick.className = "pick";
  const tag = document.createElement("span"); tag.className = "tag"; tag.textContent = p.handle.slice(p.name.length);
  pick.append(p.name, tag); // Ueli#0412: the tag may go to the next line, the name is never cut
  pick.addEventListener("click", () => showPlayer(p.player_id));
  who.append(pick);
  if (me && me.id === p.player_id) {
    const you = document.createElement("span"); you.className = "you"; you.textContent = w("you"); who.append(" ", you);
  }
  const rating = document.createElement("td"); rating.className = "num"; rating.textContent = ratingText(lang, p.rating);
  const matches = document.createElement("td"); matches.className = "num"; matches.textContent = String(p.matches);
  const trend = document.createElement("td");
  trend.className = `num trend ${p.trend > 0.05 ? "up" : p.trend < -0.05 ? "down" : ""}`;
  trend.textContent = signed(p.trend);
  trend.setAttribute("aria-label", w("trend_aria", { delta: signed(p.trend), n: p.recent.length }));
  tr.append(rank, who, rating, matches, trend);
  return tr;
}

function drawBoard() {
  const status = $("status");
  if (!board) return;
  $("board").hidden = board.players.length === 0;
  $("pager").hidden = board.total <= PAGE;
  status.textContent = board.total === 0 ? w("empty") : "";
  $("board").querySelector("tbody").replaceChildren(...board.players.map(row));
  $("range").textContent = w("page_of", { from: board.offset + 1, to: board.offset + board.players.length, total: board.total });
  $("prev").disabled = board.offset === 0;
  $("next").disabled = board.offset + board.players.length >= board.total;
}

async function load() {
  $("status").textContent = w("loading");
  try {
    const r = await fetch(`/api/v1/leaderboard?offset=${offset}&limit=${PAGE}`);
    if (!r.ok) throw new Error(String(r.status));
    board = await r.json();
    drawBoard();
  } catch (e) {
    $("status").textContent = w("failed", { msg: e.message });
  }
}

function drawDetail() {
  if (!picked) return;
  const { body } = picked;
  $("detail").hidden = false;
  $("detail-name").textContent = w("history_of", { name: body.handle });
  $("detail-summary").textContent = body.matches
    ? w("history_summary", { rating: ratingText(lang, body.rating), matches: body.matches })
    : w("history_none", { name: body.handle });
  drawRatingChart($("chart"), body.history, { lang, name: body.handle });
}

async function showPlayer(id) {
  const r = await fetch(`/api/v1/players/${encodeURIComponent(id)}/ratings?limit=200`);
  if (!r.ok) return;
  picked = { player: id, body: await r.json() };
  drawDetail();
  const url = new URL(location.href); url.searchParams.set("player", id); history.replaceState(null, "", url);
  $("detail").scrollIntoView({ block: "nearest" });
}

function closeDetail() {
  picked = null;
  $("detail").hidden = true;
  const url = new URL(location.href); url.searchParams.delete("player"); history.replaceState(null, "", url);
}

async function start() {
  translate();
  $("lang").addEventListener("change", (e) => {
    lang = e.target.value; saveLang(lang); translate(); drawBoard(); drawDetail();
  });
  $("prev").addEventListener("click", () => { offset = Math.max(0, offset - PAGE); load(); });
  $("next").addEventListener("click", () => { offset += PAGE; load(); });
  $("detail-close").addEventListener("click", closeDetail);
  try { me = await currentPlayer(); } catch { me = null; }
  await load();
  const wanted = new URL(location.href).searchParams.get("player");
  if (wanted && /^[A-Za-z0-9_-]{1,32}$/.test(wanted)) await showPlayer(wanted);
  document.body.dataset.ready = "1";
}

start();
