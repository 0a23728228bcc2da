"""The place at scale: many online tables at a person's pace on two workers, and the lobby watched
(BENCHMARKS.md, "The place at scale").

The script starts a throwaway PostgreSQL cluster of Debian's server (``tests/pg_cluster.py``) and
``--workers`` ``puur serve`` processes on it, each on its own loopback port (``benchmarks/workers.py``'s
``Serve``: what N machines behind a balancer are), then for each count of ``--tables`` (a sweep, e.g.
``100,250,500,1000``: where it breaks) on a fresh database:

- opens the tables: a host and three friends who join by invite, every seat a person (no computer thinks
  on the server: what is measured is the table, not the bots). Each table's four screens come from their own
  client address (``127.x.y.z``: loopback has sixteen million), as four people's devices would, so the
  per-address bounds of the server hold as they do in the field; seat ``s`` of table ``t`` talks to worker
  ``(t + s) % workers``, so most of a table's screens hear an action through the other worker (PostgreSQL's
  NOTIFY), the hard path;
- opens ``--watchers`` live connections to the lobby (``--lobby-path``), each from its own address;
- while it measures, opens ``--churn`` new tables a second to the public, as hosts do in the evening: each is
  made, opened to the lobby and filled by three people joining a moment apart, so the lobby's listing
  changes four times per table and every watcher is sent each change (the lobby's live feed under load);
- plays for ``--seconds`` after ``--warmup``: the seat to act waits 0.5-1.5 x ``--think`` seconds (a person's
  pace) and posts a random legal action.

Measured for every action: from the moment its request is sent to the moment each of the three other
screens' live connections received the ``event`` carrying it (one client process, one monotonic clock);
p50/p99 of those deliveries, the action requests' own round trip, errors, the lobby messages the watchers
received, the CPU of the workers, of PostgreSQL and of this client (on a machine of two cores the client's
own work competes with the server's: the figures say how much). For the lobby: from each churning table's
request (opening it, each join) to the moment a watcher's feed listed the table with the free seats that
request left (or, full, no longer listed it), read by every tenth watcher (the others only count).

    .venv/bin/python benchmarks/place_load.py [--tables 100,250,500,1000] [--think 3] [--seconds 60]
        [--warmup 15] [--watchers 1000] [--churn 2] [--workers 2] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import sys
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from puur.lab.bench import benchmark_parser, print_result

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "tests")]

import load  # noqa: E402  (the minimal HTTP/1.1 client)
from pg_cluster import fresh_database, start_cluster, stop_cluster  # noqa: E402
from workers import Serve, cpu_since, postgres_cpu  # noqa: E402

IDLE_REOPEN = 4.0
"""uvicorn closes a keep-alive connection idle for 5 s: one idle longer than this is opened anew."""


def address(n: int) -> str:
    """The ``n``-th client address on loopback (127.1.0.1, 127.1.0.2, ...): one person's device."""
    n += 1
    return f"127.{1 + n // 65_536}.{(n // 256) % 256}.{n % 256}"


class Client:
    """One device's keep-alive HTTP connection to one worker, from its own address."""

    def __init__(self, port: int, addr: str) -> None:
        self.port, self.addr = port, addr
        self.conn: load.Conn | None = None
        self.used = 0.0

    async def request(self, method: str, path: str, token: str | None = None,
                      body: Any = None) -> tuple[int, Any, float]:
        if self.conn is None or time.monotonic() - self.used > IDLE_REOPEN:
            if self.conn is not None:
                self.conn.close()
            self.conn = load.Conn("127.0.0.1", self.port)
            self.conn.reader, self.conn.writer = await asyncio.open_connection(
                "127.0.0.1", self.port, local_addr=(self.addr, 0))
        try:
            status, _, reply, dt = await self.conn.request(method, path, token, body)
        except (OSError, asyncio.IncompleteReadError):
            self.conn.close()
            self.conn = None
            raise
        self.used = time.monotonic()
        return status, reply, dt

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


