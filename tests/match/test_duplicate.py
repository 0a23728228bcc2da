"""Duplicate deals (puur.match.duplicate): a match that follows a deal plan, the turned tables, the standings."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from puur.bots.heuristic import HeuristicPlayer
from puur.bots.runner import play_match
from puur.core.cards import CLAIM, Card
from puur.match.duplicate import DealPlan, standings
from puur.match.game import Game, RecordMismatch

SEEDS = [2**64 - 5, 11, 12345]
GOLDEN = Path(__file__).parent.parent / "golden"


def _played(turn: int, profile: Any = "schieber") -> Game:
    game = Game(profile, seed=3, deal_plan={"seeds": SEEDS, "turn": turn})
    return play_match(game, {s: HeuristicPlayer(s) for s in range(4)})


def test_a_planned_match_plays_every_deal_of_the_plan_and_ends_after_it() -> None:
    game = _played(0, {"preset": "schieber", "target": 1000})
    assert len(game.rounds) == 3 and game.is_over  # never stopped by the target, never past the plan
    a, b = game.scores
    assert game.result() == {"winner": None if a == b else int(b > a), "scores": [a, b], "block": None,
                             "reason": "deals", "schneider": False, "games": 0 if a == b else 1}
    # the deals are the plan's: a match with another own seed deals the same
    other = Game("schieber", seed=99, deal_plan={"seeds": SEEDS})
    assert other.deals[0] == game.deals[0]


def test_a_low_target_does_not_end_a_planned_match() -> None:
    game = _played(0, {"preset": "schieber", "target": 300})  # one deal's points may pass 300
    assert len(game.rounds) == 3


def test_the_turned_table_holds_the_other_teams_cards_with_the_same_forehand() -> None:
    a = Game("schieber", deal_plan={"seeds": SEEDS, "turn": 0})
    b = Game("schieber", deal_plan={"seeds": SEEDS, "turn": 1})
    for k in range(3):
        ha, da, fa = DealPlan(tuple(SEEDS), 0).deal(a.profile, k)
        hb, db, fb = DealPlan(tuple(SEEDS), 1).deal(b.profile, k)
        assert [hb[s] for s in range(4)] == [ha[(s + 1) % 4] for s in range(4)]
        assert hb[fb] == ha[fa] and (db + 1) % 4 == da  # the dealer and forehand move with the cards
    assert b.round.forehand == (a.round.forehand - 1) % 4


def test_a_holder_profile_leads_hand_one_from_the_holder_of_the_seven() -> None:
    game = Game({"preset": "schieber", "first_forehand": "holder:H7"}, deal_plan={"seeds": SEEDS, "turn": 1})
    seven = {"holder:C7": "C7", "holder:D7": "D7", "holder:H7": "H7"}[game.profile.first_forehand]
    assert game.deals[0][game.round.forehand] >> int(Card.parse(seven)) & 1


def test_claims_are_not_offered_under_a_plan() -> None:
    game = Game({"preset": "schieber", "game_end": "claim"}, deal_plan={"seeds": SEEDS})
    game.apply(game.legal_actions()[0])
    assert CLAIM not in game.legal_actions()
    with pytest.raises(ValueError, match="no claims"):
        game.apply(CLAIM)


def test_the_record_carries_the_plan_and_replays_it() -> None:
    game = _played(1)
    record = json.loads(json.dumps(game.record()))
    assert record["deal_plan"] == {"seeds": SEEDS, "turn": 1}
    again = Game.from_record(record)
    assert again.scores == game.scores and again.result() == game.result()
    changed = json.loads(json.dumps(record))
    changed["deal_plan"]["turn"] = 0
    with pytest.raises(RecordMismatch, match="deal"):
        Game.from_record(changed)


def test_records_without_a_plan_replay_as_before() -> None:
    for name in ("schieber.json", "jasvel.json"):
        record = json.loads((GOLDEN / name).read_text())
        records = record if isinstance(record, list) else [record]
        for r in records:
            if isinstance(r, dict) and r.get("format") == "puur-record":
                assert "deal_plan" not in Game.from_record(r).record()


@pytest.mark.parametrize("plan, why", [
    ({"seeds": []}, "seeds"), ({"seeds": [1] * 65}, "seeds"), ({"seeds": "12"}, "seeds"),
    ({"seeds": [-1]}, "seed"), ({"seeds": [1], "turn": 4}, "turn"), ([1, 2], "object"),
])  # fmt: skip
def test_a_bad_plan_is_refused_saying_why(plan: Any, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        Game("schieber", deal_plan=plan)


def test_a_plan_is_a_schieber_only() -> None:
    with pytest.raises(ValueError, match="Schieber"):
        Game("schieber", form="differenzler", rounds=2, deal_plan={"seeds": [1, 2]})


def test_standings_compare_each_team_with_the_teams_that_held_the_same_cards() -> None:
    # two tables, two deals: team 0 at table 0 holds the cards of team 1 at table 1 (and the other way)
    written = [[(100, 57), (20, 137)], [(80, 77), (30, 127)]]
    rows = {(r["table"], r["team"]): r for r in standings(written)}
    assert rows[0, 0]["score"] == (100 - 77) + (20 - 127)  # -84
    assert rows[1, 1]["score"] == 84
    assert rows[0, 1]["score"] == (57 - 80) + (137 - 30)  # 84
    assert rows[1, 0]["score"] == -84
    # 84 twice: broken by the points written (77+127=204 at table 1 team 1, 57+137=194 at table 0 team 1)
    assert [(r["rank"], r["table"], r["team"], r["points"]) for r in standings(written)] == [
        (1, 1, 1, 204), (2, 0, 1, 194), (3, 0, 0, 120), (4, 1, 0, 110)]


def test_equal_keys_share_a_rank() -> None:
    rows = standings([[(80, 77)], [(77, 80)]])  # each team wrote what its comparison team wrote
    assert [r["rank"] for r in rows] == [1, 1, 3, 3] and all(r["score"] == 0 for r in rows)


def test_standings_count_only_the_deals_another_team_has_played() -> None:
    rows = {(r["table"], r["team"]): r for r in standings([[(100, 57), (20, 137)], [(80, 77)]])}
    assert rows[0, 0]["deals"] == 1 and rows[0, 0]["score"] == 23


def test_three_tables_compare_with_the_mean_of_the_others() -> None:
    written = [[(100, 57)], [(80, 77)], [(90, 67)]]  # table 2 has turn 0 again: team 0 holds table 0's cards
    rows = {(r["table"], r["team"]): r for r in standings(written)}
    assert rows[0, 0]["score"] == round(float(100 - Fraction(77 + 90, 2)), 2)
