"""The learnt model of the hidden hands (``puur.bots.hand_model``) and the sampler that leans on it."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from puur.bots import make_player
from puur.bots.hand_model import (
    CLASSES,
    FEATURES,
    PlayRecord,
    card_class,
    card_weights,
    default_model,
    model_from_dict,
)
from puur.core.cards import Card, Contract
from puur.info.determinize import Determinizer
from puur.info.observation import Observation, TrickView
from puur.match.game import Game


def _named(record: PlayRecord, obs: Observation, card: Card, seat: int) -> dict[str, int]:
    return dict(zip(FEATURES, record.features(obs, int(card), seat), strict=True))


def _position() -> Observation:
    """Hearts trump chosen by seat 1, seen by seat 0. Trick 1: seat 1 leads the Puur, seat 2 follows with
    the 6, seat 3 throws the club 7, seat 0 the Nell. Trick 2: seat 1 leads the spade King, seat 2 lets
    it pass with the 6, seat 3 throws the diamond 6 without trumping, seat 0 the spade 7."""
    obs = Game("schieber", seed=7).observation(0)
    tricks = (
        TrickView(1, (Card.HJ, Card.H6, Card.C7, Card.H9), 1, 34),
        TrickView(1, (Card.SK, Card.S6, Card.D6, Card.S7), 1, 4),
    )
    hand = (Card.C6, Card.C8, Card.C9, Card.D7, Card.D8, Card.H7, Card.S8)
    return replace(
        obs, contract=Contract.H, chooser=1, pushed=False, forehand=1, tricks=tricks, trick=(), hand=hand,
        hand_sizes=(7, 7, 7, 7), phase="play",
    )  # fmt: skip


def test_the_play_record_reads_each_seat_s_play() -> None:
    obs = _position()
    record = PlayRecord(obs)
    leader = _named(record, obs, Card.SA, 1)
    assert leader["led_suit"] == 1 and leader["leads_of_suit"] == 1 and leader["led_lower"] == 1
    assert leader["chooser"] == 1 and leader["trumps_played"] == 1 and leader["partner"] == 0
    assert _named(record, obs, Card.SQ, 1)["led_lower"] == 0  # it led the King: the Ober is weaker
    passer = _named(record, obs, Card.SA, 2)
    assert passer["follows_in_suit"] == 1 and passer["let_pass"] == 1 and passer["partner"] == 1
    assert passer["trumps_played"] == 1 and passer["chooser"] == 0
    assert _named(record, obs, Card.SQ, 2)["let_pass"] == 0  # the Ober would not have taken the King
    thrower = _named(record, obs, Card.CA, 3)
    assert thrower["discards_of_suit"] == 1 and thrower["discarded_lower"] == 1 and thrower["no_ruff"] == 1
    assert thrower["chooser_partner"] == 1 and thrower["ruffs"] == 0 and thrower["trumps_played"] == 0
    assert _named(record, obs, Card.C6, 3)["discarded_lower"] == 0  # it threw the 7: the 6 is weaker
    assert _named(record, obs, Card.HA, 3)["discards_of_suit"] == 0


def test_card_classes_follow_the_contract_and_the_cards_still_out() -> None:
    everything = (1 << 36) - 1
    assert CLASSES[card_class(int(Card.HJ), Contract.H, everything)] == "trump_puur"
    assert CLASSES[card_class(int(Card.H9), Contract.H, everything)] == "trump_nell"
    assert CLASSES[card_class(int(Card.HA), Contract.H, everything)] == "trump_ace"
    assert CLASSES[card_class(int(Card.H6), Contract.H, everything)] == "trump_low"
    assert CLASSES[card_class(int(Card.SA), Contract.H, everything)] == "plain_master"
    assert CLASSES[card_class(int(Card.SK), Contract.H, everything)] == "plain_second"
    without_ace = everything & ~(1 << int(Card.SA))
    assert CLASSES[card_class(int(Card.SK), Contract.H, without_ace)] == "plain_master"
    assert CLASSES[card_class(int(Card.S6), Contract.U, everything)] == "ou_master"  # Undenufe: the 6 leads
    assert CLASSES[card_class(int(Card.S10), Contract.O, everything)] == "ou_counting"
    assert CLASSES[card_class(int(Card.S7), Contract.O, everything)] == "ou_blank"
    # the Ace under Undenufe: blank with the modern values, 11 points with the classic ones (RULES.md §6)
    assert CLASSES[card_class(int(Card.SA), Contract.U, everything)] == "ou_blank"
    assert CLASSES[card_class(int(Card.SA), Contract.U, everything, "classic")] == "ou_counting"


def test_the_shipped_model_loads_and_a_foreign_one_is_refused() -> None:
    model = default_model()
    assert len(model.weights) == len(CLASSES) and all(len(row) == len(FEATURES) for row in model.weights)
    chooser = FEATURES.index("chooser")
    assert model.weights[CLASSES.index("trump_puur")][chooser] > 0.5  # the chooser of a trump holds its Puur
    data = {"features": list(FEATURES), "classes": list(CLASSES), "weights": {k: dict.fromkeys(FEATURES, 0.5) for k in CLASSES}}
    assert model_from_dict(json.loads(json.dumps(data))).weights[0][0] == 0.5
    with pytest.raises(ValueError, match="not this module's"):
        model_from_dict({**data, "features": [*FEATURES, "extra"]})
    with pytest.raises(ValueError, match="weights must be"):
        model_from_dict({**data, "weights": [1, 2]})
    with pytest.raises(ValueError, match="missing or not a number"):
        model_from_dict({**data, "weights": {**data["weights"], "trump_puur": {"led_suit": "x"}}})


def test_card_weights_apply_to_the_base_contracts_only() -> None:
    game = Game("schieber", seed=3)
    obs = game.observation(game.current_seat)
    assert card_weights(obs, [0, 1]) is None  # no contract yet
    assert card_weights(replace(_position(), contract=Contract.SLO), [0]) is None
    obs = _position()
    det = Determinizer(obs)
    weights = card_weights(obs, det.cards)
    assert weights is not None and set(weights) == set(det.cards)
    for w in weights.values():
        assert w[obs.seat] == 0 and all(w[s] > 0 for s in det.others)
    assert weights[int(Card.HA)][1] > weights[int(Card.HA)][2]  # the chooser holds the trumps more likely


def _positions(seed: int) -> list[Observation]:
    rng = random.Random(seed)
    out = []
    for g in range(6):
        game = Game("schieber", seed=seed * 100 + g)
        while not game.rounds:
            obs = game.observation(game.current_seat)
            if obs.phase == "play" and obs.contract is not None:
                out.append(obs)
            game.apply(rng.choice(list(game.legal_actions())))
    return out


def test_the_leaning_sampler_keeps_every_constraint_and_follows_the_weights() -> None:
    """With weights the deal still holds the seat's hand, the hand sizes and the voids; a card weighed
    heavily to one seat it may go to lands there nearly always, and the model's weights change the deals."""
    rng = random.Random(9)
    checked = 0
    hits = [0, 0]  # a card weighed heavily to one seat it may go to: at that seat without, with the weight
    tries = 0
    for obs in _positions(4):
        plain = Determinizer(obs)
        if len(plain.cards) < 3:
            continue
        weights = card_weights(obs, plain.cards)
        assert weights is not None
        det = Determinizer(obs, weights=weights)
        for _ in range(5):
            world = det.sample(rng)
            assert world[obs.seat] == obs.hand_mask
            assert tuple(h.bit_count() for h in world) == obs.hand_sizes
            assert all(world[s] & det.cannot[s] == 0 for s in det.others)
        card = plain.cards[0]
        seats = [s for s in plain.others if not plain.cannot[s] >> card & 1 and plain.need[s] > 0]
        if len(seats) > 1:
            heavy = Determinizer(obs, weights={card: [1e9 if s == seats[-1] else 1.0 for s in range(4)]})
            for _ in range(20):
                hits[0] += bool(plain.sample(rng)[seats[-1]] >> card & 1)
                hits[1] += bool(heavy.sample(rng)[seats[-1]] >> card & 1)
            tries += 20
        checked += 1
    assert checked > 50 and tries > 600
    # the room can be full before the card is dealt, so not always; but nearly so, and far from the plain deal
    assert hits[1] > 0.9 * tries and hits[0] < 0.6 * tries


def test_mcts_reads_the_hands_by_the_model_when_asked() -> None:
    with pytest.raises(ValueError, match="hands must be one of"):
        make_player("mcts:hands=peek")
    player = make_player("mcts:iters=40,seed=3,hands=model")
    game = Game("schieber", seed=11)
    while not game.rounds:
        seat = game.current_seat
        assert seat is not None
        action = player.act(game.observation(seat))
        assert action in game.legal_actions()
        game.apply(action)
    assert game.rounds[0].written is not None
