"""``benchmarks/paired.py`` measures what it says: the arena's paired deals, split by the contracts chosen."""

from __future__ import annotations

import random

from benchmark_scripts import load_benchmark

from puur.bots import make_player, mcts
from puur.bots.mcts import Evaluation, MCTSPlayer
from puur.bots.runner import play_turn
from puur.core.cards import PUSH, Action
from puur.core.profile import RuleProfile
from puur.info.determinize import Determinizer
from puur.info.observation import Observation
from puur.lab.arena import Arena, deal_of, game_on_deal, play_deal
from puur.match.game import Game

PROFILE = RuleProfile.preset("schieber")

bench = load_benchmark("paired")


def test_a_pair_is_the_arenas_deal() -> None:
    """The same deal, seats and seeds as ``puur arena``: with an ``iters`` budget (no clock) the two seatings
    give the arena's points exactly, although ``a``'s contract is read through ``evaluate``."""
    for index in range(2):
        pair = bench.play_pair(("mcts:iters=20", "heuristic", 1, index, "none", 1.0))
        a1, b1, a2, b2 = play_deal((Arena("mcts:iters=20", "heuristic", deals=2, seed=1), index))
        assert [s["a"] for s in pair] == [a1 - b1, a2 - b2]
        assert sum(s["a_chose"] for s in pair) == 1  # one seating each team chooses
        mine = next(s for s in pair if s["a_chose"])
        assert mine["log"] and mine["log"][-1][0] == mine["contract"]  # after a push, the partner's choice


def _seating(
    a: int, contract: str, a_chose: bool, log: list[tuple[str, dict[str, float]]] | None = None
) -> dict:
    return {"a": a, "contract": contract, "a_chose": a_chose, "log": log or []}


def test_summary_splits_the_deals_by_the_contracts_chosen() -> None:
    pairs = [
        [_seating(40, "C", True, [("C", {"C": 50.0, "U": 20.0})]), _seating(-20, "C", False)],  # same, won
        [_seating(-300, "U", True, [("U", {"U": 100.0})]), _seating(100, "H", False)],  # a_top, lost
        [_seating(10, "D", True), _seating(-10, "O", False)],  # b_top, tied
        [_seating(5, "S", True), _seating(5, "D", False)],  # other, won
    ]
    out = bench.summarize(pairs)
    assert {g: out[g]["deals"] for g in ("same", "a_top", "b_top", "other", "all")} == {
        "same": 1, "a_top": 1, "b_top": 1, "other": 1, "all": 4,
    }  # fmt: skip
    assert out["same"]["rate"]["value"] == 1.0 and out["a_top"]["rate"]["value"] == 0.0
    assert out["b_top"]["rate"]["value"] == 0.5
    assert out["all"]["rate"]["value"] == 2.5 / 4
    assert out["a_top"]["points_per_round"]["mean"] == -100.0  # (-300 + 100) / 2
    assert out["estimates"]["C"]["bias"]["mean"] == 10.0  # expected 50, made 40
    assert out["estimates"]["U"]["bias"]["mean"] == 400.0
    assert out["lost"] == [  # by deal index, the tie too
        {"deal": 1, "group": "a_top", "a_contract": "U", "b_contract": "H", "points": -200},
        {"deal": 2, "group": "b_top", "a_contract": "D", "b_contract": "O", "points": 0},
    ]


def _game_in_play(played: int = 5) -> tuple[list[int], Game]:
    """Arena deal 3 of seed 1 with its contract chosen and ``played`` cards played by the heuristic."""
    hands, dealer = deal_of(PROFILE, 1, 3)
    game = game_on_deal(PROFILE, hands, dealer)
    players = {s: make_player("heuristic", seed=s) for s in range(4)}
    while game.round.contract is None or len(game.round.trick) + 4 * len(game.round.tricks) < played:
        seat = game.current_seat
        assert seat is not None
        play_turn(game, players[seat])
    return hands, game


def test_peeking_draws_the_real_deal_and_only_inside_the_block() -> None:
    hands, game = _game_in_play()
    seat = game.current_seat
    assert seat is not None
    obs = game.observation(seat)
    truth = [game.round.hands[s] for s in range(4)]
    assert bench.true_hands(hands, obs) == truth
    with bench.peeking(hands):
        assert all(mcts.Determinizer(obs).sample(random.Random(i)) == truth for i in range(5))
    assert mcts.Determinizer is Determinizer
    drawn = [Determinizer(obs).sample(random.Random(i)) for i in range(5)]
    assert any(d != truth for d in drawn)  # without the peek the hidden hands are sampled


