// The Puur table: a page over the game API (/api/v1/games). It knows no rule: legal cards, reasons,
// scores and what each seat may see all come from the server. Tokens stay in localStorage, so a reload
// resumes; in pass-and-play the page holds every human seat's token but fetches only the acting seat's
// view, after the device has been handed over.
"use strict";

const I18N = {
  en: {
    new_game: "New game", resume: "Resume", last_trick: "Last trick", rules: "Rules", deck: "Deck", language: "Language",
    deck_swiss: "Swiss", deck_french: "French", tools: "Scoreboards", score: "Score", profile: "Rule profile", target: "Target",
    multipliers: "Multiplier table", strength: "Opponents' strength", who_plays: "Who plays (partners sit opposite)",
    cancel: "Cancel", start: "Start", close: "Close", human: "Human", computer: "Computer", name: "Name",
    pos: ["bottom (you)", "right", "top (partner)", "left"], dealer: "Dealer", forehand: "Forehand", trump: "Trump",
    chosen_by: "chosen by {0}", pushed_by: "pushed by {0}", choose_contract: "Choose the contract",
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
    name_refused: { name_characters: "A name may not hold control, invisible or direction characters", name_blank: "A name needs a letter or a digit", name_reserved: "“{0}” is what the table calls a seat: choose another name", name_taken: "“{0}” is another seat's name at this table: choose another" },
    errors: { 401: "This seat's key is not valid here", 403: "This seat's key is not valid here", 404: "This game is no longer on the server", 409: "That is not possible now", 422: "The server did not understand the request", 429: "Too many new games: try again in a moment", other: "The server did not answer" },
    review_unavailable: "The computer could not review this round", your_hand: "Your hand", aria_table: "Table", aria_trick: "Trick", aria_menu: "Table menu", name_at: "Name, {0}", extra_contracts: "Slalom and Guschti", trick_direction: "This trick: {0}",
    extra_names: { none: "not played", slalom: "Slalom", guschti: "Guschti", slalom_guschti: "Slalom and Guschti" },
    slalom_names: { SLO: "Slalom, Obenabe first", SLU: "Slalom, Undenufe first", GUO: "Guschti, Obenabe first", GUU: "Guschti, Undenufe first" }, in_parens: "({0})", brand: "Puur", lang_en: "English", lang_de: "Deutsch", lang_fr: "Français", obenabe: "Obenabe", undenufe: "Undenufe",
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
    resume_item: "{0} — {1} : {2} / {3} ({4}, {5}) {6}", refused: "The connection was refused", elsewhere: "This seat is open in another window: reload to play here",
    presets: { schieber: "Schieber", classic: "Classic", schweizer: "Schweizer", online: "Online", jasvel: "Jasvel" },
    profile_notes: { schieber: "The common Schieber most sources share: Weis and Stöck counted for you, played to 2500.",
      classic: "The English guide (S000): small Weis table, Weis announced then compared, a claim ends the match, Rosen and Schellen ×2, to 3000.",
      schweizer: "The Schweizer Jass app (S001): small Weis table, the old Undenufe values, the match ends the moment a team reaches 3000.",
      online: "Jassen Online (S004): Weis shown with the first card, Eicheln and Schilten ×2, Obenabe and Undenufe ×3, to 2500.",
      jasvel: "The Jasvel rules: the dealer's right leads first, you must overtrump, undertrumping allowed when you cannot overtrump, Stöck must be said, to 1000." },
    strength_partner: "Partner's strength", speed: "Computer speed", speeds: { slow: "slow", normal: "normal", fast: "fast" },
    no_game: "No game on the table.", leave_text: "Leave the game in progress? It stays under Resume.", keep_playing: "Keep playing",
    leave_start: "Leave and start", forget: "Delete", led: "led", led_by: "{0} led",
  },
  de: {
    new_game: "Neues Spiel", resume: "Fortsetzen", last_trick: "Letzter Stich", rules: "Regeln", deck: "Karten", language: "Sprache",
    deck_swiss: "Deutschschweizer", deck_french: "Französische", tools: "Jasstafeln", score: "Punkte", profile: "Regelprofil", target: "Ziel",
    multipliers: "Multiplikatoren", strength: "Stärke der Gegner", who_plays: "Wer spielt (Partner sitzen gegenüber)",
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
    name_refused: { name_characters: "Ein Name darf keine Steuer-, unsichtbaren oder Richtungszeichen enthalten", name_blank: "Ein Name braucht einen Buchstaben oder eine Ziffer", name_reserved: "«{0}» nennt der Tisch einen Platz: bitte einen anderen Namen wählen", name_taken: "«{0}» heisst schon ein anderer Platz an diesem Tisch: bitte einen anderen Namen wählen" },
    errors: { 401: "Der Schlüssel dieses Platzes gilt hier nicht", 403: "Der Schlüssel dieses Platzes gilt hier nicht", 404: "Dieses Spiel gibt es auf dem Server nicht mehr", 409: "Das geht jetzt nicht", 422: "Der Server hat die Anfrage nicht verstanden", 429: "Zu viele neue Spiele: bitte gleich nochmals versuchen", other: "Der Server antwortet nicht" },
    review_unavailable: "Der Computer konnte diese Runde nicht analysieren", your_hand: "Deine Karten", aria_table: "Tisch", aria_trick: "Stich", aria_menu: "Tischmenü", name_at: "Name, {0}", extra_contracts: "Slalom und Guschti", trick_direction: "Dieser Stich: {0}",
    extra_names: { none: "nicht gespielt", slalom: "Slalom", guschti: "Guschti", slalom_guschti: "Slalom und Guschti" },
    slalom_names: { SLO: "Slalom, Obenabe zuerst", SLU: "Slalom, Undenufe zuerst", GUO: "Guschti, Obenabe zuerst", GUU: "Guschti, Undenufe zuerst" }, in_parens: "({0})", brand: "Puur", lang_en: "English", lang_de: "Deutsch", lang_fr: "Français", obenabe: "Obenabe", undenufe: "Undenufe",
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
    resume_item: "{0} — {1} : {2} / {3} ({4}, {5}) {6}", refused: "Die Verbindung wurde abgelehnt", elsewhere: "Dieser Platz ist in einem anderen Fenster offen: neu laden, um hier zu spielen",
    presets: { schieber: "Schieber", classic: "Klassisch", schweizer: "Schweizer", online: "Online", jasvel: "Jasvel" },
    profile_notes: { schieber: "Der übliche Schieber, wie ihn die meisten Quellen spielen: Weis und Stöck werden für dich gezählt, bis 2500.",
      classic: "Der englische Leitfaden (S000): kleine Weistabelle, Weis zuerst ansagen, dann vergleichen, Bedanken beendet das Spiel, Rosen und Schellen ×2, bis 3000.",
      schweizer: "Die App Schweizer Jass (S001): kleine Weistabelle, die alten Undenufe-Werte, Schluss, sobald ein Team 3000 erreicht.",
      online: "Jassen Online (S004): Weis mit der ersten Karte zeigen, Eicheln und Schilten ×2, Obenabe und Undenufe ×3, bis 2500.",
      jasvel: "Die Jasvel-Regeln: rechts vom Geber spielt an, Überstechen ist Pflicht, Untertrumpfen erlaubt, wenn du nicht überstechen kannst, Stöck muss man ansagen, bis 1000." },
    strength_partner: "Stärke des Partners", speed: "Tempo der Computer", speeds: { slow: "langsam", normal: "normal", fast: "schnell" },
    no_game: "Kein Spiel auf dem Tisch.", leave_text: "Das laufende Spiel verlassen? Es bleibt unter Fortsetzen.", keep_playing: "Weiterspielen",
    leave_start: "Verlassen und starten", forget: "Löschen", led: "ausgespielt", led_by: "{0} hat ausgespielt",
  },
  fr: {
    new_game: "Nouvelle partie", resume: "Reprendre", last_trick: "Dernier pli", rules: "Règles", deck: "Cartes", language: "Langue",
    deck_swiss: "Suisses", deck_french: "Françaises", tools: "Ardoises", score: "Points", profile: "Profil de règles", target: "Objectif",
    multipliers: "Multiplicateurs", strength: "Force des adversaires", who_plays: "Qui joue (les partenaires sont en face)",
    cancel: "Annuler", start: "Jouer", close: "Fermer", human: "Humain", computer: "Ordinateur", name: "Nom",
    pos: ["en bas (vous)", "à droite", "en face (partenaire)", "à gauche"], dealer: "Donneur", forehand: "Main", trump: "Atout",
    chosen_by: "choisi par {0}", pushed_by: "passé par {0}", choose_contract: "Choisissez le contrat",
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
    name_refused: { name_characters: "Un nom ne peut contenir ni caractère de contrôle, ni caractère invisible ou de direction", name_blank: "Un nom a besoin d'une lettre ou d'un chiffre", name_reserved: "« {0} » est le nom que la table donne à une place : choisissez-en un autre", name_taken: "« {0} » est déjà le nom d'une autre place à cette table : choisissez-en un autre" },
    errors: { 401: "La clé de cette place n'est pas valable ici", 403: "La clé de cette place n'est pas valable ici", 404: "Cette partie n'existe plus sur le serveur", 409: "Ce n'est pas possible maintenant", 422: "Le serveur n'a pas compris la demande", 429: "Trop de nouvelles parties : réessayez dans un instant", other: "Le serveur ne répond pas" },
    review_unavailable: "L'ordinateur n'a pas pu analyser cette manche", your_hand: "Votre main", aria_table: "Table", aria_trick: "Pli", aria_menu: "Menu de la table", name_at: "Nom, {0}", extra_contracts: "Slalom et Guschti", trick_direction: "Ce pli : {0}",
    extra_names: { none: "non jouées", slalom: "Slalom", guschti: "Guschti", slalom_guschti: "Slalom et Guschti" },
    slalom_names: { SLO: "Slalom, Obenabe d'abord", SLU: "Slalom, Undenufe d'abord", GUO: "Guschti, Obenabe d'abord", GUU: "Guschti, Undenufe d'abord" }, in_parens: "({0})", brand: "Puur", lang_en: "English", lang_de: "Deutsch", lang_fr: "Français", obenabe: "Obenabe", undenufe: "Undenufe",
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
    resume_item: "{0} — {1} : {2} / {3} ({4}, {5}) {6}", refused: "La connexion a été refusée", elsewhere: "Cette place est ouverte dans une autre fenêtre : rechargez pour jouer ici",
    presets: { schieber: "Schieber", classic: "Classique", schweizer: "Schweizer", online: "En ligne", jasvel: "Jasvel" },
    profile_notes: { schieber: "Le Schieber courant que partagent la plupart des sources : Weis et Stöck comptés pour vous, jusqu'à 2500.",
      classic: "Le guide anglais (S000) : petite table des Weis, Weis annoncés puis comparés, une revendication termine la partie, Rosen et Schellen ×2, jusqu'à 3000.",
      schweizer: "L'application Schweizer Jass (S001) : petite table des Weis, les anciennes valeurs de l'Undenufe, fin dès qu'une équipe atteint 3000.",
      online: "Jassen Online (S004) : Weis montrés avec la première carte, Eicheln et Schilten ×2, Obenabe et Undenufe ×3, jusqu'à 2500.",
      jasvel: "Les règles Jasvel : la droite du donneur entame, surcouper est obligatoire, sous-couper permis si vous ne pouvez surcouper, Stöck doit être annoncé, jusqu'à 1000." },
    strength_partner: "Force du partenaire", speed: "Vitesse des ordinateurs", speeds: { slow: "lente", normal: "normale", fast: "rapide" },
    no_game: "Aucune partie sur la table.", leave_text: "Quitter la partie en cours ? Elle reste sous Reprendre.", keep_playing: "Continuer à jouer",
    leave_start: "Quitter et commencer", forget: "Supprimer", led: "entame", led_by: "{0} a entamé",
  },
};
// Issue 16: the theme and sound switches and the rules in words (RULES.md §7-§14, options table), merged
// into each language's table above. {J} {Q} {K} {A} {10} read as the deck's rank names.
const I18N_RULES = {
  en: {
    theme_icon: "◐", theme_light: "Light theme", sound_icon: "♪", sound: "Sound",
    rw: {
      title: "The rules of this profile in words", why_link: "The rule", h_follow: "Following suit", h_trump: "Trumping and undertrumping",
      h_weis: "Weis", h_stoeck: "Stöck", h_match: "Match", h_schieben: "Schieben", h_score: "Scoring and the target",
      follow: "You must follow the suit that was led if you can; with no card of that suit you may play any card.",
      trump_any: "You may trump even when you could follow suit.", trump_void: "You may trump only when you cannot follow suit.",
      puur_kept: "The {J} of trumps (the Puur) is never forced: when trump is led and it is your only trump, you may keep it.",
      puur_lone: "When trump is led and the {J} of trumps (the Puur) is your only trump, you must play it.",
      under_banned: "On a trick that is already trumped you may not play a lower trump (undertrump) while you hold other cards; with only trumps left you may.",
      under_partner: "This holds also when your partner leads the trick.",
      under_allowed: "You may undertrump whenever you cannot overtrump.",
      over_must: "If you hold a higher trump than the best one in the trick (the Puur excepted), you must overtrump.",
      over_lead: "The same holds when trump was led.", over_free: "You never have to overtrump.",
      weis_small: "Runs in one suit: 3 cards 20, 4 cards 50, 5 or more 100. Four of a kind: four {J} 200; four {A}, {K}, {Q} or {10} 100 each; four 9s, 8s, 7s or 6s count nothing.",
      weis_extended: "Runs in one suit: 3 cards 20, 4 cards 50, 5 cards 100, 6 cards 150, 7 cards 200, 8 cards 250, 9 cards 300. Four of a kind: four {J} 200, four 9s 150; four {A}, {K}, {Q} or {10} 100 each.",
      weis_split: "A run of more than five cards may be split into two Weis.",
      overlap_disjoint: "A card counts in one Weis only.", overlap_share: "A run and four of a kind may share a card.",
      compare_cards: "Only the team with the best Weis scores (with all its Weis): more points wins, then more cards, then the higher top card, then trump, then the player first in turn.",
      compare_type: "Only the team with the best Weis scores (with all its Weis): more points wins, then four of a kind before a run, then the longer run, then the higher top card, then trump, then the order of play.",
      compare_top: "Only the team with the best Weis scores (with all its Weis): more points wins, then the higher top card, then trump, then the player first in turn.",
      undenufe_reverse: "In Undenufe a run with lower cards beats an equal run with higher ones.", undenufe_same: "In Undenufe the Weis compare as in the other contracts.",
      decl_automatic: "The Weis is found and counted for you in the first trick.",
      decl_announce_then_resolve: "Announce your Weis during the first trick; after it the best Weis is shown and counted.",
      decl_show_with_first_card: "Your Weis is shown with your first card.",
      decl_announce_value_show_on_trick_2: "Announce the value of your Weis in the first trick; the winning team shows its cards in the second trick.",
      stoeck: "{K} and {Q} of trumps in one hand: Stöck, 20 points, multiplied with the contract. Not in Obenabe or Undenufe.",
      stoeck_automatic: "It counts by itself when the second of the two is played.",
      stoeck_lenient: "It counts when the second of the two is played or shown in a Weis, and may still be claimed until the round is counted.",
      stoeck_strict: "Declare it while playing the second of the two; once the next player has played, it is lost.",
      crossing_stoeck_weis_tricks: "When both teams could reach the target in one round, Stöck counts first, then Weis, then tricks.",
      crossing_weis_stoeck_tricks: "When both teams could reach the target in one round, Weis counts first, then Stöck, then tricks.",
      match: "A team that takes all nine tricks makes a Match: 100 points more, 257 instead of 157, before the factor.",
      schieben: "The forehand chooses the contract or pushes (schiebt) the choice to the partner, who must then choose.",
      first_holder: "The first round is begun by whoever holds {0}; then the forehand moves on by one seat.",
      first_dealer_right: "The first round is begun by the player to the right of the dealer; then the forehand moves on by one seat.",
      points: "The card points of a round add up to 152, and 5 for the last trick: 157.",
      undenufe_modern: "In Undenufe the 6 counts 11 and the {A} 0.", undenufe_classic: "In Undenufe the {A} keeps its 11 and the 6 counts 0.",
      factors: "Everything a round brings is multiplied by the contract's factor: {0}.",
      target: "The first team to {0} points wins.",
      end_end_of_round: "The round is always finished; then the points are counted in order.",
      end_live: "The game stops as soon as a team reaches the target, counted after every trick and every Weis.",
      end_claim: "A player who believes the team has reached the target claims it (bedanken); a false claim loses the game.",
      schneider: "A team that ends below half the target is Schneider.", schneider_games: "A Schneider counts as {0} games.",
      tie_trick_by_trick: "If both teams pass the target with their tricks, the tricks count in the order they were taken.",
      tie_higher_total: "If both teams pass the target with their tricks, the higher total wins.",
    },
  },
  de: {
    theme_icon: "◐", theme_light: "Helles Design", sound_icon: "♪", sound: "Ton",
    rw: {
      title: "Die Regeln dieses Profils in Worten", why_link: "Die Regel", h_follow: "Farbe angeben", h_trump: "Stechen und Untertrumpfen",
      h_weis: "Weis", h_stoeck: "Stöck", h_match: "Match", h_schieben: "Schieben", h_score: "Zählen und Ziel",
      follow: "Du musst die Farbe der ersten Karte im Stich angeben, wenn du kannst; hast du keine Karte dieser Farbe, darfst du jede Karte spielen.",
      trump_any: "Stechen darfst du immer, auch wenn du angeben könntest.", trump_void: "Stechen darfst du nur, wenn du nicht angeben kannst.",
      puur_kept: "Den Trumpf-{J} (den Puur) musst du nie geben: ist Trumpf ausgespielt und er ist dein einziger Trumpf, darfst du ihn behalten.",
      puur_lone: "Ist Trumpf ausgespielt und der Trumpf-{J} (der Puur) dein einziger Trumpf, musst du ihn geben.",
      under_banned: "In einem schon gestochenen Stich darfst du nicht mit einem tieferen Trumpf untertrumpfen, solange du andere Karten hast; hast du nur noch Trumpf, darfst du.",
      under_partner: "Das gilt auch, wenn dein Partner den Stich ausspielt.",
      under_allowed: "Untertrumpfen darfst du immer, wenn du nicht überstechen kannst.",
      over_must: "Hast du einen höheren Trumpf als den besten im Stich (ausser dem Puur), musst du überstechen.",
      over_lead: "Das gilt auch, wenn Trumpf ausgespielt ist.", over_free: "Überstechen musst du nie.",
      weis_small: "Folgen in einer Farbe: 3 Karten 20, 4 Karten 50, 5 und mehr 100. Vier Gleiche: vier {J} 200; vier {A}, {K}, {Q} oder {10} je 100; vier 9, 8, 7 oder 6 zählen nichts.",
      weis_extended: "Folgen in einer Farbe: 3 Karten 20, 4 Karten 50, 5 Karten 100, 6 Karten 150, 7 Karten 200, 8 Karten 250, 9 Karten 300. Vier Gleiche: vier {J} 200, vier 9 150; vier {A}, {K}, {Q} oder {10} je 100.",
      weis_split: "Eine Folge von mehr als fünf Karten darf in zwei Weis geteilt werden.",
      overlap_disjoint: "Eine Karte zählt nur in einem Weis.", overlap_share: "Eine Folge und vier Gleiche dürfen eine Karte teilen.",
      compare_cards: "Nur das Team mit dem besten Weis schreibt (mit all seinen Weis): mehr Punkte gewinnen, dann mehr Karten, dann die höhere oberste Karte, dann Trumpf, dann wer zuerst an der Reihe ist.",
      compare_type: "Nur das Team mit dem besten Weis schreibt (mit all seinen Weis): mehr Punkte gewinnen, dann vier Gleiche vor einer Folge, dann die längere Folge, dann die höhere oberste Karte, dann Trumpf, dann die Reihenfolge im Spiel.",
      compare_top: "Nur das Team mit dem besten Weis schreibt (mit all seinen Weis): mehr Punkte gewinnen, dann die höhere oberste Karte, dann Trumpf, dann wer zuerst an der Reihe ist.",
      undenufe_reverse: "Bei Undenufe schlägt eine tiefere Folge eine gleich lange höhere.", undenufe_same: "Bei Undenufe werden Weis verglichen wie sonst.",
      decl_automatic: "Der Weis wird im ersten Stich für dich gefunden und gezählt.",
      decl_announce_then_resolve: "Sag deinen Weis im ersten Stich an; danach wird der beste Weis gezeigt und gezählt.",
      decl_show_with_first_card: "Dein Weis wird mit deiner ersten Karte gezeigt.",
      decl_announce_value_show_on_trick_2: "Sag im ersten Stich den Wert deines Weis an; das gewinnende Team zeigt seine Karten im zweiten Stich.",
      stoeck: "{K} und {Q} im Trumpf in einer Hand: Stöck, 20 Punkte, mit dem Faktor multipliziert. Nicht bei Obenabe und Undenufe.",
      stoeck_automatic: "Er zählt von selbst, wenn die zweite der beiden Karten gespielt wird.",
      stoeck_lenient: "Er zählt, wenn die zweite der beiden Karten gespielt oder in einem Weis gezeigt wird, und kann bis zum Zählen der Runde noch gemeldet werden.",
      stoeck_strict: "Melde ihn, während du die zweite der beiden Karten spielst; hat der nächste Spieler gespielt, ist er verloren.",
      crossing_stoeck_weis_tricks: "Können beide Teams in einer Runde das Ziel erreichen, zählt zuerst Stöck, dann Weis, dann die Stiche.",
      crossing_weis_stoeck_tricks: "Können beide Teams in einer Runde das Ziel erreichen, zählt zuerst Weis, dann Stöck, dann die Stiche.",
      match: "Ein Team, das alle neun Stiche macht, hat einen Match: 100 Punkte mehr, 257 statt 157, vor dem Faktor.",
      schieben: "Die Vorhand sagt an oder schiebt die Wahl dem Partner, der dann ansagen muss.",
      first_holder: "Die erste Runde beginnt, wer {0} hat; danach geht die Vorhand einen Platz weiter.",
      first_dealer_right: "Die erste Runde beginnt der Spieler rechts vom Geber; danach geht die Vorhand einen Platz weiter.",
      points: "Die Kartenpunkte einer Runde ergeben 152, dazu 5 für den letzten Stich: 157.",
      undenufe_modern: "Bei Undenufe zählt die 6 elf Punkte und das {A} null.", undenufe_classic: "Bei Undenufe behält das {A} seine elf Punkte und die 6 zählt null.",
      factors: "Alles, was eine Runde bringt, wird mit dem Faktor der Ansage multipliziert: {0}.",
      target: "Das Team, das zuerst {0} Punkte hat, gewinnt.",
      end_end_of_round: "Die Runde wird immer fertig gespielt; dann wird der Reihe nach gezählt.",
      end_live: "Das Spiel endet, sobald ein Team das Ziel erreicht, gezählt nach jedem Stich und jedem Weis.",
      end_claim: "Wer glaubt, das Team habe das Ziel erreicht, bedankt sich; falsches Bedanken verliert das Spiel.",
      schneider: "Ein Team, das unter dem halben Ziel bleibt, ist Schneider.", schneider_games: "Ein Schneider zählt {0} Spiele.",
      tie_trick_by_trick: "Kommen beide Teams mit ihren Stichen über das Ziel, zählen die Stiche in der Reihenfolge, in der sie gemacht wurden.",
      tie_higher_total: "Kommen beide Teams mit ihren Stichen über das Ziel, gewinnt das höhere Total.",
    },
  },
  fr: {
    theme_icon: "◐", theme_light: "Thème clair", sound_icon: "♪", sound: "Son",
    rw: {
      title: "Les règles de ce profil en mots", why_link: "La règle", h_follow: "Fournir", h_trump: "Couper et sous-couper",
      h_weis: "Weis", h_stoeck: "Stöck", h_match: "Match", h_schieben: "Schieben", h_score: "Compter et objectif",
      follow: "Vous devez fournir la couleur demandée si vous le pouvez ; sans carte de cette couleur, vous jouez ce que vous voulez.",
      trump_any: "Vous pouvez couper même si vous pourriez fournir.", trump_void: "Vous ne pouvez couper que si vous ne pouvez pas fournir.",
      puur_kept: "Le {J} d'atout (le Puur) n'est jamais forcé : si atout est demandé et que c'est votre seul atout, vous pouvez le garder.",
      puur_lone: "Si atout est demandé et que le {J} d'atout (le Puur) est votre seul atout, vous devez le jouer.",
      under_banned: "Dans un pli déjà coupé, vous ne pouvez pas jouer un atout plus faible (sous-couper) tant que vous avez d'autres cartes ; avec seulement des atouts, vous le pouvez.",
      under_partner: "Cela vaut aussi quand votre partenaire entame le pli.",
      under_allowed: "Vous pouvez sous-couper chaque fois que vous ne pouvez pas surcouper.",
      over_must: "Si vous avez un atout plus fort que le meilleur du pli (sauf le Puur), vous devez surcouper.",
      over_lead: "Cela vaut aussi quand atout est demandé.", over_free: "Vous n'êtes jamais obligé de surcouper.",
      weis_small: "Suites dans une couleur : 3 cartes 20, 4 cartes 50, 5 ou plus 100. Carrés : quatre {J} 200 ; quatre {A}, {K}, {Q} ou {10} 100 chacun ; quatre 9, 8, 7 ou 6 ne comptent rien.",
      weis_extended: "Suites dans une couleur : 3 cartes 20, 4 cartes 50, 5 cartes 100, 6 cartes 150, 7 cartes 200, 8 cartes 250, 9 cartes 300. Carrés : quatre {J} 200, quatre 9 150 ; quatre {A}, {K}, {Q} ou {10} 100 chacun.",
      weis_split: "Une suite de plus de cinq cartes peut être partagée en deux Weis.",
      overlap_disjoint: "Une carte ne compte que dans un seul Weis.", overlap_share: "Une suite et un carré peuvent partager une carte.",
      compare_cards: "Seule l'équipe au meilleur Weis marque (avec tous ses Weis) : plus de points gagne, puis plus de cartes, puis la plus haute carte, puis l'atout, puis le premier à jouer.",
      compare_type: "Seule l'équipe au meilleur Weis marque (avec tous ses Weis) : plus de points gagne, puis le carré avant la suite, puis la suite la plus longue, puis la plus haute carte, puis l'atout, puis l'ordre de jeu.",
      compare_top: "Seule l'équipe au meilleur Weis marque (avec tous ses Weis) : plus de points gagne, puis la plus haute carte, puis l'atout, puis le premier à jouer.",
      undenufe_reverse: "En Undenufe, une suite plus basse bat une suite égale plus haute.", undenufe_same: "En Undenufe, les Weis se comparent comme ailleurs.",
      decl_automatic: "Votre Weis est trouvé et compté pour vous au premier pli.",
      decl_announce_then_resolve: "Annoncez votre Weis pendant le premier pli ; ensuite le meilleur Weis est montré et compté.",
      decl_show_with_first_card: "Votre Weis est montré avec votre première carte.",
      decl_announce_value_show_on_trick_2: "Annoncez la valeur de votre Weis au premier pli ; l'équipe gagnante montre ses cartes au deuxième pli.",
      stoeck: "{K} et {Q} d'atout dans une main : Stöck, 20 points, multipliés par le facteur. Pas en Obenabe ni en Undenufe.",
      stoeck_automatic: "Il compte de lui-même quand la seconde des deux cartes est jouée.",
      stoeck_lenient: "Il compte quand la seconde des deux cartes est jouée ou montrée dans un Weis, et peut encore être réclamé jusqu'au décompte de la manche.",
      stoeck_strict: "Annoncez-le en jouant la seconde des deux cartes ; une fois que le joueur suivant a joué, il est perdu.",
      crossing_stoeck_weis_tricks: "Si les deux équipes peuvent atteindre l'objectif dans la même manche, le Stöck compte d'abord, puis le Weis, puis les plis.",
      crossing_weis_stoeck_tricks: "Si les deux équipes peuvent atteindre l'objectif dans la même manche, le Weis compte d'abord, puis le Stöck, puis les plis.",
      match: "Une équipe qui fait les neuf plis fait un Match : 100 points de plus, 257 au lieu de 157, avant le facteur.",
      schieben: "La main choisit le contrat ou passe (schiebt) le choix à son partenaire, qui doit alors choisir.",
      first_holder: "La première manche est entamée par qui a {0} ; ensuite la main passe d'une place.",
      first_dealer_right: "La première manche est entamée par le joueur à droite du donneur ; ensuite la main passe d'une place.",
      points: "Les points des cartes d'une manche font 152, plus 5 pour le dernier pli : 157.",
      undenufe_modern: "En Undenufe, le 6 vaut 11 et l'{A} 0.", undenufe_classic: "En Undenufe, l'{A} garde ses 11 points et le 6 vaut 0.",
      factors: "Tout ce qu'apporte une manche est multiplié par le facteur du contrat : {0}.",
      target: "La première équipe à {0} points gagne.",
      end_end_of_round: "La manche est toujours jouée jusqu'au bout ; ensuite on compte dans l'ordre.",
      end_live: "La partie s'arrête dès qu'une équipe atteint l'objectif, compté après chaque pli et chaque Weis.",
      end_claim: "Qui croit que son équipe a atteint l'objectif le dit (bedanken) ; une annonce fausse perd la partie.",
      schneider: "Une équipe qui finit sous la moitié de l'objectif est Schneider.", schneider_games: "Un Schneider compte pour {0} parties.",
      tie_trick_by_trick: "Si les deux équipes passent l'objectif avec leurs plis, les plis comptent dans l'ordre où ils ont été faits.",
      tie_higher_total: "Si les deux équipes passent l'objectif avec leurs plis, le total le plus haut gagne.",
    },
  },
};
for (const [lang, table] of Object.entries(I18N_RULES)) Object.assign(I18N[lang], table);
// Issue 16: the hint and undo of a game against computers (puur/server/assist.py), merged likewise.
const I18N_ASSIST = {
  en: { hint: "Hint", undo: "Undo", claim_name: "claim the rest", hint_line: "Suggestion: {0}. {1}", hint_top: "Expected points: {0}",
    hint_heuristic: "The rule-of-thumb player would choose {0}.",
    hint_reasons: { sampled: "Best expected points over {deals} sampled deals of the unseen cards.",
      solved: "Best result played out exactly on {deals} sampled deals of the unseen cards.",
      only_card: "Your only playable card.", claim: "You can claim the remaining tricks." },
    hint_plays: { push: "Schieben: your partner chooses the contract.", contract: "Play {contract} with this hand.",
      lead_trump: "Lead a trump to draw the opponents' trumps.", lead_master: "{card} is the highest card of its suit still in play.",
      lead_low: "Lead low with {card}.", lead_high: "Lead {card}.", take_trick: "{card} takes the trick ({points} points).",
      go_ahead: "{card} takes the lead in this trick.", smear: "Your partner holds the trick: {card} gives them {points} points.",
      partner_holds: "Your partner holds the trick.", give_least: "The trick is lost: {card} gives away the least ({points} points).",
      give: "The trick goes to the opponents: {card} gives away {points} points.", claim: "You can claim the remaining tricks." } },
  de: { hint: "Tipp", undo: "Zurück", claim_name: "den Rest ansagen", hint_line: "Vorschlag: {0}. {1}", hint_top: "Erwartete Punkte: {0}",
    hint_heuristic: "Der Faustregel-Spieler würde {0} wählen.",
    hint_reasons: { sampled: "Die meisten erwarteten Punkte über {deals} zufällige Verteilungen der unbekannten Karten.",
      solved: "Das beste Ergebnis, genau durchgespielt auf {deals} zufälligen Verteilungen der unbekannten Karten.",
      only_card: "Deine einzige spielbare Karte.", claim: "Du kannst die restlichen Stiche ansagen." },
    hint_plays: { push: "Schieben: dein Partner bestimmt den Trumpf.", contract: "Mit diesem Blatt {contract} ansagen.",
      lead_trump: "Trumpf ausspielen, um den Gegnern die Trümpfe zu ziehen.", lead_master: "{card} ist die höchste Karte ihrer Farbe, die noch im Spiel ist.",
      lead_low: "Tief ausspielen mit {card}.", lead_high: "{card} ausspielen.", take_trick: "{card} macht den Stich ({points} Punkte).",
      go_ahead: "{card} übernimmt die Führung in diesem Stich.", smear: "Dein Partner hat den Stich: {card} schmiert ihm {points} Punkte.",
      partner_holds: "Dein Partner hat den Stich.", give_least: "Der Stich ist verloren: {card} gibt am wenigsten ab ({points} Punkte).",
      give: "Der Stich geht an die Gegner: {card} gibt {points} Punkte ab.", claim: "Du kannst die restlichen Stiche ansagen." } },
  fr: { hint: "Conseil", undo: "Annuler", claim_name: "annoncer le reste", hint_line: "Suggestion : {0}. {1}", hint_top: "Points attendus : {0}",
    hint_heuristic: "Le joueur à règles simples choisirait {0}.",
    hint_reasons: { sampled: "Le plus de points attendus sur {deals} donnes tirées des cartes cachées.",
      solved: "Le meilleur résultat, joué exactement sur {deals} donnes tirées des cartes cachées.",
      only_card: "Ta seule carte jouable.", claim: "Tu peux annoncer les plis restants." },
    hint_plays: { push: "Schieben : ton partenaire choisit l'atout.", contract: "Annoncer {contract} avec cette main.",
      lead_trump: "Entamer atout pour tirer les atouts adverses.", lead_master: "{card} est la plus haute carte de sa couleur encore en jeu.",
      lead_low: "Entamer petit avec {card}.", lead_high: "Entamer {card}.", take_trick: "{card} remporte le pli ({points} points).",
      go_ahead: "{card} prend la tête de ce pli.", smear: "Ton partenaire tient le pli : {card} lui donne {points} points.",
      partner_holds: "Ton partenaire tient le pli.", give_least: "Le pli est perdu : {card} cède le moins ({points} points).",
      give: "Le pli va aux adversaires : {card} cède {points} points.", claim: "Tu peux annoncer les plis restants." } },
};
for (const [lang, table] of Object.entries(I18N_ASSIST)) Object.assign(I18N[lang], table);
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
// The computers' pace (ms between their moves): the speed chosen in New game, unless the address names one.
const SPEEDS = { slow: 900, normal: 400, fast: 150 };
const paceOf = (speed) => (params.has("pace") ? Math.max(0, Number(params.get("pace")) || 0) : SPEEDS[speed] || SPEEDS.normal);
let PACE = paceOf(prefs.speed);

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
    const err = new Error(msg || `HTTP ${r.status}`); err.status = r.status; err.detail = data && data.detail; throw err;
  }
  return data;
}

