"""A seat's choice of Weis in play (RULES.md §9.3 "Splitting is the player's choice", S000; §14.1): offered
in the observation with the trick-1 card, declared as ``weis:N``, checked by the engine (state unchanged on
a refusal), recorded and replayed; computer seats choose through ``puur.bots.runner.declarations_for``."""

from __future__ import annotations

import pytest

from puur.bots.runner import declarations_for, weis_choice_for
from puur.core.cards import Card
from puur.match.game import Game, IllegalAction

# Seat 0: an 8-run S6-SK (classic: 5 + 3 = 120 with a 5-run as best meld, or 100 with all 8 cards).
# Seat 1: a 6-run C6-CJ (100, 6 cards). Seats 2 and 3: no meld.
HANDS = [
    ["S6", "S7", "S8", "S9", "S10", "SJ", "SQ", "SK", "HA"],
    ["C6", "C7", "C8", "C9", "C10", "CJ", "D6", "D8", "H6"],
    ["CQ", "CA", "D7", "D9", "DJ", "DK", "H7", "H9", "HJ"],
    ["CK", "D10", "DQ", "DA", "H8", "H10", "HQ", "HK", "SA"],
]


def start(forehand: int = 0, profile: str = "classic") -> Game:
    g = Game.from_deal(profile, HANDS, forehand=forehand, seed=5)
    g.apply("H")
    return g


def finish_trick_one(g: Game) -> None:
    while not g.round.tricks:
        g.apply(g.legal_actions()[0], declarations_for(g, g.legal_actions()[0]))


def test_the_choice_is_offered_as_data() -> None:
    g = start()
    choice = g.observation(0).weis_choice
    assert choice is not None and choice["preselected"] == "weis:0"
    alts = choice["alternatives"]
    assert [(a["declare"], a["points"], len(a["best"]["cards"])) for a in alts] == [("weis:0", 120, 5), ("weis:1", 100, 8)]
    assert alts[0]["best"]["cards"] == ["S9", "S10", "SJ", "SQ", "SK"]
    assert g.observation(0).to_dict()["weis_choice"] == choice
    # only the seat's own choice, and only where it has one
    assert all(g.observation(s).weis_choice is None for s in (1, 2, 3))


def test_default_is_the_most_points() -> None:
    g = start()
    finish_trick_one(g)
    w = g.round.weis
    assert w is not None and w.declarations[0].points == 120
    assert (w.winner_seat, w.points) == (1, (0, 100))  # the 6-run beats the 5-run on count
    assert g.observation(0).weis_choice is None  # the moment is past


def test_choosing_the_unsplit_run_wins_the_comparison_and_replays() -> None:
    g = start()
    card = g.legal_actions()[0]
    g.apply(card, ["weis:1"])
    finish_trick_one(g)
    w = g.round.weis
    assert w is not None and w.declarations[0].points == 100 and len(w.declarations[0].best.cards) == 8  # type: ignore[union-attr]
    assert (w.winner_seat, w.points) == (0, (100, 0))
    rec = g.record()
    assert f"0:{card}+weis:1" in rec["rounds"][0]["actions"]
    again = Game.from_record(rec)
    assert again.round.weis == g.round.weis and again.record() == rec


@pytest.mark.parametrize(
    ("declare", "message"),
    [
        (["weis:2"], "not offered"),
        (["weis:x"], "unknown declaration"),
        (["weis:0", "weis:1"], "one Weis alternative"),
    ],
)
def test_a_bad_choice_is_refused_and_changes_nothing(declare: list[str], message: str) -> None:
    g = start()
    before = (g.record(), g.round.weis, g.observation(0).to_dict())
    with pytest.raises(IllegalAction, match=message):
        g.apply(g.legal_actions()[0], declare)
    assert (g.record(), g.round.weis, g.observation(0).to_dict()) == before


def test_no_choice_past_trick_one() -> None:
    g = start()
    finish_trick_one(g)
    assert g.current_seat is not None
    with pytest.raises(IllegalAction, match="no Weis to choose"):
        g.apply(g.legal_actions()[0], ["weis:0"])


def test_one_alternative_only_weis_0() -> None:
    g = start(forehand=1)
    assert g.current_seat == 1
    # seat 1's 6-run is its only declaration: weis:0 names it, weis:1 is not offered
    with pytest.raises(IllegalAction, match="not offered"):
        g.apply(g.legal_actions()[0], ["weis:1"])
    g.apply(g.legal_actions()[0], ["weis:0"])
    assert g.current_seat == 2
    with pytest.raises(IllegalAction, match="no Weis to choose"):
        g.apply(g.legal_actions()[0], ["weis:0"])  # seat 2 holds no meld


def test_no_choice_where_the_profile_does_not_split() -> None:
    g = start(profile="schieber")
    assert g.observation(0).weis_choice is None
    with pytest.raises(IllegalAction, match="not offered"):
        g.apply(g.legal_actions()[0], ["weis:1"])


def test_a_contract_choice_cannot_carry_a_weis() -> None:
    g = Game.from_deal("classic", HANDS, forehand=0, seed=5)
    with pytest.raises(IllegalAction, match="goes with the card"):
        g.apply("H", ["weis:1"])


def test_computer_seat_keeps_the_most_points_without_an_announcement() -> None:
    g = start()  # seat 0 leads: nothing is announced yet
    card = g.legal_actions()[0]
    assert weis_choice_for(g.observation(0)) == 0
    assert "weis:1" not in declarations_for(g, card)


def test_computer_seat_declares_its_strongest_meld_against_an_announced_hundred() -> None:
    g = start(forehand=1)  # seat 1 announces "a hundred" (its 6-run) before seat 0 plays (S000)
    while g.current_seat != 0:
        g.apply(g.legal_actions()[0])
    obs = g.observation(0)
    assert (1, 100) in obs.weis_announced
    assert weis_choice_for(obs) == 1
    card = g.legal_actions()[0]
    assert isinstance(card, Card) and declarations_for(g, card) == ("weis:1",)
    g.apply(card, declarations_for(g, card))
    w = g.round.weis
    assert w is not None and (w.winner_seat, w.points) == (0, (100, 0))  # 8 cards beat 6
