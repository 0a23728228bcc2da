// The Puur table: a page over the game API (/api/v1/games). It knows no rule: legal cards, reasons,
// scores and what each seat may see all come from the server. Tokens stay in localStorage, so a reload
// resumes; in pass-and-play the page holds every human seat's token but fetches only the acting seat's
// view, after the device has been handed over.
"use strict";

const I18N = {
  en: {
    new_game: "New game", resume: "Resume", last_trick: "Last trick", rules: "Rules", deck: "Deck", language: "Language",
    deck_swiss: "Swiss", deck_french: "French", tools: "Scoreboards", score: "Score", profile: "Rule profile", target: "Target",
    multipliers: "Multiplier table", strength: "Computer strength", who_plays: "Who plays (partners sit opposite)",
    cancel: "Cancel", start: "Start", close: "Close", human: "Human", computer: "Computer", name: "Name",
    pos: ["bottom (you)", "right", "top (partner)", "left"], dealer: "Dealer", forehand: "Forehand", trump: "Trump",
    chosen_by: "chosen by {0}", pushed_by: "geschoben by {0}", choose_contract: "Choose the contract",
    choose_after_push: "{0} pushed to you: choose the contract", schieben: "Schieben", your_turn: "Your turn",
    is_playing: "{0} is to play…", is_choosing: "{0} is choosing…", round: "Round {0}", card_points: "Card points",
    last_trick_bonus: "Last trick", match: "Match", weis: "Weis", stoeck: "Stöck", sum: "Sum", factor: "Factor",
    written: "Written", totals: "Total", next_round: "Next round", rematch: "Rematch",
    block: { claim: "by a correct claim", false_claim: "after a false claim" },
    hand_over: "Hand the device to {0}.", i_am: "I am {0}: show my cards", no_games: "No games to resume.",
    playing: "playing", over: "over", strongest_first: "Strongest first; the number under a card is its points.",
    all_suits: "every suit", plain_suits: "other suits", trump_suit: "trump",
    record: "Download the record", winner_trick: "{0} took it ({1} points)",
    declare_stoeck: "Stöck", stoeck_note: "Declare Stöck with the card you play next", team_with: "{0} & {1}",
    weis_choose: "Declare your Weis", weis_declare: "Declare", weis_best: "best meld {0}",
    you: "You", player: "Player {0}",
    schneider: "Schneider", info_dealer: "Dealer: {0}", info_forehand: "Forehand: {0}",
    loading: "Loading…", difficulty: { easy: "easy", medium: "medium", strong: "strong", heuristic: "heuristic" },
    review: "Review with open cards", review_wait: "The computer replays the round with open cards…",
    review_summary: "Perfect play with open cards: {0}. Played: {1}.", review_none: "Nobody gave away a point.",
    review_cost: "Trick {0}: {1} played {2} and gave away {3} (better: {4})", review_failed: "No review: {0}",
    review_note: "Card points, last trick and match; Weis and Stöck do not depend on the play.",
    fair_commit: "Deals fixed before the first card: SHA-256 {0}", fair_chosen: "seed chosen at the start",
    fair_title: "SHA-256 of puur-seed-v1:SALT:SEED = {0}. Seed and salt are shown when the match is over.",
    fair_seed: "Seed {0}: check the downloaded record with puur verify", fair_salt: "salt {0}, SHA-256 {1}",
    multiplier_names: { common: "Common (Undenufe ×4)", both3: "Obenabe and Undenufe ×3", ascending: "Ascending 1–6", classic: "Classic (Rosen and Schellen ×2)", online: "Online (Eicheln and Schilten ×2, ×3 ×3)" },
    errors: { 401: "This seat's key is not valid here", 403: "This seat's key is not valid here", 404: "This game is no longer on the server", 409: "That is not possible now", 422: "The server did not understand the request", 429: "Too many new games: try again in a moment", other: "The server did not answer" },
    review_unavailable: "The computer could not review this round", your_hand: "Your hand", in_parens: "({0})", brand: "Puur", lang_en: "English", lang_de: "Deutsch", lang_fr: "Français", obenabe: "Obenabe", undenufe: "Undenufe",
    trump_is: "Trump: {0}", cards_n: "{0} cards", not_playable: "{0} — may not be played", why_card: "{0}: {1}",
    why: { not_in_hand: "{card} is not in your hand", follow_suit: "you must follow {suit}: you hold {held}",
      trump_led: "trump ({suit}) was led and you hold trumps: you must play a trump",
      overtrump: "you must overtrump the {high}: you hold a higher trump",
      trump_only_when_void: "you must follow {suit} (you hold {held}); you may trump only when you cannot follow",
      undertrump: "{card} would undertrump the {high}: undertrumping is not allowed while you hold other cards",
      not_your_turn: "it is not your turn: {seat} is to play", match_over: "the match is over",
      no_contract: "the contract has not been chosen yet", round_over: "the round is over", illegal: "this card may not be played now" },
    result_you: "{0} and you won {1} to {2}", result_them: "{0} and {1} won {2} to {3}",
    review_cost_you: "Trick {0}: you played {1} and gave away {2} (better: {3})",
    round_title: "Round {0} — {1} ×{2}", round_title_plain: "Round {0}", target_line: "Target {0} · Rounds: {1}",
    info_contract: "Contract: {0} ×{1}", points_line: "Card points: {0} {1} · {2} {3}", announced_list: "Weis announced: {0}",
    shown_list: "Weis shown: {0}", stoeck_line: "Stöck: {0} 20", stoeck_said: "Stöck! 20", weis_pts: "Weis {0}",
    weis_option: "{0}: {1} ({2})", rules_head: "{0} · factor ×{1}", computer_n: "Computer {0}", sheet: "Rounds",
    prev_round: "Previous round", next_round_view: "Following round", seat_card: "{0}: {1}",
    resume_item: "{0} — {1} : {2} / {3} ({4}, {5}) {6}", refused: "The connection was refused",
    presets: { schieber: "Schieber", classic: "Classic", schweizer: "Schweizer", online: "Online", jasvel: "Jasvel" },
  },
  de: {
    new_game: "Neues Spiel", resume: "Fortsetzen", last_trick: "Letzter Stich", rules: "Regeln", deck: "Karten", language: "Sprache",
    deck_swiss: "Deutschschweizer", deck_french: "Französische", tools: "Jasstafeln", score: "Punkte", profile: "Regelprofil", target: "Ziel",
    multipliers: "Multiplikatoren", strength: "Stärke der Computer", who_plays: "Wer spielt (Partner sitzen gegenüber)",
    cancel: "Abbrechen", start: "Los", close: "Schliessen", human: "Mensch", computer: "Computer", name: "Name",
    pos: ["unten (du)", "rechts", "oben (Partner)", "links"], dealer: "Geber", forehand: "Vorhand", trump: "Trumpf",
    chosen_by: "angesagt von {0}", pushed_by: "geschoben von {0}", choose_contract: "Sag an",
    choose_after_push: "{0} hat geschoben: du sagst an", schieben: "Schieben", your_turn: "Du bist dran",
    is_playing: "{0} spielt…", is_choosing: "{0} sagt an…", round: "Runde {0}", card_points: "Kartenpunkte",
    last_trick_bonus: "Letzter Stich", match: "Match", weis: "Weis", stoeck: "Stöck", sum: "Summe", factor: "Faktor",
    written: "Geschrieben", totals: "Total", next_round: "Nächste Runde", rematch: "Revanche",
    block: { claim: "durch richtiges Bedanken", false_claim: "nach falschem Bedanken" },
    hand_over: "Gib das Gerät an {0} weiter.", i_am: "Ich bin {0}: Karten zeigen", no_games: "Keine Spiele zum Fortsetzen.",
    playing: "läuft", over: "fertig", strongest_first: "Stärkste zuerst; die Zahl unter der Karte ist ihr Wert.",
    all_suits: "jede Farbe", plain_suits: "andere Farben", trump_suit: "Trumpf",
    record: "Protokoll herunterladen", winner_trick: "{0} hat gestochen ({1} Punkte)",
    declare_stoeck: "Stöck", stoeck_note: "Stöck mit der nächsten Karte melden", team_with: "{0} & {1}",
    weis_choose: "Welchen Weis meldest du?", weis_declare: "Melden", weis_best: "bester Weis {0}",
    you: "Du", player: "Spieler {0}",
    schneider: "Schneider", info_dealer: "Geber: {0}", info_forehand: "Vorhand: {0}",
    loading: "Lädt…", difficulty: { easy: "leicht", medium: "mittel", strong: "stark", heuristic: "heuristisch" },
    review: "Analyse mit offenen Karten", review_wait: "Der Computer spielt die Runde mit offenen Karten nach…",
    review_summary: "Perfekt gespielt mit offenen Karten: {0}. Gespielt: {1}.", review_none: "Niemand hat einen Punkt verschenkt.",
    review_cost: "Stich {0}: {1} hat {2} gespielt und {3} verschenkt (besser: {4})", review_failed: "Keine Analyse: {0}",
    review_note: "Kartenpunkte, letzter Stich und Match; Weis und Stöck hängen nicht vom Spiel ab.",
    fair_commit: "Verteilung vor der ersten Karte festgelegt: SHA-256 {0}", fair_chosen: "Seed beim Start gewählt",
    fair_title: "SHA-256 von puur-seed-v1:SALT:SEED = {0}. Seed und Salt erscheinen nach dem Spiel.",
    fair_seed: "Seed {0}: das heruntergeladene Protokoll mit puur verify prüfen", fair_salt: "Salt {0}, SHA-256 {1}",
    multiplier_names: { common: "Üblich (Undenufe ×4)", both3: "Obenabe und Undenufe ×3", ascending: "Aufsteigend 1–6", classic: "Klassisch (Rosen und Schellen ×2)", online: "Online (Eicheln und Schilten ×2, ×3 ×3)" },
    errors: { 401: "Der Schlüssel dieses Platzes gilt hier nicht", 403: "Der Schlüssel dieses Platzes gilt hier nicht", 404: "Dieses Spiel gibt es auf dem Server nicht mehr", 409: "Das geht jetzt nicht", 422: "Der Server hat die Anfrage nicht verstanden", 429: "Zu viele neue Spiele: bitte gleich nochmals versuchen", other: "Der Server antwortet nicht" },
    review_unavailable: "Der Computer konnte diese Runde nicht analysieren", your_hand: "Deine Karten", in_parens: "({0})", brand: "Puur", lang_en: "English", lang_de: "Deutsch", lang_fr: "Français", obenabe: "Obenabe", undenufe: "Undenufe",
    trump_is: "Trumpf: {0}", cards_n: "{0} Karten", not_playable: "{0} — nicht spielbar", why_card: "{0}: {1}",
    why: { not_in_hand: "{card} ist nicht in deiner Hand", follow_suit: "du musst {suit} angeben: du hast {held}",
      trump_led: "Trumpf ({suit}) ist ausgespielt und du hast Trumpf: du musst Trumpf geben",
      overtrump: "du musst {high} überstechen: du hast einen höheren Trumpf",
      trump_only_when_void: "du musst {suit} angeben (du hast {held}); stechen darfst du erst, wenn du nicht angeben kannst",
      undertrump: "mit {card} würdest du {high} untertrumpfen: das ist verboten, solange du andere Karten hast",
      not_your_turn: "du bist nicht dran: {seat} spielt", match_over: "das Spiel ist fertig",
      no_contract: "es ist noch nichts angesagt", round_over: "die Runde ist fertig", illegal: "diese Karte darfst du jetzt nicht spielen" },
    result_you: "{0} und du habt {1} zu {2} gewonnen", result_them: "{0} und {1} haben {2} zu {3} gewonnen",
    review_cost_you: "Stich {0}: Du hast {1} gespielt und {2} verschenkt (besser: {3})",
    round_title: "Runde {0} — {1} ×{2}", round_title_plain: "Runde {0}", target_line: "Ziel {0} · Runden: {1}",
    info_contract: "Angesagt: {0} ×{1}", points_line: "Kartenpunkte: {0} {1} · {2} {3}", announced_list: "Weis angesagt: {0}",
    shown_list: "Weis gezeigt: {0}", stoeck_line: "Stöck: {0} 20", stoeck_said: "Stöck! 20", weis_pts: "Weis {0}",
    weis_option: "{0}: {1} ({2})", rules_head: "{0} · Faktor ×{1}", computer_n: "Computer {0}", sheet: "Runden",
    prev_round: "Vorherige Runde", next_round_view: "Folgende Runde", seat_card: "{0}: {1}",
    resume_item: "{0} — {1} : {2} / {3} ({4}, {5}) {6}", refused: "Die Verbindung wurde abgelehnt",
    presets: { schieber: "Schieber", classic: "Klassisch", schweizer: "Schweizer", online: "Online", jasvel: "Jasvel" },
  },
  fr: {
    new_game: "Nouvelle partie", resume: "Reprendre", last_trick: "Dernier pli", rules: "Règles", deck: "Cartes", language: "Langue",
    deck_swiss: "Suisses", deck_french: "Françaises", tools: "Ardoises", score: "Points", profile: "Profil de règles", target: "Objectif",
    multipliers: "Multiplicateurs", strength: "Force de l'ordinateur", who_plays: "Qui joue (les partenaires sont en face)",
    cancel: "Annuler", start: "Jouer", close: "Fermer", human: "Humain", computer: "Ordinateur", name: "Nom",
    pos: ["en bas (vous)", "à droite", "en face (partenaire)", "à gauche"], dealer: "Donneur", forehand: "Main", trump: "Atout",
    chosen_by: "choisi par {0}", pushed_by: "schieben de {0}", choose_contract: "Choisissez le contrat",
    choose_after_push: "{0} vous a passé la main : choisissez", schieben: "Schieben", your_turn: "À vous",
    is_playing: "{0} joue…", is_choosing: "{0} choisit…", round: "Manche {0}", card_points: "Points des cartes",
    last_trick_bonus: "Dernier pli", match: "Match", weis: "Weis", stoeck: "Stöck", sum: "Somme", factor: "Facteur",
    written: "Inscrit", totals: "Total", next_round: "Manche suivante", rematch: "Revanche",
    block: { claim: "sur une annonce juste", false_claim: "après une annonce fausse" },
    hand_over: "Passez l'appareil à {0}.", i_am: "Je suis {0} : voir mes cartes", no_games: "Aucune partie à reprendre.",
    playing: "en cours", over: "terminée", strongest_first: "De la plus forte à la plus faible ; le nombre sous la carte est sa valeur.",
    all_suits: "toutes les couleurs", plain_suits: "autres couleurs", trump_suit: "atout",
    record: "Télécharger la partie", winner_trick: "{0} a pris ({1} points)",
    declare_stoeck: "Stöck", stoeck_note: "Annoncer le Stöck avec la prochaine carte", team_with: "{0} & {1}",
    weis_choose: "Quel Weis annoncez-vous ?", weis_declare: "Annoncer", weis_best: "meilleur Weis {0}",
    you: "Vous", player: "Joueur {0}",
    schneider: "Schneider", info_dealer: "Donneur : {0}", info_forehand: "Main : {0}",
    loading: "Chargement…", difficulty: { easy: "facile", medium: "moyen", strong: "fort", heuristic: "heuristique" },
    review: "Analyse à cartes ouvertes", review_wait: "L'ordinateur rejoue la manche à cartes ouvertes…",
    review_summary: "Jeu parfait à cartes ouvertes : {0}. Joué : {1}.", review_none: "Personne n'a cédé de point.",
    review_cost: "Pli {0} : {1} a joué {2} et a cédé {3} (mieux : {4})", review_failed: "Pas d'analyse : {0}",
    review_note: "Points des cartes, dernier pli et match ; le Weis et le Stöck ne dépendent pas du jeu.",
    fair_commit: "Donnes fixées avant la première carte : SHA-256 {0}", fair_chosen: "graine choisie au départ",
    fair_title: "SHA-256 de puur-seed-v1:SEL:GRAINE = {0}. La graine et le sel s'affichent à la fin de la partie.",
    fair_seed: "Graine {0} : vérifiez la partie téléchargée avec puur verify", fair_salt: "sel {0}, SHA-256 {1}",
    multiplier_names: { common: "Courante (Undenufe ×4)", both3: "Obenabe et Undenufe ×3", ascending: "Croissante 1–6", classic: "Classique (Rosen et Schellen ×2)", online: "En ligne (Eicheln et Schilten ×2, ×3 ×3)" },
    errors: { 401: "La clé de cette place n'est pas valable ici", 403: "La clé de cette place n'est pas valable ici", 404: "Cette partie n'existe plus sur le serveur", 409: "Ce n'est pas possible maintenant", 422: "Le serveur n'a pas compris la demande", 429: "Trop de nouvelles parties : réessayez dans un instant", other: "Le serveur ne répond pas" },
    review_unavailable: "L'ordinateur n'a pas pu analyser cette manche", your_hand: "Votre main", in_parens: "({0})", brand: "Puur", lang_en: "English", lang_de: "Deutsch", lang_fr: "Français", obenabe: "Obenabe", undenufe: "Undenufe",
    trump_is: "Atout : {0}", cards_n: "{0} cartes", not_playable: "{0} — injouable", why_card: "{0} : {1}",
    why: { not_in_hand: "{card} n'est pas dans votre main", follow_suit: "vous devez fournir {suit} : vous avez {held}",
      trump_led: "atout ({suit}) demandé et vous avez de l'atout : vous devez jouer atout",
      overtrump: "vous devez surcouper {high} : vous avez un atout plus fort",
      trump_only_when_void: "vous devez fournir {suit} (vous avez {held}) ; vous ne pouvez couper que si vous ne pouvez pas fournir",
      undertrump: "{card} sous-couperait {high} : interdit tant que vous avez d'autres cartes",
      not_your_turn: "ce n'est pas votre tour : {seat} joue", match_over: "la partie est terminée",
      no_contract: "le contrat n'est pas encore choisi", round_over: "la manche est terminée", illegal: "cette carte n'est pas jouable maintenant" },
    result_you: "{0} et vous avez gagné {1} à {2}", result_them: "{0} et {1} ont gagné {2} à {3}",
    review_cost_you: "Pli {0} : vous avez joué {1} et cédé {2} (mieux : {3})",
    round_title: "Manche {0} — {1} ×{2}", round_title_plain: "Manche {0}", target_line: "Objectif {0} · Manches : {1}",
    info_contract: "Contrat : {0} ×{1}", points_line: "Points des cartes : {0} {1} · {2} {3}", announced_list: "Weis annoncé : {0}",
    shown_list: "Weis montré : {0}", stoeck_line: "Stöck : {0} 20", stoeck_said: "Stöck ! 20", weis_pts: "Weis {0}",
    weis_option: "{0} : {1} ({2})", rules_head: "{0} · facteur ×{1}", computer_n: "Ordinateur {0}", sheet: "Manches",
    prev_round: "Manche précédente", next_round_view: "Manche suivante", seat_card: "{0} : {1}",
    resume_item: "{0} — {1} : {2} / {3} ({4}, {5}) {6}", refused: "La connexion a été refusée",
    presets: { schieber: "Schieber", classic: "Classique", schweizer: "Schweizer", online: "En ligne", jasvel: "Jasvel" },
  },
};
const COMPUTER_NAMES = ["Ueli", "Vreni", "Kari"];

