"""One seat's view of a match, and ``determinize``: a full deal consistent with that view.

An ``Observation`` is built from the game by copying only what the seat may know: its own hand, the
played cards, public declarations (RULES.md §14.1: announced Weis values, shown melds, a declared Stöck),
the scores. It holds no other card by construction, so a player given it cannot peek.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from puur.cards import SUIT_MASKS, Action, Card, Contract, iter_cards, mask_of
from puur.profile import RuleProfile
from puur.rules.beats import HIGHER_TRUMPS
from puur.rules.tables import PUUR_BITS, STOECK_POINTS, TRUMP_STRENGTH
from puur.rules.trick import trick_winner
from puur.rules.weis import Declaration, Meld, declaration, meld_key

if TYPE_CHECKING:
    from puur.game import Game


@dataclass(frozen=True)
class TrickView:
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": [str(c) for c in self.cards], "winner": self.winner, "points": self.points}


@dataclass(frozen=True)
class Observation:
    """What one seat may know (INTERFACES.md §2). Immutable; ``to_dict`` is the JSON the API returns."""

    seat: int
    hand: tuple[Card, ...]
    phase: str
    dealer: int
    forehand: int
    pushed: bool
    chooser: int | None
    contract: Contract | None
    factor: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[TrickView, ...]
    legal_actions: tuple[Action, ...]
    hand_sizes: tuple[int, int, int, int]
    scores: tuple[int, int]
    round_points: tuple[int, int]
    target: int
    profile: RuleProfile
    to_act: int | None
    round_number: int
    weis_announced: tuple[tuple[int, int], ...] = ()
    weis_shown: tuple[tuple[int, tuple[tuple[str, tuple[Card, ...], int], ...]], ...] = ()
    stoeck: dict[str, Any] | None = None
    winner: int | None = None
    result: dict[str, Any] | None = None
    last_round: dict[str, Any] | None = field(default=None)
    weis_choice: dict[str, Any] | None = None
    """The Weis alternatives this seat may declare with its trick-1 card (RULES.md §9.3), see ``_weis_choice``."""

    @property
    def hand_mask(self) -> int:
        return mask_of(self.hand)

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the current trick."""
        if self.trick:
            return self.trick[0][0]
        return self.tricks[-1].winner if self.tricks else self.forehand

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "phase": self.phase,
            "hand": [str(c) for c in self.hand],
            "dealer": self.dealer,
            "forehand": self.forehand,
            "pushed": self.pushed,
            "chooser": self.chooser,
            "contract": str(self.contract) if self.contract is not None else None,
            "factor": self.factor,
            "trick": [[s, str(c)] for s, c in self.trick],
            "tricks": [t.to_dict() for t in self.tricks],
            "legal_actions": [str(a) for a in self.legal_actions],
            "to_act": self.to_act,
            "hand_sizes": list(self.hand_sizes),
            "scores": list(self.scores),
            "round_points": list(self.round_points),
            "round_number": self.round_number,
            "target": self.target,
            "profile": self.profile.to_dict(),
            "weis": {
                "announced": [[s, v] for s, v in self.weis_announced],
                "shown": [
                    [s, [{"kind": k, "cards": [str(c) for c in cards], "points": p} for k, cards, p in melds]]
                    for s, melds in self.weis_shown
                ],
            },
            "stoeck": self.stoeck,
            "winner": self.winner,
            "result": self.result,
            "last_round": self.last_round,
            "weis_choice": self.weis_choice,
        }


