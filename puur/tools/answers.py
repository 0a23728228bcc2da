"""The scoreboards' answers (TOOLS.md §1-§5): a request's fields in, the answer's JSON-ready data out, each
field given or its default. The server's routes (``puur.server.http.tools_api``) check a body against their
schema first and then answer with these; the engine in the page (``puur.local``, offline) answers the same
bodies with the same functions, so a scoreboard computes the same offline as online.

A rule of the board that no schema states raises ``ToolInputError`` with the field at fault; ``refusal``
words it as the server's 422 does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puur.core.profile import MULTIPLIER_TABLES
from puur.core.rules.chalk import Marks, format_marks, to_marks
from puur.tools import ToolInputError, parse_contract, resolve_profile, trick_arbiter, weis_calculator
from puur.tools import coiffeur as coiffeur_mod
from puur.tools import differenzler as differenzler_mod
from puur.tools import jasstafel as jt

Body = Mapping[str, Any]


def refusal(e: ToolInputError, prefix: tuple[str | int, ...] = ()) -> list[dict[str, Any]]:
    """A 422's detail in pydantic's error shape; an error with a code carries it in ``ctx`` (``{"code": ...,
    **params}``) so a page can say it in the player's language."""
    error: dict[str, Any] = {"loc": ["body", *prefix, *e.field], "msg": e.reason, "type": "value_error"}
    if e.code is not None:
        error["ctx"] = {"code": e.code, **e.params}
    return [error]


def marks(m: Marks) -> dict[str, Any]:
    """Chalk marks with their value and text."""
    return {**m.to_dict(), "value": m.value, "text": format_marks(m)}


# ----- Jasstafel -----


def _entry(r: Body, field: tuple[str | int, ...]) -> jt.Entry:
    return jt.Entry.of(r["contract"], r["card_points"], r.get("weis") or [0, 0], r.get("stoeck") or [0, 0],
                       first_in_tricks=r.get("first_in_tricks"), field=field)


def jasstafel(req: Body) -> dict[str, Any]:
    """Score every round, write ``write`` if given, and answer totals, marks per team and the winner."""
    style = req.get("style", "compact")
    try:
        profile = resolve_profile(req.get("profile"))
        target, multipliers = req.get("target", jt.DEFAULT_TARGET), req.get("multipliers")
        entries = tuple(_entry(r, ("rounds", i)) for i, r in enumerate(req.get("rounds") or []))
        board = jt.Board(profile, target, multipliers, entries)
        board.state()
        if req.get("write") is not None:
            board = board.write(_entry(req["write"], ("write",)))
        notices = _entry(req["check"], ("check",)).notices() if req.get("check") is not None else []
        st = board.state()
        written = st.marks(style)
    except ToolInputError as e:
        if e.field == ("round",):
            e = ToolInputError(("write",), e.reason, e.code, e.params)
        raise e from None
    out = st.outcome
    tp = board.table_profile
    return {
        "profile": profile.name, "trick_block_tie": profile.trick_block_tie, "teams": list(jt.TEAMS),
        "target": board.target, "multipliers": tp.multiplier_name,
        "multipliers_label": jt.TABLE_LABELS.get(tp.multiplier_name, tp.multiplier_name),
        "factors": tp.multiplier_table, "block_order": list(board.block_order), "rounds": [r.to_dict() for r in st.rounds],
        "totals": list(st.totals), "marks": [marks(m) for m in written], "style": style, "finished": st.finished,
        "winner": out.winner if out else None,
        "winner_name": jt.TEAMS[out.winner] if out and out.winner is not None else None,
        "block": out.block if out else None, "tie": bool(out and out.tie), "message": out.message if out else None,
        "check_warnings": [n.text for n in notices], "check_notices": [n.to_dict() for n in notices],
        "tables": {k: jt.TABLE_LABELS[k] for k in MULTIPLIER_TABLES}, "targets": list(jt.TARGETS),
    }


def chalk(req: Body) -> list[dict[str, Any]]:
    """Totals as canonical chalk marks (TOOLS.md §1.3)."""
    return [marks(to_marks(v)) for v in req["values"]]


# ----- Weis -----


def weis(req: Body) -> dict[str, Any]:
    """Melds per seat, the comparison chain step by step, and which team writes what."""
    profile = resolve_profile(req.get("profile"))
    contract = parse_contract(req.get("contract", "C"))
    seats: list[dict[str, Any] | None] = []
    for s in req.get("seats") or []:
        given = None if s is None else {k: v for k, v in s.items() if v is not None}
        seats.append(given or None)
    res = weis_calculator.calculate(seats, contract, profile, req.get("forehand", 0))
    cmp = None
    compare = req.get("compare")
    if compare is not None:
        mine = weis_calculator.team_best(res, 0, profile)
        try:
            cmp = weis_calculator.compare_with_other_team(mine, compare["points"], compare["cards"], profile)
        except ToolInputError as e:  # the function's their_points / their_cards are compare.points / .cards
            field = [str(e.field[0]).removeprefix("their_"), *e.field[1:]]
            raise ToolInputError(["compare", *field], e.reason, e.code, e.params) from None
    return {**res.to_dict(), "compare": None if cmp is None else cmp.to_dict(), "profile": profile.name}


