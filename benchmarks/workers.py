"""Several ``puur serve`` workers on one PostgreSQL store (BENCHMARKS.md, "Several workers and
PostgreSQL").

The script starts a throwaway PostgreSQL cluster of Debian's server (``tests/pg_cluster.py``) or uses
``--db``, a fresh database per run, and the workers (rate limits off: one client address plays every table):

- ``--mode ports`` (default): N ``puur serve`` processes, each on its own loopback port, what N machines
  behind a load balancer are; this script is the balancer (``--spread request``: each request to the next
  worker, so every worker serves every game; ``--spread table``: a table stays on its worker; a worker that
  refuses connections is skipped, as a balancer's health check would);
- ``--mode uvicorn``: one ``puur serve --workers N`` on one port (the kernel hands each new connection to
  one of uvicorn's workers; uvicorn starts a new worker in place of one that died).

Tables are driven with ``benchmarks/load.py``'s HTTP client, one keep-alive connection per table and worker,
closed loop (the next action once the previous reply came back). Seat 0 is the human driven here (a random
legal action), seats 1-3 are ``heuristic`` computers that move on the server in the same request.
Throughput and CPU are counted after ``--warmup`` seconds. Three scenarios:

``pace``    ``--tables`` (500) tables at once at a person's pace (``--think`` S: 0.5-1.5 x S seconds before
            each action), over ``--workers`` (2).
``stress``  ``--tables`` (100) tables with no think time for ``--seconds``, once per worker count of
            ``--workers-list`` (1,2,4): the throughput (actions per second) as workers are added.
``kill``    ``--tables`` tables at ``--think`` over ``--workers`` (2); ``--kill-after`` seconds into the run
            one worker process is killed with SIGKILL. Its clients' connections break; each reconnects (to
            another worker, or the one uvicorn starts in its place), fetches the view and goes on.

Afterwards every table's log is checked in the database: an action the server answered 200 for must be
stored (``answered_not_stored``), each game's stored ``seq`` must equal its number of stored actions and its
last action's number + 1 (``seq_not_matching_log``), and a final GET must not be behind the last reply
(``lost_actions``). Errors are non-2xx replies other than a 409 met just after a reconnect (the action sent
before the break may have been stored); a broken connection counts as a reconnect. Exit status 1 if any
error or lost action.

    .venv/bin/python benchmarks/workers.py pace [--tables 500] [--actions 20] [--think 3] [--workers 2]
    .venv/bin/python benchmarks/workers.py stress [--tables 100] [--seconds 20] [--workers-list 1,2,4]
    .venv/bin/python benchmarks/workers.py kill [--tables 100] [--think 1] [--kill-after 5] [--mode uvicorn]
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from puur.lab.bench import benchmark_parser, print_result

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "tests")]

import load  # noqa: E402  (benchmarks/load.py: the HTTP client)
from pg_cluster import fresh_database, start_cluster, stop_cluster  # noqa: E402

SEATS = ["human", "heuristic", "heuristic", "heuristic"]


def children(pid: int) -> list[int]:
    """The pids of ``pid``'s child processes (uvicorn's workers)."""
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            out += [int(p) for p in (task / "children").read_text().split()]
    return out


def tree_cpu(pid: int) -> float:
    return load.cpu_seconds(pid) + sum(load.cpu_seconds(c) for c in children(pid))


def postgres_cpu() -> dict[int, float]:
    """CPU seconds of every process named postgres, by pid (the benchmark's cluster is the only one
    expected). Compare two readings with ``cpu_since``: a backend that ended between them (a killed
    worker's connections) is left out rather than counted negative."""
    out = {}
    for p in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError):
            if (p / "comm").read_text().strip() == "postgres":
                out[int(p.name)] = load.cpu_seconds(int(p.name))
    return out


def cpu_since(before: dict[int, float]) -> float:
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in postgres_cpu().items())


