"""The search player: options, levels, determinism under a seed, sensible choices."""

from __future__ import annotations

import pytest

from puur.bots import make_player
from puur.bots.mcts import LEVELS, MCTSPlayer
from puur.bots.runner import declarations_for
from puur.cards import PUSH, Card
from puur.game import Game
from puur.observation import Observation


def test_options_and_levels() -> None:
    p = make_player("mcts:iters=50,seed=3")
    assert isinstance(p, MCTSPlayer) and p.budget == 50 and p.limit == float("inf")
    assert make_player("mcts:time=0.2").limit == 0.2  # type: ignore[attr-defined]
    assert make_player("mcts").budget == LEVELS["medium"][0]  # type: ignore[attr-defined]
    assert make_player("mcts:level=easy").budget == LEVELS["easy"][0]  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        make_player("mcts:level=godlike")


def _after_seven_moves() -> Observation:
    """The observation of the seat to act after seven heuristic moves of the schieber match of seed 21."""
    game = Game("schieber", seed=21)
    h = make_player("heuristic")
    for _ in range(7):
        a = h.act(game.observation(game.current_seat))  # type: ignore[arg-type]
        game.apply(a, declarations_for(game, a))
    return game.observation(game.current_seat)  # type: ignore[arg-type]


def test_seeded_search_repeats_itself_exactly() -> None:
    obs = _after_seven_moves()
    picks = {make_player("mcts:iters=60", seed=5).act(obs) for _ in range(3)}
    assert len(picks) == 1


def test_time_budget_is_kept() -> None:
    game = Game("schieber", seed=2)
    h = make_player("heuristic")
    while game.round.contract is None:
        game.apply(h.act(game.observation(game.current_seat)))  # type: ignore[arg-type]
    p = make_player("mcts:time=0.15", seed=1)
    p.act(game.observation(game.current_seat))  # type: ignore[arg-type]
    assert p.think_times and p.think_times[-1] < 0.6  # type: ignore[attr-defined]


def test_takes_the_last_trick_when_it_can() -> None:
    """A sanity check of search: with one decision left that wins points, it finds it."""
    found = 0
    for seed in range(6):
        game = Game("schieber", seed=seed)
        h = make_player("heuristic")
        while not game.rounds and len(game.round.tricks) < 8:
            a = h.act(game.observation(game.current_seat))  # type: ignore[arg-type]
            game.apply(a, declarations_for(game, a))
        if game.rounds:
            continue
        obs = game.observation(game.current_seat)  # type: ignore[arg-type]
        assert isinstance(make_player("mcts:iters=5", seed=1).act(obs), Card)
        found += 1
    assert found


def test_contract_search_is_legal_and_repeats_itself() -> None:
    """The contract is chosen by playing every option out on sampled deals; seeded, it repeats itself."""
    for seed in range(3):
        game = Game("schieber", seed=seed)
        obs = game.observation(game.current_seat)  # type: ignore[arg-type]
        picks = {make_player("mcts:iters=30", seed=4).act(obs) for _ in range(2)}
        assert len(picks) == 1 and picks <= set(obs.legal_actions)
        game.apply(PUSH)
        obs = game.observation(game.current_seat)  # type: ignore[arg-type]
        pick = make_player("mcts:iters=30", seed=4).act(obs)
        assert pick in obs.legal_actions and pick != PUSH


def test_contract_model_option() -> None:
    game = Game("schieber", seed=1)
    obs = game.observation(game.current_seat)  # type: ignore[arg-type]
    assert make_player("mcts:contract=model").act(obs) == make_player("heuristic").act(obs)
    with pytest.raises(ValueError):
        make_player("mcts:contract=oracle")


def test_levels_and_contract_budget_options() -> None:
    p = make_player("mcts")
    assert (p.budget, p.contract_budget, p.limit) == LEVELS["medium"]  # type: ignore[attr-defined]
    q = make_player("mcts:iters=40,citers=70,pushed=5")
    assert (q.budget, q.contract_budget, q.pushed_tries) == (40, 70, 5)  # type: ignore[attr-defined]
    assert make_player("mcts:iters=40").contract_budget == 120  # type: ignore[attr-defined]


def test_rollout_policy_plays_only_legal_cards() -> None:
    """The playout policy (leads, smears, safe overtakes) keeps to the rules in every contract."""
    import random

    from puur.bots.rollout import choose
    from puur.cards import Contract
    from puur.profile import RuleProfile
    from puur.round import RoundState, deal

    profile = RuleProfile.preset("schieber")
    rng = random.Random(5)
    for i in range(60):
        r = RoundState(profile, deal(rng, i % 4), i % 4, (i + 1) % 4)
        r.choose(list(Contract)[i % 6])
        while r.to_act is not None:
            c = choose(r)
            r.check_card(c)
            r.play(c)


def test_push_biased_contract_search_is_legal_and_repeats_itself() -> None:
    game = Game("schieber", seed=3)
    game.apply(PUSH)
    obs = game.observation(game.current_seat)  # type: ignore[arg-type]
    picks = {make_player("mcts:iters=20,pushed=12", seed=4).act(obs) for _ in range(2)}
    assert len(picks) == 1 and picks <= set(obs.legal_actions) and PUSH not in picks


def card_choice_at(seed: int, cards_left: int) -> Observation:
    """The first card decision with a choice where the seat to act holds ``cards_left`` cards, in the first
    round of ``Game(schieber, seed)`` played by four heuristic players."""
    game = Game("schieber", seed=seed)
    h = make_player("heuristic")
    while True:
        seat = game.current_seat
        assert seat is not None
        obs = game.observation(seat)
        if game.round.contract is not None and len(obs.hand) == cards_left and len(obs.legal_actions) > 1:
            return obs
        a = h.act(obs)
        game.apply(a, declarations_for(game, a))


