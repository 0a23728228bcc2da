"""The vector environment: the same observations and masks as the PettingZoo environment on the same
deals and actions, the rules core's legal moves and scores, and its self-play stream."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pip install 'puur[rl]') is not installed")

from puur.core.cards import CardSet, Contract  # noqa: E402
from puur.core.profile import RuleProfile  # noqa: E402
from puur.core.round import deal  # noqa: E402
from puur.core.rules.legal import legal_moves  # noqa: E402
from puur.env.aec import AGENTS, raw_env  # noqa: E402
from puur.env.encoding import layout  # noqa: E402
from puur.env.vector import RuleTables, VectorEnv, batch_legal_moves, selfplay  # noqa: E402


def _deals(k: int, seed: int) -> tuple[list[list[int]], list[int]]:
    rng = random.Random(seed)
    hands = [deal(rng, rng.randrange(4)) for _ in range(k)]
    return hands, [rng.randrange(4) for _ in range(k)]


@pytest.mark.parametrize("preset", ["schieber", {"preset": "schieber", "first_forehand": "dealer_right", "must_overtrump": True, "weis_values": "small", "undenufe_values": "classic"}])
def test_same_observations_as_the_pettingzoo_environment(preset: object) -> None:
    """Random legal play through whole rounds at eight tables: every observation and mask of the seat to
    act equals what the PettingZoo environment gives that seat, and the round's reward its reward."""
    k = 40
    hands, forehands = _deals(k, 3)
    seen = {"weis_shown": 0.0, "stoeck": 0.0, "direction": 0.0}
    vec = VectorEnv(k, preset, seed=1)  # type: ignore[arg-type]
    obs, mask = vec.reset(hands, forehands)
    envs = []
    for i in range(k):
        e = raw_env(preset, episode="round")  # type: ignore[arg-type]
        e.reset(seed=i, options={"hands": hands[i], "forehand": forehands[i]})
        envs.append(e)
    rng = np.random.default_rng(0)
    finished = np.zeros(k, dtype=bool)
    for _ in range(38):
        actions = np.zeros(k, dtype=np.int64)
        for i, e in enumerate(envs):
            if finished[i]:
                actions[i] = int(np.flatnonzero(mask[i])[0])
                continue
            agent = e.agent_selection
            assert vec.seat[i] == AGENTS.index(agent)
            ref = e.observe(agent)
            np.testing.assert_array_equal(obs[i], ref["observation"])
            for block in seen:
                seen[block] += obs[i, layout()[block]].sum()
            np.testing.assert_array_equal(mask[i], ref["action_mask"])
            actions[i] = rng.choice(np.flatnonzero(mask[i]))
        obs, mask, reward, done = vec.step(actions)
        for i, e in enumerate(envs):
            if finished[i]:
                continue
            e.step(int(actions[i]))
            if done[i]:
                assert all(e.terminations.values())
                assert [reward[i, s] for s in range(4)] == [e.rewards[a] for a in AGENTS]
                finished[i] = True
    assert finished.all()
    assert all(seen.values()), seen  # the deals show Weis, score Stöck and play Obenabe or Undenufe


def test_legal_moves_are_the_rules_core_s() -> None:
    """Random hands and partial tricks in every contract and several profiles: ``batch_legal_moves`` equals
    ``legal_moves`` card for card."""
    rng = random.Random(5)
    profiles = [
        RuleProfile.resolve(p)
        for p in ("schieber", "classic", "jasvel", {"preset": "schieber", "undertrump": "allowed_unless_can_overtrump"},
                  {"preset": "schieber", "undertrump_ban_when_partner_leads": False, "trump_allowed_when_able_to_follow": False})
    ]  # fmt: skip
    for profile in profiles:
        t = RuleTables(profile)
        cases = []
        for _ in range(400):
            deck = list(range(36))
            rng.shuffle(deck)
            n = rng.randrange(4)
            hand = sum(1 << c for c in deck[n : n + rng.randrange(1, 10)])
            cases.append((hand, deck[:n] + [0] * (4 - n), n, rng.randrange(6)))
        got = batch_legal_moves(
            t,
            np.array([c[0] for c in cases], dtype=np.uint64),
            np.array([c[1] for c in cases], dtype=np.int64),
            np.array([c[2] for c in cases], dtype=np.int64),
            np.array([c[3] for c in cases], dtype=np.int64),
        )
        for (hand, trick, n, contract), g in zip(cases, got.tolist(), strict=True):
            want = int(legal_moves(CardSet(hand), trick[:n], Contract(contract), profile))
            assert g == want, (profile.name, hand, trick[:n], contract)


def test_an_illegal_action_changes_nothing() -> None:
    vec = VectorEnv(3, seed=2)
    obs, mask = vec.reset()
    before = obs.copy()
    actions = np.array([int(np.flatnonzero(m)[0]) for m in mask])
    actions[1] = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(ValueError, match="not legal at table 1"):
        vec.step(actions)
    np.testing.assert_array_equal(vec.obs, before)
    assert (vec.contract == -1).all()


def test_profiles_that_need_declarations_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="weis_declaration"):
        VectorEnv(2, "jasvel")
    with pytest.raises(ValueError, match="game_end"):
        VectorEnv(2, "schweizer")


def test_selfplay_labels_every_hidden_card_and_never_shows_one() -> None:
    """The labels are the other seats' cards, relative to the seat to act; the observation's hand block is
    its own hand; a seed gives the same stream."""
    a, b = selfplay(16, seed=4), selfplay(16, seed=4)
    for _ in range(40):
        x, y = next(a), next(b)
        np.testing.assert_array_equal(x["obs"], y["obs"])
        hand = x["obs"][:, :36] == 1
        hidden = x["hidden"] >= 0
        assert not (hand & hidden).any()
        assert (x["hidden"] != 0).all()
        played = x["obs"][:, 36 : 36 + 144].reshape(-1, 4, 36).any(axis=1)
        assert not (played & hidden).any()
