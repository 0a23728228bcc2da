// Coiffeur and Differenzler at the table: the game choice in New game, the form's sheet beside
// the score (the Coiffeur and Differenzler tools' layout), the column chooser and the prediction.
// Loaded before the table's own files; it uses their globals ($, h, S, act, seatName, contractName, prefs)
// only when called, after all have loaded. The server decides what is legal: the buttons are its legal_actions.
"use strict";

const FORMS_TEXT = {
  en: {
    game: "Game", schieber: "Schieber", coiffeur8: "Coiffeur (8 columns)", coiffeur10: "Coiffeur (10 columns, Slalom and Guschti)",
    differenzler4: "Differenzler (4 rounds)", differenzler8: "Differenzler (8 rounds)",
    choose_column: "Choose a column of your team", push: "Schieben", factor: "Factor", total: "Total",
    we: "We", they: "They", predict_title: "Your prediction: the points you will take this round", predict: "Predict",
    predicted: "predicted", taken: "taken", prediction: "Your prediction", turned_up: "Turned up", round: "Round",
    penalty: "Penalty", lowest_wins: "Lowest total wins", joker: "Joker {0}", as: "as",
    over_tie: "A tie at {0}.", over_win: "{0} win {1} to {2}.", over_diff: "{0} won with {1} (lowest total).",
  },
  de: {
    game: "Spiel", schieber: "Schieber", coiffeur8: "Coiffeur (8 Spalten)", coiffeur10: "Coiffeur (10 Spalten, Slalom und Guschti)",
    differenzler4: "Differenzler (4 Runden)", differenzler8: "Differenzler (8 Runden)",
    choose_column: "Wähle eine Spalte deines Teams", push: "Schieben", factor: "Faktor", total: "Total",
    we: "Wir", they: "Sie", predict_title: "Deine Ansage: die Punkte, die du in dieser Runde machst", predict: "Ansagen",
    predicted: "angesagt", taken: "gemacht", prediction: "Deine Ansage", turned_up: "Aufgedeckt", round: "Runde",
    penalty: "Differenz", lowest_wins: "Das tiefste Total gewinnt", joker: "Joker {0}", as: "als",
    over_tie: "Unentschieden bei {0}.", over_win: "{0} gewinnen {1} zu {2}.", over_diff: "{0} gewinnt mit {1} (tiefstes Total).",
  },
  fr: {
    game: "Jeu", schieber: "Schieber", coiffeur8: "Coiffeur (8 colonnes)", coiffeur10: "Coiffeur (10 colonnes, Slalom et Guschti)",
    differenzler4: "Differenzler (4 manches)", differenzler8: "Differenzler (8 manches)",
    choose_column: "Choisissez une colonne de votre équipe", push: "Chibrer", factor: "Facteur", total: "Total",
    we: "Nous", they: "Eux", predict_title: "Votre annonce : les points que vous ferez dans cette manche", predict: "Annoncer",
    predicted: "annoncé", taken: "fait", prediction: "Votre annonce", turned_up: "Retournée", round: "Manche",
    penalty: "Écart", lowest_wins: "Le total le plus bas gagne", joker: "Joker {0}", as: "en",
    over_tie: "Égalité à {0}.", over_win: "{0} gagnent {1} à {2}.", over_diff: "{0} gagne avec {1} (total le plus bas).",
  },
};
const FORM_CHOICES = {
  schieber: {}, coiffeur8: { form: "coiffeur", columns: 8 }, coiffeur10: { form: "coiffeur", columns: 10 },
  differenzler4: { form: "differenzler", rounds: 4 }, differenzler8: { form: "differenzler", rounds: 8 },
};

