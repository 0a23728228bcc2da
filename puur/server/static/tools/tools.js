// Shared helpers for the Puur tool pages: link bar (the tools, the way back to the table, the language),
// the page's language and words (TOOLS_TEXT from i18n.js), card names (PuurCards from the table's cards.js),
// API calls, small DOM helpers.
"use strict";
const TOOLS = ["jasstafel", "weis", "trick", "coiffeur", "differenzler"];
const LANGS = ["en", "de", "fr"];
const PREFS_KEY = "puur.prefs"; // shared with the table: {lang, deck, ...}

// The table's language when the player chose one there or here; on a first visit the browser's (de-CH → de).
function chooseLang() {
  const prefs = load(PREFS_KEY) || {};
  if (LANGS.includes(prefs.lang)) return prefs.lang;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}
let LANG = chooseLang();
const DECK = (load(PREFS_KEY) || {}).deck === "french" ? "french" : "swiss";
// A word of the page's language, {name} filled from vars; the key itself when missing (a test catches it).
function t(key, vars) {
  const table = TOOLS_TEXT[LANG] || TOOLS_TEXT.en;
  const s = key in table ? table[key] : key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
}
function setLang(lang) {
  LANG = lang;
  const prefs = load(PREFS_KEY) || {}; prefs.lang = lang; store(PREFS_KEY, prefs);
  translate();
  document.dispatchEvent(new Event("puur:lang")); // each page redraws what it wrote from the server's answer
}
// Static words: data-i18n (text), data-i18n-aria (aria-label), data-i18n-placeholder; data-i18n-vars (JSON).
function translate(root) {
  document.documentElement.lang = LANG;
  for (const e of $$("[data-i18n], [data-i18n-aria], [data-i18n-placeholder]", root || document)) {
    const vars = e.dataset.i18nVars ? JSON.parse(e.dataset.i18nVars) : undefined;
    if (e.dataset.i18n) e.textContent = t(e.dataset.i18n, vars);
    if (e.dataset.i18nAria) e.setAttribute("aria-label", t(e.dataset.i18nAria, vars));
    if (e.dataset.i18nPlaceholder) e.setAttribute("placeholder", t(e.dataset.i18nPlaceholder, vars));
  }
}
// An element whose words follow the language: el("h3", tr("seat_n", {n: 1})).
function tr(key, vars, aria) {
  const a = { [aria ? "data-i18n-aria" : "data-i18n"]: key };
  if (vars) a["data-i18n-vars"] = JSON.stringify(vars);
  return a;
}
const CONTRACT_CODES = ["C", "H", "D", "S", "O", "U"];
const SUIT_CODES = ["C", "H", "D", "S"];
const RANK_CODES = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"];
function suitName(code) { return PuurCards.suitName(code, DECK, LANG); }
function contractName(code) { return "CDHS".includes(code) ? suitName(code) : t("contract_" + code); }
function contracts() { return CONTRACT_CODES.map(c => [c, contractName(c)]); }
// The rank as the deck's index letter (U, O, K, A for the Swiss deck; J, Q, K, A for the French).
function rankIndex(r) { return DECK === "swiss" ? ({ J: "U", Q: "O" }[r] || r) : r; }
function ranks() { return RANK_CODES.map(r => [r, rankIndex(r)]); }

