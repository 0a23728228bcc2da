// The coiffeur page's script (static/tools/coiffeur.html); helpers from tools.js.
"use strict";
const KEY = "puur.tools.coiffeur.v1";
const choices = () => [["", t("choose")], ...contracts(), ["slalom", "Slalom"], ["guschti", "Guschti"]];
// A column's name in the page's words: a contract by its code, a joker numbered, Slalom and Guschti as they are.
function colName(c, i) {
  if (c.kind === "contract" && c.contract) return contractName(c.contract);
  if (c.kind === "joker") return t("joker_n", { n: cols.slice(0, i + 1).filter(x => x.kind === "joker").length });
  return c.name;
}
const teamName = i => t(i === 0 ? "we" : "they");
// Values of the server's codes in the page's words: a team by name, a column (index) by its name, a contract.
function wordParams(v) {
  if (typeof v.team === "number") v.team = teamName(v.team);
  if (typeof v.col === "number" && cols[v.col]) v.col = colName(cols[v.col], v.col);
  if (v.contract) v.contract = "CDHSOU".includes(v.contract) && v.contract.length === 1 ? contractName(v.contract) : v.contract.charAt(0).toUpperCase() + v.contract.slice(1);
}
function sheetMessage(d) {
  if (d.complete) return d.winner === null ? t("co_tie", { total: d.totals[0] }) : t(d.winner === 0 ? "co_win_we" : "co_win_they", { total: d.totals[d.winner] });
  const n = d.empty[0].length + d.empty[1].length;
  return n === 1 ? t("co_empty_one") : t("co_empty", { n });
}
let lastAnswer = null;
let S = Object.assign({ sheet: "8", method: "A", repeat: true, opp: true, factors: null, boxes: [[], []], jokers: [[], []],
  opponents: [[], []] }, load(KEY) || {});
