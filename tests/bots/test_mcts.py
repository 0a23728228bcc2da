"""The search player: options, levels, determinism under a seed, sensible choices; ``fusion=N`` (the exact
endgame choosing the seat's next card once for the worlds it cannot tell apart: ``next_choice``,
``fused_values``)."""

from __future__ import annotations

import random

import pytest
from game_checks import rollout_position

from puur.bots import make_player
from puur.bots.mcts import LEVELS, MCTSPlayer, Next, fused_values, next_choice, successive_halving
from puur.bots.rollout import choose
from puur.bots.runner import declarations_for
from puur.bots.solver import Solver
from puur.core.cards import PUSH, Action, Card, Contract, iter_cards
from puur.core.profile import RuleProfile
from puur.core.round import RoundState, deal
from puur.core.rules.scoring import RoundScore
from puur.info.observation import Observation
from puur.match.game import Game


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

    from puur.core.cards import Contract
    from puur.core.profile import RuleProfile
    from puur.core.round import RoundState

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
    from puur.info.determinize import Determinizer

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


def _position(preset: str, seed: int, contract: Contract, cards_played: int) -> RoundState:
    """``rollout_position`` of a deal of its own per ``preset`` and ``seed``, dealt from a seat it draws."""
    rng = random.Random(f"fusion-{preset}-{seed}")
    return rollout_position(RuleProfile.preset(preset), rng, contract, cards_played, deal_from=rng.randrange(4))


@pytest.mark.parametrize("preset", ["schieber", "classic", "jasvel"])
def test_one_world_alone_is_perfect_information_monte_carlo(preset: str) -> None:
    """With one world every group holds one world, so each card's fused total is its exact value in that
    world (the seat's team's view): the next card's values, moved back by the tricks taken meanwhile, have
    the card's value as their best. Positions of every contract, inside tricks and at their start."""
    checked = 0
    for i in range(18):
        r = _position(preset, i, Contract(i % 6), 16 + i % 9)
        solver = Solver(r)
        legal = list(iter_cards(r.legal_cards()))
        values = solver.card_values(r)
        after = {c: next_choice(solver, r, c, values[c]) for c in legal}
        sign = 1 if r.to_act is not None and r.to_act % 2 == 0 else -1
        fused = fused_values([after], legal, sign)
        for c in legal:
            if after[c] is not None:
                assert fused[c] == sign * values[c], (preset, i, Card(c).name)
                checked += 1
    assert checked >= 45


def test_next_choice_plays_each_seats_best_card_until_the_seat_is_back() -> None:
    """The cards seen are legal in turn and each keeps its position's value (the solver's best for the seat
    playing it); after them the seat is to play again, and its legal cards there are the values' keys."""
    for i in range(6):
        r = _position("schieber", 100 + i, Contract(i % 6), 18 + i)
        solver = Solver(r)
        seat = r.to_act
        values = solver.card_values(r)
        for c in iter_cards(r.legal_cards()):
            nxt = next_choice(solver, r, c, values[c])
            assert nxt is not None
            g = r.clone()
            g.play(c)
            for seen in nxt.seen:
                assert g.to_act != seat and g.legal_cards() >> seen & 1
                value, best = solver.best_cards(g)
                assert best >> seen & 1, "a card the solver would not play"
                g.play(seen)
            assert g.to_act == seat
            assert set(nxt.values) == set(iter_cards(g.legal_cards()))


def test_next_choice_is_none_when_the_round_ends_first() -> None:
    r = _position("schieber", 7, Contract.S, 32)
    assert len(r.tricks) == 8 and not r.trick
    solver = Solver(r)
    card = next(iter_cards(r.legal_cards()))
    assert next_choice(solver, r, card, solver.card_values(r)[card]) is None


def test_worlds_the_seat_cannot_tell_apart_share_one_choice() -> None:
    """Two worlds in which the seat sees the same cards after its card 1 must take one next card for both:
    the better total (10), not each world's best (10 + 10); a world where it saw other cards chooses apart.
    Team 1's seat (sign -1) counts the values from its side; a world where the card is the seat's last
    (None) adds nothing."""
    same_a = {1: Next((5, 6, 7), {20: 10, 21: 0}), 2: Next((5, 6, 8), {20: 3, 21: 4})}
    same_b = {1: Next((5, 6, 7), {20: 0, 21: 10}), 2: Next((5, 6, 8), {20: 3, 21: 4})}
    apart = {1: Next((5, 6, 9), {20: 7, 22: 1}), 2: None}
    assert fused_values([same_a, same_b], [1, 2], 1) == {1: 10, 2: 8}
    assert fused_values([same_a, same_b, apart], [1, 2], 1) == {1: 17, 2: 8}
    assert fused_values([same_a, same_b, apart], [1, 2], -1) == {1: -10 - 1, 2: -6}


