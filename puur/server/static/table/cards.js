// Puur's own playing cards, drawn as SVG: the French deck (clubs, diamonds, hearts, spades; jack, queen,
// king) and the Swiss-German deck (Eicheln, Schellen, Rosen, Schilten with acorn, bell, rose and shield;
// Under, Ober, König, Banner). The deck changes pictures and names only: every card keeps its code
// ("H10", "SJ", ...), the same code the engine and the API use.
"use strict";

const PuurCards = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const SUITS = ["C", "D", "H", "S"];
  const RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"];

  // Display names: deck -> language -> by suit (C D H S) / by rank (6 .. A). Swiss terms stay Swiss.
  const SUIT_NAMES = {
    swiss: { de: ["Eicheln", "Schellen", "Rosen", "Schilten"], en: ["Acorns", "Bells", "Roses", "Shields"],
             fr: ["Glands", "Grelots", "Roses", "Écus"] },
    french: { de: ["Kreuz", "Ecken", "Herz", "Schaufel"], en: ["Clubs", "Diamonds", "Hearts", "Spades"],
              fr: ["Trèfle", "Carreau", "Cœur", "Pique"] },
  };
  const RANK_NAMES = {
    swiss: { de: ["6", "7", "8", "9", "Banner", "Under", "Ober", "König", "Ass"],
             en: ["6", "7", "8", "9", "Banner", "Under", "Ober", "King", "Ace"],
             fr: ["6", "7", "8", "9", "Banner", "Under", "Ober", "Roi", "As"] },
    french: { de: ["6", "7", "8", "9", "10", "Bube", "Dame", "König", "Ass"],
              en: ["6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace"],
              fr: ["6", "7", "8", "9", "10", "Valet", "Dame", "Roi", "As"] },
  };
  const INDEX = {
    swiss: ["VI", "VII", "VIII", "IX", "X", "U", "O", "K", "A"],
    french: ["6", "7", "8", "9", "10", "J", "Q", "K", "A"],
  };

  function parse(code) {
    const suit = SUITS.indexOf(code[0]);
    const rank = RANKS.indexOf(code.slice(1));
    return { suit, rank };
  }

  function cardName(code, deck, lang) {
    const { suit, rank } = parse(code);
    const s = SUIT_NAMES[deck][lang][suit], r = RANK_NAMES[deck][lang][rank];
    if (lang === "fr") return deck === "french" ? `${r} de ${s}` : `${r} ${s}`;
    if (lang === "en" && deck === "french") return `${r} of ${s}`;
    return `${s} ${r}`;
  }
  function suitName(suitCode, deck, lang) { return SUIT_NAMES[deck][lang][SUITS.indexOf(suitCode)]; }

  function el(tag, attrs, parent) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (parent) parent.append(e);
    return e;
  }

  // ----- suit symbols, each drawn in a box from -10 to 10 around (0, 0) -----
  const FRENCH_RED = "#c8102e", FRENCH_BLACK = "#161616";
  function frenchSymbol(suit, g) {
    if (suit === 2) {
      el("path", { d: "M0,8.5 C-11,0 -9.5,-8.5 -4.6,-8.5 C-2,-8.5 0,-6.5 0,-4.2 C0,-6.5 2,-8.5 4.6,-8.5 C9.5,-8.5 11,0 0,8.5Z", fill: FRENCH_RED }, g);
    } else if (suit === 1) {
      el("path", { d: "M0,-9.5 C2.5,-5.5 5,-2.5 7.5,0 C5,2.5 2.5,5.5 0,9.5 C-2.5,5.5 -5,2.5 -7.5,0 C-5,-2.5 -2.5,-5.5 0,-9.5Z", fill: FRENCH_RED }, g);
    } else if (suit === 3) {
      el("path", { d: "M0,-9.5 C-3,-4.5 -9.5,-1.5 -9.5,3 C-9.5,6.8 -5.2,8 -1.6,4.8 L-3.4,9.5 L3.4,9.5 L1.6,4.8 C5.2,8 9.5,6.8 9.5,3 C9.5,-1.5 3,-4.5 0,-9.5Z", fill: FRENCH_BLACK }, g);
    } else {
      for (const [cx, cy] of [[0, -4.6], [-4.9, 1.8], [4.9, 1.8]]) el("circle", { cx, cy, r: 4.3, fill: FRENCH_BLACK }, g);
      el("path", { d: "M-1.2,1 L-3.6,9.5 L3.6,9.5 L1.2,1Z", fill: FRENCH_BLACK }, g);
    }
  }
  function swissSymbol(suit, g) {
    if (suit === 2) { // Rose: five red petals, green sepals, a golden heart
      for (let i = 0; i < 5; i++) {
        const a = (i * 72 + 36) * Math.PI / 180;
        el("path", { d: `M0,0 L${(Math.cos(a) * 10).toFixed(2)},${(Math.sin(a) * 10).toFixed(2)}`, stroke: "#2e7d32", "stroke-width": 2.2 }, g);
      }
      for (let i = 0; i < 5; i++) {
        const a = (i * 72 - 90) * Math.PI / 180;
        el("circle", { cx: (Math.cos(a) * 4.6).toFixed(2), cy: (Math.sin(a) * 4.6).toFixed(2), r: 4.2, fill: "#d62828", stroke: "#8a1010", "stroke-width": 0.6 }, g);
      }
      el("circle", { cx: 0, cy: 0, r: 3, fill: "#f4c430", stroke: "#a07800", "stroke-width": 0.6 }, g);
    } else if (suit === 1) { // Schelle: a round golden bell with a red band and its slit
      el("circle", { cx: 0, cy: -8.6, r: 1.6, fill: "#b8860b" }, g);
      el("circle", { cx: 0, cy: 0.5, r: 8.2, fill: "#f2b705", stroke: "#8a6100", "stroke-width": 0.8 }, g);
      el("path", { d: "M-8,-1.6 C-3,-3.6 3,-3.6 8,-1.6 L8,1.8 C3,-0.2 -3,-0.2 -8,1.8Z", fill: "#c62828" }, g);
      el("circle", { cx: 0, cy: 4.6, r: 1.5, fill: "#3b2a00" }, g);
      el("path", { d: "M0,4.6 L0,8.4", stroke: "#3b2a00", "stroke-width": 1.2 }, g);
    } else if (suit === 3) { // Schilt: a heraldic shield, gold with a red band and a black base
      const d = "M-7.5,-9 L7.5,-9 L7.5,0 C7.5,5.2 3.6,8.2 0,9.8 C-3.6,8.2 -7.5,5.2 -7.5,0Z";
      el("path", { d, fill: "#f2c230" }, g);
      el("path", { d: "M-7.5,-3.2 L7.5,-3.2 L7.5,1.2 L-7.5,1.2Z", fill: "#c62828" }, g);
      el("path", { d: "M-7.5,1.2 L7.5,1.2 L7.5,1.6 C7.5,5.8 3.6,8.4 0,9.8 C-3.6,8.4 -7.5,5.8 -7.5,1.6Z", fill: "#1f1f1f" }, g);
      el("path", { d, fill: "none", stroke: "#5c4300", "stroke-width": 1 }, g);
    } else { // Eichel: a green-gold nut under a scaled brown cap, with its stalk
      el("path", { d: "M0,-9.5 L0,-6", stroke: "#5d3a1a", "stroke-width": 1.6 }, g);
      el("ellipse", { cx: 0, cy: 2.6, rx: 5.6, ry: 7, fill: "#9bbf3a", stroke: "#4d6b12", "stroke-width": 0.7 }, g);
      el("path", { d: "M-7,-1 C-7,-6 -3.5,-7.4 0,-7.4 C3.5,-7.4 7,-6 7,-1 Z", fill: "#8b5a2b", stroke: "#4e2f12", "stroke-width": 0.7 }, g);
      el("path", { d: "M-5.6,-3 L5.6,-3 M-4,-5.4 L4,-5.4 M-3,-7 L-3,-1 M0,-7.4 L0,-1 M3,-7 L3,-1", stroke: "#4e2f12", "stroke-width": 0.5 }, g);
    }
  }
  function symbol(deck, suit, x, y, size, parent, flip) {
    const g = el("g", { transform: `translate(${x} ${y}) scale(${size / 20})${flip ? " rotate(180)" : ""}` }, parent);
    (deck === "swiss" ? swissSymbol : frenchSymbol)(suit, g);
    return g;
  }

  // Pip positions on a 60 x 90 card, by count (6 .. 9).
  const PIPS = {
    6: [[19, 24], [41, 24], [19, 45], [41, 45], [19, 66], [41, 66]],
    7: [[19, 22], [41, 22], [30, 34], [19, 47], [41, 47], [19, 68], [41, 68]],
    8: [[19, 20], [41, 20], [30, 32], [19, 45], [41, 45], [30, 58], [19, 70], [41, 70]],
    9: [[19, 19], [41, 19], [19, 36], [41, 36], [30, 45], [19, 54], [41, 54], [19, 71], [41, 71]],
  };

  function figure(deck, suit, rank, svg) {
    // A court figure of our own: robe in the suit's colour, a face, and the headgear of its rank.
    const robe = deck === "french" ? (suit === 1 || suit === 2 ? "#c8102e" : "#24386b")
      : ["#5b7f1f", "#c58a00", "#b3261e", "#3a3a3a"][suit];
    const g = el("g", { class: "figure" }, svg);
    el("rect", { x: 9, y: 13, width: 42, height: 64, rx: 3, fill: "#fbf6e9", stroke: "#c9b98f", "stroke-width": 0.8 }, g);
    el("path", { d: "M16,76 C16,58 20,50 30,50 C40,50 44,58 44,76Z", fill: robe }, g);
    el("path", { d: "M24,52 L30,64 L36,52", fill: "none", stroke: "#f4d35e", "stroke-width": 1.6 }, g);
    el("circle", { cx: 30, cy: 40, r: 8, fill: "#f6d2b3", stroke: "#8d6e63", "stroke-width": 0.7 }, g);
    el("circle", { cx: 27.3, cy: 39.5, r: 0.9, fill: "#3e2723" }, g);
    el("circle", { cx: 32.7, cy: 39.5, r: 0.9, fill: "#3e2723" }, g);
    el("path", { d: "M27.5,43.6 Q30,45.2 32.5,43.6", fill: "none", stroke: "#8d3b2f", "stroke-width": 0.8 }, g);
    if (rank === 7) { // king: a crown and a beard
      el("path", { d: "M21,33 L21,24 L25.5,29 L30,22 L34.5,29 L39,24 L39,33Z", fill: "#f2c230", stroke: "#8a6100", "stroke-width": 0.8 }, g);
      el("path", { d: "M23,43 Q30,53 37,43 Q34,48 30,48 Q26,48 23,43Z", fill: "#7b5a3a" }, g);
    } else if (rank === 6) { // queen / Ober: a tall hat with a feather
      el("path", { d: "M22,34 L24,25 Q30,20 36,25 L38,34Z", fill: robe, stroke: "#222", "stroke-width": 0.6 }, g);
      el("path", { d: "M35,25 Q43,17 41,28", fill: "none", stroke: "#f4d35e", "stroke-width": 1.6 }, g);
    } else { // jack / Under: a cap
      el("path", { d: "M21.5,35 Q22,26 30,26 Q38,26 38.5,35 Q30,31 21.5,35Z", fill: robe, stroke: "#222", "stroke-width": 0.6 }, g);
      el("circle", { cx: 30, cy: 25.5, r: 1.6, fill: "#f4d35e" }, g);
    }
    // Swiss courts carry their suit sign: the Ober high, the Under low; French ones in the corner.
    if (deck === "swiss") symbol(deck, suit, rank === 5 ? 40 : 41, rank === 5 ? 66 : 22, 11, g);
    else symbol(deck, suit, 42, 22, 9, g);
  }

  function banner(deck, suit, svg) {
    // The Swiss Banner (the ten): a flag on a pole, the suit sign in the cloth.
    el("path", { d: "M15,14 L15,78", stroke: "#6d4c41", "stroke-width": 2 }, svg);
    el("circle", { cx: 15, cy: 13, r: 2, fill: "#f2c230" }, svg);
    el("path", { d: "M16,16 Q30,11 46,17 L46,47 Q30,41 16,46Z", fill: "#fbf6e9", stroke: "#9a8656", "stroke-width": 1 }, svg);
    el("path", { d: "M16,20 Q30,15 46,21", fill: "none", stroke: ["#5b7f1f", "#c58a00", "#b3261e", "#3a3a3a"][suit], "stroke-width": 2 }, svg);
    symbol(deck, suit, 31, 32, 17, svg);
    symbol(deck, suit, 31, 63, 13, svg);
  }

  /** An SVG card face for ``code`` in ``deck`` ("swiss" or "french"). */
  function face(code, deck) {
    const { suit, rank } = parse(code);
    const svg = el("svg", { viewBox: "0 0 60 90", class: `card-svg deck-${deck}`, "aria-hidden": "true", focusable: "false" });
    el("rect", { x: 0.5, y: 0.5, width: 59, height: 89, rx: 5, fill: "#fffdf7", stroke: "#9e9e9e", "stroke-width": 0.8 }, svg);
    const red = deck === "french" ? (suit === 1 || suit === 2) : false;
    const ink = red ? FRENCH_RED : (deck === "swiss" ? "#3b2a14" : FRENCH_BLACK);
    const idx = INDEX[deck][rank];
    const small = idx.length > 2 ? 7 : 9.5;
    const corner = (x, y, rot) => {
      // Roman numerals read wrongly upside down (IX / XI): the Swiss corner index stays upright
      const g = el("g", { transform: `translate(${x} ${y})${rot && deck === "french" ? " rotate(180)" : ""}` }, svg);
      const t = el("text", { x: 0, y: 0, "text-anchor": "middle", "font-size": small, "font-weight": 700,
        "font-family": "Georgia, 'Times New Roman', serif", fill: ink }, g);
      t.textContent = idx;
      symbol(deck, suit, 0, 7, 7.5, g);
    };
    corner(7.5, 10.5, false);
    if (deck === "french") corner(52.5, 79.5, true); else corner(52.5, 72, true);
    if (rank <= 3) {
      for (const [x, y] of PIPS[rank + 6]) symbol(deck, suit, x, y, deck === "swiss" ? 13 : 12, svg, deck === "french" && y > 50);
    } else if (rank === 4) {
      if (deck === "swiss") banner(deck, suit, svg);
      else for (const [x, y] of [[19, 17], [41, 17], [30, 28], [19, 38], [41, 38], [19, 52], [41, 52], [30, 62], [19, 73], [41, 73]])
        symbol(deck, suit, x, y, 11, svg, y > 50);
    } else if (rank <= 7) {
      figure(deck, suit, rank, svg);
    } else {
      if (deck === "swiss") { // the Ass: a large sign in an ornamental frame
        el("ellipse", { cx: 30, cy: 45, rx: 21, ry: 28, fill: "none", stroke: "#c9a227", "stroke-width": 1.4, "stroke-dasharray": "3 2" }, svg);
        symbol(deck, suit, 30, 45, 30, svg);
      } else {
        symbol(deck, suit, 30, 45, 26, svg);
      }
    }
    return svg;
  }

  /** The back of a card. */
  function back() {
    const svg = el("svg", { viewBox: "0 0 60 90", class: "card-svg card-back", "aria-hidden": "true", focusable: "false" });
    el("rect", { x: 0.5, y: 0.5, width: 59, height: 89, rx: 5, fill: "#fffdf7", stroke: "#9e9e9e", "stroke-width": 0.8 }, svg);
    el("rect", { x: 4, y: 4, width: 52, height: 82, rx: 3, fill: "#8e1b1b" }, svg);
    for (let i = -80; i < 80; i += 7) {
      el("path", { d: `M${4 + i},4 L${4 + i + 82},86`, stroke: "rgba(255,255,255,.18)", "stroke-width": 1.2 }, svg);
      el("path", { d: `M${56 - i},4 L${56 - i - 82},86`, stroke: "rgba(255,255,255,.18)", "stroke-width": 1.2 }, svg);
    }
    el("rect", { x: 4, y: 4, width: 52, height: 82, rx: 3, fill: "none", stroke: "#f2c230", "stroke-width": 1.2 }, svg);
    // a white Swiss cross in the middle
    el("rect", { x: 21, y: 36, width: 18, height: 18, rx: 2, fill: "#d52b1e", stroke: "#fff", "stroke-width": 1 }, svg);
    el("path", { d: "M28,39 h4 v4 h4 v4 h-4 v4 h-4 v-4 h-4 v-4 h4Z", fill: "#fff" }, svg);
    return svg;
  }

  /** A suit sign alone (for contract buttons and banners). */
  function suitIcon(suitCode, deck, size) {
    const svg = el("svg", { viewBox: "-11 -11 22 22", width: size || 22, height: size || 22, class: "suit-icon", "aria-hidden": "true", focusable: "false" });
    symbol(deck, SUITS.indexOf(suitCode), 0, 0, 20, svg);
    return svg;
  }

  return { SUITS, RANKS, SUIT_NAMES, RANK_NAMES, parse, cardName, suitName, face, back, suitIcon };
})();
