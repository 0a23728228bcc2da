"""Checks shared by the test folders (on the path through pytest's ``pythonpath``): on a played match, a
position played by the rollout policy, the solver's answer against brute force, and one view of two deals."""

from __future__ import annotations

import random

from puur.bots.rollout import choose
from puur.bots.solver import SolveResult, solve
from puur.core.cards import Contract
from puur.core.profile import RuleProfile
from puur.core.round import RoundState, deal
from puur.core.rules.tables import MATCH_BONUS
from puur.info.observation import Observation
from puur.match.game import Game


def stoeck_outcomes(game: Game, seats: set[int]) -> list[str | None]:
    """For every round in which one of ``seats`` held the Stöck and has played both cards: its status."""
    return [
        r.stoeck_status
        for r in game.round_states
        if r.stoeck_holder in seats and r.stoeck_pair and not r.hands[r.stoeck_holder] & r.stoeck_pair
    ]


def rollout_position(
    profile: RuleProfile, rng: random.Random, contract: Contract, cards_played: int, deal_from: int = 0
) -> RoundState:
    """A round of a deal drawn from ``rng`` (dealt in packets from ``deal_from``'s right; seat 0 deals, seat 1
    leads) under ``contract``, played by the rollout policy up to ``cards_played`` cards."""
    r = RoundState(profile, deal(rng, deal_from), 0, 1)
    r.choose(contract)
    while len(r.tricks) * 4 + len(r.trick) < cards_played:
        r.play(choose(r))
    return r


def brute(r: RoundState) -> int:
    """Team 0's final points minus team 1's (card points, last trick, match) under perfect play."""
    if r.is_done:
        cp = r.card_points
        bonus = (MATCH_BONUS if r.tricks_won[0] == 9 else 0) - (MATCH_BONUS if r.tricks_won[1] == 9 else 0)
        return cp[0] - cp[1] + bonus
    legal = r.legal_cards()
    values = []
    for c in range(36):
        if legal >> c & 1:
            child = r.clone()
            child.play(c)
            values.append(brute(child))
    return max(values) if r.to_act % 2 == 0 else min(values)  # type: ignore[operator]


def solved_as_brute_force(r: RoundState) -> SolveResult:
    """``solve(r)``, checked against ``brute``: the value, and a legal card that reaches it."""
    res = solve(r)
    want = brute(r)
    assert res.points[0] - res.points[1] == want
    assert r.legal_cards() >> res.card & 1
    child = r.clone()
    child.play(res.card)
    assert brute(child) == want  # the card it names reaches the value
    return res


def one_view_of_two_deals(seed: int = 4, contract: Contract = Contract.H) -> tuple[Observation, Observation, int]:
    """Seat 0's observations of two deals that give it the same hand, the other seats' cards dealt
    differently, after it chose ``contract`` as forehand: (first, second, seat 0's hand). Equal, as the seat
    cannot tell the deals apart; a model that reads the observation alone must answer both alike."""
    rng = random.Random(seed)
    a = deal(rng, 3)
    others = [c for s in (1, 2, 3) for c in range(36) if a[s] >> c & 1]
    rng.shuffle(others)
    b = [a[0]] + [sum(1 << c for c in others[9 * i : 9 * i + 9]) for i in range(3)]
    assert a != b
    views = []
    for hands in (a, b):
        game = Game.from_deal("schieber", hands, forehand=0, seed=1)
        game.apply(contract)
        views.append(game.observation(0))
    assert views[0] == views[1]
    return views[0], views[1], a[0]
