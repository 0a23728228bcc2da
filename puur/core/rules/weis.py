"""Weis (melds): detection, the declaration (the best choice of melds), a player's alternatives and the
comparison chain (RULES.md §9).

Options read: ``weis_values`` (small/extended, §9.1), ``weis_overlap`` and ``weis_split_long_runs``
(§9.3), ``weis_compare`` and ``weis_undenufe_reverse`` (§9.5).

>>> from puur.core.cards import Card, mask_of
>>> from puur.core.profile import RuleProfile
>>> d = declaration(mask_of([Card.D6, Card.D7, Card.D8, Card.HA]), RuleProfile.preset("schieber"))
>>> d.points, d.melds[0].kind
(20, 'sequence')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import product
from typing import NamedTuple

from puur.core.cards import Card, CardIndex, CardSet, Contract, Rank, mask_of
from puur.core.profile import RuleProfile

SEQUENCE_VALUES = {
    # run length -> points (§9.1); SMALL: "five or more = 100" (S000, S001); EXTENDED: S004, J17
    "small": {3: 20, 4: 50, 5: 100, 6: 100, 7: 100, 8: 100, 9: 100},
    "extended": {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300},
}
QUARTET_VALUES = {
    # natural rank -> points; 0 means no Weis (four 6s, 7s, 8s; four 9s in SMALL)
    "small": (0, 0, 0, 0, 100, 200, 100, 100, 100),
    "extended": (0, 0, 0, 150, 100, 200, 100, 100, 100),
}

MOST_IN_A_HAND = {"small": 300, "extended": 350}
"""The most Weis one hand can declare, by ``weis_values``: four Unders and four Aces (small), four Unders and
four Nells (extended), under every overlap and splitting rule (a test finds it over every hand made of
melds). A team, two hands, writes at most twice that: a bound the oracle's ``score`` holds Weis to."""


