// The "my player" page (/player): make the player, rename it, carry it to another device by a single-use link
// and QR code, its devices and blocks, its statistics drawn as SVG by this page, deleting it (docs/players.md).
// The key is reached only through key.js; it never goes into a link (a carry link holds a one-time code).
import { currentPlayer, ensurePlayer, playerFetch, setPlayerKey } from "./key.js";
import { h } from "./dom.js";
import { chooseLang, saveLang, translator } from "./words.js";
import WORDS from "./player.words.json" with { type: "json" };

const CONTRACTS = { C: "♣", D: "♦", H: "♥", S: "♠", O: "Obe", U: "Unde", SLO: "SlO", SLU: "SlU", GUO: "GuO", GUU: "GuU" };
const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

let lang = chooseLang();
const t = translator(WORDS, () => lang);
function s(tag, attrs = {}, text = null) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text != null) e.textContent = text;
  return e;
}
function say(text) { const m = $("message"); m.textContent = text; m.hidden = !text; }
async function json(r) {
  let body = null;
  try { body = await r.json(); } catch { body = null; }
  if (!r.ok) {
    const d = body && body.detail;
    throw Object.assign(new Error(typeof d === "string" ? d : (d && d[0] && d[0].msg) || `HTTP ${r.status}`), { status: r.status });
  }
  return body;
}
const api = (path, method = "GET", body) => playerFetch(`/api/v1${path}`, {
  method, headers: body === undefined ? {} : { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body),
}).then(json);
function deviceName() {
  const ua = navigator.userAgent;
  return t(/Mobi|Android|iPhone/.test(ua) ? "device_phone" : /iPad|Tablet/.test(ua) ? "device_tablet" : "device_computer");
}

function words() {
  document.documentElement.lang = lang;
  document.title = `Puur — ${t("title")}`;
  for (const e of document.querySelectorAll("[data-w]")) e.textContent = t(e.dataset.w);
  $("lang").value = lang;
}

