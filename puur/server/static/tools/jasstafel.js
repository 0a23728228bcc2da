// The jasstafel page's script (static/tools/jasstafel.html); helpers from tools.js.
"use strict";
const KEY = "puur.tools.jasstafel.v1";
let S = Object.assign({ profile: "schieber", contract: "C", target: 1000, table: null, style: "compact", rounds: [] }, load(KEY) || {});
let last = null;
let lastCheck = [];
// Only the answer to the latest check is shown: answers may arrive out of order, and a cleared form or a
// written round makes every answer still on its way stale.
const checks = latest(); // the newest warnings check counts
// Values of the server's codes in the page's words: a team by name, a contract by its name.
function wordParams(v) {
  if (typeof v.team === "number") v.team = t(v.team === 0 ? "we" : "they");
  if (v.contract) v.contract = contractName(v.contract);
}
function showWarnings() { $("#warnings").replaceChildren(...lastCheck.map(n => el("li", {}, noticeWords("jw_", n)))); }
const ids = ["we-cards", "we-weis", "we-stoeck", "they-cards", "they-weis", "they-stoeck"];
function save() { store(KEY, S); }
function entry() {
  const v = id => intOr($("#" + id).value, 0);
  const e = { contract: S.contract, card_points: [v("we-cards"), v("they-cards")], weis: [v("we-weis"), v("they-weis")], stoeck: [v("we-stoeck"), v("they-stoeck")] };
  // The team first to the target with the tricks counted in order: the board cannot see it (RULES §12.3).
  if ($("#first").value !== "") e.first_in_tricks = Number($("#first").value);
  return e;
}
function body(extra) { return Object.assign({ profile: S.profile, target: S.target, multipliers: S.table, style: S.style, rounds: S.rounds }, extra || {}); }
const blockWord = b => t(b === "stoeck" ? "stoeck" : b === "weis" ? "weis" : "tricks");
// The winner in the page's words from the server's outcome (winner, block, tie; TOOLS.md §1.6, RULES §12.3).
function winMessage(d) {
  if (d.winner === null) return t("js_both_crossed");
  return t(d.winner === 0 ? "js_win_we" : "js_win_they", { block: blockWord(d.block), round: d.rounds.length });
}
function fillTables(value) {
  fillSelect($("#table"), ["common", "both3", "ascending", "classic", "online"].map(k => [k, t("table_" + k)]), value);
}
function render(d) {
  last = d;
  $("#total-we").textContent = d.totals[0]; $("#total-they").textContent = d.totals[1];
  $("#plain-we").textContent = d.totals[0]; $("#plain-they").textContent = d.totals[1];
  $("#svg-we").replaceChildren(drawChalk(d.marks[0], { label: t("chalk_label", { team: t("we"), total: d.totals[0] }) }));
  $("#svg-they").replaceChildren(drawChalk(d.marks[1], { label: t("chalk_label", { team: t("they"), total: d.totals[1] }) }));
  const tb = $("#rounds tbody"); tb.replaceChildren();
  for (const r of d.rounds) tb.append(el("tr", {}, el("td", {}, r.number), el("td", { class: "l" }, contractName(r.contract)), el("td", {}, "×" + r.factor), el("td", {}, r.written[0]), el("td", {}, r.written[1])));
  $("#no-rounds").hidden = d.rounds.length > 0;
  const b = $("#banner"); b.hidden = !d.finished; b.textContent = d.finished ? winMessage(d) : "";
  $("#write").disabled = d.finished;
  const f = d.factors;
  $("#factor-note").textContent = t("factor_note", { table: t("table_" + d.multipliers),
    factors: contracts().map(([c, n]) => `${n} ×${f[c]}`).join(" · "), order: d.block_order.map(blockWord).join(", ") });
  if (S.table === null) $("#table").value = d.multipliers;
  if ($("#target").options.length !== d.targets.length) fillTargets(d.targets);
  $("#tie-note").textContent = t(d.trick_block_tie === "higher_total" ? "tie_higher" : "tie_first");
}
// The targets the server offers, smallest first, and the board's own if it is another (any positive number).
function fillTargets(targets) {
  const all = Array.from(new Set([...targets, S.target])).sort((a, b) => a - b);
  fillSelect($("#target"), all.map(t => [t, t]), S.target);
}
const boards = latest(); // the newest board (asked by a refresh or a write) counts
async function refresh() {
  const n = boards.ask();
  try { $("#error").textContent = ""; const d = await api("jasstafel", body()); if (boards.newest(n)) render(d); }
  catch (e) { if (boards.newest(n)) $("#error").textContent = e.message; }
}
async function check() {
  const n = checks.ask();
  if (!ids.some(id => $("#" + id).value.trim() !== "")) { lastCheck = []; showWarnings(); return; }
  const e = entry(); if (e.card_points.concat(e.weis, e.stoeck).some(Number.isNaN)) return;
  try { const d = await api("jasstafel", body({ check: e })); if (checks.newest(n)) { lastCheck = d.check_notices; showWarnings(); } }
  catch (err) { /* shown on write */ }
}
async function write() {
  const e = entry();
  if (e.card_points.concat(e.weis, e.stoeck).some(Number.isNaN)) { $("#error").textContent = t("enter_whole"); return; }
  const n = boards.mark();
  try {
    const d = await api("jasstafel", body({ write: e }));
    // The round is written: this answer is the newest board, unless one asked meanwhile (without the
    // round) is on its way: then ask again.
    S.rounds.push(e); save();
    if (boards.claim(n)) render(d); else refresh();
    ids.forEach(id => { $("#" + id).value = ""; delete $("#" + id).dataset.auto; });
    $("#first").value = "";
    checks.drop(); lastCheck = []; showWarnings(); $("#error").textContent = ""; $("#we-cards").focus();
  } catch (err) { $("#error").textContent = err.message; }
}
document.addEventListener("DOMContentLoaded", () => {
  fillSelect($("#contract"), contracts(), S.contract);
  fillTargets([S.target]);
  fillTables(S.table);
  document.addEventListener("puur:lang", () => { fillSelect($("#contract"), contracts(), S.contract); fillTables($("#table").value); if (last) render(last); showWarnings(); });
  $("#style").value = S.style;
  $("#profile").value = S.profile;
  // The rules decide the crossing order and the tie in the tricks block; the table follows them until chosen.
  $("#profile").onchange = e => { S.profile = e.target.value; S.table = null; save(); refresh(); };
  $("#contract").onchange = e => { S.contract = e.target.value; save(); check(); };
  $("#target").onchange = e => { S.target = Number(e.target.value); save(); refresh(); };
  $("#table").onchange = e => { S.table = e.target.value; save(); refresh(); };
  $("#style").onchange = e => { S.style = e.target.value; save(); refresh(); };
  // Typing one team's card points proposes 157 minus them for the other, until that field is edited.
  for (const [a, b] of [["we-cards", "they-cards"], ["they-cards", "we-cards"]]) {
    $("#" + a).addEventListener("input", () => {
      delete $("#" + a).dataset.auto;
      const o = $("#" + b), n = intOr($("#" + a).value, NaN);
      // A match (257: all nine tricks) leaves the other team 0 (RULES §6, TOOLS.md §0.4).
      const rest = n === 257 ? 0 : n >= 0 && n <= 157 ? 157 - n : null;
      if ((o.value === "" || o.dataset.auto) && Number.isInteger(n) && rest !== null) { o.value = rest; o.dataset.auto = "1"; }
    });
  }
  ids.forEach(id => $("#" + id).addEventListener("input", check));
  ids.forEach(id => $("#" + id).addEventListener("keydown", e => { if (e.key === "Enter") write(); }));
  $("#write").onclick = write;
  $("#undo").onclick = () => { S.rounds.pop(); save(); refresh(); };
  $("#reset").onclick = () => { if (S.rounds.length && !confirm(t("confirm_clear_rounds"))) return; S.rounds = []; save(); refresh(); };
  refresh();
});
