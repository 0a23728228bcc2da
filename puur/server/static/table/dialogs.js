// The table's dialogs but New game (setup.js): the Weis to declare, the round's breakdown and its review,
// the record and the rematch it offers, the rules of the profile (its card orders and its rules in words),
// Resume, and what keeps a player out of dead ends (a game left, forgotten, or none on the table).
"use strict";

// A dialog whose body the server gives: "Loading…" at once, then what draw puts there, or the error in words.
async function openLoading(d, body, draw) {
  body.replaceChildren(h("p", { text: t("loading") }));
  openDialog(d);
  try { await draw(); } catch (e) { body.replaceChildren(h("p", { text: errorText(e) })); }
}

// RULES.md §9.3 (S000): where the hand gives declarations that differ in the best meld, the seat picks one
// with its first card; the view's weis_choice lists them, most points first, and preselects that one.
function chooseWeis(v) {
  const choice = v && v.weis_choice;
  if (!choice) return Promise.resolve([]);
  const d = $("dlg-weis"), box = $("weis-options");
  box.replaceChildren(...choice.alternatives.map((a) => {
    const id = "weis-" + a.declare.replace(":", "-");
    const input = h("input", { type: "radio", name: "weis", id, value: a.declare, checked: a.declare === choice.preselected });
    const melds = a.melds.map((m) => `${m.cards.map(cardName).join(", ")} = ${m.points}`).join(" · ");
    return h("label", { for: id, class: "weis-option" }, input, h("span", { text: t("weis_option", a.points, melds, t("weis_best", a.best.points)) }));
  }));
  return new Promise((resolve) => {
    d.addEventListener("close", () => {
      const picked = box.querySelector("input:checked");
      resolve(picked && picked.value !== choice.preselected ? [picked.value] : []);
    }, { once: true });
    openDialog(d);
  });
}

// The breakdown of a round on the sheet (the last one when it has just been written). ``browse``: opened
// from the score panel to look at any round; only then does it not hold up the game.
function roundDialog(v, index = v.sheet.rounds.length - 1, browse = false) {
  const d = $("dlg-round");
  const rounds = v.sheet.rounds;
  const r = rounds[index];
  S.roundDialog = { index, browse };
  if (!browse && index === rounds.length - 1) { S.roundShown = r; renderScore(v); renderInfoRound(r); } // the side shows the round just written
  const alone = differenzler(v); // each player for themselves, unweighted: no teams, no factor
  const title = r.contract && !alone ? t("round_title", r.number, contractName(r.contract), roundScore(r).factor) : t("round_title_plain", r.number);
  $("round-title").textContent = title;
  const body = $("round-body");
  const nav = h("div", { class: "round-nav" },
    h("button", { type: "button", id: "round-prev", "aria-label": t("prev_round"), title: t("prev_round"), disabled: index === 0,
      onclick: () => roundDialog(v, index - 1, browse), text: "‹" }),
    h("button", { type: "button", id: "round-next", "aria-label": t("next_round_view"), title: t("next_round_view"),
      disabled: index === rounds.length - 1, onclick: () => roundDialog(v, index + 1, browse), text: "›" }));
  body.replaceChildren(nav, (alone && PuurForms.roundTable(v, r.number)) || breakdownTable(r));
  const buttons = $("round-buttons");
  buttons.replaceChildren();
  const review = h("button", { type: "button", id: "btn-review", text: t("review") });
  review.onclick = () => { review.disabled = true; showReview(S.gameId, r.number, body); };
  buttons.append(review);
  const last = index === rounds.length - 1;
  // Closed after browsing, it only closes; closed when the round was just written, the game goes on.
  const done = () => {
    S.reviewing = null; S.roundDialog = null;
    if (browse) { closeDialog(d); return; }
    markSeen(v); closeDialog(d); roundRead();
  };
  if (v.status === "over" && (last || !browse)) body.append(resultLine(v));
  if (browse) buttons.append(h("button", { type: "button", class: "primary", id: "btn-round-close", onclick: done, text: t("close") }));
  else if (v.status === "over") {
    buttons.append(
      h("button", { type: "button", id: "btn-record", onclick: downloadRecord, text: t("record") }),
      h("button", { type: "button", id: "btn-rematch", onclick: () => { done(); rematch(); }, text: t("rematch") }),
      h("button", { type: "button", class: "primary", onclick: done, text: t("close") }));
  } else buttons.append(h("button", { type: "button", class: "primary", id: "btn-next", onclick: done, text: t("next_round") }));
  d.oncancel = (e) => { e.preventDefault(); done(); };
  openDialog(d);
  buttons.lastChild.focus();
}

