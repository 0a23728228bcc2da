"""Practice help at a table of one person against computers (``puur.table.seats.alone_at_the_table``): the
hint (what the search player would do from the seat's own observation, and why) and the point an undo cuts
the record back to, with the counts of both that the record carries. Pure: the server's routes
(``puur.server.http.assist``) and the table on one device (``puur.local``) answer with these."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puur.bots import make_player
from puur.bots.explain import explain
from puur.bots.heuristic import HeuristicPlayer
from puur.bots.mcts import Evaluation, MCTSPlayer
from puur.core.cards import Action, Card
from puur.info.observation import Observation

HINT_PLAYER = "mcts:iters=240,citers=720,time=0.45"
"""The player whose choice a hint shows: the search at the default level's budget (``medium``: 240 playouts
per card, 720 per contract) with a 0.45 s safety stop instead of 0.9 s, so a hint answers within 0.5 s
(the slow hints were exact endgames stopped by the safety limit)."""
TOP = 3
"""How many valued choices a hint lists."""


def assist_counts(settings: dict[str, Any]) -> dict[str, list[int]]:
    """The game's marks: hints and undos per seat (zero for a game that has none yet)."""
    a = settings.get("assist") or {}
    return {"hints": list(a.get("hints", [0, 0, 0, 0])), "undos": list(a.get("undos", [0, 0, 0, 0]))}


def counted(settings: dict[str, Any], seat: int, kind: str) -> dict[str, Any]:
    """``settings`` with one more hint or undo (``kind``) counted for ``seat``; ``settings`` unchanged."""
    counts = assist_counts(settings)
    counts[kind][seat] += 1
    return {**settings, "assist": counts}


def action_kind(action: Action) -> str:
    return "card" if isinstance(action, Card) else "claim" if str(action) == "claim" else "contract"


def _reason(ev: Evaluation) -> dict[str, Any]:
    """The hint's one line as a code and parameters (the page's tables word it in en/de/fr)."""
    if not ev.values:
        return {"code": "claim" if action_kind(ev.action) == "claim" else "only_card", "params": {}}
    deals = max(n for _, _, n in ev.values)
    return {"code": "solved" if ev.exact else "sampled", "params": {"deals": deals}}


def _play(obs: Observation, action: Action) -> dict[str, Any]:
    """What the suggested action does at the table, as a code and parameters (``puur.bots.explain``)."""
    if action_kind(action) == "claim":
        return {"code": "claim", "params": {}}
    code, params = explain(obs, action)
    return {"code": code, "params": params}


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


def search_player(seed: int) -> MCTSPlayer:
    """The hint's player (``HINT_PLAYER``) with the seed of the action it is asked at."""
    player = make_player(HINT_PLAYER, seed=seed)
    assert isinstance(player, MCTSPlayer)
    return player


def hint(obs: Observation, player: MCTSPlayer) -> dict[str, Any]:
    """What ``player`` (the search) would do from ``obs`` and why, with the rule-of-thumb player's choice:
    the hint's answer but for ``seq`` and ``hints``, which the table adds."""
    ev = best_of_list(player.evaluate(obs))
    rule_of_thumb = HeuristicPlayer().act(obs)
    return {
        "action": str(ev.action), "kind": action_kind(ev.action),
        "top": [{"action": str(a), "points": round(p, 1), "samples": n} for a, p, n in ev.values[:TOP]],
        "reason": _reason(ev), "play": _play(obs, ev.action), "heuristic": str(rule_of_thumb),
    }


def is_card(action: str) -> bool:
    try:
        Card.parse(action)
    except ValueError:
        return False
    return True


def undo_point(log: Sequence[Sequence[Any]], round_actions: int, seat: int) -> int | None:
    """The ``seq`` of ``seat``'s last card in the current round (its ``round_actions`` last entries of
    ``log``): the log is cut there. None when the round holds none (a card of an earlier round stays: the
    round was written)."""
    seq = len(log)
    for i in range(seq - 1, seq - round_actions - 1, -1):
        entry = log[i]
        if entry[0] == seat and is_card(entry[1]):
            return i
    return None


NOTHING_TO_UNDO = "nothing to undo: you have played no card in this round"
ONLY_ALONE = ("hints and undo are practice help: they are offered only at a table of one person against "
              "computers")

__all__ = ["HINT_PLAYER", "NOTHING_TO_UNDO", "ONLY_ALONE", "TOP", "action_kind", "assist_counts", "best_of_list", "counted", "hint",
           "is_card", "search_player", "undo_point"]
