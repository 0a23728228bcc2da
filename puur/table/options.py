"""What the New-game dialog offers (presets, multiplier tables, the computers' strengths) and the rules
tables the page draws in words (each contract's strength order, card points and factor). Pure: the server's
routes (``GET /table/options``, ``POST /table/rules``) and the table on one device (``puur.local``) answer
with these."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puur.core.cards import Card, Contract
from puur.core.profile import MULTIPLIER_TABLES, PRESETS, RuleProfile
from puur.core.rules.tables import card_points_table, direction_points_table, suit_strength_order

STRENGTHS = {"easy": "mcts:level=easy", "medium": "mcts:level=medium", "strong": "mcts:level=strong"}
"""The computers' strengths the page offers, by level."""
LEARNED = {"learned": "learned"}
"""The strength of the search led by its learnt networks (``puur.bots.learned``)."""


def table_options(players: Sequence[str]) -> dict[str, Any]:
    """The presets, multiplier tables, the player names a request may use (``players``) and the strengths
    made of them (the rule-of-thumb player, or a random one, stands in for a search the table lacks)."""
    strengths = dict(STRENGTHS) if "mcts" in players else {}
    if "learned" in players:
        strengths.update(LEARNED)
    for fallback in ("heuristic", "random"):
        if fallback in players:
            strengths.setdefault("heuristic", fallback)
            for k in STRENGTHS:
                strengths.setdefault(k, fallback)
            break
    presets = {
        name: {"target": p.target, "targets_offered": list(p.targets_offered), "multipliers": p.multiplier_name,
               "stoeck": p.stoeck, "weis_declaration": p.weis_declaration}
        for name, p in PRESETS.items()
    }
    return {"presets": presets, "multiplier_tables": MULTIPLIER_TABLES, "players": list(players), "strengths": strengths}


def _order(label: str, suit: str, cards: Sequence[int], points: Sequence[int]) -> dict[str, Any]:
    return {"label": label, "suit": suit, "cards": [str(Card(c)) for c in cards], "points": [points[c] for c in cards]}


def rules_tables(profile: str | dict[str, Any] | None) -> dict[str, Any]:
    """Each contract's strength order (strongest first) and card points, from the rules tables, with the
    profile. ``ValueError`` for a profile that does not resolve."""
    p = RuleProfile.resolve(profile)
    contracts = []
    for contract in p.contracts:  # with Slalom and Guschti when the profile offers them
        if contract.changes_direction:  # one order per direction; the trick decides which (docs/contracts-slalom-guschti.md)
            orders = [_order("obenabe" if d == Contract.O else "undenufe", "H", suit_strength_order(d, 2),
                             direction_points_table(contract, d, p.undenufe_values, p.slalom_guschti_values))
                      for d in (Contract.O, Contract.U)]
            contracts.append({"code": str(contract), "factor": p.factor(contract), "orders": orders})
            continue
        points = card_points_table(contract, p.undenufe_values)
        suits = [("trump", int(contract)), ("plain", (int(contract) + 2) % 4)] if contract.is_trump else [("all", 2)]
        orders = [_order(label, "CDHS"[suit], suit_strength_order(contract, suit), points) for label, suit in suits]
        contracts.append({"code": str(contract), "factor": p.factor(contract), "orders": orders})
    return {"profile": p.to_dict(), "contracts": contracts}


__all__ = ["LEARNED", "STRENGTHS", "rules_tables", "table_options"]