class Serve:
    """The workers: ``mode`` ``ports``: N ``puur serve`` processes, each on its own loopback port (what N
    machines behind a load balancer are; the client balances); ``uvicorn``: one ``puur serve --workers N``
    on one port (the kernel hands each new connection to a worker). Stopped with ``stop``."""

    def __init__(self, db: str, workers: int, mode: str, extra: tuple[str, ...] = ()) -> None:
        puur = Path(sys.executable).with_name("puur")
        self.mode, self.workers = mode, workers
        self.logdir = Path(tempfile.mkdtemp(prefix="puur-serve-"))
        n = workers if mode == "ports" else 1
        self.ports = [load.free_port() for _ in range(n)]
        self.procs = []
        for i, port in enumerate(self.ports):
            cmd = [str(puur), "serve", "--port", str(port), "--db", db, "--rate-games", "off", "--rate-calls", "off",
                   "--rate-actions", "off", *extra]
            if mode == "uvicorn":
                cmd += ["--workers", str(workers)]
            with (self.logdir / f"serve{i}.log").open("w") as log:
                self.procs.append(subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT))
        deadline = time.monotonic() + 120
        for i, (port, proc) in enumerate(zip(self.ports, self.procs, strict=True)):
            while True:
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=2):
                        pass
                    if mode == "ports" or workers == 1 or len(children(proc.pid)) >= workers:
                        break
                except OSError:
                    pass
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise SystemExit(f"puur serve did not start: {(self.logdir / f'serve{i}.log').read_text()[-2000:]}")
                time.sleep(0.3)

    def pids(self) -> list[int]:
        """The worker processes (the ones that serve requests)."""
        if self.mode == "ports":
            return [p.pid for p in self.procs]
        return children(self.procs[0].pid) if self.workers > 1 else [self.procs[0].pid]

    def busiest(self) -> int:
        """The worker holding the most open sockets (connections), the one whose death hurts most."""
        def sockets(pid: int) -> int:
            n = 0
            for fd in Path(f"/proc/{pid}/fd").glob("*"):
                with contextlib.suppress(OSError):
                    n += os.readlink(fd).startswith("socket:")
            return n

        return max(self.pids(), key=sockets)

    def cpu(self) -> float:
        return sum(tree_cpu(p.pid) for p in self.procs)

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
        for proc in self.procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()


class Table:
    def __init__(self, gid: str, token: str, view: dict[str, Any]) -> None:
        self.id, self.token, self.view = gid, token, view
        self.answered = 0  # the highest seq a 200 reply reported


IDLE_REOPEN = 4.0
"""A connection idle longer than this is reopened before use: uvicorn closes keep-alive connections after 5 s
(a real balancer keeps its own pool), and a request written into one it is closing would fail."""


class Balancer:
    """The client's load balancer over ``ports``: ``table`` keeps each table on one worker (its first
    port), ``request`` sends each request to the next worker in turn. A worker that refuses a connection is
    skipped for 10 s and the request goes to the next one (nothing was sent: as nginx's
    ``proxy_next_upstream error``); a connection that breaks mid-request raises (the caller reconnects)."""

    def __init__(self, ports: list[int], idx: int, spread: str) -> None:
        self.ports, self.spread = ports, spread
        self.turn = idx % len(ports)
        self.conns: dict[int, tuple[load.Conn, float]] = {}
        self.down: dict[int, float] = {}

    def pick(self) -> int:
        for _ in range(len(self.ports)):
            port = self.ports[self.turn]
            if self.spread == "request":
                self.turn = (self.turn + 1) % len(self.ports)
            if self.down.get(port, 0) <= time.monotonic():
                return port
            if self.spread == "table":
                self.turn = (self.turn + 1) % len(self.ports)
        return self.ports[self.turn]

    async def _conn(self, port: int) -> load.Conn | None:
        held = self.conns.get(port)
        if held is not None and time.monotonic() - held[1] <= IDLE_REOPEN:
            return held[0]
        if held is not None:
            held[0].close()
        conn = load.Conn("127.0.0.1", port)
        try:
            conn.reader, conn.writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            self.conns.pop(port, None)
            self.down[port] = time.monotonic() + 10.0
            return None
        self.conns[port] = (conn, time.monotonic())
        return conn

    async def request(self, *args: Any, **kw: Any) -> tuple[int, dict[bytes, bytes], Any, float]:
        for _ in range(len(self.ports) + 1):
            port = self.pick()
            conn = await self._conn(port)
            if conn is None:
                continue
            try:
                out = await conn.request(*args, **kw)
            except (OSError, asyncio.IncompleteReadError, load.HttpError, ValueError):
                conn.close()
                self.conns.pop(port, None)
                if len(self.ports) > 1:
                    self.down[port] = time.monotonic() + 2.0
                raise
            self.conns[port] = (conn, time.monotonic())
            return out
        raise ConnectionRefusedError("no worker accepts connections")

    def close(self) -> None:
        for conn, _ in self.conns.values():
            conn.close()


