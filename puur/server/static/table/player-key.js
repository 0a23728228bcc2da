// The table's scripts are classic scripts: this module hands them this browser's remembered player (the place's
// one module for the key, ../place/key.js) as window.PuurPlayer. Offline the import may fail: then the table
// takes its seats as before, without a player.
//
// A match played on this device (the engine in the page) counts for the player too (docs/players.md): its
// record is kept in localStorage until the server has counted it (POST /api/v1/players/me/matches, which
// replays it), sent at once, on the next visit, and whenever the browser is back online.
import { currentPlayer, playerKey, setPlayerKey } from "../place/key.js";

const KEPT = "puur.deviceMatches";
const MAX_KEPT = 20; // a device offline for weeks keeps its latest matches, not all

function kept() {
  try { return JSON.parse(localStorage.getItem(KEPT) || "[]"); } catch { return []; }
}
function keep(list) { localStorage.setItem(KEPT, JSON.stringify(list.slice(-MAX_KEPT))); }

// The record's text goes into the body as the engine wrote it: its 64-bit seed survives no JSON.parse.
async function send(match) {
  const key = playerKey();
  if (!key) return false;
  const r = await fetch("/api/v1/players/me/matches", {
    method: "POST", headers: { "Content-Type": "application/json", Authorization: `Player ${key}` },
    body: `{"record": ${match.record}, "seat": ${Number(match.seat)}}`,
  });
  if (r.status === 401) setPlayerKey(null);
  return r.status !== 429 && r.status < 500; // counted, counted already, or refused for good: not kept
}

export async function sendDeviceMatches() {
  for (const match of kept()) {
    let done = false;
    try { done = await send(match); } catch { return; } // no server: kept for later
    if (done) keep(kept().filter((m) => m.id !== match.id));
  }
}

// A match of this device is over: keep its record for the player of this browser (none: nothing kept).
export function keepDeviceMatch(id, seat, record) {
  if (!playerKey() || kept().some((m) => m.id === id)) return;
  keep([...kept(), { id, seat, record }]);
  sendDeviceMatches();
}

window.PuurPlayer = { currentPlayer, playerKey, setPlayerKey, keepDeviceMatch, sendDeviceMatches };
window.addEventListener("online", () => { sendDeviceMatches(); });
sendDeviceMatches();