class Table:
    """One online table: four seats' tokens, and for each action (by the seq it makes) when it was sent and
    when each other screen had it."""

    def __init__(self, index: int, gid: str, tokens: dict[int, str]) -> None:
        self.index, self.gid, self.tokens = index, gid, tokens
        self.sent: dict[int, float] = {}
        self.received: dict[int, list[float]] = {}


class Run:
    def __init__(self, ports: list[int], think: float, seed: int) -> None:
        self.ports, self.think = ports, think
        self.rng = random.Random(seed)
        self.errors: list[str] = []
        self.rtt: list[float] = []
        self.measuring = False
        self.stop = asyncio.Event()
        self.lobby_messages = 0
        self.watchers_open = 0
        self.lobby_sent: dict[tuple[str, int], float] = {}
        """(table, free seats its request leaves) -> when the request was sent: what a watcher should see."""
        self.lobby_seen: list[float] = []

    def port(self, table: int, seat: int) -> int:
        return self.ports[(table + seat) % len(self.ports)]

    async def open_table(self, t: int) -> Table | None:
        host = Client(self.port(t, 0), address(4 * t))
        try:
            status, made, _ = await host.request("POST", "/api/v1/games", body={
                "seats": ["human", "invite", "invite", "invite"], "names": ["Host", "", "", ""]})
            if status != 201:
                self.errors.append(f"create: {status} {made}")
                return None
            tokens = {0: made["tokens"]["0"]}
            for seat, name in ((1, "Vreni"), (2, "Ueli"), (3, "Kari")):
                friend = Client(self.port(t, seat), address(4 * t + seat))
                status, joined, _ = await friend.request("POST", f"/api/v1/games/{made['game_id']}/join", body={
                    "code": made["invites"][str(seat)]["code"], "name": name})
                friend.close()
                if status != 201:
                    self.errors.append(f"join: {status} {joined}")
                    return None
                tokens[seat] = joined["token"]
            return Table(t, made["game_id"], tokens)
        finally:
            host.close()

    async def screen(self, table: Table, seat: int, opened: asyncio.Event) -> None:
        """One person's device: the live connection of its seat; acts at a person's pace on its turn."""
        port, addr = self.port(table.index, seat), address(4 * table.index + seat)
        http = Client(port, addr)
        rng = random.Random(self.rng.random())
        url = f"ws://127.0.0.1:{port}/api/v1/games/{table.gid}/live"
        try:
            async with connect(url, max_size=2**22, local_addr=(addr, 0), open_timeout=120) as ws:
                await ws.send(json.dumps({"token": table.tokens[seat]}))
                opened.set()
                acting: asyncio.Task[None] | None = None
                async for now, msg in load.arrivals(ws, self.stop, poll=1.0):
                    if msg.get("type") == "event" and msg.get("seat") != seat and self.measuring:
                        table.received.setdefault(msg["seq"], []).append(now)
                    view = msg.get("view")
                    if not view or view["status"] != "playing" or view["to_act"] != seat:
                        continue
                    if acting is None or acting.done():
                        acting = asyncio.create_task(self.act(table, seat, view, http, rng))
        except Exception as e:  # a broken connection is an error of the run, said once
            if not self.stop.is_set():
                self.errors.append(f"screen {table.gid}/{seat}: {type(e).__name__} {e}")
        finally:
            http.close()

    async def act(self, table: Table, seat: int, view: dict[str, Any], http: Client, rng: random.Random) -> None:
        await asyncio.sleep(self.think * rng.uniform(0.5, 1.5))  # a person looks at the cards
        if self.stop.is_set():
            return
        seq = view["seq"]
        table.sent[seq + 1] = time.perf_counter()
        try:
            status, reply, dt = await http.request("POST", f"/api/v1/games/{table.gid}/actions", table.tokens[seat],
                                                   {"action": rng.choice(view["legal_actions"]), "seq": seq})
        except (OSError, asyncio.IncompleteReadError, ValueError) as e:  # ValueError: a reply that is not JSON
            self.errors.append(f"action: {type(e).__name__} {e}")
            return
        if self.measuring:
            self.rtt.append(dt)
        if status != 200 and status != 409:  # 409: the view moved on (a stale seq): the next view brings the turn
            self.errors.append(f"action: {status} {reply}")

    async def churn_table(self, n: int) -> None:
        """A host opens a new table to the public and three people join it a moment apart (see the module)."""
        rng = random.Random(n)
        host = Client(self.ports[n % len(self.ports)], address(2_000_000 + 4 * n))
        try:
            status, made, _ = await host.request("POST", "/api/v1/games", body={
                "seats": ["human", "invite", "invite", "invite"], "names": ["Host", "", "", ""]})
            if status != 201:
                self.errors.append(f"churn create: {status} {made}")
                return
            gid = made["game_id"]
            self.lobby_sent[(gid, 3)] = time.perf_counter()
            status, reply, _ = await host.request("POST", f"/api/v1/games/{gid}/public", made["tokens"]["0"],
                                                  {"open": True, "lang": "de", "speed": "normal"})
            if status != 204:
                self.errors.append(f"churn public: {status} {reply}")
                return
            for seat in (1, 2, 3):
                await asyncio.sleep(rng.uniform(0.2, 0.6))
                friend = Client(self.ports[(n + seat) % len(self.ports)], address(2_000_000 + 4 * n + seat))
                self.lobby_sent[(gid, 3 - seat)] = time.perf_counter()
                status, reply, _ = await friend.request("POST", f"/api/v1/games/{gid}/join", body={
                    "code": made["invites"][str(seat)]["code"], "name": f"Gast {seat}"})
                friend.close()
                if status != 201:
                    self.errors.append(f"churn join: {status} {reply}")
                    return
        except (OSError, asyncio.IncompleteReadError, ValueError) as e:
            self.errors.append(f"churn: {type(e).__name__} {e}")
        finally:
            host.close()

    async def churner(self, rate: float) -> None:
        """``rate`` new public tables a second while measuring (``churn_table``)."""
        tasks: list[asyncio.Task[None]] = []
        n = 0
        while not self.stop.is_set():
            if self.measuring and rate > 0:
                tasks.append(asyncio.create_task(self.churn_table(n)))
                n += 1
            await asyncio.sleep(1 / rate if rate > 0 else 1.0)
        await asyncio.gather(*tasks, return_exceptions=True)

    def lobby_heard(self, raw: str | bytes, seen: set[tuple[str, int]]) -> None:
        """A sampled watcher's message: the delay of each listing change a churning request made, the first time
        this watcher (``seen``: what it had) hears of it."""
        now = time.perf_counter()
        msg = json.loads(raw)
        if msg.get("type") != "changes":
            return
        keys = [(t["game_id"], t["free"]) for t in msg["tables"]] + [(gid, 0) for gid in msg["gone"]]
        for key in keys:
            sent = self.lobby_sent.get(key)
            if sent is not None and key not in seen:
                seen.add(key)
                self.lobby_seen.append(now - sent)

    async def watcher(self, n: int, path: str) -> None:
        port = self.ports[n % len(self.ports)]
        try:
            async with connect(f"ws://127.0.0.1:{port}{path}", local_addr=(address(1_000_000 + n), 0),
                               open_timeout=120, max_size=2**22) as ws:
                self.watchers_open += 1
                seen: set[tuple[str, int]] = set()
                while not self.stop.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
                    except TimeoutError:
                        continue
                    if self.measuring:
                        self.lobby_messages += 1
                        if n % 10 == 0:
                            self.lobby_heard(raw, seen)
        except Exception as e:
            if not self.stop.is_set():
                self.errors.append(f"lobby watcher: {type(e).__name__} {e}")


