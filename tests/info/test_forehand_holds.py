"""The first forehand's 7 (RULES.md §3.2): in a match's first round under a ``holder:`` profile every seat
knows that the forehand holds that 7, because it leads. The observation says so (``forehand_holds``) where,
and only where, the rule chose the forehand; the rules' inference and every sampled world then keep it."""

from __future__ import annotations

import random

import pytest

from puur.bots.random_player import RandomPlayer
from puur.bots.runner import play_turn
from puur.core.cards import Card
from puur.core.profile import PRESETS, RuleProfile
from puur.core.round import first_forehand_card
from puur.info.determinize import Determinizer
from puur.info.inference import constraints
from puur.info.observation import Observation
from puur.match.game import Game

HOLDER_PRESETS = [p for p in PRESETS if RuleProfile.preset(p).first_forehand != "dealer_right"]


def _to_round_two(game: Game, seed: int) -> list[list[Observation]]:
    """Every seat's observation at each step of round 1 (random play), the game left at round 2's start."""
    player = RandomPlayer(seed=seed)
    seen = []
    while not game.is_over and game.round_number == 1:
        seen.append([game.observation(s) for s in range(4)])
        play_turn(game, player)
    return seen


def test_the_presets_under_test_name_a_card() -> None:
    assert {str(Card(c)) for p in HOLDER_PRESETS if (c := first_forehand_card(RuleProfile.preset(p))) is not None} == {"C7", "D7", "H7"}
    assert len(HOLDER_PRESETS) < len(PRESETS)  # and one preset leads by the dealer's right (J07)


@pytest.mark.parametrize("preset", HOLDER_PRESETS)
def test_every_seat_knows_the_first_forehand_holds_the_seven_in_round_one_only(preset: str) -> None:
    for seed in range(3):
        game = Game(preset, seed=seed)
        card = first_forehand_card(game.profile)
        assert card is not None
        steps = _to_round_two(game, seed)
        forehand = steps[0][0].forehand
        assert game.round_states[0].dealt[forehand] >> card & 1
        for views in steps:
            assert all(v.forehand_holds == Card(card) for v in views)
            assert views[0].to_dict()["forehand_holds"] == str(Card(card))
        if not game.is_over:
            assert all(game.observation(s).forehand_holds is None for s in range(4))


def test_no_card_is_named_where_the_dealers_right_leads() -> None:
    game = Game("jasvel", seed=1)
    assert all(v.forehand_holds is None for views in _to_round_two(game, 1) for v in views)


def test_a_forehand_given_by_hand_names_no_card_and_one_found_by_the_rule_does() -> None:
    dealt = Game("schieber", seed=5).round_states[0].dealt
    seven = first_forehand_card(RuleProfile.preset("schieber"))
    assert seven is not None
    holder = next(s for s in range(4) if dealt[s] >> seven & 1)
    given = Game.from_deal("schieber", dealt, forehand=holder, seed=2)  # even the holder: given, not found
    found = Game.from_deal("schieber", dealt, seed=2)
    assert given.observation(0).forehand_holds is None
    assert found.observation(0).forehand == holder and found.observation(0).forehand_holds == Card(seven)
    for game in (given, found):  # a record keeps how the forehand came
        _to_round_two(game, 3)
        replayed = Game.from_record(game.record())
        assert replayed.round_states[0].dealt == dealt
        assert replayed.first_forehand_by_rule == game.first_forehand_by_rule


def test_the_seven_stays_with_the_forehand_in_every_sampled_world_until_played() -> None:
    """Sampled by the rules' facts alone, the forehand held the 7 in about a third of the worlds."""
    rng = random.Random(4)
    checked = 0
    for seed in range(6):
        game = Game("schieber", seed=seed)
        seven = first_forehand_card(game.profile)
        assert seven is not None
        for views in _to_round_two(game, seed):
            for obs in views:
                played = any(int(c) == seven for t in obs.tricks for c in t.cards) or any(int(c) == seven for _, c in obs.trick)
                if obs.seat == obs.forehand or played:
                    continue
                assert constraints(obs)[1][obs.forehand] >> seven & 1
                det = Determinizer(obs)
                assert all(det.sample(rng)[obs.forehand] >> seven & 1 for _ in range(5))
                checked += 1
    assert checked > 100


def test_the_field_round_trips_and_an_older_client_may_leave_it_out() -> None:
    obs = Game("schweizer", seed=9).observation(2)
    assert obs.forehand_holds == Card.parse("H7")
    assert Observation.from_dict(obs.to_dict()) == obs
    older = {k: v for k, v in obs.to_dict().items() if k != "forehand_holds"}
    assert Observation.from_dict(older).forehand_holds is None
    with pytest.raises(ValueError, match="forehand_holds"):
        Observation.from_dict({**obs.to_dict(), "forehand_holds": "H77"})
