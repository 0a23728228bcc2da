"""The policy and value network: the learner's numpy inference and the players' plain-Python one
(``puur.bots.learned.PolicyNetwork``, read from the file the learner writes) against the network written out
sum by sum on fixed inputs, the shipped weights, where it has a word, and that it reads the observation
alone."""

from __future__ import annotations

import numpy as np
import pytest
from game_checks import one_view_of_two_deals

from puur.bots.learned import VALUE_SCALE, PolicyNetwork, policy_network
from puur.core.cards import PUSH, Card
from puur.env.encoding import N_ACTIONS, OBS_SIZE, action_index, encode
from puur.env.policy_net import LAYERS, PolicyNet, default_net, load
from puur.match.game import Game


def _tiny(hidden: int = 3, seed: int = 0) -> PolicyNet:
    rng = np.random.default_rng(seed)
    shapes = {"w1": (OBS_SIZE, hidden), "b1": (hidden,), "w2": (hidden, hidden), "b2": (hidden,),
              "wp": (hidden, N_ACTIONS), "bp": (N_ACTIONS,), "wv": (hidden, N_ACTIONS), "bv": (N_ACTIONS,)}  # fmt: skip
    return PolicyNet.from_layers({k: rng.normal(0, 0.3, s) for k, s in shapes.items()}, source="test")


def _reference(net: PolicyNet, x: list[float]) -> tuple[list[float], list[float]]:
    """The network written out sum by sum, without numpy's matrix products: (logits, values)."""
    w1, b1, w2, b2, wp, bp, wv, bv = (getattr(net, k).tolist() for k in LAYERS)
    h1 = [max(0.0, b1[j] + sum(x[i] * w1[i][j] for i in range(len(x)) if x[i])) for j in range(len(b1))]
    h2 = [max(0.0, b2[j] + sum(h1[i] * w2[i][j] for i in range(len(h1)))) for j in range(len(b2))]
    logits = [bp[k] + sum(h2[i] * wp[i][k] for i in range(len(h2))) for k in range(N_ACTIONS)]
    values = [bv[k] + sum(h2[i] * wv[i][k] for i in range(len(h2))) for k in range(N_ACTIONS)]
    return logits, values


def _after_tricks(seed: int, tricks: int) -> Game:
    game = Game("schieber", seed=seed)
    while game.round.contract is None or len(game.round.tricks) < tricks:
        game.apply(game.legal_actions()[0])
    return game


def test_numpy_and_plain_inference_equal_the_reference_on_fixed_inputs() -> None:
    net = load(_tiny().to_bytes())  # the weights as the file keeps them
    plain = PolicyNetwork(net.to_bytes())
    for game in (Game("schieber", seed=11), _after_tricks(12, 1)):
        seat = game.current_seat
        assert seat is not None
        obs = game.observation(seat)
        x = encode(obs)
        logits, values = net.forward(x[None, :])
        want_logits, want_values = _reference(net, x.tolist())
        np.testing.assert_allclose(logits[0], want_logits, rtol=1e-4, atol=1e-4)
        np.testing.assert_allclose(values[0], want_values, rtol=1e-4, atol=1e-4)
        word = plain.guide(obs)
        legal = list(obs.legal_actions)
        assert set(word.policy) == set(word.values) == set(legal)
        z = np.array([want_logits[action_index(a)] for a in legal])
        p = np.exp(z - z.max()) / np.exp(z - z.max()).sum()
        np.testing.assert_allclose([word.policy[a] for a in legal], p, rtol=1e-4, atol=1e-6)
        np.testing.assert_allclose(
            [word.values[a] for a in legal], [want_values[action_index(a)] * VALUE_SCALE for a in legal], rtol=1e-4, atol=1e-3
        )


def test_the_weights_round_trip_and_the_shipped_network_loads() -> None:
    net = _tiny()
    again = load(net.to_bytes())
    for k in LAYERS:  # kept to half precision
        np.testing.assert_allclose(getattr(again, k), getattr(net, k), rtol=1e-3, atol=1e-4)
    assert again.source == "test" and again.profiles == ("schieber",)
    shipped = default_net()
    assert shipped.w1.shape[0] == OBS_SIZE and "puur.lab.expert" in shipped.source == policy_network().source
    game = Game("schieber", seed=3)
    word = policy_network().guide(game.observation(game.current_seat or 0))
    assert sum(word.policy.values()) == pytest.approx(1.0)
    assert all(np.isfinite(v) for v in word.values.values())


def test_another_encoding_version_is_refused() -> None:
    data = _tiny().to_bytes()
    with np.load(__import__("io").BytesIO(data)) as z:
        arrays = {k: z[k] for k in z.files}
    arrays["meta"] = np.array(str(arrays["meta"]).replace('"encoding_version": ', '"encoding_version": 9'))
    buf = __import__("io").BytesIO()
    np.savez(buf, **arrays)
    for read in (load, PolicyNetwork):
        with pytest.raises(ValueError, match="encoding version"):
            read(buf.getvalue())
    with pytest.raises(ValueError, match="reads"):
        PolicyNet.from_layers({**{k: getattr(_tiny(), k) for k in LAYERS}, "w1": np.zeros((5, 3))})


def test_it_has_a_word_only_on_the_profiles_it_learnt_and_never_on_a_form_s_round() -> None:
    net = policy_network()
    assert net.knows(Game("schieber", seed=1).observation(0))
    assert not net.knows(Game("classic", seed=1).observation(0))
    assert not net.knows(Game("schieber", seed=1, form="coiffeur").observation(0))


def test_it_reads_the_observation_alone() -> None:
    """Two deals seat 0 cannot tell apart, after its contract: the network's word is the same, and it is
    on seat 0's own cards only."""
    first, second, hand = one_view_of_two_deals()
    words = [policy_network().guide(v) for v in (first, second)]
    assert words[0] == words[1]
    assert set(words[0].policy) == {Card(c) for c in range(36) if hand >> c & 1}
    assert PUSH not in words[0].policy
