// The player's hand and what the player does with it: the contract to choose, the cards in order (the
// server's rank orders), playing a card or a contract (act), why a card may not be played, the keys that
// play, and the hint and undo of a game against computers.
"use strict";

// The contract buttons: the four suits with their icon, then Obenabe, Undenufe, Slalom, Guschti, Schieben.
function renderChoose(v) {
  const box = $("choose");
  // Coiffeur's columns: forms.js; a Differenzler forehand names its contract here (contract: forehand)
  const mine = v.phase === "contract" && v.to_act === S.seat && !S.covered && !(v.form && v.form.form === "coiffeur");
  box.hidden = !mine;
  if (!mine) { box.dataset.offer = ""; return; }
  $("choose-title").textContent = v.pushed ? t("choose_after_push", seatName(v.forehand)) : t("choose_contract");
  // the same offer drawn again (another seat's news, a reaction) keeps its buttons: a press on one is not lost
  const offer = JSON.stringify([v.game_id, v.round_number, v.legal_actions, prefs.lang, prefs.deck]);
  if (box.dataset.offer === offer) {
    for (const b of box.querySelectorAll("button")) { b.disabled = false; b.classList.remove("hinted"); }
    return;
  }
  box.dataset.offer = offer;
  const suits = $("choose-suits"), other = $("choose-other");
  suits.replaceChildren(); other.replaceChildren();
  for (const a of v.legal_actions) {
    const suit = "CDHS".includes(a);
    const label = h("span", { text: a === "P" ? t("schieben") : contractName(a) });
    (suit ? suits : other).append(h("button", { type: "button", class: "contract-btn" + (a === "P" ? " push" : ""), "data-action": a,
      onclick: () => act(a) }, ...(suit ? [PuurCards.suitIcon(a, prefs.deck, 30), label] : [label])));
  }
}

