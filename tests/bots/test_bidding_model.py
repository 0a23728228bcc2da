"""The learnt models of the search's bidding (``puur.bots.bidding_model``) and ``mcts:bidding=model``."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from dataclasses import replace

import pytest

from puur.bots import make_player
from puur.bots import mcts as mcts_module
from puur.bots.bidding_model import (
    FEATURES,
    KINDS,
    PUSH_FEATURES,
    bid_chance,
    default_model,
    forehand_chances,
    hand_features,
    model_from_dict,
    push_chance,
    push_features,
    reply_chances,
    sample_reply,
)
from puur.bots.contract_eval import best_contract
from puur.bots.mcts import MCTSPlayer, partner_bid
from puur.core.cards import BASE_CONTRACTS, PUSH, Card, Contract
from puur.core.profile import RuleProfile
from puur.core.round import RoundState, deal
from puur.info.determinize import Determinizer
from puur.info.observation import Observation
from puur.match.game import Game

SCHIEBER = RuleProfile.preset("schieber")


def _hand(*cards: Card) -> int:
    return sum(1 << int(c) for c in cards)


# Hearts: the Puur, the Nell, the Ass, the 6; the spade and diamond Ass, the club King, 7 and 6.
TRUMP_HAND = _hand(Card.HJ, Card.H9, Card.HA, Card.H6, Card.SA, Card.DA, Card.CK, Card.C7, Card.C6)
# The 6, 7 and 8 of clubs and diamonds, the spade 6 and 7, the heart 6: Undenufe's masters and runs.
LOW_HAND = _hand(Card.C6, Card.C7, Card.C8, Card.D6, Card.D7, Card.D8, Card.S6, Card.S7, Card.H6)


def _named(hand: int, contract: Contract) -> dict[str, float]:
    return dict(zip(FEATURES, hand_features(hand, SCHIEBER)[contract], strict=True))


def test_a_trump_contract_reads_the_trump_suit_by_its_order() -> None:
    hearts = _named(TRUMP_HAND, Contract.H)
    # the Puur, the Nell, the Ass are the first three steps of the trump order, the 6 the last (RULES.md §5)
    assert [hearts[f"step_{i}"] for i in range(1, 10)] == [1, 1, 1, 0, 0, 0, 0, 0, 1]
    assert hearts["length"] == 4 and hearts["entries"] == 2 and hearts["voids"] == 0
    assert hearts["seconds"] == 1  # the club King without its Ass
    clubs = _named(TRUMP_HAND, Contract.C)
    # clubs as trump: K is the fourth step, 7 the eighth, 6 the ninth; no club Puur
    assert [clubs[f"step_{i}"] for i in range(1, 10)] == [0, 0, 0, 1, 0, 0, 0, 1, 1]
    assert clubs["length"] == 3 and clubs["entries"] == 3  # the heart, spade and diamond Ass


def test_obenabe_and_undenufe_count_each_step_over_the_suits() -> None:
    low = _named(LOW_HAND, Contract.U)
    # the 6 is the first card of every suit under Undenufe: four suits hold it; the 7 three, the 8 two
    assert (low["step_1"], low["step_2"], low["step_3"], low["step_4"]) == (4, 3, 2, 0)
    assert low["length"] == 9  # every card is in an unbroken run from the top of its suit
    assert low["entries"] == 9 and low["voids"] == 0
    high = _named(LOW_HAND, Contract.O)
    assert high["step_1"] == 0 and high["step_9"] == 4 and high["length"] == 0 and high["entries"] == 0


def test_the_heuristic_score_and_the_weis_at_the_factor_are_features() -> None:
    run = _hand(Card.C6, Card.C8, Card.CA, Card.D6, Card.D7, Card.D8, Card.D9, Card.S6, Card.H6)  # a four-run: 50
    for c in BASE_CONTRACTS:
        x = _named(run, c)
        assert x["weis"] == pytest.approx(50 * SCHIEBER.factor(c) / 100)
    assert _named(TRUMP_HAND, Contract.H)["heuristic"] > _named(TRUMP_HAND, Contract.S)["heuristic"]


# Hearts: the Puur, the Nell, the Queen, the 7; no Weis, no masters of Obenabe or Undenufe elsewhere.
PLAIN_TRUMP_HAND = _hand(Card.HJ, Card.H9, Card.HQ, Card.H7, Card.C10, Card.CK, Card.D9, Card.DJ, Card.S9)


def test_the_shipped_model_reads_a_hand_as_the_search_replies() -> None:
    """On hands where ``mcts`` answers a push alike in ten seeds (hearts; Undenufe), so does the model;
    on ``TRUMP_HAND``, where the hand model says hearts, the search says Undenufe (8 in 10) and the model
    gives Undenufe a real chance."""
    chances = reply_chances(PLAIN_TRUMP_HAND, SCHIEBER)
    assert chances is not None and sum(chances.values()) == pytest.approx(1)
    assert max(chances, key=lambda c: chances[c]) == Contract.H
    assert best_contract(TRUMP_HAND, SCHIEBER)[0] == Contract.H
    search_like = reply_chances(TRUMP_HAND, SCHIEBER)
    assert search_like is not None and search_like[Contract.U] > 0.3  # the hand model rules Undenufe out
    low = reply_chances(LOW_HAND, SCHIEBER)
    assert low is not None and max(low, key=lambda c: low[c]) == Contract.U


def test_draws_follow_the_chances() -> None:
    rng = random.Random(1)
    hand = deal(random.Random(5), 0)[2]
    chances = reply_chances(hand, SCHIEBER)
    assert chances is not None
    drawn = Counter(sample_reply(hand, SCHIEBER, rng) for _ in range(4000))
    for c, p in chances.items():
        assert abs(drawn[c] / 4000 - p) < 0.03, c


def test_contracts_the_model_does_not_know_leave_the_guess_to_the_hand_model() -> None:
    slalom = replace(SCHIEBER, extra_contracts="slalom_guschti")
    assert reply_chances(TRUMP_HAND, slalom) is None
    assert sample_reply(TRUMP_HAND, slalom, random.Random(1)) is None
    assert push_chance(TRUMP_HAND, slalom) is None
    game = Game(slalom.to_dict(), seed=3)
    game.apply(PUSH)
    obs = game.observation(game.current_seat or 0)
    player = MCTSPlayer(bidding="model", iters=20, seed=1)
    assert player.partner_reply(TRUMP_HAND, obs) == best_contract(TRUMP_HAND, slalom)[0]
    assert player.evaluate(obs).action in obs.legal_actions  # the pushed partner's deals drawn as before


def test_model_from_dict_refuses_what_it_cannot_read() -> None:
    data = json.loads(json.dumps({"kinds": list(KINDS), "features": list(FEATURES), "push_features": list(PUSH_FEATURES)}))
    good = {
        **data,
        "weights": {k: dict.fromkeys(FEATURES, 0.0) for k in KINDS},
        "intercepts": {c.name: 0.0 for c in BASE_CONTRACTS},
        "push": dict.fromkeys(PUSH_FEATURES, 0.0),
    }
    uniform = model_from_dict(good)
    chances = reply_chances(TRUMP_HAND, SCHIEBER, uniform)
    assert chances is not None and all(p == pytest.approx(1 / 6) for p in chances.values())
    assert push_chance(TRUMP_HAND, SCHIEBER, uniform) == pytest.approx(1 / 7)  # seven options alike
    with pytest.raises(ValueError, match="features"):
        model_from_dict({**good, "features": ["step_1"]})
    with pytest.raises(ValueError, match="features"):
        model_from_dict({**good, "push_features": ["bias"]})
    with pytest.raises(ValueError, match="push"):
        model_from_dict({**good, "push": [0.0]})
    with pytest.raises(ValueError, match="missing or not a number"):
        model_from_dict({**good, "push": {"bias": 1.0}})
    with pytest.raises(ValueError, match="intercepts"):
        model_from_dict({**good, "intercepts": None})
    with pytest.raises(ValueError, match="missing or not a number"):
        model_from_dict({**good, "intercepts": {"C": 1.0}})
    with pytest.raises(ValueError, match="missing or not a number"):
        model_from_dict({**good, "weights": {k: dict.fromkeys(FEATURES, "x") for k in KINDS}})


def test_default_model_is_the_package_s() -> None:
    model = default_model()
    assert len(model.weights) == len(KINDS) and all(len(w) == len(FEATURES) for w in model.weights)
    assert len(model.intercepts) == 6 and "bidding_model.py" in model.source
    assert len(model.push) == len(PUSH_FEATURES)


def test_push_features_count_the_ranks() -> None:
    named = dict(zip(PUSH_FEATURES, push_features(TRUMP_HAND), strict=True))
    # HJ H9 HA H6 SA DA CK C7 C6
    assert named == {"bias": 1, "jacks": 1, "nines": 1, "aces": 3, "kings": 1, "sixes": 2, "sevens": 1}


def test_the_shipped_model_pushes_weak_hands_and_keeps_strong_ones() -> None:
    """``mcts`` pushes about 45% of its forehand hands; a hand without a master or a trump holding it
    pushes, a hand with the Puur, the Nell and four trumps more does not."""
    weak = _hand(Card.C8, Card.CQ, Card.D10, Card.DK, Card.H8, Card.HQ, Card.S9, Card.SQ, Card.SK)
    strong = _hand(Card.HJ, Card.H9, Card.HA, Card.HK, Card.H10, Card.H7, Card.C8, Card.DQ, Card.SK)
    weak_chance, strong_chance = push_chance(weak, SCHIEBER), push_chance(strong, SCHIEBER)
    assert weak_chance is not None and strong_chance is not None
    assert weak_chance > 0.8 and strong_chance < 0.05
    rng = random.Random(2)
    hands = [deal(rng, 0)[0] for _ in range(400)]
    mean = sum(push_chance(h, SCHIEBER) or 0.0 for h in hands) / len(hands)
    assert 0.35 < mean < 0.55


def test_after_a_push_the_partner_s_deals_lean_to_hands_the_search_pushes() -> None:
    """``bidding=model``: the pushed partner's sampled deals give the forehand hands the search would have
    pushed more often than deals drawn without reading the push do."""
    game = Game("schieber", seed=4)
    game.apply(PUSH)
    obs = game.observation(game.current_seat or 0)
    det = Determinizer(obs)
    reading, plain = MCTSPlayer(bidding="model", seed=1), MCTSPlayer(seed=1)
    read = [push_chance(reading.read_push(det, obs).hands[obs.forehand], SCHIEBER) or 0.0 for _ in range(300)]
    drawn = [push_chance(plain.read_push(det, obs).hands[obs.forehand], SCHIEBER) or 0.0 for _ in range(300)]
    assert sum(read) / 300 > sum(drawn) / 300 + 0.15
    for world in (reading.read_push(det, obs) for _ in range(20)):
        assert world.hands[obs.seat] == obs.hand_mask  # the seat's own hand is always its own


def test_mcts_values_the_push_by_the_replies_the_model_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``bidding=model`` the push is played out under the model's draws: a model that always answers
    Undenufe makes every world's push an Undenufe round; the heuristic's guess is not asked."""
    game = Game("schieber", seed=11)
    obs = game.observation(game.current_seat or 0)
    assert PUSH in obs.legal_actions
    zero = tuple((0.0,) * len(FEATURES) for _ in KINDS)
    always_u = replace(default_model(), weights=zero, intercepts=(0.0, 0.0, 0.0, 0.0, 0.0, 50.0))
    drawn = mcts_module.sample_reply
    monkeypatch.setattr(mcts_module, "sample_reply", lambda hand, profile, rng: drawn(hand, profile, rng, always_u))
    monkeypatch.setattr(mcts_module, "best_contract", lambda hand, profile: pytest.fail("the heuristic was asked"))
    player = MCTSPlayer(bidding="model", iters=20, seed=1)
    replies: list[Contract] = []
    real = player.partner_reply

    def recording(hand: int, o: Observation) -> Contract:
        replies.append(real(hand, o))
        return replies[-1]

    monkeypatch.setattr(player, "partner_reply", recording)
    ev = player.evaluate(obs)
    assert PUSH in [a for a, _, _ in ev.values]
    assert replies and set(replies) == {Contract.U}
    with pytest.raises(ValueError, match="bidding must be one of heuristic, model"):
        MCTSPlayer(bidding="file.json")