// ----- names -----
const cardName = (code) => PuurCards.cardName(code, prefs.deck, prefs.lang);
function contractName(code) {
  if ("CDHS".includes(code)) return PuurCards.suitName(code, prefs.deck, prefs.lang);
  if (code in t("slalom_names")) return t("slalom_names")[code]; // Slalom and Guschti (issue 17)
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
  renderAssist(v);
  Friends.render(v); // online tables: presence, stand-ins, the waiting room, reactions (friends.js)
  if (typeof PuurForms !== "undefined") PuurForms.render(v); // Coiffeur, Differenzler: the sheet, the column, the prediction (forms.js)
  animateTable(v);
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
  b.append(title, h("span", { class: "factor", text: `×${v.factor}` }));
  // Slalom and Guschti: the order of the trick being played (the server's trick_direction, J30)
  if (v.trick_direction) b.append(h("span", { class: "direction", "data-direction": v.trick_direction, text: t("trick_direction", contractName(v.trick_direction)) }));
  const who = v.pushed ? `${t("chosen_by", seatName(v.chooser))} · ${t("pushed_by", seatName(v.forehand))}` : t("chosen_by", seatName(v.chooser));
  b.append(h("span", { class: "who", text: who }));
}

function renderChoose(v) {
  const box = $("choose");
  const mine = v.phase === "contract" && v.to_act === S.seat && !S.covered && !v.form; // a form's columns: forms.js
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
  const focusAt = handFocusIndex();
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
  restoreHandFocus(focusAt);
}

