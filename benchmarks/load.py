"""Load test of the game API over HTTP on loopback (the web table's targets, BENCHMARKS.md "Web table").

The script starts ``puur serve`` on 127.0.0.1 with a fresh SQLite file in a temporary directory (or uses
``--url``), creates the games, then drives them **closed loop**: each game has its own keep-alive
connection and sends its next request as soon as the previous answer came back (no think time), so at
any moment at most ``--games`` requests are in flight, one per game. That is the heaviest load 100 players
acting instantly can make; a latency here is one request's time from its first byte sent to its last
byte received, never time spent queueing inside this script.

Two runs:

1. ``computers``: ``--games`` concurrent games, seat 0 human (driven here, a random legal card or
   contract), seats 1-3 computers (``--bot``, default ``heuristic``) that move on the server inside the
   same request, until the human is to act again (about 3 computer moves per reply).
2. ``humans``: ``--human-games`` concurrent pass-and-play games (4 human seats): a reply involves no
   computer at all (validate, apply, commit to SQLite, observe, reply). Before each action the seat to act
   fetches its view (a GET, timed separately).

``--think S`` makes each player wait 0.5-1.5 x S seconds before each action (a human's pace) instead of
acting at once; the latency is still measured from the request's first byte.

With zero think time the server is the bottleneck by construction: n games in flight and a server that
needs c ms of CPU per request give, by Little's law, about n x c ms per request once the server is
saturated (100 games x 3 ms = 300 ms), whatever the machine; ``server_cpu_ms_per_request`` is that c.

Reported per run: action requests, errors (any non-2xx reply or broken connection), lost actions (an
accepted reply whose ``seq`` did not advance by the actions it reports, or a final GET that disagrees with
the last reply), latency p50/p95/max over every action request, the same minus the computers' thinking
time the server reports in ``Server-Timing: bots;dur=...`` (``p95_without_computers``), throughput, and
the CPU seconds per action request of the server process (all its threads, from /proc) and of this
client, so the server's own cost is separate from the client's. The client is a minimal HTTP/1.1 writer
on asyncio streams (httpx costs ~1 ms of client CPU per request, which on a 2-core machine competes
with the server and inflates every latency).

    .venv/bin/python benchmarks/load.py [--games 100] [--actions 40] [--human-games 20] [--bot heuristic]
                                        [--think SECONDS] [--url http://HOST:PORT] [--json]
"""

from __future__ import annotations

import asyncio
import contextlib
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
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from puur.lab.bench import benchmark_parser, print_result
from puur.server.probe import wait_serving

