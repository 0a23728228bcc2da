// The Puur table: a page over the game API (/api/v1/games). It knows no rule: legal cards, reasons,
// scores and what each seat may see all come from the server. Tokens stay in localStorage, so a reload
// resumes; in pass-and-play the page holds every human seat's token but fetches only the acting seat's
// view, after the device has been handed over.
//
// The page's script is plain files, no build step: the Content-Security-Policy runs only files of this
// origin (script-src 'self', no inline script). index.html loads them in this order, deferred, and they
// share their top-level names (one global scope of classic scripts, as friends.js and forms.js do):
//   i18n.js     the words in each language (I18N)
//   offline.js  the engine in the page (engine-worker.js): a game of this device, and the table offline
//   core.js     the state (S, prefs), t, h, the API, names, messages, what this browser keeps
//   hand.js     the hand, the contract choice, acting, why a card may not be played, hint and undo
//   trick.js    the seats, the trick, the banner, the status line, the last trick, cards that move and sound
//   boards.js   the score, the Jasstafel, the fair deal, the round on the side, the round's breakdown
//   dialogs.js  the round, the review, the rules (in words), Resume, the Weis choice, leaving a game
//   setup.js    New game and its settings
//   live.js     the live connection: views, events in order, reconnecting, the hand-over cover
//   table.js    this file, last: drawing everything, the language and deck, theme, and the start
// Each new file is also in the service worker's list (sw.js), so the page opens offline.
"use strict";

// ----- drawing -----
function render() {
  const v = S.view;
  if (!v) return;
  document.documentElement.lang = prefs.lang;
  loadRules(v.profile);
  renderSeats(v); renderTrick(v); renderBanner(v); renderChoose(v); renderHand(v); renderStatus(v); renderScore(v);
  if (S.roundShown) renderInfoRound(S.roundShown); else renderInfo(v);
  $("btn-last").disabled = !(v.tricks.length || v.previous_trick);
  $("btn-sheet").disabled = !v.sheet.rounds.length;
  renderAssist(v);
  $("btn-keep").hidden = !Offline.isLocal(v.game_id); // a game of this device: it may be kept on the server
  renderRematchOffer(v); // a finished match: its rematch on every screen (dialogs.js)
  Friends.render(v); // online tables: presence, stand-ins, the waiting room, reactions (friends.js)
  if (typeof PuurForms !== "undefined") PuurForms.render(v); // Coiffeur, Differenzler: the sheet, the column, the prediction (forms.js)
  animateTable(v);
}

// A language or deck chosen anywhere (top bar or New game) applies at once to everything on the page.
function setPrefs(change) {
  Object.assign(prefs, change);
  savePrefs();
  for (const id of ["sel-deck", "set-deck"]) $(id).value = prefs.deck;
  for (const id of ["sel-lang", "set-lang"]) $(id).value = prefs.lang;
  translate();
  render();
  if ($("dlg-round").open && S.roundDialog && S.view) roundDialog(S.view, S.roundDialog.index, S.roundDialog.browse);
  if ($("dlg-last").open) showLastTrick();
  if ($("dlg-rules").open) showRules();
  if ($("dlg-resume").open) showResume();
}

// ----- theme and sound switches -----
// The theme: the system's (prefers-color-scheme) until the player picks one with the switch; remembered.
function applyTheme() {
  const light = prefs.theme ? prefs.theme === "light" : matchMedia("(prefers-color-scheme: light)").matches;
  document.documentElement.dataset.theme = light ? "light" : "dark";
  const b = $("btn-theme");
  b.setAttribute("aria-pressed", String(light)); b.setAttribute("aria-label", t("theme_light")); b.title = t("theme_light");
  const s = $("btn-sound");
  s.setAttribute("aria-pressed", String(!!prefs.sound)); s.setAttribute("aria-label", t("sound")); s.title = t("sound");
}
function toggleTheme() { prefs.theme = document.documentElement.dataset.theme === "light" ? "dark" : "light"; savePrefs(); applyTheme(); }
function toggleSound() { prefs.sound = !prefs.sound; savePrefs(); applyTheme(); if (prefs.sound) playSound("card"); }

