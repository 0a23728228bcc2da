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

from puur.bots.explain import explain
from puur.bots.heuristic import HeuristicPlayer
from puur.bots.mcts import Evaluation, MCTSPlayer
from puur.core.cards import Action, Card
from puur.info.observation import Observation
from puur.server.http.game_models import Error, GameView
from puur.server.http.games import ERRORS, Hub, Token, game_or_404, seat_or_403
from puur.server.live import Conflict, GameHub, LiveGame, player_seed, replay
from puur.server.live.seats import alone_at_the_table
from puur.server.policy import PlayerRefused
from puur.server.store import Writes

router = APIRouter(prefix="/api/v1", tags=["games"])

HINT_PLAYER = "mcts:iters=240,citers=720,time=0.45"
"""The player whose choice a hint shows: the search at the default level's budget (``medium``: 240 playouts
per card, 720 per contract) with a 0.45 s safety stop instead of 0.9 s, so a hint answers within 0.5 s
(the slow hints were exact endgames stopped by the safety limit)."""
TOP = 3
"""How many valued choices a hint lists."""


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


def assist_counts(live: LiveGame) -> dict[str, list[int]]:
    """The game's marks: hints and undos per seat (zero for a game that has none yet)."""
    a = live.settings.get("assist") or {}
    return {"hints": list(a.get("hints", [0, 0, 0, 0])), "undos": list(a.get("undos", [0, 0, 0, 0]))}


def _only_alone(live: LiveGame, seat: int) -> None:
    """Refuse help (409) at a table with more than one person, or in a match that is over."""
    if not alone_at_the_table(live.settings, seat):
        raise Conflict("hints and undo are practice help: they are offered only at a table of one person "
                       "against computers")
    if live.game.is_over:
        raise Conflict("the match is over")


def _counted(live: LiveGame, seat: int, kind: str) -> dict[str, Any]:
    """The game's settings with one more hint or undo (``kind``) counted for ``seat``; ``live`` unchanged."""
    counts = assist_counts(live)
    counts[kind][seat] += 1
    return {**live.settings, "assist": counts}


def _kind(action: Action) -> str:
    return "card" if isinstance(action, Card) else "claim" if str(action) == "claim" else "contract"


def best_of_list(ev: Evaluation) -> Evaluation:
    """The hint's own reading of the search: its valued choices by expected points, best first, and the
    suggestion the first of them, so the hint never names a card its own list values lower. The search
    (successive halving) picks among the choices it valued longest; a choice dropped early on fewer deals can
    end with a higher mean than the pick, and a hint that then lists it above its suggestion contradicts
    itself. Without values (a single card, a claim, a form's column or prediction) the pick stands."""
    if not ev.values:
        return ev
    ranked = sorted(ev.values, key=lambda v: -v[1])  # stable: equal points keep the search's order (its pick first)
    return Evaluation(ranked[0][0], ranked, ev.exact)


def _reason(ev: Evaluation) -> dict[str, Any]:
    """The hint's one line as a code and parameters (the page's tables word it in en/de/fr)."""
    if not ev.values:
        return {"code": "claim" if _kind(ev.action) == "claim" else "only_card", "params": {}}
    deals = max(n for _, _, n in ev.values)
    return {"code": "solved" if ev.exact else "sampled", "params": {"deals": deals}}


def _play(obs: Observation, action: Action) -> dict[str, Any]:
    """What the suggested action does at the table, as a code and parameters (``puur.bots.explain``)."""
    if _kind(action) == "claim":
        return {"code": "claim", "params": {}}
    code, params = explain(obs, action)
    return {"code": code, "params": params}


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
        ev = best_of_list(_search_player(hub, seed).evaluate(obs))  # outside the lock: the search reads only the observation
        rule_of_thumb = HeuristicPlayer().act(obs)
        counts = hub.change(live, lambda writes: _count_hint(live, seat, seq, writes))
    except Conflict as e:
        raise HTTPException(409, str(e)) from None
    return {
        "action": str(ev.action), "kind": _kind(ev.action),
        "top": [{"action": str(a), "points": round(p, 1), "samples": n} for a, p, n in ev.values[:TOP]],
        "reason": _reason(ev), "play": _play(obs, ev.action), "heuristic": str(rule_of_thumb), "seq": seq, "hints": counts["hints"][seat],
    }


def _count_hint(live: LiveGame, seat: int, seq: int, writes: Writes) -> dict[str, list[int]]:
    """Count the hint computed at ``seq`` (inside ``GameHub.change``); ``Conflict`` if the game moved on."""
    if live.seq != seq:
        raise Conflict("the game moved on while the hint was computed: ask again")
    _only_alone(live, seat)
    settings = _counted(live, seat, "hints")
    writes.settings(settings)
    live.settings = settings
    return assist_counts(live)


def undo_point(live: LiveGame, seat: int) -> int:
    """The ``seq`` of ``seat``'s last card in the current round: the log is cut there. ``Conflict`` when the
    round holds none (a card of an earlier round stays: the round was written)."""
    g = live.game
    first = live.seq - len(g.actions[-1])  # the current round's first action (Game.actions: per round)
    for i in range(live.seq - 1, first - 1, -1):
        entry = live.log[i]
        if entry[0] == seat and _is_card(entry[1]):
            return i
    raise Conflict("nothing to undo: you have played no card in this round")


def _is_card(action: str) -> bool:
    try:
        Card.parse(action)
    except ValueError:
        return False
    return True


def undo(hub: GameHub, live: LiveGame, seat: int) -> dict[str, Any]:
    """Take back ``seat``'s last card of the round and the moves after it; store, count and announce it.
    Returns the seat's new view. ``Conflict`` (nothing changed) at a table with another person, or when
    there is nothing to undo."""

    def take_back(writes: Writes) -> dict[str, Any]:
        _only_alone(live, seat)
        cut = undo_point(live, seat)
        log = live.log[:cut]
        game = replay(live.settings, log)
        settings = _counted(live, seat, "undos")
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


__all__ = ["HINT_PLAYER", "Hint", "assist_counts", "best_of_list", "router", "undo", "undo_point"]
