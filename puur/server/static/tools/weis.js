// The weis page's script (static/tools/weis.html); helpers from tools.js.
"use strict";
const hands = [new Set(), new Set(), new Set(), new Set()];
function seatPanel(i) {
  const p = el("section", Object.assign({ class: "panel seat" }, tr("seat_n", { n: i + 1 }, true)), el("h3", tr("seat_team", { n: i + 1, team: i % 2 + 1 })));
  const grid = el("div", { class: "picker" });
  for (const s of SUIT_CODES) {
    grid.append(el("span", { class: "suit", "data-suit": s }, suitName(s)));
    for (const r of RANK_CODES) {
      const c = s + r;
      grid.append(el("button", { class: "card", type: "button", "data-seat": i, "data-card": c, "aria-pressed": "false", "aria-label": `${t("seat_n", { n: i + 1 })} ${cardLabel(c)}`, onclick: () => toggle(i, c) }, rankIndex(r)));
    }
  }
  p.append(grid, el("div", { id: `out${i}`, class: "hint" }));
  return p;
}
function toggle(i, c) {
  if (hands[i].has(c)) hands[i].delete(c); else { if (hands[i].size >= 9) { $("#error").textContent = t("hand_too_big"); return; } hands[i].add(c); }
  paint(); update();
}
function paint() {
  for (const b of $$("button.card")) {
    const i = Number(b.dataset.seat), c = b.dataset.card;
    const mine = hands[i].has(c), other = hands.some((h, j) => j !== i && h.has(c));
    b.setAttribute("aria-pressed", mine ? "true" : "false"); b.disabled = other;
  }
}
// A meld in the page's words from its kind and cards (the server's label is English).
function meldName(m) {
  if (m.kind === "four") return t("meld_four", { rank: rankIndex(m.top) });
  const r = m.cards.map(c => c.slice(1));
  return t("meld_sequence", { n: m.cards.length, suit: suitName(m.cards[0][0]), low: rankIndex(r[0]), high: rankIndex(r[r.length - 1]) });
}
const stepValue = (step, v) => (typeof v === "string" && RANK_CODES.includes(v) ? rankIndex(v) : typeof v === "string" && "CDHS".includes(v) ? suitName(v) : v);
const asked = latest(); // the newest request counts
async function update() {
  const n = asked.ask();
  $("#error").textContent = "";
  const body = { contract: $("#contract").value, forehand: Number($("#forehand").value), profile: $("#profile").value,
    seats: hands.map(h => h.size ? { hand: Array.from(h) } : null) };
  const tp = $("#their-points").value.trim(), tc = $("#their-cards").value.trim();
  if (tp !== "" && tc !== "") body.compare = { points: Number(tp), cards: Number(tc) };
  try {
    const d = await api("weis", body);
    if (!asked.newest(n)) return;
    d.seats.forEach((s, i) => {
      const out = $(`#out${i}`); out.replaceChildren();
      if (!hands[i].size) return;
      if (!s.melds.length) { out.append(el("div", {}, t("weis_no_meld_seat"))); return; }
      out.append(el("div", { class: "label" }, t("melds_found")), el("ul", {}, ...s.melds.map(m => el("li", {}, `${meldName(m)}: ${m.points}`))),
        el("div", {}, t("best_meld", { points: s.best.points, total: s.total })));
    });
    $("#message").textContent = d.winner_seat === null ? t("weis_none")
      : t("weis_writes", { seat: d.winner_seat + 1, team: d.team + 1, a: d.team + 1, b: d.team + 3, points: d.written[d.team] });
    const tb = $("#steps tbody"); tb.replaceChildren();
    for (const st of d.steps) tb.append(el("tr", {}, el("td", { class: "l" }, t("step_" + st.step)), el("td", { class: "l" }, Object.entries(st.values).map(([k, v]) => `${t("seat_n", { n: Number(k) + 1 })}: ${stepValue(st.step, v)}`).join(" · ")), el("td", { class: "l" }, t("step_kept", { seats: st.kept.map(k => k + 1).join(", ") }))));
    $("#compare").textContent = d.compare ? `${t("cmp_" + d.compare.result)} (${noticeWords("cmpr_", d.compare)})` : "—";
  } catch (e) { if (asked.newest(n)) $("#error").textContent = e.message; }
}
document.addEventListener("DOMContentLoaded", () => {
  fillSelect($("#contract"), contracts(), "C");
  for (let i = 0; i < 4; i++) $("#seats").append(seatPanel(i));
  translate($("#seats"));
  document.addEventListener("puur:lang", () => {
    fillSelect($("#contract"), contracts(), $("#contract").value);
    for (const x of $$("span.suit")) x.textContent = suitName(x.dataset.suit);
    for (const b of $$("button.card")) { b.textContent = rankIndex(b.dataset.card.slice(1)); b.setAttribute("aria-label", `${t("seat_n", { n: Number(b.dataset.seat) + 1 })} ${cardLabel(b.dataset.card)}`); }
    update();
  });
  for (const s of ["#contract", "#forehand", "#profile"]) $(s).onchange = update;
  for (const s of ["#their-points", "#their-cards"]) $(s).oninput = update;
  $("#reset").onclick = () => { hands.forEach(h => h.clear()); $("#their-points").value = ""; $("#their-cards").value = ""; paint(); update(); };
  update();
});
