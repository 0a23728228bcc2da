"""Slalom and Guschti hold 152 card points (J30, shared/seeds/jasvel/30-variants-slalom-guschti-molotow.txt:
"Every round contains exactly 152 card points. The last trick adds 5"; J27 and J28 say the same).

Every card of such a round counts at the Obenabe values whichever direction its trick is played in, so
every round is 157 (257 with a match) in every preset: through the rules core (``RoundState``), through
the compiled playout core (its random rounds, and the search's playout policy card for card against the
Python policy), and through the solver (its values against brute force over ``RoundState``). Records stored
before the reading keep theirs (``stored_profile``)."""

from __future__ import annotations

import random

import pytest
from game_checks import solved_as_brute_force

from puur.bots.rollout import choose, compiled_policy
from puur.bots.rollout import playout as policy_playout
from puur.core import playout
from puur.core.cards import Contract
from puur.core.playout import compiled_rules, python_round, random_rounds
from puur.core.profile import PRESETS, RuleProfile, stored_profile
from puur.core.round import RoundState, deal
from puur.match.game import Game

SLALOM = (Contract.SLO, Contract.SLU)
GUSCHTI = (Contract.GUO, Contract.GUU)
ROUNDS = 1000


def _profile(preset: str) -> RuleProfile:
    return RuleProfile.resolve({"preset": preset, "extra_contracts": "slalom_guschti"})


def _round_total(r: RoundState) -> int:
    s = r.score()
    return sum(s.card_points) + sum(s.last_trick) + sum(s.match)


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("kind", ["slalom", "guschti"])
def test_every_round_holds_152_in_python_and_in_the_compiled_policy(preset: str, kind: str) -> None:
    """1,000 seeded rounds of Slalom (and of Guschti) in each preset, both starting directions: played at
    random through ``RoundState`` every round is 157 or 257 (152 in the cards); the same deals played out
    by the search's policy, in Python and in the compiled core, give the same cards' points, 152."""
    profile = _profile(preset)
    contracts = SLALOM if kind == "slalom" else GUSCHTI
    rng = random.Random(f"152-{preset}-{kind}")
    core = compiled_policy(profile) if playout.COMPILED else None
    if playout.COMPILED:
        assert core is not None, "the compiled core implements the reading of J30"
    for i in range(ROUNDS):
        hands = deal(rng, 0)
        r = RoundState(profile, hands, 0, 1)
        r.choose(contracts[i % 2])
        policy = r.clone()
        while r.to_act is not None:
            legal = [c for c in range(36) if r.legal_cards() >> c & 1]
            r.play(rng.choice(legal))
        assert sum(r.score().card_points) == 152, (preset, i)
        assert _round_total(r) in (157, 257), (preset, i)
        if core is not None:  # the policy's playout in the compiled core: every deal
            cp, won, last = core.rollout(policy.hands, policy.trick, policy.leader, 0, int(policy.contract), -1)
            assert sum(cp) == 152, (preset, i)
        if i % 10 == 0:  # and the Python policy on a tenth of them: the same score
            python = policy.clone()
            policy_playout(python)
            assert sum(python.score().card_points) == 152
            if core is not None:
                assert policy.score_played_out(cp, won, last & 1) == python.score()


@pytest.mark.skipif(not playout.COMPILED, reason="the compiled playout core is not built")
@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_compiled_random_rounds_hold_152_and_equal_python(preset: str) -> None:
    """The compiled core's random rounds (``random_rounds``) with Slalom and Guschti offered, until each has
    1,000 rounds: every such round's cards hold 152, and each equals ``python_round``, which plays the same
    draws through ``RoundState``."""
    profile = _profile(preset)
    assert compiled_rules(profile) is not None
    n = 5500
    batch = random_rounds(profile, n, seed=152, compiled=True)
    seen = {"SL": 0, "GU": 0}
    for i in range(n):
        code = Contract(batch.contract[i])
        if not code.changes_direction:
            continue
        seen[code.name[:2]] += 1
        assert batch.card_points[2 * i] + batch.card_points[2 * i + 1] == 152
        ref = python_round(profile, 152, i)
        assert list(ref.score().card_points) == list(batch.card_points[2 * i : 2 * i + 2])
        assert _round_total(ref) in (157, 257)
    assert min(seen.values()) >= ROUNDS, seen


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_solver_values_slalom_and_guschti_as_python_does(preset: str) -> None:
    """The solver's value of endgames of each of the four codes equals brute force over ``RoundState``,
    and the round it sees is 157 or 257."""
    profile = _profile(preset)
    rng = random.Random(f"solve-{preset}")
    for contract in (*SLALOM, *GUSCHTI):
        r = RoundState(profile, deal(rng, 0), 0, 1)
        r.choose(contract)
        while len(r.tricks) * 4 + len(r.trick) < 24 + rng.randrange(5):
            r.play(choose(r))
        res = solved_as_brute_force(r)
        assert sum(res.points) in (157, 257)


def test_a_record_stored_before_the_reading_replays_as_played() -> None:
    """A record whose profile has no ``slalom_guschti_values`` (written before the option) was counted by
    the trick's direction: it replays with its scores; its profile reads ``by_trick``."""
    old = RuleProfile.resolve({"preset": "schieber", "extra_contracts": "slalom_guschti",
                               "slalom_guschti_values": "by_trick"})  # fmt: skip
    game = Game(old, seed=11, form="coiffeur", columns=10)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    record = game.record()
    del record["profile"]["slalom_guschti_values"]
    assert stored_profile(record["profile"]).slalom_guschti_values == "by_trick"
    assert Game.from_record(record).scores == game.scores
    assert stored_profile({**record["profile"], "extra_contracts": "none"}).slalom_guschti_values == "obenabe"
