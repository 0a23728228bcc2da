// The tournament pages (docs/tournaments.md): /tournaments lists them and creates one; /tournaments/ID shows
// one — its tables (a free seat is taken here with this browser's player key), the live standings (Server-Sent
// Events), the committed deals and, once every table has played every deal, the seeds and the record.
// The page decides nothing: it shows what the API answers.
import { currentPlayer, ensurePlayer, playerFetch } from "/static/place/key.js";
import { h } from "/static/place/dom.js";
import { chooseLang, saveLang, translator } from "/static/place/words.js";
import WORDS from "/static/place/tournament.words.json" with { type: "json" };

const $ = (id) => document.getElementById(id);
let lang = chooseLang();
const t = translator(WORDS, () => lang);

function translate() {
  document.documentElement.lang = lang;
  for (const e of document.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  $("lang").value = lang;
}

function showError(message) {
  $("error").textContent = message || "";
  $("error").hidden = !message;
}

async function reason(r) {
  try {
    const body = await r.json();
    if (typeof body.detail === "string") return body.detail;
    return body.detail?.[0]?.msg ?? r.statusText;
  } catch { return r.statusText; }
}

// ----- the list and the form: /tournaments -----
async function showIndex() {
  $("index").hidden = false;
  const options = await (await fetch("/api/v1/table/options")).json();
  const select = $("c-preset");
  select.replaceChildren(...Object.keys(options.presets).map((p) => h("option", { value: p }, p)));
  const me = await currentPlayer().catch(() => null);
  if (me) $("c-player").value = me.name;
  $("create").addEventListener("submit", create);
  const list = (await (await fetch("/api/v1/tournaments")).json()).tournaments;
  $("list").replaceChildren(...(list.length ? list.map((x) => h("li", {},
    h("a", { href: `/tournaments/${x.id}` }, x.name), ` — ${t("settings", x.tables, x.deals, "")}`.replace(/ · $/, ""),
    x.finished ? ` · ${t("over")}` : "")) : [h("li", {}, t("none"))]));
}

// The seats of table `table` for `people` people a table: one person sits where the person of the other
// table of the pair holds the same cards (the tables alternate their turn), two people are partners.
function seatsOf(table, people) {
  if (people === 4) return ["invite", "invite", "invite", "invite"];
  const first = table % 2;
  const seats = ["heuristic", "heuristic", "heuristic", "heuristic"];
  seats[first] = "invite";
  if (people === 2) seats[first + 2] = "invite";
  return seats;
}

async function create(e) {
  e.preventDefault();
  showError("");
  try {
    await ensurePlayer($("c-player").value.trim());
  } catch (err) { showError(err.message); return; }
  const tables = Number($("c-tables").value), people = Number($("c-people").value);
  const body = {
    name: $("c-name").value, tables, deals: Number($("c-deals").value), profile: $("c-preset").value,
    seats: Array.from({ length: tables }, (_, i) => seatsOf(i, people)),
  };
  const r = await playerFetch("/api/v1/tournaments", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  if (!r.ok) { showError(await reason(r)); return; }
  const made = await r.json();
  const hosts = JSON.parse(localStorage.getItem("puur.tournamentHosts") || "{}");
  hosts[made.id] = made.host_token; // the host's token stays in this browser: it shows the invite links
  localStorage.setItem("puur.tournamentHosts", JSON.stringify(hosts));
  location.href = `/tournaments/${made.id}`;
}

// ----- one tournament: /tournaments/ID -----
let current = null;

async function showOne(id) {
  $("one").hidden = false;
  const r = await fetch(`/api/v1/tournaments/${id}`);
  if (r.status === 404 || r.status === 422) { showError(t("not_found")); $("one").hidden = true; return; }
  render(await r.json());
  const me = await currentPlayer().catch(() => null);
  if (me && !$("join-name").value) $("join-name").value = me.name;
  showInvites(id);
  if (!current.over) follow(id);
}

function follow(id) {
  const source = new EventSource(`/api/v1/tournaments/${id}/live`);
  source.onmessage = (e) => {
    render(JSON.parse(e.data));
    if (current.over) source.close();
  };
}

async function showInvites(id) {
  const hosts = JSON.parse(localStorage.getItem("puur.tournamentHosts") || "{}");
  const headers = hosts[id] ? { "X-Puur-Host": hosts[id] } : {};
  const r = await playerFetch(`/api/v1/tournaments/${id}/invites`, { headers });
  if (!r.ok) return; // not the host
  const invites = (await r.json()).invites;
  $("host").hidden = invites.length === 0;
  $("invites").replaceChildren(...invites.map((i) => h("li", {}, `${t("table_n", i.table + 1)} · ${i.seat + 1}: `,
    h("a", { href: i.url, class: "invite" }, i.url))));
}

function render(view) {
  current = view;
  document.title = `Puur — ${view.name}`;
  $("t-name").textContent = view.name;
  $("t-state").textContent = view.over ? t("state_over") : t("state_live");
  const profile = view.settings.profile.preset || view.settings.profile.name || "";
  $("t-settings").textContent = t("settings", view.settings.tables, view.settings.deals, profile);
  renderStandings(view.standings);
  renderTables(view);
  $("deals").replaceChildren(...(view.seeds
    ? view.seeds.map((d) => h("li", {}, t("revealed", d.deal, d.seed, d.salt, d.commitment)))
    : view.commitments.map((c, k) => h("li", {}, t("committed", k + 1, c)))));
  $("record").hidden = !view.over;
  $("record-link").setAttribute("href", `/api/v1/tournaments/${view.id}/record`);
  $("record-link").setAttribute("download", `tournament-${view.id}.json`);
}

function renderStandings(rows) {
  $("standings").tBodies[0].replaceChildren(...rows.map((r) => h("tr", { "data-table": r.table, "data-team": r.team },
    h("td", { class: "num" }, String(r.rank)), h("td", {}, t("teams", r.names[0], r.names[1])),
    h("td", { class: "num score", "data-score": String(r.score) }, (r.score > 0 ? "+" : "") + r.score.toLocaleString(lang)),
    h("td", { class: "num" }, String(r.table + 1)), h("td", { class: "num" }, String(r.points)), h("td", { class: "num" }, String(r.deals)))));
}

function renderTables(view) {
  $("join-name-label").hidden = !view.tables.some((table) => table.seats.some((s) => s.kind === "invite"));
  $("tables").replaceChildren(...view.tables.map((table) => h("div", { class: "table-card", "data-table": table.table },
    h("h3", {}, t("table_n", table.table + 1)),
    h("p", { class: "state" }, `${t(table.status)} · ${t("played", table.deals_played, view.settings.deals)} · ${table.scores[0]} : ${table.scores[1]}`),
    h("ul", {}, ...table.seats.map((s) => h("li", {},
      h("span", {}, `${s.seat + 1}. ${s.kind === "invite" ? t("open") : s.name}${s.kind === "computer" ? ` (${t("computer")})` : ""}`),
      s.kind === "invite" ? h("button", { type: "button", class: "take", onclick: () => take(table.table, s.seat) }, t("take")) : ""))))));
}

async function take(table, seat) {
  showError("");
  const name = $("join-name").value.trim();
  if (!name) { showError(t("name_first")); $("join-name").focus(); return; }
  try {
    await ensurePlayer(name);
  } catch (err) { showError(err.message); return; }
  const r = await playerFetch(`/api/v1/tournaments/${current.id}/join`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ table, seat, name }),
  });
  if (!r.ok) { showError(await reason(r)); return; }
  const joined = await r.json();
  // the table page finds its game as it finds any: the seat's token kept under the game (table/core.js)
  const games = JSON.parse(localStorage.getItem("puur.games") || "{}");
  games[joined.game_id] = { tokens: { [seat]: joined.token }, saved: Date.now() };
  localStorage.setItem("puur.games", JSON.stringify(games));
  localStorage.setItem("puur.current", joined.game_id);
  location.href = "/";
}

function init() {
  translate();
  $("lang").addEventListener("change", () => {
    lang = $("lang").value;
    saveLang(lang);
    translate();
    if (current) render(current);
  });
  const m = /^\/tournaments\/([^/]+)\/?$/.exec(location.pathname);
  (m ? showOne(encodeURIComponent(decodeURIComponent(m[1]))) : showIndex()).catch((err) => showError(String(err.message || err)));
}

init();
