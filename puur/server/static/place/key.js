// The player key in this browser (docs/players.md): made by the server on the first "make my player", kept in
// localStorage, sent as "Authorization: Player KEY". Every page of the place (my player, the lobby, the
// leaderboard, tournaments) reaches the player through these functions and nowhere else.
const STORE = "puur.playerKey";

export function playerKey() {
  try { return localStorage.getItem(STORE); } catch { return null; }
}

export function setPlayerKey(key) {
  if (key) localStorage.setItem(STORE, key); else localStorage.removeItem(STORE);
}

// fetch() with this browser's player key, if it has one.
export function playerFetch(url, options = {}) {
  const key = playerKey();
  const headers = new Headers(options.headers || {});
  if (key && !headers.has("Authorization")) headers.set("Authorization", `Player ${key}`);
  return fetch(url, { ...options, headers });
}

// The player of this browser ({id, name, tag, handle}), or null when it has none (or its key was revoked:
// then the key is forgotten, so the next "make my player" starts afresh).
export async function currentPlayer() {
  if (!playerKey()) return null;
  const r = await playerFetch("/api/v1/players/me");
  if (r.status === 401) { setPlayerKey(null); return null; }
  if (!r.ok) throw new Error(`players/me: ${r.status}`);
  return r.json();
}

// This browser's player, made with `name` if it has none yet; renamed to `name` if it has one and the name
// differs. Throws an Error whose message is the server's reason (a name against the table's rule: 422).
export async function ensurePlayer(name, device = "") {
  const me = await currentPlayer();
  if (me && me.name === name) return me;
  const r = await playerFetch("/api/v1/players/me", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name, device }),
  });
  const body = await r.json();
  if (!r.ok) throw new Error(typeof body.detail === "string" ? body.detail : (body.detail?.[0]?.msg ?? r.statusText));
  if (body.key) setPlayerKey(body.key);
  const { key: _secret, ...player } = body;
  return player;
}
