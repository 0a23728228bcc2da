"""The engine in the page on a phone's CPU (BENCHMARKS.md, "Web table"; docs/offline-table.md): how long a
computer's card takes offline, with the CPU slowed ×4 (the usual stand-in for a mid-range phone).

Chromium's own slowing (CDP ``Emulation.setCPUThrottlingRate``) reaches only a page's main thread: asked for
a worker, where the engine runs, it answers "Operation is only supported for pages, not workers". So where
the machine lets it (root, a writable cgroup ``cpu`` controller, v1 or v2), the script puts Chromium's
renderer processes (the page and its worker) in a cgroup whose CPU quota is one core divided by the rate:
×4 is a quarter of a core, the worker's thread included. Elsewhere it falls back to CDP on the page, and says
so (``slowed``: ``cgroup`` or ``page only``).

The script starts ``puur serve`` on 127.0.0.1 (a fresh SQLite file in a temporary directory), opens the table
in Debian's Chromium (/usr/bin/chromium, headless) at a phone's size, waits until the page says it plays
offline, then slows the CPU and times, in the page, the engine starting again (a reload) and games of this
device: a person at seat 0 taking the first legal action, three computers of one strength. Every request's
time is divided among the computers' moves it carried (each answer brings them as events), so a figure is the
wall time per computer decision, the page's own overhead (the views, the JSON) included.

    .venv/bin/python benchmarks/offline_engine.py [--rate 4] [--actions 40] [--players heuristic,mcts:level=easy,mcts:level=medium] [--json]
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from puur.lab.bench import benchmark_parser, print_result

ROOT = Path(__file__).resolve().parents[1]
TIMED = """async ([spec, actions]) => {
  const made = await Offline.api("/games", { method: "POST", body: { seats: ["human", spec, spec, spec] } });
  const token = made.tokens["0"], path = `/games/${made.game_id}`;
  let view = await Offline.api(path, { token });
  const per = [];
  let events = 0;
  Offline.listen((evs) => { events = evs.length; });
  for (let i = 0; i < actions && view.status === "playing"; i++) {
    events = 0;
    const t0 = performance.now();
    view = await Offline.api(path + "/actions", { method: "POST", body: { action: view.legal_actions[0] }, token });
    const ms = performance.now() - t0;
    const computers = events - 1; // the person's own action is the first event
    if (computers > 0) per.push(ms / computers);
  }
  return per;
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def summary(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    return {"n": len(values), "mean_ms": round(sum(values) / len(values), 1),
            "p95_ms": round(values[int(0.95 * (len(values) - 1))], 1), "max_ms": round(values[-1], 1)}


def renderer_pids() -> set[int]:
    """Chromium's renderer processes running now (a page and its workers live in one)."""
    pids = set()
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and b"--type=renderer" in (proc / "cmdline").read_bytes():
                pids.add(int(proc.name))
        except OSError:
            continue
    return pids


def cpu_controller() -> Path | None:
    """The writable cgroup directory of the ``cpu`` controller (v1 ``/sys/fs/cgroup/cpu``, or v2's root), or
    None where the machine does not offer one to this user."""
    for root in (Path("/sys/fs/cgroup/cpu"), Path("/sys/fs/cgroup")):
        offers_cpu = (root / "cpu.cfs_quota_us").exists() or "cpu" in _read(root / "cgroup.controllers").split()
        if offers_cpu and os.access(root, os.W_OK):
            return root
    return None


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""


@contextmanager
def cpu_quota(rate: float) -> Iterator[Any]:
    """A cgroup allowed one core's time divided by ``rate``; yields a function that moves processes into it.
    On leaving, the processes go back to the root group and the group is removed."""
    root = cpu_controller()
    if root is None:
        yield None
        return
    group = root / f"puur-bench-{os.getpid()}"
    group.mkdir()
    period = 100_000
    if (group / "cpu.cfs_quota_us").exists():  # cgroup v1
        (group / "cpu.cfs_period_us").write_text(str(period))
        (group / "cpu.cfs_quota_us").write_text(str(int(period / rate)))
    else:  # cgroup v2
        (group / "cpu.max").write_text(f"{int(period / rate)} {period}")

    def add(pids: set[int]) -> None:
        for pid in pids:
            (group / "cgroup.procs").write_text(str(pid))

    try:
        yield add
    finally:
        for pid in _read(group / "cgroup.procs").split():
            (root / "cgroup.procs").write_text(pid)
        group.rmdir()


def measure(url: str, rate: float, actions: int, players: list[str]) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    before = renderer_pids()
    with sync_playwright() as pw, cpu_quota(rate) as slow_renderers:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.add_init_script("delete window.SharedWorker;")  # a phone's engine: the page's own worker (Chrome for Android)
        page = context.new_page()
        page.goto(f"{url}/?pace=0")
        page.wait_for_selector("#offline-ready:not([hidden])", timeout=120_000)

        def slow() -> str:
            if slow_renderers is not None:
                slow_renderers(renderer_pids() - before)  # this browser's renderers, the engine's worker in them
                return "cgroup"
            cdp = page.context.new_cdp_session(page)  # a reload keeps the page's target; the rate stays set
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            return "page only"

        slowed = slow()
        t0 = time.monotonic()
        page.reload()
        page.wait_for_selector("#offline-ready:not([hidden])", timeout=300_000)
        started = time.monotonic() - t0
        slow()  # a renderer the reload started, if any
        out: dict[str, Any] = {"rate": rate, "slowed": slowed, "engine_start_s": round(started, 1), "players": {}}
        for spec in players:
            per = page.evaluate(TIMED, [spec, actions])
            out["players"][spec] = summary(per)
        browser.close()
    return out


def main() -> int:
    ap = benchmark_parser(__doc__)
    ap.add_argument("--rate", type=float, default=4.0)
    ap.add_argument("--actions", type=int, default=40)
    ap.add_argument("--players", default="heuristic,mcts:level=easy,mcts:level=medium")
    args = ap.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen([str(ROOT / ".venv/bin/puur"), "serve", "--host", "127.0.0.1", "--port", str(port),
                                   "--db", str(Path(tmp) / "puur.sqlite3")], env={**os.environ},
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
            result = measure(f"http://127.0.0.1:{port}", args.rate, args.actions, args.players.split(","))
        finally:
            server.terminate()
            server.wait(timeout=10)
    result["load_average"] = [round(x, 1) for x in os.getloadavg()]
    print_result(result, args.json, readable)
    return 0


def readable(result: dict[str, Any]) -> str:
    """The engine's start, a line per computer player (its decisions' times), and the load average."""
    lines = [f"CPU ×{result['rate']:g} ({result['slowed']}): the engine starts in {result['engine_start_s']} s"]
    for spec, s in result["players"].items():
        lines.append(f"  {spec}: a computer's decision mean {s['mean_ms']} ms, p95 {s['p95_ms']} ms, max {s['max_ms']} ms ({s['n']} requests)")
    lines.append(f"load average {result['load_average']}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
