"""The playout policy compiled (``Rules.policy`` and ``Rules.rollout`` in puur/core/_playout_core.c, through
``puur.bots.rollout.policy_score``) against its reference, the Python policy (``choose``, ``playout``) and
the engine's score.

Random positions in every preset, in Slalom and Guschti (every trick by its direction) and under the
legal-move options no preset sets: the compiled card equals ``choose``'s at every decision, and the
written score of a compiled playout equals the one of ``playout`` played through ``RoundState`` (Weis,
Stöck, the last trick, the match and the factor), with and without a first card. Then the checks on what
the core is given, and the Python path where the core is not used.
"""

from __future__ import annotations

import dataclasses
import random
from itertools import islice

import pytest

from puur.bots import rollout
from puur.bots.rollout import choose, compiled_policy, playout, policy_score
from puur.core import playout as playout_module
from puur.core.playout import compiled_rules
from puur.core.profile import PRESETS, RuleProfile
from puur.core.round import RoundState
from puur.core.rules.scoring import RoundScore
from puur.core.rules.stoeck import StoeckStatus
from puur.lab.soak import SoakFailure, policy_positions, soak_policy

pytestmark = pytest.mark.skipif(not playout_module.COMPILED, reason="the compiled playout core is not built")

PROFILES = {
    **PRESETS,
    "slalom_guschti": RuleProfile.resolve({"preset": "jasvel", "extra_contracts": "slalom_guschti"}),
    "slalom_classic": RuleProfile.resolve({"preset": "classic", "extra_contracts": "slalom"}),
    "slalom_by_trick": RuleProfile.resolve(
        {"preset": "schieber", "extra_contracts": "slalom_guschti", "slalom_guschti_values": "by_trick"}
    ),
    "must_overtrump": RuleProfile.resolve({"preset": "schieber", "must_overtrump": True, "overtrump_on_trump_lead": True}),
    "lone_puur_kept": RuleProfile.resolve(
        {"preset": "jasvel", "overtrump_on_trump_lead": False, "lone_puur_may_be_kept": True}
    ),
    "partner_ban_off": RuleProfile.resolve({"preset": "schieber", "undertrump_ban_when_partner_leads": False}),
}  # fmt: skip


def _positions(profile: RuleProfile, seed: int, count: int) -> list[RoundState]:
    """Rounds under a random contract, played some cards in by a mix of random cards and the policy (the
    soak's positions, ``puur.lab.soak.policy_positions``)."""
    return list(islice(policy_positions(profile, random.Random(seed)), count))


def _python_score(r: RoundState, first: int | None) -> RoundScore:
    s = r.clone()
    if first is not None:
        s.play(first)
    playout(s)
    return s.score()


@pytest.mark.parametrize("name", list(PROFILES))
def test_the_compiled_policy_plays_the_python_policys_cards(name: str) -> None:
    """At every decision of 150 policy playouts from random positions, the core's card is ``choose``'s."""
    profile = PROFILES[name]
    core = compiled_policy(profile)
    assert core is not None, "the compiled core should implement every profile here"
    decisions = 0
    for r in _positions(profile, 1, 150):
        while r.to_act is not None:
            card = choose(r)
            assert core.policy(r.hands, r.trick, r.leader, len(r.tricks), int(r.contract)) == card, (
                name,
                r.contract,
            )
            r.play(card)
            decisions += 1
    assert decisions > 2000


@pytest.mark.parametrize("name", list(PROFILES))
def test_a_compiled_playout_scores_as_the_engine(name: str) -> None:
    """``policy_score`` (the compiled playout, scored by ``RoundState.score_played_out``) equals the
    written score of ``playout`` through the engine, with and without a first card, and leaves the round
    as it was. Positions with a pending Stöck and before the Weis is credited are among them."""
    profile = PROFILES[name]
    rng = random.Random(2)
    pending = early = 0
    for r in _positions(profile, 3, 300):
        legal = [c for c in range(36) if r.legal_cards() >> c & 1]
        first = rng.choice([None, *legal])
        before = (list(r.hands), list(r.trick), len(r.tricks), list(r.card_points), r.stoeck_status)
        assert policy_score(r, first) == _python_score(r, first), (name, r.contract, first)
        assert (list(r.hands), list(r.trick), len(r.tricks), list(r.card_points), r.stoeck_status) == before
        pending += r.stoeck_status == StoeckStatus.PENDING
        early += not r.weis_credited
    assert pending > 5 and early > 5


def test_the_last_card_and_a_finished_round() -> None:
    """A first card that ends the round is scored with the last trick and the match; a finished round
    scores what it has."""
    profile = PRESETS["schieber"]
    r = _positions(profile, 4, 1)[0]
    while len(r.tricks) < 8 or len(r.trick) < 3:
        r.play(choose(r))
    last = r.hands[r.to_act].bit_length() - 1
    assert policy_score(r, last) == _python_score(r, last)
    r.play(last)
    assert policy_score(r) == r.score()


