// The differenzler page's script (static/tools/differenzler.html); helpers and words from tools.js, i18n.js.
"use strict";
const KEY = "puur.tools.differenzler.v1";
// players[i] is the name typed, or null: then "Player 1" in the page's language (the old default counts as none).
let S = Object.assign({ players: [null, null, null, null], rounds: [], planned: null, threshold: null, weisStoeck: false }, load(KEY) || {});
S.players = S.players.map((p, i) => (!p || p === `Player ${i + 1}` ? null : p));
function save() { store(KEY, S); }
const names = () => S.players.map((p, i) => p || t("player_n", { n: i + 1 }));
let lastAnswer = null;
const four = p => [0, 1, 2, 3].map(i => intOr($(`#${p}${i}`).value, NaN));
// Each player's Weis and Stöck, where the sheet counts them (an empty box is 0); none otherwise.
const fourOrZero = p => [0, 1, 2, 3].map(i => intOr($(`#${p}${i}`).value, 0));
const extras = () => (S.weisStoeck ? { weis: fourOrZero("weis"), stoeck: fourOrZero("stoeck") } : {});
// Who leads or won, in the page's words, from the server's totals and leaders (TOOLS.md §3.1).
function message(d) {
  if (!d.rounds.length) return t("diff_no_round");
  const who = d.leaders.map(i => d.players[i]).join(t("and")), total = Math.min(...d.totals);
  const one = d.leaders.length === 1 ? "_one" : "_many";
  return t((d.finished ? "diff_wins" : "diff_leads") + one, { names: who, total });
}
function render(d) {
  lastAnswer = d;
  $("#totals thead").replaceChildren(el("tr", {}, el("th", { class: "l" }, t("round")), ...d.players.map(p => el("th", {}, p))));
  $("#totals tbody").replaceChildren(...d.rounds.map(r => el("tr", {}, el("td", { class: "l" }, r.number), ...r.differences.map((x, i) => el("td", { title: t("diff_round_title", { p: r.predicted[i], a: r.actual[i] }) }, `+${x}`)))));
  $("#totals tfoot").replaceChildren(el("tr", {}, el("th", { class: "l" }, t("total")), ...d.totals.map((tot, i) => el("th", { "data-total": i, class: d.rounds.length && d.leaders.includes(i) ? "ok" : "" }, tot))));
  $("#message").textContent = message(d);
  const b = $("#banner"); b.hidden = !d.finished; b.textContent = message(d);
  $("#add").disabled = d.finished;
  const lastR = d.rounds[d.rounds.length - 1];
  // The server's warning is that the four results do not add to 157 (TOOLS.md §3.2): worded here.
  $("#warnings").replaceChildren(...(lastR && lastR.warnings.length ? [el("li", {}, t("diff_sum_warning", { n: lastR.number, total: lastR.actual_total }))] : []));
}
function body(extra) { return Object.assign({ players: names(), rounds: S.rounds, rounds_planned: S.planned, threshold: S.threshold, weis_stoeck: S.weisStoeck }, extra || {}); }
const boards = latest(); // the newest sheet (asked by a refresh or an added round) counts
async function refresh() {
  const n = boards.ask();
  try { $("#error").textContent = ""; const d = await api("differenzler", body()); if (boards.newest(n)) render(d); }
  catch (e) { if (boards.newest(n)) $("#error").textContent = e.message; }
  preview();
}
// The Difference row belongs to the round being typed: a player's column shows the server's difference once
// both of their numbers are typed, "—" until then (never a round already added). Once the four points taken
// are typed, the server's check of their sum (157: TOOLS.md §3.2) shows before the round is added.
const previews = latest(); // the newest preview counts
async function preview() {
  const n = previews.ask(), p = four("pred"), a = four("act");
  const given = x => Number.isInteger(x) && x >= 0;
  const typed = [0, 1, 2, 3].map(i => given(p[i]) && given(a[i]));
  const counted = a.every(given); // the four points taken: their sum can be checked
  const show = (diffs, round) => {
    for (let i = 0; i < 4; i++) $(`#diff${i}`).textContent = typed[i] && diffs ? diffs[i] : "—";
    const warn = counted && round && round.warnings.length;
    $("#typed-warnings").replaceChildren(...(warn ? [el("li", {}, t("diff_typed_sum_warning", { total: round.actual_total }))] : []));
  };
  if ((!typed.some(Boolean) && !counted) || (lastAnswer && lastAnswer.finished)) { show(null, null); return; }
  const round = Object.assign({ predicted: p.map(x => given(x) ? x : 0), actual: a.map(x => given(x) ? x : 0) }, extras());
  try {
    const d = await api("differenzler", { players: names(), rounds: [], add: round, weis_stoeck: S.weisStoeck });
    if (previews.newest(n)) show(d.rounds[0].differences, d.rounds[0]);
  } catch (e) { if (previews.newest(n)) show(null, null); }
}
async function add() {
  const r = Object.assign({ predicted: four("pred"), actual: four("act") }, extras());
  if (r.predicted.concat(r.actual, r.weis || [], r.stoeck || []).some(Number.isNaN)) { $("#error").textContent = t("diff_enter_all"); return; }
  const n = boards.mark();
  try {
    const d = await api("differenzler", body({ add: r }));
    // The round is added: this answer is the newest sheet, unless one asked meanwhile (without the round)
    // is on its way: then ask again.
    S.rounds.push(r); save();
    if (boards.claim(n)) render(d); else refresh();
    $("#error").textContent = "";
    for (let i = 0; i < 4; i++) for (const p of ["pred", "act", "weis", "stoeck"]) $(`#${p}${i}`).value = "";
    preview(); $("#pred0").focus();
  } catch (e) { $("#error").textContent = e.message; }
}
document.addEventListener("DOMContentLoaded", () => {
  const showNames = () => names().forEach((n, i) => { $(`#name${i}`).value = n; });
  showNames();
  for (let i = 0; i < 4; i++) $(`#name${i}`).onchange = e => { const v = e.target.value.trim(); S.players[i] = v && v !== t("player_n", { n: i + 1 }) ? v : null; save(); showNames(); refresh(); };
  document.addEventListener("puur:lang", () => { showNames(); refresh(); });
  $("#planned").value = S.planned ?? ""; $("#planned").onchange = e => { const n = intOr(e.target.value, null); S.planned = Number.isNaN(n) ? null : n; save(); refresh(); };
  $("#threshold").value = S.threshold ?? ""; $("#threshold").onchange = e => { const n = intOr(e.target.value, null); S.threshold = Number.isNaN(n) ? null : n; save(); refresh(); };
  // Weis and Stöck: their rows show while the sheet counts them; a sheet with rounds keeps its choice
  const showExtras = () => { $("#weis-stoeck").checked = S.weisStoeck; $$("tr.weis-stoeck").forEach(tr => { tr.hidden = !S.weisStoeck; }); };
  showExtras();
  $("#weis-stoeck").onchange = e => {
    if (S.rounds.length) { $("#error").textContent = t("diff_weis_stoeck_locked"); showExtras(); return; }
    S.weisStoeck = e.target.checked; save(); showExtras(); refresh();
  };
  $$("#entry input[type=number]").forEach(x => x.addEventListener("keydown", e => { if (e.key === "Enter") add(); }));
  $$("#entry input[type=number]").forEach(x => x.addEventListener("input", preview));
  $("#add").onclick = add;
  $("#undo").onclick = () => { S.rounds.pop(); save(); refresh(); };
  $("#reset").onclick = () => { if (S.rounds.length && !confirm(t("confirm_clear_rounds"))) return; S.rounds = []; save(); refresh(); };
  refresh();
});
