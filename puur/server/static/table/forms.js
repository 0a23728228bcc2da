// Coiffeur and Differenzler at the table: the game choice in New game, the form's sheet beside
// the score (the Coiffeur and Differenzler tools' layout), the column chooser and the prediction.
// Loaded before the table's own files; it uses their globals ($, h, S, act, seatName, contractName, prefs, t, fill)
// only when called, after all have loaded. The server decides what is legal: the buttons are its legal_actions.
"use strict";

const FORM_CHOICES = {
  schieber: {}, coiffeur8: { form: "coiffeur", columns: 8 }, coiffeur10: { form: "coiffeur", columns: 10 },
  differenzler4: { form: "differenzler", rounds: 4 }, differenzler8: { form: "differenzler", rounds: 8 },
  differenzler_t: { form: "differenzler" },
};

const PuurForms = (() => {
  // A word of the forms (i18n.js, under forms) in the page's language, English where it lacks one.
  const ft = (key, ...args) => fill(t("forms")[key] || I18N.en.forms[key] || key, args);
  const el = (id) => document.getElementById(id);

  // ----- New game -----
  function setup() {
    const form = el("setup-form");
    if (!form || el("set-form")) return;
    const sel = h("select", { id: "set-form" });
    for (const key of Object.keys(FORM_CHOICES)) sel.append(h("option", { value: key, text: ft(key) }));
    sel.value = localStorage.getItem("puur.form") || "schieber";
    if (!(sel.value in FORM_CHOICES)) sel.value = "schieber";
    sel.addEventListener("change", () => { localStorage.setItem("puur.form", sel.value); showSettings(); });
    const label = h("label", { class: "span2 form-choice" }, h("span", { id: "set-form-label", text: ft("game") }), sel);
    const grid = form.querySelector(".grid2");
    if (grid) { grid.prepend(label); label.after(settingsBox()); } else form.prepend(label, settingsBox());
    showSettings();
  }

  // ----- the form's table settings (docs/forms.md): each with its default, said in the page's language -----
  const check = (id, on) => h("input", { type: "checkbox", id, ...(on ? { checked: "" } : {}) });
  const row = (id, input) => h("label", { class: "span2 form-setting" }, input, h("span", { id: `${id}-label`, text: ft(id.slice(4)) }));
  function pick(id, values) {
    const sel = h("select", { id });
    for (const v of values) sel.append(h("option", { value: v, text: v }));
    return sel;
  }
  function settingsBox() {
    const coif = h("div", { class: "span2 form-settings", id: "form-settings-coiffeur" },
      row("set-opponents_count", check("set-opponents_count", true)),
      row("set-jokers_differ", check("set-jokers_differ", false)),
      h("p", { class: "form-note", id: "set-extra_factors-label", text: ft("extra_factors") }),
      h("label", { class: "form-setting", id: "set-extra-factors" },
        h("span", { id: "set-slalom-label", text: ft("slalom") }),
        h("input", { type: "number", id: "set-slalom", min: 1, max: 100, step: 1, value: 9 }),
        h("span", { id: "set-guschti-label", text: ft("guschti") }),
        h("input", { type: "number", id: "set-guschti", min: 1, max: 100, step: 1, value: 10 })));
    const diff = h("div", { class: "span2 form-settings", id: "form-settings-differenzler" },
      h("label", { class: "span2 form-setting" }, h("span", { id: "set-predictions-label", text: ft("predictions") }),
        pick("set-predictions", ["open", "covered"])),
      h("label", { class: "span2 form-setting" }, h("span", { id: "set-contract_rule-label", text: ft("contract_rule") }),
        pick("set-contract", ["turned_up", "rotate", "forehand"])),
      row("set-match_bonus", check("set-match_bonus", true)),
      row("set-weis_stoeck", check("set-weis_stoeck", false)),
      h("label", { class: "span2 form-setting" }, h("span", { id: "set-threshold-label", text: ft("threshold") }),
        h("input", { type: "number", id: "set-threshold", min: 1, max: 100000, step: 1, value: "" })));
    return h("div", { class: "span2", id: "form-settings" }, coif, diff);
  }
  function showSettings() {
    const sel = el("set-form");
    if (!sel || !el("form-settings")) return;
    const choice = FORM_CHOICES[sel.value] || {};
    el("form-settings-coiffeur").hidden = choice.form !== "coiffeur";
    el("set-extra-factors").hidden = choice.columns !== 10;
    el("set-extra_factors-label").hidden = choice.columns !== 10;
    el("form-settings-differenzler").hidden = choice.form !== "differenzler";
    if (sel.value === "differenzler_t" && !el("set-threshold").value) el("set-threshold").value = 1000; // page 28's app target
  }
  function relabelSettings() {
    if (!el("form-settings")) return;
    for (const key of ["opponents_count", "jokers_differ", "extra_factors", "slalom", "guschti", "predictions", "contract_rule",
      "match_bonus", "weis_stoeck", "threshold"]) el(`set-${key}-label`).textContent = ft(key);
    for (const opt of el("set-predictions").options) opt.textContent = ft(`pred_${opt.value}`);
    for (const opt of el("set-contract").options) opt.textContent = ft(`rule_${opt.value}`);
  }
  // The form's settings as POST /api/v1/games takes them (form_settings), every one written out.
  function settingsFields(choice) {
    if (choice.form === "coiffeur") {
      const out = { opponents_count: el("set-opponents_count").checked, joker_may_repeat: !el("set-jokers_differ").checked };
      if (choice.columns === 10) out.factors = [1, 2, 3, 4, 5, 6, 7, 8, Number(el("set-slalom").value) || 9, Number(el("set-guschti").value) || 10];
      return out;
    }
    const out = { predictions: el("set-predictions").value, contract: el("set-contract").value,
      match_bonus: el("set-match_bonus").checked, weis_stoeck: el("set-weis_stoeck").checked };
    const threshold = Number(el("set-threshold").value);
    if (el("set-threshold").value !== "" && Number.isInteger(threshold) && threshold > 0) out.threshold = threshold;
    return out;
  }
  function relabel() {
    const sel = el("set-form");
    if (!sel) return;
    el("set-form-label").textContent = ft("game");
    for (const opt of sel.options) opt.textContent = ft(opt.value);
    relabelSettings();
  }
  // The request's form fields (POST /api/v1/games): none for the Schieber.
  function createFields() {
    const sel = el("set-form");
    if (!sel) return {};
    const choice = { ...FORM_CHOICES[sel.value] };
    if (!choice.form) return choice;
    const settings = settingsFields(choice);
    if (sel.value === "differenzler_t" && settings.threshold === undefined) settings.threshold = 1000;
    return { ...choice, form_settings: settings };
  }

  // ----- the table -----
  function panel() {
    let p = el("form-panel");
    if (!p) {
      p = h("div", { class: "panel form-panel", id: "form-panel" });
      const score = document.querySelector(".score-panel"); // the form's board where the Schieber's would be
      if (score) score.before(p); else document.body.append(p);
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

  // The Coiffeur sheet with its columns as rows (a column's name and factor, then each team's box), so it
  // fits a phone's width and the side's; the boxes still open are marked, and each team's open columns said.
  function drawCoiffeur(p, v) {
    const sheet = v.form.sheet, cur = v.form.current;
    const head = h("tr", {}, h("th", { text: ft("column") }), h("th", { text: ft("factor") }),
      ...[0, 1].map((team) => h("th", { text: teamLabel(team), "data-team": team })));
    const rows = sheet.columns.map((col, i) => {
      const tr = h("tr", { "data-col": sheet.keys[i] }, h("th", { text: columnName(col, i, sheet), "data-col": sheet.keys[i] }),
        h("td", { class: "factor", text: `×${col.factor}` }));
      for (const team of [0, 1]) {
        const box = sheet.boxes[team][i];
        const playing = cur && cur.team === team && cur.column === sheet.keys[i];
        const joker = sheet.jokers[team][i];
        const td = h("td", {
          class: (box === null ? "empty" : "filled") + (playing ? " playing" : ""), "data-col": sheet.keys[i], "data-team": team,
          text: box === null ? "" : String(box),
        });
        if (joker || (playing && col.kind !== "contract")) td.title = contractName(joker || cur.contract);
        const opp = sheet.opponents_count ? sheet.opponents[team][i] : null;
        if (opp !== null) td.append(h("small", { class: "opponents", title: `${teamLabel(team)} · ${ft("opponents")}`, text: ` +${opp}` }));
        tr.append(td);
      }
      return tr;
    });
    const total = h("tr", { class: "totals" }, h("th", { text: ft("total") }), h("td", { text: "" }),
      ...[0, 1].map((team) => h("td", { class: "total", "data-team": team, text: String(sheet.totals[team]) })));
    const table = h("table", { class: "form-sheet coiffeur-sheet", id: "coiffeur-sheet" }, head, ...rows, total);
    const kids = [h("h2", { text: "Coiffeur" }), table];
    if (sheet.opponents_count) kids.push(h("p", { class: "form-note", id: "opponents-legend", text: `+N: ${ft("opponents")}` }));
    if (!sheet.complete) kids.push(...[0, 1].map((team) => openColumns(sheet, team)));
    if (sheet.complete) {
      const w = sheet.winner;
      kids.push(h("p", { class: "form-result", id: "form-result",
        text: w === null ? ft("over_tie", sheet.totals[0]) : ft("over_win", teamLabel(w), sheet.totals[w], sheet.totals[1 - w]) }));
    }
    p.replaceChildren(...kids);
  }
  // A team's columns still open, with their factors: what it may still choose (a column and its factor never
  // split over two lines).
  function openColumns(sheet, team) {
    const open = sheet.columns.map((col, i) => [col, i]).filter(([, i]) => sheet.boxes[team][i] === null)
      .map(([col, i]) => `${columnName(col, i, sheet)} ×${col.factor}`);
    const [before, after] = ft("open_for", teamLabel(team), "\u0000").split("\u0000");
    const items = open.flatMap((x, k) => [k ? ", " : "", h("span", { class: "open-column", text: x })]);
    return h("p", { class: "form-note open-columns", "data-team": team }, before, ...items, after);
  }

  function drawDifferenzler(p, v) {
    const f = v.form, sheet = f.sheet;
    const head = h("tr", {}, h("th", { text: ft("round") }), ...[0, 1, 2, 3].map((s) => h("th", { text: seatName(s), title: seatName(s) })));
    const rows = sheet.rounds.map((r) => h("tr", { class: "diff-round" }, h("th", { text: String(r.number) }),
      ...r.predicted.map((pr, s) => h("td", { title: `${ft("predicted")} ${pr}, ${ft("taken")} ${r.actual[s]}`,
        text: `${pr}/${r.actual[s]} +${r.differences[s]}` }))));
    const total = h("tr", { class: "totals" }, h("th", { text: ft("total") }),
      ...sheet.totals.map((x, s) => h("td", { text: String(x), "data-seat": s })));
    const kids = [h("h2", { text: "Differenzler" }),
      h("table", { class: "form-sheet diff-sheet", id: "diff-sheet" }, head, ...rows, total),
      h("p", { class: "form-note", id: "diff-legend", text: `${ft("round")}: ${ft("legend")}` }),
      h("p", { class: "form-note", text: `${ft("lowest_wins")} · ${sheet.rounds.length}` +
        (sheet.rounds_planned !== null ? `/${sheet.rounds_planned}` : "") + (sheet.threshold !== null ? ` · ${ft("threshold")} ${sheet.threshold}` : "") })];
    if (v.status !== "over") {
      const now = h("tr", {}, h("th", { text: ft("taken") }), ...f.taken.map((x, s) => h("td", { text: String(x),
        class: f.predicted[s] ? "has-prediction" : "", title: f.predicted[s] ? ft("predicted") : "" })));
      kids.push(h("table", { class: "form-sheet diff-now", id: "diff-now" }, now));
      if (f.announced) { // open predictions: every one as announced (page 28)
        kids.push(h("table", { class: "form-sheet diff-announced", id: "diff-announced" }, h("tr", {}, h("th", { text: ft("announced") }),
          ...f.announced.map((x, s) => h("td", { "data-seat": s, text: x === null ? "" : String(x) })))));
      }
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

  // A column to choose, each word once: "Eicheln ×1", "Joker 1 ×7 als Rosen", "Slalom, Obenabe zuerst ×9"
  // (the contract's name already says the column's: not "Slalom ×9 als Slalom, ...").
  function columnLabel(sheet, i, contract) {
    const col = sheet.columns[i], name = columnName(col, i, sheet), factor = `×${col.factor}`;
    if (!contract || col.kind === "contract") return `${name} ${factor}`;
    const played = contractName(contract);
    return played.startsWith(name) ? `${played} ${factor}` : `${name} ${factor} ${ft("as")} ${played}`;
  }

  // The column of the round in play: its factor in the banner (not the profile's), and its name where the
  // banner's contract does not already say it (a Joker, Slalom or Guschti column: "Joker 1 ×7").
  function fixBanner(v) {
    const cur = v.form.current;
    const fac = document.querySelector("#banner .factor");
    if (!cur || !fac) return;
    const sheet = v.form.sheet, i = sheet.keys.indexOf(cur.column);
    if (i < 0) return;
    const col = sheet.columns[i];
    fac.textContent = col.kind === "contract" ? `×${col.factor}` : `${columnName(col, i, sheet)} ×${col.factor}`;
  }

  // A Differenzler round on the sheet, for its round-end dialog: each player's prediction, points taken, the
  // difference and the total after it (no teams, no factor: the Differenzler is played alone and unweighted).
  function roundTable(v, number) {
    const r = v.form.sheet.rounds.find((x) => x.number === number);
    if (!r) return null;
    const head = h("tr", {}, ...[ft("player"), ft("predicted"), ft("taken"), ft("difference"), ft("total")].map((x) => h("th", { text: x })));
    const rows = [0, 1, 2, 3].map((s) => h("tr", { "data-seat": s }, h("th", { text: seatName(s) }),
      ...[r.predicted[s], r.actual[s], r.differences[s], r.totals[s]].map((x, k) => h("td", { text: String(x), "data-col": ["predicted", "taken", "difference", "total"][k] }))));
    return h("table", { class: "breakdown diff-round-table", id: "diff-round", "data-round": number }, head, ...rows);
  }

  function drawChooser(c, v) {
    const mine = v.to_act === S.seat && !S.covered && v.status !== "over";
    const choosing = mine && v.phase === "contract" && v.form.form === "coiffeur";
    const predicting = mine && v.phase === "predict";
    c.hidden = !(choosing || predicting);
    if (c.hidden) { c.replaceChildren(); c.dataset.offer = ""; return; }
    // the same offer drawn again (another player's prediction, a reaction) keeps its buttons and the number
    // being typed: a press or a prediction half typed is not lost
    const offer = JSON.stringify([v.game_id, v.round_number, v.phase, v.legal_actions, prefs.lang, prefs.deck]);
    if (c.dataset.offer === offer) {
      for (const x of c.querySelectorAll("button, input")) x.disabled = false;
      return;
    }
    c.dataset.offer = offer;
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
          label = columnLabel(sheet, i, contract);
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

  // A Coiffeur column by its key, named in the page's language ("Joker 2", "Rosen").
  function columnTitle(v, key) {
    const sheet = v.form.sheet, i = sheet.keys.indexOf(key);
    return i < 0 ? key : columnName(sheet.columns[i], i, sheet);
  }

  return { setup, relabel, createFields, render, resultParts, roundTable, columnTitle };
})();

document.addEventListener("DOMContentLoaded", () => PuurForms.setup());
