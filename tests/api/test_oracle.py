"""The rules oracle (INTERFACES.md §1): every op through ``evaluate`` and through ``puur rules eval``.

Expected answers come from RULES.md §15 and TOOLS.md §1.3, not from the oracle's own output.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from puur.oracle import evaluate, evaluate_many

ROOT = Path(__file__).resolve().parents[2]
EVAL = [sys.executable, "-m", "puur.cli", "rules", "eval"]
PRESETS = ("schieber", "classic", "schweizer", "online", "jasvel")


def cli(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60)


def ok(result: dict[str, Any]) -> dict[str, Any]:
    assert result.get("ok") is True, result
    return result


def err(result: dict[str, Any]) -> dict[str, Any]:
    """An error result: ok false, a code and a readable message."""
    assert result.get("ok") is False, result
    e = result["error"]
    assert set(e) >= {"code", "message"}
    assert isinstance(e["code"], str) and e["code"]
    assert isinstance(e["message"], str) and len(e["message"]) >= 10
    assert "Traceback" not in e["message"]
    return e


# ======================================================================================================
# The pinned examples of the brief
# ======================================================================================================

TRICK_X1 = {"op": "trick", "contract": "H", "trick": ["CA", "H9", "HJ", "C7"]}


def test_cli_trick_example() -> None:
    # echo '{"op":"trick","contract":"H","trick":["CA","H9","HJ","C7"]}' | puur rules eval
    proc = cli(EVAL, json.dumps(TRICK_X1))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["ok"] is True
    assert out["winner"] == 2 and out["points"] == 45


@pytest.mark.parametrize("preset", PRESETS)
def test_trick_example_every_profile(preset: str) -> None:
    out = ok(evaluate({**TRICK_X1, "profile": preset}))
    assert (out["winner"], out["points"]) == (2, 45)


def test_cli_trick_example_jasvel() -> None:
    proc = cli(EVAL, json.dumps({**TRICK_X1, "profile": "jasvel"}))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["ok"] is True and (out["winner"], out["points"]) == (2, 45)


# RULES.md §15.1 X2: ♥ trump; seat C holds {8♣, J♥, 6♥} after A♣, 9♥.
LEGAL_X2 = {"op": "legal_moves", "contract": "H", "trick": ["CA", "H9"], "hand": ["C8", "HJ", "H6"]}


def test_legal_moves_example_schieber_and_jasvel() -> None:
    assert sorted(ok(evaluate(LEGAL_X2))["legal"]) == ["C8", "HJ"]
    assert sorted(ok(evaluate({**LEGAL_X2, "profile": "schieber"}))["legal"]) == ["C8", "HJ"]
    assert ok(evaluate({**LEGAL_X2, "profile": "jasvel"}))["legal"] == ["C8"]


def test_cli_legal_moves_example() -> None:
    proc = cli(EVAL, json.dumps([{**LEGAL_X2, "profile": "schieber"}, {**LEGAL_X2, "profile": "jasvel"}]))
    assert proc.returncode == 0, proc.stderr
    a, b = json.loads(proc.stdout)
    assert sorted(a["legal"]) == ["C8", "HJ"]
    assert b["legal"] == ["C8"]


# ======================================================================================================
# Every op, with answers from the spec
# ======================================================================================================

# (request, expected fields) pairs
CASES: list[tuple[dict[str, Any], dict[str, Any]]] = [
    # legal_moves (RULES.md §15.5)
    ({"op": "legal_moves", "contract": "D", "trick": ["SK", "D10"], "hand": ["D9", "D8", "D7", "D6"]},
     {"legal": {"D9", "D8", "D7", "D6"}}),
    ({"op": "legal_moves", "contract": "D", "trick": ["SK", "D10"], "hand": ["D9", "D8", "D7", "D6"],
      "profile": "jasvel"}, {"legal": {"D9"}}),
    ({"op": "legal_moves", "contract": "clubs", "trick": ["c10"], "hand": ["cj", "h7", "sk"]},
     {"legal": {"CJ", "H7", "SK"}}),
    ({"op": "legal_moves", "contract": "eicheln", "trick": ["C10"], "hand": ["CJ", "H7", "SK"],
      "profile": "jasvel"}, {"legal": {"CJ"}}),
    ({"op": "legal_moves", "contract": "O", "hand": ["C6", "HA"]}, {"legal": {"C6", "HA"}}),  # leader
    ({"op": "legal_moves", "contract": "D", "trick": ["SK", "D10", "C7"], "hand": ["D8", "H7"]},
     {"legal": {"H7"}}),  # D6
    # trick (§15.1 X1, §15.12 D3, §15.4 X14)
    ({"op": "trick", "contract": "H", "trick": ["CA", "H9", "HJ", "C7"], "last": True},
     {"winner": 2, "points": 50}),
    ({"op": "trick", "contract": "U", "trick": ["D6", "D7", "D9", "DK"]}, {"winner": 0, "points": 15}),
    ({"op": "trick", "contract": "U", "trick": ["D6", "D7", "D9", "DK"], "profile": "classic"},
     {"winner": 0, "points": 4}),
    ({"op": "trick", "contract": "O", "trick": ["CK", "HA", "SA", "DA"]}, {"winner": 0, "points": 37}),
    ({"op": "trick", "contract": "H", "trick": ["C6", "C7", "D6", "D7"], "last": True},
     {"winner": 1, "points": 5}),
    # card_points (§6)
    ({"op": "card_points", "contract": "H", "cards": ["HJ", "H9", "HA", "HK", "HQ", "H10", "H8", "H7", "H6"]},
     {"points": 62}),
    ({"op": "card_points", "contract": "H", "cards": ["CJ", "C9", "CA", "CK", "CQ", "C10", "C8", "C7", "C6"]},
     {"points": 30}),
    ({"op": "card_points", "contract": "U", "cards": ["S6", "SA"]}, {"points": 11}),
    ({"op": "card_points", "contract": "U", "cards": ["S6", "SA"], "profile": "schweizer"}, {"points": 11}),
    ({"op": "card_points", "contract": "O", "cards": ["S8", "SA", "S6"]}, {"points": 19}),
    ({"op": "card_points", "contract": "S", "cards": []}, {"points": 0}),
    # melds (§9, §15.1 X5, §15.10 W6, X17)
    ({"op": "melds", "hand": ["D6", "D7", "D8"]},
     {"points": 20, "melds": [{"kind": "sequence", "cards": ["D6", "D7", "D8"], "points": 20}],
      "best": {"kind": "sequence", "cards": ["D6", "D7", "D8"], "points": 20}}),
    ({"op": "melds", "hand": ["C9", "D9", "H9", "S9"], "contract": "H"}, {"points": 150}),
    ({"op": "melds", "hand": ["C9", "D9", "H9", "S9"], "contract": "H", "profile": "classic"},
     {"points": 0, "melds": [], "best": None}),
    ({"op": "melds", "hand": ["C6", "D6", "H6", "S6", "HA"]}, {"points": 0, "melds": [], "best": None}),
    ({"op": "melds", "hand": ["CJ", "DJ", "HJ", "SJ"]},
     {"points": 200, "best": {"kind": "four", "cards": ["CJ", "DJ", "HJ", "SJ"], "points": 200}}),
    ({"op": "melds", "hand": ["S6", "S7", "S8", "S9", "S10", "SJ", "SQ", "SK"], "profile": "classic"},
     {"points": 120}),
    ({"op": "melds", "hand": ["S6", "S7", "S8", "S9", "S10", "SJ", "SQ", "SK"]}, {"points": 250}),
    ({"op": "melds", "hand": ["H10", "HJ", "HQ", "HK", "HA", "CA", "DA", "SA"], "profile": "jasvel"},
     {"points": 100, "best": {"kind": "sequence", "cards": ["H10", "HJ", "HQ", "HK", "HA"], "points": 100}}),
    ({"op": "melds", "hand": ["H10", "HJ", "HQ", "HK", "HA", "CA", "DA", "SA"]}, {"points": 150}),
    # weis (§15.10)
    ({"op": "weis", "contract": "C", "hands": [["H9", "H10", "HJ", "HQ", "HK"], ["CA", "DA", "HA", "SA"], [], []]},
     {"winner_seat": 0, "team": 0, "points": [100, 0]}),
    ({"op": "weis", "contract": "C", "hands": [["H9", "H10", "HJ", "HQ", "HK"], ["CA", "DA", "HA", "SA"], [], []],
      "profile": "online"}, {"winner_seat": 1, "team": 1, "points": [0, 100]}),
    ({"op": "weis", "contract": "U", "hands": [["C6", "C7", "C8"], ["HQ", "HK", "HA"], [], []]},
     {"winner_seat": 0, "team": 0, "points": [20, 0]}),
    ({"op": "weis", "contract": "U", "hands": [["C6", "C7", "C8"], ["HQ", "HK", "HA"], [], []],
      "profile": "jasvel"}, {"winner_seat": 1, "team": 1, "points": [0, 20]}),
    ({"op": "weis", "contract": "H",
      "hands": [["S6", "S7", "S8", "S9"], ["C6", "C7", "C8", "C9", "C10"], ["H6", "H7", "H8"], ["D6", "D7", "D8"]]},
     {"winner_seat": 1, "team": 1, "points": [0, 120]}),
    ({"op": "weis", "contract": "H", "hands": [["C6", "D7"], ["HA"], [], ["SA"]]},
     {"winner_seat": None, "team": None, "points": [0, 0]}),
    # score (§15.1 X3, §15.11 X16, X4)
    ({"op": "score", "contract": "H", "card_points": [95, 57], "tricks": [5, 4], "last_trick": 0,
      "weis": [20, 0], "stoeck": [0, 0], "profile": "classic"},
     {"factor": 2, "raw": [120, 57], "written": [240, 114]}),
    ({"op": "score", "contract": "S", "card_points": [95, 57], "tricks": [5, 4], "last_trick": 0,
      "weis": [50, 0], "stoeck": [20, 0], "profile": {"preset": "jasvel", "multipliers": "ascending"}},
     {"factor": 4, "raw": [170, 57], "written": [680, 228]}),
    ({"op": "score", "contract": "U", "card_points": [152, 0], "tricks": [9, 0], "last_trick": 0},
     {"factor": 4, "raw": [257, 0], "written": [1028, 0]}),
    ({"op": "score", "contract": "O", "card_points": [60, 92], "tricks": [3, 6], "last_trick": 1,
      "profile": {"preset": "schieber", "multipliers": {"C": 1, "D": 1, "H": 1, "S": 1, "O": 7, "U": 1}}},
     {"factor": 7, "raw": [60, 97], "written": [420, 679]}),
    ({"op": "score", "contract": "D", "card_points": [100, 52], "tricks": [5, 4], "last_trick": 0,
      "weis": [50, 0], "stoeck": [0, 20], "profile": "online"},
     {"factor": 1, "raw": [155, 72], "written": [155, 72]}),
    # crossing (§15.12 D1)
    ({"op": "crossing", "target": 2500, "before": [2450, 2480],
      "blocks": {"weis": [50, 0], "stoeck": [0, 20], "tricks": [60, 97]}},
     {"winner": 1, "block": "stoeck"}),
    ({"op": "crossing", "target": 2500, "before": [2450, 2480],
      "blocks": {"weis": [50, 0], "stoeck": [0, 20], "tricks": [60, 97]}, "profile": "jasvel"},
     {"winner": 0, "block": "weis"}),
    ({"op": "crossing", "target": 1000, "before": [950, 950], "blocks": {"tricks": [80, 77]}},
     {"winner": None, "block": "tricks"}),
    ({"op": "crossing", "target": 1000, "before": [100, 950], "blocks": {"tricks": [80, 77]}},
     {"winner": 1, "block": "tricks"}),
    ({"op": "crossing", "target": 1000, "before": [100, 100], "blocks": {"tricks": [80, 77]}},
     {"winner": None, "block": None}),
    # both cross in the tricks block: trick_block_tie (RULES §12.3, §14; INTERFACES §1)
    ({"op": "crossing", "target": 1000, "before": [950, 950], "blocks": {"tricks": [80, 77]},
      "profile": "jasvel"}, {"winner": 0, "block": "tricks", "trick_block_tie": "higher_total"}),
    ({"op": "crossing", "target": 1000, "before": [940, 950], "blocks": {"tricks": [80, 77]},
      "profile": "jasvel"}, {"winner": 1, "block": "tricks"}),
    ({"op": "crossing", "target": 1000, "before": [947, 950], "blocks": {"tricks": [80, 77]},
      "profile": "jasvel"}, {"winner": None, "block": "tricks"}),  # 1027 = 1027
    ({"op": "crossing", "target": 1000, "before": [947, 950], "blocks": {"tricks": [80, 77]},
      "first_in_tricks": 1, "profile": "jasvel"}, {"winner": 1, "block": "tricks"}),
    ({"op": "crossing", "target": 1000, "before": [950, 950], "blocks": {"tricks": [80, 77]},
      "first_in_tricks": 1, "profile": "jasvel"}, {"winner": 0, "block": "tricks"}),
    ({"op": "crossing", "target": 1000, "before": [950, 950], "blocks": {"tricks": [80, 77]},
      "first_in_tricks": 1}, {"winner": 1, "block": "tricks", "trick_block_tie": "trick_by_trick"}),
    # chalk (TOOLS.md §1.3)
    ({"op": "chalk", "value": 2735}, {"x": 2, "v": 1, "hundreds": 2, "fifties": 0, "twenties": 1, "remainder": 15}),
    ({"op": "chalk", "value": 0}, {"x": 0, "v": 0, "hundreds": 0, "fifties": 0, "twenties": 0, "remainder": 0}),
    ({"op": "chalk", "value": 190}, {"x": 0, "v": 0, "hundreds": 1, "fifties": 1, "twenties": 2, "remainder": 0}),
    ({"op": "chalk", "value": -30}, {"x": 0, "v": 0, "hundreds": 0, "fifties": 0, "twenties": 0, "remainder": -30}),
]  # fmt: skip


def _check(result: dict[str, Any], expected: dict[str, Any]) -> None:
    ok(result)
    for key, want in expected.items():
        got = result[key]
        if key == "legal":
            assert len(got) == len(set(got))
            got = set(got)
        if key == "melds" and want:
            got = sorted(json.dumps(x, sort_keys=True) for x in got)
            want = sorted(json.dumps(x, sort_keys=True) for x in want)
        assert got == want, (key, got, want)


@pytest.mark.parametrize("request_, expected", CASES, ids=[f"{c[0]['op']}-{i}" for i, c in enumerate(CASES)])
def test_every_op_through_evaluate(request_: dict[str, Any], expected: dict[str, Any]) -> None:
    _check(evaluate(request_), expected)


def test_melds_result_shape() -> None:
    out = ok(
        evaluate(
            {"op": "melds", "hand": ["h10", "hj", "hq", "hk", "ha", "ca", "da", "sa"], "profile": "schieber"}
        )
    )
    assert out["points"] == sum(x["points"] for x in out["melds"]) == 150
    kinds = sorted(x["kind"] for x in out["melds"])
    assert kinds == ["four", "sequence"]
    for x in out["melds"]:
        assert all(c == c.upper() for c in x["cards"])  # output is upper case
    assert out["best"]["points"] == 100


def test_every_op_is_covered() -> None:
    from puur.oracle import OPS

    spec_ops = {"legal_moves", "trick", "card_points", "melds", "weis", "score", "crossing", "chalk"}
    assert spec_ops <= set(OPS)
    assert spec_ops <= {c[0]["op"] for c in CASES}


def test_every_op_through_the_cli_as_an_array() -> None:
    requests = [c[0] for c in CASES]
    proc = cli(EVAL, json.dumps(requests))
    assert proc.returncode == 0, proc.stderr
    results = json.loads(proc.stdout)
    assert isinstance(results, list) and len(results) == len(CASES)
    for result, (_, expected) in zip(results, CASES, strict=True):
        _check(result, expected)


def test_cli_file_argument(tmp_path: Path) -> None:
    f = tmp_path / "req.json"
    f.write_text(json.dumps(TRICK_X1), encoding="utf-8")
    proc = cli([*EVAL, str(f)])
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["ok"] is True and (out["winner"], out["points"]) == (2, 45)
    g = tmp_path / "many.json"
    g.write_text(json.dumps([TRICK_X1, {"op": "nope"}, LEGAL_X2]), encoding="utf-8")
    proc = cli([*EVAL, str(g)])
    assert proc.returncode == 0, proc.stderr
    a, b, c = json.loads(proc.stdout)
    assert a["ok"] is True and a["winner"] == 2
    assert b["ok"] is False and b["error"]["code"]
    assert sorted(c["legal"]) == ["C8", "HJ"]


@pytest.mark.parametrize(
    "text", ["not json", '{"op": ', "", "[1, 2", "[" * 5000 + "]" * 5000, '{"op": "chalk", "value": ' + "9" * 5000 + "}"]
)
def test_cli_non_json_exits_2(text: str) -> None:
    proc = cli(EVAL, text)
    assert proc.returncode == 2
    assert proc.stderr.strip()
    assert "Traceback" not in proc.stderr
    assert "JSON" in proc.stderr or "json" in proc.stderr


@pytest.mark.parametrize("stdin", [False, True])
def test_cli_bytes_that_are_not_utf8_exit_2(tmp_path: Path, stdin: bool) -> None:
    f = tmp_path / "bad.json"
    f.write_bytes(b"\xff\xfe{}")
    proc = subprocess.run(
        [*EVAL, *([] if stdin else [str(f)])], input=f.read_bytes() if stdin else b"", capture_output=True, cwd=ROOT,
        timeout=60,
    )  # fmt: skip
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr
    assert b"not UTF-8" in proc.stderr


def test_array_keeps_order_and_errors_in_place() -> None:
    payload = [TRICK_X1, {"op": "chalk"}, {"op": "chalk", "value": 20}]
    out = evaluate_many(payload)
    assert isinstance(out, list) and len(out) == 3
    assert out[0]["winner"] == 2
    err(out[1])
    assert ok(out[2])["twenties"] == 1
    assert evaluate_many(TRICK_X1)["points"] == 45  # one request, one result
    assert evaluate_many([]) == []


def test_cli_error_results_exit_0() -> None:
    proc = cli(EVAL, json.dumps({"op": "trick", "contract": "H", "trick": ["CA", "CA", "HJ", "C7"]}))
    assert proc.returncode == 0
    err(json.loads(proc.stdout))


# ======================================================================================================
# Impossible input: an error result that says what is wrong
# ======================================================================================================

_CP = {"op": "score", "contract": "H", "card_points": [100, 52], "tricks": [5, 4], "last_trick": 0}

# (name, request, words the message must contain (case-insensitive, any of))
ERRORS: list[tuple[str, Any, tuple[str, ...]]] = [
    ("card twice in hand", {"op": "legal_moves", "contract": "H", "trick": ["CA"], "hand": ["C8", "C8"]},
     ("twice",)),
    ("card in trick and hand", {"op": "legal_moves", "contract": "H", "trick": ["CA", "H9"], "hand": ["CA", "C8"]},
     ("twice",)),
    ("card twice in trick", {"op": "trick", "contract": "H", "trick": ["CA", "H9", "CA", "C7"]}, ("twice",)),
    ("card twice in weis", {"op": "weis", "contract": "H", "hands": [["HA"], ["HA"], [], []]}, ("twice",)),
    ("card twice in card_points", {"op": "card_points", "contract": "H", "cards": ["HA", "ha"]}, ("twice",)),
    ("unknown card", {"op": "legal_moves", "contract": "H", "trick": ["CA"], "hand": ["C8", "X9"]},
     ("unknown card", "x9")),
    ("unknown card in trick", {"op": "trick", "contract": "H", "trick": ["CA", "H9", "H1", "C7"]}, ("h1",)),
    ("a card that is no string", {"op": "trick", "contract": "H", "trick": [1, 2, 3, 4]}, ("card",)),
    ("hand of 10", {"op": "legal_moves", "contract": "H", "trick": [],
                    "hand": ["C6", "C7", "C8", "C9", "C10", "CJ", "CQ", "CK", "CA", "D6"]}, ("10",)),
    ("melds hand of 10", {"op": "melds", "hand": ["C6", "C7", "C8", "C9", "C10", "CJ", "CQ", "CK", "CA", "D6"]},
     ("10",)),
    ("weis hand of 10", {"op": "weis", "contract": "H",
                         "hands": [["C6", "C7", "C8", "C9", "C10", "CJ", "CQ", "CK", "CA", "D6"], [], [], []]},
     ("10",)),
    ("empty hand", {"op": "legal_moves", "contract": "H", "trick": ["CA"], "hand": []}, ("hand",)),
    ("trick of 4 for legal_moves", {"op": "legal_moves", "contract": "H", "trick": ["CA", "C6", "C7", "C9"],
                                    "hand": ["C8"]}, ("trick",)),
    ("trick of 3", {"op": "trick", "contract": "H", "trick": ["CA", "H9", "HJ"]}, ("4",)),
    ("card points not 152", {**_CP, "card_points": [100, 50]}, ("152",)),
    ("tricks not 9", {**_CP, "tricks": [5, 5]}, ("9",)),
    ("Stöck in Obenabe", {**_CP, "contract": "O", "stoeck": [20, 0]}, ("obenabe",)),
    ("Stöck in Undenufe", {**_CP, "contract": "U", "stoeck": [0, 20]}, ("undenufe",)),
    ("Stöck for both teams", {**_CP, "stoeck": [20, 20]}, ("both",)),
    ("Weis for both teams", {**_CP, "weis": [20, 50]}, ("both",)),
    ("Stöck not 20", {**_CP, "stoeck": [30, 0]}, ("20",)),
    ("last trick without tricks", {**_CP, "card_points": [152, 0], "tricks": [9, 0], "last_trick": 1},
     ("last",)),
    # impossible splits (RULES §6, §11.1): bounds from the card-points table
    ("four tricks of zero-point cards in a trump contract", {**_CP, "card_points": [152, 0], "tricks": [5, 4]},
     ("team 1 cannot have 0 card points from 4 tricks: under this contract 4 tricks (16 cards) hold from 2 to 140",)),
    ("eight tricks below their minimum", {**_CP, "card_points": [95, 57], "tricks": [8, 1]}, ("team 1 cannot have 57", "from 0 to 56")),
    ("one point cannot be made", {**_CP, "card_points": [151, 1], "tricks": [6, 3]}, ("no 12 cards add up to 1",)),
    ("Obenabe: four tricks hold at least 8", {**_CP, "contract": "O", "card_points": [145, 7], "tricks": [5, 4]},
     ("team 1 cannot have 7 card points from 4 tricks: under this contract 4 tricks (16 cards) hold from 8 to 132",)),
    ("crossing Weis for both", {"op": "crossing", "target": 1000, "before": [0, 0],
                                "blocks": {"weis": [20, 50]}}, ("both",)),
    ("crossing Stöck for both", {"op": "crossing", "target": 1000, "before": [0, 0],
                                 "blocks": {"stoeck": [20, 20]}}, ("both",)),
    ("unknown op", {"op": "frobnicate"}, ("frobnicate",)),
    ("op a list (never a 500)", {"op": ["trick"]}, ("op must be a string",)),
    ("op an object", {"op": {"trick": 1}}, ("op must be a string",)),
    ("op a number", {"op": 3}, ("op must be a string",)),
    ("no op", {"contract": "H"}, ("missing field 'op'",)),
    ("not an object", 42, ("object",)),
    ("unknown profile option", {**TRICK_X1, "profile": {"preset": "schieber", "colour": "red"}}, ("colour",)),
    ("bad profile value", {**TRICK_X1, "profile": {"preset": "schieber", "undertrump": "sometimes"}},
     ("undertrump",)),
    ("unknown preset", {**TRICK_X1, "profile": "bogus"}, ("bogus",)),
    ("bad multipliers", {**TRICK_X1, "profile": {"preset": "schieber", "multipliers": "steep"}},
     ("multipliers",)),
    ("missing hand", {"op": "legal_moves", "contract": "H", "trick": ["CA"]}, ("hand",)),
    ("missing contract", {"op": "trick", "trick": ["CA", "H9", "HJ", "C7"]}, ("contract",)),
    ("missing trick", {"op": "trick", "contract": "H"}, ("trick",)),
    ("missing cards", {"op": "card_points", "contract": "H"}, ("cards",)),
    ("missing hands", {"op": "weis", "contract": "H"}, ("hands",)),
    ("missing last_trick", {"op": "score", "contract": "H", "card_points": [100, 52], "tricks": [5, 4]},
     ("last_trick",)),
    ("missing blocks", {"op": "crossing", "target": 1000, "before": [0, 0]}, ("blocks",)),
    ("missing value", {"op": "chalk"}, ("value",)),
    ("unknown contract", {**TRICK_X1, "contract": "Z"}, ("contract",)),
    ("hands not four", {"op": "weis", "contract": "H", "hands": [["HA"], [], []]}, ("four",)),
    ("chalk not a number", {"op": "chalk", "value": "12"}, ("value",)),
    ("last not bool", {**TRICK_X1, "last": "yes"}, ("last",)),
    # a field the op does not have is refused, not ignored (its default silently taken)
    ("misspelt field", {**_CP, "stoek": [20, 0]}, ("unknown field 'stoek' for op 'score'",)),
    ("field in another case", {**TRICK_X1, "Last": True}, ("unknown field 'Last'",)),
    ("another op's field", {"op": "melds", "hand": ["C6", "C7", "C8"], "contrct": "U"}, ("unknown field 'contrct'",)),
    ("Weis no two hands can declare", {**_CP, "weis": [10000, 0]}, ("at most 700",)),
    ("Weis beyond small values' most", {**_CP, "weis": [610, 0], "profile": "classic"}, ("at most 600",)),
    ("crossing: Stöck no factor writes", {"op": "crossing", "target": 1000, "before": [0, 0],
                                          "blocks": {"stoeck": [7, 0]}}, ("one of 20, 40 under this profile",)),
    ("crossing: tricks beyond a match", {"op": "crossing", "target": 1000, "before": [0, 0],
                                         "blocks": {"tricks": [1000, 1000]}}, ("at most 1028",)),
    ("crossing: Weis beyond two hands", {"op": "crossing", "target": 5000, "before": [0, 0],
                                         "blocks": {"weis": [3000, 0]}}, ("at most 2800",)),
]  # fmt: skip


@pytest.mark.parametrize("name, request_, words", ERRORS, ids=[e[0] for e in ERRORS])
def test_error_results(name: str, request_: Any, words: tuple[str, ...]) -> None:
    e = err(evaluate(request_))
    msg = e["message"].lower()
    assert any(w.lower() in msg for w in words), (name, e)


def test_errors_through_the_cli() -> None:
    proc = cli(EVAL, json.dumps([e[1] for e in ERRORS]))
    assert proc.returncode == 0, proc.stderr
    results = json.loads(proc.stdout)
    assert len(results) == len(ERRORS)
    for result, (name, _req, words) in zip(results, ERRORS, strict=True):
        e = err(result)
        assert any(w.lower() in e["message"].lower() for w in words), (name, e)


SPLIT_EDGES = [
    # (contract, profile, tricks of team 1, lowest and highest card points they can hold)
    ("H", "schieber", 1, 0, 56), ("H", "schieber", 3, 0, 126), ("H", "schieber", 4, 2, 140),
    ("H", "classic", 5, 12, 150), ("H", "schieber", 8, 96, 152), ("O", "schieber", 4, 8, 132),
    ("O", "online", 6, 36, 152), ("U", "schieber", 4, 8, 132), ("U", "schweizer", 4, 8, 132),
    ("U", "jasvel", 8, 108, 152),
]  # fmt: skip


@pytest.mark.parametrize("contract, profile, k, low, high", SPLIT_EDGES)
def test_score_split_edges(contract: str, profile: str, k: int, low: int, high: int) -> None:
    def ask(points: int) -> dict[str, Any]:
        return evaluate({"op": "score", "contract": contract, "card_points": [152 - points, points],
                         "tricks": [9 - k, k], "last_trick": 1, "profile": profile})

    assert ok(ask(low))["raw"][1] == low + 5
    assert ok(ask(high))["raw"][1] == high + 5
    named = ("team 1", str(low), str(high)) if k <= 4 else ("team 0", str(152 - high), str(152 - low))
    if low > 0:
        assert all(w in err(ask(low - 1))["message"] for w in named)
    if high < 152:
        assert all(w in err(ask(high + 1))["message"] for w in named)


def test_score_split_bounds_follow_the_card_points_table() -> None:
    # the bounds are the sums of the 4k cheapest and the 4k dearest cards of the table (RULES §6)
    from puur.core.cards import BASE_CONTRACTS
    from puur.core.rules.scoring import possible_card_points
    from puur.core.rules.tables import card_points_table

    for contract in BASE_CONTRACTS:
        for values in ("modern", "classic"):
            table = sorted(card_points_table(contract, values))
            for k, possible in enumerate(possible_card_points(contract, values)):
                assert min(possible) == sum(table[: 4 * k])
                assert max(possible) == sum(table[36 - 4 * k:])
                assert {152 - p for p in possible} == possible_card_points(contract, values)[9 - k]


def test_one_bad_request_does_not_spoil_the_others() -> None:
    out = evaluate_many([{"op": "chalk", "value": 50}, {"op": "frobnicate"}, TRICK_X1])
    assert ok(out[0])["fifties"] == 1
    err(out[1])
    assert ok(out[2])["points"] == 45


# ======================================================================================================
# puur rules profiles
# ======================================================================================================

OPTIONS_14_1 = {
    "first_forehand", "multipliers", "undenufe_values", "trump_allowed_when_able_to_follow", "undertrump",
    "undertrump_ban_when_partner_leads", "must_overtrump", "overtrump_on_trump_lead", "lone_puur_may_be_kept",
    "weis_values", "weis_overlap", "weis_split_long_runs", "weis_compare", "weis_undenufe_reverse",
    "weis_declaration", "stoeck", "crossing_priority", "trick_block_tie", "game_end", "target",
    "targets_offered", "schneider",
    "extra_contracts",  # Slalom, Guschti (J30), beside §14.1's options; "none" in every preset
    "slalom_guschti_values",  # their card points (J30: 152 a round); "obenabe" in every preset
}  # fmt: skip


def test_cli_rules_profiles() -> None:
    proc = cli([sys.executable, "-m", "puur.cli", "rules", "profiles"])
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert set(data) == set(PRESETS)
    for name, options in data.items():
        assert set(options) >= OPTIONS_14_1, (name, OPTIONS_14_1 - set(options))
        assert set(options) - OPTIONS_14_1 <= {"preset", "version"}
    # a few values straight from RULES.md §14.1
    assert data["jasvel"]["trump_allowed_when_able_to_follow"] is False
    assert data["classic"]["multipliers"] == "classic"
    assert data["online"]["weis_compare"] == "points_top"
    assert data["schweizer"]["first_forehand"] == "holder:H7"
    assert data["schieber"]["target"] == 2500
    # every printed preset reads back as that preset
    from puur.core.profile import RuleProfile

    for name, options in data.items():
        assert RuleProfile.from_dict(options) == RuleProfile.preset(name)