// The installable app: the service worker keeps the table's files for use offline (never the API).
function registerServiceWorker() {
  if ("serviceWorker" in navigator && window.isSecureContext) navigator.serviceWorker.register("/sw.js").catch((e) => console.warn(e));
}

// The engine in the page (offline.js) starts once the page is drawn; the bar says when the table plays offline.
function startOffline() {
  Offline.whenReady(() => { const el = $("offline-ready"); el.hidden = false; el.title = t("offline_ready_title"); });
  setTimeout(Offline.start, 0);
}

// ----- page setup -----
function translate() {
  document.documentElement.lang = prefs.lang;
  document.querySelector("link[rel=manifest]").href = `/manifest.webmanifest?lang=${prefs.lang}`; // the app's name and words in it
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  $("btn-stoeck").title = t("stoeck_note");
  $("btn-keep").title = t("keep_online_title");
  $("hand").setAttribute("aria-label", t("your_hand"));
  applyTheme();
  if (S.options && $("seats-setup").children.length) relabelSetup();
  if (S.options && $("set-profile").options.length) relabelSettings();
}

function init() {
  Friends.init();
  $("sel-deck").value = prefs.deck; $("sel-lang").value = prefs.lang;
  for (const id of ["sel-deck", "set-deck"]) $(id).onchange = (e) => setPrefs({ deck: e.target.value });
  for (const id of ["sel-lang", "set-lang"]) $(id).onchange = (e) => setPrefs({ lang: e.target.value });
  $("btn-sheet").onclick = () => { if (S.view && S.view.sheet.rounds.length) roundDialog(S.view, S.view.sheet.rounds.length - 1, true); };
  $("btn-new").onclick = openSetup;
  $("btn-resume").onclick = showResume;
  $("btn-last").onclick = showLastTrick;
  $("btn-rules").onclick = () => showRules();
  $("btn-keep").onclick = keepOnline;
  $("btn-theme").onclick = toggleTheme;
  $("btn-sound").onclick = toggleSound;
  registerServiceWorker();
  startOffline();
  // The New-game dialog's options are fetched ahead, so the button opens it without a request of its own.
  loadOptions().catch(() => {}); // a failure is said when the button is pressed (openSetup asks again)
  $("btn-stoeck").onclick = () => { S.stoeck = !S.stoeck; $("btn-stoeck").setAttribute("aria-pressed", String(S.stoeck)); };
  $("btn-hint").onclick = showHint;
  $("btn-undo").onclick = undoCard;
  $("setup-form").onsubmit = submitSetup;
  $("setup-cancel").onclick = () => closeDialog($("dlg-setup"));
  $("dlg-setup").addEventListener("close", () => setTimeout(offerGame, 0)); // Cancel or Escape on a first visit
  for (const b of document.querySelectorAll("[data-close]")) b.onclick = () => closeDialog(b.closest("dialog"));
  document.addEventListener("keydown", playByNumber);
  $("hand").addEventListener("click", (e) => { // the place played from, to come back to once the hand is redrawn
    const b = e.target.closest("button");
    if (b) S.handFocus = [...$("hand").children].indexOf(b);
  });
  $("hand").addEventListener("keydown", (e) => { // arrows move along the hand
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    const cards = [...$("hand").querySelectorAll("button")];
    const i = cards.indexOf(document.activeElement);
    if (i < 0) return;
    const j = Math.max(0, Math.min(cards.length - 1, i + (e.key === "ArrowRight" ? 1 : -1)));
    cards[j].focus(); e.preventDefault();
  });
  translate();
  if (Friends.joinFromAddress()) return; // an invite link (#join=GAME.CODE): friends.js
  const current = localStorage.getItem("puur.current");
  const all = storedGames();
  if (current && all[current]) start(current, all[current].tokens);
  else openSetup();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
