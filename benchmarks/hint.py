"""Latency of a hint (``GET /api/v1/games/{id}/hint``) at the default level, end to end.

    .venv/bin/python benchmarks/hint.py [--positions 40] [--seed 1] [--json]

One player against three ``heuristic`` computers in the app (FastAPI's TestClient, a SQLite file in a
temporary folder): at each of the player's decisions the hint is asked for and timed (the request
whole: the search at ``medium``, the rule-of-thumb choice, the count written to the store), then the first
legal action is played. New matches are started (seed, seed + 1, ...) until ``--positions`` hints are
timed. Reported: count, mean, median, 95th percentile and max in seconds, for all hints and for
contract and card decisions apart. The goal: within 1 s.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from puur.lab.bench import benchmark_parser, print_result
from puur.server.app import create_app


def summary(times: list[float]) -> dict[str, Any]:
    if not times:
        return {"n": 0}
    ordered = sorted(times)
    return {"n": len(times), "mean_s": round(statistics.mean(times), 3), "median_s": round(statistics.median(times), 3),
            "p95_s": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3), "max_s": round(ordered[-1], 3)}


def measure(client: TestClient, positions: int, seed: int) -> dict[str, list[float]]:
    """Hint times (seconds) by kind of decision, over ``positions`` decisions of the player (seat 0)."""
    times: dict[str, list[float]] = {"contract": [], "card": [], "claim": []}
    while sum(map(len, times.values())) < positions:
        r = client.post("/api/v1/games", json={"seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": seed})
        gid, token = r.json()["game_id"], r.json()["tokens"]["0"]
        head = {"Authorization": f"Bearer {token}"}
        v = client.get(f"/api/v1/games/{gid}", headers=head).json()
        while v["status"] == "playing" and sum(map(len, times.values())) < positions:
            t = time.perf_counter()
            h = client.get(f"/api/v1/games/{gid}/hint", headers=head)
            elapsed = time.perf_counter() - t
            if h.status_code != 200:
                raise SystemExit(f"hint refused: {h.status_code} {h.text}")
            times[h.json()["kind"]].append(elapsed)
            v = client.post(f"/api/v1/games/{gid}/actions", headers=head, json={"action": v["legal_actions"][0]}).json()
        seed += 1
    return times


def main() -> None:
    ap = benchmark_parser(__doc__)
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp, TestClient(create_app(db_path=str(Path(tmp) / "g.sqlite3"))) as c:
        times = measure(c, a.positions, a.seed)
    out = {"all": summary([x for xs in times.values() for x in xs]), "contract": summary(times["contract"]),
           "card": summary(times["card"])}
    print_result(out, a.json, readable)


def readable(out: dict[str, dict[str, Any]]) -> str:
    """A line per kind of decision (all, contract, card), its figures as ``name=value``."""
    return "\n".join(f"{kind:9s} " + "  ".join(f"{k}={v}" for k, v in s.items()) for kind, s in out.items())


if __name__ == "__main__":
    main()
