// The differenzler page's script (static/tools/differenzler.html); helpers from tools.js.
"use strict";
const KEY = "puur.tools.differenzler.v1";
let S = Object.assign({ players: ["Player 1", "Player 2", "Player 3", "Player 4"], rounds: [], planned: null }, load(KEY) || {});
function save() { store(KEY, S); }
const four = p => [0, 1, 2, 3].map(i => intOr($(`#${p}${i}`).value, NaN));
function render(d) {
  $("#totals thead").replaceChildren(el("tr", {}, el("th", { class: "l" }, "Round"), ...d.players.map(p => el("th", {}, p))));
  $("#totals tbody").replaceChildren(...d.rounds.map(r => el("tr", {}, el("td", { class: "l" }, r.number), ...r.differences.map((x, i) => el("td", { title: `predicted ${r.predicted[i]}, took ${r.actual[i]}` }, `+${x}`)))));
  $("#totals tfoot").replaceChildren(el("tr", {}, el("th", { class: "l" }, "Total"), ...d.totals.map((t, i) => el("th", { "data-total": i, class: d.rounds.length && d.leaders.includes(i) ? "ok" : "" }, t))));
  $("#message").textContent = d.message;
  const b = $("#banner"); b.hidden = !d.finished; b.textContent = d.message;
  $("#add").disabled = d.finished;
  const lastR = d.rounds[d.rounds.length - 1];
  $("#warnings").replaceChildren(...(lastR ? lastR.warnings : []).map(w => el("li", {}, `Round ${lastR.number}: ${w}`)));
}
function body(extra) { return Object.assign({ players: S.players, rounds: S.rounds, rounds_planned: S.planned }, extra || {}); }
async function refresh() { try { $("#error").textContent = ""; render(await api("differenzler", body())); } catch (e) { $("#error").textContent = e.message; } preview(); }
// The Difference row belongs to the round being typed: a player's column shows the server's difference once
// both of their numbers are typed, "—" until then (never a round already added).
let previewed = 0; // the newest preview: an older answer arriving late is dropped
async function preview() {
  const n = ++previewed, p = four("pred"), a = four("act");
  const typed = [0, 1, 2, 3].map(i => Number.isInteger(p[i]) && p[i] >= 0 && Number.isInteger(a[i]) && a[i] >= 0);
  const show = diffs => { for (let i = 0; i < 4; i++) $(`#diff${i}`).textContent = typed[i] && diffs ? diffs[i] : "—"; };
  if (!typed.some(Boolean) || S.rounds.length >= (S.planned ?? Infinity)) { show(null); return; }
  const round = { predicted: p.map((x, i) => typed[i] ? x : 0), actual: a.map((x, i) => typed[i] ? x : 0) };
  try {
    const d = await api("differenzler", { players: S.players, rounds: [], add: round });
    if (n === previewed) show(d.rounds[0].differences);
  } catch (e) { if (n === previewed) show(null); }
}
async function add() {
  const r = { predicted: four("pred"), actual: four("act") };
  if (r.predicted.concat(r.actual).some(Number.isNaN)) { $("#error").textContent = "Enter a whole number for every prediction and every result."; return; }
  try {
    const d = await api("differenzler", body({ add: r }));
    S.rounds.push(r); save(); render(d); $("#error").textContent = "";
    for (let i = 0; i < 4; i++) { $(`#pred${i}`).value = ""; $(`#act${i}`).value = ""; }
    preview(); $("#pred0").focus();
  } catch (e) { $("#error").textContent = e.message; }
}
document.addEventListener("DOMContentLoaded", () => {
  for (let i = 0; i < 4; i++) { $(`#name${i}`).value = S.players[i]; $(`#name${i}`).onchange = e => { S.players[i] = e.target.value || `Player ${i + 1}`; save(); refresh(); }; }
  $("#planned").value = S.planned ?? ""; $("#planned").onchange = e => { const n = intOr(e.target.value, null); S.planned = Number.isNaN(n) ? null : n; save(); refresh(); };
  $$("#entry input[type=number]").forEach(x => x.addEventListener("keydown", e => { if (e.key === "Enter") add(); }));
  $$("#entry input[type=number]").forEach(x => x.addEventListener("input", preview));
  $("#add").onclick = add;
  $("#undo").onclick = () => { S.rounds.pop(); save(); refresh(); };
  $("#reset").onclick = () => { if (S.rounds.length && !confirm("Clear every round?")) return; S.rounds = []; save(); refresh(); };
  refresh();
});
