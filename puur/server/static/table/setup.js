// New game: the rule profile, its target and multipliers, Slalom and Guschti, the computers' strength and
// speed, the deck and language, who plays each seat; the settings said in the page's language and
// remembered for the next game; and the game started from them.
"use strict";

const COMPUTER_NAMES = ["Ueli", "Vreni", "Kari"];

// Each option of the select `id` in the page's language: words[its key] (its value, or what keyOf reads),
// else the key itself.
function relabelOptions(id, words, keyOf = (opt) => opt.value) {
  for (const opt of $(id).options) opt.textContent = words[keyOf(opt)] || keyOf(opt);
}
const strengthLevel = (opt) => opt.dataset.level;

// ----- new game -----
async function loadOptions() {
  if (!S.options) S.options = await api("/table/options");
  return S.options;
}

function setupProfile() {
  const preset = $("set-profile").value || "schieber";
  const o = { preset };
  if ($("set-target").value) o.target = Number($("set-target").value);
  if ($("set-mult").value) o.multipliers = $("set-mult").value;
  if ($("set-extra").value !== "none") o.extra_contracts = $("set-extra").value; // Slalom and Guschti
  return o;
}

async function openSetup() {
  let o;
  try { o = await loadOptions(); } catch (e) { toast(errorText(e)); return; } // said, never a silent dead end
  const prof = $("set-profile");
  if (!prof.options.length) {
    for (const name of Object.keys(o.presets)) prof.append(h("option", { value: name, "data-preset": name, text: t("presets")[name] || name }));
    for (const name of Object.keys(o.multiplier_tables)) {
      const tbl = o.multiplier_tables[name];
      $("set-mult").append(h("option", { value: name, title: Object.entries(tbl).map(([k, x]) => `${k}${x}`).join(" "), text: t("multiplier_names")[name] || name }));
    }
    prof.onchange = presetChanged;
    buildSeatRows();
  }
  fillStrengths(o);
  if (prefs.profile && o.presets[prefs.profile]) prof.value = prefs.profile;
  presetChanged();
  restoreSettings();
  $("set-deck").value = prefs.deck; $("set-lang").value = prefs.lang;
  translate();
  openDialog($("dlg-setup"));
}

// The setup's texts that are built, not tagged with data-i18n: strengths, profiles, seats, names offered.
function relabelSetup() {
  relabelOptions("set-strength", t("difficulty"), strengthLevel);
  relabelOptions("set-profile", t("presets"));
  relabelOptions("set-mult", t("multiplier_names"));
  relabelOptions("set-extra", t("extra_names"));
  for (let seat = 0; seat < 4 && $(`seat-kind-${seat}`); seat++) {
    const kind = $(`seat-kind-${seat}`), name = $(`seat-name-${seat}`);
    kind.setAttribute("aria-label", t("pos")[seat]);
    kind.options[0].textContent = t("human"); kind.options[1].textContent = t("computer"); kind.options[2].textContent = t("friend");
    name.setAttribute("aria-label", t("name_at", t("pos")[seat]));
    name.placeholder = namePlaceholder(seat);
    $("seats-setup").children[seat].querySelector(".seat-pos").textContent = t("pos")[seat];
  }
}

function presetChanged() {
  const p = S.options.presets[$("set-profile").value];
  const tgt = $("set-target");
  tgt.replaceChildren(...p.targets_offered.map((x) => h("option", { value: x, text: x })));
  tgt.value = p.target;
  $("set-mult").value = p.multipliers;
  relabelSettings();
}