async def drive(ports: list[int], spread: str, idx: int, actions: int, think: float, stats: load.Stats,
                tables: list[Table], until: float | None, reconnects: list[int]) -> None:
    """One table: ``actions`` human actions (or until ``until``), a finished match replaced by a new one.
    A broken connection is re-opened (on another worker when there are several), the view fetched again,
    and the table goes on from it."""
    rng = random.Random(idx)
    lb = Balancer(ports, idx, spread)
    table: Table | None = None
    done = 0
    while done < actions and (until is None or time.monotonic() < until):
        try:
            if table is None or table.view["status"] == "over":
                st, _, created, _ = await lb.request(
                    "POST", "/api/v1/games", body={"seats": SEATS, "seed": idx * 1000 + done})
                if st != 201:
                    stats.errors.append(f"create {st} {str(created)[:200]}")
                    return
                token = created["tokens"]["0"]
                st, _, view, _ = await lb.request("GET", f"/api/v1/games/{created['game_id']}", token)
                table = Table(created["game_id"], token, view)
                tables.append(table)
                continue
            v = table.view
            if think > 0:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            action = rng.choice(v["legal_actions"])
            st, headers, new_v, dt = await lb.request("POST", f"/api/v1/games/{table.id}/actions", table.token,
                                                      {"action": action, "seq": v["seq"]})
            if st == 409 and reconnects[idx]:  # after a reconnect: the action may have been stored already
                st, _, table.view, _ = await lb.request("GET", f"/api/v1/games/{table.id}", table.token)
                continue
            stats.lat.append(dt)
            if st != 200:
                stats.errors.append(f"action {st} {str(new_v)[:200]}")
                return
            if new_v["seq"] <= v["seq"]:
                stats.lost += 1
            table.view = new_v
            table.answered = new_v["seq"]
            done += 1
        except (OSError, asyncio.IncompleteReadError, load.HttpError, ValueError):
            reconnects[idx] += 1
            await asyncio.sleep(0.2)
            if table is not None:
                with contextlib.suppress(OSError, asyncio.IncompleteReadError, load.HttpError, ValueError):
                    st, _, view, _ = await lb.request("GET", f"/api/v1/games/{table.id}", table.token)
                    if st == 200:
                        table.view = view
    lb.close()


async def final_check(ports: list[int], tables: list[Table], stats: load.Stats) -> None:
    """A GET per table (from the first worker still up) must not be behind its last answered reply."""
    lb = Balancer(ports, 0, "table")
    for t in tables:
        st, view = 0, {}
        for _ in range(len(ports)):
            try:
                st, _, view, _ = await lb.request("GET", f"/api/v1/games/{t.id}", t.token)
                break
            except (OSError, asyncio.IncompleteReadError, load.HttpError, ValueError):
                continue
        if st != 200 or view["seq"] < t.answered:
            stats.lost += 1
    lb.close()


def check_logs(db: str, tables: list[Table]) -> dict[str, int]:
    """Every answered action is in the stored log; each game's seq column equals its stored actions."""
    import psycopg

    lost = bad_seq = 0
    with psycopg.connect(db) as conn:
        rows = dict(conn.execute(
            "SELECT g.id, g.seq = (SELECT count(*) FROM actions a WHERE a.game_id = g.id) AND "
            "g.seq = coalesce((SELECT max(seq) + 1 FROM actions a WHERE a.game_id = g.id), 0) FROM games g"
        ).fetchall())
        stored = dict(conn.execute("SELECT id, seq FROM games").fetchall())
        actions = conn.execute("SELECT count(*) FROM actions").fetchone()[0]  # type: ignore[index]
    for t in tables:
        if stored.get(t.id, -1) < t.answered:
            lost += 1
        if not rows.get(t.id, False):
            bad_seq += 1
    return {"tables_checked": len(tables), "answered_not_stored": lost, "seq_not_matching_log": bad_seq,
            "stored_actions": int(actions)}


