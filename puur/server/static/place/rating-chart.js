// A player's rating over their rated matches, drawn as an SVG line (the leaderboard, the player's page).
//   drawRatingChart(container, history, {lang, name})
// history: GET /api/v1/players/{id}/ratings's "history" (newest first). Each match is a point at its rating
// after the match, green when won, red when lost; the line starts at the rating before the first one. The
// chart is drawn at its container's width (call it again after a resize); its description (aria-label) is
// in the page's language.
import { ratingText, word } from "./rating-words.js";

const SVG = "http://www.w3.org/2000/svg";
const H = 220, PAD = { left: 44, right: 12, top: 14, bottom: 26 };

function el(name, attrs = {}, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

export function drawRatingChart(container, history, { lang = "en", name = "" } = {}) {
  container.replaceChildren();
  const W = Math.max(280, Math.round(container.clientWidth || 600)); // drawn at its size: the labels stay legible
  const matches = [...history].reverse(); // oldest first
  if (!matches.length) return null;
  const values = [matches[0].rating_before, ...matches.map((m) => m.rating_after)];
  let lo = Math.min(...values), hi = Math.max(...values);
  if (hi - lo < 1) { lo -= 0.5; hi += 0.5; }
  const x = (i) => PAD.left + (i * (W - PAD.left - PAD.right)) / Math.max(1, values.length - 1);
  const y = (v) => PAD.top + ((hi - v) * (H - PAD.top - PAD.bottom)) / (hi - lo);
  const svg = el("svg", {
    viewBox: `0 0 ${W} ${H}`, class: "rating-chart", role: "img",
    "aria-label": word(lang, "chart_aria", {
      name, n: matches.length, first: ratingText(lang, values[0]), last: ratingText(lang, values[values.length - 1]),
    }),
  });
  for (const v of [lo, (lo + hi) / 2, hi]) { // three levels, labelled at the left
    svg.append(el("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: "grid" }));
    svg.append(el("text", { x: PAD.left - 6, y: y(v) + 4, class: "axis", "text-anchor": "end" }, ratingText(lang, v)));
  }
  svg.append(el("text", { x: PAD.left, y: H - 6, class: "axis" }, word(lang, "chart_first")));
  svg.append(el("text", { x: W - PAD.right, y: H - 6, class: "axis", "text-anchor": "end" }, word(lang, "chart_last")));
  svg.append(el("polyline", { points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "), class: "line" }));
  matches.forEach((m, i) => {
    const dot = el("circle", { cx: x(i + 1), cy: y(m.rating_after), r: 4, class: m.won ? "won" : "lost" });
    dot.append(el("title", {}, `${ratingText(lang, m.rating_after)} · ${word(lang, m.won ? "won" : "lost")}`));
    svg.append(dot);
  });
  container.append(svg);
  return svg;
}
