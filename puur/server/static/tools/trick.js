// The trick page's script (static/tools/trick.html); helpers from tools.js.
"use strict";
const state = { contract: "C", cards: [{}, {}, {}, {}] };
function code(c) { return c.rank && c.suit ? c.suit + c.rank : null; }
function buildSeat(i) {
  const box = el("div", { class: "panel seat" }, el("h3", {}, `Seat ${i + 1}${i === 0 ? " (Led)" : ""}`));
  const ranks = el("div", { role: "radiogroup", "aria-label": `Seat ${i + 1} rank`, class: "row", style: "gap:.25rem" });
  for (const [r, label] of RANKS) ranks.append(el("label", { class: "chip" }, el("input", { type: "radio", name: `rank${i}`, value: r, onchange: () => { state.cards[i].rank = r; update(); } }), el("span", { style: "min-width:2.1rem;padding:.35rem .4rem" }, label)));
  const suits = el("div", { role: "radiogroup", "aria-label": `Seat ${i + 1} suit`, class: "row", style: "gap:.25rem;margin-top:.35rem" });
  for (const [s, label] of SUITS) suits.append(el("label", { class: "chip" }, el("input", { type: "radio", name: `suit${i}`, value: s, onchange: () => { state.cards[i].suit = s; update(); } }), el("span", { style: "padding:.35rem .5rem" }, label)));
  box.append(ranks, suits, el("div", { class: "hint", id: `card${i}` }, "—"));
  return box;
}
let asked = 0; // the newest request: an older answer arriving late is dropped
async function update() {
  const n = ++asked;
  state.cards.forEach((c, i) => { $(`#card${i}`).textContent = code(c) ? cardLabel(code(c)) : "—"; });
  const cards = []; for (const c of state.cards) { if (!code(c)) break; cards.push(code(c)); }
  const hands = $$("#hands input").map(x => x.value.trim() ? x.value.trim().split(/[\s,]+/) : null);
  const body = { contract: $("#contract").value, profile: $("#profile").value, cards };
  if (hands.some(h => h)) body.hands = hands;
  try {
    const d = await api("trick", body);
    if (n !== asked) return;
    $("#error").textContent = "";
    $("#winner").textContent = d.complete ? `${d.winner_label}` : "—";
    $("#worth").textContent = d.worth;
    $("#reason").textContent = d.complete ? d.reason : (cards.length ? `So far: ${d.winner_label} leads the trick. ` : "") + "Enter the four cards in playing order.";
    $("#plays").replaceChildren(...d.plays.filter(p => p.legal !== null).map(p => el("li", { class: p.legal ? "ok" : "bad" }, `Seat ${p.seat + 1}, ${p.label}: ` + (p.legal ? "legal" : "not allowed — " + p.illegal_reason))));
  } catch (e) { if (n !== asked) return; $("#error").textContent = e.message; $("#winner").textContent = "—"; $("#worth").textContent = "0"; }
}
document.addEventListener("DOMContentLoaded", () => {
  fillSelect($("#contract"), CONTRACTS, "C");
  for (let i = 0; i < 4; i++) {
    $("#seats").append(buildSeat(i));
    $("#hands").append(el("div", { class: "field" }, el("label", { for: `hand${i}` }, `Seat ${i + 1} hand`), el("input", { id: `hand${i}`, type: "text", oninput: update })));
  }
  $("#contract").onchange = update; $("#profile").onchange = update;
  $("#clear").onclick = () => { state.cards = [{}, {}, {}, {}]; $$("#seats input").forEach(x => x.checked = false); update(); };
  update();
});
