"""A seat's ``Observation`` as a fixed-size vector of numbers, and the actions as fixed indices.

The encoding is a pure function of one ``Observation`` (INTERFACES.md §2): what a seat may know, nothing
more, so no encoded vector can hold another seat's hidden card. Seats are written relative to the
observing seat: 0 is the seat itself, 1 the next seat to play after it, 2 its partner, 3 the seat before
it; team 0 is the seat's own team. Every value lies in [0, 1].

Layout, version ``ENCODING_VERSION`` (the order of ``BLOCKS``; ``layout()`` gives each block's slice):

=================== ============ =====================================================================
block               size         meaning
=================== ============ =====================================================================
hand                36           the seat's cards (card index ``suit * 9 + rank``, puur.core.cards)
trick               4 x 36       the current trick: the card each relative seat has played to it
trick_leader        4            the relative seat that leads the current trick (during play)
tricks              9 x 4 x 36   finished tricks in order: the card each relative seat played
trick_leaders       9 x 4        who led each finished trick
trick_winners       9 x 4        who took each finished trick
contract            10           the contract (``CONTRACTS``), none before it is chosen
direction           2            the order of the current trick, Obenabe or Undenufe, under O, U, Slalom and
                                 Guschti (their order changes by trick, J30); none under a trump
chooser             4            who chose the contract (after a push: the forehand's partner)
pushed              1            the forehand pushed (geschoben)
forehand            4            the round's forehand
dealer              4            the round's dealer
phase               3            contract, play, over (``PHASES``)
to_act              4            the seat to act (none once the match is over)
factor              1            the round's multiplier / ``FACTOR_SCALE`` (clipped to 1)
multipliers         10           each contract's multiplier in the profile / ``FACTOR_SCALE``
weis_announced      4            the best Weis value each seat announced / ``WEIS_SCALE``
weis_shown          4 x 36       the cards of each seat's shown melds
weis_shown_points   4            the points of each seat's shown melds / ``WEIS_SCALE``
stoeck              4            who declared Stöck (scored), RULES.md §10
scores              2            written totals (own team, other team) / target, clipped to 1
round_points        2            card points this round (own team, other team) / 157
target              1            the profile's target / ``TARGET_SCALE``
hand_sizes          4            cards in each hand / 9
round_number        1            the round of the match / ``ROUND_SCALE`` (clipped)
profile             PROFILE      one-hot of each option in ``PROFILE_FEATURES`` (the rule profile)
=================== ============ =====================================================================

Actions (``ACTIONS``, the index is the position): the 36 cards by index, the contracts of ``CONTRACTS``,
push (``P``), claim (``classic``: ``game_end = claim``), and ``STOECK``: play the trump King or Ober that
completes the seat's Stöck *and* declare it (only under ``stoeck: strict``, J14, where a player must
declare; the plain card index plays it without the declaration). With its card of trick 1 a seat
declares the Weis alternative with the most points (``weis:0``, RULES.md §9.3), as a table does when the
player names none.

Version 2 added Slalom and Guschti (docs/contracts-slalom-guschti.md) and the ``direction`` block. To add a
contract extend ``CONTRACTS`` and bump ``ENCODING_VERSION``: the contract, multiplier and action blocks follow
that one table. ``tests/env/test_rl_encoding.py`` pins the sizes of each version, so a change of layout
without a new version fails loudly.

The layout is plain Python (``features``: the values that are not zero, by index), so that a player that
reads it needs nothing beyond the standard library (the learnt networks of ``puur.bots.learned``, the
engine in the page); ``puur.env.encoding`` writes the same values into numpy arrays for the environments.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from enum import Enum
from typing import Any

from puur.core.cards import CLAIM, PUSH, Card, Contract, Special
from puur.core.profile import RuleProfile
from puur.core.rules.stoeck import stoeck_cards
from puur.info.observation import Observation

ENCODING_VERSION = 2
"""The layout's version: bumped with any change of ``BLOCKS``, ``CONTRACTS``, ``PHASES``, ``ACTIONS`` or
``PROFILE_FEATURES``. Self-play data (``puur selfplay``) records it with every row."""

CONTRACTS: tuple[Contract, ...] = (
    Contract.C, Contract.D, Contract.H, Contract.S, Contract.O, Contract.U,
    Contract.SLO, Contract.SLU, Contract.GUO, Contract.GUU,
)  # fmt: skip
"""The contracts the encoding knows, in order: the six of the Schieber (RULES.md §4.1), then Slalom and
Guschti by their starting direction (offered under ``extra_contracts``). The one table to extend
for a new contract (with a new ``ENCODING_VERSION``)."""


PHASES: tuple[str, ...] = ("contract", "play", "over")
"""The phases of a Schieber round the encoding knows (``Observation.phase``); the environments play the
Schieber form, so another form's phase (the Differenzler's prediction) is refused by name."""


class EnvSpecial(Enum):
    """Actions of the environments that are not a Puur ``Action`` by themselves."""

    STOECK = "stoeck"
    """Play the card that completes the seat's Stöck and declare it (``stoeck: strict``, RULES.md §10)."""

    def __str__(self) -> str:
        return self.value


