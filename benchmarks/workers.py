"""Several ``puur serve`` workers on one PostgreSQL store (issue 15; BENCHMARKS.md "Several workers and
PostgreSQL").

The script starts a throwaway PostgreSQL cluster of Debian's server (``tests/pg_cluster.py``) or uses
``--db``, then ``puur serve --workers N --db postgresql://...`` on a loopback port (rate limits off: one
client address plays every table), and drives tables over HTTP with ``benchmarks/load.py``'s client (one
keep-alive connection per table, closed loop: the next action once the previous reply came back). Seat 0 is
the human driven here (a random legal action), seats 1-3 are ``heuristic`` computers that move on the server
in the same request. Three scenarios:

``pace``    ``--tables`` (500) tables at once at a person's pace (``--think`` S: 0.5-1.5 x S seconds before
            each action), over ``--workers`` (2).
``stress``  ``--tables`` (100) tables with no think time, once per worker count of ``--workers-list``
            (1,2,4): the throughput (actions per second) as workers are added.
``kill``    ``--tables`` tables at ``--think`` over ``--workers`` (2); after ``--kill-after`` seconds one
            worker process is killed with SIGKILL. Its clients' connections break; each reconnects (to a
            surviving worker or the one uvicorn starts in its place), fetches the view and goes on.

Afterwards every table's log is checked in the database: an action the server answered 200 for must be
stored (``lost``: an answered seq beyond the stored log), each game's stored ``seq`` must equal its number of
stored actions, and the final GET must agree with the last reply. Errors are non-2xx replies other than the
409s a reconnect may meet; a broken connection in ``kill`` counts as a reconnect, not an error.

    .venv/bin/python benchmarks/workers.py pace [--tables 500] [--actions 20] [--think 3] [--workers 2]
    .venv/bin/python benchmarks/workers.py stress [--tables 100] [--seconds 20] [--workers-list 1,2,4]
    .venv/bin/python benchmarks/workers.py kill [--tables 100] [--think 1] [--kill-after 5] [--actions 20]
"""

from __future__ import annotations

import argparse
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


def postgres_cpu() -> float:
    """CPU seconds of every process named postgres (the benchmark's cluster is the only one expected)."""
    total = 0.0
    for p in Path("/proc").glob("[0-9]*"):
        try:
            if (p / "comm").read_text().strip() == "postgres":
                total += load.cpu_seconds(int(p.name))
        except OSError:
            pass
    return total


class Serve:
    """``puur serve --workers N`` on a free loopback port, stopped at exit."""

    def __init__(self, db: str, workers: int) -> None:
        self.port = load.free_port()
        puur = Path(sys.executable).with_name("puur")
        cmd = [str(puur), "serve", "--port", str(self.port), "--db", db, "--workers", str(workers),
               "--rate-games", "off", "--rate-calls", "off"]
        self.log = Path(tempfile.mkdtemp(prefix="puur-serve-")) / "serve.log"
        with self.log.open("w") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        self.workers = workers
        deadline = time.monotonic() + 120
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=2):
                    pass
                if workers == 1 or len(children(self.proc.pid)) >= workers:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise SystemExit(f"puur serve did not start: {self.log.read_text()[-2000:]}")
            time.sleep(0.3)
        time.sleep(1.0 * workers)  # every worker has opened its store and is listening

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Table:
    def __init__(self, gid: str, token: str, view: dict[str, Any]) -> None:
        self.id, self.token, self.view = gid, token, view
        self.answered = 0  # the highest seq a 200 reply reported


async def drive(port: int, idx: int, actions: int, think: float, stats: load.Stats, tables: list[Table],
                until: float | None, reconnects: list[int]) -> None:
    """One table: ``actions`` human actions (or until ``until``), a finished match replaced by a new one.
    A broken connection is re-opened, the view fetched again, and the table goes on from it."""
    rng = random.Random(idx)
    conn = load.Conn("127.0.0.1", port)
    table: Table | None = None
    done = 0
    while done < actions and (until is None or time.monotonic() < until):
        try:
            if table is None or table.view["status"] == "over":
                st, _, created, _ = await conn.request(
                    "POST", "/api/v1/games", body={"seats": SEATS, "seed": idx * 1000 + done})
                if st != 201:
                    stats.errors.append(f"create {st} {str(created)[:200]}")
                    return
                token = created["tokens"]["0"]
                st, _, view, _ = await conn.request("GET", f"/api/v1/games/{created['game_id']}", token)
                table = Table(created["game_id"], token, view)
                tables.append(table)
                continue
            v = table.view
            if think > 0:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            action = rng.choice(v["legal_actions"])
            st, headers, new_v, dt = await conn.request("POST", f"/api/v1/games/{table.id}/actions", table.token,
                                                        {"action": action, "seq": v["seq"]})
            if st == 409 and reconnects[idx]:  # after a reconnect: the action may have been stored already
                st, _, table.view, _ = await conn.request("GET", f"/api/v1/games/{table.id}", table.token)
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
            conn.close()
            await asyncio.sleep(0.2)
            conn = load.Conn("127.0.0.1", port)
            if table is not None:
                try:
                    st, _, view, _ = await conn.request("GET", f"/api/v1/games/{table.id}", table.token)
                    if st == 200:
                        table.view = view
                except (OSError, asyncio.IncompleteReadError, load.HttpError, ValueError):
                    pass
    conn.close()