// The round against perfect play with open cards (GET .../rounds/{n}/review): computed on the server in
// its own process once the round is over; the page asks again until it is done.
async function showReview(gameId, number, body) {
  const box = h("div", { class: "review", id: "review", "aria-live": "polite" }, h("p", { text: t("review_wait") }));
  body.append(box);
  const key = `${gameId}/${number}`;
  S.reviewing = key;
  const pair = (x) => `${x[0]}–${x[1]}`;
  try {
    for (;;) {
      const res = await api(`/games/${gameId}/rounds/${number}/review`, { token: S.tokens[S.seat] });
      if (S.reviewing !== key) return; // the dialog was closed meanwhile
      if (res.status === "done") {
        const rv = res.review;
        const you = (p) => p.seat === S.seat && S.view && S.view.human_seats.length === 1; // "you played", not "Du spielte"
        const items = rv.plays.filter((p) => p.cost > 0).map((p) => h("li", {
          text: you(p) ? t("review_cost_you", p.trick, cardName(p.card), p.cost, p.best.map(cardName).join(", "))
            : t("review_cost", p.trick, seatName(p.seat), cardName(p.card), p.cost, p.best.map(cardName).join(", ")) }));
        box.replaceChildren(
          h("p", { id: "review-summary", text: t("review_summary", pair(rv.perfect), rv.played ? pair(rv.played) : "–") }),
          items.length ? h("ol", { id: "review-costs" }, ...items) : h("p", { id: "review-costs", text: t("review_none") }),
          h("p", { class: "note", text: t("review_note") }));
        return;
      }
      if (res.status === "failed") { console.warn(res.reason); box.replaceChildren(h("p", { text: t("review_unavailable") })); return; }
      await new Promise((ok) => setTimeout(ok, 1000));
    }
  } catch (e) { box.replaceChildren(h("p", { text: t("review_failed", errorText(e)) })); }
}

// The record's text from whoever holds the game: the server, or the engine in the page for a game of this device.
async function recordText(gameId, token) {
  if (Offline.isLocal(gameId)) return Offline.text(`/games/${gameId}/record`, token);
  const r = await fetch(`/api/v1/games/${gameId}/record`, { headers: { Authorization: `Bearer ${token}` } });
  if (!r.ok) throw Object.assign(new Error((await r.json().catch(() => null) || {}).detail || `HTTP ${r.status}`), { status: r.status });
  return r.text();
}