STOECK = EnvSpecial.STOECK

EnvAction = Card | Contract | Special | EnvSpecial
ACTIONS: tuple[EnvAction, ...] = (*Card, *CONTRACTS, PUSH, CLAIM, STOECK)
"""Every action by its index: 36 cards, the contracts, push, claim, Stöck."""
N_ACTIONS = len(ACTIONS)
_SPECIAL_INDEX: dict[Special | EnvSpecial, int] = {a: i for i, a in enumerate(ACTIONS) if isinstance(a, Special | EnvSpecial)}
# (Cards and contracts are IntEnums that equal their plain ints, though never each other: a plain int
# could stand for either, so ``action_index`` tells them apart by type.)

FACTOR_SCALE = 10.0
WEIS_SCALE = 300.0
TARGET_SCALE = 10_000.0
ROUND_SCALE = 30.0
ROUND_CARD_POINTS = 157.0

PROFILE_FEATURES: tuple[tuple[str, tuple[Any, ...]], ...] = (
    ("first_forehand", ("holder:C7", "holder:H7", "holder:D7", "dealer_right")),
    ("undenufe_values", ("modern", "classic")),
    ("trump_allowed_when_able_to_follow", (True, False)),
    ("undertrump", ("banned_unless_only_trumps", "allowed_unless_can_overtrump")),
    ("undertrump_ban_when_partner_leads", (True, False)),
    ("must_overtrump", (True, False)),
    ("overtrump_on_trump_lead", (True, False)),
    ("lone_puur_may_be_kept", (True, False)),
    ("weis_values", ("small", "extended")),
    ("weis_overlap", ("disjoint", "sequence_and_quartet_may_share")),
    ("weis_split_long_runs", (True, False)),
    ("weis_compare", ("points_cards_top", "points_type_length_top", "points_top")),
    ("weis_undenufe_reverse", (True, False)),
    ("weis_declaration", ("automatic", "announce_then_resolve", "show_with_first_card", "announce_value_show_on_trick_2")),
    ("stoeck", ("automatic", "lenient", "strict")),
    ("crossing_priority", ("stoeck_weis_tricks", "weis_stoeck_tricks")),
    ("trick_block_tie", ("trick_by_trick", "higher_total")),
    ("game_end", ("end_of_round", "live", "claim")),
    ("extra_contracts", ("none", "slalom", "guschti", "slalom_guschti")),
)
"""The rule profile's options (RULES.md §14.1) as one-hots: the option, then its values in order. A value
not listed (an option of None, or one added after this version) sets none of its bits."""

