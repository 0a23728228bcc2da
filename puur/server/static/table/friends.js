// Online tables: friends at one table, each on their own device, by invite link. The host's
// waiting room (links, copy, QR code, a computer for a missing seat), the join page (#join=GAME.CODE: a
// name, then the seat; its token stays in this browser like every seat's), who is connected and who a
// computer plays for, the seat handed to a computer and taken back, and the quick reactions (fixed
// phrases, no free text). Loaded before the table's own files; everything here runs from their hooks
// (Friends.*), so it uses their S, t, h, api, start, applyView. The server decides everything: docs/api-online-tables.md.
"use strict";

const REACTION_CODES = ["bravo", "hopp", "sorry", "well_played", "uff"];

const Friends = {
  invites: null, // the host's invite links of the table shown (GET /invites), by seat
  invitesFor: null,

  // table.js init()
  init() {
    $("join-form").onsubmit = (e) => { e.preventDefault(); Friends.join(); };
    const bar = $("reactions");
    bar.replaceChildren(...REACTION_CODES.map((code) => h("button", { type: "button", class: "react", "data-react": code,
      onclick: () => Friends.react(code) })));
    window.addEventListener("hashchange", () => Friends.joinFromAddress()); // a second link opened in this tab
    $("dlg-join").addEventListener("close", () => { // closed without taking the seat: the table as before
      if (!Friends.pending) return;
      Friends.pending = null; Friends.clearAddress();
      if (!S.gameId) setTimeout(offerGame, 0);
    });
  },

  // A table is online when one of its seats has a host (the view's seating: docs/api-online-tables.md).
  online(v) { return !!(v && v.seating && v.seating.some((s) => s.host)); },
  isHost(v) { return Friends.online(v) && v.seating[S.seat] && v.seating[S.seat].host; },

  // ----- joining from an invite link: /#join=GAME.CODE -----
  joinFromAddress() {
    const m = /^#join=([0-9a-f]+)\.([A-Za-z0-9_-]+)$/.exec(location.hash);
    if (!m) return false;
    Friends.pending = { gameId: m[1], code: m[2] };
    const known = storedGames()[m[1]];
    if (known) { Friends.clearAddress(); start(m[1], known.tokens); return true; } // this browser holds the seat already
    $("join-error").hidden = true;
    $("join-name").value = prefs.name || "";
    if (window.PuurPlayer) { // this browser's remembered player: their name is the seat's, unless one is typed already
      window.PuurPlayer.currentPlayer().then((me) => { if (me && $("join-name").value === (prefs.name || "")) $("join-name").value = me.name; })
        .catch(() => {});
    }
    $("join-name").placeholder = t("join_name_hint");
    openDialog($("dlg-join"));
    $("join-name").focus();
    return true;
  },
  clearAddress() { history.replaceState(null, "", location.pathname + location.search); },
  async join() {
    const p = Friends.pending, name = $("join-name").value.trim();
    if (!p || !name) { $("join-name").focus(); return; }
    $("join-take").disabled = true;
    try {
      const r = await api(`/games/${p.gameId}/join`, { method: "POST", body: { code: p.code, name }, player: true });
      prefs.name = name; savePrefs();
      Friends.pending = null;
      closeDialog($("dlg-join"));
      Friends.clearAddress();
      start(p.gameId, { [r.seat]: r.token });
    } catch (e) {
      const err = $("join-error");
      err.textContent = e.status === 409 ? t("join_taken") : e.status === 404 ? t("join_unknown") : nameRefusal(e) || errorText(e);
      err.hidden = false;
    } finally { $("join-take").disabled = false; }
  },

  // ----- the live connection's messages (live.js connect) -----
  message(msg) {
    if (msg.type === "reaction") { Friends.showReaction(msg.seat, msg.code); return; }
    if (msg.type === "rematch") { if (S.tokens[msg.seat] === undefined) toast(t("rematch_by", seatName(msg.seat))); return; }
    if (msg.type !== "table") return;
    // a seat's change between two actions: at once when nothing is queued, else in its turn
    if (!S.blocked && !S.queue.length) applyView(msg.view, null); else S.queue.push(msg);
  },

  // ----- drawing (table.js render) -----
  render(v) {
    const online = Friends.online(v);
    $("reactions").hidden = !(online && v.status !== "waiting");
    for (const b of $("reactions").children) b.textContent = t("react")[b.dataset.react];
    $("reactions").setAttribute("aria-label", t("reactions"));
    Friends.renderWaiting(v);
    if (!online) { $("seat-away").hidden = true; Friends.renderAwaited(null); return; }
    for (let seat = 0; seat < 4; seat++) Friends.drawReaction(seat);
    for (let seat = 0; seat < 4; seat++) {
      const box = document.querySelector(`.seat[data-seat="${seat}"]`);
      const s = v.seating[seat];
      if (!box || !s) continue;
      const person = s.kind === "person";
      box.classList.toggle("away", person && !s.connected);
      const badges = box.querySelector(".badges");
      if (s.host) badges.append(h("span", { class: "badge host", text: t("host") }));
      if (person && s.player) badges.append(h("span", { class: "badge stand-in", "data-stand-in": seat, text: t("computer_for") }));
      else if (person && !s.connected) badges.append(h("span", { class: "badge away", "data-away": seat, text: t("away") }));
      if (Friends.isHost(v) && person && seat !== S.seat && v.status === "playing") {
        if (s.player) box.append(h("button", { type: "button", class: "seat-action", "data-give-back": seat, text: t("give_back"),
          onclick: () => Friends.setSeat(seat, "person") }));
        else if (!s.connected) box.append(h("button", { type: "button", class: "seat-action", "data-hand-over": seat,
          text: t("hand_to_computer"), onclick: () => Friends.setSeat(seat, Friends.computerFor(seat)) }));
      }
    }
    Friends.renderAwaited(v);
    const own = document.querySelector(`.seat[data-seat="${S.seat}"] .badges`);
    if (own && v.watchers > 0) own.append(h("span", { class: "badge watchers", "data-watchers": v.watchers, text: t("watchers", v.watchers) }));
    const mine = v.seating[S.seat];
    const stood = !!(mine && mine.kind === "person" && mine.player && v.status === "playing");
    $("seat-away").hidden = !stood;
    if (stood) {
      $("seat-away-text").textContent = t("stood_in");
      $("btn-take-back").textContent = t("take_back");
      $("btn-take-back").onclick = () => Friends.setSeat(S.seat, "person");
    }
  },

  // A person away at their turn: every other screen says whom the table waits for and counts down to the
  // moment the server has a computer play for them (the view's awaited.hand_over_at, the server's clock:
  // every screen counts to the same moment, none guesses). Ticks each second while shown.
  renderAwaited(v) {
    const box = $("awaited");
    const a = v && v.status === "playing" && v.awaited && v.awaited.seat !== S.seat ? v.awaited : null;
    clearInterval(Friends.awaitTimer);
    box.hidden = !a;
    if (!a) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil(a.hand_over_at - Date.now() / 1000));
      box.dataset.seconds = String(left);
      box.textContent = left > 0 ? t("awaited", seatName(a.seat), left) : t("awaited_now", seatName(a.seat));
    };
    tick();
    Friends.awaitTimer = setInterval(tick, 1000);
  },

  // The waiting room: every seat, who has joined, who is missing; the host sees each open seat's link
  // (copy button, QR code) and may have a computer take it. In a rematch a seat kept for its person waits for
  // them; the host may only remove them, in the open (the server tells every screen).
  renderWaiting(v) {
    const box = $("waiting");
    if (!v || v.status !== "waiting") { box.hidden = true; box.dataset.drawn = ""; Friends.invites = null; return; }
    const host = Friends.isHost(v);
    if (host && Friends.invitesFor !== v.game_id) Friends.loadInvites(v);
    // drawn again only when what it shows changed: a press on one of its buttons is never lost to a new view
    const key = JSON.stringify([v.game_id, host, v.seating, Friends.invites, document.documentElement.lang]);
    $("status").textContent = host ? t("waiting_title") : t("waiting_guest");
    if (!box.hidden && box.dataset.drawn === key) return;
    box.dataset.drawn = key;
    const rows = v.seating.map((s, seat) => {
      const open = s.kind === "invite", kept = s.kind === "reserved";
      const row = h("li", { class: "waiting-seat" + (open ? " open" : ""), "data-seat": seat },
        h("span", { class: "waiting-name", text: open ? `${t("pos")[rel(seat)] || ""}` : localName(s.name) }),
        h("span", { class: "waiting-state", text: open ? t("missing") : kept ? t("kept") : s.kind === "computer" ? t("computer") : t("joined") }));
      const inv = host && open && Friends.invites && Friends.invites[seat];
      if (inv) {
        const input = h("input", { type: "text", readonly: true, value: inv.url, class: "invite-url", "data-invite": seat,
          "aria-label": t("invite_link", t("pos")[rel(seat)]) });
        row.append(h("div", { class: "invite" }, input,
          h("button", { type: "button", class: "copy", "data-copy": seat, text: t("copy"), onclick: () => Friends.copy(input) }),
          h("img", { class: "qr", src: inv.qr, alt: t("qr_alt", t("pos")[rel(seat)]), width: 132, height: 132 })));
      }
      if (host && open) row.append(h("button", { type: "button", class: "fill", "data-fill": seat, text: t("fill_computer"),
        onclick: () => Friends.setSeat(seat, Friends.computerFor(seat)) }));
      if (host && kept) row.append(h("button", { type: "button", class: "fill", "data-remove": seat, text: t("remove_computer"),
        onclick: () => Friends.setSeat(seat, Friends.computerFor(seat), true) }));
      return row;
    });
    box.replaceChildren(h("div", { class: "waiting-box" },
      h("h2", { text: host ? t("waiting_title") : t("waiting_guest") }), h("ul", { class: "waiting-list" }, ...rows)));
    box.hidden = false;
  },
  async loadInvites(v) {
    Friends.invitesFor = v.game_id;
    try {
      const r = await api(`/games/${v.game_id}/invites`, { token: S.tokens[S.seat] });
      Friends.invites = r.invites;
      if (S.view && S.view.game_id === v.game_id) Friends.renderWaiting(S.view);
    } catch (e) { Friends.invitesFor = null; toast(errorText(e)); }
  },
  copy(input) {
    input.select();
    const done = () => toast(t("copied"));
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(input.value).then(done, () => { document.execCommand("copy"); done(); });
    else { document.execCommand("copy"); done(); }
  },
  // A seat in the host's team gets the partner's strength chosen in New game, the others the opponents'.
  computerFor(seat) {
    const partner = seat % 2 === S.seat % 2;
    const strengths = (S.options && S.options.strengths) || {};
    return (partner ? prefs.strengthPartner : prefs.strength) || strengths.medium || "heuristic";
  },
  async setSeat(seat, player, remove = false) {
    const body = remove ? { player, remove } : { player };
    try { await api(`/games/${S.gameId}/seats/${seat}`, { method: "POST", body, token: S.tokens[S.seat] }); } catch (e) { toast(errorText(e)); }
  },

  // ----- reactions -----
  async react(code) {
    try { await api(`/games/${S.gameId}/react`, { method: "POST", body: { code }, token: S.tokens[S.seat] }); } catch (e) { toast(errorText(e)); }
  },
  // A reaction shows beside its seat for three seconds (drawn again when the seats are redrawn meanwhile).
  recent: {},
  showReaction(seat, code) {
    if (!t("react")[code]) return;
    Friends.recent[seat] = { code, until: Date.now() + 3000 };
    Friends.drawReaction(seat);
    setTimeout(() => { const r = Friends.recent[seat]; if (r && r.until <= Date.now()) { delete Friends.recent[seat]; Friends.drawReaction(seat); } }, 3050);
  },
  drawReaction(seat) {
    const box = document.querySelector(`.seat[data-seat="${seat}"]`);
    if (!box) return;
    for (const old of box.querySelectorAll(".reaction")) old.remove();
    const r = Friends.recent[seat];
    if (r && r.until > Date.now()) box.append(h("div", { class: "reaction", role: "status", "data-reaction": r.code, text: t("react")[r.code] }));
  },
};