def test_each_peek_sees_the_deal_where_it_says() -> None:
    """``--peek play`` patches the sampler around card decisions, ``playouts`` and ``endgame`` around those
    with more than ``endgame`` tricks left and the others, ``all`` around the contract too, ``contract``
    around the contract alone; a player without the deal never."""
    hands, game = _game_in_play()
    seat = game.current_seat
    assert seat is not None
    playing = game.observation(seat)
    assert len(playing.hand) > mcts.ENDGAME_TRICKS
    late_hands, late_game = _game_in_play(14)
    late_seat = late_game.current_seat
    assert late_hands == hands and late_seat is not None
    late = late_game.observation(late_seat)
    assert len(late.hand) <= mcts.ENDGAME_TRICKS
    bidding = game_on_deal(PROFILE, *deal_of(PROFILE, 1, 3)).observation((3 + 1) % 4)
    assert bidding.contract is None
    seen: list[str] = []

    class Recording(MCTSPlayer):
        """Notes which sampler the search would build, at each decision."""

        def act(self, observation: Observation) -> Action:
            seen.append(mcts.Determinizer.__name__)
            return PUSH

        def evaluate(self, observation: Observation) -> Evaluation:
            seen.append(mcts.Determinizer.__name__)
            return Evaluation(PUSH, [], False)

    player = Recording(iters=20, seed=1)
    expect = {
        "none": ["Determinizer", "Determinizer", "Determinizer"],
        "play": ["Determinizer", "Truth", "Truth"],
        "playouts": ["Determinizer", "Truth", "Determinizer"],
        "endgame": ["Determinizer", "Determinizer", "Truth"],
        "all": ["Truth", "Truth", "Truth"],
        "contract": ["Truth", "Determinizer", "Determinizer"],
    }
    assert set(expect) == set(bench.PEEKS)
    for peek, expected in expect.items():
        seen.clear()
        reading = bench.Reading(player, [], peek, hands)
        reading.act(bidding)
        reading.act(playing)
        reading.act(late)
        assert seen == expected, peek
    seen.clear()
    bench.Reading(player, [], "all", None).act(playing)  # no deal given: nothing to peek at
    assert seen == ["Determinizer"]


def test_a_peeking_pair_plays() -> None:
    """The ceiling runs through the same pair: both seatings played, one chosen by each team."""
    pair = bench.play_pair(("mcts:iters=20", "heuristic", 1, 0, "all", 1.0))
    assert len(pair) == 2 and sum(s["a_chose"] for s in pair) == 1


def test_knowing_part_of_the_deal_keeps_what_the_seat_knows() -> None:
    """``--know Q``: each world keeps the seat's own hand and every constraint of the play; each hidden card
    is where it really is at least as often as ``Q`` (and the uniform draw's share besides); Q 0 is the
    plain sampler's spread, Q 1 the real deal."""
    hands, game = _game_in_play(14)
    seat = game.current_seat
    assert seat is not None
    obs = game.observation(seat)
    truth = bench.true_hands(hands, obs)
    det = Determinizer(obs)
    hidden = list(det.cards)
    assert len(hidden) >= 10
    rng = random.Random(3)

    def right_share(know: float) -> float:
        hits = 0
        for _ in range(400):
            world = bench.partly_true(det, truth, know, rng)
            assert world[seat] == truth[seat] and sorted(h.bit_count() for h in world) == sorted(
                h.bit_count() for h in truth
            )
            assert all(world[s] & det.cannot[s] == 0 for s in range(4))  # the voids the play showed
            hits += sum(1 for c in hidden for s in range(4) if world[s] >> c & 1 and truth[s] >> c & 1)
        return hits / (400 * len(hidden))

    none, half, full = right_share(0.0), right_share(0.5), right_share(1.0)
    assert full == 1.0
    assert none < 0.55 and half > none + 0.25  # each known card adds its (1 - chance by luck)
    with bench.peeking(hands, 0.5):
        worlds = [mcts.Determinizer(obs).sample(random.Random(i)) for i in range(20)]
    assert any(w != truth for w in worlds) and all(w[seat] == truth[seat] for w in worlds)