def test_the_option_chooses_legal_cards_and_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """``fusion=5`` asks ``next_choice`` for every legal card of every solved world with five tricks left
    or fewer, not with more, and never by default; it plays a legal card. Out of 0..9: a clear error."""
    import puur.bots.mcts as mcts

    asked: list[int] = []
    real = mcts.next_choice

    def counting(solver: Solver, world: RoundState, card: int, value: int) -> Next | None:
        asked.append(card)
        return real(solver, world, card, value)

    monkeypatch.setattr(mcts, "next_choice", counting)
    five = card_choice_at(3, 5)
    assert make_player("mcts:iters=40", seed=1).act(five) in five.legal_actions and not asked
    player = make_player("mcts:fusion=5,iters=40", seed=1)
    assert isinstance(player, MCTSPlayer) and player.fusion == 5
    assert player.act(five) in five.legal_actions
    assert asked and len(asked) % len(five.legal_actions) == 0
    assert len(asked) <= 40 // 8 * len(five.legal_actions)
    asked.clear()
    six = card_choice_at(3, 6)
    assert make_player("mcts:fusion=5,iters=40", seed=1).act(six) in six.legal_actions and not asked
    for bad in ("10", "-1"):
        with pytest.raises(ValueError, match="fusion must be 0 to 9"):
            make_player(f"mcts:fusion={bad}")


def _halving(prior: dict[int, tuple[float, float]] | None, options: tuple[int, ...] = (1, 2, 3)) -> tuple[int, dict[int, tuple[float, int]]]:
    """Successive halving where every world values option ``k`` at ``k`` points."""
    return successive_halving(options, 30, float("inf"), lambda: float, prior)


def test_a_guide_s_values_count_as_playouts_and_its_left_out_options_are_not_tried() -> None:
    best, means = _halving(None)
    assert best == 3 and set(means) == {1, 2, 3}
    # the guide's value of option 1 counts as 100 playouts of 10 points: it outweighs the real ones
    best, means = _halving({1: (10.0, 100.0), 2: (0.0, 0.0), 3: (0.0, 0.0)})
    assert best == 1 and means[1] == (1.0, means[1][1]) and means[1][1] > 0  # what the playouts alone found
    # an option the guide leaves out is never tried ...
    best, means = _halving({1: (0.0, 0.0), 2: (0.0, 0.0)})
    assert best == 2 and set(means) == {1, 2}
    # ... unless it leaves out every one
    best, means = _halving({7: (0.0, 5.0)})
    assert best == 3 and set(means) == {1, 2, 3}


class _Guided(MCTSPlayer):
    """A search whose guide leaves out every card but the lowest legal one, and every contract but Undenufe."""

    def guide(self, obs: Observation, options: list[Action]) -> dict[Action, tuple[float, float]] | None:
        keep: Action = min((a for a in options if isinstance(a, Card)), default=Contract.U)
        return {keep: (0.0, 1.0)}


def test_the_search_tries_only_what_its_guide_names() -> None:
    player = _Guided(iters=16, seed=1, endgame=0)
    game = Game("schieber", seed=21)
    seat = game.current_seat
    assert seat is not None
    ev = player.evaluate(game.observation(seat))
    assert ev.action == Contract.U and [a for a, _, _ in ev.values] == [Contract.U]
    game.apply(ev.action)
    while game.current_seat is not None and len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    obs = game.observation(game.current_seat)
    lowest = min(a for a in obs.legal_actions if isinstance(a, Card))
    assert player.act(obs) == lowest


class _Favouring(MCTSPlayer):
    """A search whose playouts are scored by ``playout``, overridden: every playout of ``card`` (or of the
    contract ``contract``) is a match for the seat's team, every other one nothing."""

    def __init__(self, card: int | None = None, contract: Contract | None = None) -> None:
        super().__init__(iters=20, seed=1)
        self.card, self.contract = card, contract
        self.played = 0

    def playout(self, r: RoundState, first: int | None = None) -> RoundScore:
        self.played += 1
        real = super().playout(r, first)
        favoured = first == self.card if first is not None else r.contract == self.contract
        team = (r.to_act if first is not None else r.chooser) or 0
        points = (257, 0) if team & 1 == 0 else (0, 257)
        if not favoured:
            points = (points[1], points[0])
        return RoundScore(real.factor, points, (0, 0), (0, 0), (0, 0), (0, 0))


def test_the_search_values_its_options_by_its_playout_method() -> None:
    game = Game("schieber", seed=2)
    obs = game.observation(game.current_seat)
    assert obs is not None and obs.phase == "contract"
    for contract in (Contract.U, Contract.C):
        chooser = _Favouring(contract=contract)
        assert chooser.act(obs) == contract and chooser.played > 0
    h = make_player("heuristic")
    game.apply(h.act(obs))
    while game.round.contract is None:
        game.apply(h.act(game.observation(game.current_seat)))  # type: ignore[arg-type]
    obs = game.observation(game.current_seat)
    assert obs is not None
    legal = [a for a in obs.legal_actions if isinstance(a, Card)]
    for card in (legal[0], legal[-1]):
        player = _Favouring(card=int(card))
        assert player.act(obs) == card and player.played > 0