// ----- settings in plain words, remembered -----
// The computers' strength for the partner and for the opponents, each one of the server's levels; "medium"
// (a fair game) unless this browser chose otherwise last time. Choosing the opponents' strength sets the
// partner's to the same; the partner's may then be changed on its own.
function fillStrengths(o) {
  for (const id of ["set-strength", "set-strength-partner"]) {
    const sel = $(id);
    sel.replaceChildren();
    for (const [k, spec] of Object.entries(o.strengths)) sel.append(h("option", { value: spec, "data-level": k, text: t("difficulty")[k] || k }));
    sel.value = o.strengths.medium || (sel.options[0] && sel.options[0].value) || "";
  }
  $("set-strength").onchange = () => { $("set-strength-partner").value = $("set-strength").value; };
}
// The last settings this browser started a game with (profile and strengths set by openSetup's caller).
function restoreSettings() {
  const set = (id, value) => { const sel = $(id); if (value != null && [...sel.options].some((x) => x.value === String(value))) sel.value = String(value); };
  set("set-strength", prefs.strength);
  set("set-strength-partner", prefs.strengthPartner || prefs.strength);
  set("set-speed", prefs.speed || "normal");
  if (prefs.profile === $("set-profile").value) { set("set-target", prefs.target); set("set-mult", prefs.multipliers); }
  set("set-extra", prefs.extraContracts || "none");
  for (let seat = 0; seat < 4 && prefs.seatKinds; seat++) {
    set(`seat-kind-${seat}`, prefs.seatKinds[seat]);
    if (prefs.seatNames && $(`seat-name-${seat}`)) $(`seat-name-${seat}`).value = prefs.seatNames[seat] || "";
  }
}
function rememberSettings() {
  Object.assign(prefs, {
    strength: $("set-strength").value, strengthPartner: $("set-strength-partner").value, speed: $("set-speed").value,
    profile: $("set-profile").value, target: Number($("set-target").value), multipliers: $("set-mult").value, extraContracts: $("set-extra").value,
    seatKinds: [0, 1, 2, 3].map((x) => $(`seat-kind-${x}`).value), seatNames: [0, 1, 2, 3].map((x) => $(`seat-name-${x}`).value.trim()),
  });
  PACE = paceOf(prefs.speed);
}
// The one-line explanation of the chosen profile, the speeds and the partner's levels in the page's language.
function relabelSettings() {
  const note = t("profile_notes")[$("set-profile").value];
  $("set-profile-note").textContent = note || "";
  relabelOptions("set-speed", t("speeds"));
  if (typeof PuurForms !== "undefined") PuurForms.relabel();
  relabelOptions("set-strength-partner", t("difficulty"), strengthLevel);
}
// A computer seat in the team of the (first) human player is the partner; the others are opponents.
function computerSpec(seat, humans) {
  const partner = humans.length > 0 && seat % 2 === humans[0] % 2;
  return $(partner ? "set-strength-partner" : "set-strength").value;
}

// What a seat's name field shows while empty, in the page's language: "You" for the first seat, the
// computer's name for a computer, and for a friend's seat that the friend gives their name on joining.
function namePlaceholder(seat) {
  const kind = $(`seat-kind-${seat}`).value;
  if (kind === "invite") return t("invite_name");
  return seat === 0 && kind === "human" ? t("you") : kind === "computer" ? COMPUTER_NAMES[(seat + 2) % 3] : "";
}

function buildSeatRows() {
  const box = $("seats-setup");
  box.replaceChildren();
  for (let seat = 0; seat < 4; seat++) {
    const kind = h("select", { id: `seat-kind-${seat}`, "aria-label": `${t("pos")[seat]}` },
      h("option", { value: "human", text: t("human") }), h("option", { value: "computer", text: t("computer") }),
      h("option", { value: "invite", text: t("friend") }));
    kind.value = seat === 0 ? "human" : "computer";
    const name = h("input", { type: "text", id: `seat-name-${seat}`, maxlength: 24, "aria-label": t("name_at", t("pos")[seat]),
      placeholder: seat === 0 ? t("you") : COMPUTER_NAMES[seat - 1] });
    kind.addEventListener("change", () => { name.placeholder = namePlaceholder(seat); });
    box.append(h("div", { class: "seat-row" }, h("span", { class: "seat-pos", text: t("pos")[seat] }), kind, name));
  }
}

async function submitSetup(e) {
  e.preventDefault();
  if (!(await leaveAllowed())) return;
  const seats = [], names = [];
  const humans = [0, 1, 2, 3].filter((s) => $(`seat-kind-${s}`).value === "human");
  for (let s = 0; s < 4; s++) {
    const human = humans.includes(s), invited = $(`seat-kind-${s}`).value === "invite"; // a friend types their name on joining
    seats.push(human ? "human" : invited ? "invite" : computerSpec(s, humans));
    const typed = $(`seat-name-${s}`).value.trim();
    // a person's seat not named: null, the table's own name for it ("You", "Player 2"; localName says it here)
    names.push(typed || (human || invited ? null : COMPUTER_NAMES[(s + 2) % 3]));
  }
  rememberSettings();
  setPrefs({ deck: $("set-deck").value, lang: $("set-lang").value });
  try {
    const r = await api("/games", { method: "POST", body: { profile: setupProfile(), seats, names, deck: prefs.deck, lang: prefs.lang,
      ...(typeof PuurForms !== "undefined" ? PuurForms.createFields() : {}) }, player: true });
    closeDialog($("dlg-setup"));
    start(r.game_id, r.tokens);
  } catch (err) { toast(nameRefusal(err) || errorText(err)); }
}
