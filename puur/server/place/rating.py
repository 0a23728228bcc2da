"""Which matches are rated and how a rated match moves its players' ratings (docs/ratings.md). Pure: settings
and results in, ratings out; ``puur.server.place.rated_matches`` reads and writes them.

A Schieber match is two teams of two, seats 0 and 2 against 1 and 3 (RULES.md §1). It is rated when the table
is public or its host chose a rated private table (``is_rated``), every person's seat is held by a remembered
player (``puur.table.seats.seat_players``), every computer seat is a calibrated strength (its fixed rating,
``puur.server.place.computer_ratings``) and at least one seat is a person's: a match of computers only says
nothing about a player. The model is OpenSkill's Plackett-Luce (``puur.lab.ratings.rating_model``); the
computers' ratings take part in the update and are never changed by it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puur.bots import parse_spec
from puur.bots.mcts import DEFAULT_LEVEL
from puur.lab.ratings import rating_model
from puur.server.place.computer_ratings import CALIBRATED
from puur.server.store.ratings import HistoryRow, Rating
from puur.table.public import RATED, abandoned_seats, is_rated
from puur.table.seats import HUMAN, seat_players

TEAMS = ((0, 2), (1, 3))


BY_LEVEL = frozenset(key.partition(":")[0] for key in CALIBRATED if ":level=" in key)
"""The players calibrated by level (the search and the search led by its networks), read off the calibration."""


def computer_rating(spec: str) -> Rating | None:
    """The fixed rating of a computer seat's player, or None for a player of no calibrated strength (an
    operator's player, a search with its own budget): a table with such a seat is not rated. Only the level
    of ``mcts`` and ``learned`` matters (``medium`` when none is named) and a seed never does."""
    try:
        name, opts = parse_spec(spec)
    except ValueError:
        return None
    opts.pop("seed", None)
    if name in BY_LEVEL:
        key = f"{name}:level={opts.pop('level', DEFAULT_LEVEL)}"
    else:
        key = name
    fixed = CALIBRATED.get(key)
    if opts or fixed is None:
        return None
    return Rating(fixed[0], fixed[1])


@dataclass(frozen=True)
class MatchResult:
    """A finished rated match: who sat where (a player's id, or None for a computer with its fixed rating)
    and which team won."""

    players: tuple[str | None, str | None, str | None, str | None]
    computers: dict[int, Rating]
    winner: int

    @property
    def player_ids(self) -> list[str]:
        return [p for p in self.players if p is not None]


def losing_team(settings: dict[str, Any], winner: int | None) -> int | None:
    """The team that lost: the team of the first person to abandon the match (abandoning a rated match counts
    as a loss, whatever the score), else the team that did not win; None when neither is known."""
    left = abandoned_seats(settings)
    if left:
        return left[0] % 2
    return None if winner is None else 1 - winner


def result_of(settings: dict[str, Any], winner: int | None) -> MatchResult | None:
    """The rated result of a finished match of ``settings`` won by team ``winner`` (0: seats 0 and 2), or None
    when the match is not rated (see the module)."""
    if settings.get("form", "schieber") != "schieber" or not is_rated(settings):
        return None
    loser = losing_team(settings, winner)
    if loser is None:
        return None
    held = seat_players(settings)
    seats: list[str | None] = []
    computers: dict[int, Rating] = {}
    for seat, kind in enumerate(settings["seats"]):
        if kind == HUMAN:
            if seat not in held:
                return None  # a person without a remembered player: nobody to rate fairly against
            seats.append(held[seat])
            continue
        fixed = computer_rating(kind)
        if fixed is None:
            return None
        seats.append(None)
        computers[seat] = fixed
    ids = [p for p in seats if p is not None]
    if not ids or len(set(ids)) != len(ids):  # computers only; one player in two seats
        return None
    return MatchResult((seats[0], seats[1], seats[2], seats[3]), computers, 1 - loser)


def ordinal(rating: Rating) -> float:
    """The conservative rating the leaderboard shows and ranks by (OpenSkill's ordinal: mu - 3 sigma)."""
    return float(rating_model().rating(mu=rating.mu, sigma=rating.sigma).ordinal())


def newcomer() -> Rating:
    """A player's rating before their first rated match (the model's default)."""
    model = rating_model()
    return Rating(model.mu, model.sigma)


def rate(result: MatchResult, current: dict[str, Rating]) -> dict[str, Rating]:
    """Each player's rating after ``result``, from ``current`` (a player missing there is a newcomer). The
    computers' fixed ratings take part and come out unchanged."""
    model = rating_model()
    start = newcomer()

    def before(seat: int) -> Rating:
        pid = result.players[seat]
        return result.computers[seat] if pid is None else current.get(pid, start)

    teams = [[model.rating(mu=before(s).mu, sigma=before(s).sigma) for s in team] for team in TEAMS]
    ranks = [0.0, 1.0] if result.winner == 0 else [1.0, 0.0]
    rated = model.rate(teams, ranks=ranks)
    after: dict[str, Rating] = {}
    for team, new in zip(TEAMS, rated, strict=True):
        for seat, r in zip(team, new, strict=True):
            pid = result.players[seat]
            if pid is not None:
                after[pid] = Rating(float(r.mu), float(r.sigma), before(seat).matches + 1)
    return after


def trend_of(recent: list[HistoryRow]) -> float:
    """The conservative rating's change over a player's ``recent`` rated matches (newest first): the newest
    one's after less the oldest one's before."""
    if not recent:
        return 0.0
    newest, oldest = recent[0], recent[-1]
    return ordinal(Rating(newest.mu_after, newest.sigma_after)) - ordinal(Rating(oldest.mu_before, oldest.sigma_before))


__all__ = ["RATED", "TEAMS", "MatchResult", "abandoned_seats", "computer_rating", "is_rated",
           "losing_team", "newcomer", "ordinal", "rate", "result_of", "trend_of"]