const PuurForms = (() => {
  const ft = (key, ...args) => {
    let s = (FORMS_TEXT[prefs.lang] || FORMS_TEXT.en)[key] || FORMS_TEXT.en[key] || key;
    args.forEach((a, i) => { s = s.replace(`{${i}}`, a); });
    return s;
  };
  const el = (id) => document.getElementById(id);

  // ----- New game -----
  function setup() {
    // the page's translation table holds these words too (what a page in that language may show)
    if (typeof I18N !== "undefined") for (const lang of Object.keys(FORMS_TEXT)) if (I18N[lang] && !I18N[lang].forms) I18N[lang].forms = FORMS_TEXT[lang];
    const form = el("setup-form");
    if (!form || el("set-form")) return;
    const sel = h("select", { id: "set-form" });
    for (const key of Object.keys(FORM_CHOICES)) sel.append(h("option", { value: key, text: ft(key) }));
    sel.value = localStorage.getItem("puur.form") || "schieber";
    if (!(sel.value in FORM_CHOICES)) sel.value = "schieber";
    sel.addEventListener("change", () => localStorage.setItem("puur.form", sel.value));
    const label = h("label", { class: "span2 form-choice" }, h("span", { id: "set-form-label", text: ft("game") }), sel);
    const grid = form.querySelector(".grid2");
    if (grid) grid.prepend(label); else form.prepend(label);
  }
  function relabel() {
    const sel = el("set-form");
    if (!sel) return;
    el("set-form-label").textContent = ft("game");
    for (const opt of sel.options) opt.textContent = ft(opt.value);
  }
  // The request's form fields (POST /api/v1/games): none for the Schieber.
  function createFields() {
    const sel = el("set-form");
    return sel ? { ...FORM_CHOICES[sel.value] } : {};
  }

  // ----- the table -----
  function panel() {
    let p = el("form-panel");
    if (!p) {
      p = h("div", { class: "panel form-panel", id: "form-panel" });
      const score = document.querySelector(".score-panel");
      if (score) score.after(p); else document.body.append(p);
    }
    return p;
  }
  function chooser() {
    let c = el("form-choose");
    if (!c) {
      c = h("div", { class: "form-choose", id: "form-choose", role: "group" });
      const anchor = el("choose");
      if (anchor) anchor.after(c); else document.body.append(c);
    }
    return c;
  }
  const teamLabel = (team) => (S.seat !== null && S.seat % 2 === team ? ft("we") : ft("they"));
  function columnName(col, i, sheet) {
    if (col.kind === "contract" && col.contract) return contractName(col.contract);
    if (col.kind === "joker") return ft("joker", sheet.columns.slice(0, i + 1).filter((c) => c.kind === "joker").length);
    return col.name;
  }

  function render(v) {
    const p = panel(), c = chooser();
    if (!v || !v.form) { p.hidden = true; c.hidden = true; document.body.classList.remove("form-coiffeur", "form-differenzler"); return; }
    p.hidden = false;
    document.body.classList.toggle("form-coiffeur", v.form.form === "coiffeur");
    document.body.classList.toggle("form-differenzler", v.form.form === "differenzler");
    if (v.form.form === "coiffeur") { drawCoiffeur(p, v); fixBanner(v); } else drawDifferenzler(p, v);
    drawChooser(c, v);
  }

  function drawCoiffeur(p, v) {
    const sheet = v.form.sheet, cur = v.form.current;
    const head = h("tr", {}, h("th", { text: "" }));
    const factors = h("tr", { class: "factors" }, h("th", { text: ft("factor") }));
    sheet.columns.forEach((col, i) => {
      head.append(h("th", { text: columnName(col, i, sheet), "data-col": sheet.keys[i] }));
      factors.append(h("td", { text: `×${col.factor}` }));
    });
    head.append(h("th", { text: ft("total") }));
    factors.append(h("td", { text: "" }));
    const rows = [0, 1].map((team) => {
      const tr = h("tr", { "data-team": team }, h("th", { text: teamLabel(team) }));
      sheet.columns.forEach((col, i) => {
        const box = sheet.boxes[team][i];
        const playing = cur && cur.team === team && cur.column === sheet.keys[i];
        const joker = sheet.jokers[team][i];
        const td = h("td", {
          class: (box === null ? "empty" : "filled") + (playing ? " playing" : ""), "data-col": sheet.keys[i],
          text: box === null ? "" : String(box),
        });
        if (joker || (playing && col.kind !== "contract")) td.title = contractName(joker || cur.contract);
        tr.append(td);
      });
      tr.append(h("td", { class: "total", text: String(sheet.totals[team]) }));
      return tr;
    });
    const table = h("table", { class: "form-sheet coiffeur-sheet", id: "coiffeur-sheet" }, head, factors, ...rows);
    const kids = [h("h2", { text: "Coiffeur" }), h("div", { class: "form-scroll" }, table)];
    if (sheet.complete) {
      const w = sheet.winner;
      kids.push(h("p", { class: "form-result", id: "form-result",
        text: w === null ? ft("over_tie", sheet.totals[0]) : ft("over_win", teamLabel(w), sheet.totals[w], sheet.totals[1 - w]) }));
    }
    p.replaceChildren(...kids);
  }

  function drawDifferenzler(p, v) {
    const f = v.form, sheet = f.sheet;
    const head = h("tr", {}, h("th", { text: ft("round") }), ...[0, 1, 2, 3].map((s) => h("th", { text: seatName(s) })));
    const rows = sheet.rounds.map((r) => h("tr", { class: "diff-round" }, h("th", { text: String(r.number) }),
      ...r.predicted.map((pr, s) => h("td", { title: `${ft("predicted")} ${pr}, ${ft("taken")} ${r.actual[s]}`,
        text: `${pr}/${r.actual[s]} +${r.differences[s]}` }))));
    const total = h("tr", { class: "totals" }, h("th", { text: ft("total") }),
      ...sheet.totals.map((x, s) => h("td", { text: String(x), "data-seat": s })));
    const kids = [h("h2", { text: "Differenzler" }),
      h("table", { class: "form-sheet diff-sheet", id: "diff-sheet" }, head, ...rows, total),
      h("p", { class: "form-note", text: `${ft("lowest_wins")} · ${sheet.rounds.length}/${sheet.rounds_planned}` })];
    if (v.status !== "over") {
      const now = h("tr", {}, h("th", { text: ft("taken") }), ...f.taken.map((x, s) => h("td", { text: String(x),
        class: f.predicted[s] ? "has-prediction" : "", title: f.predicted[s] ? ft("predicted") : "" })));
      kids.push(h("table", { class: "form-sheet diff-now", id: "diff-now" }, now));
      const mine = [];
      if (f.own_prediction !== null) mine.push(`${ft("prediction")}: ${f.own_prediction}`);
      if (f.turned_up) mine.push(`${ft("turned_up")}: ${cardName(f.turned_up)}`);
      if (mine.length) kids.push(h("p", { class: "form-note", id: "own-prediction", text: mine.join(" · ") }));
    } else {
      const low = Math.min(...sheet.totals);
      kids.push(h("p", { class: "form-result", id: "form-result",
        text: ft("over_diff", sheet.leaders.map((s) => seatName(s)).join(", "), low) }));
    }
    p.replaceChildren(...kids);
  }

  // The column of the round in play: its factor in the banner (not the profile's).
  function fixBanner(v) {
    const cur = v.form.current;
    const fac = document.querySelector("#banner .factor");
    if (!cur || !fac) return;
    const i = v.form.sheet.keys.indexOf(cur.column);
    if (i >= 0) fac.textContent = `${columnName(v.form.sheet.columns[i], i, v.form.sheet)} ×${v.form.sheet.columns[i].factor}`;
  }

  function drawChooser(c, v) {
    const mine = v.to_act === S.seat && !S.covered && v.status !== "over";
    const choosing = mine && v.phase === "contract" && v.form.form === "coiffeur";
    const predicting = mine && v.phase === "predict";
    c.hidden = !(choosing || predicting);
    if (c.hidden) { c.replaceChildren(); return; }
    if (choosing) {
      const sheet = v.form.sheet;
      const kids = [h("p", { class: "form-choose-title", text: ft("choose_column") })];
      const box = h("div", { class: "form-columns" });
      for (const a of v.legal_actions) {
        let label;
        if (a === "P") label = ft("push");
        else {
          const [key, contract] = a.slice("column:".length).split("=");
          const i = sheet.keys.indexOf(key);
          label = `${columnName(sheet.columns[i], i, sheet)} ×${sheet.columns[i].factor}` + (contract ? ` ${ft("as")} ${contractName(contract)}` : "");
        }
        box.append(h("button", { type: "button", class: "column-btn" + (a === "P" ? " push" : ""), "data-action": a,
          onclick: (e) => { for (const b of c.querySelectorAll("button")) b.disabled = true; e.currentTarget.blur(); act(a); } }, h("span", { text: label })));
      }
      kids.push(box);
      c.replaceChildren(...kids);
      return;
    }
    const most = Math.max(...v.legal_actions.filter((a) => a.startsWith("predict:")).map((a) => Number(a.slice(8))));
    const input = h("input", { type: "number", id: "predict-input", min: 0, max: most, step: 1, value: "",
      inputmode: "numeric", "aria-label": ft("prediction") });
    const go = h("button", { type: "button", class: "primary", id: "predict-btn", text: ft("predict") });
    const send = () => {
      const n = Number(input.value);
      if (!Number.isInteger(n) || n < 0 || n > most || input.value === "") { input.focus(); return; }
      go.disabled = true; input.disabled = true;
      act(`predict:${n}`);
    };
    go.addEventListener("click", send);
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); send(); } });
    c.replaceChildren(h("p", { class: "form-choose-title", text: ft("predict_title") }),
      h("div", { class: "form-predict" }, input, go));
  }

  // The end of a form's match in words, for the status line.
  function resultParts(v) {
    const sheet = v.form.sheet;
    if (v.form.form === "differenzler") return [ft("over_diff", sheet.leaders.map((s) => seatName(s)).join(", "), Math.min(...sheet.totals))];
    const w = sheet.winner;
    return [w === null ? ft("over_tie", sheet.totals[0]) : ft("over_win", teamLabel(w), sheet.totals[w], sheet.totals[1 - w])];
  }

  return { setup, relabel, createFields, render, resultParts };
})();

document.addEventListener("DOMContentLoaded", () => PuurForms.setup());