const $ = (id) => document.getElementById(id);
// The first visit speaks the browser's language (de-CH, fr-CH, ...) where the page has it; English otherwise.
function browserLang() {
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const k = String(l).slice(0, 2).toLowerCase();
    if (I18N[k]) return k;
  }
  return "en";
}
const prefs = Object.assign({ deck: "swiss", lang: browserLang() }, JSON.parse(localStorage.getItem("puur.prefs") || "{}"));
const params = new URLSearchParams(location.search);
const PACE = params.has("pace") ? Math.max(0, Number(params.get("pace")) || 0) : 400;

const S = {
  gameId: null, tokens: {}, seat: null, view: null, ws: null, wsOpen: false, queue: [], blocked: false,
  stoeck: false, options: null, retry: null, covered: false,
};

function t(key, ...args) {
  let s = (I18N[prefs.lang] || I18N.en)[key];
  if (s === undefined) s = I18N.en[key];
  if (typeof s === "string") args.forEach((a, i) => { s = s.replace(`{${i}}`, a); });
  return s;
}
function savePrefs() { localStorage.setItem("puur.prefs", JSON.stringify(prefs)); }
function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
    else if (k === "style") e.style.cssText = v; // through the CSSOM: the page's CSP refuses style attributes
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else if (v !== false && v != null) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of kids) if (c != null) e.append(c);
  return e;
}