def observe(game: Game, seat: int) -> Observation:
    """Project ``game`` onto what ``seat`` may know."""
    if seat not in range(4):
        raise ValueError(f"seat must be 0, 1, 2 or 3, got {seat!r}")
    r = game.round
    profile = game.profile
    over = game.is_over
    phase = "over" if over else ("contract" if r.contract is None else "play")
    legal: tuple[Action, ...] = tuple(game.legal_actions()) if game.current_seat == seat else ()
    announced, shown = _public_weis(game)
    stoeck = None
    if r.stoeck_holder is not None and r.stoeck_status == "scored":
        assert r.contract is not None
        stoeck = {
            "seat": r.stoeck_holder,
            "team": r.stoeck_holder & 1,
            "cards": [Card(c).name for c in iter_cards(r.stoeck_pair)],
            "points": STOECK_POINTS,
        }
    return Observation(
        seat=seat,
        hand=tuple(Card(c) for c in iter_cards(r.hands[seat])),
        phase=phase,
        dealer=r.dealer,
        forehand=r.forehand,
        pushed=r.pushed,
        chooser=r.chooser,
        contract=r.contract,
        factor=r.factor,
        trick=tuple((s, Card(c)) for s, c in r.trick_seats()),
        tricks=tuple(TrickView(t.leader, tuple(Card(c) for c in t.cards), t.winner, t.points) for t in r.tricks),
        legal_actions=legal,
        hand_sizes=(
            r.hands[0].bit_count(), r.hands[1].bit_count(), r.hands[2].bit_count(), r.hands[3].bit_count()
        ),  # fmt: skip
        scores=(game.scores[0], game.scores[1]),
        round_points=(r.card_points[0], r.card_points[1]),
        target=game.target,
        profile=profile,
        to_act=game.current_seat,
        round_number=game.round_number,
        weis_announced=announced,
        weis_shown=shown,
        stoeck=stoeck,
        winner=game.winner,
        result=game.result(),
        last_round=game.rounds[-1].to_dict() if game.rounds else None,
        weis_choice=_weis_choice(game, seat),
    )


def _weis_choice(game: Game, seat: int) -> dict[str, Any] | None:
    """Where the seat's hand gives it a real choice of Weis (RULES.md §9.3: declarations that differ in
    the best meld, S000 splitting), until it plays to trick 1: ``{"alternatives": [{"declare": "weis:N",
    "melds": [...], "points": n, "best": meld}, ...], "preselected": "weis:0"}``, most points first; the
    preselected one is declared when the seat names none. None otherwise."""
    if game.is_over:
        return None
    alts = game.round.weis_alternatives(seat)
    if len(alts) < 2:
        return None
    return {
        "alternatives": [
            {
                "declare": f"weis:{i}",
                "melds": [m.to_dict() for m in d.melds],
                "points": d.points,
                "best": d.best.to_dict() if d.best else None,
            }
            for i, d in enumerate(alts)
        ],
        "preselected": "weis:0",
    }


def _public_weis(game: Game) -> tuple[tuple[tuple[int, int], ...], tuple[Any, ...]]:
    """Announced values and shown melds under the profile's ``weis_declaration`` (RULES.md §14.1):

    * ``automatic``: the melds that score, once the Weis is resolved after trick 1;
    * ``show_with_first_card`` (S004 "Weis werden mit der ersten Karte gezeigt"): each seat's declared
      melds from the moment it plays its first card, for the rest of the round (only the best team's
      count; the others were shown all the same);
    * ``announce_then_resolve`` (S000): during trick 1 each announcement, made only where it is at least
      as good as the best one already announced (a weaker Weis is never announced, so never public),
      then the scoring melds;
    * ``announce_value_show_on_trick_2`` (J14, J17): values during trick 1, the winning team's melds on
      trick 2, each player with the card it plays to it.
    """
    r = game.round
    if r.weis is None:
        return (), ()
    mode = game.profile.weis_declaration
    decls = r.weis.declarations
    in_trick1 = [s for s, _ in r.trick_seats()] if not r.tricks else [(r.forehand + i) % 4 for i in range(4)]
    announced: tuple[tuple[int, int], ...] = ()
    if mode in ("announce_then_resolve", "announce_value_show_on_trick_2"):
        announced = announcements([d.best for d in decls], in_trick1, game.profile, r.contract)
    if mode == "show_with_first_card":
        return (), _melds_of(decls, [s for s in range(4) if s in in_trick1 and decls[s].melds])
    if not r.weis_credited or r.weis.team is None:
        return announced, ()
    team = r.weis.team
    seats = [s for s in (team, team + 2) if decls[s].melds]
    if mode == "announce_value_show_on_trick_2" and len(r.tricks) < 2:
        # the winning team shows its cards on trick 2, each player with the card it plays to it
        played2 = {s for s, _ in r.trick_seats()} if len(r.tricks) == 1 else set()
        seats = [s for s in seats if s in played2]
    return announced, _melds_of(decls, seats)


def _melds_of(decls: Sequence[Declaration], seats: Sequence[int]) -> tuple[Any, ...]:
    return tuple(
        (s, tuple((m.kind, tuple(Card(c) for c in m.cards), m.points) for m in decls[s].melds)) for s in seats
    )