class Block:
    """One block of the encoded vector as its fill writes it: ``block[i] = value`` (``i`` an index or a list
    of indices within the block) and ``block[i]`` read back; only the values written are kept, in one
    dictionary for the whole vector (``features``)."""

    __slots__ = ("out", "start")

    def __init__(self, out: dict[int, float], start: int) -> None:
        self.out = out
        self.start = start

    def __setitem__(self, key: int | list[int], value: float) -> None:
        for k in key if isinstance(key, list) else (key,):
            self.out[self.start + k] = float(value)

    def __getitem__(self, key: int) -> float:
        return self.out.get(self.start + key, 0.0)


_Fill = Callable[[Block, Observation], None]


def _rel(obs: Observation, seat: int) -> int:
    """``seat`` seen from the observing seat: 0 itself, 1 next, 2 partner, 3 previous."""
    return (seat - obs.seat) % 4


def _team(obs: Observation, team: int) -> int:
    """0 for the observing seat's team, 1 for the other."""
    return (team - obs.seat) % 2


def _hand(v: Block, obs: Observation) -> None:
    v[[int(c) for c in obs.hand]] = 1.0


def _trick(v: Block, obs: Observation) -> None:
    v[[_rel(obs, seat) * 36 + int(c) for seat, c in obs.trick]] = 1.0


def _trick_leader(v: Block, obs: Observation) -> None:
    if obs.phase == "play":
        v[_rel(obs, obs.leader)] = 1.0


def _tricks(v: Block, obs: Observation) -> None:
    me = obs.seat
    v[
        [
            t * 144 + (trick.leader + i - me) % 4 * 36 + int(c)
            for t, trick in enumerate(obs.tricks)
            for i, c in enumerate(trick.cards)
        ]
    ] = 1.0


def _trick_leaders(v: Block, obs: Observation) -> None:
    v[[t * 4 + _rel(obs, trick.leader) for t, trick in enumerate(obs.tricks)]] = 1.0


def _trick_winners(v: Block, obs: Observation) -> None:
    v[[t * 4 + _rel(obs, trick.winner) for t, trick in enumerate(obs.tricks)]] = 1.0


def _contract(v: Block, obs: Observation) -> None:
    if obs.contract is not None:
        v[contract_index(obs.contract)] = 1.0


def _direction(v: Block, obs: Observation) -> None:
    """The current trick's order under the contracts without trump (Slalom and Guschti change it by trick)."""
    c = obs.contract
    if c is None or c.is_trump or len(obs.tricks) >= 9:
        return
    v[0 if c.direction(len(obs.tricks)) == Contract.O else 1] = 1.0


def contract_index(contract: Contract) -> int:
    """The contract's position in ``CONTRACTS``; ``ValueError`` for one this version does not know."""
    try:
        return CONTRACTS.index(contract)
    except ValueError:
        raise ValueError(
            f"contract {contract.name} is not in encoding version {ENCODING_VERSION}: extend "
            "puur.info.encoding.CONTRACTS and bump ENCODING_VERSION"
        ) from None


def check_profile(profile: RuleProfile) -> RuleProfile:
    """``profile`` when every contract it offers is in ``CONTRACTS``; else ``ValueError`` naming the ones
    this encoding version cannot encode (Slalom and Guschti, ``extra_contracts``)."""
    unknown = [c.name for c in profile.contracts if c not in CONTRACTS]
    if unknown:
        raise ValueError(
            f"the profile offers the contracts {', '.join(unknown)}, which encoding version {ENCODING_VERSION} "
            f"does not know (it encodes {' '.join(c.name for c in CONTRACTS)}): extend "
            "puur.info.encoding.CONTRACTS and bump ENCODING_VERSION"
        )
    return profile


def _seat_of(get: Callable[[Observation], int | None]) -> _Fill:
    def fill(v: Block, obs: Observation) -> None:
        seat = get(obs)
        if seat is not None:
            v[_rel(obs, seat)] = 1.0

    return fill


def _pushed(v: Block, obs: Observation) -> None:
    v[0] = float(obs.pushed)