// ----- stored games (tokens only ever leave the page in the Authorization header) -----
function storedGames() { return JSON.parse(localStorage.getItem("puur.games") || "{}"); }
function storeGame(id, tokens) {
  const all = storedGames(); all[id] = { tokens, saved: Date.now() };
  localStorage.setItem("puur.games", JSON.stringify(all));
  localStorage.setItem("puur.current", id);
}

async function api(path, { method = "GET", body, token } = {}) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await r.json(); } catch (_) { data = null; }
  if (!r.ok) {
    let msg = data && data.detail;
    if (Array.isArray(msg)) msg = msg.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
    const err = new Error(msg || `HTTP ${r.status}`); err.status = r.status; throw err;
  }
  return data;
}

// ----- names -----
const cardName = (code) => PuurCards.cardName(code, prefs.deck, prefs.lang);
function contractName(code) {
  if ("CDHS".includes(code)) return PuurCards.suitName(code, prefs.deck, prefs.lang);
  return t(code === "O" ? "obenabe" : "undenufe");
}
// A name the page or the server gave by default ("You", "Spieler 2", "Computer 3") reads in the page's
// language; a name a player typed stays as typed.
function localName(name) {
  for (const table of Object.values(I18N)) {
    if (name === table.you) return t("you");
    for (const key of ["player", "computer_n"]) {
      const m = new RegExp(`^${table[key].replace("{0}", "(\\d+)")}$`).exec(name);
      if (m) return t(key, m[1]);
    }
  }
  return name;
}
function seatName(seat) { return localName(S.view ? S.view.names[seat] : S.names ? S.names[seat] : String(seat)); }
function teamName(team) { return t("team_with", seatName(team), seatName(team + 2)); }
const rel = (seat) => (seat - S.seat + 4) % 4;
function localize(text) { // card codes in the engine's reasons read in the chosen deck
  return String(text).replace(/\b([CDHS](?:10|[6-9JQKA]))\b/g, (m) => cardName(m));
}