async function downloadRecord() {
  try {
    // the text as the server wrote it: JSON.parse would round a 64-bit seed, and `puur verify` would fail
    const text = await recordText(S.gameId, S.tokens[S.seat]);
    const a = h("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: `puur-${S.gameId}.json` });
    document.body.append(a); a.click(); a.remove();
  } catch (e) { toast(errorText(e)); }
}

// A finished match offers its rematch on the table itself too, not only in the end's dialog: a player who
// closed that dialog, or came back later, joins the rematch (and takes their seat back) from here.
function renderRematchOffer(v) {
  const over = v.status === "over";
  $("match-over").hidden = !over;
  if (!over) return;
  $("match-over-text").textContent = t("match_over_line");
  const b = $("btn-rematch-over");
  b.textContent = t("rematch");
  b.onclick = rematch;
}

async function rematch() {
  // The server gives each seat only its own new token: a shared device (pass-and-play) asks once for every
  // seat whose token it holds; all of them join the same new game.
  try {
    const tokens = {};
    let gameId = null;
    for (const seat of Object.keys(S.tokens)) {
      const r = await api(`/games/${S.gameId}/rematch`, { method: "POST", token: S.tokens[seat] });
      Object.assign(tokens, r.tokens); gameId = r.game_id;
    }
    start(gameId, tokens);
  } catch (e) { toast(errorText(e)); }
}

async function showRules(section) {
  const body = $("rules-body");
  const profile = S.view ? S.view.profile : setupProfile();
  await openLoading($("dlg-rules"), body, async () => {
    const r = await api("/table/rules", { method: "POST", body: { profile } });
    const preset = r.profile.preset;
    body.replaceChildren(h("p", { class: "note", text: preset ? (t("presets")[preset] || preset) : "" }), rulesWords(r), h("p", { class: "note", text: t("strongest_first") }));
    for (const c of r.contracts) {
      const sec = h("section", { class: "rules-contract", "data-contract": c.code });
      const head = h("h3", {});
      if ("CDHS".includes(c.code)) head.append(PuurCards.suitIcon(c.code, prefs.deck, 20), " ");
      head.append(h("span", { text: t("rules_head", contractName(c.code), c.factor) }));
      sec.append(head);
      for (const o of c.orders) {
        const label = o.label === "trump" ? t("trump_suit") : o.label === "plain" ? t("plain_suits")
          : o.label === "obenabe" || o.label === "undenufe" ? t(o.label) : t("all_suits"); // Slalom, Guschti: each order
        const row = h("div", { class: "rules-row" }, h("span", { class: "rules-label", text: label }));
        o.cards.forEach((code, i) => row.append(cardFigure(code, "rules-card", String(o.points[i]))));
        sec.append(row);
      }
      body.append(sec);
    }
    if (typeof section === "string") $(`rules-words-${section}`).scrollIntoView({ block: "start" });
  });
}

async function showResume() {
  const body = $("resume-body");
  const all = storedGames();
  const tokens = Object.values(all).flatMap((g) => Object.values(g.tokens));
  await openLoading($("dlg-resume"), body, async () => {
    const r = await api("/games/lookup", { method: "POST", body: { tokens } });
    const seen = new Set();
    const list = h("ul", { class: "resume-list" });
    for (const g of r.games) {
      if (seen.has(g.game_id)) continue; seen.add(g.game_id);
      const label = t("resume_item", g.names.map(localName).join(", "), g.scores[0], g.scores[1], g.target,
        t("presets")[g.profile] || g.profile, t(g.status), new Date(g.updated * 1000).toLocaleString(prefs.lang));
      list.append(h("li", {}, h("button", { type: "button", class: "resume-game", "data-game": g.game_id,
        onclick: () => { closeDialog($("dlg-resume")); start(g.game_id, all[g.game_id].tokens); }, text: label }),
        g.game_id === S.gameId ? null : h("button", { type: "button", class: "forget-game", "data-game": g.game_id,
          onclick: () => { forgetGame(g.game_id); showResume(); }, text: t("forget") })));
    }
    body.replaceChildren(seen.size ? list : h("p", { text: t("no_games") }));
  });
}

// ----- a game of this device kept on the server -----
// At the person's asking, once online (docs/offline-table.md): the engine writes what the server takes (the
// record and the table, never this device's tokens), the server replays and checks the record and answers
// with the game's id and new tokens; the game then plays online (listed, continued, reviewed there) and this
// device forgets its own copy. Offline, or refused, the game stays on the device as it was.
async function keepOnline() {
  const localId = S.gameId, tokens = S.tokens, token = S.tokens[S.seat];
  const button = $("btn-keep");
  button.disabled = true;
  try {
    const kept = await api("/games/upload", { method: "POST", raw: await Offline.text(`/games/${localId}/upload`, token) });
    await Offline.api(`/games/${localId}`, { method: "DELETE", token });
    forgetGame(localId);
    start(kept.game_id, kept.tokens);
    toast(t("kept_online"));
  } catch (e) {
    toast(e.status === 422 ? t("keep_refused") : errorText(e));
  } finally { button.disabled = false; }
}

// ----- no dead ends: a game left, forgotten, or none on the table -----
// A game left behind is forgotten by this browser: its keys, and which of its rounds were seen, are dropped
// (the server keeps no list of a browser's games; without the keys nobody can open it from here).
function forgetGame(id) {
  const all = storedGames();
  if (Offline.isLocal(id) && all[id] && id !== S.gameId) { // the device's engine keeps it no longer either
    Offline.api(`/games/${id}`, { method: "DELETE", token: Object.values(all[id].tokens)[0] }).catch((e) => console.warn(e.message));
  }
  delete all[id];
  store("puur.games", all);
  const seen = seenRounds(); delete seen[id]; store("puur.seen", seen);
  if (localStorage.getItem("puur.current") === id) localStorage.removeItem("puur.current");
}
// The setup closed without a game on the table: the table offers one instead of staying empty.
function offerGame() {
  if (S.gameId) return;
  showCover(t("no_game"), t("new_game"), openSetup);
}
// Starting a new game while one is being played asks first; the running one stays under Resume.
function leaveAllowed() {
  if (!(S.gameId && S.view && S.view.status === "playing")) return Promise.resolve(true);
  const d = $("dlg-leave");
  return new Promise((resolve) => {
    $("leave-go").onclick = () => { closeDialog(d); resolve(true); };
    $("leave-stay").onclick = () => { closeDialog(d); closeDialog($("dlg-setup")); resolve(false); };
    d.oncancel = () => resolve(false);
    openDialog(d);
  });
}

// ----- the rules in words: what the profile's options (RULES.md "Profile options") make of
// following suit, trumping, Weis, Stöck, Match, Schieben and the count, in the page's language -----
const RULE_SECTIONS = ["follow", "trump", "weis", "stoeck", "match", "schieben", "score"];
// The section of the rules a refusal of the "why" message is about.
const WHY_SECTION = { follow_suit: "follow", trump_only_when_void: "follow", trump_led: "trump", overtrump: "trump", undertrump: "trump" };

function ruleSentences(p, contracts) {
  const w = t("rw");
  const ranks = PuurCards.RANK_NAMES[prefs.deck][prefs.lang];
  const names = { J: ranks[5], Q: ranks[6], K: ranks[7], A: ranks[8], 10: ranks[4] };
  const say = (key, ...args) => fill(w[key], args).replace(/\{(J|Q|K|A|10)\}/g, (m, k) => names[k]);
  const out = { follow: [say("follow"), say(p.trump_allowed_when_able_to_follow ? "trump_any" : "trump_void")], trump: [], weis: [], stoeck: [] };
  out.follow.push(say(p.lone_puur_may_be_kept ? "puur_kept" : "puur_lone"));
  if (p.undertrump === "banned_unless_only_trumps") {
    out.trump.push(say("under_banned"));
    if (p.undertrump_ban_when_partner_leads) out.trump.push(say("under_partner"));
  } else out.trump.push(say("under_allowed"));
  if (p.must_overtrump) { out.trump.push(say("over_must")); if (p.overtrump_on_trump_lead) out.trump.push(say("over_lead")); } else out.trump.push(say("over_free"));
  out.weis.push(say(p.weis_values === "small" ? "weis_small" : "weis_extended"));
  if (p.weis_split_long_runs) out.weis.push(say("weis_split"));
  out.weis.push(say(p.weis_overlap === "disjoint" ? "overlap_disjoint" : "overlap_share"));
  out.weis.push(say({ points_cards_top: "compare_cards", points_type_length_top: "compare_type", points_top: "compare_top" }[p.weis_compare]));
  out.weis.push(say(p.weis_undenufe_reverse ? "undenufe_reverse" : "undenufe_same"), say(`decl_${p.weis_declaration}`));
  out.stoeck.push(say("stoeck"), say(`stoeck_${p.stoeck}`), say(`crossing_${p.crossing_priority}`));
  out.match = [say("match")];
  const first = p.first_forehand.startsWith("holder:") ? say("first_holder", cardName(p.first_forehand.slice(7))) : say("first_dealer_right");
  out.schieben = [say("schieben"), first];
  const factors = contracts.map((c) => `${contractName(c.code)} ×${c.factor}`).join(", ");
  out.score = [say("points"), say(`undenufe_${p.undenufe_values}`), say("factors", factors), say("target", p.target),
    say(`end_${p.game_end}`), say(`tie_${p.trick_block_tie}`)];
  if (p.schneider) { out.score.push(say("schneider")); if (p.schneider.counts_games > 1) out.score.push(say("schneider_games", p.schneider.counts_games)); }
  return out;
}

// The words as sections of the Rules dialog, one heading each (ids rules-words-<section>).
function rulesWords(rules) {
  const w = t("rw");
  const said = ruleSentences(rules.profile, rules.contracts);
  const box = h("div", { class: "rules-words", id: "rules-words", "data-preset": rules.profile.preset || "" }, h("h3", { text: w.title }));
  for (const key of RULE_SECTIONS) {
    box.append(h("section", { class: "rules-section", id: `rules-words-${key}` },
      h("h4", { text: w[`h_${key}`] }), ...said[key].map((x) => h("p", { text: x }))));
  }
  return box;
}

// The "why" message of a dimmed card links to its rule in words: a button just after the message.
function whyRuleLink(code) {
  const section = WHY_SECTION[code];
  if (!section) return;
  const link = h("button", { type: "button", class: "why-rule", id: "why-rule", text: t("rw").why_link,
    onclick: () => { hideToast(); showRules(section); } });
  $("toast").append(link); // inside the message: shown and hidden with it, wherever the message sits
  hideToastIn(8000); // time to reach the link
}
