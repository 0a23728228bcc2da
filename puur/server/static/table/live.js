// The live table: the seat's view from the server and the events after it over a WebSocket, applied in
// order at the computers' pace (S.queue), held while a round's breakdown is read (S.blocked), the
// connection resumed when it drops; the cover that hands a shared device to the next player; a game started.
"use strict";

// The table's view fetched once (after a refused action or a failed undo), as the server has it now.
async function refresh() {
  try { applyView(await api(`/games/${S.gameId}`, { token: S.tokens[S.seat] }), null); } catch (e) { toast(errorText(e)); }
}

// ----- the flow of events -----
function applyView(view, ev) {
  const prev = S.view;
  const sameGame = prev && prev.game_id === view.game_id;
  const newRound = sameGame && view.round_number > prev.round_number;
  const ended = sameGame && prev.status === "playing" && view.status === "over";
  if (prev && (!sameGame || newRound || view.tricks.length !== prev.tricks.length)) hideToast(); // a "why" holds for its trick only
  if (newRound || ended) {
    // show the round's last trick a moment (its last card too, the winner marked), then the breakdown
    S.finalTrick = finalTrick(prev, view, ev);
    const played = S.finalTrick.cards.filter(([seat, code]) => !prev.trick.some((x) => x[1] === code));
    const r = view.sheet.rounds[view.sheet.rounds.length - 1];
    S.view = Object.assign({}, prev, {
      trick: [], to_act: null, hand: prev.hand.filter((c) => !played.some((x) => x[1] === c)),
      hand_sizes: prev.hand_sizes.map((n, seat) => Math.max(0, n - played.filter((x) => x[0] === seat).length)),
      round_points: r ? roundPoints(r) : prev.round_points,
    });
    render();
    S.blocked = true;
    setTimeout(() => { S.view = view; roundDialog(view); }, PACE ? Math.max(900, 2 * PACE) : 50);
    return;
  }
  S.view = view;
  S.finalTrick = null;
  afterView();
  if (!sameGame && unseenRound(view)) { // a table opened again (a reload, a connection back) with a round unread
    if (roundIsNews(view)) { S.blocked = true; roundDialog(view); } // this seat has not played on since: it is news
    else markSeen(view); // the seat played on (another device, a stand-in): the score panel keeps it, not as new
  }
}

// Whether the last round written is still news to this seat: the match is over, or the seat has played no
// card of the next round yet (from this device or another, or a computer for it while it was away).
function roundIsNews(v) {
  return v.status === "over" || !v.trick.concat(...v.tricks.map(trickPlays)).some((x) => x[0] === S.seat);
}

// The round's last trick as the server recorded it: the view's previous_trick once the next round is dealt,
// the last of its tricks when the match is over; else what the page saw played.
function finalTrick(prev, view, ev) {
  const last = view.status === "over" && view.round_number === prev.round_number ? view.tricks[view.tricks.length - 1] : view.previous_trick;
  if (last && (!ev || last.cards.includes(ev.action))) return { cards: trickPlays(last), winner: last.winner };
  const cards = prev.trick.map((x) => [x[0], x[1]]);
  if (ev && /^[CDHS]/.test(ev.action) && cards.length < 4) cards.push([ev.seat, ev.action]);
  return { cards, winner: null };
}

// A view that replaces the table's rather than follows it (a new connection, an undo): nothing moves from
// the view before.
function showAnew(view) { S.view = null; applyView(view, null); }

// The round's breakdown read: the table goes on with the view that came meanwhile (a reconnection) or the
// one it holds, then with the events queued behind it.
function roundRead() {
  S.roundShown = null; S.blocked = false; S.finalTrick = null;
  if (S.pendingHello) { const pv = S.pendingHello; S.pendingHello = null; showAnew(pv); } else afterView();
  pump();
}

function afterView() {
  const v = S.view;
  const humans = v.human_seats.filter((seat) => S.tokens[seat] !== undefined); // this device's seats (online: its own)
  S.covered = v.status === "playing" && v.to_act !== null && humans.includes(v.to_act) && v.to_act !== S.seat;
  if (S.covered) cover(v.to_act); else $("cover").hidden = true;
  render();
}

