"""What a hint's card does (puur.bots.explain), checked against what the engine then does: a card
said to take the trick takes it, with the points the engine counts; a card said to smear or to leave the trick
to the partner leaves it with the partner; a lead said to be the master of its suit has no stronger card of
that suit in any other hand. Over every legal card of the seat to act in seeded games of each preset."""

from __future__ import annotations

import random

import pytest

from puur.bots.explain import SMEAR_POINTS, explain
from puur.core.cards import Card, Contract, iter_cards
from puur.core.rules.tables import strength_table
from puur.match.game import Game

CODES = {"push", "contract", "lead_trump", "lead_master", "lead_low", "lead_high", "take_trick", "go_ahead",
         "smear", "partner_holds", "give_least", "give"}  # fmt: skip


def _check_card(game: Game, card: Card) -> str:
    """Explain ``card`` for the seat to act, then play it on a copy and compare with the engine."""
    seat = game.current_seat
    assert seat is not None
    obs = game.observation(seat)
    code, params = explain(obs, card)
    assert code in CODES and params["card"] == str(card)
    rs = game.round
    contract = rs.contract
    assert contract is not None
    if code == "lead_master":
        strength = strength_table(contract.direction(len(rs.tricks)))
        others = [c for s in range(4) if s != seat for c in iter_cards(rs.hands[s]) if int(c) // 9 == int(card) // 9]
        assert all(strength[int(c)] < strength[int(card)] for c in others)
    if code == "lead_trump":
        assert int(contract) < 4 and int(card) // 9 == int(contract)
    if len(rs.trick) == 3:  # the card ends the trick: the engine says who took it
        copy = Game.from_record(game.record())
        copy.apply(card, declare=("stoeck",) if copy.stoeck_due(card) else ())
        taken = copy.round_states[len(game.round_states) - 1].tricks[len(rs.tricks)]
        if code == "take_trick":
            assert taken.winner == seat
            assert params["points"] == taken.points  # the engine's points, the last trick's 5 included
        elif code in ("smear", "partner_holds"):
            assert taken.winner == (seat + 2) % 4
            assert (code == "smear") == (int(params.get("points", 0)) >= SMEAR_POINTS)
        else:
            assert code in ("give_least", "give") and taken.winner % 2 != seat % 2
    return code


@pytest.mark.parametrize("preset", ["schieber", "classic", "jasvel"])
def test_explanations_agree_with_what_the_engine_then_does(preset: str) -> None:
    seen: set[str] = set()
    rng = random.Random(7)
    for seed in range(12):
        game = Game(preset, seed=seed + 100)
        while game.round_number == 1 and not game.is_over:
            seat = game.current_seat
            assert seat is not None
            legal = game.legal_actions()
            cards = [a for a in legal if isinstance(a, Card)]
            if cards:
                for card in cards:
                    seen.add(_check_card(game, card))
            else:
                for a in legal:
                    if str(a) in ("P",) or isinstance(a, Contract):
                        seen.add(explain(game.observation(seat), a)[0])
            action = rng.choice(legal)
            game.apply(action, declare=("stoeck",) if isinstance(action, Card) and game.stoeck_due(action) else ())
    # the positions reach every kind of card play
    assert {"lead_trump", "lead_master", "take_trick", "smear", "give_least", "push", "contract"} <= seen
