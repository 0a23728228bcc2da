// The words of the ratings' pages (the leaderboard, the rating chart that the player page draws too) in English,
// German and French: one table per language, the same keys in each (tests/browser/test_leaderboard.py reads
// every visible text against them). {name} marks a value filled in by the page.
export const RATING_WORDS = {
  en: {
    lang_name: "English",
    language: "Language",
    title: "Puur · Leaderboard",
    heading: "Leaderboard",
    lead: "Rated matches between remembered players: public tables, and private tables that chose to count. The rating is the cautious one: it rises as a player's results become certain.",
    back: "← Back to the table",
    col_rank: "Rank",
    col_player: "Player",
    col_rating: "Rating",
    col_matches: "Matches",
    col_trend: "Trend",
    trend_aria: "{delta} over the last {n} matches",
    you: "you",
    empty: "No rated match yet.",
    loading: "Loading…",
    failed: "The leaderboard could not be loaded: {msg}",
    prev: "Previous",
    next: "Next",
    page_of: "{from}–{to} of {total}",
    history_of: "Rating of {name}",
    history_summary: "Rating {rating} after {matches} matches",
    history_none: "{name} has no rated match yet.",
    chart_aria: "The rating of {name} over {n} matches, from {first} to {last}",
    chart_first: "first match",
    chart_last: "last match",
    won: "won",
    lost: "lost",
    close: "Close",
  },
  de: {
    lang_name: "Deutsch",
    language: "Sprache",
    title: "Puur · Rangliste",
    heading: "Rangliste",
    lead: "Gewertete Partien zwischen bekannten Spielern: öffentliche Tische und private Tische, die gewertet werden wollten. Die Wertung ist die vorsichtige: sie steigt, je sicherer die Resultate eines Spielers sind.",
    back: "← Zurück zum Tisch",
    col_rank: "Rang",
    col_player: "Spieler",
    col_rating: "Wertung",
    col_matches: "Partien",
    col_trend: "Tendenz",
    trend_aria: "{delta} in den letzten {n} Partien",
    you: "du",
    empty: "Noch keine gewertete Partie.",
    loading: "Wird geladen…",
    failed: "Die Rangliste konnte nicht geladen werden: {msg}",
    prev: "Zurück",
    next: "Weiter",
    page_of: "{from}–{to} von {total}",
    history_of: "Wertung von {name}",
    history_summary: "Wertung {rating} nach {matches} Partien",
    history_none: "{name} hat noch keine gewertete Partie.",
    chart_aria: "Die Wertung von {name} über {n} Partien, von {first} bis {last}",
    chart_first: "erste Partie",
    chart_last: "letzte Partie",
    won: "gewonnen",
    lost: "verloren",
    close: "Schliessen",
  },
  fr: {
    lang_name: "Français",
    language: "Langue",
    title: "Puur · Classement",
    heading: "Classement",
    lead: "Parties classées entre joueurs reconnus : tables publiques, et tables privées qui ont choisi de compter. Le classement est prudent : il monte à mesure que les résultats d’un joueur deviennent sûrs.",
    back: "← Retour à la table",
    col_rank: "Rang",
    col_player: "Joueur",
    col_rating: "Classement",
    col_matches: "Parties",
    col_trend: "Tendance",
    trend_aria: "{delta} sur les {n} dernières parties",
    you: "toi",
    empty: "Pas encore de partie classée.",
    loading: "Chargement…",
    failed: "Le classement n’a pas pu être chargé : {msg}",
    prev: "Précédent",
    next: "Suivant",
    page_of: "{from}–{to} sur {total}",
    history_of: "Classement de {name}",
    history_summary: "Classement {rating} après {matches} parties",
    history_none: "{name} n’a pas encore de partie classée.",
    chart_aria: "Le classement de {name} sur {n} parties, de {first} à {last}",
    chart_first: "première partie",
    chart_last: "dernière partie",
    won: "gagnée",
    lost: "perdue",
    close: "Fermer",
  },
};

export const LANGS = ["en", "de", "fr"];
const PREFS_KEY = "puur.prefs"; // shared with the table and the tools: {lang, deck, ...}

function prefs() {
  try { return JSON.parse(localStorage.getItem(PREFS_KEY)) || {}; } catch { return {}; }
}

// The table's language when the player chose one there; on a first visit the browser's (de-CH → de).
export function chooseLang() {
  const chosen = prefs().lang;
  if (LANGS.includes(chosen)) return chosen;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export function saveLang(lang) {
  try { localStorage.setItem(PREFS_KEY, JSON.stringify({ ...prefs(), lang })); } catch { /* private mode */ }
}

// A word of `lang`, {name} filled from vars; the key itself when missing (the browser test catches it).
export function word(lang, key, vars) {
  const table = RATING_WORDS[lang] || RATING_WORDS.en;
  const s = key in table ? table[key] : key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
}

// A rating as the pages write it: one decimal, the language's decimal mark.
export function ratingText(lang, x) {
  return new Intl.NumberFormat(lang === "en" ? "en" : `${lang}-CH`, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x);
}
