"""One seat's view of a match: the ``Observation``.

An ``Observation`` is built from the game by copying only what the seat may know: its own hand, the
played cards, public declarations (RULES.md §14.1: announced Weis values, shown melds, a declared Stöck),
the scores. It holds no other card by construction, so a player given it cannot peek.

What the seat can infer from the play is ``puur.inference``; full deals and rounds consistent with the
view (for search) are ``puur.determinize``. Their public names stay importable from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from puur.cards import Action, Card, Contract, iter_cards, mask_of
from puur.determinize import Determinizer, InconsistentObservation, determinize, resample
from puur.inference import constraints, read_trick
from puur.profile import RuleProfile
from puur.rules.tables import STOECK_POINTS
from puur.rules.weis import Declaration, announcements

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

__all__ = [
    "Determinizer", "InconsistentObservation", "Observation", "TrickView", "announcements", "constraints",
    "determinize", "observe", "read_trick", "resample",
]  # fmt: skip