def client_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


async def level(serve: Serve, tables: int, args: argparse.Namespace) -> dict[str, Any]:
    run = Run(serve.ports, args.think, args.seed)
    t0 = time.perf_counter()
    made: list[Table | None] = []
    for start in range(0, tables, 50):  # fifty tables opened at once: a busy evening, not a flood
        made += await asyncio.gather(*(run.open_table(t) for t in range(start, min(tables, start + 50))))
    opened_tables = [t for t in made if t is not None]
    setup = time.perf_counter() - t0
    screens = []
    for t in opened_tables:
        for seat in range(4):
            ev = asyncio.Event()
            screens.append(asyncio.create_task(run.screen(t, seat, ev)))
    watchers = [asyncio.create_task(run.watcher(n, args.lobby_path)) for n in range(args.watchers)]
    watchers.append(asyncio.create_task(run.churner(args.churn)))
    await asyncio.sleep(args.warmup)
    run.measuring = True
    cpu0, pg0, me0 = serve.cpu(), postgres_cpu(), client_cpu()
    m0 = time.perf_counter()
    await asyncio.sleep(args.seconds)
    run.measuring = False
    wall = time.perf_counter() - m0
    cpu, pg, me = serve.cpu() - cpu0, cpu_since(pg0), client_cpu() - me0
    run.stop.set()
    await asyncio.gather(*screens, *watchers, return_exceptions=True)
    each: list[float] = []
    for t in opened_tables:
        for seq, sent in t.sent.items():
            each += [r - sent for r in t.received.get(seq, []) if r >= sent]
    return {
        "tables": len(opened_tables), "screens": 4 * len(opened_tables), "watchers_open": run.watchers_open,
        "setup_s": round(setup, 1), "actions": len(run.rtt), "actions_per_s": round(len(run.rtt) / wall, 1),
        "deliveries": len(each),
        "delivery_p50_ms": load.ms(load.pct(each, 0.5)), "delivery_p99_ms": load.ms(load.pct(each, 0.99)),
        "delivery_max_ms": load.ms(max(each, default=0.0)),
        "request_p50_ms": load.ms(load.pct(run.rtt, 0.5)), "request_p99_ms": load.ms(load.pct(run.rtt, 0.99)),
        "lobby_messages": run.lobby_messages, "churned_tables": len({gid for gid, _ in run.lobby_sent}),
        "lobby_deliveries": len(run.lobby_seen), "lobby_p50_ms": load.ms(load.pct(run.lobby_seen, 0.5)),
        "lobby_p99_ms": load.ms(load.pct(run.lobby_seen, 0.99)),
        "errors": len(run.errors), "first_errors": run.errors[:5],
        "workers_cpu_share": round(cpu / wall, 2), "postgres_cpu_share": round(pg / wall, 2),
        "client_cpu_share": round(me / wall, 2), "load_average": round(os.getloadavg()[0], 1),
    }


