// The middle of the table: the seats (names, badges, the other hands' backs, Weis and Stöck said), the trick
// and who led it, the contract's banner, the status line, the last trick, and the cards that move (with
// their sound).
"use strict";

function renderSeats(v) {
  for (let seat = 0; seat < 4; seat++) {
    const pos = rel(seat);
    const box = $(`seat-${pos}`);
    box.replaceChildren();
    box.classList.toggle("to-act", v.to_act === seat);
    box.dataset.seat = seat;
    const badges = h("span", { class: "badges" });
    if (v.dealer === seat) badges.append(h("span", { class: "badge dealer", text: t("dealer") }));
    if (v.forehand === seat) badges.append(h("span", { class: "badge forehand", text: t("forehand") }));
    if (v.chooser === seat && v.contract) badges.append(h("span", { class: "badge chooser", text: contractName(v.contract) }));
    // a long name is cut to the seat's width; its tooltip says it whole
    box.append(h("div", { class: "seat-name" }, h("span", { class: "name", text: seatName(seat), title: seatName(seat) }), badges));
    if (pos !== 0) {
      const fan = h("div", { class: "fan", "aria-label": t("cards_n", v.hand_sizes[seat]) });
      for (let i = 0; i < v.hand_sizes[seat]; i++) fan.append(PuurCards.back());
      box.append(fan);
    }
    const bubble = weisBubble(v, seat);
    if (bubble) box.append(bubble);
  }
}

function weisBubble(v, seat) {
  const parts = [];
  if (v.tricks.length === 0) for (const [s, pts] of v.weis.announced) if (s === seat) parts.push(h("span", { text: t("weis_pts", pts) }));
  if (v.tricks.length <= 1) {
    for (const [s, melds] of v.weis.shown) {
      if (s !== seat) continue;
      for (const m of melds) {
        const row = h("span", { class: "meld", title: `${m.points}` });
        for (const c of m.cards) row.append(miniCard(c));
        row.append(h("b", { text: ` ${m.points}` }));
        parts.push(row);
      }
    }
  }
  if (v.stoeck && v.stoeck.seat === seat && v.tricks.length < 9) parts.push(h("span", { class: "stoeck-said", text: t("stoeck_said") }));
  if (!parts.length) return null;
  return h("div", { class: "bubble" }, ...parts);
}

function miniCard(code) {
  const w = h("span", { class: "mini", title: cardName(code), "data-card": code });
  w.append(PuurCards.face(code, prefs.deck));
  return w;
}
// A card drawn with a caption under it (the seat that played it, its points).
function cardFigure(code, cls, caption) {
  const f = h("figure", { class: cls });
  f.append(PuurCards.face(code, prefs.deck), h("figcaption", { text: caption }));
  return f;
}

function trickCards(v) {
  if (S.finalTrick) return { cards: S.finalTrick.cards, done: true, winner: S.finalTrick.winner };
  if (v.trick.length) return { cards: v.trick, done: false, winner: null };
  if (v.tricks.length) {
    const last = v.tricks[v.tricks.length - 1];
    return { cards: trickPlays(last), done: true, winner: last.winner };
  }
  return { cards: [], done: false, winner: null };
}

function renderTrick(v) {
  const { cards, done, winner } = trickCards(v);
  const box = $("trick");
  box.classList.toggle("done", done);
  for (let p = 0; p < 4; p++) box.querySelector(`.slot-${p}`).replaceChildren();
  cards.forEach(([seat, code], i) => {
    const slot = box.querySelector(`.slot-${rel(seat)}`);
    const c = h("div", { class: "played" + (winner === seat ? " winner" : ""), "data-card": code, "data-seat": seat,
      role: "img", "aria-label": t("seat_card", seatName(seat), cardName(code)), style: `z-index:${i + 1}` });
    c.append(PuurCards.face(code, prefs.deck));
    if (i === 0) markLeader(c, seat);
    slot.append(c);
  });
}
// Who led the trick: the first card played to it carries a mark and says so to a screen reader.
function markLeader(card, seat) {
  card.classList.add("led");
  card.setAttribute("aria-label", `${card.getAttribute("aria-label")} · ${t("led_by", seatName(seat))}`);
  card.append(h("span", { class: "lead-mark", "aria-hidden": "true", text: t("led") }));
}

