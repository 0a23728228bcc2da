"""Determinization: full deals, and whole rounds, consistent with one seat's view (for search).

``determinize`` samples the four current hands so that the seat's own hand, the cards played, what the
play shows (``puur.info.inference``), the shown Weis, the announced Weis values and what the public Weis says
of the hands that showed none (``weis_bounds``) all hold; ``resample``
rebuilds such a deal as a ``RoundState`` at the observed position, OpenSpiel's ``ResampleFromInfostate``
(DESIGN.md, "Models worth copying"). A sampled deal holds only what the seat may know, so a search over
it cannot peek at the true hidden hands.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from puur.core.cards import CardSet
from puur.core.round import RoundState, round_from_view
from puur.core.rules.weis import Meld, announcements, declaration, may_hold_meld, seat_key
from puur.info.inference import constraints, played_by, played_mask

if TYPE_CHECKING:
    from puur.info.observation import Observation


class InconsistentObservation(ValueError):
    """No deal agrees with the observation (a corrupted or hand-made observation)."""


class Determinizer:
    """Samples full deals consistent with one observation; the constraints are read once.

    Hidden cards are dealt one by one, in random order, to a seat that may hold them, with probability
    proportional to the room left in each hand; a seat is only chosen when the rest can still be placed
    (Hall's condition over the three hidden hands), so the sampler never dead-ends. With no constraints
    this is exactly uniform; with constraints it is close to uniform. Announced Weis values (trick 1 of
    the announcing profiles) and, once the Weis is public, what it says of the hands that showed none
    (``weis_bounds``: no meld, or none that would have won) are enforced by rejection, up to
    ``max_tries`` samples (then the first sample is kept).

    ``weights`` (a model of the hidden hands, ``puur.bots.hand_model.card_weights``): for a hidden card,
    a factor per seat that multiplies the room left in that seat's hand when the card is dealt, so the
    deal leans where the model reads the card to be; the constraints hold as without it. A card it does
    not name is dealt by the room alone.
    """

    def __init__(self, obs: Observation, max_tries: int = 50, weights: dict[int, list[float]] | None = None) -> None:
        self.obs = obs
        self.max_tries = max_tries
        self.weights = weights
        seat = obs.seat
        self.cannot, must = constraints(obs)
        base = [0, 0, 0, 0]
        base[seat] = obs.hand_mask
        played = played_mask(obs)
        self.others = [s for s in range(4) if s != seat]
        hidden_all = ((1 << 36) - 1) & ~played & ~base[seat]
        self.need = {s: obs.hand_sizes[s] for s in self.others}
        for s in self.others:
            fixed = must[s] & hidden_all
            base[s] |= fixed
            self.need[s] -= fixed.bit_count()
            if self.need[s] < 0:
                raise InconsistentObservation(f"seat {s} must hold more cards than it has")
        self.base = base
        free = hidden_all & ~(must[0] | must[1] | must[2] | must[3])
        self.cards = [c for c in range(36) if free >> c & 1]
        if len(self.cards) != sum(self.need.values()):
            raise InconsistentObservation("the hidden cards do not fill the hidden hands")
        self.check_announced = bool(obs.weis_announced) and not obs.weis_shown and len(obs.tricks) == 0
        self.played = [int(c) for t in obs.tricks for c in t.cards] + [int(c) for _, c in obs.trick]
        """Every card played this round, in play order."""
        self.weis_bounds = weis_bounds(obs)
        self.played_by = played_by(obs)

    def sample(self, rng: random.Random) -> list[int]:
        """The four current hands, as card sets."""
        return self._draw(self.cards, self.need, self.base, rng)

    def _draw(self, cards: list[int], need: dict[int, int], base: list[int], rng: random.Random) -> list[int]:
        """``cards`` dealt into the hidden hands around ``base`` (each hidden seat ``need[s]`` more), redrawn
        up to ``max_tries`` times until the public Weis holds (``weis_holds``)."""
        first: list[int] | None = None
        for _ in range(self.max_tries):
            hands = _sample(cards, self.others, need, self.cannot, base, rng, self.weights)
            if self.weis_holds(hands):
                return hands
            first = first or hands
        assert first is not None
        return first

    def weis_holds(self, hands: list[int]) -> bool:
        """Whether the deal ``hands`` (the four current hands) agrees with the public Weis: the values
        announced so far in trick 1 (``_announcements_hold``) and what the Weis says of the hands that
        showed none once it is public (``weis_bounds``)."""
        obs = self.obs
        if self.check_announced and not _announcements_hold(obs, hands):
            return False
        for seat, bound in self.weis_bounds.items():
            dealt = CardSet(hands[seat] | self.played_by[seat])
            if not may_hold_meld(dealt):
                continue
            best = declaration(dealt, obs.profile, obs.contract).best
            if best is not None and (bound is None or seat_key(best, seat, obs.profile, obs.contract, obs.forehand) > bound):
                return False
        return True

    def sample_fixing(self, fixed: list[int], rng: random.Random) -> list[int]:
        """The four current hands with the hidden cards of ``fixed[s]`` placed at seat ``s`` and the rest
        dealt as ``sample`` deals them: a sample conditioned on where some cards are (a model of the hands,
        or a benchmark's partial peek at the real deal). Raises ``InconsistentObservation`` when the fixed
        cards break what the seat knows (a card the sampler cannot place, a seat that cannot hold it, more
        cards than a hand has room for). The public Weis is kept as ``sample`` keeps it."""
        placeable = sum(1 << c for c in self.cards)
        if any(fixed[s] & ~placeable for s in range(4)):
            raise InconsistentObservation("a fixed card is not one the sampler places")
        base, need = list(self.base), dict(self.need)
        free = []
        for c in self.cards:
            seat = next((s for s in self.others if fixed[s] >> c & 1), None)
            if seat is None:
                free.append(c)
                continue
            if self.cannot[seat] >> c & 1 or need[seat] == 0:
                raise InconsistentObservation(f"card {c} cannot be fixed at seat {seat}")
            base[seat] |= 1 << c
            need[seat] -= 1
        return self._draw(free, need, base, rng)

    def resample(self, rng: random.Random) -> RoundState:
        """One sampled deal as a ``RoundState`` at the observed position (``resample``)."""
        return self.round_of(self.sample(rng))

    def round_of(self, hands: list[int], on_play: Callable[[RoundState, int], None] | None = None) -> RoundState:
        """The round at the observed position with ``hands`` (the four current hands) as the hidden
        truth: dealt as the current hands plus what each seat played, the contract (after the push, if
        any) chosen and the play replayed through the rules (``round_from_view``, which calls ``on_play``
        before each card replayed)."""
        obs = self.obs
        stoeck_scored = True if obs.stoeck else None
        return round_from_view(
            obs.profile, hands, obs.dealer, obs.forehand, obs.pushed, obs.contract, self.played, stoeck_scored,
            on_play,
        )  # fmt: skip


def determinize(obs: Observation, rng: random.Random, *, max_tries: int = 50) -> list[int]:
    """A full deal (the four current hands, as card sets) consistent with everything ``obs.seat`` knows:
    its hand, the cards played, voids and trump limits shown by the play, shown Weis, announced Weis
    values, what the public Weis says of the hands that showed none. See ``Determinizer`` for the
    sampling."""
    return Determinizer(obs, max_tries).sample(rng)


def resample(obs: Observation, rng: random.Random, *, max_tries: int = 50) -> RoundState:
    """A whole round at the position ``obs`` shows, its hidden hands sampled by ``determinize``:
    OpenSpiel's ``ResampleFromInfostate``. The round agrees with everything ``obs.seat`` knows, so a
    search may play it out without seeing a hidden card. For many samples from one observation use
    ``Determinizer(obs).resample(rng)``, which reads the constraints once.

    >>> import random
    >>> from puur.match.game import Game
    >>> game = Game("schieber", seed=7)
    >>> world = resample(game.observation(game.current_seat), random.Random(1))
    >>> world.hands[game.current_seat] == game.round.hands[game.current_seat]
    True
    """
    return Determinizer(obs, max_tries).resample(rng)


_SUBKEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k in range(1, 8) if k & ~subset == 0) for subset in range(8)
)
"""For each set of the three hidden seats (3 bits), the allowed-seat sets contained in it."""


def _sample(
    cards: list[int],
    others: list[int],
    need0: dict[int, int],
    cannot: list[int],
    base: list[int],
    rng: random.Random,
    weights: dict[int, list[float]] | None = None,
) -> list[int]:
    hands = list(base)
    need = [need0[s] for s in others]
    keys = []
    for c in cards:
        k = 0
        for i, s in enumerate(others):
            if not cannot[s] >> c & 1:
                k |= 1 << i
        if not k:
            raise InconsistentObservation("a hidden card cannot be placed in any hand")
        keys.append(k)
    order = list(range(len(cards)))
    rng.shuffle(order)
    if weights is not None:  # the cards the weights place most surely first, before their seat fills up
        order.sort(key=lambda j: -_spread(weights.get(cards[j]), others, keys[j]))
    if weights is None and all(k == 7 for k in keys):  # no constraint: deal the shuffled cards out, exactly uniform
        pos = 0
        for i, s in enumerate(others):
            for j in order[pos : pos + need[i]]:
                hands[s] |= 1 << cards[j]
            pos += need[i]
        return hands
    counts = [0] * 8
    for k in keys:
        counts[k] += 1
    if not _hall(counts, need):
        raise InconsistentObservation("the hidden cards cannot be dealt consistently with the play")
    for j in order:
        k = keys[j]
        counts[k] -= 1
        choices: list[int] = []
        chances: list[float] = []
        lean = weights.get(cards[j]) if weights is not None else None
        for i in range(3):
            if k >> i & 1 and need[i] > 0:
                need[i] -= 1
                if _hall(counts, need):
                    choices.append(i)
                    chances.append((need[i] + 1) * (lean[others[i]] if lean is not None else 1))
                need[i] += 1
        if not choices:
            raise InconsistentObservation("the hidden cards cannot be dealt consistently with the play")
        i = rng.choices(choices, chances)[0] if len(choices) > 1 else choices[0]
        need[i] -= 1
        hands[others[i]] |= 1 << cards[j]
    return hands


def _spread(lean: list[float] | None, others: list[int], key: int) -> float:
    """How surely ``lean`` places a card among the seats it may go to (``key``): its largest weight over its
    smallest; 1 for a card the weights do not name."""
    if lean is None:
        return 1.0
    chances = [lean[s] for i, s in enumerate(others) if key >> i & 1]
    return max(chances) / max(min(chances), 1e-300)


WeisBound = tuple[int, ...] | None
"""What the public Weis says of a hidden seat's dealt hand: None, it holds no meld; a key, its best meld is
below that key (``weis.seat_key``: it lost the comparison)."""


def weis_bounds(obs: Observation) -> dict[int, WeisBound]:
    """What the public Weis says of the dealt hands of the seats ``obs.seat`` cannot see (RULES.md §9.4,
    §9.6, §14.1 ``weis_declaration``). Every seat declares its melds (a meld is never kept back), so once
    the Weis is public:

    * ``automatic`` and ``announce_then_resolve`` after trick 1, ``announce_value_show_on_trick_2`` after
      trick 2: the winning team has shown all its melds, so a seat of that team that showed none holds
      none, and a seat of the other team holds no meld that would have beaten the winner's (ties to the
      seat nearer the forehand, §9.5); with nothing shown, no seat holds a meld;
    * ``show_with_first_card``: every seat shows its melds with its first card, so a seat that has played
      and showed none holds none.

    Before that (and before the contract), nothing: the announced values of trick 1 are
    ``_announcements_hold``'s. A seat that showed melds is not bounded (its shown cards are already
    placed)."""
    contract = obs.contract
    if contract is None:
        return {}
    others = [s for s in range(4) if s != obs.seat]
    shown = {w.seat: w.melds for w in obs.weis_shown if w.melds}
    mode = obs.profile.weis_declaration
    if mode == "show_with_first_card":
        played = set(range(4)) if obs.tricks else {s for s, _ in obs.trick}
        return {s: None for s in others if s in played and s not in shown}
    if len(obs.tricks) < (2 if mode == "announce_value_show_on_trick_2" else 1):
        return {}
    if not shown:
        return dict.fromkeys(others, None)
    team = next(iter(shown)) & 1
    winner = max(
        seat_key(
            Meld(m.kind, tuple(int(c) for c in m.cards), m.points), s, obs.profile, contract, obs.forehand
        )
        for s, melds in shown.items()
        for m in melds
    )  # fmt: skip
    return {s: (None if s & 1 == team else winner) for s in others if s not in shown}


def _hall(counts: list[int], need: list[int]) -> bool:
    """Hall's condition: every set of hidden seats has room for the cards that may only go to it."""
    for subset in range(1, 8):
        room = (need[0] if subset & 1 else 0) + (need[1] if subset & 2 else 0) + (need[2] if subset & 4 else 0)
        only = 0
        for k in _SUBKEYS[subset]:
            only += counts[k]
        if only > room:
            return False
    return True


def _announcements_hold(obs: Observation, hands: list[int]) -> bool:
    """Trick 1 of the announcing profiles: the announcements the sampled deal would make (each seat's best
    meld of its dealt hand, by ``announcements``) are the ones the seat saw: a seat that played its trick-1
    card without announcing holds no meld, or under ``announce_then_resolve`` none as good as one announced
    before it."""
    by = played_by(obs)
    order = [s for s, _ in obs.trick]
    bests: list[Meld | None] = [None, None, None, None]
    for s in order:
        bests[s] = declaration(hands[s] | by[s], obs.profile, obs.contract).best
    return announcements(bests, order, obs.profile, obs.contract) == obs.weis_announced



__all__ = ["Determinizer", "InconsistentObservation", "WeisBound", "determinize", "resample", "weis_bounds"]
