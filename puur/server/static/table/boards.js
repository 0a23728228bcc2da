// The boards beside the table: the score and the Jasstafel of each team, the fair deal's commitment, the
// round on the side, the result in words, and the breakdown of a round as the sheet wrote it.
"use strict";

// The head row of a table with a column for each team.
function teamsRow() { return h("tr", {}, h("th", { text: "" }), h("th", { text: teamName(0) }), h("th", { text: teamName(1) })); }
// A row's two cells, one for each team.
function teamCells(vals) { return [0, 1].map((team) => h("td", { text: vals[team], "data-team": team })); }
// A round on the sheet by its parts before the factor (the server's score, or the round itself).
function roundScore(r) { return r.score || r; }
// The card points each team took in a round, the last trick's 5 with them.
function roundPoints(r) { const s = roundScore(r); return [0, 1].map((team) => s.card_points[team] + s.last_trick[team]); }

// A Differenzler game: each player for themselves, the round unweighted (docs/forms.md).
function differenzler(v) { return Boolean(v && v.form && v.form.form === "differenzler"); }
// The contract with its factor, or alone where the form weighs no round (the Differenzler).
function contractLine(v, contract, factor) {
  return differenzler(v) ? t("info_contract_plain", contractName(contract)) : t("info_contract", contractName(contract), factor);
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
function resultSpans(v) { return resultParts(v).map((x) => h("span", { text: x })); }
function resultLine(v) { return h("p", { class: "result", id: "result" }, ...resultSpans(v)); }

function renderScore(v) {
  const tbl = $("score-table");
  tbl.replaceChildren(teamsRow(), h("tr", { class: "totals" }, h("td", { text: t("totals") }), ...teamCells(v.sheet.totals)));
  // a tournament's table plays its deals, whatever the target (docs/tournaments.md)
  $("target").textContent = v.sheet.deals ? t("deals_line", Math.min(v.sheet.rounds.length + 1, v.sheet.deals), v.sheet.deals) : t("target_line", v.target, v.sheet.rounds.length);
  renderFair(v);
  const tafel = $("tafel");
  tafel.replaceChildren();
  for (const team of [0, 1]) {
    const col = h("div", { class: "tafel-col" }, h("div", { class: "tafel-name", text: teamName(team) }));
    if (typeof drawChalk === "function") col.append(drawChalk(v.sheet.marks[team], { label: `${teamName(team)}: ${v.sheet.totals[team]}` })); // eslint-disable-line no-undef
    tafel.append(col);
  }
}

// The provably fair deal (puur.match.fairness): the commitment from the first card (short, the full value in
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
    box.append(h("p", { text: contractLine(v, v.contract, v.factor) }));
    if (v.pushed) box.append(h("p", { text: t("pushed_by", seatName(v.forehand)) }));
    box.append(h("p", { text: t("chosen_by", seatName(v.chooser)) }));
  }
  if (v.weis.announced.length) box.append(h("p", { text: t("announced_list", v.weis.announced.map(([s, p]) => `${seatName(s)} ${p}`).join(", ")) }));
  if (v.weis.shown.length) box.append(h("p", { text: t("shown_list", v.weis.shown.map(([s, ms]) => `${seatName(s)} ${ms.reduce((a, m) => a + m.points, 0)}`).join(", ")) }));
  if (v.stoeck) box.append(h("p", { text: t("stoeck_line", seatName(v.stoeck.seat)) }));
  if (v.phase === "play" && !differenzler(v)) box.append(pointsLine(v.round_points)); // a team's points: not the Differenzler's
}
function pointsLine(points) { return h("p", { id: "card-points", text: t("points_line", teamName(0), points[0], teamName(1), points[1]) }); }

// Behind the round's breakdown the side shows that round as written, not the points before its last trick.
function renderInfoRound(r) {
  $("info").replaceChildren(
    h("h2", { text: t("round", r.number) }),
    h("p", { text: contractLine(S.view, r.contract, roundScore(r).factor) }),
    differenzler(S.view) ? "" : pointsLine(madeOf(r)));
}
// Each team's card points as the sheet writes them: the cards' points and the last trick's 5 beside them
// ("86 + 5"), so the number reads as the breakdown's rows add it up.
function madeOf(r) {
  const s = roundScore(r);
  return [0, 1].map((team) => (s.last_trick[team] ? `${s.card_points[team]} + ${s.last_trick[team]}` : String(s.card_points[team])));
}

// A Coiffeur round writes the tens of the choosing team's points in its column's box (docs/forms.md): the
// box's row, so that box × factor reads as what was written.
function coiffeurBox(r, row) {
  if (r.box == null || r.team == null) return [];
  const column = S.view && S.view.form ? PuurForms.columnTitle(S.view, r.column) : r.column_name;
  const label = `${t("forms").box}: ${column}`;
  return [row(label, "box", [0, 1].map((team) => (team === r.team ? r.box : "–")))];
}

// The breakdown of a round: each part of its points for each team, their sum, the factor, what was written
// and the totals after it.
function breakdownTable(r) {
  const s = roundScore(r);
  const raw = s.raw || [0, 1].map((k) => s.card_points[k] + s.last_trick[k] + s.match[k] + s.weis[k] + s.stoeck[k]);
  const row = (label, key, vals) => h("tr", { "data-row": key }, h("th", { text: label }), ...teamCells(vals));
  return h("table", { class: "breakdown", id: "breakdown", "data-round": r.number }, teamsRow(),
    row(t("card_points"), "card_points", s.card_points), row(t("last_trick_bonus"), "last_trick", s.last_trick),
    row(t("match"), "match", s.match), row(t("weis"), "weis", s.weis), row(t("stoeck"), "stoeck", s.stoeck),
    row(t("sum"), "raw", raw), ...coiffeurBox(r, row), row(t("factor"), "factor", [`×${s.factor}`, `×${s.factor}`]),
    row(t("written"), "written", r.written), row(t("totals"), "totals", r.totals));
}