def _phase(v: Block, obs: Observation) -> None:
    if obs.phase not in PHASES:
        raise ValueError(f"phase {obs.phase!r} is not in encoding version {ENCODING_VERSION} (the Schieber's phases)")
    v[PHASES.index(obs.phase)] = 1.0


def _factor(v: Block, obs: Observation) -> None:
    v[0] = min(1.0, obs.factor / FACTOR_SCALE)


def _multipliers(v: Block, obs: Observation) -> None:
    for i, c in enumerate(CONTRACTS):
        v[i] = min(1.0, obs.profile.factor(c) / FACTOR_SCALE)


def _weis_announced(v: Block, obs: Observation) -> None:
    for seat, value in obs.weis_announced:
        r = _rel(obs, seat)
        v[r] = max(v[r], min(1.0, value / WEIS_SCALE))


def _weis_shown(v: Block, obs: Observation) -> None:
    for seat, melds in obs.weis_shown:
        for meld in melds:
            for c in meld.cards:
                v[_rel(obs, seat) * 36 + int(c)] = 1.0


def _weis_shown_points(v: Block, obs: Observation) -> None:
    for seat, melds in obs.weis_shown:
        v[_rel(obs, seat)] = min(1.0, sum(m.points for m in melds) / WEIS_SCALE)


def _stoeck(v: Block, obs: Observation) -> None:
    if obs.stoeck is not None:
        v[_rel(obs, obs.stoeck.seat)] = 1.0


def _scores(v: Block, obs: Observation) -> None:
    for team in (0, 1):
        v[_team(obs, team)] = min(1.0, obs.scores[team] / obs.target)


def _round_points(v: Block, obs: Observation) -> None:
    for team in (0, 1):
        v[_team(obs, team)] = min(1.0, obs.round_points[team] / ROUND_CARD_POINTS)


def _target(v: Block, obs: Observation) -> None:
    v[0] = min(1.0, obs.target / TARGET_SCALE)


def _hand_sizes(v: Block, obs: Observation) -> None:
    for seat, n in enumerate(obs.hand_sizes):
        v[_rel(obs, seat)] = n / 9.0


def _round_number(v: Block, obs: Observation) -> None:
    v[0] = min(1.0, obs.round_number / ROUND_SCALE)


def _profile(v: Block, obs: Observation) -> None:
    i = 0
    for option, values in PROFILE_FEATURES:
        value = getattr(obs.profile, option)
        for known in values:
            if value is known or (type(value) is type(known) and value == known):
                v[i] = 1.0
            i += 1


BLOCKS: tuple[tuple[str, int, _Fill], ...] = (
    ("hand", 36, _hand),
    ("trick", 4 * 36, _trick),
    ("trick_leader", 4, _trick_leader),
    ("tricks", 9 * 4 * 36, _tricks),
    ("trick_leaders", 9 * 4, _trick_leaders),
    ("trick_winners", 9 * 4, _trick_winners),
    ("contract", len(CONTRACTS), _contract),
    ("direction", 2, _direction),
    ("chooser", 4, _seat_of(lambda o: o.chooser)),
    ("pushed", 1, _pushed),
    ("forehand", 4, _seat_of(lambda o: o.forehand)),
    ("dealer", 4, _seat_of(lambda o: o.dealer)),
    ("phase", len(PHASES), _phase),
    ("to_act", 4, _seat_of(lambda o: o.to_act)),
    ("factor", 1, _factor),
    ("multipliers", len(CONTRACTS), _multipliers),
    ("weis_announced", 4, _weis_announced),
    ("weis_shown", 4 * 36, _weis_shown),
    ("weis_shown_points", 4, _weis_shown_points),
    ("stoeck", 4, _stoeck),
    ("scores", 2, _scores),
    ("round_points", 2, _round_points),
    ("target", 1, _target),
    ("hand_sizes", 4, _hand_sizes),
    ("round_number", 1, _round_number),
    ("profile", sum(len(values) for _, values in PROFILE_FEATURES), _profile),
)
"""The observation's blocks in order: name, size, and the pure function that writes it."""

