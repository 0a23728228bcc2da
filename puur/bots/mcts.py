"""``mcts``: determinized flat Monte Carlo search with successive halving and exact endgames.

It is not a tree search: each legal action is valued by playouts from its own first move on sampled
deals (flat Monte Carlo); the name is kept because players are addressed by it.

For each decision it samples rounds consistent with the observation (``puur.info.determinize``: the seat's
hand, the cards played, voids shown by the play, shown and announced Weis and what the public Weis says of
the hands that showed none; ``Determinizer.resample``, OpenSpiel's
``ResampleFromInfostate``), and for every legal card plays the round out from a clone with the
fast policy of ``puur.bots.rollout``. The same sampled worlds serve every candidate card, so the cards are
compared on equal terms; the card with the best mean score wins. A playout is scored by the round's
written points difference (the seat's team minus the other: card points, last trick, match, Weis,
Stöck, times the factor). Cards clearly behind after a first pass are dropped (successive halving), so
the budget goes to the close choices. Every playout, of a card or of a contract, is one call of
``MCTSPlayer.playout``: a player that plays them otherwise overrides that one method.

The contract is chosen the same way: on deals sampled around the seat's hand, each of the six contracts
(and the push, with the partner modelled as choosing by the heuristic's hand model, or with
``bidding=model`` as the search itself replies, by the learnt ``puur.bots.bidding_model``) is played out
to the end of the round with the policy, with successive halving over the level's contract budget (``CONTRACT_SHARE``
times ``iters`` with an ``iters`` option). After the partner's push the sampled deals are biased toward
partner hands the hand model would have pushed with ``pushed=N`` (rejection sampling, at most N draws per
deal; off by default), or with ``bidding=model`` drawn in proportion to the chance that the search itself
would have pushed the forehand's hand (rejection sampling, at most ``PUSH_READ_TRIES`` draws a deal).
``contract=model`` instead takes the heuristic's model of the hand (``puur.bots.contract_eval``).
Claims as the heuristic.

In the endgame (``endgame=N`` tricks left or fewer, the current one included) the playouts give way to
exact play on each sampled world: the solver (``puur.bots.solver``) values every legal card on
``budget / ENDGAME_SHARE`` sampled deals (``budget / DEEP_ENDGAME_SHARE`` with seven tricks left or
more) and the best total wins (perfect-information Monte Carlo). The
sampled deals hold only what the seat may know, so nothing hidden is seen; only the worlds are searched
exactly.

Options: ``level=easy|medium|strong`` (default ``medium``), ``iters=N`` playouts per card decision,
``citers=N`` whole-round playouts per contract decision, ``time=seconds`` per decision, ``seed``,
``contract=search|model``, ``pushed=N`` (1: no push bias), ``endgame=N`` (0: playouts to the end; by
default 7 tricks; a world with eight tricks left or more is valued by ``Solver.card_bounds``), ``bid=N`` (the exactly solved worlds drawn, up to N times, to agree with the
bidding: ``bidding_fits``; 1: off), ``infer=λ`` (card play: the worlds drawn by how well they read the
other seats' play, ``puur.bots.play_reading``; 0: off), ``read=policy|heuristic`` (the model that reading
uses), ``hands=room|model`` (card play: the hidden cards of each sampled world dealt by the room left in
each hand, or leaning on the learnt model of the hidden hands, ``puur.bots.hand_model``),
``bidding=heuristic|model`` (the contract decision: the pushed partner's reply and what the push says of the
forehand's hand read by the heuristic's hand model, or by the learnt model of the search's own bidding,
``puur.bots.bidding_model``), ``readbid=N`` (the exact endgame's worlds drawn from N sampled deals by how
well the partner's hand in each reads its bid, by that model: ``partner_bid``; 1: off), ``fusion=N`` (the
exact endgame with N tricks left or fewer chooses the seat's next card once for the worlds it cannot tell
apart: ``FUSION``, ``fused_values``; 0: off). With
a seed and an ``iters`` budget the player repeats itself exactly; a ``time`` budget stops on the clock.
``medium`` is an ``iters`` budget with a 0.9 s safety stop.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from puur.bots import form_players, legal_actions_of, register
from puur.bots.bidding_model import bid_chance, knows, push_chance, sample_reply
from puur.bots.card_play import choose_contract, claim_is_true
from puur.bots.contract_eval import PUSH_THRESHOLD, best_contract
from puur.bots.hand_model import card_weights
from puur.bots.play_reading import READ_MODELS, WorldPool
from puur.bots.rollout import policy_score
from puur.bots.solver import COMPILED, Solver
from puur.core.cards import CLAIM, PUSH, Action, Card, Contract
from puur.core.round import RoundState
from puur.core.rules.scoring import RoundScore
from puur.info.determinize import Determinizer
from puur.info.observation import Observation

LEVELS: dict[str, tuple[int, int, float]] = {
    "easy": (60, 180, 0.25),
    "medium": (240, 720, 0.9),
    "strong": (2000, 6000, 2.5),
}
"""level -> (playouts per card decision, whole-round playouts per contract decision, safety time limit in s)."""
DEFAULT_LEVEL = "medium"
"""The level of a search named without one (``mcts``, ``learned``)."""
CONTRACT_SHARE = 3.0
"""With an ``iters`` budget (and no ``citers``), the contract decision gets this many times ``iters``."""
ENDGAME_TRICKS = 7 if COMPILED else 2
"""Card decisions with this many tricks left or fewer are solved exactly on each sampled world; the solver's
deadline keeps a slow world within the decision's limit. The Python search (no compiled core) is kept to 2
tricks. Why 7: docs/experiments/players.md, "Card play in the endgame" (``benchmarks/endgame.py``)."""
ENDGAME_SHARE = 8
"""An endgame decision with six tricks left or fewer searches ``budget // ENDGAME_SHARE`` worlds exactly
(30 at ``medium``)."""
STRONG_ENDGAME_TRICKS = ENDGAME_TRICKS
"""The ``strong`` level's default ``endgame``: as ``medium``'s. Exact worlds from eight tricks left
(``endgame=8``, valued by ``card_bounds``) lost more points per decision there than the playouts
(docs/experiments/search.md, session 6)."""
BOUNDS_FROM = 8
"""With this many tricks left or more a world is valued by ``Solver.card_bounds`` (the world's value, exact
for the cards that keep it and a null-window bound for the others: some three times cheaper than every
card's exact value at eight tricks left) rather than ``card_values``."""
ENDGAME_TT_BITS = 16
"""The solver's table for one world (2**16 buckets: the largest the solver keeps in its pool, so a
decision's worlds reuse one core and its legal-move memo)."""
DEEP_ENDGAME_SHARE = 15
"""With seven tricks left or more a world takes several times as long as with six (a median 50 ms with
seven, every legal card valued), so fewer: ``budget // DEEP_ENDGAME_SHARE`` worlds (16 at
``medium``, some 0.4-0.55 s a decision; 8 before session 11, when the solver was slower:
docs/experiments/search.md, session 11)."""
BID_TRIES = 1
"""Card play: up to this many sampled deals are drawn per exactly solved world to find one that agrees
with the bidding as the heuristic's hand model reads it (``bidding_fits``; the last one drawn is kept
otherwise). Off (1) by default; ``bid=N`` turns it on (docs/experiments/search.md, session 6)."""
INFER = 0.0
"""Card play: the sampled worlds drawn by how well they read the other seats' play, weight
``exp(-infer * misreads)`` (``puur.bots.play_reading``); 0: off, every consistent world alike."""
HANDS = ("room", "model")
"""How the card play's worlds deal the hidden cards (``hands=``): by the room left in each hand alone, or
weighed by the learnt model of the hidden hands (``puur.bots.hand_model``)."""
BIDDINGS = ("heuristic", "model")
"""How the contract decision reads the bidding (``bidding=``): the pushed partner's reply guessed by the
heuristic's hand model (``contract_eval.best_contract``) and the push read only with ``pushed=N``, or both
by the learnt model of the search's own bidding (``puur.bots.bidding_model``): the reply drawn from its
chances, the forehand's hand after a push drawn in proportion to the chance it is pushed."""
READ_BID = 1
"""Card play, the exact endgame (``readbid=N``): each world searched is drawn from N sampled deals in
proportion to the chance, by the learnt model of the search's own bidding (``puur.bots.bidding_model``),
that the partner's dealt hand in each bid as the partner did (importance resampling; ``partner_bid``).
1: off, the default (docs/experiments/search.md, session 16)."""

FUSION = 0
"""Card play, the exact endgame (``fusion=N``): with N tricks left or fewer, the seat's next card is chosen
once for all the worlds it cannot tell apart, rather than in each world apart (0: off, perfect-information
Monte Carlo as it is). After each legal card the other seats play the solver's best card of each world
until the seat is to play again; the worlds in which the seat then has seen the same cards share one
choice, the card best over them (``fused_values``: strategy fusion removed for the seat's own next card,
as in the alpha-mu search of Cazenave and Ventos with two of the seat's moves)."""
PUSH_READ_TRIES = 16
"""``bidding=model``: after the partner's push, up to this many deals are drawn for each playout, each kept
with the chance that the search would have pushed the forehand's hand in it (the last one drawn is kept
otherwise; the search pushes some 45% of hands, so a deal takes about two draws)."""
PUSHED_TRIES = 1
"""After the partner's push, up to this many sampled deals are drawn per playout to find one where the
heuristic's hand model would have pushed the partner's hand (the last one drawn is kept otherwise). Off
(1) by default: ``pushed=12`` measured no gain (docs/experiments/players.md, "Computer players")."""


Stats = dict[Action, tuple[float, int]]
"""action -> (mean written-points difference for the seat's team, number of samples)."""
Prior = dict[int, tuple[float, float]]
"""A guide's word on the options of a search (``successive_halving``): option -> (its value, in the
playouts' points, and how many playouts that value counts as)."""


class Evaluation(NamedTuple):
    """``MCTSPlayer.evaluate``: the chosen action and the valued ones, best (the chosen) first."""

    action: Action
    values: list[tuple[Action, float, int]]
    """(action, mean expected points for the seat's team minus the other, samples)."""
    exact: bool
    """Whether the values are exact play on each sampled deal (the endgame solver) rather than playouts."""


def bidding_fits(world: RoundState, obs: Observation) -> bool:
    """Whether a sampled deal agrees with the bidding, read with the heuristic's hand model
    (``puur.bots.contract_eval.best_contract``, as ``heuristic`` chooses): the hand that chose the contract
    would have chosen it, and after a push the forehand's would have pushed (§3.2.7). The seat's own hand
    is not judged."""
    if obs.contract is None:
        return True
    if obs.pushed and obs.forehand != obs.seat and best_contract(world.dealt[obs.forehand], obs.profile)[1] >= PUSH_THRESHOLD:
        return False
    chooser = obs.chooser
    return chooser is None or chooser == obs.seat or best_contract(world.dealt[chooser], obs.profile)[0] == obs.contract


def partner_bid(obs: Observation) -> tuple[Action, bool] | None:
    """My partner's bid, for the model of the search's own bidding to read in the exact endgame's worlds
    (``readbid=N``): the action and whether it bid as forehand (its push or its contract) rather
    than as the pushed partner (its reply). None where the partner did not bid or the model does not
    know the profile's contracts. The other team's bids are not read: their bidding may be anyone's; the
    partner's is the search's own."""
    partner = (obs.seat + 2) & 3
    if obs.contract is None or not knows(obs.profile):
        return None
    if partner == obs.forehand:
        return (PUSH if obs.pushed else obs.contract), True
    if obs.pushed and partner == (obs.forehand + 2) & 3:
        return obs.contract, False
    return None


def successive_halving(
    options: Iterable[int],
    budget: int,
    deadline: float,
    deal: Callable[[], Callable[[int], float]],
    prior: Prior | None = None,
) -> tuple[int, dict[int, tuple[float, int]]]:
    """Successive halving over ``options``: ceil(log2 n) phases share ``budget`` playouts; each playout is
    one ``deal()`` (a sampled world) on which every option still in is valued, so options are compared on
    the same deals; after each phase the better half stays. Stops at ``deadline`` (``time.perf_counter``).
    The best option (ties to the lowest) and each tried option's mean value and number of playouts.

    ``prior`` (a guide's: ``MCTSPlayer.guide``) counts as that many playouts of that value for each option it
    names, added to the real ones in every comparison (the mean of the two, weighted by their numbers); an
    option it leaves out is not tried, unless it leaves out every one. The means and numbers returned are
    the real playouts' alone: what the search found, which a guide may learn from without reading itself."""
    keys = list(options)
    if prior and any(k in prior for k in keys):
        keys = [k for k in keys if k in prior]
    guess = {k: prior[k] if prior and k in prior else (0.0, 0.0) for k in keys}
    totals = dict.fromkeys(keys, 0.0)
    counts = dict.fromkeys(keys, 0)
    alive = list(keys)
    spent = 0

    def mean(k: int) -> float:
        value, weight = guess[k]
        return (totals[k] + value * weight) / max(1e-9, counts[k] + weight)

    phases = max(1, (len(alive) - 1).bit_length())
    for phase in range(phases):
        per = max(1, (budget - spent) // (len(alive) * (phases - phase)))
        for _ in range(per):
            value = deal()
            for k in alive:
                totals[k] += value(k)
                counts[k] += 1
            spent += len(alive)
            if time.perf_counter() > deadline:
                break
        if time.perf_counter() > deadline or len(alive) <= 1:
            break
        alive.sort(key=lambda k: (-mean(k), k))
        alive = alive[: max(1, (len(alive) + 1) // 2)] if phase < phases - 1 else alive
    best = max(alive, key=lambda k: (mean(k), -k))
    return best, {k: (totals[k] / counts[k], counts[k]) for k in keys if counts[k]}


class Next(NamedTuple):
    """What the seat sees after one of its cards in one world (``next_choice``): the cards the other seats
    then play until it is to play again, and the value (team 0's future points less team 1's, from the
    world's position before the card) of each card it may play there."""

    seen: tuple[int, ...]
    values: dict[int, int]


def next_choice(solver: Solver, world: RoundState, card: int, value: int) -> Next | None:
    """After the seat to act plays ``card`` in ``world`` (``value``: the card's exact value there, as
    ``Solver.card_values`` gives it), every other seat plays the solver's best card for its team (the
    first in the search's order among equals, ``Solver.best_card``: the value each keeps is known, so it
    is not searched for again) until the seat is to play again: what it has seen by then and each of its
    cards' values there (``Solver.card_values``, moved back to ``world``'s position). None when the round
    ends first."""
    seat = world.to_act
    g = world.clone()
    g.play(card)
    value = _moved(value, world.card_points, g)
    seen: list[int] = []
    while not g.is_done and g.to_act != seat:
        c = solver.best_card(g, value)
        taken = tuple(g.card_points)
        g.play(c)
        value = _moved(value, taken, g)
        seen.append(c)
    if g.is_done:
        return None
    return Next(tuple(seen), {d: _moved(v, g.card_points, world) for d, v in solver.card_values(g).items()})


def _moved(value: int, taken: Sequence[int], to: RoundState) -> int:
    """A value (future points of team 0 less team 1's) at a position where the teams had taken the card
    points ``taken``, as a value at ``to``, a position of the same line before or after it
    (``Solver.value_after``). Fusion runs only where the points still out are fixed, never under Slalom or
    Guschti."""
    moved = Solver.value_after(value, taken, to)
    assert moved is not None
    return moved


def fused_values(nexts: list[dict[int, Next | None]], legal: list[int], sign: int) -> dict[int, int]:
    """Each legal card's total over the solved worlds (``sign``: +1 for team 0's seat, -1 for team 1's) when
    the seat's next card is one choice for all the worlds in which it has seen the same cards by then:
    the card with the best total over them, not the best of each world (``FUSION``). A world where the
    card is the seat's last (``next_choice`` None) adds nothing: ``solve_endgame`` fuses only with two
    cards or more in hand, where the seat always plays again."""
    totals = dict.fromkeys(legal, 0)
    for c in legal:
        groups: dict[tuple[int, ...], dict[int, int]] = {}
        for after in nexts:
            nxt = after[c]
            if nxt is None:
                continue
            group = groups.setdefault(nxt.seen, dict.fromkeys(nxt.values, 0))
            for d, v in nxt.values.items():
                group[d] += sign * v
        totals[c] = sum(max(g.values()) for g in groups.values())
    return totals


class MCTSPlayer:
    """Determinized search; see the module docstring."""

    name = "mcts"

    def __init__(
        self,
        level: str = DEFAULT_LEVEL,
        iters: int | None = None,
        time: float | None = None,  # noqa: A002 - the option's public name
        seed: int | None = None,
        contract: str = "search",
        citers: int | None = None,
        pushed: int = PUSHED_TRIES,
        endgame: int | None = None,
        bid: int = BID_TRIES,
        infer: float = INFER,
        read: str = "policy",
        hands: str = "room",
        bidding: str = "heuristic",
        readbid: int = READ_BID,
        fusion: int = FUSION,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: use easy, medium or strong")
        budget, cbudget, limit = LEVELS[level]
        if iters is not None:
            budget, cbudget, limit = int(iters), int(int(iters) * CONTRACT_SHARE), float("inf")
        if time is not None:
            budget, limit = (int(iters) if iters is not None else 10**9), float(time)
            cbudget = int(budget * CONTRACT_SHARE) if iters is not None else 10**9
        if citers is not None:
            cbudget = int(citers)
        self.budget = max(1, budget)
        self.contract_budget = max(1, cbudget)
        self.pushed_tries = max(1, int(pushed))
        self.bid_tries = max(1, int(bid))
        self.read_bid = max(1, int(readbid))
        if not 0 <= float(infer) <= 20:
            raise ValueError(f"infer must be 0 to 20, not {infer!r}")
        self.infer = float(infer)
        if read not in READ_MODELS:
            raise ValueError(f"read must be one of {', '.join(READ_MODELS)}, not {read!r}")
        self.read = read
        if hands not in HANDS:
            raise ValueError(f"hands must be one of {', '.join(HANDS)}, not {hands!r}")
        self.hands = hands
        if bidding not in BIDDINGS:
            raise ValueError(f"bidding must be one of {', '.join(BIDDINGS)}, not {bidding!r}")
        self.bidding = bidding
        self.limit = limit
        self.seed = seed
        self.rng = random.Random(seed)
        self.think_times: list[float] = []
        if contract not in ("search", "model"):
            raise ValueError(f"unknown contract mode {contract!r}: use search or model")
        self.contract_mode = contract
        if endgame is None:
            endgame = STRONG_ENDGAME_TRICKS if level == "strong" else ENDGAME_TRICKS
        if not 0 <= int(endgame) <= 9:
            raise ValueError(f"endgame must be 0 to 9 tricks, not {endgame!r}")
        self.endgame = int(endgame)
        if not 0 <= int(fusion) <= 9:
            raise ValueError(f"fusion must be 0 to 9 tricks, not {fusion!r}")
        self.fusion = int(fusion)
        self.solved_exactly = False
        """Whether the last endgame decision was solved on at least one sampled deal (else playouts decided)."""

    def act(self, observation: Observation) -> Action:
        legal_actions = legal_actions_of(observation)
        if form_players.handles(observation):
            return form_players.search_act(self, observation)  # type: ignore[return-value]
        if observation.phase == "contract" or observation.contract is None:
            if self.contract_mode == "model":
                return choose_contract(observation)
            start = time.perf_counter()
            action = self.choose_contract(observation, start)
            self.think_times.append(time.perf_counter() - start)
            return action
        if CLAIM in legal_actions and claim_is_true(observation):
            return CLAIM
        legal = [int(a) for a in legal_actions if isinstance(a, Card)]
        if len(legal) == 1:
            return Card(legal[0])
        start = time.perf_counter()
        if len(observation.hand) <= self.endgame_of(observation):
            card = self.solve_endgame(observation, legal, start)
        else:
            card = self.search(observation, legal, start)
        self.think_times.append(time.perf_counter() - start)
        return Card(card)

    def evaluate(self, observation: Observation) -> Evaluation:
        """What this player would do from ``observation`` (the seat's own view only: the sampled deals hold
        nothing it may not know) and why: the chosen action, then every action it valued with its mean
        expected points (the seat's team minus the other, written points of the round) and the number of
        samples behind it, best first. A claim that holds or a single legal card is chosen without a search
        (no values). Raises ``ValueError`` when the seat is not to act. Bounded by the level's time limit."""
        legal_actions = legal_actions_of(observation)
        if form_players.handles(observation):  # a column, a prediction
            return Evaluation(form_players.search_act(self, observation), [], False)  # type: ignore[arg-type]
        start = time.perf_counter()
        stats: Stats = {}
        exact = False
        if observation.phase == "contract" or observation.contract is None:
            action: Action = self.choose_contract(observation, start, stats)
        elif CLAIM in legal_actions and claim_is_true(observation):
            action = CLAIM
        else:
            legal = [int(a) for a in legal_actions if isinstance(a, Card)]
            if len(legal) == 1:
                action = Card(legal[0])
            elif len(observation.hand) <= self.endgame_of(observation):
                action = Card(self.solve_endgame(observation, legal, start, stats))
                exact = self.solved_exactly
            else:
                action = Card(self.search(observation, legal, start, stats))
        ranked = sorted(stats.items(), key=lambda kv: (kv[0] != action, -kv[1][0]))
        return Evaluation(action, [(a, mean, n) for a, (mean, n) in ranked], exact)

    def endgame_of(self, obs: Observation) -> int:
        """``endgame``, kept to the Python search's two tricks under Slalom and Guschti: the solver searches
        them in Python only (docs/contracts-slalom-guschti.md)."""
        if obs.contract is not None and obs.contract.changes_direction:
            return min(self.endgame, 2)
        return self.endgame

    def world_pool(self, obs: Observation) -> WorldPool:
        """The worlds a card decision searches: drawn from the sampler (``determinizer``), read by the
        other seats' play with ``infer`` (``puur.bots.play_reading``)."""
        return WorldPool(self.determinizer(obs), self.rng, self.infer, model=self.read)

    def determinizer(self, obs: Observation) -> Determinizer:
        """The card play's sampler of worlds: by the room left in each hand, or (``hands=model``) leaning
        on the learnt model of the hidden hands."""
        det = Determinizer(obs)
        if self.hands == "model":
            det.weights = card_weights(obs, det.cards)
        return det

    def guide(self, obs: Observation, options: list[Action]) -> dict[Action, tuple[float, float]] | None:
        """A guide's word on the options of a decision searched by playouts (the contract, and the cards
        before the exact endgame): for each option worth trying, its value and how many playouts that
        value counts as (``successive_halving``'s ``prior``). None: no guide, every option tried from
        nothing; a player with a learnt network says more (``puur.bots.learned``)."""
        return None

    def playout(self, r: RoundState, first: int | None = None) -> RoundScore:
        """One playout: the round ``r`` played to its end after ``first`` (a legal card of the seat to act)
        when given, its score; ``r`` is left as it is. By the rule policy of ``puur.bots.rollout``
        (``policy_score``), every seat seeing the sampled deal."""
        return policy_score(r, first)

    def margin(self, r: RoundState, team: int, first: int | None = None) -> float:
        """``playout``'s written points of ``team`` less the other team's: what the search compares."""
        w = self.playout(r, first).written
        return float(w[team] - w[1 - team])

    def choose_contract(self, obs: Observation, start: float, stats: Stats | None = None) -> Action:
        """Every contract (and the push) played out from the same sampled deals; the best mean wins.

        After a push by me the partner is modelled as choosing with the heuristic's hand model, or
        (``bidding=model``) as the search replies (``partner_reply``). After my partner's push, the deals
        are drawn as the push reads (``pushed=N`` or ``bidding=model``: ``read_push``).
        Successive halving, as for the cards, on ``CONTRACT_SHARE`` times the card budget. ``stats``, when
        given, receives each option's mean written-points difference and its number of playouts."""
        options: list[Action] = [a for a in obs.legal_actions if isinstance(a, Contract)]
        if PUSH in obs.legal_actions:
            options.append(PUSH)
        det = Determinizer(obs)
        team = obs.seat & 1
        partner = (obs.seat + 2) & 3
        after_push = obs.pushed and obs.seat == (obs.forehand + 2) & 3

        def deal() -> Callable[[int], float]:
            world = self.read_push(det, obs) if after_push else det.resample(self.rng)

            def value(i: int) -> float:
                r = world.clone()
                a = options[i]
                if a == PUSH:
                    r.push()
                    a = self.partner_reply(world.hands[partner], obs)
                assert isinstance(a, Contract)
                r.choose(a)
                return self.margin(r, team)

            return value

        budget = max(len(options), self.contract_budget)
        guide = self.guide(obs, options)
        prior = {i: guide[a] for i, a in enumerate(options) if a in guide} if guide else None
        best, means = successive_halving(range(len(options)), budget, start + self.limit, deal, prior)
        if stats is not None:
            stats.update({options[i]: mean for i, mean in means.items()})
        return options[best]

    def read_push(self, det: Determinizer, obs: Observation) -> RoundState:
        """A deal drawn after my partner's push, as the push reads: with ``bidding=model`` (where the
        model knows the profile's contracts) each deal drawn is kept with the chance that the search
        would have pushed the forehand's hand in it, up to ``PUSH_READ_TRIES`` draws; else, with
        ``pushed=N``, the first of N draws whose forehand hand the heuristic's hand model would push; the
        last drawn when none is kept."""
        forehand = obs.forehand
        world = det.resample(self.rng)
        if self.bidding == "model" and knows(obs.profile):
            for _ in range(PUSH_READ_TRIES - 1):
                if self.rng.random() < (push_chance(world.hands[forehand], obs.profile) or 0.0):
                    break
                world = det.resample(self.rng)
            return world
        for _ in range(self.pushed_tries - 1):
            if best_contract(world.hands[forehand], obs.profile)[1] < PUSH_THRESHOLD:
                break
            world = det.resample(self.rng)
        return world

    def partner_reply(self, hand: int, obs: Observation) -> Contract:
        """The contract the partner is taken to choose on ``hand`` after my push: the heuristic's hand
        model's, or (``bidding=model``) one drawn from the learnt model of the search's replies where the
        profile's contracts are the six it knows."""
        if self.bidding == "model":
            drawn = sample_reply(hand, obs.profile, self.rng)
            if drawn is not None:
                return drawn
        return best_contract(hand, obs.profile)[0]

    def search(self, obs: Observation, legal: list[int], start: float, stats: Stats | None = None) -> int:
        """Successive halving over the legal cards, each round on fresh sampled worlds. ``stats``, when
        given, receives each card's mean written-points difference and its number of playouts."""
        worlds = self.world_pool(obs)
        team = obs.seat & 1

        def deal() -> Callable[[int], float]:
            base = worlds.draw()[1]
            return lambda card: self.margin(base, team, card)

        guide = self.guide(obs, [Card(c) for c in legal])
        prior = {c: guide[Card(c)] for c in legal if Card(c) in guide} if guide else None
        best, means = successive_halving(legal, self.budget, start + self.limit, deal, prior)
        if stats is not None:
            stats.update({Card(c): mean for c, mean in means.items()})
        return best

    def solve_endgame(self, obs: Observation, legal: list[int], start: float, stats: Stats | None = None) -> int:
        """Every legal card valued exactly (the solver) on each sampled world; the best total wins.
        With ``readbid=N`` each world is drawn from N sampled deals in proportion to the chance that the
        partner's hand in each bid as the partner did.

        A world whose search would outrun the decision's time limit is stopped and dropped; when not
        one world is solved in time the playouts decide. ``stats``, when given, receives each card's mean
        value over the solved worlds (the seat's team's view) and the number of worlds."""
        worlds = self.world_pool(obs)
        known: dict[int, tuple[dict[int, int], dict[int, Next | None]]] = {}  # a pooled world: solved once
        sign = 1 if obs.seat % 2 == 0 else -1
        mask = sum(1 << c for c in legal)
        totals = dict.fromkeys(legal, 0)
        deadline = start + self.limit
        # the solver reads time.monotonic(); the decision's clock is time.perf_counter()
        solve_by = time.monotonic() + (deadline - time.perf_counter()) if self.limit != float("inf") else None
        slowest = 0.0
        solved = 0
        share = ENDGAME_SHARE if len(obs.hand) <= 6 else DEEP_ENDGAME_SHARE
        partner = (obs.seat + 2) & 3
        bid = partner_bid(obs) if self.read_bid > 1 else None
        fuse = (2 <= len(obs.hand) <= self.fusion and len(obs.hand) < BOUNDS_FROM and obs.contract is not None
                and not obs.contract.changes_direction)  # fmt: skip
        nexts: list[dict[int, Next | None]] = []  # each solved world: each card's next choice (fusion)
        for _ in range(max(1, self.budget // share)):
            t = time.perf_counter()
            index, base = worlds.draw()
            for _ in range(self.bid_tries - 1):  # prefer deals that agree with the bidding
                if bidding_fits(base, obs):
                    break
                index, base = worlds.draw()
            if bid is not None:  # the partner's bid read by the model of the search's bidding
                drawn = [(index, base)] + [worlds.draw() for _ in range(self.read_bid - 1)]
                chances = [bid_chance(w.dealt[partner], obs.profile, *bid) for _, w in drawn]
                index, base = self.rng.choices(drawn, weights=chances)[0] if sum(chances) > 0 else drawn[0]
            if index in known:
                values, after = known[index]
            else:
                try:
                    solver = Solver(base, tt_bits=ENDGAME_TT_BITS, deadline=solve_by)
                    deep = len(obs.hand) >= BOUNDS_FROM
                    values = (solver.card_bounds if deep else solver.card_values)(base, mask)
                    after = {c: next_choice(solver, base, c, values[c]) for c in legal} if fuse else {}
                except TimeoutError:
                    break
                if index >= 0:
                    known[index] = values, after
            if fuse:
                nexts.append(after)
            for c, v in values.items():
                totals[c] += sign * v
            solved += 1
            now = time.perf_counter()
            slowest = max(slowest, now - t)
            if now + slowest > deadline:  # the next world might not finish in time
                break
        self.solved_exactly = solved > 0
        if not solved:
            return self.search(obs, legal, start, stats)
        if fuse:
            totals = fused_values(nexts, legal, sign)
        if stats is not None:
            stats.update({Card(c): (totals[c] / solved, solved) for c in legal})
        return max(legal, key=lambda c: (totals[c], -c))


register("mcts")(MCTSPlayer)  # the options are the constructor's keyword arguments


__all__ = ["BIDDINGS", "DEFAULT_LEVEL", "FUSION", "HANDS", "LEVELS", "PUSH_READ_TRIES", "READ_BID", "Evaluation", "MCTSPlayer", "Next", "Prior", "Stats", "bidding_fits", "fused_values", "next_choice", "partner_bid"]