// ----- rendering -----
function render() {
  const v = S.view;
  if (!v) return;
  document.documentElement.lang = prefs.lang;
  loadRules(v.profile);
  renderSeats(v); renderTrick(v); renderBanner(v); renderChoose(v); renderHand(v); renderStatus(v); renderScore(v);
  if (S.roundShown) renderInfoRound(S.roundShown); else renderInfo(v);
  $("btn-last").disabled = !(v.tricks.length || v.previous_trick);
  $("btn-sheet").disabled = !v.sheet.rounds.length;
}

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
    box.append(h("div", { class: "seat-name" }, h("span", { class: "name", text: seatName(seat) }), badges));
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

function trickCards(v) {
  if (S.finalTrick) return { cards: S.finalTrick.cards, done: true, winner: S.finalTrick.winner };
  if (v.trick.length) return { cards: v.trick, done: false, winner: null };
  if (v.tricks.length) {
    const last = v.tricks[v.tricks.length - 1];
    return { cards: last.cards.map((c, i) => [(last.leader + i) % 4, c]), done: true, winner: last.winner };
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
    slot.append(c);
  });
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
  b.append(title, h("span", { class: "factor", text: `×${v.factor}` }));
  const who = v.pushed ? `${t("chosen_by", seatName(v.chooser))} · ${t("pushed_by", seatName(v.forehand))}` : t("chosen_by", seatName(v.chooser));
  b.append(h("span", { class: "who", text: who }));
}

