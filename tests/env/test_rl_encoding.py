"""The observation encoding and the action table of the environments."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pip install 'puur[rl]') is not installed")

from puur.bots.random_player import RandomPlayer  # noqa: E402
from puur.bots.runner import play_turn  # noqa: E402
from puur.core.cards import CLAIM, PUSH, Card, Contract  # noqa: E402
from puur.env.encoding import action_mask, decode, encode  # noqa: E402
from puur.info.encoding import (  # noqa: E402
    ACTIONS,
    BLOCKS,
    CONTRACTS,
    ENCODING_VERSION,
    N_ACTIONS,
    OBS_SIZE,
    STOECK,
    action_index,
    features,
    layout,
    stoeck_card,
)
from puur.match.game import Game  # noqa: E402

PINNED = {
    1: {"obs": 1794, "actions": 45, "contracts": "C D H S O U"},
    2: {"obs": 1808, "actions": 49, "contracts": "C D H S O U SLO SLU GUO GUU"},
}
"""The sizes of each encoding version: a change of layout must come with a new ENCODING_VERSION (and a
row here), since data and trained policies depend on it."""


def test_layout_is_pinned_to_its_version() -> None:
    pinned = PINNED[ENCODING_VERSION]
    assert (pinned["obs"], pinned["actions"]) == (OBS_SIZE, N_ACTIONS)
    assert " ".join(c.name for c in CONTRACTS) == pinned["contracts"]
    assert ACTIONS[:36] == tuple(Card) and ACTIONS[-3:] == (PUSH, CLAIM, STOECK)
    spans = layout()
    assert sum(s.stop - s.start for s in spans.values()) == OBS_SIZE == spans["profile"].stop
    assert list(spans) == [name for name, _, _ in BLOCKS]
    assert [action_index(a) for a in ACTIONS] == list(range(N_ACTIONS))
    assert action_index(Contract.C) == 36 and action_index(Card.C6) == 0  # one int, a card and a contract
    unknown = [c for c in Contract if c not in CONTRACTS]  # contracts added to the rules after this version
    for c in unknown:
        with pytest.raises(ValueError, match="extend puur.info.encoding.CONTRACTS"):
            action_index(c)


def test_blocks_hold_what_the_observation_says() -> None:
    """Hand, current trick by relative seat, finished tricks, contract, scores: read back from the vector."""
    spans = layout()
    rng = random.Random(0)
    for seed in range(30):
        game = Game("schieber", seed=seed)
        for _ in range(rng.randrange(0, 60)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        for seat in range(4):
            obs = game.observation(seat)
            v = encode(obs)
            assert v.dtype == np.float32 and v.shape == (OBS_SIZE,)
            f = features(obs)  # the plain-Python values the networks read: the vector's set entries, exactly
            assert sorted(f) == list(np.flatnonzero(v)) and np.array_equal(v[sorted(f)], np.float32([f[i] for i in sorted(f)]))
            assert v.min() >= 0.0 and v.max() <= 1.0
            assert set(np.flatnonzero(v[spans["hand"]])) == {int(c) for c in obs.hand}
            trick = v[spans["trick"]].reshape(4, 36)
            assert {(int(r), int(c)) for r, c in zip(*np.nonzero(trick), strict=True)} == {
                ((s - seat) % 4, int(c)) for s, c in obs.trick
            }
            tricks = v[spans["tricks"]].reshape(9, 4, 36)
            assert int(tricks.sum()) == 4 * len(obs.tricks)
            for t, tv in enumerate(obs.tricks):
                assert tricks[t, (tv.leader - seat) % 4, int(tv.cards[0])] == 1.0
                assert v[spans["trick_winners"]].reshape(9, 4)[t, (tv.winner - seat) % 4] == 1.0
            contract = v[spans["contract"]]
            assert (contract.argmax() if contract.any() else None) == (
                None if obs.contract is None else CONTRACTS.index(obs.contract)
            )
            own, other = v[spans["scores"]] * obs.target
            assert round(float(own)) == min(obs.target, obs.scores[seat & 1])
            assert round(float(other)) == min(obs.target, obs.scores[1 - (seat & 1)])


def test_mask_and_decode_follow_the_legal_actions() -> None:
    rng = random.Random(1)
    for seed in range(10):
        game = Game("classic", seed=seed)
        for _ in range(40):
            if game.is_over:
                break
            seat = game.current_seat
            assert seat is not None
            obs = game.observation(seat)
            mask = action_mask(obs)
            assert {ACTIONS[i] for i in np.flatnonzero(mask)} == set(obs.legal_actions) | (
                {STOECK} if stoeck_card(obs) else set()
            )
            for i in range(N_ACTIONS):
                if mask[i]:
                    decode(obs, i)
                else:
                    with pytest.raises(ValueError):
                        decode(obs, i)
            legal = [a for a in game.legal_actions() if a is not CLAIM]
            game.apply(rng.choice(legal))


def test_stoeck_action_under_strict_declaration() -> None:
    """jasvel (``stoeck: strict``, J14): the STOECK action is offered exactly when the engine says the Stöck
    is due, read from the observation alone; taking it scores the Stöck, the plain card loses it."""
    offered = 0
    for seed in range(300):
        if offered >= 4:
            break
        for declare in (True, False):
            game = Game("jasvel", seed=seed)
            players = {s: RandomPlayer(seed * 4 + s) for s in range(4)}
            while not game.rounds and not game.is_over:
                seat = game.current_seat
                assert seat is not None
                obs = game.observation(seat)
                card = stoeck_card(obs)
                due = [c for c in obs.legal_actions if isinstance(c, Card) and game.stoeck_due(c)]
                assert ([card] if card is not None else []) == due
                if card is None:
                    play_turn(game, players[seat])
                    continue
                offered += declare
                act, decl = decode(obs, action_index(STOECK) if declare else int(card))
                r = game.round  # (the card may end the round)
                game.apply(act, decl)
                assert (r.stoeck_status == "scored") == declare
                break
    assert offered >= 4
