// The weis page's script (static/tools/weis.html); helpers from tools.js.
"use strict";
const hands = [new Set(), new Set(), new Set(), new Set()];
function seatPanel(i) {
  const p = el("section", { class: "panel seat", "aria-label": `Seat ${i + 1}` }, el("h3", {}, `Seat ${i + 1} · team ${i % 2 + 1}`));
  const grid = el("div", { class: "picker" });
  for (const [s, sname] of SUITS) {
    grid.append(el("span", { class: "suit" }, sname));
    for (const [r, rl] of RANKS) {
      const c = s + r;
      grid.append(el("button", { class: "card", type: "button", "data-seat": i, "data-card": c, "aria-pressed": "false", "aria-label": `Seat ${i + 1} ${sname} ${rl}`, onclick: () => toggle(i, c) }, rl));
    }
  }
  p.append(grid, el("div", { id: `out${i}`, class: "hint" }));
  return p;
}
function toggle(i, c) {
  if (hands[i].has(c)) hands[i].delete(c); else { if (hands[i].size >= 9) { $("#error").textContent = "A hand has at most 9 cards."; return; } hands[i].add(c); }
  paint(); update();
}
function paint() {
  for (const b of $$("button.card")) {
    const i = Number(b.dataset.seat), c = b.dataset.card;
    const mine = hands[i].has(c), other = hands.some((h, j) => j !== i && h.has(c));
    b.setAttribute("aria-pressed", mine ? "true" : "false"); b.disabled = other;
  }
}
let asked = 0; // the newest request: an older answer arriving late is dropped
async function update() {
  const n = ++asked;
  $("#error").textContent = "";
  const body = { contract: $("#contract").value, forehand: Number($("#forehand").value), profile: $("#profile").value,
    seats: hands.map(h => h.size ? { hand: Array.from(h) } : null) };
  const tp = $("#their-points").value.trim(), tc = $("#their-cards").value.trim();
  if (tp !== "" && tc !== "") body.compare = { points: Number(tp), cards: Number(tc) };
  try {
    const d = await api("weis", body);
    if (n !== asked) return;
    d.seats.forEach((s, i) => {
      const out = $(`#out${i}`); out.replaceChildren();
      if (!hands[i].size) return;
      if (!s.melds.length) { out.append(el("div", {}, s.text)); return; }
      out.append(el("div", { class: "label" }, "Melds found"), el("ul", {}, ...s.melds.map(m => el("li", {}, `${m.label}: ${m.points}`))),
        el("div", {}, `Best meld: ${s.best.points} · Total if your team writes: ${s.total}`));
    });
    $("#message").textContent = d.message;
    const tb = $("#steps tbody"); tb.replaceChildren();
    for (const st of d.steps) tb.append(el("tr", {}, el("td", { class: "l" }, st.label), el("td", { class: "l" }, Object.entries(st.values).map(([k, v]) => `seat ${Number(k) + 1}: ${v}`).join(" · ")), el("td", { class: "l" }, st.reason)));
    $("#compare").textContent = d.compare ? ({ yours: "Your team's meld is better", theirs: "Their meld is better", undecided: "Undecided" }[d.compare.result] + " — " + d.compare.reason) : "—";
  } catch (e) { if (n === asked) $("#error").textContent = e.message; }
}
document.addEventListener("DOMContentLoaded", () => {
  fillSelect($("#contract"), CONTRACTS, "C");
  for (let i = 0; i < 4; i++) $("#seats").append(seatPanel(i));
  for (const s of ["#contract", "#forehand", "#profile"]) $(s).onchange = update;
  for (const s of ["#their-points", "#their-cards"]) $(s).oninput = update;
  $("#reset").onclick = () => { hands.forEach(h => h.clear()); $("#their-points").value = ""; $("#their-cards").value = ""; paint(); update(); };
  update();
});
