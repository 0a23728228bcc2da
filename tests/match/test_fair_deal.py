"""Fair deals (SECURITY.md): secret seeds, the seed commitment, records that carry it, and ``puur verify``."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from puur.bots.random_player import RandomPlayer
from puur.bots.runner import play_match
from puur.cli import main
from puur.match.fairness import SEED_BITS, check_salt, commitment_text, draw_salt, seed_commitment
from puur.match.game import Game, RecordMismatch
from puur.match.verify import verify_record

GOLDEN = Path(__file__).parent.parent / "golden"
SALT = "0123456789abcdef" * 2


def _finished(game: Game) -> Game:
    return play_match(game, {s: RandomPlayer(s) for s in range(4)})


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    """A finished match whose seed the engine drew: a genuine record, as JSON gives it back."""
    return json.loads(json.dumps(_finished(Game({"preset": "jasvel", "target": 1000})).record()))


def test_the_commitment_is_sha256_of_the_documented_text() -> None:
    # the encoding SECURITY.md documents: printf 'puur-seed-v1:%s:%s' SALT SEED | sha256sum
    text = f"puur-seed-v1:{SALT}:18446744073709551615"
    assert commitment_text(2**64 - 1, SALT) == text
    assert seed_commitment(2**64 - 1, SALT) == hashlib.sha256(text.encode()).hexdigest()
    # another salt, another commitment: a small chosen seed cannot be looked up
    assert seed_commitment(7, SALT) != seed_commitment(7, draw_salt())
    for bad in ("ABCDEF" * 6, "0" * 31, 7, None):
        with pytest.raises(ValueError, match="salt"):
            check_salt(bad)
    for seed in (-1, 1.5, True, "7"):
        with pytest.raises(ValueError, match="seed"):
            seed_commitment(seed, SALT)  # type: ignore[arg-type]


def test_a_game_without_seed_draws_a_secret_one_and_commits_to_it() -> None:
    random.seed(0)
    a = Game("schieber")
    random.seed(0)
    b = Game("schieber")  # the module-level random generator plays no part: secrets does
    assert a.seed != b.seed and a.salt != b.salt
    assert all(0 <= g.seed < 2**SEED_BITS for g in (a, b))
    assert max(Game("schieber").seed for _ in range(20)) >= 2**32  # far beyond the old 2**31
    assert a.seed_source == "drawn" and a.commitment == seed_commitment(a.seed, a.salt or "")
    assert str(a.seed) not in repr(a)


def test_a_chosen_seed_deals_as_before_and_is_marked() -> None:
    plain = Game("schieber", seed=7)
    assert plain.deals == Game("schieber", seed=7).deals and plain.seed_source == "chosen"
    rec = plain.record()
    # without a salt there is no commitment and the record is the old one (golden records stay valid)
    assert not {"salt", "commitment", "seed_source"} & set(rec)
    salted = Game("schieber", seed=7, salt=SALT)
    assert salted.deals == plain.deals
    rec = salted.record()
    assert rec["seed"] == 7 and rec["salt"] == SALT and rec["seed_source"] == "chosen"
    assert rec["commitment"] == seed_commitment(7, SALT)
    with pytest.raises(ValueError, match="seed_source"):
        Game("schieber", seed=7, seed_source="client")


def test_fair_deal_shows_the_seed_only_once_the_match_is_over() -> None:
    game = Game({"preset": "schieber", "target": 500})
    during = game.fair_deal()
    assert during == {"commitment": game.commitment, "seed_source": "drawn", "seed": None, "salt": None}
    assert str(game.seed) not in json.dumps(during) and (game.salt or "") not in json.dumps(during)
    _finished(game)
    after = game.fair_deal()
    assert after["seed"] == str(game.seed) and after["salt"] == game.salt
    assert after["commitment"] == seed_commitment(int(after["seed"]), after["salt"])


def test_records_replay_with_their_commitment_and_old_records_load(record: dict[str, Any]) -> None:
    again = Game.from_record(record)
    assert again.record() == record and again.commitment == record["commitment"]
    old = json.loads((GOLDEN / "jasvel.json").read_text())
    assert "commitment" not in old
    assert Game.from_record(old).commitment is None
    half = copy.deepcopy(record)
    del half["salt"]
    with pytest.raises(ValueError, match="salt"):
        Game.from_record(half)


def test_a_genuine_record_verifies(record: dict[str, Any]) -> None:
    v = verify_record(record)
    assert v.ok and v.reason is None and v.notes == []
    assert v.rounds == len(record["rounds"]) and v.scores == record["scores"]
    assert v.actions == sum(len(r["actions"].split()) for r in record["rounds"])
    assert v.to_dict()["seed"] == str(record["seed"])
    assert v.lines()[0].startswith("holds")


def _changed(record: dict[str, Any], how: str) -> dict[str, Any]:
    r = copy.deepcopy(record)
    if how == "seed":
        r["seed"] += 1
    elif how == "commitment":
        r["commitment"] = hashlib.sha256(b"another deal").hexdigest()
    elif how == "deal":  # swap one card between two hands of round 2
        hands = [h.split() for h in r["rounds"][1]["deal"]]
        hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
        r["rounds"][1]["deal"] = [" ".join(h) for h in hands]
    elif how == "action":  # round 1's last card played by another seat
        acts = r["rounds"][0]["actions"].split()
        seat, _, card = acts[-1].partition(":")
        acts[-1] = f"{(int(seat) + 1) % 4}:{card}"
        r["rounds"][0]["actions"] = " ".join(acts)
    elif how == "illegal":  # round 1's first card swapped for a card its seat does not hold
        acts = r["rounds"][0]["actions"].split()
        i = next(i for i, a in enumerate(acts) if len(a.split(":")[1]) > 1 and a.split(":")[1] != "claim")
        seat = int(acts[i].split(":")[0])
        other = r["rounds"][0]["deal"][(seat + 1) % 4].split()[0]
        acts[i] = f"{seat}:{other}"
        r["rounds"][0]["actions"] = " ".join(acts)
    elif how == "written":
        r["rounds"][0]["result"]["written"][0] += 10
    elif how == "scores":
        r["scores"][1] += 10
    elif how == "result":
        r["result"]["schneider"] = not r["result"]["schneider"]
    return r


@pytest.mark.parametrize(
    ("how", "reason", "round_"),
    [
        ("seed", "commitment", None),
        ("commitment", "commitment", None),
        ("deal", "deal", 2),
        ("action", "action", 1),
        ("illegal", "action", 1),
        ("written", "written", 1),
        ("scores", "scores", None),
        ("result", "result", None),
    ],
)
def test_a_changed_record_fails_with_the_reason(record: dict[str, Any], how: str, reason: str, round_: int | None) -> None:
    bad = _changed(record, how)
    v = verify_record(bad)
    assert not v.ok and v.reason == reason and v.round == round_, v
    assert v.lines()[0].startswith(f"does not hold — {reason}")
    with pytest.raises(RecordMismatch) as e:
        Game.from_record(bad)
    assert e.value.part == reason


def test_records_without_a_fair_deal_do_not_hold() -> None:
    old = json.loads((GOLDEN / "jasvel.json").read_text())
    v = verify_record(old)
    assert not v.ok and v.reason == "no_commitment" and "no seed commitment" in v.message
    junks: list[Any] = [{}, [], {"format": "puur-record", "version": 1}]
    for junk in junks:
        v = verify_record(junk)
        assert not v.ok and v.reason == "format"


def test_a_chosen_seed_verifies_with_a_note() -> None:
    rec = json.loads(json.dumps(_finished(Game({"preset": "jasvel", "target": 500}, seed=11, salt=SALT)).record()))
    v = verify_record(rec)
    assert v.ok and v.seed_source == "chosen" and any("chosen" in n for n in v.notes)


def test_puur_verify_command(record: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(record))
    bad.write_text(json.dumps(_changed(record, "deal")))
    assert main(["verify", str(good)]) == 0
    out = capsys.readouterr().out
    assert "holds" in out and record["commitment"] in out and str(record["seed"]) in out
    assert main(["verify", str(bad)]) == 1
    assert "does not hold — deal" in capsys.readouterr().err
    assert main(["verify", "--json", str(bad)]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert answer["ok"] is False and answer["reason"] == "deal" and answer["round"] == 2
    assert main(["verify", "--json", str(good)]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    (tmp_path / "not.json").write_text("{")
    assert main(["verify", str(tmp_path / "not.json")]) == 2
    assert main(["verify", str(tmp_path / "missing.json")]) == 2
