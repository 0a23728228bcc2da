// Shared helpers for the Puur tool pages: link bar, API calls, small DOM helpers. No dependencies.
"use strict";
const TOOLS = [
  ["jasstafel", "Jasstafel"], ["weis", "Weis calculator"], ["trick", "Who wins the trick"],
  ["coiffeur", "Coiffeur"], ["differenzler", "Differenzler"],
];
const CONTRACTS = [["C", "Eicheln"], ["H", "Rosen"], ["D", "Schellen"], ["S", "Schilten"], ["O", "Obenabe"], ["U", "Undenufe"]];
const SUITS = [["C", "Eicheln"], ["H", "Rosen"], ["D", "Schellen"], ["S", "Schilten"]];
const RANKS = [["6", "6"], ["7", "7"], ["8", "8"], ["9", "9"], ["10", "10"], ["J", "U"], ["Q", "O"], ["K", "K"], ["A", "A"]];

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
function cardLabel(code) {
  const s = SUITS.find(x => x[0] === code[0]); const r = RANKS.find(x => x[0] === code.slice(1));
  return (s ? s[1] : code[0]) + " " + (r ? r[1] : code.slice(1));
}
function toolbar() {
  const here = location.pathname.replace(/\/$/, "").split("/").pop();
  const nav = el("nav", { class: "toolbar", "aria-label": "Tools" }, el("a", { class: "brand", href: "/tools/" }, "Puur · Tools"));
  for (const [slug, name] of TOOLS) {
    nav.append(el("a", { class: "tool", href: "/tools/" + slug, "aria-current": here === slug ? "page" : null }, name));
  }
  document.body.prepend(nav);
  document.body.append(el("footer", {}, "Runs in your browser: the pages send the figures to this Puur server to be computed; nothing is stored on the server."));
}
async function api(tool, body) {
  const r = await fetch("/api/v1/tools/" + tool, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) {
    const d = Array.isArray(data.detail) ? data.detail[0] : { msg: String(data.detail), loc: [] };
    const where = (d.loc || []).filter(x => x !== "body").join(" › ");
    const err = new Error((where ? where + ": " : "") + d.msg); err.detail = d; throw err;
  }
  return data;
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
