// The coiffeur page's script (static/tools/coiffeur.html); helpers from tools.js.
"use strict";
const KEY = "puur.tools.coiffeur.v1";
const CHOICES = [["", "choose…"], ...CONTRACTS, ["slalom", "Slalom"], ["guschti", "Guschti"]];
let S = Object.assign({ sheet: "8", method: "A", repeat: true, factors: null, boxes: [[], []], jokers: [[], []] }, load(KEY) || {});
let cols = [];
function save() { store(KEY, S); }
function req(extra) {
  return Object.assign({ sheet: S.sheet, method: S.method, joker_may_repeat: S.repeat, factors: S.factors, boxes: S.boxes, jokers: S.jokers }, extra || {});
}
let shape = ""; // the sheet (teams and columns) the table was drawn for
let asked = 0; // the newest request: an older answer arriving late is dropped
function build(d) {
  cols = d.columns;
  const key = JSON.stringify([d.teams, cols.map(c => [c.name, c.kind])]);
  if (key === shape && $("#sheet-table tbody").children.length) update(d); else { shape = key; draw(d); }
  $("#warnings").replaceChildren(...d.warnings.map(w => el("li", {}, w)));
  const b = $("#banner"); b.hidden = !d.complete; b.textContent = d.message;
  const cc = $("#conv-col"), keep = cc.value; fillSelect(cc, cols.map((c, i) => [i, `${c.name} ×${c.factor ?? "?"}`]), keep || 0);
  if (d.box_from_points !== null && d.box_from_points !== undefined) $("#conv-out").textContent = d.box_from_points; else $("#conv-out").textContent = "—";
}
// The same sheet: values change in place, and the box being typed in is left alone (redrawing it would
// drop what was typed since the last answer).
function update(d) {
  const active = document.activeElement;
  cols.forEach((c, i) => { const f = document.querySelector(`input[data-factor="${i}"]`); if (f && f !== active) f.value = c.factor ?? ""; });
  d.teams.forEach((team, t) => {
    cols.forEach((c, i) => {
      const inp = document.querySelector(`input[data-team="${t}"][data-col="${i}"]`);
      const v = d.boxes[t][i];
      if (inp !== active) inp.value = v ?? "";
      inp.parentElement.className = v === null ? "emptybox" : "";
      const sel = c.kind === "joker" ? inp.parentElement.querySelector("select") : null;
      if (sel && sel !== active) sel.value = d.jokers[t][i] || "";
    });
    document.querySelector(`[data-total="${t}"]`).replaceChildren(el("strong", {}, d.totals[t]));
  });
}
function draw(d) {
  const head = el("tr", {}, el("th", { class: "l" }, ""), ...cols.map(c => el("th", {}, c.name)), el("th", {}, "Total"));
  const frow = el("tr", {}, el("th", { class: "l" }, "Factor"), ...cols.map((c, i) => el("td", {},
    el("input", { type: "number", min: 1, max: 100, value: c.factor ?? "", "aria-label": `Factor ${c.name}`, "data-factor": i, placeholder: "agree", onchange: ev => setFactor(i, ev.target.value) }))), el("td", {}, ""));
  $("#sheet-table thead").replaceChildren(head, frow);
  const body = [];
  d.teams.forEach((team, t) => {
    const tr = el("tr", {}, el("th", { class: "l", scope: "row" }, team));
    cols.forEach((c, i) => {
      const v = d.boxes[t][i];
      const td = el("td", { class: v === null ? "emptybox" : "" }, el("input", { type: "number", min: 0, value: v ?? "", "aria-label": `${team} ${c.name}`, "data-team": t, "data-col": i, onchange: ev => setBox(t, i, ev.target.value) }));
      if (c.kind === "joker") {
        const sel = el("select", { "aria-label": `${team} ${c.name} contract`, onchange: ev => setJoker(t, i, ev.target.value) });
        fillSelect(sel, CHOICES, d.jokers[t][i] || "");
        td.append(el("br"), sel);
      }
      tr.append(td);
    });
    tr.append(el("td", { class: "total", "data-total": t }, el("strong", {}, d.totals[t])));
    body.push(tr);
  });
  $("#sheet-table tbody").replaceChildren(...body);
}
async function refresh() {
  const extra = {}; const p = intOr($("#conv-points").value, null);
  if (p !== null && !Number.isNaN(p)) { extra.points = p; extra.points_column = Number($("#conv-col").value || 0); }
  const n = ++asked;
  try { const d = await api("coiffeur", req(extra)); if (n === asked) { $("#error").textContent = ""; build(d); } }
  catch (e) { if (n === asked) $("#error").textContent = e.message; }
}
function setBox(t, i, v) { const n = intOr(v, null); S.boxes[t][i] = n; pad(); save(); refresh(); }
function setJoker(t, i, v) { S.jokers[t][i] = v || null; pad(); save(); refresh(); }
function setFactor(i, v) { if (!S.factors) S.factors = cols.map(c => c.factor); S.factors[i] = intOr(v, null); save(); refresh(); }
function pad() { for (const row of [...S.boxes, ...S.jokers]) { while (row.length < cols.length) row.push(null); for (let i = 0; i < row.length; i++) if (row[i] === undefined) row[i] = null; } }
document.addEventListener("DOMContentLoaded", () => {
  $("#sheet").value = S.sheet; $("#method").value = S.method; $("#repeat").checked = S.repeat;
  $("#sheet").onchange = e => { S.sheet = e.target.value; S.factors = null; S.boxes = [[], []]; S.jokers = [[], []]; save(); refresh(); };
  $("#method").onchange = e => { S.method = e.target.value; save(); refresh(); };
  $("#repeat").onchange = e => { S.repeat = e.target.checked; save(); refresh(); };
  $("#conv-points").oninput = refresh; $("#conv-col").onchange = refresh;
  $("#reset").onclick = () => { if (!confirm("Clear the sheet?")) return; S.boxes = [[], []]; S.jokers = [[], []]; save(); refresh(); };
  refresh();
});
