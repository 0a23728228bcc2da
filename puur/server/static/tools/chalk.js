// Draw one team column of a Jasstafel as SVG (TOOLS.md §1.1): rows of 100, 50 and 20 strokes written left
// to right, the fifth stroke across the four before it (two crossing strokes on the fifties row), X = 1000
// and V = 500 at the upper right, and the plain remainder (which may be negative) at the lower right.
// The marks come from the server (the rules core's to_marks); this file only draws them.
"use strict";
let chalkSeq = 0;
const SVGNS = "http://www.w3.org/2000/svg";
function svgEl(tag, attrs) { const e = document.createElementNS(SVGNS, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); return e; }
function jitter(i, amp) { return Math.sin(i * 12.9898 + 78.233) * amp; }

function drawChalk(marks, opts) {
  opts = opts || {};
  const id = "chalky-" + (++chalkSeq);
  const STEP = 11, GAP = 14, LEFT = 38, ROWS = [["hundreds", 100, 18], ["fifties", 50, 88], ["twenties", 20, 158]];
  const H = 46;
  const rowWidth = k => { const g = Math.floor(k / 5), l = k % 5; return g * (4 * STEP + GAP) + l * STEP; };
  const widest = Math.max(...ROWS.map(([key]) => rowWidth(marks[key] || 0)));
  const symbols = (marks.x || 0) + (marks.v || 0);
  const W = Math.max(320, LEFT + widest + 24 + Math.max(1, symbols) * 34 + 10);
  const svg = svgEl("svg", { viewBox: `0 0 ${W} 240`, role: "img", class: "chalk",
    "aria-label": opts.label || `Chalk marks worth ${marks.value}` });
  const defs = svgEl("defs", {});
  const f = svgEl("filter", { id, x: "-5%", y: "-5%", width: "110%", height: "110%" });
  f.append(svgEl("feTurbulence", { type: "fractalNoise", baseFrequency: "0.9", numOctaves: "2", seed: "3", result: "n" }));
  f.append(svgEl("feDisplacementMap", { in: "SourceGraphic", in2: "n", scale: "2.2" }));
  defs.append(f); svg.append(defs);
  let parent = svg;
  const line = (x1, y1, x2, y2, w) => {
    const l = svgEl("line", { x1, y1, x2, y2, class: "chalk-line", "stroke-width": w || 3.2, filter: `url(#${id})` });
    parent.append(l); return l;
  };
  let n = 0;
  for (const [key, value, top] of ROWS) {
    const label = svgEl("text", { x: 4, y: top + H / 2 + 4, class: "chalk-label" }); label.textContent = value; svg.append(label);
    const k = marks[key] || 0;
    const g = svgEl("g", { "data-row": key, "data-units": k }); svg.append(g); parent = g;
    let x = LEFT;
    const groups = Math.floor(k / 5), loose = k % 5;
    for (let i = 0; i < groups; i++) {
      const x0 = x;
      for (let j = 0; j < 4; j++, n++) { const xj = x0 + j * STEP; line(xj + jitter(n, 1), top + jitter(n + 7, 2), xj + jitter(n + 3, 1.2), top + H + jitter(n + 5, 2)); }
      const x3 = x0 + 3 * STEP;
      if (key === "fifties") {
        line(x0 - 6, top + H - 10, x3 + 6, top + 8, 2.8).setAttribute("data-cross", "1");
        line(x0 - 6, top + H + 0, x3 + 6, top + 18, 2.8).setAttribute("data-cross", "1");
      } else {
        line(x0 - 6, top + H - 6, x3 + 6, top + 6, 2.8).setAttribute("data-cross", "1");
      }
      x += 4 * STEP + GAP;
    }
    for (let j = 0; j < loose; j++, n++) { line(x + jitter(n, 1), top + jitter(n + 7, 2), x + jitter(n + 3, 1.2), top + H + jitter(n + 5, 2)); x += STEP; }
  }
  parent = svg;
  // upper right: X (1000) then V (500)
  let sx = W - 12 - symbols * 34;
  for (let i = 0; i < (marks.x || 0); i++, sx += 34) {
    line(sx + 2, 10, sx + 26, 46).setAttribute("data-symbol", "X");
    line(sx + 26, 10, sx + 2, 46);
  }
  for (let i = 0; i < (marks.v || 0); i++, sx += 34) {
    line(sx + 2, 10, sx + 14, 46).setAttribute("data-symbol", "V");
    line(sx + 14, 46, sx + 26, 10);
  }
  // lower right: the remainder (blank when 0, TOOLS.md §1.3)
  const rem = marks.remainder || 0;
  const t = svgEl("text", { x: W - 12, y: 226, "text-anchor": "end", class: "chalk-text", "font-size": 34, "data-remainder": rem });
  t.textContent = rem === 0 ? "" : (rem < 0 ? "−" + Math.abs(rem) : String(rem));
  svg.append(t);
  return svg;
}