class Meld(NamedTuple):
    """One meld: a ``sequence`` of one suit in natural order, or ``four`` of a rank (a quartet)."""

    kind: str
    cards: tuple[CardIndex, ...]
    points: int

    @property
    def top(self) -> int:
        """Natural index of the highest card (a quartet: its rank), §9.5. Cards are held in index order,
        so the last card is the highest of a sequence, and every card of a quartet has its rank."""
        return self.cards[-1] % 9

    @property
    def suit(self) -> int | None:
        return self.cards[0] // 9 if self.kind == "sequence" else None

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "cards": [str(Card(c)) for c in self.cards], "points": self.points}

    @classmethod
    def from_dict(cls, data: dict[str, object], profile: RuleProfile) -> Meld:
        """A meld given by its cards (for the calculator); its kind and value are checked, not trusted."""
        raw = data.get("cards") if isinstance(data, dict) else None
        if not isinstance(raw, list):
            raise ValueError("a meld is an object with 'cards': a list of cards")
        cards = sorted(int(Card.parse(c)) for c in raw)
        if len(set(cards)) != len(cards):
            raise ValueError("a meld cannot hold the same card twice")
        if len(cards) == 4 and len({c % 9 for c in cards}) == 1:
            pts = QUARTET_VALUES[profile.weis_values][cards[0] % 9]
            if not pts:
                raise ValueError(f"four {Rank(cards[0] % 9).code}s are no Weis under weis_values={profile.weis_values}")
            return cls("four", tuple(cards), pts)
        suits = {c // 9 for c in cards}
        ranks = [c % 9 for c in cards]
        if len(cards) >= 3 and len(suits) == 1 and ranks == list(range(ranks[0], ranks[0] + len(ranks))):
            return cls("sequence", tuple(cards), SEQUENCE_VALUES[profile.weis_values][len(cards)])
        raise ValueError(
            "not a meld: a Weis is 3 or more cards of one suit in a row (6 7 8 9 10 J Q K A), "
            "or four cards of one rank"
        )


class Declaration(NamedTuple):
    """The melds one player declares (the choice that scores most, §9.3), their sum and the best meld."""

    melds: tuple[Meld, ...]
    points: int
    best: Meld | None


def _compositions(n: int) -> list[tuple[int, ...]]:
    """Ways to cut a run of ``n`` cards into disjoint runs of at least 3, bottom to top."""
    if n < 3:
        return [()] if n == 0 else []
    out: list[tuple[int, ...]] = [(n,)]
    for first in range(3, n - 2):
        out.extend((first, *rest) for rest in _compositions(n - first) if rest)
    return out


def is_weis_total(points: int) -> bool:
    """Whether a team or a player can write ``points`` of Weis (before the factor), as sums of melds worth
    20, 50, 100, 150, ... (§9.1): 0, or a multiple of 10 from 20 up but 30."""
    return points >= 0 and points % 10 == 0 and points not in (10, 30)


def meld_shapes(profile: RuleProfile) -> frozenset[tuple[int, int]]:
    """The (points, cards) of every meld the profile scores (§9.1): a run of 3 to 9 cards at its
    ``weis_values`` worth, and a four of a kind (4 cards) of each rank that scores."""
    runs = {(pts, n) for n, pts in SEQUENCE_VALUES[profile.weis_values].items()}
    return frozenset(runs | {(pts, 4) for pts in QUARTET_VALUES[profile.weis_values] if pts})


def meld_key(meld: Meld, profile: RuleProfile, contract: Contract | None) -> tuple[int, ...]:
    """The comparison key of a meld without the seat step (higher wins), §9.5.

    ``points_cards_top`` (S000, J): points, number of cards, top card, trump.
    ``points_type_length_top`` (S001): points, type (sequence above quartet, flagged §16 item 8), length, ...
    ``points_top`` (S004): points, top card, trump (no count step).
    The top card is reversed in Undenufe when ``weis_undenufe_reverse`` (seeds; never in Jasvel), and never
    under Slalom and Guschti, whatever their first trick (J30: "Weis is never inverted").
    """
    top = meld.top
    if contract == Contract.U and profile.weis_undenufe_reverse:
        top = -top
    is_trump = int(
        meld.kind == "sequence" and contract is not None and contract.is_trump and meld.suit == int(contract)
    )
    n = len(meld.cards)
    if profile.weis_compare == "points_cards_top":
        return (meld.points, n, top, is_trump)
    if profile.weis_compare == "points_type_length_top":
        return (meld.points, int(meld.kind == "sequence"), n, top, is_trump)
    return (meld.points, top, is_trump)


def _runs9(v: int) -> tuple[tuple[int, int], ...]:
    """(start rank, length) of every maximal run of at least 3 set bits in a 9-bit suit value."""
    out, start = [], -1
    for r in range(10):
        if r < 9 and v >> r & 1:
            if start < 0:
                start = r
        elif start >= 0:
            if r - start >= 3:
                out.append((start, r - start))
            start = -1
    return tuple(out)


RUNS9: tuple[tuple[tuple[int, int], ...], ...] = tuple(_runs9(v) for v in range(512))
"""Maximal runs of every 9-bit suit pattern, precomputed."""


def _runs(mask: CardSet) -> list[tuple[CardIndex, ...]]:
    """Maximal runs of at least 3 cards of one suit in natural order (§9.2; no wrap-around)."""
    runs: list[tuple[CardIndex, ...]] = []
    for suit in range(4):
        base = 9 * suit
        for start, length in RUNS9[mask >> base & 0x1FF]:
            runs.append(tuple(range(base + start, base + start + length)))
    return runs


def _quartets(mask: CardSet, values: str) -> list[Meld]:
    four = mask & (mask >> 9) & (mask >> 18) & (mask >> 27) & 0x1FF  # ranks held in all four suits
    out = []
    while four:
        rank = (four & -four).bit_length() - 1
        four &= four - 1
        if QUARTET_VALUES[values][rank]:
            out.append(Meld("four", tuple(s * 9 + rank for s in range(4)), QUARTET_VALUES[values][rank]))
    return out


_NO_MELDS = Declaration((), 0, None)


def may_hold_meld(mask: CardSet) -> bool:
    """Quick test, true for every hand with a meld (and some without: four 6s, 7s, 8s or 9s where those
    score nothing): a rank in all four suits, or three in a row in some suit."""
    if mask & (mask >> 9) & (mask >> 18) & (mask >> 27) & 0x1FF:
        return True
    run3 = mask & (mask >> 1) & (mask >> 2)
    # keep only starts 0..6 within each suit so a run never wraps into the next suit
    return bool(run3 & _START_MASK)


_START_MASK = sum(0x7F << (9 * s) for s in range(4))


def _run_options(run: tuple[CardIndex, ...], seq_values: dict[int, int], split: bool) -> list[tuple[Meld, ...]]:
    """The ways one run may be written: whole, or (with ``weis_split_long_runs``, S000) cut into disjoint
    runs of at least 3 cards (§9.3: 8 = 5 + 3)."""
    options: list[tuple[Meld, ...]] = []
    for cut in _compositions(len(run)) if split else [(len(run),)]:
        parts, i = [], 0
        for size in cut:
            parts.append(Meld("sequence", run[i : i + size], seq_values[size]))
            i += size
        options.append(tuple(parts))
    return options


def _quartet_choices(quartets: Sequence[Meld]) -> list[tuple[Meld, ...]]:
    """Every choice of quartets to declare (a 9-card hand holds at most two), none first."""
    out: list[tuple[Meld, ...]] = [()]
    for q in quartets:
        out += [(*chosen, q) for chosen in out]
    return out


def _with_runs(
    quartets: tuple[Meld, ...], runs: Sequence[tuple[CardIndex, ...]], seq_values: dict[int, int], split: bool
) -> list[tuple[Meld, ...]]:
    """``quartets`` plus every way of writing ``runs`` (each whole, or split where the profile allows)."""
    per_run = [_run_options(run, seq_values, split) for run in runs]
    return [(*quartets, *(m for part in choice for m in part)) for choice in product(*per_run)]


def choices(hand: CardSet, profile: RuleProfile) -> list[tuple[Meld, ...]]:
    """Every declaration of ``hand`` (a card set, as dealt) the profile allows, RULES.md §9.3.

    ``disjoint`` (S000 "cards cannot overlap separate Weis", S001 "cannot belong to two combinations"): any
    choice of the hand's quartets, with the maximal runs of the cards those quartets leave (a quartet may
    shorten a run; what is left of it counts if it still has 3 cards or more).
    ``sequence_and_quartet_may_share`` (J17, J25): runs stay maximal and a card may sit in a run and a
    quartet, but "the team does not score both melds together" (J25): a run and a quartet that share a
    card are never both written, so each choice of quartets drops the runs it touches.
    Runs are cut into parts only under ``weis_split_long_runs`` (S000).
    """
    if not may_hold_meld(hand):
        return [()]
    seq_values = SEQUENCE_VALUES[profile.weis_values]
    split = profile.weis_split_long_runs
    out: list[tuple[Meld, ...]] = []
    for chosen in _quartet_choices(_quartets(hand, profile.weis_values)):
        taken = mask_of(c for q in chosen for c in q.cards)
        if profile.weis_overlap == "disjoint":
            runs = _runs(hand & ~taken)
        else:
            runs = [run for run in _runs(hand) if not mask_of(run) & taken]
        out += _with_runs(chosen, runs, seq_values, split)
    return out


def _strength(melds: tuple[Meld, ...], profile: RuleProfile, contract: Contract | None) -> tuple[object, ...]:
    """How a declaration ranks among a hand's choices (§9.3): the most points; on equal points the
    strongest best meld (§9.5 chain), then the strongest second meld, and so on."""
    keys = sorted((meld_key(m, profile, contract) for m in melds), reverse=True)
    return (sum(m.points for m in melds), tuple(keys))


def _as_declaration(melds: tuple[Meld, ...], profile: RuleProfile, contract: Contract | None) -> Declaration:
    best = max(melds, key=lambda m: meld_key(m, profile, contract), default=None)
    return Declaration(melds, sum(m.points for m in melds), best)


def best_of(
    options: Iterable[tuple[Meld, ...]], profile: RuleProfile, contract: Contract | None = None
) -> Declaration:
    """The declaration among ``options`` with the most points, ties to the strongest best meld (§9.3);
    on a full tie the first given."""
    best: tuple[Meld, ...] = ()
    rank: tuple[object, ...] | None = None
    for melds in options:
        r = _strength(melds, profile, contract)
        if rank is None or r > rank:
            best, rank = melds, r
    return _as_declaration(best, profile, contract) if best else _NO_MELDS


@lru_cache(maxsize=1 << 16)
def declaration(hand: CardSet, profile: RuleProfile, contract: Contract | None = None) -> Declaration:
    """The declaration of ``hand`` (a card set, as dealt): of every choice the profile allows
    (``choices``, §9.3) the one with the most points, ties to the strongest best meld (§9.5 chain with
    ``contract``), INTERFACES.md §1 ``melds``. It is the default for every seat; a seat offered
    ``alternatives`` may declare another.

    Under ``disjoint`` every choice of quartets is tried, so H9-HA + CQ DQ SQ declares the six-run (150),
    not four Queens + H9-H10-HJ (120); under ``sequence_and_quartet_may_share`` H8-HK + C10 D10 S10
    writes the six-run (150), never both it and four tens (J17, J25).
    """
    if not may_hold_meld(hand):
        return _NO_MELDS
    return best_of(choices(hand, profile), profile, contract)


@lru_cache(maxsize=1 << 12)
def alternatives(hand: CardSet, profile: RuleProfile, contract: Contract | None = None) -> tuple[Declaration, ...]:
    """The declarations a player may choose between, most points first; the first is ``declaration``.

    Only where ``weis_split_long_runs`` (S000: "A long run of 8 may split into 5 and 3"; RULES.md §9.3
    "Splitting is the player's choice") does the player choose: the choices that differ in the best
    meld, each the one scoring most for its best meld, and only those no other choice beats on both
    points and best meld (an 8-run, 100 with 8 cards, against 5 + 3 = 120 whose best meld is a 5-run;
    a quartet that shortens a run against the whole run). Elsewhere the engine declares
    ``declaration`` (the profile's ``weis_declaration`` is automatic, shown, or, under Jasvel, J17
    "declares only the strongest meld"), so the only alternative is that one. No meld: empty.
    """
    first = declaration(hand, profile, contract)
    if not first.melds:
        return ()
    if not profile.weis_split_long_runs:
        return (first,)
    by_best: dict[tuple[int, ...], tuple[Meld, ...]] = {}
    for melds in choices(hand, profile):
        if not melds:
            continue
        key = max(meld_key(m, profile, contract) for m in melds)
        kept = by_best.get(key)
        if kept is None or _strength(melds, profile, contract) > _strength(kept, profile, contract):
            by_best[key] = melds
    ranked = sorted(by_best.items(), key=lambda kv: (sum(m.points for m in kv[1]), kv[0]), reverse=True)
    out: list[Declaration] = []
    for key, melds in ranked:  # most points first: keep each whose best meld beats every one before it
        if all(key > meld_key(d.best, profile, contract) for d in out if d.best is not None):
            out.append(_as_declaration(melds, profile, contract))
    assert out[0] == first
    return tuple(out)


def declaration_of(melds: Sequence[Meld], profile: RuleProfile, contract: Contract | None = None) -> Declaration:
    """The declaration of melds named one by one (the Weis calculator): all of them, except that a run and
    a quartet sharing a card (allowed only under ``sequence_and_quartet_may_share``) are never both
    written (J17, J25; RULES.md §9.3): of the choices without such a pair, the most points, ties to the
    strongest best meld. The melds keep the order given."""
    quartets = [m for m in melds if m.kind == "four"]
    options = []
    for chosen in _quartet_choices(quartets):
        taken = mask_of(c for q in chosen for c in q.cards)
        options.append(
            tuple(
                m
                for m in melds
                if (m.kind == "four" and m in chosen) or (m.kind == "sequence" and not mask_of(m.cards) & taken)
            )
        )
    return best_of(options, profile, contract)


class WeisResult(NamedTuple):
    """Who writes Weis (§9.6): the seat with the single best meld, its team, and both teams' points."""

    declarations: tuple[Declaration, ...]
    winner_seat: int | None
    team: int | None
    points: tuple[int, int]


def seat_key(meld: Meld, seat: int, profile: RuleProfile, contract: Contract | None, forehand: int) -> tuple[int, ...]:
    """The comparison key of ``seat``'s best meld (higher wins, §9.5): ``meld_key``, then ties to the seat
    nearer the forehand."""
    return (*meld_key(meld, profile, contract), -((seat - forehand) % 4))


def resolve_weis(
    hands: Sequence[CardSet], profile: RuleProfile, contract: Contract, forehand: int = 0
) -> WeisResult:
    """Who writes Weis when every seat declares its ``declaration`` (§9.6); see ``resolve_declarations``."""
    decls = tuple(declaration(h, profile, contract) if may_hold_meld(h) else _NO_MELDS for h in hands)
    return resolve_declarations(decls, profile, contract, forehand)


def resolve_declarations(
    decls: Sequence[Declaration], profile: RuleProfile, contract: Contract, forehand: int = 0
) -> WeisResult:
    """Compare the best meld of every seat's declaration (ties to the seat nearer the forehand, §9.5) and
    score the winning team.

    The winning team writes all melds of both its players; the other team writes nothing (§9.6, S000,
    S001, S004, J14, J17). Points are before the multiplier.
    """
    decls = tuple(decls)
    winner: int | None = None
    winner_key: tuple[int, ...] = ()
    for seat, d in enumerate(decls):
        if d.best is None:
            continue
        key = seat_key(d.best, seat, profile, contract, forehand)
        if winner is None or key > winner_key:
            winner, winner_key = seat, key
    if winner is None:
        return WeisResult(decls, None, None, (0, 0))
    team = winner % 2
    pts = decls[team].points + decls[team + 2].points
    return WeisResult(decls, winner, team, (pts, 0) if team == 0 else (0, pts))


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
