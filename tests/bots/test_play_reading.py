"""Reading the play (puur.bots.play_reading): misreads in sampled worlds, and the pool that weighs them."""

from __future__ import annotations

import random
import statistics

import pytest

from puur import Game, RuleProfile
from puur.bots import make_player
from puur.bots.play_reading import WorldPool, misreads, view_at
from puur.bots.rollout import choose
from puur.bots.runner import play_turn
from puur.core.cards import Card, Contract
from puur.info.determinize import Determinizer


def policy_game(seed: int, cards: int, off_policy_seat: int | None = None) -> Game:
    """A round whose contract is Hearts and whose first ``cards`` cards are the rollout policy's, except
    that ``off_policy_seat`` plays its legal card furthest from the policy's (another suit or points)."""
    game = Game(RuleProfile.preset("schieber"), seed=seed)
    game.apply(Contract.H)
    while len(game.round.tricks) * 4 + len(game.round.trick) < cards:
        r = game.round
        card = choose(r)
        if r.to_act == off_policy_seat:
            legal = [int(a) for a in game.legal_actions() if isinstance(a, Card)]
            other = [c for c in legal if c // 9 != card // 9 or r.points[c] != r.points[card]]
            card = other[0] if other else card
        game.apply(Card(card))
    return game


def reader(game: Game) -> tuple[Determinizer, list[int]]:
    """The sampler of the seat to act's view, and the true current hands."""
    seat = game.current_seat
    assert seat is not None
    return Determinizer(game.observation(seat)), [int(h) for h in game.round.hands]


def test_the_true_world_of_policy_play_reads_without_a_misread() -> None:
    """Every other seat played the policy's card: the true deal has no misread, and the round rebuilt in
    it stands where the observation does."""
    for seed in range(6):
        game = policy_game(seed, 13)
        det, truth = reader(game)
        r, count = misreads(det, truth)
        assert count == 0
        assert [int(h) for h in r.hands] == truth and r.trick == game.round.trick


def test_an_off_policy_card_is_a_misread_and_the_own_seat_is_not_read() -> None:
    game = policy_game(1, 14, off_policy_seat=2)  # seat 2 played off the policy at least once
    det_other = Determinizer(game.observation(0))
    truth = [int(h) for h in game.round.hands]
    assert misreads(det_other, truth)[1] >= 1
    seat2 = game.observation(2)  # seat 2's own cards are not read from its own view
    assert misreads(Determinizer(seat2), truth)[1] == 0


def test_the_pool_draws_worlds_that_read_the_play_better() -> None:
    """With ``infer`` the drawn worlds have fewer misreads on average than the pool's; without it every
    draw is a fresh sample (index -1)."""
    game = policy_game(3, 17)
    seat = game.current_seat
    assert seat is not None
    det = Determinizer(game.observation(seat))
    plain = WorldPool(det, random.Random(1), 0.0)
    assert plain.worlds == [] and plain.draw()[0] == -1
    pool = WorldPool(det, random.Random(1), 2.0, size=40)
    counts = [misreads(det, [int(h) for h in w.hands])[1] for w in pool.worlds]
    assert len(set(counts)) > 1  # the sampled worlds differ in how they read
    drawn = [counts[pool.draw()[0]] for _ in range(400)]
    assert statistics.mean(drawn) < statistics.mean(counts) - 0.3


def test_mcts_reads_the_play_when_asked() -> None:
    with pytest.raises(ValueError, match="infer"):
        make_player("mcts:infer=-1")
    for cards in (6, 21):  # playouts (eight cards in hand), then exact worlds (the endgame)
        game = policy_game(5, cards)
        seat = game.current_seat
        assert seat is not None
        player = make_player("mcts:infer=1.5,iters=40", seed=2)
        assert player.act(game.observation(seat)) in game.legal_actions()


def heuristic_game(seed: int, cards: int) -> Game:
    """A round of four heuristic players, ``cards`` cards into the play."""
    game = Game(RuleProfile.preset("schieber"), seed=seed)
    table = make_player("heuristic")
    while game.round.contract is None or len(game.round.cards_played) < cards:
        play_turn(game, table)
    return game


def test_the_heuristic_reads_a_heuristic_table_exactly() -> None:
    """``read=heuristic``: in a round of heuristic players every other seat's card is the one the heuristic
    plays from that seat's view rebuilt in the true deal (no misread), while sampled deals misread; the
    rollout policy, which is not how that table plays, misreads the true deal too."""
    policy_misread = 0
    for seed in range(8):
        det, truth = reader(heuristic_game(seed, 17))
        assert misreads(det, truth, "heuristic")[1] == 0
        sampled = [misreads(det, det.sample(random.Random(i)), "heuristic")[1] for i in range(12)]
        assert max(sampled) > 0
        policy_misread += misreads(det, truth, "policy")[1]
    assert policy_misread > 0
    with pytest.raises(ValueError, match="read"):
        misreads(det, truth, "oracle")


def test_a_seat_is_viewed_with_its_own_hand_and_the_play_so_far() -> None:
    """``view_at`` at an earlier point of the round: that seat's hand then, the tricks and trick so far, its
    legal cards; nothing of the other hands."""
    game = heuristic_game(2, 13)
    seat = game.current_seat
    assert seat is not None
    obs = game.observation(seat)
    seen = []
    Determinizer(obs).round_of([int(h) for h in game.round.hands], lambda r, _c: seen.append(r.clone()))
    r = seen[6]  # trick 2, its third card
    other = r.to_act
    assert other is not None
    view = view_at(obs, r, other)
    assert view.seat == other and view.hand_mask == r.hands[other]
    assert tuple(int(c) for c in view.tricks[0].cards) == r.tricks[0].cards and len(view.trick) == 2
    assert {int(a) for a in view.legal_actions} == {c for c in range(36) if r.legal_cards() >> c & 1}
    assert view.hand_sizes == tuple(h.bit_count() for h in r.hands)


def test_mcts_reads_with_the_heuristic_when_asked() -> None:
    with pytest.raises(ValueError, match="read"):
        make_player("mcts:read=oracle")
    for cards in (6, 21):
        game = heuristic_game(4, cards)
        seat = game.current_seat
        assert seat is not None
        player = make_player("mcts:infer=3,read=heuristic,iters=40", seed=2)
        assert player.act(game.observation(seat)) in game.legal_actions()