// ----- keyboard (issue 16) -----
// The hand is drawn anew after every move; a player who was on the hand (or just played from it) stays on it,
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
  if (v.form && typeof PuurForms !== "undefined") return PuurForms.resultParts(v);
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
  box.replaceChildren(h("h2", { text: t("round", v.round_number) })); // dealer and forehand: null while the table waits
  if (v.dealer != null) box.append(h("p", { text: t("info_dealer", seatName(v.dealer)) }));
  if (v.forehand != null) box.append(h("p", { text: t("info_forehand", seatName(v.forehand)) }));
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
  if ($("why-rule")) $("why-rule").remove(); // a rule link belongs to its own why message
  el.textContent = localize(text); el.hidden = false;
  clearTimeout(toastTimer); toastTimer = setTimeout(() => { el.hidden = true; }, 4000);
}
function errorText(e) {
  if (e && e.message) console.warn(e.message); // the server's own words, for whoever looks
  const texts = t("errors");
  return texts[e && e.status] || texts.other;
}
// A name the server refused by the one rule of names (control or invisible characters, blank, what the table
// calls a seat, another seat's name: SECURITY.md), said in the page's language; null for any other refusal.
function nameRefusal(e) {
  const texts = t("name_refused");
  const d = e && e.status === 422 && Array.isArray(e.detail) ? e.detail.find((x) => x && Object.hasOwn(texts, x.type)) : null;
  return d ? texts[d.type].replace("{0}", (d.ctx && d.ctx.name) || "") : null;
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
  return (texts[r.code] || texts.illegal).replace(/\{(\w+)\}/g, (m, k) => words[k]);
}