function renderChoose(v) {
  const box = $("choose");
  const mine = v.phase === "contract" && v.to_act === S.seat && !S.covered;
  box.hidden = !mine;
  if (!mine) return;
  $("choose-title").textContent = v.pushed ? t("choose_after_push", seatName(v.forehand)) : t("choose_contract");
  const suits = $("choose-suits"), other = $("choose-other");
  suits.replaceChildren(); other.replaceChildren();
  for (const a of v.legal_actions) {
    if ("CDHS".includes(a)) {
      suits.append(h("button", { type: "button", class: "contract-btn", "data-action": a, onclick: () => act(a) },
        PuurCards.suitIcon(a, prefs.deck, 30), h("span", { text: contractName(a) })));
    } else {
      const label = a === "P" ? t("schieben") : contractName(a);
      other.append(h("button", { type: "button", class: "contract-btn" + (a === "P" ? " push" : ""), "data-action": a,
        onclick: () => act(a) }, h("span", { text: label })));
    }
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
  return { trump: ranks("trump"), plain: ranks("plain") || ranks("all") };
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
  const cache = JSON.parse(localStorage.getItem("puur.rules") || "{}");
  if (cache[key]) { S.rules = cache[key]; return; }
  try {
    const rules = await api("/table/rules", { method: "POST", body: { profile } });
    localStorage.setItem("puur.rules", JSON.stringify({ [key]: rules })); // the latest profile only
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
  buttons.sort((a, b) => order.indexOf(a.dataset.card) - order.indexOf(b.dataset.card));
  hand.append(...buttons);
}

function renderHand(v) {
  const hand = $("hand");
  hand.replaceChildren();
  const strict = v.profile.stoeck === "strict";
  $("btn-stoeck").hidden = !(strict && v.phase === "play" && !S.covered && v.hand.length > 0);
  $("btn-stoeck").setAttribute("aria-pressed", String(S.stoeck));
  if (S.covered) return;
  const myTurn = v.to_act === S.seat && v.phase === "play";
  const cards = sortHand(v.hand, v.contract);
  cards.forEach((code, i) => {
    const legal = myTurn && v.legal_actions.includes(code);
    const cls = "card" + (myTurn ? (legal ? " legal" : " dimmed") : "");
    const label = myTurn && !legal ? t("not_playable", cardName(code)) : cardName(code);
    const b = h("button", { type: "button", class: cls, "data-card": code, "aria-label": label, style: `--i:${i};--n:${cards.length}`,
      onclick: () => (legal ? act(code) : why(code)) });
    b.append(PuurCards.face(code, prefs.deck));
    hand.append(b);
  });
}

function renderStatus(v) {
  const st = $("status");
  let text = "";
  if (v.status === "over") { st.replaceChildren(...resultParts(v).map((x) => h("span", { text: x }))); return; }
  if (v.to_act === S.seat) text = v.phase === "contract" ? "" : t("your_turn");
  else if (v.to_act !== null) text = v.phase === "contract" ? t("is_choosing", seatName(v.to_act)) : t("is_playing", seatName(v.to_act));
  st.textContent = text;
}

// The result in plain words ("Vreni and you won 2535 to 1793"); a claim and a Schneider said after it.
function resultParts(v) {
  const r = v.result || v.sheet.result;
  if (!r) return [];
  const win = r.scores[r.winner], lose = r.scores[1 - r.winner];
  const seats = [r.winner, r.winner + 2];
  const mine = seats.indexOf(S.seat);
  const parts = [mine >= 0 && v.human_seats.length === 1 ? t("result_you", seatName(seats[1 - mine]), win, lose)
    : t("result_them", seatName(seats[0]), seatName(seats[1]), win, lose)];
  if (r.reason === "claim" || r.reason === "false_claim") parts.push(t("block")[r.reason]);
  if (r.schneider) parts.push(t("schneider"));
  return parts;
}

function renderScore(v) {
  const tbl = $("score-table");
  tbl.replaceChildren(
    h("tr", {}, h("th", { text: "" }), h("th", { text: teamName(0) }), h("th", { text: teamName(1) })),
    h("tr", { class: "totals" }, h("td", { text: t("totals") }), h("td", { text: v.sheet.totals[0], "data-team": 0 }), h("td", { text: v.sheet.totals[1], "data-team": 1 })),
  );
  $("target").textContent = t("target_line", v.target, v.sheet.rounds.length);
  renderFair(v);
  const tafel = $("tafel");
  tafel.replaceChildren();
  for (const team of [0, 1]) {
    const col = h("div", { class: "tafel-col" }, h("div", { class: "tafel-name", text: teamName(team) }));
    if (typeof drawChalk === "function") col.append(drawChalk(v.sheet.marks[team], { label: `${teamName(team)}: ${v.sheet.totals[team]}` })); // eslint-disable-line no-undef
    tafel.append(col);
  }
}

// The provably fair deal (puur.fairness): the commitment from the first card (short, the full value in
// the title), the seed once the match is over, to check the record with `puur verify`.
function renderFair(v) {
  const el = $("fair"), f = v.fair_deal;
  el.hidden = !(f && f.commitment);
  if (el.hidden) return;
  const chosen = f.seed_source === "chosen" ? h("span", { text: t("in_parens", t("fair_chosen")) }) : null;
  if (f.seed === null) {
    el.replaceChildren(h("span", { text: t("fair_commit", `${f.commitment.slice(0, 12)}…`) }), " ", chosen || "");
    el.title = t("fair_title", f.commitment);
  } else {
    el.replaceChildren(h("span", { text: t("fair_seed", f.seed) }), " ", chosen || "");
    el.title = t("fair_salt", f.salt, f.commitment);
  }
}

function renderInfo(v) {
  const box = $("info");
  box.replaceChildren(
    h("h2", { text: t("round", v.round_number) }),
    h("p", { text: t("info_dealer", seatName(v.dealer)) }),
    h("p", { text: t("info_forehand", seatName(v.forehand)) }),
  );
  if (v.contract) {
    box.append(h("p", { text: t("info_contract", contractName(v.contract), v.factor) }));
    if (v.pushed) box.append(h("p", { text: t("pushed_by", seatName(v.forehand)) }));
    box.append(h("p", { text: t("chosen_by", seatName(v.chooser)) }));
  }
  if (v.weis.announced.length) box.append(h("p", { text: t("announced_list", v.weis.announced.map(([s, p]) => `${seatName(s)} ${p}`).join(", ")) }));
  if (v.weis.shown.length) box.append(h("p", { text: t("shown_list", v.weis.shown.map(([s, ms]) => `${seatName(s)} ${ms.reduce((a, m) => a + m.points, 0)}`).join(", ")) }));
  if (v.stoeck) box.append(h("p", { text: t("stoeck_line", seatName(v.stoeck.seat)) }));
  if (v.phase === "play") box.append(h("p", { id: "card-points", text: t("points_line", teamName(0), v.round_points[0], teamName(1), v.round_points[1]) }));
}

// Behind the round's breakdown the side shows that round as written, not the points before its last trick.
function renderInfoRound(r) {
  const s = r.score || r;
  $("info").replaceChildren(
    h("h2", { text: t("round", r.number) }),
    h("p", { text: t("info_contract", contractName(r.contract), s.factor) }),
    h("p", { id: "card-points", text: t("points_line", teamName(0), s.card_points[0] + s.last_trick[0], teamName(1), s.card_points[1] + s.last_trick[1]) }));
}

// ----- acting -----
let toastTimer = null;
function toast(text) {
  const el = $("toast");
  el.textContent = localize(text); el.hidden = false;
  clearTimeout(toastTimer); toastTimer = setTimeout(() => { el.hidden = true; }, 4000);
}
function errorText(e) {
  if (e && e.message) console.warn(e.message); // the server's own words, for whoever looks
  const texts = t("errors");
  return texts[e && e.status] || texts.other;
}
function hideToast() { clearTimeout(toastTimer); $("toast").hidden = true; }

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

async function act(action) {
  const body = { action };
  if (S.view) body.seq = S.view.seq; // the state this action was chosen on: the server refuses it (409 stale) once the game moved on
  const weis = /^[CDHS](10|[6-9JQKA])$/.test(action) ? await chooseWeis(S.view) : [];
  if (weis.length) body.declare = weis;
  if (S.stoeck && !"CDHSOUP".includes(action)) body.declare = [...(body.declare || []), "stoeck"];
  if (!("CDHSOUP".includes(action))) { S.stoeck = false; }
  hideToast(); // a "why" about the hand before this action no longer holds
  disableInput();
  try {
    const view = await api(`/games/${S.gameId}/actions`, { method: "POST", body, token: S.tokens[S.seat] });
    if (!S.wsOpen) applyView(view, null);
    else {
      clearTimeout(S.fallback);
      S.fallback = setTimeout(() => { if (S.view && S.view.seq < view.seq && !S.blocked && !S.queue.length) applyView(view, null); }, 4000 + 60 * PACE);
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
    if (!r.legal) toast(t("why_card", cardName(code), whyText(r)));
  } catch (e) { toast(errorText(e)); }
}
function whyText(r) {
  const texts = t("why");
  const p = r.params || {};
  const words = {
    card: p.card ? cardName(p.card) : "", high: p.high ? cardName(p.high) : "", held: (p.held || []).map(cardName).join(", "),
    suit: p.suit ? PuurCards.suitName(p.suit, prefs.deck, prefs.lang) : "", seat: p.seat != null ? seatName(p.seat) : "",
  };
  return (texts[r.code] || texts.illegal).replace(/\{(\w+)\}/g, (m, k) => words[k]);
}

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
      round_points: r ? [0, 1].map((k) => (r.score || r).card_points[k] + (r.score || r).last_trick[k]) : prev.round_points,
    });
    render();
    S.blocked = true;
    setTimeout(() => { S.view = view; roundDialog(view); }, PACE ? Math.max(900, 2 * PACE) : 50);
    return;
  }
  S.view = view;
  S.finalTrick = null;
  afterView();
  if (!sameGame && unseenRound(view)) { S.blocked = true; roundDialog(view); } // a reload while it was open
}