OBS_SIZE = sum(size for _, size, _ in BLOCKS)


def layout() -> dict[str, slice]:
    """Each block's slice of the encoded vector, by name."""
    out: dict[str, slice] = {}
    start = 0
    for name, size, _ in BLOCKS:
        out[name] = slice(start, start + size)
        start += size
    return out


_SLICES = tuple((start.start, start.stop, fill) for start, (_, _, fill) in zip(layout().values(), BLOCKS, strict=True))


_STATIC = frozenset({"multipliers", "target", "profile"})
"""Blocks that depend on the rule profile alone: written once per profile (``_profile_part``)."""
_DYNAMIC = tuple(s for s, (name, _, _) in zip(_SLICES, BLOCKS, strict=True) if name not in _STATIC)


@functools.lru_cache(maxsize=64)
def _profile_part(profile: RuleProfile) -> tuple[tuple[int, float], ...]:
    """The values of the profile's blocks alone (each written once per profile)."""
    out: dict[int, float] = {}
    probe = _ProfileOnly(profile)
    for (start, _, fill), (name, _, _) in zip(_SLICES, BLOCKS, strict=True):
        if name in _STATIC:
            fill(Block(out, start), probe)  # type: ignore[arg-type]
    return tuple(out.items())


class _ProfileOnly:
    """What the profile's blocks read of an observation (the profile and its target)."""

    def __init__(self, profile: RuleProfile) -> None:
        self.profile = profile
        self.target = profile.target


def features(obs: Observation) -> dict[int, float]:
    """The observation's encoded values that are not zero, by index in the layout above (``OBS_SIZE``
    values in all, each in [0, 1]): what ``puur.env.encoding.encode`` writes into a vector, in plain Python.

    A pure function of ``obs``: two observations that are equal encode equally, whatever the hidden cards
    of the other seats."""
    out = dict(_profile_part(obs.profile))
    if obs.target != obs.profile.target:
        _target(Block(out, layout()["target"].start), obs)
    for start, _, fill in _DYNAMIC:
        fill(Block(out, start), obs)
    return {i: v for i, v in out.items() if v}


def stoeck_card(obs: Observation) -> Card | None:
    """The legal card with which the seat now completes, and must declare, its Stöck under ``stoeck:
    strict`` (RULES.md §10, J14): the trump King or Ober, the other of the pair having been played by this
    seat this round (so it held both). Read from the observation alone; None when there is none."""
    if obs.profile.stoeck != "strict" or obs.contract is None or obs.phase != "play" or obs.stoeck is not None:
        return None
    pair = stoeck_cards(obs.contract)
    if not pair:
        return None
    mine = {int(c) for t in obs.tricks for i, c in enumerate(t.cards) if (t.leader + i) % 4 == obs.seat}
    mine |= {int(c) for s, c in obs.trick if s == obs.seat}
    for a in obs.legal_actions:
        if isinstance(a, Card) and pair >> int(a) & 1 and (pair & ~(1 << int(a))).bit_length() - 1 in mine:
            return a
    return None


def action_index(action: object) -> int:
    """The index of a Puur action (or ``STOECK``) in ``ACTIONS``; ``ValueError`` for an action of another
    game form (the environments play the Schieber)."""
    if isinstance(action, Card):
        return int(action)
    if isinstance(action, Contract):
        return len(Card) + contract_index(action)
    if isinstance(action, Special | EnvSpecial) and action in _SPECIAL_INDEX:
        return _SPECIAL_INDEX[action]
    raise ValueError(f"action {action} is not in encoding version {ENCODING_VERSION} (the Schieber's actions)")


__all__ = [
    "ACTIONS", "BLOCKS", "CONTRACTS", "ENCODING_VERSION", "N_ACTIONS", "OBS_SIZE", "PROFILE_FEATURES", "STOECK",
    "Block", "EnvAction", "EnvSpecial", "action_index", "check_profile", "contract_index", "features", "layout",
    "stoeck_card",
]  # fmt: skip