async function refresh() {
  try { applyView(await api(`/games/${S.gameId}`, { token: S.tokens[S.seat] }), null); } catch (e) { toast(errorText(e)); }
}

// ----- hint and undo (issue 16; games against computers only: puur/server/assist.py) -----
// Both buttons show only in a game with one human seat. The hint names the strong computer's choice from
// this seat's view, highlights it (the card in the hand or the contract button), says why in one line and
// lists the expected points of its top choices; it holds until the view changes.
// Practice help, at a table of one person against computers only (a seat a computer plays for a person stays
// the person's: seating's kind "person"), as the server decides (puur/server/assist.py alone_at_the_table)
function assistOffered(v) {
  const people = v.seating.flatMap((s, seat) => (s.kind === "computer" ? [] : [seat]));
  return v.status === "playing" && people.length === 1 && people[0] === S.seat;
}
function renderAssist(v) {
  const offered = assistOffered(v);
  const mine = offered && v.to_act === S.seat && !S.covered;
  $("btn-hint").hidden = !offered; $("btn-undo").hidden = !offered;
  $("btn-hint").disabled = !mine;
  $("btn-undo").disabled = !offered || !v.trick.concat(...v.tricks.map((x) => x.cards.map((c, i) => [(x.leader + i) % 4, c])))
    .some((x) => x[0] === S.seat);
  const shown = S.hint && S.hint.seq === v.seq && mine;
  $("hint").hidden = !shown;
  if (!shown) { S.hint = null; return; }
  const el = document.querySelector(`#hand [data-card="${S.hint.action}"], #choose [data-action="${S.hint.action}"]`);
  if (el) el.classList.add("hinted");
}
function actionName(a) { return /^[CDHS](10|[6-9JQKA])$/.test(a) ? cardName(a) : a === "P" ? t("schieben") : a === "claim" ? t("claim_name") : contractName(a); }
async function showHint() {
  const v = S.view;
  $("btn-hint").disabled = true;
  try {
    const r = await api(`/games/${S.gameId}/hint`, { token: S.tokens[S.seat] });
    if (!S.view || S.view.seq !== r.seq) return;
    S.hint = r;
    const reason = (t("hint_reasons")[r.reason.code] || "").replace(/\{(\w+)\}/g, (m, k) => r.reason.params[k]);
    // what the suggestion does at the table (puur/bots/explain.py), cards and contracts by name
    const play = (t("hint_plays")[r.play.code] || "").replace(/\{(\w+)\}/g, (m, k) => (k === "card" || k === "contract") ? actionName(r.play.params[k]) : r.play.params[k]);
    const top = r.top.map((c) => `${actionName(c.action)} ${c.points > 0 ? "+" : ""}${c.points.toFixed(1)}`).join(" · ");
    $("hint").replaceChildren(h("span", { text: t("hint_line", actionName(r.action), play) }), h("span", { text: reason }),
      ...(top ? [h("span", { text: t("hint_top", top) })] : []),
      ...(r.heuristic !== r.action ? [h("span", { text: t("hint_heuristic", actionName(r.heuristic)) })] : []));
    render();
  } catch (e) { toast(errorText(e)); if (S.view === v) render(); }
}
async function undoCard() {
  $("btn-undo").disabled = true;
  hideToast();
  try {
    const view = await api(`/games/${S.gameId}/undo`, { method: "POST", token: S.tokens[S.seat] });
    S.queue = []; clearTimeout(S.fallback); S.view = null; S.hint = null;
    applyView(view, null);
  } catch (e) { toast(errorText(e)); await refresh(); }
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
  const humans = v.human_seats.filter((seat) => S.tokens[seat] !== undefined); // this device's seats (online: its own)
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
    else if (msg.type === "undo") { S.queue = []; clearTimeout(S.fallback); if (!S.blocked) { S.view = null; applyView(msg.view, null); } }
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

async function showRules(section) {
  const d = $("dlg-rules");
  const body = $("rules-body");
  body.replaceChildren(h("p", { text: t("loading") }));
  openDialog(d);
  const profile = S.view ? S.view.profile : setupProfile();
  try {
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
        o.cards.forEach((code, i) => {
          const f = h("figure", { class: "rules-card" });
          f.append(PuurCards.face(code, prefs.deck), h("figcaption", { text: String(o.points[i]) }));
          row.append(f);
        });
        sec.append(row);
      }
      body.append(sec);
    }
    if (typeof section === "string") $(`rules-words-${section}`).scrollIntoView({ block: "start" });
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
        onclick: () => { closeDialog($("dlg-resume")); start(g.game_id, all[g.game_id].tokens); }, text: label }),
        g.game_id === S.gameId ? null : h("button", { type: "button", class: "forget-game", "data-game": g.game_id,
          onclick: () => { forgetGame(g.game_id); showResume(); }, text: t("forget") })));
    }
    body.replaceChildren(seen.size ? list : h("p", { text: t("no_games") }));
  } catch (e) { body.replaceChildren(h("p", { text: errorText(e) })); }
}