// The cover over the table: a line and one button, which lifts the cover and does what it says.
function showCover(text, label, press) {
  $("cover-text").textContent = text;
  const btn = $("cover-btn");
  btn.textContent = label;
  btn.onclick = () => { $("cover").hidden = true; press(); };
  $("cover").hidden = false;
}
// Pass-and-play: the hands stay hidden until the player to act says it is them at the device.
function cover(seat) {
  showCover(t("hand_over", seatName(seat)), t("i_am", seatName(seat)), () => { S.covered = false; S.seat = seat; S.view = null; connect(); });
}

function pump() {
  if (S.blocked || !S.queue.length) return;
  const msg = S.queue.shift();
  applyView(msg.view, msg);
  if (S.queue.length && !S.blocked) setTimeout(pump, PACE);
}

function connect() {
  if (S.ws) { S.ws.onclose = null; S.ws.close(); S.ws = null; }
  S.queue = []; S.wsOpen = false;
  if (Offline.isLocal(S.gameId)) { connectLocal(); return; }
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/v1/games/${S.gameId}/live?pace=${PACE}`);
  S.ws = ws;
  ws.onopen = () => ws.send(JSON.stringify({ token: S.tokens[S.seat] }));
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "hello") { S.wsOpen = true; S.queue = []; if (!S.blocked) showAnew(msg.view); else S.pendingHello = msg.view; }
    else if (msg.type === "event") { S.queue.push(msg); pump(); }
    else if (msg.type === "undo") { S.queue = []; clearTimeout(S.fallback); if (!S.blocked) showAnew(msg.view); }
    else Friends.message(msg); // an online table's seat changes and reactions (friends.js)
  };
  ws.onclose = (e) => {
    S.wsOpen = false;
    if (S.ws !== ws) return;
    if (e.code === 4403 || e.code === 4404 || e.code === 4401) { toast(t("refused")); return; }
    if (e.code === 4409) { toast(t("elsewhere")); return; } // a newer connection of this seat took over: no tug of war
    clearTimeout(S.retry);
    S.retry = setTimeout(connect, 1000); // the server restarted or the network blinked: resume
  };
}

// A game of this device (offline.js): the engine in the page plays the part of the live connection. Its view
// stands for the hello; each action's answer brings the events (the action and the view after it) in order.
function connectLocal() {
  const gameId = S.gameId;
  Offline.listen((events) => { if (S.gameId !== gameId) return; S.queue.push(...events); pump(); });
  S.wsOpen = true;
  api(`/games/${gameId}`, { token: S.tokens[S.seat] }).then((view) => {
    if (S.gameId !== gameId) return;
    if (!S.blocked) showAnew(view); else S.pendingHello = view;
  }).catch((e) => toast(errorText(e)));
}

// A game on this table: its tokens kept, then the seat's view (pass-and-play: after the cover).
function start(gameId, tokens) {
  storeGame(gameId, tokens);
  S.gameId = gameId; S.tokens = tokens; S.view = null; S.blocked = false; S.queue = []; S.finalTrick = null; S.roundShown = null;
  clearTimeout(S.fallback); // the last game's action answer (hand.js act) is no view of this one
  const humans = Object.keys(tokens).map(Number).sort();
  S.seat = humans[0];
  if (humans.length > 1) {
    // pass-and-play: ask who is at the device before any hand is shown (public metadata only)
    api("/games/lookup", { method: "POST", body: { tokens: humans.map((x) => tokens[x]) } }).then((r) => {
      const g = r.games.find((x) => x.game_id === gameId);
      const next = g && g.to_act !== null && humans.includes(g.to_act) ? g.to_act : humans[0];
      S.names = g ? g.names : null; S.seat = next; S.covered = true; cover(next);
    }).catch((e) => toast(errorText(e)));
    return;
  }
  connect();
}
