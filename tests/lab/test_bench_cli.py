"""The command line and the output every ``benchmarks/`` script shares (``puur.lab.bench``)."""

from __future__ import annotations

import json

import pytest

from puur.lab.bench import arena_parser, benchmark_parser, print_result

DOC = """Rounds per second of something.

    .venv/bin/python benchmarks/x.py [--json]

A second paragraph, its lines kept as written.
"""


def test_the_parser_takes_json_and_shows_the_docstring_whole(capsys: pytest.CaptureFixture[str]) -> None:
    parser = benchmark_parser(DOC)
    parser.add_argument("--rounds", type=int, default=3)
    assert parser.parse_args(["--json"]).json is True
    assert parser.parse_args([]).json is False
    assert parser.description == DOC
    with pytest.raises(SystemExit):
        parser.parse_args(["--help"])
    shown = capsys.readouterr().out
    assert "    .venv/bin/python benchmarks/x.py [--json]\n\nA second paragraph" in shown
    assert "print the result as one line of JSON" in shown


def test_print_result_one_line_of_json_or_the_readable_form(capsys: pytest.CaptureFixture[str]) -> None:
    result = {"rounds": 2, "by": {"a": 1.5}}
    print_result(result, True, lambda r: f"{r['rounds']} rounds")
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and json.loads(out) == result
    print_result(result, False, lambda r: f"{r['rounds']} rounds")
    assert capsys.readouterr().out == "2 rounds\n"
    print_result(result, False)
    out = capsys.readouterr().out
    assert out == json.dumps(result, indent=2) + "\n" and json.loads(out) == result


def test_the_arena_parser_takes_the_arenas_players_and_deals() -> None:
    args = arena_parser(DOC, "mcts", 400).parse_args([])
    assert (args.a, args.b, args.deals, args.seed, args.json) == ("mcts", "heuristic", 400, 1, False)
    args = arena_parser(DOC, "mcts", 400).parse_args(["--a", "random", "--deals", "3", "--seed", "7", "--json"])
    assert (args.a, args.b, args.deals, args.seed, args.json) == ("random", "heuristic", 3, 7, True)