BOTS = re.compile(rb"bots;dur=([0-9.]+)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def served(url: str | None, name: str, *options: str) -> Iterator[tuple[str, int, subprocess.Popen[bytes] | None]]:
    """The server to measure, answering: ``url``'s, or else a ``puur serve`` of this virtual environment
    started on a free port with a fresh database ``name.sqlite3`` in a temporary folder (``options``: its
    further command-line options), stopped at the end. Yields its host, port and process (None for ``url``)."""
    with tempfile.TemporaryDirectory() as tmp:
        proc = None
        if url:
            u = urlsplit(url)
            host, port = u.hostname or "127.0.0.1", u.port or 80
        else:
            host, port = "127.0.0.1", free_port()
            puur = Path(sys.executable).with_name("puur")
            cmd = [str(puur), "serve", "--host", host, "--port", str(port), "--db", f"{tmp}/{name}.sqlite3", *options]
            proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_serving(f"http://{host}:{port}", proc, timeout=60)
            yield host, port, proc
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=20)


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``xs``."""
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def ms(x: float) -> float:
    return round(x * 1000, 2)


async def arrivals(ws: Any, stop: asyncio.Event, poll: float) -> AsyncIterator[tuple[float, dict[str, Any]]]:
    """The messages of a live connection ``ws``, each with the moment it arrived (``time.perf_counter``, the
    clock the latencies are measured on), until ``stop`` is set: a wait wakes every ``poll`` seconds to look."""
    while not stop.is_set():
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=poll)
        except TimeoutError:
            continue
        yield time.perf_counter(), json.loads(raw)


class HttpError(Exception):
    pass


class Conn:
    """One keep-alive HTTP/1.1 connection; one request at a time (closed loop)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, token: str | None = None,
                      body: Any = None) -> tuple[int, dict[bytes, bytes], Any, float]:
        """(status, headers, parsed JSON body, seconds from sending to the whole reply read)."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        t0 = time.perf_counter()
        self.writer.write(head.encode() + b"\r\n" + data)
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.split(b"\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            if b":" in line:
                k, v = line.split(b":", 1)
                headers[k.strip().lower()] = v.strip()
        if b"content-length" not in headers:
            raise HttpError(f"{method} {path}: no content-length ({status})")
        payload = await self.reader.readexactly(int(headers[b"content-length"]))
        dt = time.perf_counter() - t0
        return status, headers, json.loads(payload) if payload else None, dt

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


class Stats:
    def __init__(self) -> None:
        self.lat: list[float] = []  # every action request
        self.own: list[float] = []  # the same minus Server-Timing bots
        self.bots: list[float] = []
        self.gets: list[float] = []
        self.errors: list[str] = []
        self.lost = 0

    def summary(self) -> dict[str, Any]:
        return {
            "action_requests": len(self.lat), "errors": len(self.errors), "lost_actions": self.lost,
            "p50_ms": ms(statistics.median(self.lat)) if self.lat else None,
            "p95_ms": ms(pct(self.lat, 0.95)),
            "max_ms": ms(max(self.lat)) if self.lat else None,
            "p95_without_computers_ms": ms(pct(self.own, 0.95)),
            "computers_ms_per_reply": ms(statistics.mean(self.bots)) if self.bots else None,
            "get_requests": len(self.gets),
            "get_p95_ms": ms(pct(self.gets, 0.95)) if self.gets else None,
        }


class Game:
    def __init__(self, gid: str, tokens: dict[str, str], view: dict[str, Any]) -> None:
        self.id, self.tokens, self.view = gid, tokens, view


async def create(conn: Conn, seats: list[str], seed: int, stats: Stats) -> Game | None:
    # the server refuses a chosen seed when more than one human plays (a fair deal): those draw their own
    body: dict[str, Any] = {"seats": seats, **({"seed": seed} if seats.count("human") == 1 else {})}
    st, _, created, _ = await conn.request("POST", "/api/v1/games", body=body)
    if st != 201:
        stats.errors.append(f"create {st} {str(created)[:200]}")
        return None
    tokens = created["tokens"]
    st, _, view, _ = await conn.request("GET", f"/api/v1/games/{created['game_id']}", tokens[min(tokens)])
    if st != 200:
        stats.errors.append(f"get {st} {str(view)[:200]}")
        return None
    return Game(created["game_id"], tokens, view)


async def drive(conn: Conn, game: Game, seats: list[str], seed: int, actions: int, think: float,
                stats: Stats) -> None:
    """``actions`` actions, closed loop; a finished match is replaced by a new one (not timed). With
    ``think`` > 0 each action waits 0.5-1.5 x ``think`` seconds after the previous reply (a human's pace)."""
    rng = random.Random(seed)
    v = game.view
    done = 0
    try:
        while done < actions:
            if v["status"] != "playing":
                await check_final(conn, game, v, stats)
                new = await create(conn, seats, seed * 1000 + done, stats)
                if new is None:
                    return
                game, v = new, new.view
                continue
            seat = str(v["to_act"])
            token = game.tokens[seat]
            if int(seat) != v["seat"]:
                st, _, v, dt = await conn.request("GET", f"/api/v1/games/{game.id}", token)
                stats.gets.append(dt)
                if st != 200:
                    stats.errors.append(f"get {st} {str(v)[:200]}")
                    return
            action = rng.choice(v["legal_actions"])
            if think > 0:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            st, headers, new_v, dt = await conn.request("POST", f"/api/v1/games/{game.id}/actions", token,
                                                        {"action": action})
            stats.lat.append(dt)
            if st != 200:
                stats.errors.append(f"action {st} {str(new_v)[:200]}")
                return
            m = BOTS.search(headers.get(b"server-timing", b""))
            bots = float(m.group(1)) / 1000 if m else 0.0
            stats.bots.append(bots)
            stats.own.append(max(0.0, dt - bots))
            if new_v["seq"] <= v["seq"]:
                stats.lost += 1
            v = new_v
            done += 1
        await check_final(conn, game, v, stats)
    except (OSError, asyncio.IncompleteReadError, HttpError, ValueError) as e:
        stats.errors.append(f"{type(e).__name__}: {e}")


async def check_final(conn: Conn, game: Game, last: dict[str, Any], stats: Stats) -> None:
    """The stored game agrees with the last reply: nothing answered was lost."""
    st, _, final, _ = await conn.request("GET", f"/api/v1/games/{game.id}", game.tokens[str(last["seat"])])
    if st != 200 or final["seq"] != last["seq"]:
        stats.lost += 1


def cpu_seconds(pid: int | None) -> float:
    """User + system CPU of process ``pid`` (all threads), from /proc; 0 where unknown."""
    if pid is None:
        return 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(host: str, port: int, games: int, seats: list[str], actions: int, think: float,
              pid: int | None) -> dict[str, Any]:
    stats = Stats()
    conns = [Conn(host, port) for _ in range(games)]
    made = await asyncio.gather(*(create(c, seats, 1000 + i, stats) for i, c in enumerate(conns)))
    live = [(c, g, i) for i, (c, g) in enumerate(zip(conns, made, strict=True)) if g is not None]
    cpu0, client0, t0 = cpu_seconds(pid), time.process_time(), time.perf_counter()
    await asyncio.gather(*(drive(c, g, seats, 1000 + i, actions, think, stats) for c, g, i in live))
    wall = time.perf_counter() - t0
    server_cpu, client_cpu = cpu_seconds(pid) - cpu0, time.process_time() - client0
    for c in conns:
        c.close()
    n = max(1, len(stats.lat) + len(stats.gets))
    return {
        "games": games, "seats": seats, "think_s": think, "seconds": round(wall, 1), **stats.summary(),
        "requests_per_s": round(n / wall, 1),
        "server_cpu_ms_per_request": ms(server_cpu / n) if pid else None,
        "client_cpu_ms_per_request": ms(client_cpu / n),
        "_errors": stats.errors[:5],
    }


def main() -> int:
    ap = benchmark_parser(__doc__)
    ap.add_argument("--games", type=int, default=100, help="concurrent games with computer seats")
    ap.add_argument("--actions", type=int, default=40, help="human actions per game (a round has about 10)")
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--human-games", type=int, default=20, help="concurrent 4-human games (0: skip)")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a player waits before each action (default 0: closed loop, no think time)")
    ap.add_argument("--url", help="an already running server (default: start `puur serve`)")
    args = ap.parse_args()

    with served(args.url, "load", "--rate-actions", "off") as (host, port, proc):
        pid = proc.pid if proc else None
        out: dict[str, Any] = {"command": " ".join(["benchmarks/load.py", *sys.argv[1:]]), "cpus": os.cpu_count(),
                               "load_average_before": os.getloadavg()[0]}
        out["computers"] = asyncio.run(run(host, port, args.games, ["human", args.bot, args.bot, args.bot],
                                           args.actions, args.think, pid))
        if args.human_games:
            out["humans"] = asyncio.run(run(host, port, args.human_games, ["human"] * 4, args.actions,
                                            args.think, pid))
        out["load_average_after"] = os.getloadavg()[0]
    errors = [e for k in ("computers", "humans") if k in out for e in out[k].pop("_errors")]
    print_result(out, args.json)
    for e in errors:
        print("error:", e, file=sys.stderr)
    bad = any(out[k]["errors"] or out[k]["lost_actions"] for k in ("computers", "humans") if k in out)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
