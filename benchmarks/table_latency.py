"""How fast an action reaches the other screens of an online table (BENCHMARKS.md, "Web table").

The script starts ``puur serve`` on 127.0.0.1 (rate limits off, a fresh SQLite file in a temporary
directory) or uses ``--url``; creates ``--tables`` online tables (the host at seat 0, three seats by
invite), has three friends join each by its code, and opens the four seats' live connections
(``/api/v1/games/{id}/live``, each with its own token). Then every table plays: the seat to act picks a
random legal action as soon as its own screen shows its turn and posts it (``POST /actions`` on its own
keep-alive connection, closed loop, no think time). All tables play at once.

Measured for every action: from the moment its request is sent to the moment each of the other three
seats' live connections has received the ``event`` carrying it (one client process, one monotonic
clock). Reported: the p50/p95/max of every delivery to one other seat, the p95 of the slowest of the three
(when the whole table has it), the action requests' own round trip, the errors, and the load average
(the machine may be shared: figures taken under load say so).

    .venv/bin/python benchmarks/table_latency.py [--tables 6] [--actions 120] [--url http://HOST:PORT] [--json]
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from puur.lab.bench import benchmark_parser, print_result

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import Conn, arrivals, ms, pct, served  # noqa: E402  (the load test's minimal HTTP/1.1 client)


class Table:
    """One online table: its id, the four seats' tokens, when each action (by the seq it makes) was sent,
    and when each other seat received it."""

    def __init__(self, gid: str, tokens: dict[int, str]) -> None:
        self.gid, self.tokens = gid, tokens
        self.sent: dict[int, float] = {}
        self.received: dict[int, list[float]] = {}
        self.done = asyncio.Event()


async def open_table(conn: Conn, errors: list[str]) -> Table | None:
    status, _, body, _ = await conn.request("POST", "/api/v1/games", body={
        "seats": ["human", "invite", "invite", "invite"], "names": ["Host", "", "", ""]})
    if status != 201:
        errors.append(f"create: {status} {body}")
        return None
    tokens = {0: body["tokens"]["0"]}
    for seat, name in ((1, "Vreni"), (2, "Ueli"), (3, "Kari")):
        status, _, joined, _ = await conn.request("POST", f"/api/v1/games/{body['game_id']}/join",
                                                  body={"code": body["invites"][str(seat)]["code"], "name": name})
        if status != 201:
            errors.append(f"join: {status} {joined}")
            return None
        tokens[seat] = joined["token"]
    return Table(body["game_id"], tokens)


async def seat_client(host: str, port: int, table: Table, seat: int, actions: int, rng: random.Random,
                      rtt: list[float], errors: list[str], ready: asyncio.Barrier) -> None:
    """One person's screen: listens on the live connection; acts when its view says it is its turn."""
    conn = Conn(host, port)
    url = f"ws://{host}:{port}/api/v1/games/{table.gid}/live?pace=0"
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"token": table.tokens[seat]}))
        acted = -1  # the seq this seat last acted on: a view repeated (a "table" message) is not a new turn
        await ready.wait()
        try:
            async for now, msg in arrivals(ws, table.done, poll=0.5):
                if msg["type"] == "event" and msg["seat"] != seat:
                    table.received.setdefault(msg["seq"], []).append(now)
                if "view" not in msg:
                    continue
                view = msg["view"]
                if view["status"] != "playing" or view["to_act"] != seat or view["seq"] == acted:
                    if view["status"] == "over" or view["seq"] >= actions:
                        table.done.set()
                    continue
                if view["seq"] >= actions:
                    table.done.set()
                    break
                acted = view["seq"]
                action = rng.choice(view["legal_actions"])
                table.sent[view["seq"] + 1] = time.perf_counter()
                status, _, body, dt = await conn.request("POST", f"/api/v1/games/{table.gid}/actions",
                                                         table.tokens[seat], {"action": action, "seq": view["seq"]})
                rtt.append(dt)
                if status != 200:
                    errors.append(f"action {action}: {status} {body}")
                    table.done.set()
        finally:
            conn.close()


async def run(host: str, port: int, tables: int, actions: int, seed: int) -> dict[str, Any]:
    errors: list[str] = []
    conn = Conn(host, port)
    opened = [t for t in [await open_table(conn, errors) for _ in range(tables)] if t is not None]
    conn.close()
    rng = random.Random(seed)
    rtt: list[float] = []
    ready = asyncio.Barrier(4 * len(opened) + 1)
    tasks = [asyncio.create_task(seat_client(host, port, t, s, actions, random.Random(rng.random()), rtt, errors, ready))
             for t in opened for s in range(4)]
    await asyncio.sleep(0.5)  # every connection has its hello
    t0 = time.perf_counter()
    await ready.wait()
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=300)
    wall = time.perf_counter() - t0
    each: list[float] = []
    table_wide: list[float] = []
    for t in opened:
        for seq, sent in t.sent.items():
            got = t.received.get(seq, [])
            each += [r - sent for r in got]
            if len(got) == 3:
                table_wide.append(max(got) - sent)
    return {
        "tables": len(opened), "actions": len(rtt), "deliveries": len(each), "errors": len(errors), "_errors": errors[:5],
        "delivery_p50_ms": ms(pct(each, 0.5)), "delivery_p95_ms": ms(pct(each, 0.95)), "delivery_max_ms": ms(max(each, default=0)),
        "all_three_p95_ms": ms(pct(table_wide, 0.95)), "request_p95_ms": ms(pct(rtt, 0.95)),
        "actions_per_s": round(len(rtt) / wall, 1) if wall else None,
    }


def main() -> int:
    ap = benchmark_parser(__doc__)
    ap.add_argument("--tables", type=int, default=6,
                    help="online tables playing at once (4 live connections each; puur serve allows 32 per address)")
    ap.add_argument("--actions", type=int, default=120, help="actions per table (a round is about 37)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--url", help="an already running server (default: start `puur serve`)")
    args = ap.parse_args()
    if 4 * args.tables > 32:
        ap.error("--tables: at most 8 (puur serve takes 32 live connections from one address)")
    with served(args.url, "latency", "--rate-games", "off", "--rate-actions", "off") as (host, port, _proc):
        out: dict[str, Any] = {"command": " ".join(["benchmarks/table_latency.py", *sys.argv[1:]]),
                               "cpus": os.cpu_count(), "load_average_before": os.getloadavg()[0]}
        out.update(asyncio.run(run(host, port, args.tables, args.actions, args.seed)))
        out["load_average_after"] = os.getloadavg()[0]
    errors = out.pop("_errors")
    print_result(out, args.json)
    for e in errors:
        print("error:", e, file=sys.stderr)
    return 1 if out["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