let cols = [];
function save() { store(KEY, S); }
function req(extra) {
  return Object.assign({ sheet: S.sheet, method: S.method, joker_may_repeat: S.repeat, factors: S.factors, boxes: S.boxes, jokers: S.jokers,
    opponents_count: S.opp, opponents: S.opponents }, extra || {});
}
let shape = ""; // the sheet (teams and columns) the table was drawn for
const asked = latest(); // the newest request counts
function build(d) {
  cols = d.columns; lastAnswer = d;
  const key = JSON.stringify([d.teams, cols.map(c => [c.name, c.kind])]);
  if (key === shape && $("#sheet-table tbody").children.length) update(d); else { shape = key; draw(d); }
  $("#warnings").replaceChildren(...d.notices.map(n => el("li", {}, noticeWords("cw_", n))));
  const b = $("#banner"); b.hidden = !d.complete; b.textContent = sheetMessage(d);
  const cc = $("#conv-col"), keep = cc.value; fillSelect(cc, cols.map((c, i) => [i, `${colName(c, i)} ×${c.factor ?? "?"}`]), keep || 0);
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
      const opp = document.querySelector(`input[data-oteam="${t}"][data-col="${i}"]`);
      if (opp && opp !== active) opp.value = d.opponents[t][i] ?? "";
    });
    document.querySelector(`[data-total="${t}"]`).replaceChildren(el("strong", {}, d.totals[t]));
  });
}
function draw(d) {
  const head = el("tr", {}, el("th", { class: "l" }, ""), ...cols.map((c, i) => el("th", {}, colName(c, i))), el("th", {}, t("total")));
  const frow = el("tr", {}, el("th", { class: "l" }, t("factor")), ...cols.map((c, i) => el("td", {},
    el("input", { type: "number", min: 1, max: 100, value: c.factor ?? "", "aria-label": t("factor_of", { col: colName(c, i) }), "data-factor": i, placeholder: t("agree"), onchange: ev => setFactor(i, ev.target.value) }))), el("td", {}, ""));
  $("#sheet-table thead").replaceChildren(head, frow);
  const body = [];
  d.teams.forEach((_, ti) => {
    const team = teamName(ti);
    const row = el("tr", {}, el("th", { class: "l", scope: "row" }, team));
    cols.forEach((c, i) => {
      const v = d.boxes[ti][i];
      const td = el("td", { class: v === null ? "emptybox" : "" }, el("input", { type: "number", min: 0, value: v ?? "", "aria-label": t("box_of", { team, col: colName(c, i) }), "data-team": ti, "data-col": i, onchange: ev => setBox(ti, i, ev.target.value) }));
      if (c.kind === "joker") {
        const sel = el("select", { "aria-label": t("joker_contract", { team, col: colName(c, i) }), onchange: ev => setJoker(ti, i, ev.target.value) });
        fillSelect(sel, choices(), d.jokers[ti][i] || "");
        td.append(el("br"), sel);
      }
      row.append(td);
    });
    row.append(el("td", { class: "total", "data-total": ti }, el("strong", {}, d.totals[ti])));
    body.push(row);
    // the team's round in the columns the other team chose (J27: the factor applies to both teams)
    const opp = el("tr", { class: "opponents" }, el("th", { class: "l", scope: "row" }, t("as_opponents", { team })));
    cols.forEach((c, i) => {
      const v = d.opponents[ti][i];
      opp.append(el("td", {}, el("input", { type: "number", min: 0, value: v ?? "", "aria-label": t("opp_box_of", { team, col: colName(c, i) }),
        "data-oteam": ti, "data-col": i, onchange: ev => setOpp(ti, i, ev.target.value) })));
    });
    opp.append(el("td", {}, ""));
    body.push(opp);
  });
  $("#sheet-table tbody").replaceChildren(...body);
}
async function refresh() {
  const extra = {}; const p = intOr($("#conv-points").value, null);
  if (p !== null && !Number.isNaN(p)) { extra.points = p; extra.points_column = Number($("#conv-col").value || 0); }
  const n = asked.ask();
  try { const d = await api("coiffeur", req(extra)); if (asked.newest(n)) { $("#error").textContent = ""; build(d); } }
  catch (e) { if (asked.newest(n)) $("#error").textContent = e.message; }
}
function setBox(t, i, v) { const n = intOr(v, null); S.boxes[t][i] = n; pad(); save(); refresh(); }
function setOpp(t, i, v) { S.opponents[t][i] = intOr(v, null); pad(); save(); refresh(); }
function setJoker(t, i, v) { S.jokers[t][i] = v || null; pad(); save(); refresh(); }
function setFactor(i, v) { if (!S.factors) S.factors = cols.map(c => c.factor); S.factors[i] = intOr(v, null); save(); refresh(); }
function pad() { if (!S.opponents) S.opponents = [[], []]; for (const row of [...S.boxes, ...S.jokers, ...S.opponents]) { while (row.length < cols.length) row.push(null); for (let i = 0; i < row.length; i++) if (row[i] === undefined) row[i] = null; } }
document.addEventListener("DOMContentLoaded", () => {
  if (!S.opponents) S.opponents = [[], []];
  if (S.opp === undefined) S.opp = true;
  $("#sheet").value = S.sheet; $("#method").value = S.method; $("#repeat").checked = S.repeat; $("#opp").checked = S.opp;
  $("#opp").onchange = e => { S.opp = e.target.checked; save(); refresh(); };
  $("#sheet").onchange = e => { S.sheet = e.target.value; S.factors = null; S.boxes = [[], []]; S.jokers = [[], []]; S.opponents = [[], []]; save(); refresh(); };
  $("#method").onchange = e => { S.method = e.target.value; save(); refresh(); };
  $("#repeat").onchange = e => { S.repeat = e.target.checked; save(); refresh(); };
  $("#conv-points").oninput = refresh; $("#conv-col").onchange = refresh;
  $("#reset").onclick = () => { if (!confirm(t("confirm_clear_sheet"))) return; S.boxes = [[], []]; S.jokers = [[], []]; S.opponents = [[], []]; save(); refresh(); };
  document.addEventListener("puur:lang", () => { shape = ""; refresh(); });
  refresh();
});
