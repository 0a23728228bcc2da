// The words of the ratings' pages (the leaderboard, the rating chart that the player page draws too) in English,
// German and French: one entry per word with its text in each language, as words.js reads them
// (tests/browser/test_leaderboard.py reads every visible text against them). {name} marks a value filled in by the page.
export const RATING_WORDS = {
  lang_name: { en: "English", de: "Deutsch", fr: "Français" },
  language: { en: "Language", de: "Sprache", fr: "Langue" },
  title: { en: "Puur · Leaderboard", de: "Puur · Rangliste", fr: "Puur · Classement" },
  heading: { en: "Leaderboard", de: "Rangliste", fr: "Classement" },
  lead: { en: "Rated matches between remembered players: public tables, and private tables that chose to count. The rating is the cautious one: it rises as a player's results become certain.", de: "Gewertete Partien zwischen bekannten Spielern: öffentliche Tische und private Tische, die gewertet werden wollten. Die Wertung ist die vorsichtige: sie steigt, je sicherer die Resultate eines Spielers sind.", fr: "Parties classées entre joueurs reconnus : tables publiques, et tables privées qui ont choisi de compter. Le classement est prudent : il monte à mesure que les résultats d’un joueur deviennent sûrs." },
  back: { en: "← Back to the table", de: "← Zurück zum Tisch", fr: "← Retour à la table" },
  col_rank: { en: "Rank", de: "Rang", fr: "Rang" },
  col_player: { en: "Player", de: "Spieler", fr: "Joueur" },
  col_rating: { en: "Rating", de: "Wertung", fr: "Classement" },
  col_matches: { en: "Matches", de: "Partien", fr: "Parties" },
  col_trend: { en: "Trend", de: "Tendenz", fr: "Tendance" },
  trend_aria: { en: "{delta} over the last {n} matches", de: "{delta} in den letzten {n} Partien", fr: "{delta} sur les {n} dernières parties" },
  you: { en: "you", de: "du", fr: "toi" },
  empty: { en: "No rated match yet.", de: "Noch keine gewertete Partie.", fr: "Pas encore de partie classée." },
  loading: { en: "Loading…", de: "Wird geladen…", fr: "Chargement…" },
  failed: { en: "The leaderboard could not be loaded: {msg}", de: "Die Rangliste konnte nicht geladen werden: {msg}", fr: "Le classement n’a pas pu être chargé : {msg}" },
  prev: { en: "Previous", de: "Zurück", fr: "Précédent" },
  next: { en: "Next", de: "Weiter", fr: "Suivant" },
  page_of: { en: "{from}–{to} of {total}", de: "{from}–{to} von {total}", fr: "{from}–{to} sur {total}" },
  history_of: { en: "Rating of {name}", de: "Wertung von {name}", fr: "Classement de {name}" },
  history_summary: { en: "Rating {rating} after {matches} matches", de: "Wertung {rating} nach {matches} Partien", fr: "Classement {rating} après {matches} parties" },
  history_none: { en: "{name} has no rated match yet.", de: "{name} hat noch keine gewertete Partie.", fr: "{name} n’a pas encore de partie classée." },
  chart_aria: { en: "The rating of {name} over {n} matches, from {first} to {last}", de: "Die Wertung von {name} über {n} Partien, von {first} bis {last}", fr: "Le classement de {name} sur {n} parties, de {first} à {last}" },
  chart_first: { en: "first match", de: "erste Partie", fr: "première partie" },
  chart_last: { en: "last match", de: "letzte Partie", fr: "dernière partie" },
  won: { en: "won", de: "gewonnen", fr: "gagnée" },
  lost: { en: "lost", de: "verloren", fr: "perdue" },
  close: { en: "Close", de: "Schliessen", fr: "Fermer" },
};

// A word of `lang`, {name} filled from vars; the key itself when missing (the browser test catches it).
export function word(lang, key, vars) {
  const entry = RATING_WORDS[key];
  const s = entry ? entry[lang] ?? entry.en : key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
}

// A rating as the pages write it: one decimal, the language's decimal mark.
export function ratingText(lang, x) {
  return new Intl.NumberFormat(lang === "en" ? "en" : `${lang}-CH`, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x);
}