@pytest.mark.parametrize(("cards_left", "worlds"), [(6, 60 // 8), (7, 60 // 15)])
def test_endgame_worlds_by_tricks_left(monkeypatch: pytest.MonkeyPatch, cards_left: int, worlds: int) -> None:
    """``endgame=7``: with six tricks left or fewer ``budget // ENDGAME_SHARE`` worlds are solved, with seven
    (a world takes about seven times as long) ``budget // DEEP_ENDGAME_SHARE``."""
    import puur.bots.mcts as mcts

    solved: list[int] = []

    class CountingSolver(mcts.Solver):
        def __init__(self, *args: object, **kwargs: object) -> None:
            solved.append(1)
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(mcts, "Solver", CountingSolver)
    obs = card_choice_at(5, cards_left)
    card = make_player("mcts:endgame=7,iters=60", seed=2).act(obs)
    assert card in obs.legal_actions
    assert len(solved) == worlds


def test_endgame_world_past_the_time_limit_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A world whose exact search passes the decision's deadline is dropped; with none solved in time the
    playouts choose, and the card is still legal. The solver is given the deadline only under a time limit."""
    import puur.bots.mcts as mcts

    deadlines: list[float | None] = []

    class LateSolver:
        def __init__(self, r: object, *, tt_bits: int, deadline: float | None = None) -> None:
            deadlines.append(deadline)

        def card_values(self, r: object, cards: int) -> dict[int, int]:
            raise TimeoutError("the search passed its deadline")

    monkeypatch.setattr(mcts, "Solver", LateSolver)
    obs = card_choice_at(8, 5)
    assert make_player("mcts:time=0.5", seed=1).act(obs) in obs.legal_actions
    assert len(deadlines) == 1 and deadlines[0] is not None
    assert make_player("mcts:iters=40", seed=1).act(obs) in obs.legal_actions
    assert len(deadlines) == 2 and deadlines[1] is None


def test_evaluate_names_the_choice_of_act_with_its_values() -> None:
    """``evaluate`` chooses what ``act`` chooses (same seed and budget) and values each legal card it
    searched, the chosen one first; a contract decision values the contracts and the push."""
    obs = _after_seven_moves()
    ev = MCTSPlayer(iters=60, seed=5, endgame=0).evaluate(obs)
    assert ev.action == MCTSPlayer(iters=60, seed=5, endgame=0).act(obs)
    assert ev.values[0][0] == ev.action and not ev.exact
    assert {a for a, _, _ in ev.values} <= set(obs.legal_actions) and all(n > 0 for _, _, n in ev.values)
    rest = [v for _, v, _ in ev.values[1:]]
    assert rest == sorted(rest, reverse=True)
    first = Game("schieber", seed=3)
    obs = first.observation(first.current_seat)  # type: ignore[arg-type]
    ev = MCTSPlayer(iters=30, seed=4).evaluate(obs)
    assert ev.action == MCTSPlayer(iters=30, seed=4).act(obs) and PUSH in {a for a, _, _ in ev.values}


def test_strong_level_and_deep_exact_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """``strong`` keeps to 3 s a decision; ``endgame=8`` solves worlds from eight tricks left, valuing each
    by ``Solver.card_bounds`` there (``card_values`` from seven tricks left down); the card is legal."""
    import puur.bots.mcts as mcts

    strong = make_player("mcts:level=strong")
    assert isinstance(strong, MCTSPlayer) and strong.limit <= 3.0
    assert strong.endgame == mcts.ENDGAME_TRICKS
    assert make_player("mcts").endgame == mcts.ENDGAME_TRICKS  # type: ignore[attr-defined]
    used: list[str] = []

    class Recording(mcts.Solver):
        def card_bounds(self, r: object, cards: int | None = None) -> dict[int, int]:
            used.append("bounds")
            return super().card_bounds(r, cards)  # type: ignore[arg-type]

        def card_values(self, r: object, cards: int | None = None) -> dict[int, int]:
            used.append("values")
            return super().card_values(r, cards)  # type: ignore[arg-type]

    monkeypatch.setattr(mcts, "Solver", Recording)
    for cards_left, how in ((8, "bounds"), (7, "values")):
        obs = card_choice_at(5, cards_left)
        used.clear()
        assert make_player("mcts:endgame=8,iters=30", seed=4).act(obs) in obs.legal_actions
        assert used and set(used) == {how}


def test_bidding_fits_the_true_deal_of_heuristic_players() -> None:
    """Four heuristic players choose their contracts (and pushes) with the hand model ``bidding_fits``
    reads: the true deal always fits, from every seat's view, while deals sampled from the seat's view
    often do not (the check tells them apart); ``bid=N`` players still play legal cards."""
    import random

    from puur.bots.mcts import bidding_fits
    from puur.determinize import Determinizer

    fits_sampled = checked = 0
    for seed in range(3):
        game = Game("schieber", seed=seed)
        h = make_player("heuristic")
        while game.round.contract is None or len(game.round.tricks) < 2:
            a = h.act(game.observation(game.current_seat))  # type: ignore[arg-type]
            game.apply(a, declarations_for(game, a))
        for seat in range(4):
            obs = game.observation(seat)
            assert bidding_fits(game.round, obs)
            det = Determinizer(obs)
            for i in range(8):
                fits_sampled += bidding_fits(det.resample(random.Random(i)), obs)
                checked += 1
    assert fits_sampled < checked * 0.8
    obs = card_choice_at(3, 5)
    assert make_player("mcts:bid=8,iters=40", seed=1).act(obs) in obs.legal_actions
