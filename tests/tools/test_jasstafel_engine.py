"""The match engine and the Jasstafel name the same winner (RULES.md §12.3, §14 ``trick_block_tie``).

Random matches in every preset are written round by round onto a Jasstafel with the same profile and
target; where both teams cross in the tricks block the board is told, as a table would tell it, which team
got there first with the tricks counted in order. Both must then name the same winner, block and round.
"""

from __future__ import annotations

import random

import pytest

from puur.core.cards import Card
from puur.core.profile import PRESETS, RuleProfile
from puur.core.round import RoundState
from puur.match.game import Game
from puur.tools.jasstafel import Board, Entry


def first_there(target: int, start: tuple[int, int], steps: list[tuple[int, int]]) -> int | None:
    """Who reaches ``target`` first when the written trick points are credited in order (by hand)."""
    running = list(start)
    for a, b in steps:
        running[0] += a
        running[1] += b
        if running[0] >= target:
            return 0
        if running[1] >= target:
            return 1
    return None


def play(profile: RuleProfile, seed: int) -> tuple[Game, list[Entry]]:
    """A random match (cards and contracts only, no claims); each round as the table would enter it."""
    game = Game(profile, seed=seed)
    rng = random.Random(seed)
    entries: list[Entry] = []
    while not game.is_over:
        rnd: RoundState = game.round
        before = tuple(game.scores)
        while game.round is rnd and not game.is_over:
            actions = [a for a in game.legal_actions() if str(a) != "claim"]
            action = rng.choice(actions)
            declare = ("stoeck",) if isinstance(action, Card) and profile.stoeck == "strict" else ()
            game.apply(action, declare=declare)
        result = game.rounds[-1]
        s = result.score
        f = profile.factor(result.contract)
        tricks = [s["card_points"][t] + s["last_trick"][t] + s["match"][t] for t in (0, 1)]
        start = (before[0] + f * (s["weis"][0] + s["stoeck"][0]), before[1] + f * (s["weis"][1] + s["stoeck"][1]))
        first = first_there(profile.target, start, rnd.trick_steps())
        entries.append(Entry.of(result.contract, tricks, s["weis"], s["stoeck"], first_in_tricks=first))
    return game, entries


@pytest.mark.parametrize("preset", list(PRESETS))
def test_engine_and_jasstafel_name_the_same_winner(preset: str) -> None:
    # game_end: end_of_round everywhere (the board writes whole rounds; live and claims stop mid-round)
    ties = 0
    for seed in range(40):
        target = random.Random(seed).choice((300, 500, 700, 1000))
        profile = PRESETS[preset].with_options(game_end="end_of_round", target=target)
        game, entries = play(profile, seed)
        board = Board(profile, target, entries=tuple(entries))
        st = board.state()
        assert st.outcome is not None and not st.outcome.tie, (preset, seed)
        assert st.totals == tuple(game.scores), (preset, seed)
        assert (st.outcome.winner, st.outcome.block, st.outcome.round) == (
            game.winner, game.end_block, len(game.rounds)
        ), (preset, seed)
        ties += game.end_block == "tricks" and min(game.scores) >= target  # both crossed in the tricks
    assert ties > 0, "no match ended with both teams crossing in the tricks block: the case went untested"


def test_the_two_readings_name_different_winners_for_the_same_round() -> None:
    # The same random matches under schieber and schieber + higher_total: play is identical, only the
    # tie rule differs. Where the team first there trick by trick has the lower total, the readings part.
    parted = 0
    for seed in range(120):
        target = random.Random(seed).choice((300, 500, 700, 1000))
        by_trick = PRESETS["schieber"].with_options(target=target)
        by_total = by_trick.with_options(trick_block_tie="higher_total")
        g1, e1 = play(by_trick, seed)
        g2, e2 = play(by_total, seed)
        assert g1.record()["rounds"] == g2.record()["rounds"]
        if g1.end_block == "tricks" and min(g1.scores) >= target and g1.scores[0] != g1.scores[1]:
            higher = 0 if g1.scores[0] > g1.scores[1] else 1
            assert g2.winner == higher
            parted += g1.winner != higher
            for profile, entries, game in ((by_trick, e1, g1), (by_total, e2, g2)):
                outcome = Board(profile, target, entries=tuple(entries)).state().outcome
                assert outcome is not None and outcome.winner == game.winner
    assert parted > 0, "no match where the first team there had the lower total"