// ----- no dead ends (issue 16) -----
// A game left behind is forgotten by this browser: its keys, and which of its rounds were seen, are dropped
// (the server keeps no list of a browser's games; without the keys nobody can open it from here).
function forgetGame(id) {
  const all = storedGames();
  delete all[id];
  localStorage.setItem("puur.games", JSON.stringify(all));
  const seen = seenRounds(); delete seen[id]; localStorage.setItem("puur.seen", JSON.stringify(seen));
  if (localStorage.getItem("puur.current") === id) localStorage.removeItem("puur.current");
}
// The setup closed without a game on the table: the table offers one instead of staying empty.
function offerGame() {
  if (S.gameId) return;
  $("cover-text").textContent = t("no_game");
  const btn = $("cover-btn");
  btn.textContent = t("new_game");
  btn.onclick = () => { $("cover").hidden = true; openSetup(); };
  $("cover").hidden = false;
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
  if ($("set-extra").value !== "none") o.extra_contracts = $("set-extra").value; // Slalom and Guschti (issue 17)
  return o;
}

async function openSetup() {
  let o;
  try { o = await loadOptions(); } catch (e) { toast(errorText(e)); return; } // said, never a silent dead end
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
  fillStrengths(o);
  if (prefs.profile && o.presets[prefs.profile]) prof.value = prefs.profile;
  presetChanged();
  restoreSettings();
  $("set-deck").value = prefs.deck; $("set-lang").value = prefs.lang;
  translate();
  openDialog($("dlg-setup"));
}