def test_the_core_refuses_a_position_it_cannot_play() -> None:
    """Hands that do not hold what each seat has left to play, a card twice, an illegal first card, a
    contract or trick outside the rules: a clear error, no card played."""
    profile = PRESETS["schieber"]
    core = compiled_policy(profile)
    assert core is not None
    r = _positions(profile, 5, 1)[0]
    while len(r.trick) != 1:
        r.play(choose(r))
    args = (r.leader, len(r.tricks), int(r.contract))
    hands = list(r.hands)
    short = [hands[0], hands[1], hands[2], hands[3] & (hands[3] - 1)]
    with pytest.raises(ValueError, match="must hold"):
        core.rollout(short, r.trick, *args)
    twice = list(hands)
    twice[(r.leader + 1) & 3] = (twice[(r.leader + 1) & 3] & (twice[(r.leader + 1) & 3] - 1)) | 1 << r.trick[
        0
    ]
    with pytest.raises(ValueError, match="must hold"):
        core.rollout(twice, r.trick, *args)
    illegal = [c for c in range(36) if r.hands[r.to_act] >> c & 1 and not r.legal_cards() >> c & 1]
    if illegal:
        with pytest.raises(ValueError, match="not a legal card"):
            core.rollout(hands, r.trick, *args, illegal[0])
    with pytest.raises(ValueError, match="contract"):
        core.policy(hands, r.trick, r.leader, len(r.tricks), 10)
    with pytest.raises(ValueError, match="trick"):
        core.policy(hands, [*r.trick, 40], *args)
    with pytest.raises(ValueError, match="leader"):
        core.policy(hands, r.trick, 4, len(r.tricks), int(r.contract))
    fresh = compiled_rules.__wrapped__(profile)  # a core without the policy's tables
    assert fresh is not None
    with pytest.raises(RuntimeError, match="set_policy"):
        fresh.policy(hands, r.trick, *args)
    assert list(r.hands) == hands


def test_python_plays_where_the_core_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """``PUUR_PURE`` asks for Python everywhere: no compiled policy; ``policy_score`` then plays out a copy
    with ``playout``, to the compiled score, and leaves the round as it was."""
    profile = PRESETS["online"]
    r = _positions(profile, 6, 1)[0]
    first = r.legal_cards().bit_length() - 1
    compiled = policy_score(r, first)
    monkeypatch.setenv("PUUR_PURE", "1")
    assert rollout.compiled_policy.__wrapped__(profile) is None
    rollout.compiled_policy.cache_clear()
    hands = list(r.hands)
    try:
        assert policy_score(r, first) == compiled
    finally:
        rollout.compiled_policy.cache_clear()
    assert list(r.hands) == hands


def test_the_soak_plays_the_compiled_policy_against_choose() -> None:
    """``make soak``'s policy part (``puur.lab.soak.soak_policy``) compares every decision and score, here 40
    positions a preset and in Slalom and Guschti."""
    for profile in [*PRESETS.values(), PROFILES["slalom_guschti"]]:
        stats = soak_policy(profile, 40, seed=7)
        assert stats.compiled and stats.positions == 40
        assert stats.decisions > 40 * 2  # each position played out twice, once after a first card


def test_the_soak_catches_a_policy_set_wrong(monkeypatch: pytest.MonkeyPatch) -> None:
    """A policy table set wrong (``TRUMP_WORTHY`` + 5), a score that differs, a position changed by
    ``policy_score``: each fails the soak, with what differs."""
    profile = PRESETS["schieber"]
    monkeypatch.setattr(rollout, "TRUMP_WORTHY", rollout.TRUMP_WORTHY + 5)
    wrong = rollout.compiled_policy.__wrapped__(profile)
    monkeypatch.undo()
    monkeypatch.setattr(rollout, "compiled_policy", lambda p: wrong)
    with pytest.raises(SoakFailure, match="the compiled policy plays"):
        soak_policy(profile, 200, seed=7)
    monkeypatch.undo()

    real = rollout.policy_score

    def last_trick_swapped(r: RoundState, first: int | None = None) -> RoundScore:
        score = real(r, first)
        return dataclasses.replace(score, last_trick=score.last_trick[::-1])

    monkeypatch.setattr(rollout, "policy_score", last_trick_swapped)
    with pytest.raises(SoakFailure, match="policy_score .* the Python playout"):
        soak_policy(profile, 5, seed=7)

    def touches(r: RoundState, first: int | None = None) -> RoundScore:
        r.declarations.append((0, 0, ()))
        return real(r, first)

    monkeypatch.setattr(rollout, "policy_score", touches)
    with pytest.raises(SoakFailure, match="changed the position"):
        soak_policy(profile, 5, seed=7)
