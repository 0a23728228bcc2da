// The table's scripts are classic scripts: this module hands them this browser's remembered player (the place's
// one module for the key, ../place/key.js) as window.PuurPlayer. Offline the import may fail: then the table
// takes its seats as before, without a player.
//
// A match played on this device (the engine in the page) counts for the player too (docs/players.md): its
// record is kept in localStorage until the server has counted it (POST /api/v1/players/me/matches, which
// replays it), sent at once, on the next visit, whenever the browser is back online, and again after a pause
// when a send fails.
import { currentPlayer, playerKey, setPlayerKey } from "../place/key.js";

const KEPT = "puur.deviceMatches";
const MAX_KEPT = 20; // a device offline for weeks keeps its latest matches, not all

function kept() {
  try { return JSON.parse(localStorage.getItem(KEPT) || "[]"); } catch { return []; }
}
function keep(list) { localStorage.setItem(KEPT, JSON.stringify(list.slice(-MAX_KEPT))); }

// The record's text goes into the body as the engine wrote it: its 64-bit seed survives no JSON.parse.
// "done": counted, counted already, or refused for good (not kept); "later": no server, or too busy now (kept,
// and tried again, not before `wait` ms when the server said how long); "kept": no player key now (kept as it is).
async function send(match) {
  const key = playerKey();
  if (!key) return { outcome: "kept" };
  let r;
  try {
    r = await fetch("/api/v1/players/me/matches", {
      method: "POST", headers: { "Content-Type": "application/json", Authorization: `Player ${key}` },
      body: `{"record": ${match.record}, "seat": ${Number(match.seat)}}`,
    });
  } catch { return { outcome: "later" }; }
  if (r.status === 401) setPlayerKey(null);
  if (r.status === 429 || r.status >= 500) {
    const seconds = Number(r.headers.get("Retry-After")); // seconds, as this server sends it (a date reads as none)
    return { outcome: "later", wait: Number.isFinite(seconds) ? 1000 * seconds : 0 };
  }
  return { outcome: "done" };
}

// A send that failed is tried again after a pause that doubles up to five minutes (and at once when the browser
// says it is back online): a network that comes back without the browser noticing, or whose first request
// still fails, does not leave a match unsent until the next visit.
const FIRST_PAUSE = 2000, LONGEST_PAUSE = 5 * 60 * 1000;
let pause = FIRST_PAUSE, retry = null, sending = null;

function tryAgainLater(wait) {
  if (retry) return;
  retry = setTimeout(() => { retry = null; sendDeviceMatches(); }, Math.max(wait || 0, pause));
  pause = Math.min(2 * pause, LONGEST_PAUSE);
}

async function sendKept() {
  const tried = new Set();
  for (let match; (match = kept().find((m) => !tried.has(m.id))); ) {
    tried.add(match.id);
    const { outcome, wait } = await send(match);
    if (outcome === "kept") return;
    if (outcome === "later") { tryAgainLater(wait); return; }
    keep(kept().filter((m) => m.id !== match.id));
  }
  pause = FIRST_PAUSE;
}

// Send every kept match, one at a time; a call while a send is under way joins it (a match kept meanwhile is
// sent by the same run).
export function sendDeviceMatches() {
  if (!sending) sending = sendKept().finally(() => { sending = null; });
  return sending;
}

// A match of this device is over: keep its record for the player of this browser (none: nothing kept).
export function keepDeviceMatch(id, seat, record) {
  if (!playerKey() || kept().some((m) => m.id === id)) return;
  keep([...kept(), { id, seat, record }]);
  sendDeviceMatches();
}

window.PuurPlayer = { currentPlayer, playerKey, setPlayerKey, keepDeviceMatch, sendDeviceMatches };
window.addEventListener("online", () => { clearTimeout(retry); retry = null; pause = FIRST_PAUSE; sendDeviceMatches(); });
sendDeviceMatches();