async def final_check(port: int, tables: list[Table], stats: load.Stats) -> None:
    """A GET per table must not be behind its last answered reply."""
    conn = load.Conn("127.0.0.1", port)
    for t in tables:
        st, _, view, _ = await conn.request("GET", f"/api/v1/games/{t.id}", t.token)
        if st != 200 or view["seq"] < t.answered:
            stats.lost += 1
    conn.close()


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


async def run(port: int, n: int, actions: int, think: float, seconds: float | None,
              kill: tuple[Serve, float] | None = None) -> tuple[dict[str, Any], list[Table]]:
    stats = load.Stats()
    tables: list[Table] = []
    reconnects = [0] * n
    until = time.monotonic() + seconds if seconds else None
    t0 = time.perf_counter()
    jobs = [asyncio.create_task(drive(port, i, actions, think, stats, tables, until, reconnects)) for i in range(n)]
    killed = None
    if kill is not None:
        serve, after = kill
        await asyncio.sleep(after)
        victim = children(serve.proc.pid)[0]
        os.kill(victim, signal.SIGKILL)
        killed = victim
    await asyncio.gather(*jobs)
    wall = time.perf_counter() - t0
    await final_check(port, tables, stats)
    out = {"tables": n, "think_s": think, "seconds": round(wall, 1), **stats.summary(),
           "actions_per_s": round(len(stats.lat) / wall, 1), "reconnects": sum(reconnects),
           "tables_that_reconnected": sum(1 for r in reconnects if r), "killed_worker_pid": killed,
           "_errors": stats.errors[:5]}
    return out, tables


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("scenario", choices=("pace", "stress", "kill"))
    ap.add_argument("--tables", type=int)
    ap.add_argument("--actions", type=int, default=20, help="human actions per table (pace, kill)")
    ap.add_argument("--think", type=float, help="mean seconds before each action (pace: 3, kill: 1)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--workers-list", default="1,2,4", help="stress: the worker counts to compare")
    ap.add_argument("--seconds", type=float, default=20.0, help="stress: seconds per worker count")
    ap.add_argument("--kill-after", type=float, default=5.0)
    ap.add_argument("--db", help="a PostgreSQL URL to use (default: a throwaway cluster)")
    args = ap.parse_args()
    tables = args.tables or {"pace": 500, "stress": 100, "kill": 100}[args.scenario]
    think = args.think if args.think is not None else {"pace": 3.0, "stress": 0.0, "kill": 1.0}[args.scenario]

    cluster = None if args.db else start_cluster()
    base = args.db or (cluster.url if cluster else "")
    out: dict[str, Any] = {"command": " ".join(["benchmarks/workers.py", *sys.argv[1:]]), "cpus": os.cpu_count(),
                           "load_average_before": round(os.getloadavg()[0], 1), "runs": []}
    bad = False
    try:
        counts = [int(w) for w in args.workers_list.split(",")] if args.scenario == "stress" else [args.workers]
        for i, workers in enumerate(counts):
            db = fresh_database(base, f"bench_{args.scenario}_{i}")
            serve = Serve(db, workers)
            try:
                cpu0, pg0 = tree_cpu(serve.proc.pid), postgres_cpu()
                kill = (serve, args.kill_after) if args.scenario == "kill" else None
                seconds = args.seconds if args.scenario == "stress" else None
                actions = 10**9 if args.scenario == "stress" else args.actions
                result, played = asyncio.run(run(serve.port, tables, actions, think, seconds, kill))
                n = max(1, result["action_requests"])
                result["server_cpu_ms_per_action"] = round((tree_cpu(serve.proc.pid) - cpu0) * 1000 / n, 2)
                result["postgres_cpu_ms_per_action"] = round((postgres_cpu() - pg0) * 1000 / n, 2)
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
    print(json.dumps(out, indent=1))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())