// The setup's texts that are built, not tagged with data-i18n: strengths, profiles, seats, names offered.
function relabelSetup() {
  for (const opt of $("set-strength").options) opt.textContent = t("difficulty")[opt.dataset.level] || opt.dataset.level;
  for (const opt of $("set-profile").options) opt.textContent = t("presets")[opt.value] || opt.value;
  for (const opt of $("set-mult").options) opt.textContent = t("multiplier_names")[opt.value] || opt.value;
  for (const opt of $("set-extra").options) opt.textContent = t("extra_names")[opt.value];
  for (let seat = 0; seat < 4 && $(`seat-kind-${seat}`); seat++) {
    const kind = $(`seat-kind-${seat}`), name = $(`seat-name-${seat}`);
    kind.setAttribute("aria-label", t("pos")[seat]);
    kind.options[0].textContent = t("human"); kind.options[1].textContent = t("computer"); kind.options[2].textContent = t("friend");
    name.setAttribute("aria-label", t("name_at", t("pos")[seat]));
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
  relabelSettings();
}

// ----- settings in plain words, remembered (issue 16) -----
// The computers' strength for the partner and for the opponents, each one of the server's levels; "medium"
// (a fair game) unless this browser chose otherwise last time. Choosing the opponents' strength sets the
// partner's to the same; the partner's may then be changed on its own.
function fillStrengths(o) {
  for (const id of ["set-strength", "set-strength-partner"]) {
    const sel = $(id);
    sel.replaceChildren();
    for (const [k, spec] of Object.entries(o.strengths)) sel.append(h("option", { value: spec, "data-level": k, text: t("difficulty")[k] || k }));
    sel.value = o.strengths.medium || (sel.options[0] && sel.options[0].value) || "";
  }
  $("set-strength").onchange = () => { $("set-strength-partner").value = $("set-strength").value; };
}
// The last settings this browser started a game with (profile and strengths set by openSetup's caller).
function restoreSettings() {
  const set = (id, value) => { const sel = $(id); if (value != null && [...sel.options].some((x) => x.value === String(value))) sel.value = String(value); };
  set("set-strength", prefs.strength);
  set("set-strength-partner", prefs.strengthPartner || prefs.strength);
  set("set-speed", prefs.speed || "normal");
  if (prefs.profile === $("set-profile").value) { set("set-target", prefs.target); set("set-mult", prefs.multipliers); }
  set("set-extra", prefs.extraContracts || "none");
  for (let seat = 0; seat < 4 && prefs.seatKinds; seat++) {
    set(`seat-kind-${seat}`, prefs.seatKinds[seat]);
    if (prefs.seatNames && $(`seat-name-${seat}`)) $(`seat-name-${seat}`).value = prefs.seatNames[seat] || "";
  }
}
function rememberSettings() {
  Object.assign(prefs, {
    strength: $("set-strength").value, strengthPartner: $("set-strength-partner").value, speed: $("set-speed").value,
    profile: $("set-profile").value, target: Number($("set-target").value), multipliers: $("set-mult").value, extraContracts: $("set-extra").value,
    seatKinds: [0, 1, 2, 3].map((x) => $(`seat-kind-${x}`).value), seatNames: [0, 1, 2, 3].map((x) => $(`seat-name-${x}`).value.trim()),
  });
  PACE = paceOf(prefs.speed);
}
// The one-line explanation of the chosen profile, the speeds and the partner's levels in the page's language.
function relabelSettings() {
  const note = t("profile_notes")[$("set-profile").value];
  $("set-profile-note").textContent = note || "";
  for (const opt of $("set-speed").options) opt.textContent = t("speeds")[opt.value];
  if (typeof PuurForms !== "undefined") PuurForms.relabel();
  for (const opt of $("set-strength-partner").options) opt.textContent = t("difficulty")[opt.dataset.level] || opt.dataset.level;
}
// A computer seat in the team of the (first) human player is the partner; the others are opponents.
function computerSpec(seat, humans) {
  const partner = humans.length > 0 && seat % 2 === humans[0] % 2;
  return $(partner ? "set-strength-partner" : "set-strength").value;
}

function buildSeatRows() {
  const box = $("seats-setup");
  box.replaceChildren();
  for (let seat = 0; seat < 4; seat++) {
    const kind = h("select", { id: `seat-kind-${seat}`, "aria-label": `${t("pos")[seat]}` },
      h("option", { value: "human", text: t("human") }), h("option", { value: "computer", text: t("computer") }),
      h("option", { value: "invite", text: t("friend") }));
    kind.value = seat === 0 ? "human" : "computer";
    const name = h("input", { type: "text", id: `seat-name-${seat}`, maxlength: 24, "aria-label": t("name_at", t("pos")[seat]),
      placeholder: seat === 0 ? t("you") : COMPUTER_NAMES[seat - 1] });
    box.append(h("div", { class: "seat-row" }, h("span", { class: "seat-pos", text: t("pos")[seat] }), kind, name));
  }
}

async function submitSetup(e) {
  e.preventDefault();
  if (!(await leaveAllowed())) return;
  const seats = [], names = [];
  const humans = [0, 1, 2, 3].filter((s) => $(`seat-kind-${s}`).value === "human");
  for (let s = 0; s < 4; s++) {
    const human = humans.includes(s), invited = $(`seat-kind-${s}`).value === "invite"; // a friend types their name on joining
    seats.push(human ? "human" : invited ? "invite" : computerSpec(s, humans));
    const typed = $(`seat-name-${s}`).value.trim();
    // a person's seat not named: null, the table's own name for it ("You", "Player 2"; localName says it here)
    names.push(typed || (human || invited ? null : COMPUTER_NAMES[(s + 2) % 3]));
  }
  rememberSettings();
  setPrefs({ deck: $("set-deck").value, lang: $("set-lang").value });
  try {
    const r = await api("/games", { method: "POST", body: { profile: setupProfile(), seats, names, deck: prefs.deck, lang: prefs.lang,
      ...(typeof PuurForms !== "undefined" ? PuurForms.createFields() : {}) } });
    closeDialog($("dlg-setup"));
    start(r.game_id, r.tokens);
  } catch (err) { toast(nameRefusal(err) || errorText(err)); }
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

// ----- the rules in words (issue 16): what the profile's options (RULES.md "Profile options") make of
// following suit, trumping, Weis, Stöck, Match, Schieben and the count, in the page's language -----
const RULE_SECTIONS = ["follow", "trump", "weis", "stoeck", "match", "schieben", "score"];
// The section of the rules a refusal of the "why" message is about.
const WHY_SECTION = { follow_suit: "follow", trump_only_when_void: "follow", trump_led: "trump", overtrump: "trump", undertrump: "trump" };

function ruleSentences(p, contracts) {
  const w = t("rw");
  const ranks = PuurCards.RANK_NAMES[prefs.deck][prefs.lang];
  const names = { J: ranks[5], Q: ranks[6], K: ranks[7], A: ranks[8], 10: ranks[4] };
  const say = (key, ...args) => {
    let s = w[key];
    args.forEach((a, i) => { s = s.replace(`{${i}}`, a); });
    return s.replace(/\{(J|Q|K|A|10)\}/g, (m, k) => names[k]);
  };
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
  clearTimeout(toastTimer); toastTimer = setTimeout(() => { $("toast").hidden = true; }, 8000); // time to reach the link
}

// ----- theme, motion and sound (issue 16) -----
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

// Cards that move: dealt into the hand, played in from the seat, gathered towards the trick's winner. Classes
// only (the CSS holds the animations; prefers-reduced-motion turns them off). Each card moves once: what was
// already seen is drawn in place on the next render.
const MOTION = { dealt: null, seen: new Set(), gathered: new Set() };
function animateTable(v) {
  const round = `${v.game_id}:${v.round_number}`;
  if (MOTION.dealt !== round && v.hand.length === 9 && !S.covered) {
    MOTION.dealt = round; MOTION.seen.clear();
    for (const b of $("hand").children) b.classList.add("deal");
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

// The installable app: the service worker keeps the table's files for use offline (never the API).
function registerServiceWorker() {
  if ("serviceWorker" in navigator && window.isSecureContext) navigator.serviceWorker.register("/sw.js").catch((e) => console.warn(e));
}

// ----- page setup -----
function translate() {
  document.documentElement.lang = prefs.lang;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  $("btn-stoeck").title = t("stoeck_note");
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
  $("btn-theme").onclick = toggleTheme;
  $("btn-sound").onclick = toggleSound;
  registerServiceWorker();
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