# ----- Trick -----


def trick(req: Body) -> dict[str, Any]:
    """Who wins the trick, why, and what it is worth."""
    profile = resolve_profile(req.get("profile"))
    contract = parse_contract(req.get("contract", "C"))
    res = trick_arbiter.judge(contract, req.get("cards") or [], profile, req.get("hands"),
                              last_trick=req.get("last_trick", False), trick_index=req.get("trick_index"))
    return res.to_dict()


# ----- Coiffeur -----

COLUMN_DEFAULTS = {"name": None, "factor": None, "kind": "contract", "contract": None}


def coiffeur(req: Body) -> dict[str, Any]:
    """The sheet's contributions, totals and winner; a box from points if asked."""
    sheet_size, method = req.get("sheet", "8"), req.get("method", "A")
    columns = req.get("columns")
    if columns is not None:
        cols = [{**COLUMN_DEFAULTS, **c} for c in columns]
    elif sheet_size == "8":
        cols = [c.to_dict() for c in coiffeur_mod.standard_columns()]
    elif sheet_size == "10":
        cols = [c.to_dict() for c in coiffeur_mod.ten_columns()]
    else:
        raise ToolInputError("sheet", "choose '8' or '10' columns", "bad_sheet")
    factors = req.get("factors")
    if factors is not None:
        if len(factors) != len(cols):
            raise ToolInputError("factors", f"give {len(cols)} factors, one per column", "factor_count", {"count": len(cols)})
        for c, f in zip(cols, factors, strict=True):
            c["factor"] = f
    sheet = coiffeur_mod.sheet_from(cols, req.get("boxes", [[], []]), req.get("jokers", [[], []]), method,
                                    req.get("joker_may_repeat", True), req.get("opponents", [[], []]),
                                    req.get("opponents_count", True))
    conv = None
    if req.get("points") is not None:
        col = req.get("points_column") or 0
        if col >= len(sheet.columns):
            raise ToolInputError("points_column", f"the sheet has {len(sheet.columns)} columns", "no_column", {"text": str(col)})
        f = sheet.columns[col].factor
        if f is None and method == "B":
            raise ToolInputError("points_column", f"agree a factor for {sheet.columns[col].name} first", "factor_first", {"col": col})
        conv = coiffeur_mod.box_from_points(req["points"], f or 1, method)
    return {**sheet.to_dict(), "teams": list(coiffeur_mod.TEAMS), "box_from_points": conv}


# ----- Differenzler -----


def _diff_round(r: Body) -> dict[str, Any]:
    return {"predicted": r["predicted"], "actual": r["actual"], "weis": r.get("weis"), "stoeck": r.get("stoeck")}


def differenzler(req: Body) -> dict[str, Any]:
    """The sheet's totals and leaders, a round added if given, the rule of thumb's estimate if asked."""
    sheet = differenzler_mod.sheet_from(req.get("players"), [_diff_round(r) for r in req.get("rounds") or []],
                                        req.get("rounds_planned"), req.get("threshold"), req.get("weis_stoeck", False))
    add = req.get("add")
    if add is not None:
        a = _diff_round(add)
        try:
            sheet = sheet.add(a["predicted"], a["actual"], a["weis"], a["stoeck"])
        except ToolInputError as e:
            raise ToolInputError(("add", *e.field[1:]) if e.field[0] == "round" else e.field, e.reason, e.code,
                                 e.params) from None
    est = None
    if req.get("estimate_hand") is not None:
        given = req.get("estimate_contract")
        contract = parse_contract(given or "C", "estimate_contract")
        if contract.changes_direction:  # Slalom, Guschti: the estimate reads one order for the whole round
            raise ToolInputError("estimate_contract",
                                 f"the estimate is for C D H S O or U: {contract.name} changes direction by trick",
                                 "not_a_contract", {"text": str(given)})
        try:
            est = differenzler_mod.estimate(req["estimate_hand"], contract, resolve_profile(req.get("profile")))
        except ToolInputError as e:
            raise ToolInputError(("estimate_hand", *e.field[1:]), e.reason, e.code, e.params) from None
    return {**sheet.to_dict(), "estimate": est}


ANSWERS = {"jasstafel": jasstafel, "chalk": chalk, "weis": weis, "trick": trick, "coiffeur": coiffeur,
           "differenzler": differenzler}
"""Each scoreboard's answer by its route's name (``POST /api/v1/tools/NAME``)."""

__all__ = ["ANSWERS", "Body", "chalk", "coiffeur", "differenzler", "jasstafel", "marks", "refusal", "trick", "weis"]