// The hand in suits (trumps first once the contract is known), strongest first within a suit: the ranks in
// the order the server's rules table (POST /table/rules, strongest first) gives for the contract, so trumps
// read Under, Nell, Ace, ... Before the contract, or while that table is loading, Ace down to 6.
const SUIT_ORDER = { C: 0, H: 1, S: 2, D: 3 };
const NATURAL = [...PuurCards.RANKS].reverse();
function rankOrders(contract) {
  const rules = S.rules && S.rules.contracts.find((c) => c.code === contract);
  if (!rules) return null;
  const ranks = (label) => { const o = rules.orders.find((x) => x.label === label); return o ? o.cards.map((c) => c.slice(1)) : null; };
  const now = S.view && S.view.trick_direction === "U" ? "undenufe" : "obenabe"; // Slalom, Guschti: this trick's order
  return { trump: ranks("trump"), plain: ranks("plain") || ranks("all") || ranks(now) };
}
function sortHand(cards, contract) {
  const orders = contract ? rankOrders(contract) : null;
  const key = (c) => {
    const s = c[0], trump = contract === s;
    const order = (orders && (trump ? orders.trump : orders.plain)) || NATURAL;
    return (trump ? -1 : SUIT_ORDER[s]) * 100 + order.indexOf(c.slice(1));
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}
// Kept in localStorage by profile, so a reload draws the hand in the same order at once.
async function loadRules(profile) {
  const key = JSON.stringify(profile);
  if (S.rulesKey === key) return;
  S.rulesKey = key;
  S.rules = null; // another profile's orders do not apply
  const cache = stored("puur.core.rules");
  if (cache[key]) { S.rules = cache[key]; return; }
  try {
    const rules = await api("/table/rules", { method: "POST", body: { profile } });
    store("puur.core.rules", { [key]: rules }); // the latest profile only
    if (S.rulesKey !== key) return;
    S.rules = rules;
    if (S.view) resortHand(S.view.contract);
  } catch (_) { S.rulesKey = null; }
}
// The cards on the table put in order without drawing them again: a card just clicked stays disabled.
function resortHand(contract) {
  const hand = $("hand");
  const buttons = [...hand.children];
  const order = sortHand(buttons.map((b) => b.dataset.card), contract);
  placeInOrder(hand, order.map((code) => buttons.find((b) => b.dataset.card === code)));
}
// The hand's elements in the given order, moving only those out of place: a card keeps its element (and a
// press on it is not lost) for as long as it is in the hand, whatever the view or the rules table redraws.
function placeInOrder(hand, buttons) {
  buttons.forEach((b, i) => {
    if (hand.children[i] !== b) hand.insertBefore(b, hand.children[i] || null);
  });
}

// One element per card, kept while the card is in the hand and updated in place (keyed by the card): a card
// pressed while a view or the rules table comes in is still the card under the finger.
function renderHand(v) {
  const hand = $("hand");
  const focusAt = handFocusIndex();
  const strict = v.profile.stoeck === "strict";
  $("btn-stoeck").hidden = !(strict && v.phase === "play" && !S.covered && v.hand.length > 0);
  $("btn-stoeck").setAttribute("aria-pressed", String(S.stoeck));
  const cards = S.covered ? [] : sortHand(v.hand, v.contract);
  const kept = new Map([...hand.children].map((b) => [b.dataset.card, b]));
  for (const [code, b] of kept) if (!cards.includes(code)) b.remove();
  const myTurn = v.to_act === S.seat && v.phase === "play";
  const buttons = cards.map((code, i) => {
    const b = kept.get(code) || h("button", { type: "button", class: "card", "data-card": code, onclick: () => pressCard(b) });
    const legal = myTurn && v.legal_actions.includes(code);
    b.classList.toggle("legal", legal);
    b.classList.toggle("dimmed", myTurn && !legal);
    b.classList.remove("hinted");
    b.disabled = false;
    b.dataset.legal = String(legal);
    b.setAttribute("aria-label", myTurn && !legal ? t("not_playable", cardName(code)) : cardName(code));
    b.style.setProperty("--i", String(i)); b.style.setProperty("--n", String(cards.length));
    if (b.dataset.deck !== prefs.deck) { b.replaceChildren(PuurCards.face(code, prefs.deck)); b.dataset.deck = prefs.deck; }
    return b;
  });
  placeInOrder(hand, buttons);
  restoreHandFocus(focusAt);
}
// A card pressed: played when the view drawn says it may be, else why not.
function pressCard(b) { if (b.dataset.legal === "true") act(b.dataset.card); else why(b.dataset.card); }

// ----- keyboard: a hand played without a pointer -----
// The hand changes after every move; a player who was on the hand (or just played from it) stays on it,
// at the same place or the last card.
function handFocusIndex() {
  const cards = [...$("hand").children];
  const i = cards.indexOf(document.activeElement);
  return i >= 0 ? i : S.handFocus;
}
function restoreHandFocus(index) {
  const cards = $("hand").children;
  if (index == null || !cards.length) return;
  S.handFocus = null;
  cards[Math.min(index, cards.length - 1)].focus({ preventScroll: true });
}
// Number keys 1-9 play the n-th playable card of the hand (in the hand's order), when it is your turn.
function playByNumber(e) {
  if (!/^[1-9]$/.test(e.key) || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest && e.target.closest("input, select, textarea, dialog")) return;
  if (document.querySelector("dialog[open]") || S.covered) return;
  const card = $("hand").querySelectorAll("button.legal:not([disabled])")[Number(e.key) - 1];
  if (!card) return;
  e.preventDefault();
  card.focus({ preventScroll: true });
  card.click();
}

async function act(action) {
  const body = { action };
  if (S.view) body.seq = S.view.seq; // the state this action was chosen on: the server refuses it (409 stale) once the game moved on
  const weis = isCard(action) ? await chooseWeis(S.view) : [];
  if (weis.length) body.declare = weis;
  if (S.stoeck && !"CDHSOUP".includes(action)) body.declare = [...(body.declare || []), "stoeck"];
  if (!("CDHSOUP".includes(action))) { S.stoeck = false; }
  hideToast(); // a "why" about the hand before this action no longer holds
  disableInput();
  const gameId = S.gameId;
  // The answer belongs to the game it was sent to: once the table shows another (a rematch, a new game started
  // within the wait), a view of the last one would replace the new game's table.
  const same = (view) => S.gameId === gameId && S.view && S.view.game_id === view.game_id;
  try {
    const view = await api(`/games/${gameId}/actions`, { method: "POST", body, token: S.tokens[S.seat] });
    if (S.gameId !== gameId) return;
    if (!S.wsOpen) applyView(view, null);
    else {
      clearTimeout(S.fallback);
      S.fallback = setTimeout(() => { if (same(view) && S.view.seq < view.seq && !S.blocked && !S.queue.length) applyView(view, null); }, 4000 + 60 * PACE);
    }
  } catch (e) {
    if (!(e.status === 409 && e.message.startsWith("stale"))) toast(errorText(e)); // a late second click: just catch up
    await refresh();
  }
}
function disableInput() { for (const b of document.querySelectorAll("#hand button, #choose button")) b.disabled = true; }

// Why a dimmed card may not be played: the server names the rule by code and parameters (GET .../why), the
// page says it in the player's language with the deck's names; the message goes with the trick it was about.
async function why(code) {
  try {
    const r = await api(`/games/${S.gameId}/why?card=${encodeURIComponent(code)}`, { token: S.tokens[S.seat] });
    if (!r.legal) { toast(t("why_card", cardName(code), whyText(r))); whyRuleLink(r.code); }
  } catch (e) { toast(errorText(e)); }
}
function whyText(r) {
  const texts = t("why");
  const p = r.params || {};
  const words = {
    card: p.card ? cardName(p.card) : "", high: p.high ? cardName(p.high) : "", held: (p.held || []).map(cardName).join(", "),
    suit: p.suit ? PuurCards.suitName(p.suit, prefs.deck, prefs.lang) : "", seat: p.seat != null ? seatName(p.seat) : "",
  };
  return fillNamed(texts[r.code] || texts.illegal, words);
}

// ----- hint and undo (games against computers only: puur/server/http/assist.py) -----
// Both buttons show only in a game with one human seat. The hint names the strong computer's choice from
// this seat's view, highlights it (the card in the hand or the contract button), says why in one line and
// lists the expected points of its top choices; it holds until the view changes.
// Practice help (hint, undo): the view says whether the server offers it to this seat (help)
function assistOffered(v) { return v.help === true; }
function renderAssist(v) {
  const offered = assistOffered(v);
  const mine = offered && v.to_act === S.seat && !S.covered;
  $("btn-hint").hidden = !offered; $("btn-undo").hidden = !offered;
  $("btn-hint").disabled = !mine;
  $("btn-undo").disabled = !offered || !v.trick.concat(...v.tricks.map(trickPlays)).some((x) => x[0] === S.seat);
  const shown = S.hint && S.hint.seq === v.seq && mine;
  $("hint").hidden = !shown;
  if (!shown) { S.hint = null; return; }
  const el = document.querySelector(`#hand [data-card="${S.hint.action}"], #choose [data-action="${S.hint.action}"]`);
  if (el) el.classList.add("hinted");
}
function actionName(a) { return isCard(a) ? cardName(a) : a === "P" ? t("schieben") : a === "claim" ? t("claim_name") : contractName(a); }
async function showHint() {
  const v = S.view;
  $("btn-hint").disabled = true;
  try {
    const r = await api(`/games/${S.gameId}/hint`, { token: S.tokens[S.seat] });
    if (!S.view || S.view.seq !== r.seq) return;
    S.hint = r;
    const reason = fillNamed(t("hint_reasons")[r.reason.code] || "", r.reason.params);
    // what the suggestion does at the table (puur/bots/explain.py), cards and contracts by name
    const named = Object.entries(r.play.params).map(([k, x]) => [k, k === "card" || k === "contract" ? actionName(x) : x]);
    const play = fillNamed(t("hint_plays")[r.play.code] || "", Object.fromEntries(named));
    const top = r.top.map((c) => `${actionName(c.action)} ${c.points > 0 ? "+" : ""}${c.points.toFixed(1)}`).join(" · ");
    // the list is the server's, best first, the suggestion its first (assist.py best_of_list); a value below
    // zero is said for what it is
    const negative = r.top.some((c) => c.points < 0);
    $("hint").replaceChildren(h("span", { text: t("hint_line", actionName(r.action), play) }), h("span", { text: reason }),
      ...(top ? [h("span", { id: "hint-top", text: t("hint_top", top) })] : []),
      ...(negative ? [h("span", { id: "hint-negative", text: t("hint_negative") })] : []),
      ...(r.heuristic !== r.action ? [h("span", { text: t("hint_heuristic", actionName(r.heuristic)) })] : []));
    render();
  } catch (e) { toast(errorText(e)); if (S.view === v) render(); }
}
async function undoCard() {
  $("btn-undo").disabled = true;
  hideToast();
  try {
    const view = await api(`/games/${S.gameId}/undo`, { method: "POST", token: S.tokens[S.seat] });
    S.queue = []; clearTimeout(S.fallback); S.hint = null;
    showAnew(view);
  } catch (e) { toast(errorText(e)); await refresh(); }
}