// ----- the page as this browser's player stands -----
let me = null;
// The carry code of a link that brought this browser here (#carry=CODE), or null: only the characters a code
// has, sent nowhere but in the body of POST /players/carry.
const carryCode = () => (/^#carry=([A-Za-z0-9_-]+)$/.exec(location.hash) || [])[1] || null;
async function show() {
  words();
  me = await currentPlayer();
  const carry = carryCode();
  $("carried").hidden = !carry;
  if (carry) $("carried-note").textContent = me ? `${t("carry_in_note")} ${t("carry_in_replace", me.handle)}` : t("carry_in_note");
  $("make").hidden = !!me || !!carry;
  $("mine").hidden = !me;
  if (!me) return;
  $("handle").textContent = me.handle;
  $("player-id").textContent = me.id;
  $("rename-name").value = me.name;
  await Promise.all([showDevices(), showBlocks(), showStats()]);
}

async function showDevices() {
  const { devices } = await api("/players/me/devices");
  $("devices").replaceChildren(...devices.map((d) => h("li", { "data-device": d.id },
    h("span", { text: `${d.device || t("unnamed_device")}${d.current ? ` (${t("this_device")})` : ""} · ${new Date(d.created * 1000).toLocaleDateString(lang)}` }),
    h("button", { type: "button", class: "warn", text: t("revoke"), onclick: () => revoke(d) }))));
}
async function revoke(d) {
  if (!window.confirm(t("revoke_confirm"))) return;
  await api(`/players/me/devices/${d.id}`, "DELETE");
  if (d.current) setPlayerKey(null);
  await show();
}

async function showBlocks() {
  const { blocked } = await api("/players/me/blocks");
  $("blocks").replaceChildren(...(blocked.length ? blocked.map((p) => h("li", {},
    h("span", { text: p.handle }),
    h("button", { type: "button", text: t("unblock"), onclick: async () => { await api(`/players/me/blocks/${p.id}`, "DELETE"); await showBlocks(); } }),
  )) : [h("li", { text: t("no_blocks") })]));
}

// ----- statistics: numbers, and charts drawn here as SVG -----
async function showStats() {
  const st = await api("/players/me/stats");
  const box = $("stats");
  if (!st.matches) { box.replaceChildren(h("p", { id: "no-stats", text: t("none_yet") })); return; }
  const pct = (x) => (x == null ? "–" : `${Math.round(x * 100)} %`);
  const numbers = [
    ["matches", st.matches], ["won", st.won], ["points_per_round", st.points_per_round ?? "–"], ["matches_made", st.matches_made],
    ["matches_suffered", st.matches_suffered], ["pushes", st.pushes], ["weis", `${st.weis_written} (${st.weis_points})`],
    ["stoeck", st.stoeck_written], ["best_rate", pct(st.best_card_rate)],
  ];
  box.replaceChildren(
    h("div", { class: "numbers" }, ...numbers.map(([k, v]) => h("div", { "data-stat": k }, h("b", { text: String(v) }), h("span", { text: t(k) })))),
    h("div", { class: "charts" },
      figure(t("chart_results"), resultsChart(st)), figure(t("chart_points"), pointsChart(st.recent)),
      figure(t("chart_contracts"), contractsChart(st.contracts)), figure(t("chart_play"), playChart(st))),
  );
}
function figure(caption, svg) { return h("figure", {}, h("figcaption", { text: caption }), svg); }
function chart(w, hgt, label) { return s("svg", { viewBox: `0 0 ${w} ${hgt}`, role: "img", "aria-label": label }); }

function resultsChart(st) {
  const svg = chart(240, 70, `${t("won")} ${st.won}, ${t("lost")} ${st.matches - st.won}`);
  const w = 220 * (st.won / st.matches);
  svg.append(s("rect", { x: 10, y: 10, width: 220, height: 26, fill: "#e0685a", rx: 4 }),
    s("rect", { x: 10, y: 10, width: w, height: 26, fill: "#f2c14e", rx: 4 }),
    s("text", { x: 10, y: 55 }, `${t("won")} ${st.won}`), s("text", { x: 230, y: 55, "text-anchor": "end" }, `${t("lost")} ${st.matches - st.won}`));
  return svg;
}
function pointsChart(recent) {
  const values = recent.map((m) => (m.rounds ? m.points / m.rounds : 0));
  const top = Math.max(100, ...values), w = 240, hgt = 120, step = Math.min(24, (w - 20) / Math.max(1, values.length));
  const svg = chart(w, hgt, values.map((v) => Math.round(v)).join(", "));
  svg.append(s("line", { x1: 10, y1: hgt - 15, x2: w - 10, y2: hgt - 15, stroke: "currentColor", "stroke-opacity": 0.4 }));
  values.forEach((v, i) => {
    const bh = (hgt - 30) * (v / top);
    svg.append(s("rect", { x: 10 + i * step + 1, y: hgt - 15 - bh, width: Math.max(2, step - 2), height: bh, fill: recent[i].won ? "#f2c14e" : "#e0685a" }));
  });
  svg.append(s("text", { x: 10, y: 10 }, String(Math.round(top))));
  return svg;
}
function contractsChart(contracts) {
  const names = Object.keys(contracts), w = 240, hgt = 130, top = Math.max(1, ...names.map((n) => contracts[n].chosen));
  const svg = chart(w, hgt, names.map((n) => `${CONTRACTS[n] || n}: ${contracts[n].made}/${contracts[n].chosen}`).join(", "));
  const step = Math.min(40, (w - 20) / Math.max(1, names.length));
  names.forEach((n, i) => {
    const { chosen, made } = contracts[n], x = 10 + i * step, full = (hgt - 40) * (chosen / top), part = (hgt - 40) * (made / top);
    svg.append(s("rect", { x: x + 2, y: hgt - 25 - full, width: step - 4, height: full, fill: "#ffffff", "fill-opacity": 0.25 }),
      s("rect", { x: x + 2, y: hgt - 25 - part, width: step - 4, height: part, fill: "#f2c14e" }),
      s("text", { x: x + step / 2, y: hgt - 10, "text-anchor": "middle" }, CONTRACTS[n] || n),
      s("text", { x: x + step / 2, y: hgt - 28 - full, "text-anchor": "middle" }, `${made}/${chosen}`));
  });
  return svg;
}
function playChart(st) {
  const rows = [
    [t("pushes"), st.pushes, st.forehand_rounds, t("of_forehand", st.forehand_rounds)],
    [t("best_rate"), st.best_cards, st.cards_reviewed, t("of_reviewed", st.cards_reviewed)],
  ];
  const svg = chart(240, 100, rows.map((r) => `${r[0]} ${r[1]} ${r[3]}`).join("; "));
  rows.forEach(([label, part, whole, note], i) => {
    const y = 10 + i * 45, w = whole ? 220 * (part / whole) : 0;
    svg.append(s("text", { x: 10, y }, `${label}: ${part} ${note}`),
      s("rect", { x: 10, y: y + 6, width: 220, height: 16, fill: "#ffffff", "fill-opacity": 0.2, rx: 3 }),
      s("rect", { x: 10, y: y + 6, width: w, height: 16, fill: "#f2c14e", rx: 3 }));
  });
  return svg;
}

// ----- what a person presses -----
async function guarded(fn) {
  try { await fn(); } catch (e) { say(e.status === 401 ? t("deleted") : t("error", e.message)); if (e.status === 401) { setPlayerKey(null); await show(); } }
}
function init() {
  $("lang").addEventListener("change", () => {
    lang = $("lang").value;
    saveLang(lang);
    guarded(show);
  });
  $("make-device").value = deviceName();
  $("carried-device").value = deviceName();
  $("make-form").addEventListener("submit", (e) => { e.preventDefault(); guarded(async () => {
    await ensurePlayer($("make-name").value.trim(), $("make-device").value.trim()); say(t("made")); await show();
  }); });
  $("rename-form").addEventListener("submit", (e) => { e.preventDefault(); guarded(async () => {
    await ensurePlayer($("rename-name").value.trim()); say(t("renamed")); await show();
  }); });
  $("carry").addEventListener("click", () => guarded(async () => {
    const c = await api("/players/me/carry", "POST");
    $("carry-qr").src = c.qr;
    $("carry-link").href = c.url; $("carry-link").textContent = c.url;
    $("carry-expires").textContent = t("carry_expires", new Date(c.expires * 1000).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" }));
    $("carry-out").hidden = false;
  }));
  $("carried-take").addEventListener("click", () => guarded(async () => {
    const code = carryCode();
    if (!code) { await show(); return; } // the address changed meanwhile: nothing to take
    const r = await fetch("/api/v1/players/carry", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code, device: $("carried-device").value.trim() }) });
    history.replaceState(null, "", location.pathname); // the code is spent either way: not kept in the address
    if (r.status === 404) { say(t("carry_gone")); await show(); return; }
    const player = await json(r);
    setPlayerKey(player.key);
    say(t("carried")); await show();
  }));
  $("block-form").addEventListener("submit", (e) => { e.preventDefault(); guarded(async () => {
    await api(`/players/me/blocks/${encodeURIComponent($("block-id").value.trim())}`, "POST"); $("block-id").value = ""; await showBlocks();
  }); });
  $("delete").addEventListener("click", () => guarded(async () => {
    if (!window.confirm(t("delete_confirm"))) return;
    await api("/players/me", "DELETE");
    setPlayerKey(null); say(t("deleted")); await show();
  }));
  window.addEventListener("hashchange", () => guarded(show));
  guarded(show);
}
init();