def announcements(
    bests: Sequence[Meld | None], order: Sequence[int], profile: RuleProfile, contract: Contract | None
) -> tuple[tuple[int, int], ...]:
    """The Weis values announced during trick 1 by the seats of ``order`` (in play order), each seat's
    best meld in ``bests`` (RULES.md §9.4, §14.1). Under ``announce_then_resolve`` (S000: "Announce a Weis
    only if at least as good as one already announced") a seat announces only when its best meld is at
    least as good as the best announced before it (compared as §9.5, the seat step left out: an equal
    one is announced); otherwise (J14, J17) every seat with a Weis announces its value."""
    out: list[tuple[int, int]] = []
    top: tuple[int, ...] | None = None
    for s in order:
        best = bests[s]
        if best is None:
            continue
        if profile.weis_declaration == "announce_then_resolve":
            key = meld_key(best, profile, contract)
            if top is not None and key < top:
                continue
            top = key
        out.append((s, best.points))
    return tuple(out)


# ----- determinization -----


def constraints(obs: Observation) -> tuple[list[int], list[int]]:
    """What the seat knows about the hidden hands: per seat, cards it cannot hold and cards it must hold.

    Read from play, trick by trick (``read_trick``): a seat that did not follow the led suit is void in it
    (where the profile forbids trumping while able to follow, also when it trumped); a seat that did not
    play trump on a trump lead holds none (but perhaps the Puur, where a lone Puur may be kept); under a
    compulsory overtrump a seat that did not overtrump holds no higher non-Puur trump; under the classic
    undertrump ban a seat that undertrumped holds only trumps. Shown melds not yet played must be in their
    owner's hand.
    """
    cannot = [0, 0, 0, 0]
    must = [0, 0, 0, 0]
    contract = obs.contract
    if contract is None:
        return cannot, must
    readings = [read_trick(obs.profile, contract, t.leader, tuple(int(c) for c in t.cards)) for t in obs.tricks]
    if len(obs.trick) > 1:  # the leader's card alone shows nothing
        readings.append(read_trick(obs.profile, contract, obs.trick[0][0], tuple(int(c) for _, c in obs.trick)))
    for reading in readings:
        for seat in range(4):
            cannot[seat] |= reading[seat]
    if obs.weis_shown:
        played = _played_mask(obs)
        for s, melds in obs.weis_shown:
            for _, cards, _ in melds:
                must[s] |= mask_of(cards) & ~played
    return cannot, must