def main() -> int:
    ap = benchmark_parser(__doc__)
    ap.add_argument("--tables", default="100,250,500,1000", help="table counts to try, in turn (a sweep)")
    ap.add_argument("--think", type=float, default=3.0, help="a person's mean seconds before each action")
    ap.add_argument("--seconds", type=float, default=60.0, help="measured seconds per level")
    ap.add_argument("--warmup", type=float, default=15.0)
    ap.add_argument("--watchers", type=int, default=1000, help="live connections to the lobby")
    ap.add_argument("--lobby-path", default="/api/v1/lobby/live")
    ap.add_argument("--churn", type=float, default=2.0, help="new public tables a second while measuring")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--max-connections", type=int, default=8000, help="each worker's --max-connections")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    counts = [int(n) for n in args.tables.split(",")]
    cluster = start_cluster()
    results = []
    try:
        for n in counts:
            db = fresh_database(cluster.url, f"place_{n}")
            # each worker takes every connection (uvicorn's limit_concurrency, puur serve's --max-connections: 1,000
            # by default, past it 503): 1,000 tables are 4,000 screens and 1,000 watchers on two workers
            serve = Serve(db, args.workers, "ports", ("--max-connections", str(args.max_connections)))
            try:
                results.append(asyncio.run(level(serve, n, args)))
            finally:
                serve.stop()
            print(json.dumps(results[-1]), file=sys.stderr)
    finally:
        with contextlib.suppress(Exception):
            stop_cluster(cluster)
    out = {"command": " ".join(["benchmarks/place_load.py", *sys.argv[1:]]), "cpus": os.cpu_count(),
           "levels": results}
    print_result(out, args.json)
    return 1 if any(r["errors"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
