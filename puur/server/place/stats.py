"""A Jass player's statistics (docs/players.md): what one finished match says about one of its seats.

Computed from the match as the engine played it, or as ``Game.from_record`` replays a record (the one replay
path: a record sent from a device counts only if it replays), and stored once per player and match
(``puur.server.store.player_stats``). Only complete rounds count for what a round is judged by (a Match, a
contract made): a round cut short by the end of the match has not been played out.

- points: what the seat's team wrote (after the factor), every round;
- a Match: all nine tricks to one team (RULES.md §11.1), made by the seat's team or suffered;
- a contract is made when its team took more of the round's points (cards, last trick) than the other;
- a push: the forehand handed the choice to their partner (schieben, §4.2);
- Weis written: the seat's own declaration counted because its team wrote Weis (§9.6); Stöck written: the
  seat held the pair and it scored (§10);
- best cards: the seat's cards that the open-card review (``puur.bots.analysis``) calls best (cost 0), over
  the rounds whose review was made (a review takes up to minutes: only those already made are counted).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puur.core.round import RoundState
from puur.core.rules.stoeck import StoeckStatus
from puur.match.game import Game
from puur.server.store.player_stats import MatchSummary


def contracts_chosen(game: Game) -> bool:
    """Whether the match's contracts are a seat's choice: not in a Differenzler whose contract is turned up or
    taken in turn (docs/forms.md: only its ``forehand`` rule lets the forehand name it)."""
    if game.form is None or game.form.name != "differenzler":
        return True
    return bool(game.form.settings().get("contract") == "forehand")


def won(game: Game, seat: int) -> bool:
    """Whether the seat's side won: its team, or (a Differenzler, where each plays for themselves) the seat
    among the leaders."""
    if game.winner is not None:
        return game.winner == seat & 1
    result = game.result() or {}
    return seat in (result.get("winners") or [])


def complete_rounds(game: Game) -> list[RoundState]:
    """The rounds played out and written (not the one the match's end cut short)."""
    return [game.round_states[i] for i, written in enumerate(game.rounds) if written.complete]


def summarize(game: Game, seat: int, reviews: Mapping[int, dict[str, Any]] | None = None) -> MatchSummary:
    """What the finished ``game`` says about ``seat``; ``reviews``: round number -> that round's review
    (``RoundReview.to_dict``), for the rounds reviewed."""
    team = seat & 1
    summary = MatchSummary(
        seat=seat, form=game.form.name if game.form is not None else "schieber", won=int(won(game, seat)),
        rounds=len(game.rounds), points=sum(int(r.written[team]) for r in game.rounds),
        matches_made=0, matches_suffered=0, forehand_rounds=0, pushes=0, weis_written=0, weis_points=0,
        stoeck_written=0, cards_played=0,
    )
    chosen = contracts_chosen(game)
    for r in complete_rounds(game):
        _count_round(summary, r, seat, chosen)
    for review in (reviews or {}).values():
        plays = [p for p in review.get("plays", []) if p.get("seat") == seat]
        summary.cards_reviewed += len(plays)
        summary.best_cards += sum(1 for p in plays if p.get("cost") == 0)
    return summary


def _count_round(summary: MatchSummary, r: RoundState, seat: int, chosen: bool) -> None:
    """Add one complete round to ``summary`` (``chosen``: the contract was the chooser's choice)."""
    team = seat & 1
    summary.matches_made += r.tricks_won[team] == 9
    summary.matches_suffered += r.tricks_won[1 - team] == 9
    if r.forehand == seat:
        summary.forehand_rounds += 1
        summary.pushes += r.pushed
    if chosen and r.chooser == seat and r.contract is not None:
        made = summary.contracts.setdefault(r.contract.name, [0, 0])
        made[0] += 1
        made[1] += r.card_points[team] > r.card_points[1 - team]
    weis = r.weis
    if r.weis_credited and weis is not None and weis.team == team and weis.declarations[seat].points > 0:
        summary.weis_written += 1
        summary.weis_points += weis.declarations[seat].points
    summary.stoeck_written += r.stoeck_holder == seat and r.stoeck_status == StoeckStatus.SCORED
    summary.cards_played += len(r.tricks)


__all__ = ["complete_rounds", "contracts_chosen", "summarize", "won"]