async def run(serve: Serve, spread: str, n: int, actions: int, think: float, seconds: float | None,
              warmup: float, kill_after: float | None) -> tuple[dict[str, Any], list[Table]]:
    """Drive ``n`` tables; throughput and CPU are counted after ``warmup`` seconds (tables created, every
    worker's first requests served)."""
    stats = load.Stats()
    tables: list[Table] = []
    reconnects = [0] * n
    until = time.monotonic() + warmup + seconds if seconds else None
    jobs = [asyncio.create_task(drive(serve.ports, spread, i, actions, think, stats, tables, until, reconnects))
            for i in range(n)]
    await asyncio.sleep(warmup)
    t0, done0, cpu0, pg0 = time.perf_counter(), len(stats.lat), serve.cpu(), postgres_cpu()
    killed = None
    if kill_after is not None:
        await asyncio.sleep(kill_after)
        killed = serve.busiest()
        os.kill(killed, signal.SIGKILL)
    await asyncio.gather(*jobs)
    wall = time.perf_counter() - t0
    measured = max(1, len(stats.lat) - done0)
    cpu, pg = serve.cpu() - cpu0, cpu_since(pg0)
    await final_check(serve.ports, tables, stats)
    out = {"tables": n, "think_s": think, "spread": spread, "measured_s": round(wall, 1), **stats.summary(),
           "actions_per_s": round(measured / wall, 1),
           "server_cpu_ms_per_action": round(cpu * 1000 / measured, 2),
           "postgres_cpu_ms_per_action": round(pg * 1000 / measured, 2),
           "reconnects": sum(reconnects), "tables_that_reconnected": sum(1 for r in reconnects if r),
           "killed_worker_pid": killed, "_errors": stats.errors[:5]}
    for k in ("p95_without_computers_ms", "computers_ms_per_reply", "get_requests", "get_p95_ms"):
        out.pop(k, None)
    return out, tables


def main() -> int:
    ap = benchmark_parser(__doc__)
    ap.add_argument("scenario", choices=("pace", "stress", "kill"))
    ap.add_argument("--tables", type=int)
    ap.add_argument("--actions", type=int, default=20, help="human actions per table (pace, kill)")
    ap.add_argument("--think", type=float, help="mean seconds before each action (pace: 3, kill: 1)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--workers-list", default="1,2,4", help="stress: the worker counts to compare")
    ap.add_argument("--seconds", type=float, default=20.0, help="stress: seconds per worker count")
    ap.add_argument("--kill-after", type=float, default=5.0, help="kill: seconds after the warm-up")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds before throughput and CPU are counted")
    ap.add_argument("--mode", choices=("ports", "uvicorn"), default="ports",
                    help="ports: N puur serve processes on N ports, balanced here (default); uvicorn: one "
                    "puur serve --workers N")
    ap.add_argument("--spread", choices=("table", "request"),
                    help="table: a table keeps its worker; request: each request goes to the next worker "
                    "(default: request for pace and kill, table for stress)")
    ap.add_argument("--db", help="a PostgreSQL URL to use (default: a throwaway cluster)")
    args = ap.parse_args()
    tables = args.tables or {"pace": 500, "stress": 100, "kill": 100}[args.scenario]
    think = args.think if args.think is not None else {"pace": 3.0, "stress": 0.0, "kill": 1.0}[args.scenario]

    cluster = None if args.db else start_cluster()
    base = args.db or (cluster.url if cluster else "")
    out: dict[str, Any] = {"mode": args.mode, "command": " ".join(["benchmarks/workers.py", *sys.argv[1:]]), "cpus": os.cpu_count(),
                           "load_average_before": round(os.getloadavg()[0], 1), "runs": []}
    bad = False
    try:
        counts = [int(w) for w in args.workers_list.split(",")] if args.scenario == "stress" else [args.workers]
        for i, workers in enumerate(counts):
            db = fresh_database(base, f"bench_{args.scenario}_{i}")
            serve = Serve(db, workers, args.mode)
            spread = args.spread or ("table" if args.scenario == "stress" else "request")
            try:
                seconds = args.seconds if args.scenario == "stress" else None
                actions = 10**9 if args.scenario == "stress" else args.actions
                kill_after = args.kill_after if args.scenario == "kill" else None
                result, played = asyncio.run(run(serve, spread, tables, actions, think, seconds, args.warmup,
                                                 kill_after))
            finally:
                serve.stop()
            result.update(workers=workers, **check_logs(db, played))
            errors = result.pop("_errors")
            for e in errors:
                print("error:", e, file=sys.stderr)
            bad = bad or bool(result["errors"] or result["lost_actions"] or result["answered_not_stored"]
                              or result["seq_not_matching_log"])
            out["runs"].append(result)
            print(json.dumps(result), file=sys.stderr)
    finally:
        if cluster is not None:
            stop_cluster(cluster)
    out["load_average_after"] = round(os.getloadavg()[0], 1)
    if args.scenario == "stress":
        out["actions_per_s_by_workers"] = {r["workers"]: r["actions_per_s"] for r in out["runs"]}
    print_result(out, args.json)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())

