"""Help in a game against computers: a hint (``GET .../hint``) and undo of the player's last card
(``POST .../undo``), both practice help, offered only at a table of one person against computers (never at
a table with another person, even while a computer plays that person's seat), both marked in the game.

The hint is what the search player (``mcts`` at the default level, ``medium``) would choose from the asking
seat's own observation: its sampled deals hold only what that seat may know (``puur.info.determinize``), so a
hint never peeks. It names the best of the choices it valued and the top choices with their expected points
(the seat's team minus the other, written points of the round, the mean over the sampled deals; best first,
the suggestion the first: ``best_of_list``) and a reason as a code and
parameters that the page says in its language; the rule-of-thumb player's choice (``heuristic``) is named
beside it.

Undo takes back the seat's last card in the current round and the computers' moves after it: the game is
replayed from its settings and the record without them (DESIGN.md: the record is the game), and the store
drops the undone actions in the same commit that counts the undo. The computers' seeds depend on the
action's number (``player_seed``), so the same card played again brings the same answers.

The counts (``assist``: hints and undos per seat) are kept in the game's stored settings, so they survive a
restart, and are written into the record (``GET .../record``).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from puur.bots.mcts import MCTSPlayer
from puur.server.http.game_models import Error, GameView
from puur.server.http.games import ERRORS, Hub, Token, game_or_404, seat_or_403
from puur.server.live import Conflict, GameHub, LiveGame, player_seed, replay
from puur.server.policy import PlayerRefused
from puur.server.store import Writes
from puur.table.assist import HINT_PLAYER, NOTHING_TO_UNDO, ONLY_ALONE, assist_counts, counted
from puur.table.assist import hint as hint_of
from puur.table.assist import undo_point as table_undo_point
from puur.table.seats import alone_at_the_table

router = APIRouter(prefix="/api/v1", tags=["games"])


class Choice(BaseModel):
    action: str = Field(description="a card code or a contract code (P: push)")
    points: float = Field(description="expected written points of the round, the seat's team minus the other "
                          "(negative: the other team is expected to write more); the list is best first and "
                          "the hint's action is its first")
    samples: int = Field(description="sampled deals behind the value")


class Reason(BaseModel):
    code: str = Field(description="sampled | solved | only_card | claim")
    params: dict[str, str | int] = Field(default_factory=dict)


class Hint(BaseModel):
    """What the search player would do from the seat's own view, and why (``puur.server.http.assist``)."""

    action: str
    kind: str = Field(description="card | contract | claim")
    top: list[Choice]
    reason: Reason
    play: Reason = Field(description="what the suggested card or contract does at the table "
                         "(puur.bots.explain: take_trick, smear, lead_master, push, ...)")
    heuristic: str = Field(description="what the rule-of-thumb player would do from the same view")
    seq: int = Field(description="the game's seq the hint is for")
    hints: int = Field(description="hints this seat has asked for in this game, this one included")


CONFLICT: dict[int | str, dict[str, Any]] = {409: {"model": Error, "description": "not a game against computers, not this seat's turn, or over"}}


def _only_alone(live: LiveGame, seat: int) -> None:
    """Refuse help (409) at a table with more than one person, or in a match that is over."""
    if not alone_at_the_table(live.settings, seat):
        raise Conflict(ONLY_ALONE)
    if live.game.is_over:
        raise Conflict("the match is over")


def _search_player(hub: GameHub, seed: int) -> MCTSPlayer:
    try:
        player = hub.players.make(HINT_PLAYER, seed=seed)
    except PlayerRefused:
        raise HTTPException(409, "this server offers no search player for hints") from None
    if not isinstance(player, MCTSPlayer):
        raise HTTPException(409, "this server offers no search player for hints")
    return player


@router.get("/games/{game_id}/hint", response_model=Hint, responses={**ERRORS, **CONFLICT},
            summary="What the strong computer would do now from this seat's view, with the expected points of "
            "its top choices (one-player games against computers; counted in the record)")
def hint(game_id: str, token: Token, hub: Hub) -> dict[str, Any]:
    live = game_or_404(hub, game_id)
    seat = seat_or_403(live, token)
    try:
        with live.lock:
            _only_alone(live, seat)
            if live.game.current_seat != seat:
                raise Conflict(f"it is not your turn: seat {live.game.current_seat} is to act")
            obs = live.game.observation(seat)
            seq = live.seq
            seed = player_seed(live.game.seed, seq)
        answer = hint_of(obs, _search_player(hub, seed))  # outside the lock: the search reads only the observation
        counts = hub.change(live, lambda writes: _count_hint(live, seat, seq, writes))
    except Conflict as e:
        raise HTTPException(409, str(e)) from None
    return {**answer, "seq": seq, "hints": counts["hints"][seat]}


def _count_hint(live: LiveGame, seat: int, seq: int, writes: Writes) -> dict[str, list[int]]:
    """Count the hint computed at ``seq`` (inside ``GameHub.change``); ``Conflict`` if the game moved on."""
    if live.seq != seq:
        raise Conflict("the game moved on while the hint was computed: ask again")
    _only_alone(live, seat)
    settings = counted(live.settings, seat, "hints")
    writes.settings(settings)
    live.settings = settings
    return assist_counts(settings)


def undo_point(live: LiveGame, seat: int) -> int:
    """The ``seq`` of ``seat``'s last card in the current round (``puur.table.assist.undo_point``): the log is
    cut there. ``Conflict`` when the round holds none."""
    cut = table_undo_point(live.log, len(live.game.actions[-1]), seat)  # Game.actions: per round
    if cut is None:
        raise Conflict(NOTHING_TO_UNDO)
    return cut


def undo(hub: GameHub, live: LiveGame, seat: int) -> dict[str, Any]:
    """Take back ``seat``'s last card of the round and the moves after it; store, count and announce it.
    Returns the seat's new view. ``Conflict`` (nothing changed) at a table with another person, or when
    there is nothing to undo."""

    def take_back(writes: Writes) -> dict[str, Any]:
        _only_alone(live, seat)
        cut = undo_point(live, seat)
        log = live.log[:cut]
        game = replay(live.settings, log)
        settings = counted(live.settings, seat, "undos")
        writes.undo(cut, settings)
        live.settings = settings
        live.replace(game, log)
        for sub in list(live.subscribers):
            sub.put({"type": "undo", "seq": live.seq, "seat": seat, "view": live.view(sub.seat)})
        return live.view(seat)

    return hub.change(live, take_back)


@router.post("/games/{game_id}/undo", response_model=GameView, responses={**ERRORS, **CONFLICT},
             summary="Take back your last card of this round and the computers' moves after it (one-player "
             "games against computers; counted in the record); the view after it")
def post_undo(game_id: str, token: Token, hub: Hub) -> Response:
    live = game_or_404(hub, game_id)
    seat = seat_or_403(live, token)
    try:
        return JSONResponse(undo(hub, live, seat))  # the engine's view, as the actions endpoint sends it
    except Conflict as e:
        raise HTTPException(409, str(e)) from None


__all__ = ["HINT_PLAYER", "Hint", "assist_counts", "router", "undo", "undo_point"]
