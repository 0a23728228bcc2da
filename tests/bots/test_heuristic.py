"""Built-in players: legal actions only, no peeking, seeded repetition, claims."""

from __future__ import annotations

import random

import pytest

from puur.bots import make_player
from puur.bots.heuristic import claim_is_true
from puur.bots.runner import declarations_for
from puur.core.cards import CLAIM
from puur.core.profile import PRESETS
from puur.info.determinize import Determinizer
from puur.match.game import Game

PLAYERS = ["random:seed=1", "heuristic", "mcts:iters=6,seed=2"]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_players_only_return_legal_actions(preset: str) -> None:
    """Thousands of positions (heuristic and random at every one, mcts at every fourth)."""
    rng = random.Random(preset)
    players = [make_player(s) for s in PLAYERS]
    checked = 0
    for g in range(12):
        game = Game(preset, seed=rng.randrange(10**6))
        rounds = 0
        while not game.is_over and rounds < 2:
            seat = game.current_seat
            assert seat is not None
            obs = game.observation(seat)
            chosen = []
            for i, p in enumerate(players):
                if i == 2 and (checked + g) % 4:
                    continue
                a = p.act(obs)
                assert a in obs.legal_actions, (preset, p, a, obs.legal_actions)
                chosen.append(a)
                checked += 1
            action = chosen[rng.randrange(len(chosen))]
            if action is CLAIM:
                action = next(a for a in obs.legal_actions if a is not CLAIM)
            n = len(game.rounds)
            game.apply(action, declarations_for(game, action))
            rounds += len(game.rounds) - n
    assert checked > 1000


def _twin_game(game: Game, seat: int, seed: int) -> Game | None:
    """A second game in which ``seat`` sees exactly the same, but the hidden hands differ."""
    obs = game.observation(seat)
    r = game.round
    det = Determinizer(obs)
    rng = random.Random(seed)
    for _ in range(30):
        hands = det.sample(rng)
        if hands == r.hands:
            continue
        twin = Game(game.profile, seed=game.seed)
        twin.round = det.round_of(hands)
        if twin.round.hands[seat] == r.hands[seat] and twin.observation(seat) == obs:
            return twin
    return None


@pytest.mark.parametrize(
    ("spec", "first"),
    [("heuristic", 2), ("mcts:iters=40", 2), ("random", 2), ("mcts:iters=40", 10)],
    ids=["heuristic", "mcts", "random", "mcts-endgame"],
)
def test_players_cannot_reach_hidden_cards(spec: str, first: int) -> None:
    """Same view, same decision, whatever the hidden hands. From the 10th action on (two tricks played)
    every seat holds 7 cards or fewer, where ``mcts`` solves its sampled deals exactly (its endgame)."""
    rng = random.Random(f"{spec}-{first}")
    driver = make_player("heuristic")
    compared = 0
    for g in range(6):
        game = Game("schieber", seed=100 + g)
        target = rng.randrange(first, 30)
        for _ in range(target):
            game.apply(a := driver.act(game.observation(game.current_seat)), declarations_for(game, a))  # type: ignore[arg-type]
        seat = game.current_seat
        assert seat is not None
        twin = _twin_game(game, seat, g)
        if twin is None:
            continue
        a1 = make_player(spec, seed=9).act(game.observation(seat))
        a2 = make_player(spec, seed=9).act(twin.observation(seat))
        assert a1 == a2
        compared += 1
    assert compared >= 3


def test_seeded_players_repeat_themselves() -> None:
    for spec in ["heuristic", "mcts:iters=30", "random"]:
        runs = []
        for _ in range(2):
            game = Game("schieber", seed=4)
            players = [make_player(spec, seed=s) for s in range(4)]
            while not game.rounds:
                seat = game.current_seat
                assert seat is not None
                a = players[seat].act(game.observation(seat))
                game.apply(a, declarations_for(game, a))
            runs.append([list(x) for x in game.actions])
        assert runs[0] == runs[1], spec


def test_claims_only_when_true() -> None:
    """Profile classic: the heuristic claims as soon as the observation proves the claim, never falsely."""
    claimed = 0
    for seed in range(3):
        game = Game("classic", seed=seed)
        players = [make_player("heuristic") for _ in range(4)]
        while not game.is_over:
            seat = game.current_seat
            assert seat is not None
            obs = game.observation(seat)
            a = players[seat].act(obs)
            if a is CLAIM:
                assert claim_is_true(obs)
                claimed += 1
            game.apply(a, declarations_for(game, a))
        assert game.end_reason != "false_claim"
    assert claimed >= 1


def test_heuristic_pushes_weak_hands_and_partner_must_choose() -> None:
    pushes = 0
    for seed in range(40):
        game = Game("schieber", seed=seed)
        h = make_player("heuristic")
        a = h.act(game.observation(game.current_seat))  # type: ignore[arg-type]
        if str(a) == "P":
            pushes += 1
            game.apply(a)
            b = h.act(game.observation(game.current_seat))  # type: ignore[arg-type]
            assert str(b) != "P"
    assert 4 <= pushes <= 30