function $(sel, root) { return (root || document).querySelector(sel); }
function $$(sel, root) { return Array.from((root || document).querySelectorAll(sel)); }
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
    else if (k === "style") e.style.cssText = v; // through the CSSOM: the pages' CSP refuses style attributes
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c.nodeType ? c : String(c));
  return e;
}
// A card's name in the page's language and the player's deck (the table's names: "Rosen Under", "Ace of hearts").
function cardLabel(code) { return PuurCards.cardName(code, DECK, LANG); }
function toolbar() {
  const here = location.pathname.replace(/\/$/, "").split("/").pop();
  const nav = el("nav", Object.assign({ class: "toolbar" }, tr("nav_tools", null, true)),
    el("a", Object.assign({ class: "back", href: "/", id: "back-to-table" }, tr("back_to_table"))),
    el("a", Object.assign({ class: "brand", href: "/tools/" }, tr("brand"))));
  for (const slug of TOOLS) {
    nav.append(el("a", Object.assign({ class: "tool", href: "/tools/" + slug, "aria-current": here === slug ? "page" : null }, tr("tool_" + slug))));
  }
  const pick = el("select", Object.assign({ id: "tools-lang", onchange: e => setLang(e.target.value) }, tr("language", null, true)));
  fillSelect(pick, LANGS.map(l => [l, TOOLS_TEXT[l].lang_name]), LANG); // each language named in itself
  nav.append(el("span", { class: "lang" }, pick));
  document.body.prepend(nav);
  document.body.append(el("footer", tr("footer")));
  translate();
}
// Requests of which only the newest answer counts (an older one arriving late is dropped): ask() numbers
// a request, newest(n) tells whether it is still the last asked, mark() the count asked so far,
// drop() makes every answer on its way stale, and claim(n) takes the answer of a change sent after
// mark() gave n (a round written) as the newest when nothing was asked since (true; one asked before it
// and still on its way is dropped); false: something asked meanwhile did not have the change.
function latest() {
  let asked = 0;
  return {
    ask: () => ++asked,
    newest: (n) => n === asked,
    mark: () => asked,
    drop: () => { asked++; },
    claim(n) { if (n !== asked) return false; asked++; return true; },
  };
}
// A scoreboard's computation by the server, or, when it cannot be reached, by the engine in the page
// (/static/table/offline.js: the same Python, the same answer; docs/offline-table.md).
async function api(tool, body) {
  let ok, data;
  try {
    const r = await fetch("/api/v1/tools/" + tool, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    ok = r.ok; data = await r.json();
  } catch (e) {
    if (typeof Offline === "undefined") throw e;
    ({ ok, data } = await Offline.tool(tool, body));
  }
  if (!ok) {
    const d = Array.isArray(data.detail) ? data.detail[0] : { msg: String(data.detail), loc: [] };
    // A page words the errors it knows (err.detail: loc, type, ctx.code); any other is the server's own words.
    const err = new Error(t("server_error", { msg: errorWords(d) })); err.detail = d; throw err;
  }
  return data;
}
// Where in the request an error lies, in the page's words ("seat 2, Weis 1, card 3"): each part of the
// error's loc that is followed by an index and has a where_<part> word; the page's input otherwise.
function whereWords(loc) {
  const table = TOOLS_TEXT[LANG] || TOOLS_TEXT.en, l = (loc || []).filter(x => x !== "body"), parts = [];
  for (let i = 0; i < l.length; i++) {
    if (typeof l[i] === "string" && typeof l[i + 1] === "number" && ("where_" + l[i]) in table) {
      parts.push(t("where_" + l[i], { n: l[i + 1] + 1 })); i++;
    }
  }
  return parts.length ? parts.join(", ") : t("where_input");
}
// An error in the page's words: a code the server gives (err_<code>, values through the page's wordParams,
// cards by name), else pydantic's error type (err_type_<type>), else a plain refusal naming where it lies.
// The server's own (English) words only on an English page and only for an error no table knows.
function errorWords(d) {
  d = d || {};
  const ctx = d.ctx || {}, table = TOOLS_TEXT[LANG] || TOOLS_TEXT.en;
  const v = Object.assign({ where: whereWords(d.loc), input: d.input === undefined ? "" : String(d.input) }, ctx);
  if (typeof v.card === "string") v.card = cardLabel(v.card);
  if (typeof v.cards === "string") v.cards = v.cards.split(" ").map(cardLabel).join(", ");
  let key = null;
  if (ctx.code && ("err_" + ctx.code) in table) key = "err_" + ctx.code;
  else if (!ctx.code && d.type && ("err_type_" + d.type) in table) key = "err_type_" + d.type;
  if (key === null) return LANG === "en" && d.msg ? d.msg : t("err_refused", v);
  if (typeof wordParams === "function") wordParams(v);
  return t(key, v);
}
// A notice ({code, params, text}) in the page's words: prefix + code, values through wordParams.
function noticeWords(prefix, n) {
  const table = TOOLS_TEXT[LANG] || TOOLS_TEXT.en;
  if (!n || !((prefix + n.code) in table)) return n ? n.text : "";
  const v = Object.assign({}, n.params || {});
  if (typeof wordParams === "function") wordParams(v);
  return t(prefix + n.code, v);
}
function intOr(value, dflt) { const s = String(value).trim(); if (s === "") return dflt; const n = Number(s); return Number.isInteger(n) ? n : NaN; }
function store(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode */ } }
function load(key) { try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; } }
function fillSelect(sel, options, value) {
  sel.replaceChildren(...options.map(([v, label]) => el("option", { value: v }, label)));
  if (value !== undefined && value !== null) sel.value = String(value);
}
function printButtons() { for (const b of $$("[data-print]")) b.addEventListener("click", () => window.print()); }
document.addEventListener("DOMContentLoaded", toolbar);
document.addEventListener("DOMContentLoaded", printButtons);
