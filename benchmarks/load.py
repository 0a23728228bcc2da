"""Load test of the game API: concurrent games driven over HTTP on loopback against a server this script
starts itself (``puur serve`` on 127.0.0.1, a fresh database in a temporary directory).

Two runs:
1. ``--games`` (100) concurrent games, one human seat driven here, three computer seats (heuristic);
   every request's latency, errors, and a check that no accepted action was lost (each reply's ``seq``
   advances, and a final GET agrees with the last reply). The latency without the computers' thinking
   is the reply time minus the ``Server-Timing: bots`` the server reports.
2. ``--human-games`` pass-and-play games (four human seats): a human action answered with no computer
   to move, i.e. the server's own cost (validate, apply, commit to SQLite, observe, reply).

    .venv/bin/python benchmarks/load.py [--games 100] [--actions 40] [--human-games 20] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def p95(xs: list[float]) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


class Stats:
    def __init__(self) -> None:
        self.lat: list[float] = []
        self.own: list[float] = []
        self.errors: list[str] = []
        self.lost = 0
        self.actions = 0

    def summary(self) -> dict[str, Any]:
        return {
            "requests": len(self.lat), "errors": len(self.errors), "lost_actions": self.lost,
            "actions_accepted": self.actions,
            "p50_ms": round(statistics.median(self.lat) * 1000, 2) if self.lat else None,
            "p95_ms": round(p95(self.lat) * 1000, 2),
            "p95_without_computers_ms": round(p95(self.own) * 1000, 2) if self.own else None,
            "max_ms": round(max(self.lat) * 1000, 2) if self.lat else None,
        }


BOTS = re.compile(r"bots;dur=([0-9.]+)")


async def drive(client: httpx.AsyncClient, seats: list[str], seed: int, actions: int, stats: Stats) -> None:
    rng = random.Random(seed)
    r = await client.post("/api/v1/games", json={"seats": seats, "seed": seed, "profile": "schieber"})
    if r.status_code != 201:
        stats.errors.append(f"create {r.status_code} {r.text[:200]}")
        return
    gid, tokens = r.json()["game_id"], r.json()["tokens"]
    v = (await client.get(f"/api/v1/games/{gid}", headers={"Authorization": f"Bearer {tokens[min(tokens)]}"})).json()
    for _ in range(actions):
        if v["status"] != "playing":
            break
        seat = str(v["to_act"])
        token = tokens[seat]
        h = {"Authorization": f"Bearer {token}"}
        if int(seat) != v["seat"]:
            v = (await client.get(f"/api/v1/games/{gid}", headers=h)).json()
        action = rng.choice(v["legal_actions"])
        t0 = time.perf_counter()
        r = await client.post(f"/api/v1/games/{gid}/actions", headers=h, json={"action": action})
        dt = time.perf_counter() - t0
        stats.lat.append(dt)
        if r.status_code != 200:
            stats.errors.append(f"action {r.status_code} {r.text[:200]}")
            return
        m = BOTS.search(r.headers.get("server-timing", ""))
        stats.own.append(max(0.0, dt - (float(m.group(1)) / 1000 if m else 0.0)))
        new = r.json()
        if new["seq"] <= v.get("seq", -1):
            stats.lost += 1
        stats.actions += 1
        v = new
    final = (await client.get(f"/api/v1/games/{gid}", headers={"Authorization": f"Bearer {tokens[min(tokens)]}"})).json()
    if final["seq"] != v["seq"]:
        stats.lost += 1


async def run(base: str, games: int, seats: list[str], actions: int) -> tuple[Stats, float]:
    stats = Stats()
    limits = httpx.Limits(max_connections=games + 10, max_keepalive_connections=games + 10)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
        t0 = time.perf_counter()
        await asyncio.gather(*(drive(client, seats, 1000 + i, actions, stats) for i in range(games)))
        return stats, time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--actions", type=int, default=40, help="human actions per game (a round has about 10)")
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--human-games", type=int, default=20)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        puur = Path(sys.executable).with_name("puur")
        cmd = [str(puur), "serve", "--host", "127.0.0.1", "--port", str(port), "--db", f"{tmp}/load.sqlite3"]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ})
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(f"{base}/api/v1/table/options", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise SystemExit("the server did not start")
                time.sleep(0.2)
            bots, bots_s = asyncio.run(run(base, args.games, ["human", args.bot, args.bot, args.bot], args.actions))
            humans, humans_s = asyncio.run(run(base, args.human_games, ["human"] * 4, args.actions))
        finally:
            proc.terminate()
            proc.wait(timeout=20)
    out = {
        "command": "python " + " ".join(["benchmarks/load.py", *sys.argv[1:]]),
        "cpus": os.cpu_count(),
        "concurrent_games": {"games": args.games, "bot": args.bot, "seconds": round(bots_s, 1), **bots.summary()},
        "human_action": {"games": args.human_games, "seats": "4 human", "seconds": round(humans_s, 1), **humans.summary()},
    }
    if args.json:
        print(json.dumps(out))
    else:
        print(json.dumps(out, indent=2))
    for s in (bots, humans):
        for e in s.errors[:5]:
            print("error:", e, file=sys.stderr)
    ok = not bots.errors and not humans.errors and not bots.lost and not humans.lost
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