function renderBanner(v) {
  const b = $("banner");
  b.replaceChildren();
  if (!v.contract) { b.hidden = true; return; }
  b.hidden = false;
  const trump = "CDHS".includes(v.contract);
  const title = h("span", { class: "contract", "data-contract": v.contract });
  if (trump) title.append(PuurCards.suitIcon(v.contract, prefs.deck, 22), h("span", { text: t("trump_is", contractName(v.contract)) }));
  else title.append(h("span", { text: contractName(v.contract) }));
  b.append(title);
  if (!differenzler(v)) b.append(h("span", { class: "factor", text: `×${v.factor}` })); // the Differenzler weighs no round
  // Slalom and Guschti: the order of the trick being played (the server's trick_direction, J30)
  if (v.trick_direction) b.append(h("span", { class: "direction", "data-direction": v.trick_direction, text: t("trick_direction", contractName(v.trick_direction)) }));
  // on a phone "who" is left out for room: that the forehand pushed still shows, in a word
  if (v.pushed) b.append(h("span", { class: "pushed", "data-pushed": v.forehand, text: t("pushed_word") }));
  const who = v.pushed ? `${t("chosen_by", seatName(v.chooser))} · ${t("pushed_by", seatName(v.forehand))}` : t("chosen_by", seatName(v.chooser));
  b.append(h("span", { class: "who", text: who }));
}

function renderStatus(v) {
  const st = $("status");
  let text = "";
  if (v.status === "over") { st.replaceChildren(...resultSpans(v)); return; }
  if (v.to_act === S.seat) text = v.phase === "contract" ? "" : t("your_turn");
  else if (v.to_act !== null) text = v.phase === "contract" ? t("is_choosing", seatName(v.to_act)) : t("is_playing", seatName(v.to_act));
  st.textContent = text;
}

function showLastTrick() {
  const v = S.view; if (!v) return;
  const last = v.tricks.length ? v.tricks[v.tricks.length - 1] : v.previous_trick;
  if (!last) return;
  const winner = last.winner, points = last.points;
  const body = $("last-body");
  const row = h("div", { class: "last-trick" });
  for (const [seat, code] of trickPlays(last)) row.append(cardFigure(code, "last-card" + (seat === winner ? " winner" : ""), seatName(seat)));
  body.replaceChildren(row);
  if (winner !== null) body.append(h("p", { text: t("winner_trick", seatName(winner), points) }));
  openDialog($("dlg-last"));
}

// Sounds made on the spot with WebAudio (no sound files): a short card snap, two notes for a trick taken.
let audioCtx = null;
function playSound(kind) {
  if (!prefs.sound || !window.AudioContext) return;
  audioCtx = audioCtx || new AudioContext();
  const now = audioCtx.currentTime;
  const notes = kind === "trick" ? [[660, 0], [880, 0.09]] : [[220, 0]];
  for (const [freq, at] of notes) {
    const osc = audioCtx.createOscillator(), gain = audioCtx.createGain();
    osc.type = kind === "trick" ? "sine" : "triangle";
    osc.frequency.setValueAtTime(freq, now + at);
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(0.18, now + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + (kind === "trick" ? 0.25 : 0.08));
    osc.connect(gain).connect(audioCtx.destination);
    osc.start(now + at); osc.stop(now + at + 0.3);
  }
}

// A card dealt into the hand flies in from above; while it flies it takes no press (the CSS: on a phone its
// path lies over the top bar's buttons), and once it lies in the hand it is an ordinary card again.
function dealIn(b) {
  b.classList.add("deal");
  const landed = () => b.classList.remove("deal");
  b.addEventListener("animationend", landed, { once: true });
  b.addEventListener("animationcancel", landed, { once: true });
}

// Cards that move: dealt into the hand, played in from the seat, gathered towards the trick's winner. Classes
// only (the CSS holds the animations; prefers-reduced-motion turns them off). Each card moves once: what was
// already seen is drawn in place on the next render.
const MOTION = { dealt: null, seen: new Set(), gathered: new Set() };
function animateTable(v) {
  const round = `${v.game_id}:${v.round_number}`;
  if (MOTION.dealt !== round && v.hand.length === 9 && !S.covered) {
    MOTION.dealt = round; MOTION.seen.clear();
    for (const b of $("hand").children) dealIn(b);
  }
  const played = [...$("trick").querySelectorAll(".played")];
  let fresh = false;
  for (const c of played) {
    const key = `${round}:${c.dataset.card}`;
    if (MOTION.seen.has(key)) continue;
    MOTION.seen.add(key); fresh = true;
    c.classList.add("enter", `from-${rel(Number(c.dataset.seat))}`);
  }
  if (fresh) playSound("card");
  const winner = played.find((c) => c.classList.contains("winner"));
  if (!winner || played.length !== 4) return;
  const trickKey = `${round}:${played.map((c) => c.dataset.card).join(",")}`;
  const first = !MOTION.gathered.has(trickKey);
  MOTION.gathered.add(trickKey);
  for (const c of played) c.classList.add(first ? "gather" : "gathered", `to-${rel(Number(winner.dataset.seat))}`);
  if (first) playSound("trick");
}