def test_a_seeded_player_with_the_bidding_model_repeats_itself() -> None:
    obs = Game("schieber", seed=11).observation(Game("schieber", seed=11).current_seat or 0)
    a = make_player("mcts:bidding=model,iters=40,seed=3").evaluate(obs)  # type: ignore[attr-defined]
    b = make_player("mcts:bidding=model,iters=40,seed=3").evaluate(obs)  # type: ignore[attr-defined]
    assert a == b


def _played_to(game: Game, cards_left: int) -> Game:
    """``game`` played on by the heuristic until the seat to play holds ``cards_left`` cards."""
    heuristic = make_player("heuristic", seed=1)
    while True:
        seat = game.current_seat
        assert seat is not None
        obs = game.observation(seat)
        if obs.phase == "play" and len(obs.hand) == cards_left:
            return game
        game.apply(heuristic.act(obs))


def test_partner_bid_names_what_the_partner_bid() -> None:
    game = Game("schieber", seed=21)
    forehand = game.current_seat or 0
    game.apply(PUSH)
    game.apply(Contract.U)
    partner_of_forehand = (forehand + 2) % 4
    assert partner_bid(game.observation(forehand)) == (Contract.U, False)  # my pushed partner's reply
    assert partner_bid(game.observation(partner_of_forehand)) == (PUSH, True)  # my forehand partner's push
    assert partner_bid(game.observation((forehand + 1) % 4)) is None  # the other team bid
    chose = Game("schieber", seed=21)
    chose.apply(Contract.D)
    assert partner_bid(chose.observation(partner_of_forehand)) == (Contract.D, True)
    assert partner_bid(Game("schieber", seed=21).observation(partner_of_forehand)) is None  # no bid yet
    slalom = Game(replace(SCHIEBER, extra_contracts="slalom_guschti").to_dict(), seed=21)
    slalom.apply(Contract.D)
    assert partner_bid(slalom.observation(partner_of_forehand)) is None  # contracts the model does not know