// The round's last trick as the server recorded it: the view's previous_trick once the next round is dealt,
// the last of its tricks when the match is over; else what the page saw played.
function finalTrick(prev, view, ev) {
  const last = view.status === "over" && view.round_number === prev.round_number ? view.tricks[view.tricks.length - 1] : view.previous_trick;
  if (last && (!ev || last.cards.includes(ev.action))) return { cards: last.cards.map((c, i) => [(last.leader + i) % 4, c]), winner: last.winner };
  const cards = prev.trick.map((x) => [x[0], x[1]]);
  if (ev && /^[CDHS]/.test(ev.action) && cards.length < 4) cards.push([ev.seat, ev.action]);
  return { cards, winner: null };
}

// Which rounds' breakdown this device has closed (localStorage), so a reload shows one still open again.
function seenRounds() { return JSON.parse(localStorage.getItem("puur.seen") || "{}"); }
function unseenRound(v) { return v.sheet.rounds.length > (seenRounds()[v.game_id] || 0); }
function markSeen(v) { const all = seenRounds(); all[v.game_id] = v.sheet.rounds.length; localStorage.setItem("puur.seen", JSON.stringify(all)); }

function afterView() {
  const v = S.view;
  const humans = v.human_seats;
  S.covered = v.status === "playing" && v.to_act !== null && humans.includes(v.to_act) && v.to_act !== S.seat;
  if (S.covered) cover(v.to_act); else $("cover").hidden = true;
  render();
}

function cover(seat) {
  $("cover-text").textContent = t("hand_over", seatName(seat));
  const btn = $("cover-btn");
  btn.textContent = t("i_am", seatName(seat));
  btn.onclick = () => { $("cover").hidden = true; S.covered = false; S.seat = seat; S.view = null; connect(); };
  $("cover").hidden = false;
}

function pump() {
  if (S.blocked || !S.queue.length) return;
  const msg = S.queue.shift();
  applyView(msg.view, msg);
  if (S.queue.length && !S.blocked) setTimeout(pump, PACE);
}

