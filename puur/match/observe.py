"""Observing the match: what one seat may know of a ``Game``, copied into an ``Observation``
(``puur.info.observation``) with the form's part (``FormView``).

This is the one way from the match to the information layer: the game produces observations; nothing in
``puur.info`` reads the game, so a player given an observation cannot reach another seat's cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from puur.core.actions import AnyAction
from puur.core.cards import Card, iter_cards
from puur.core.round import first_forehand_card
from puur.core.rules.tables import STOECK_POINTS
from puur.core.rules.weis import Declaration, announcements
from puur.info.form_view import FormView
from puur.info.observation import DeclaredStoeck, Observation, ShownMeld, ShownWeis, TrickView

if TYPE_CHECKING:
    from puur.match.game import Game


def observe(game: Game, seat: int) -> Observation:
    """Project ``game`` onto what ``seat`` may know."""
    if seat not in range(4):
        raise ValueError(f"seat must be 0, 1, 2 or 3, got {seat!r}")
    r = game.round
    profile = game.profile
    over = game.is_over
    phase = "over" if over else ("contract" if r.contract is None else "play")
    if not over and game.form is not None:
        phase = game.form.phase(game) or phase
    legal: tuple[AnyAction, ...] = tuple(game.legal_actions()) if game.current_seat == seat else ()
    announced, shown = _public_weis(game)
    stoeck = None
    if r.stoeck_holder is not None and r.stoeck_status == "scored":
        assert r.contract is not None
        holder = r.stoeck_holder
        stoeck = DeclaredStoeck(holder, holder & 1, tuple(Card(c) for c in iter_cards(r.stoeck_pair)), STOECK_POINTS)
    return Observation(
        seat=seat,
        hand=tuple(Card(c) for c in iter_cards(r.hands[seat])),
        phase=phase,
        dealer=r.dealer,
        forehand=r.forehand,
        pushed=r.pushed,
        chooser=r.chooser,
        contract=r.contract,
        factor=game.factor,
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
        form=form_view(game, seat),
        forehand_holds=_forehand_holds(game),
    )


def _forehand_holds(game: Game) -> Card | None:
    """The 7 whose holder leads a match's first round (RULES.md §3.2), where the rule chose the forehand: a
    public fact, since every seat sees who leads. None in every later round and wherever the forehand was
    given rather than found by the rule (``Game.first_forehand_by_rule``)."""
    card = first_forehand_card(game.profile)
    if card is None or game.round_number != 1 or not game.first_forehand_by_rule:
        return None
    return Card(card)


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


def _public_weis(game: Game) -> tuple[tuple[tuple[int, int], ...], tuple[ShownWeis, ...]]:
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


def _melds_of(decls: Sequence[Declaration], seats: Sequence[int]) -> tuple[ShownWeis, ...]:
    return tuple(
        ShownWeis(s, tuple(ShownMeld(m.kind, tuple(Card(c) for c in m.cards), m.points) for m in decls[s].melds))
        for s in seats
    )


def form_view(game: Game, seat: int) -> FormView | None:
    """``seat``'s view of the game's form (None for the Schieber)."""
    form = game.form
    if form is None:
        return None
    v = form.view(game, seat)
    return FormView(
        form=form.name,
        settings=form.settings(),
        sheet=v["sheet"],
        current=v.get("current"),
        own_prediction=v.get("own_prediction"),
        predicted=tuple(v.get("predicted", (False,) * 4)),  # type: ignore[arg-type]
        taken=tuple(v.get("taken", (0,) * 4)),  # type: ignore[arg-type]
        turned_up=Card.parse(v["turned_up"]) if v.get("turned_up") else None,
        announced=tuple(v["announced"]) if v.get("announced") is not None else None,  # type: ignore[arg-type]
        most=v.get("most"),
    )


__all__ = ["form_view", "observe"]
