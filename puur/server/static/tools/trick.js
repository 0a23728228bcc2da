// The trick page's script (static/tools/trick.html); helpers and words from tools.js and i18n.js.
"use strict";
const state = { cards: [{}, {}, {}, {}] };
let lastAnswer = null; // the server's last answer, worded again when the language changes
function code(c) { return c.rank && c.suit ? c.suit + c.rank : null; }
function buildSeat(i) {
  const box = el("div", { class: "panel seat" }, el("h3", tr(i === 0 ? "seat_led" : "seat_n", { n: i + 1 })));
  const rankGroup = el("div", Object.assign({ role: "radiogroup", class: "row", style: "gap:.25rem" }, tr("seat_rank", { n: i + 1 }, true)));
  for (const r of RANK_CODES) rankGroup.append(el("label", { class: "chip" }, el("input", { type: "radio", name: `rank${i}`, value: r, onchange: () => { state.cards[i].rank = r; update(); } }), el("span", { class: "rank-label", "data-rank": r, style: "min-width:2.1rem;padding:.35rem .4rem" }, rankIndex(r))));
  const suitGroup = el("div", Object.assign({ role: "radiogroup", class: "row", style: "gap:.25rem;margin-top:.35rem" }, tr("seat_suit", { n: i + 1 }, true)));
  for (const s of SUIT_CODES) suitGroup.append(el("label", { class: "chip" }, el("input", { type: "radio", name: `suit${i}`, value: s, onchange: () => { state.cards[i].suit = s; update(); } }), el("span", { class: "suit-label", "data-suit": s, style: "padding:.35rem .5rem" }, suitName(s))));
  box.append(rankGroup, suitGroup, el("div", { class: "hint", id: `card${i}` }, "—"));
  return box;
}
function nameCards() {
  for (const x of $$(".rank-label")) x.textContent = rankIndex(x.dataset.rank);
  for (const x of $$(".suit-label")) x.textContent = suitName(x.dataset.suit);
  state.cards.forEach((c, i) => { $(`#card${i}`).textContent = code(c) ? cardLabel(code(c)) : "—"; });
}
const seatWord = i => t("seat_n", { n: i + 1 });
const orderWord = codes => codes.map(c => rankIndex(c.slice(1))).join(" ");
// Why the winner wins, in the page's words, from the server's deciding suit and its order (RULES §5.3):
// a list of sentences, each one of the language's words.
function reasonText(d, cards) {
  if (!cards.length) return [t("trick_enter")];
  if (!d.complete) return [t("trick_so_far", { seat: seatWord(d.winner_seat) }), t("trick_enter")];
  const contract = d.contract, led = cards[0][0], win = cardLabel(cards[d.winner_seat]);
  const trump = "CDHS".includes(contract) ? contract : null;
  if (trump && d.deciding_suit === trump) {
    const n = cards.filter(c => c[0] === trump).length;
    return [t("trick_why_trump", { trump: suitName(trump), card: win, what: t(n === 1 ? "trick_only_trump" : "trick_highest_trump"), order: orderWord(d.order) }),
      ...(led !== trump ? [t("trick_trump_beats_all")] : [])];
  }
  const head = trump ? t("trick_no_trump_played") : t("trick_no_trump_contract", { contract: contractName(contract) });
  const others = cards.filter(c => c[0] !== led);
  return [head, t("trick_why_led", { suit: suitName(led), card: win, order: orderWord(d.order) }),
    ...(others.length ? [t("trick_others", { cards: others.map(cardLabel).join(", ") })] : [])];
}
// A refusal from the rules core: worded from its code when the server gives one, else its own sentence.
function refusalText(p) {
  if (!p.illegal_code) return p.illegal_reason;
  const v = Object.assign({}, p.illegal_params || {});
  if (v.suit) v.suit = suitName(v.suit);
  for (const k of ["card", "high"]) if (v[k]) v[k] = cardLabel(v[k]);
  if (Array.isArray(v.held)) v.held = v.held.map(cardLabel).join(", ");
  return t("refusal_" + p.illegal_code, v);
}
// The server's refusal of the input, in the player's words: seats counted from 1, cards by name.
function errorText(e) {
  const d = e.detail || {}, loc = (d.loc || []).filter(x => x !== "body"), ctx = d.ctx || {};
  const where = loc[0] === "hands" && loc.length > 2 ? t("where_hand_card", { n: loc[1] + 1, j: loc[2] + 1 })
    : loc[0] === "hands" ? t("seat_hand", { n: loc[1] + 1 }) : "";
  const named = k => (ctx[k] ? cardLabel(ctx[k]) : "");
  if (ctx.code === "card_twice") return t("err_card_twice", { card: named("card"), seat: ctx.seat });
  if (ctx.code === "card_in_two_hands") return t("err_card_in_two_hands", { where, card: named("card"), seat: ctx.seat });
  if (ctx.code === "played_not_in_hand") return t("err_played_not_in_hand", { where, seat: ctx.seat, card: named("card") });
  if (ctx.code === "hand_too_long") return t("err_hand_too_long", { where, count: ctx.count });
  if (d.type === "too_long" && loc[0] === "hands") return t("err_hand_too_long", { where, count: ctx.actual_length });
  if (d.type === "string_pattern_mismatch" && loc[0] === "hands") return t("err_not_a_card", { where, text: d.input });
  return e.message;
}
function show(d, cards) {
  $("#winner").textContent = d.complete ? seatWord(d.winner_seat) : "—";
  $("#worth").textContent = d.worth;
  $("#reason").replaceChildren(...reasonText(d, cards).flatMap((x, i) => (i ? [" ", el("span", {}, x)] : [el("span", {}, x)])));
  $("#plays").replaceChildren(...d.plays.filter(p => p.legal !== null).map(p => el("li", { class: p.legal ? "ok" : "bad" },
    p.legal ? t("play_legal", { seat: seatWord(p.seat), card: cardLabel(p.card) })
      : t("play_illegal", { seat: seatWord(p.seat), card: cardLabel(p.card), why: refusalText(p) }))));
}
const asked = latest(); // the newest request counts
async function update() {
  const n = asked.ask();
  nameCards();
  const cards = []; for (const c of state.cards) { if (!code(c)) break; cards.push(code(c)); }
  const hands = $$("#hands input").map(x => x.value.trim() ? x.value.trim().split(/[\s,]+/) : null);
  const body = { contract: $("#contract").value, profile: $("#profile").value, cards };
  if (hands.some(h => h)) body.hands = hands;
  try {
    const d = await api("trick", body);
    if (!asked.newest(n)) return;
    $("#error").textContent = "";
    lastAnswer = [d, cards]; show(d, cards);
  } catch (e) {
    if (!asked.newest(n)) return;
    // The error replaces the answer: no winner, reason or checks of an earlier input stay beneath it.
    lastAnswer = null;
    $("#error").textContent = errorText(e);
    $("#winner").textContent = "—"; $("#worth").textContent = "0"; $("#reason").textContent = ""; $("#plays").replaceChildren();
  }
}
document.addEventListener("DOMContentLoaded", () => {
  fillSelect($("#contract"), contracts(), "C");
  for (let i = 0; i < 4; i++) {
    $("#seats").append(buildSeat(i));
    $("#hands").append(el("div", { class: "field" }, el("label", Object.assign({ for: `hand${i}` }, tr("seat_hand", { n: i + 1 }))), el("input", { id: `hand${i}`, type: "text", oninput: update })));
  }
  translate($("#seats")); translate($("#hands"));
  $("#contract").onchange = update; $("#profile").onchange = update;
  $("#clear").onclick = () => { state.cards = [{}, {}, {}, {}]; $$("#seats input").forEach(x => x.checked = false); update(); };
  update();
});
document.addEventListener("puur:lang", () => {
  const keep = $("#contract").value; fillSelect($("#contract"), contracts(), keep);
  update();
});