function connect() {
  if (S.ws) { S.ws.onclose = null; S.ws.close(); }
  S.queue = []; S.wsOpen = false;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/v1/games/${S.gameId}/live?pace=${PACE}`);
  S.ws = ws;
  ws.onopen = () => ws.send(JSON.stringify({ token: S.tokens[S.seat] }));
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "hello") { S.wsOpen = true; S.queue = []; if (!S.blocked) { S.view = null; applyView(msg.view, null); } else S.pendingHello = msg.view; }
    else if (msg.type === "event") { S.queue.push(msg); pump(); }
  };
  ws.onclose = (e) => {
    S.wsOpen = false;
    if (S.ws !== ws) return;
    if (e.code === 4403 || e.code === 4404 || e.code === 4401) { toast(t("refused")); return; }
    clearTimeout(S.retry);
    S.retry = setTimeout(connect, 1000); // the server restarted or the network blinked: resume
  };
}

// ----- dialogs -----
function openDialog(d) { if (!d.open) d.showModal(); }
function closeDialog(d) { if (d.open) d.close(); }

// The breakdown of a round on the sheet (the last one when it has just been written). ``browse``: opened
// from the score panel to look at any round; only then does it not hold up the game.
function roundDialog(v, index = v.sheet.rounds.length - 1, browse = false) {
  const d = $("dlg-round");
  const rounds = v.sheet.rounds;
  const r = rounds[index];
  S.roundDialog = { index, browse };
  if (!browse && index === rounds.length - 1) { S.roundShown = r; renderScore(v); renderInfoRound(r); } // the side shows the round just written
  const s = r.score || r; // the round's parts before the factor
  $("round-title").textContent = r.contract ? t("round_title", r.number, contractName(r.contract), s.factor) : t("round_title_plain", r.number);
  const raw = s.raw || [0, 1].map((k) => s.card_points[k] + s.last_trick[k] + s.match[k] + s.weis[k] + s.stoeck[k]);
  const row = (label, key, vals) => h("tr", { "data-row": key }, h("th", { text: label }),
    h("td", { text: vals[0], "data-team": 0 }), h("td", { text: vals[1], "data-team": 1 }));
  const table = h("table", { class: "breakdown", id: "breakdown", "data-round": r.number },
    h("tr", {}, h("th", { text: "" }), h("th", { text: teamName(0) }), h("th", { text: teamName(1) })),
    row(t("card_points"), "card_points", s.card_points), row(t("last_trick_bonus"), "last_trick", s.last_trick),
    row(t("match"), "match", s.match), row(t("weis"), "weis", s.weis), row(t("stoeck"), "stoeck", s.stoeck),
    row(t("sum"), "raw", raw), row(t("factor"), "factor", [`×${s.factor}`, `×${s.factor}`]),
    row(t("written"), "written", r.written), row(t("totals"), "totals", r.totals));
  const body = $("round-body");
  const nav = h("div", { class: "round-nav" },
    h("button", { type: "button", id: "round-prev", "aria-label": t("prev_round"), title: t("prev_round"), disabled: index === 0,
      onclick: () => roundDialog(v, index - 1, browse), text: "‹" }),
    h("button", { type: "button", id: "round-next", "aria-label": t("next_round_view"), title: t("next_round_view"),
      disabled: index === rounds.length - 1, onclick: () => roundDialog(v, index + 1, browse), text: "›" }));
  body.replaceChildren(nav, table);
  const buttons = $("round-buttons");
  buttons.replaceChildren();
  const review = h("button", { type: "button", id: "btn-review", text: t("review") });
  review.onclick = () => { review.disabled = true; showReview(S.gameId, r.number, body); };
  buttons.append(review);
  const last = index === rounds.length - 1;
  if (browse) {
    const close = () => { S.reviewing = null; S.roundDialog = null; closeDialog(d); };
    if (last && v.status === "over") body.append(h("p", { class: "result", id: "result" }, ...resultParts(v).map((x) => h("span", { text: x }))));
    buttons.append(h("button", { type: "button", class: "primary", id: "btn-round-close", onclick: close, text: t("close") }));
    d.oncancel = (e) => { e.preventDefault(); close(); };
    openDialog(d);
    buttons.lastChild.focus();
    return;
  }
  const done = () => {
    S.reviewing = null; S.roundDialog = null; S.roundShown = null; markSeen(v); closeDialog(d); S.blocked = false; S.finalTrick = null;
    if (S.pendingHello) { const pv = S.pendingHello; S.pendingHello = null; S.view = null; applyView(pv, null); } else afterView();
    pump();
  };
  if (v.status === "over") {
    body.append(h("p", { class: "result", id: "result" }, ...resultParts(v).map((x) => h("span", { text: x }))));
    buttons.append(
      h("button", { type: "button", id: "btn-record", onclick: downloadRecord, text: t("record") }),
      h("button", { type: "button", id: "btn-rematch", onclick: () => { done(); rematch(); }, text: t("rematch") }),
      h("button", { type: "button", class: "primary", onclick: done, text: t("close") }));
  } else {
    const next = h("button", { type: "button", class: "primary", id: "btn-next", onclick: done, text: t("next_round") });
    buttons.append(next);
  }
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

async function downloadRecord() {
  try {
    // the text as the server wrote it: JSON.parse would round a 64-bit seed, and `puur verify` would fail
    const r = await fetch(`/api/v1/games/${S.gameId}/record`, { headers: { Authorization: `Bearer ${S.tokens[S.seat]}` } });
    if (!r.ok) throw new Error((await r.json().catch(() => null) || {}).detail || `HTTP ${r.status}`);
    const a = h("a", { href: URL.createObjectURL(new Blob([await r.text()], { type: "application/json" })), download: `puur-${S.gameId}.json` });
    document.body.append(a); a.click(); a.remove();
  } catch (e) { toast(errorText(e)); }
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

function showLastTrick() {
  const v = S.view; if (!v) return;
  const last = v.tricks.length ? v.tricks[v.tricks.length - 1] : v.previous_trick;
  if (!last) return;
  const cards = last.cards.map((c, i) => [(last.leader + i) % 4, c]), winner = last.winner, points = last.points;
  const body = $("last-body");
  const row = h("div", { class: "last-trick" });
  for (const [seat, code] of cards) {
    const c = h("figure", { class: "last-card" + (seat === winner ? " winner" : "") });
    c.append(PuurCards.face(code, prefs.deck), h("figcaption", { text: seatName(seat) }));
    row.append(c);
  }
  body.replaceChildren(row);
  if (winner !== null) body.append(h("p", { text: t("winner_trick", seatName(winner), points) }));
  openDialog($("dlg-last"));
}

async function showRules() {
  const d = $("dlg-rules");
  const body = $("rules-body");
  body.replaceChildren(h("p", { text: t("loading") }));
  openDialog(d);
  const profile = S.view ? S.view.profile : setupProfile();
  try {
    const r = await api("/table/rules", { method: "POST", body: { profile } });
    const preset = r.profile.preset;
    body.replaceChildren(h("p", { class: "note", text: preset ? (t("presets")[preset] || preset) : "" }), h("p", { class: "note", text: t("strongest_first") }));
    for (const c of r.contracts) {
      const sec = h("section", { class: "rules-contract", "data-contract": c.code });
      const head = h("h3", {});
      if ("CDHS".includes(c.code)) head.append(PuurCards.suitIcon(c.code, prefs.deck, 20), " ");
      head.append(h("span", { text: t("rules_head", contractName(c.code), c.factor) }));
      sec.append(head);
      for (const o of c.orders) {
        const label = o.label === "trump" ? t("trump_suit") : o.label === "plain" ? t("plain_suits") : t("all_suits");
        const row = h("div", { class: "rules-row" }, h("span", { class: "rules-label", text: label }));
        o.cards.forEach((code, i) => {
          const f = h("figure", { class: "rules-card" });
          f.append(PuurCards.face(code, prefs.deck), h("figcaption", { text: String(o.points[i]) }));
          row.append(f);
        });
        sec.append(row);
      }
      body.append(sec);
    }
  } catch (e) { body.replaceChildren(h("p", { text: errorText(e) })); }
}

async function showResume() {
  const body = $("resume-body");
  body.replaceChildren(h("p", { text: t("loading") }));
  openDialog($("dlg-resume"));
  const all = storedGames();
  const tokens = Object.values(all).flatMap((g) => Object.values(g.tokens));
  try {
    const r = await api("/games/lookup", { method: "POST", body: { tokens } });
    const seen = new Set();
    const list = h("ul", { class: "resume-list" });
    for (const g of r.games) {
      if (seen.has(g.game_id)) continue; seen.add(g.game_id);
      const label = t("resume_item", g.names.map(localName).join(", "), g.scores[0], g.scores[1], g.target,
        t("presets")[g.profile] || g.profile, t(g.status), new Date(g.updated * 1000).toLocaleString(prefs.lang));
      list.append(h("li", {}, h("button", { type: "button", class: "resume-game", "data-game": g.game_id,
        onclick: () => { closeDialog($("dlg-resume")); start(g.game_id, all[g.game_id].tokens); }, text: label })));
    }
    body.replaceChildren(seen.size ? list : h("p", { text: t("no_games") }));
  } catch (e) { body.replaceChildren(h("p", { text: errorText(e) })); }
}

// ----- new game -----
async function loadOptions() {
  if (!S.options) S.options = await api("/table/options");
  return S.options;
}

function setupProfile() {
  const preset = $("set-profile").value || "schieber";
  const o = { preset };
  if ($("set-target").value) o.target = Number($("set-target").value);
  if ($("set-mult").value) o.multipliers = $("set-mult").value;
  return o;
}

async function openSetup() {
  const o = await loadOptions();
  const prof = $("set-profile");
  if (!prof.options.length) {
    for (const name of Object.keys(o.presets)) prof.append(h("option", { value: name, "data-preset": name, text: t("presets")[name] || name }));
    for (const name of Object.keys(o.multiplier_tables)) {
      const tbl = o.multiplier_tables[name];
      $("set-mult").append(h("option", { value: name, title: Object.entries(tbl).map(([k, x]) => `${k}${x}`).join(" "), text: t("multiplier_names")[name] || name }));
    }
    prof.onchange = presetChanged;
    buildSeatRows();
  }
  const strength = $("set-strength");
  strength.replaceChildren();
  for (const [k, spec] of Object.entries(o.strengths)) strength.append(h("option", { value: spec, "data-level": k, text: `${t("difficulty")[k] || k}` }));
  if (prefs.strength) strength.value = prefs.strength;
  if (prefs.profile) prof.value = prefs.profile;
  presetChanged();
  $("set-deck").value = prefs.deck; $("set-lang").value = prefs.lang;
  translate();
  openDialog($("dlg-setup"));
}

// The setup's texts that are built, not tagged with data-i18n: strengths, profiles, seats, names offered.
function relabelSetup() {
  for (const opt of $("set-strength").options) opt.textContent = t("difficulty")[opt.dataset.level] || opt.dataset.level;
  for (const opt of $("set-profile").options) opt.textContent = t("presets")[opt.value] || opt.value;
  for (const opt of $("set-mult").options) opt.textContent = t("multiplier_names")[opt.value] || opt.value;
  for (let seat = 0; seat < 4 && $(`seat-kind-${seat}`); seat++) {
    const kind = $(`seat-kind-${seat}`), name = $(`seat-name-${seat}`);
    kind.setAttribute("aria-label", t("pos")[seat]);
    kind.options[0].textContent = t("human"); kind.options[1].textContent = t("computer");
    name.setAttribute("aria-label", `${t("name")} ${t("pos")[seat]}`);
    if (seat === 0) name.placeholder = t("you");
    $("seats-setup").children[seat].querySelector(".seat-pos").textContent = t("pos")[seat];
  }
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

function presetChanged() {
  const p = S.options.presets[$("set-profile").value];
  const tgt = $("set-target");
  tgt.replaceChildren(...p.targets_offered.map((x) => h("option", { value: x, text: x })));
  tgt.value = p.target;
  $("set-mult").value = p.multipliers;
}

function buildSeatRows() {
  const box = $("seats-setup");
  box.replaceChildren();
  for (let seat = 0; seat < 4; seat++) {
    const kind = h("select", { id: `seat-kind-${seat}`, "aria-label": `${t("pos")[seat]}` },
      h("option", { value: "human", text: t("human") }), h("option", { value: "computer", text: t("computer") }));
    kind.value = seat === 0 ? "human" : "computer";
    const name = h("input", { type: "text", id: `seat-name-${seat}`, maxlength: 24, "aria-label": `${t("name")} ${t("pos")[seat]}`,
      placeholder: seat === 0 ? t("you") : COMPUTER_NAMES[seat - 1] });
    box.append(h("div", { class: "seat-row" }, h("span", { class: "seat-pos", text: t("pos")[seat] }), kind, name));
  }
}

async function submitSetup(e) {
  e.preventDefault();
  const strength = $("set-strength").value;
  const seats = [], names = [];
  const humans = [0, 1, 2, 3].filter((s) => $(`seat-kind-${s}`).value === "human");
  for (let s = 0; s < 4; s++) {
    const human = humans.includes(s);
    seats.push(human ? "human" : strength);
    const typed = $(`seat-name-${s}`).value.trim();
    names.push(typed || (human ? (humans.length === 1 ? t("you") : t("player", humans.indexOf(s) + 1)) : COMPUTER_NAMES[(s + 2) % 3]));
  }
  prefs.strength = strength; prefs.profile = $("set-profile").value;
  setPrefs({ deck: $("set-deck").value, lang: $("set-lang").value });
  try {
    const r = await api("/games", { method: "POST", body: { profile: setupProfile(), seats, names, deck: prefs.deck, lang: prefs.lang } });
    closeDialog($("dlg-setup"));
    start(r.game_id, r.tokens);
  } catch (err) { toast(errorText(err)); }
}

function start(gameId, tokens) {
  storeGame(gameId, tokens);
  S.gameId = gameId; S.tokens = tokens; S.view = null; S.blocked = false; S.queue = []; S.finalTrick = null; S.roundShown = null;
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

// ----- page setup -----
function translate() {
  document.documentElement.lang = prefs.lang;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  $("btn-stoeck").title = t("stoeck_note");
  $("hand").setAttribute("aria-label", t("your_hand"));
  if (S.options && $("seats-setup").children.length) relabelSetup();
}

function init() {
  $("sel-deck").value = prefs.deck; $("sel-lang").value = prefs.lang;
  for (const id of ["sel-deck", "set-deck"]) $(id).onchange = (e) => setPrefs({ deck: e.target.value });
  for (const id of ["sel-lang", "set-lang"]) $(id).onchange = (e) => setPrefs({ lang: e.target.value });
  $("btn-sheet").onclick = () => { if (S.view && S.view.sheet.rounds.length) roundDialog(S.view, S.view.sheet.rounds.length - 1, true); };
  $("btn-new").onclick = openSetup;
  $("btn-resume").onclick = showResume;
  $("btn-last").onclick = showLastTrick;
  $("btn-rules").onclick = showRules;
  $("btn-stoeck").onclick = () => { S.stoeck = !S.stoeck; $("btn-stoeck").setAttribute("aria-pressed", String(S.stoeck)); };
  $("setup-form").onsubmit = submitSetup;
  $("setup-cancel").onclick = () => closeDialog($("dlg-setup"));
  for (const b of document.querySelectorAll("[data-close]")) b.onclick = () => closeDialog(b.closest("dialog"));
  $("hand").addEventListener("keydown", (e) => { // arrows move along the hand
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    const cards = [...$("hand").querySelectorAll("button")];
    const i = cards.indexOf(document.activeElement);
    if (i < 0) return;
    const j = Math.max(0, Math.min(cards.length - 1, i + (e.key === "ArrowRight" ? 1 : -1)));
    cards[j].focus(); e.preventDefault();
  });
  translate();
  const current = localStorage.getItem("puur.current");
  const all = storedGames();
  if (current && all[current]) start(current, all[current].tokens);
  else openSetup();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
