// The place pages' words (lobby, tournaments, my player): each page's table is a data file beside it
// (lobby.words.json, tournament.words.json, player.words.json), imported as a JSON module, with each word's
// text in every language of the pages side by side: `"key": { "en": "…", "de": "…", "fr": "…" }`, so that a
// word and its translations stand together. A word lacking a language shows its English.
export const LANGUAGES = ["en", "de", "fr"];

// One language's texts of a page's words: what the page shows in lang.
export function words(table, lang) {
  return Object.fromEntries(Object.entries(table).map(([key, word]) => [key, word[lang] ?? word.en]));
}

// A page's t(key, ...args) in the language currentLang() names when called: {0}, {1}, … are filled from the
// args in order, {name} from an object given as the one arg; the key itself when the page has no such word.
export function translator(table, currentLang) {
  return (key, ...args) => {
    const word = table[key];
    const text = word ? word[currentLang()] ?? word.en : key;
    const named = typeof args[0] === "object" && args[0] !== null ? args[0] : {};
    return text.replace(/\{(\w+)\}/g, (_, k) => String((/^\d+$/.test(k) ? args[Number(k)] : named[k]) ?? ""));
  };
}

const PREFS_KEY = "puur.prefs"; // shared with the table and the tools: {lang, deck, ...}

function prefs() {
  try { return JSON.parse(localStorage.getItem(PREFS_KEY)) || {}; } catch { return {}; }
}

// The table's language when the player chose one there; on a first visit the browser's (de-CH → de).
export function chooseLang() {
  const chosen = prefs().lang;
  if (LANGUAGES.includes(chosen)) return chosen;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

// The language chosen here becomes the table's and the other pages' too.
export function saveLang(lang) {
  try { localStorage.setItem(PREFS_KEY, JSON.stringify({ ...prefs(), lang })); } catch { /* private mode */ }
}
