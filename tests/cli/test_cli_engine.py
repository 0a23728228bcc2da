"""`puur play` as a new user would drive it, and `puur bench engine`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def _puur(*args: str, stdin: str = "", timeout: int = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "puur.cli", *args], input=stdin, capture_output=True, text=True, timeout=timeout
    )


def test_play_a_whole_match_in_the_terminal() -> None:
    # always answer "1": the first contract, then the first legal card
    out = _puur("play", "--seed", "4", "--opponents", "random", "--partner", "random", "--profile", "jasvel", stdin="1\n" * 2000)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Round 1" in text and "card points" in text and "written" in text
    assert "won the match" in text or "lost the match" in text


def test_play_german_french_deck_and_bad_input() -> None:
    out = _puur(
        "play", "--seed", "5", "--opponents", "random", "--partner", "random", "--lang", "de", "--deck", "french",
        "--target", "1000", stdin="x\n99\n" + "1\n" * 3000,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "Runde 1" in out.stdout and "type a number" in out.stdout
    assert "♥" in out.stdout or "♣" in out.stdout or "♦" in out.stdout or "♠" in out.stdout


def test_play_stops_cleanly_at_end_of_input() -> None:
    out = _puur("play", "--seed", "6", "--opponents", "random", "--partner", "random", stdin="1\n")
    assert out.returncode == 1 and "unfinished" in out.stdout


def test_play_refuses_an_unknown_player() -> None:
    out = _puur("play", "--opponents", "nobody")
    assert out.returncode == 2 and "unknown player" in out.stdout


def test_bench_engine_json() -> None:
    out = _puur("bench", "engine", "--seconds", "0.5", "--json", "--profile", "jasvel")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert set(result) == {"rounds", "seconds", "rounds_per_s"}
    assert result["rounds"] > 0 and result["rounds_per_s"] > 0


@pytest.mark.parametrize("seconds", ["nan", "inf", "0", "-1", "1e9", "five"])
def test_bench_engine_refuses_seconds_it_cannot_keep(seconds: str) -> None:
    out = _puur("bench", "engine", "--seconds", seconds, timeout=30)
    assert out.returncode == 2 and "--seconds" in out.stderr and "Traceback" not in out.stderr


def test_bench_errors_go_to_stderr() -> None:
    out = _puur("bench", "engine", "--seconds", "0.1", "--profile", "foo", "--json")
    assert out.returncode == 2 and out.stdout == "" and "unknown preset 'foo'" in out.stderr


@pytest.mark.parametrize(("command", "port"), [("serve", "99999"), ("serve", "-5"), ("serve", "0"), ("bots", "70000")])
def test_a_port_out_of_range_is_refused(command: str, port: str) -> None:
    args = ("bots", "serve", "--port", port) if command == "bots" else ("serve", "--port", port)
    out = _puur(*args, timeout=30)
    assert out.returncode == 2 and "a port is 1 to 65535" in out.stderr


@pytest.mark.parametrize("vector", [True, False])
def test_bench_env_json(vector: bool) -> None:
    """`puur bench env [--vector] --json`: one JSON object with the environment's steps a second."""
    pytest.importorskip("pettingzoo", reason="the rl extra (pip install 'puur[rl]') is not installed")
    out = _puur("bench", "env", "--seconds", "0.2", "--json", *(["--vector", "--tables", "64"] if vector else []))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["env"] == ("vector" if vector else "pettingzoo")
    assert result["steps"] > 0 and result["steps_per_s"] > 0


def test_bench_env_vector_refuses_a_profile_it_cannot_play() -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra (pip install 'puur[rl]') is not installed")
    out = _puur("bench", "env", "--vector", "--seconds", "0.1", "--profile", "jasvel", timeout=30)
    assert out.returncode == 2 and "weis_declaration" in out.stderr and "Traceback" not in out.stderr