def test_bid_chance_reads_the_forehand_and_the_reply() -> None:
    chances = forehand_chances(LOW_HAND, SCHIEBER)
    replies = reply_chances(LOW_HAND, SCHIEBER)
    assert chances is not None and replies is not None and sum(chances.values()) == pytest.approx(1)
    assert bid_chance(LOW_HAND, SCHIEBER, Contract.U, True) == chances[Contract.U]
    assert bid_chance(LOW_HAND, SCHIEBER, PUSH, True) == chances[PUSH] == push_chance(LOW_HAND, SCHIEBER)
    assert bid_chance(LOW_HAND, SCHIEBER, Contract.U, False) == replies[Contract.U]
    assert bid_chance(LOW_HAND, SCHIEBER, PUSH, False) == 0.0  # a pushed partner cannot push
    assert bid_chance(LOW_HAND, replace(SCHIEBER, extra_contracts="slalom_guschti"), Contract.U, True) == 0.0


def test_the_endgame_worlds_lean_to_hands_that_bid_as_the_partner_did(monkeypatch: pytest.MonkeyPatch) -> None:
    """``readbid=8``: the worlds the exact endgame solves give the partner hands that bid as it did
    more often than the worlds drawn without reading the bid; the seat's own hand is its own."""
    game = Game("schieber", seed=23)
    forehand = game.current_seat or 0
    game.apply(Contract.U)  # the forehand chooses Undenufe, whatever its hand
    seat = (forehand + 2) % 4
    while True:
        game = _played_to(game, 7)
        if game.current_seat == seat:
            break
        game.apply(make_player("heuristic", seed=2).act(game.observation(game.current_seat or 0)))
    obs = game.observation(seat)
    assert partner_bid(obs) == (Contract.U, True)
    solved: list[RoundState] = []

    class Recording:
        def __init__(self, world: RoundState, **_: object) -> None:
            solved.append(world)

        def card_values(self, world: RoundState, mask: int) -> dict[int, int]:
            return {c: 0 for c in range(36) if mask >> c & 1}

    monkeypatch.setattr(mcts_module, "Solver", Recording)
    means = {}
    for readbid in (1, 8):
        solved.clear()
        player = MCTSPlayer(readbid=readbid, iters=600, seed=5)  # 40 worlds
        player.solve_endgame(obs, [int(c) for c in obs.legal_actions if isinstance(c, Card)], time.perf_counter())
        assert len(solved) == 600 // mcts_module.DEEP_ENDGAME_SHARE  # seven tricks left
        assert all(w.hands[seat] == obs.hand_mask for w in solved)
        means[readbid] = sum(bid_chance(w.dealt[forehand], SCHIEBER, Contract.U, True) for w in solved) / len(solved)
    assert means[8] > means[1] + 0.3  # 0.82 against 0.21 with these seeds
