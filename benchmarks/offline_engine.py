"""The engine in the page on a phone's CPU (BENCHMARKS.md, "Web table"; docs/offline-table.md): how long a
computer's card takes offline, with Chromium's CPU slowed ×4 (CDP ``Emulation.setCPUThrottlingRate``, the
usual stand-in for a mid-range phone).

The script starts ``puur serve`` on 127.0.0.1 (a fresh SQLite file in a temporary directory), opens the table
in Debian's Chromium (/usr/bin/chromium, headless) at a phone's size, waits until the page says it plays
offline, then slows the CPU and times, in the page, the engine starting again (a reload) and games of this
device: a person at seat 0 taking the first legal action, three computers of one strength. Every request's
time is divided among the computers' moves it carried (each answer brings them as events), so a figure is the
wall time per computer decision, the page's own overhead (the views, the JSON) included.

    .venv/bin/python benchmarks/offline_engine.py [--rate 4] [--actions 40] [--players heuristic,mcts:level=easy,mcts:level=medium] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

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


def measure(url: str, rate: float, actions: int, players: list[str]) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.add_init_script("delete window.SharedWorker;")  # a phone's engine: the page's own worker (Chrome for Android)
        page = context.new_page()
        page.goto(f"{url}/?pace=0")
        page.wait_for_selector("#offline-ready:not([hidden])", timeout=120_000)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        t0 = time.monotonic()
        page.reload()
        page.wait_for_selector("#offline-ready:not([hidden])", timeout=300_000)
        cdp = page.context.new_cdp_session(page)  # a reload keeps the page's target; the rate stays set
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        started = time.monotonic() - t0
        out: dict[str, Any] = {"rate": rate, "engine_start_s": round(started, 1), "players": {}}
        for spec in players:
            per = page.evaluate(TIMED, [spec, actions])
            out["players"][spec] = summary(per)
        browser.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rate", type=float, default=4.0)
    ap.add_argument("--actions", type=int, default=40)
    ap.add_argument("--players", default="heuristic,mcts:level=easy,mcts:level=medium")
    ap.add_argument("--json", action="store_true")
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
    if args.json:
        print(json.dumps(result))
    else:
        print(f"CPU ×{result['rate']:g}: the engine starts in {result['engine_start_s']} s")
        for spec, s in result["players"].items():
            print(f"  {spec}: a computer's decision mean {s['mean_ms']} ms, p95 {s['p95_ms']} ms, max {s['max_ms']} ms ({s['n']} requests)")
        print(f"load average {result['load_average']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
