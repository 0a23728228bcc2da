"""The PettingZoo and Gymnasium environments: the ecosystems' own checks, rewards, seeding,
and that no observation shows a hidden card."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pip install 'puur[rl]') is not installed")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import puur.env  # noqa: E402

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array", "ignore:Observation space for each agent probably"
)
from puur.core.profile import PRESETS  # noqa: E402
from puur.core.round import IllegalAction  # noqa: E402
from puur.env.encoding import N_ACTIONS, action_mask, encode  # noqa: E402
from puur.match.game import Game  # noqa: E402


@pytest.mark.parametrize("profile", list(PRESETS))
def test_pettingzoo_api_test(profile: str) -> None:
    api_test(puur.env.env(profile, seed=3), num_cycles=300)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: puur.env.env("schieber"), num_cycles=100)


def test_gymnasium_check_env_through_make() -> None:
    env = gymnasium.make("puur/Schieber-v0", opponents="heuristic")
    check_env(env.unwrapped)
    mixed = gymnasium.make("puur/Jasvel-v0", opponents=["random", "mcts:iters=6,citers=6", "heuristic"])
    check_env(mixed.unwrapped)
    assert set(puur.env.GYM_IDS) <= set(gymnasium.registry)


def _play_random(e: puur.env.raw_env, rng: random.Random) -> dict[str, float]:
    """Masked random actions to the end; the rewards each agent collected."""
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return total


@pytest.mark.parametrize("profile", ["schweizer", "jasvel"])
def test_round_rewards_add_up_to_the_written_totals(profile: str) -> None:
    """reward=round: every agent's rewards sum to its team's final total minus the other's; partners get
    the same, the teams opposite amounts; reward=match gives the same sum once, at the end."""
    for seed in range(2):
        totals = {}
        for mode in ("round", "match"):
            e = puur.env.raw_env(profile, reward=mode)
            e.reset(seed=seed)
            totals[mode] = _play_random(e, random.Random(seed))
            assert e.game is not None and e.game.is_over
            diff = e.game.scores[0] - e.game.scores[1]
            assert totals[mode] == {"player_0": diff, "player_1": -diff, "player_2": diff, "player_3": -diff}
        assert totals["round"] == totals["match"]


def test_round_episode_and_seeding() -> None:
    e = puur.env.raw_env("online", episode="round")
    e.reset(seed=11)
    first = e.game.deals[0]  # type: ignore[union-attr]
    total = _play_random(e, random.Random(1))
    assert e.game is not None and len(e.game.rounds) == 1
    written = e.game.rounds[0].written
    assert total["player_0"] == written[0] - written[1]
    e.reset(seed=11)
    assert e.game.deals[0] == first  # type: ignore[union-attr]
    e.reset(seed=12)
    assert e.game.deals[0] != first  # type: ignore[union-attr]


def test_illegal_action_raises_and_changes_nothing() -> None:
    e = puur.env.raw_env("schieber")
    e.reset(seed=5)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.game.record()  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)
    with pytest.raises(ValueError, match="an action is an index"):
        e.step(N_ACTIONS)
    assert e.game.record() == before  # type: ignore[union-attr]


def test_observations_are_the_seats_observation_encoded() -> None:
    """What every agent observes is ``encode``/``action_mask`` of its seat's ``Observation``: the env adds
    nothing of its own; only the seat to act has a non-empty mask."""
    e = puur.env.raw_env("jasvel")
    e.reset(seed=2)
    rng = random.Random(2)
    for _ in range(60):
        for seat, agent in enumerate(e.possible_agents):
            o = e.game.observation(seat)  # type: ignore[union-attr]
            got = e.observe(agent)
            assert np.array_equal(got["observation"], encode(o))
            assert np.array_equal(got["action_mask"], action_mask(o))
            assert got["action_mask"].any() == (agent == e.agent_selection)
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(rng.choice(np.flatnonzero(mask).tolist()))


def _swap_hidden(hands: list[int], keep: int, played: set[int], rng: random.Random) -> list[int]:
    """The hands with the cards of the other seats that were not played shuffled among those seats."""
    others = [s for s in range(4) if s != keep]
    pool = [c for s in others for c in range(36) if hands[s] >> c & 1 and c not in played]
    rng.shuffle(pool)
    out = list(hands)
    for s in others:
        kept = [c for c in range(36) if hands[s] >> c & 1 and c in played]
        take, pool = pool[: 9 - len(kept)], pool[9 - len(kept) :]
        out[s] = sum(1 << c for c in kept + take)
    return out


def test_hidden_cards_of_other_seats_never_change_an_observation() -> None:
    """Two deals that differ only in other seats' hidden cards: along the same actions the observing seat's
    encoded observation and mask are identical, as long as the deals agree on what was made public."""
    compared = 0
    for seed in range(40):
        rng = random.Random(seed)
        a = Game("schieber", seed=seed)
        hands = list(a.deals[0])
        forehand = a.round.forehand
        prefix = rng.randrange(1, 30)
        actions = []
        for _ in range(prefix):
            legal = a.legal_actions()
            act = rng.choice(legal)
            actions.append(act)
            a.apply(act)
            if a.rounds:
                break
        if a.rounds:
            continue
        played = {int(c) for t in a.round.tricks for c in t.cards} | set(a.round.trick)
        for seat in range(4):
            b_hands = _swap_hidden(hands, seat, played, rng)
            if b_hands == hands:
                continue
            b = Game.from_deal("schieber", b_hands, forehand=forehand, seed=seed)
            try:
                for act in actions:
                    b.apply(act)
            except IllegalAction:
                continue  # the other deal does not allow the same play
            oa, ob = a.observation(seat), b.observation(seat)
            if (oa.weis_shown, oa.weis_announced, oa.stoeck) != (ob.weis_shown, ob.weis_announced, ob.stoeck):
                continue  # a shown Weis or Stöck made the difference public
            assert a.round.hands != b.round.hands
            assert np.array_equal(encode(oa), encode(ob)), (seed, seat)
            assert np.array_equal(action_mask(oa), action_mask(ob))
            compared += 1
    assert compared >= 40


def test_gym_env_plays_a_match_and_refuses_illegal_actions() -> None:
    env = puur.env.SingleSeatEnv("schieber", opponents="random", seat=1)
    obs, info = env.reset(seed=4)
    assert obs["action_mask"].any()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.game.record()  # type: ignore[union-attr]
    obs2, reward, term, trunc, info = env.step(illegal)
    assert (reward, term, info["illegal"]) == (-10.0, False, True)
    assert env.game.record() == before  # type: ignore[union-attr]
    rng = random.Random(4)
    total = 0.0
    done = False
    while not done:
        obs, reward, done, trunc, info = env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        total += reward
        seen = env.game.observation(1)  # type: ignore[union-attr]
        assert np.array_equal(obs["observation"], encode(seen)) and np.array_equal(obs["action_mask"], action_mask(seen))
    g = env.game
    assert g is not None and g.is_over
    assert total == g.scores[1] - g.scores[0]
    strict = puur.env.SingleSeatEnv(opponents="random", illegal="raise")
    first, _ = strict.reset(seed=1)
    with pytest.raises(ValueError):
        strict.step(illegal if not first["action_mask"][illegal] else N_ACTIONS)


def test_slalom_and_guschti_are_played_and_their_direction_is_encoded() -> None:
    """Encoding version 2 knows Slalom and Guschti (``extra_contracts``): the environment passes
    PettingZoo's api_test with them offered, and under them the ``direction`` block follows the trick's
    order (J30: Slalom alternates, Guschti turns after the fifth trick)."""
    profile = {"preset": "schieber", "extra_contracts": "slalom_guschti"}
    api_test(puur.env.env(profile, seed=5), num_cycles=200)
    from puur.core.cards import Contract
    from puur.env.encoding import action_index, encode, layout

    direction = layout()["direction"]
    env = puur.env.env(profile, seed=11)
    env.reset(seed=11)
    seen: set[tuple[str, int]] = set()
    for agent in env.agent_iter(max_iter=400):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        o = env.unwrapped.game.observation(int(agent.split("_")[-1]))
        vec = encode(o)
        if o.contract is not None and o.contract >= 6 and o.phase == "play":
            expect = [1.0, 0.0] if o.contract.direction(len(o.tricks)) == Contract.O else [0.0, 1.0]
            assert list(vec[direction]) == expect
            seen.add((o.contract.name, len(o.tricks)))
        mask = obs["action_mask"]
        wanted = action_index(Contract.SLO)
        env.step(wanted if mask[wanted] else int(mask.nonzero()[0][0]))
    assert {("SLO", 0), ("SLO", 1)} <= seen  # the chooser took Slalom and it turned after trick 1