@lru_cache(maxsize=1 << 17)
def read_trick(
    profile: RuleProfile, contract: Contract, leader: int, cards: tuple[int, ...]
) -> tuple[int, int, int, int]:
    """The cards each seat cannot hold, as shown by one (possibly unfinished) trick; see ``constraints``.

    What a trick shows depends on that trick alone, so the reading is cached: a search player reads the
    same finished tricks at every decision of the round.
    """
    cannot = [0, 0, 0, 0]
    p = profile
    trump = int(contract) if contract.is_trump else -1
    tmask = SUIT_MASKS[trump] if trump >= 0 else 0
    puur = PUUR_BITS[contract]
    led = cards[0] // 9
    for i in range(1, len(cards)):
        seat = (leader + i) % 4
        c = cards[i]
        before = cards[:i]
        suit = c // 9
        if trump < 0:
            if suit != led:
                cannot[seat] |= SUIT_MASKS[led]
            continue
        trumps_before = [x for x in before if x // 9 == trump]
        high = max(trumps_before, key=lambda x: TRUMP_STRENGTH[x % 9]) if trumps_before else -1
        if led == trump:
            if suit != trump:
                cannot[seat] |= tmask & ~puur if p.lone_puur_may_be_kept else tmask
            elif p.must_overtrump and p.overtrump_on_trump_lead and high >= 0 and not HIGHER_TRUMPS[high] >> c & 1:
                cannot[seat] |= HIGHER_TRUMPS[high] & ~puur
            continue
        if suit == led:
            continue
        if suit == trump:
            if not p.trump_allowed_when_able_to_follow:
                cannot[seat] |= SUIT_MASKS[led]
            if high >= 0 and not HIGHER_TRUMPS[high] >> c & 1:  # an undertrump
                if p.undertrump == "banned_unless_only_trumps":
                    partner_winning = len(before) >= 2 and trick_winner(before, contract) == len(before) - 2
                    if p.undertrump_ban_when_partner_leads is not False or not partner_winning:
                        cannot[seat] |= ~tmask & ((1 << 36) - 1)
                elif p.must_overtrump:
                    cannot[seat] |= HIGHER_TRUMPS[high] & ~puur
            continue
        cannot[seat] |= SUIT_MASKS[led]  # a discard: void in the led suit
        if high >= 0 and p.must_overtrump:
            cannot[seat] |= HIGHER_TRUMPS[high] & ~puur
    return (cannot[0], cannot[1], cannot[2], cannot[3])


def _played_mask(obs: Observation) -> int:
    m = 0
    for t in obs.tricks:
        m |= mask_of(t.cards)
    for _, c in obs.trick:
        m |= 1 << c
    return m


def _played_by(obs: Observation) -> list[int]:
    by = [0, 0, 0, 0]
    for t in obs.tricks:
        for i, c in enumerate(t.cards):
            by[(t.leader + i) % 4] |= 1 << c
    for s, c in obs.trick:
        by[s] |= 1 << c
    return by


class InconsistentObservation(ValueError):
    """No deal agrees with the observation (a corrupted or hand-made observation)."""


class Determinizer:
    """Samples full deals consistent with one observation; the constraints are read once.

    Hidden cards are dealt one by one, in random order, to a seat that may hold them, with probability
    proportional to the room left in each hand; a seat is only chosen when the rest can still be placed
    (Hall's condition over the three hidden hands), so the sampler never dead-ends. With no constraints
    this is exactly uniform; with constraints it is close to uniform. Announced Weis values (trick 1 of
    the announcing profiles) are enforced by rejection, up to ``max_tries`` samples.
    """

    def __init__(self, obs: Observation, max_tries: int = 50) -> None:
        self.obs = obs
        self.max_tries = max_tries
        seat = obs.seat
        self.cannot, must = constraints(obs)
        base = [0, 0, 0, 0]
        base[seat] = obs.hand_mask
        played = _played_mask(obs)
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

    def sample(self, rng: random.Random) -> list[int]:
        """The four current hands, as card sets."""
        first: list[int] | None = None
        for _ in range(self.max_tries):
            hands = _sample(self.cards, self.others, self.need, self.cannot, self.base, rng)
            if not self.check_announced or _announcements_hold(self.obs, hands):
                return hands
            first = first or hands
        assert first is not None
        return first


def determinize(obs: Observation, rng: random.Random, *, max_tries: int = 50) -> list[int]:
    """A full deal (the four current hands, as card sets) consistent with everything ``obs.seat`` knows:
    its hand, the cards played, voids and trump limits shown by the play, shown Weis, announced Weis
    values. See ``Determinizer`` for the sampling."""
    return Determinizer(obs, max_tries).sample(rng)


_SUBKEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k in range(1, 8) if k & ~subset == 0) for subset in range(8)
)
"""For each set of the three hidden seats (3 bits), the allowed-seat sets contained in it."""


def _sample(
    cards: list[int], others: list[int], need0: dict[int, int], cannot: list[int], base: list[int], rng: random.Random
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
    if all(k == 7 for k in keys):  # no constraint: deal the shuffled cards out, exactly uniform
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
        weights: list[int] = []
        for i in range(3):
            if k >> i & 1 and need[i] > 0:
                need[i] -= 1
                if _hall(counts, need):
                    choices.append(i)
                    weights.append(need[i] + 1)
                need[i] += 1
        if not choices:
            raise InconsistentObservation("the hidden cards cannot be dealt consistently with the play")
        i = rng.choices(choices, weights)[0] if len(choices) > 1 else choices[0]
        need[i] -= 1
        hands[others[i]] |= 1 << cards[j]
    return hands


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
    by = _played_by(obs)
    order = [s for s, _ in obs.trick]
    bests: list[Meld | None] = [None, None, None, None]
    for s in order:
        bests[s] = declaration(hands[s] | by[s], obs.profile, obs.contract).best
    return announcements(bests, order, obs.profile, obs.contract) == obs.weis_announced


__all__ = ["Determinizer", "InconsistentObservation", "Observation", "TrickView", "constraints", "determinize", "observe"]
