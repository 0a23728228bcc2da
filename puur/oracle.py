"""The rules oracle: one JSON request in, one JSON result out (INTERFACES.md §1).

Served by ``puur rules eval``, ``POST /api/v1/rules/eval``, the typed endpoints and the MCP tools, from this
one function; ``OPS`` is the one list of ops (``puur.ops`` adds their typed request and result models).

>>> evaluate({"op": "trick", "contract": "H", "trick": ["CA", "H9", "HJ", "C7"]})["winner"]
2
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from puur.core.cards import Card, Contract, cards_of, mask_of, parse_cards
from puur.core.profile import RuleProfile
from puur.core.rules.chalk import to_marks
from puur.core.rules.legal import legal_moves
from puur.core.rules.scoring import crossing, deck_totals, impossible_split, round_score
from puur.core.rules.tables import LAST_TRICK_BONUS, MATCH_BONUS, STOECK_POINTS
from puur.core.rules.trick import card_points, trick_points, trick_winner
from puur.core.rules.weis import MOST_IN_A_HAND, declaration, is_weis_total, resolve_weis


class OracleError(ValueError):
    """A request that cannot be answered; ``code`` is machine-readable, the message says what is wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _field(req: dict[str, Any], name: str, default: Any = ...) -> Any:
    if name not in req:
        if default is ...:
            raise OracleError("missing_field", f"missing field {name!r}")
        return default
    return req[name]


def _contract(req: dict[str, Any], required: bool = True) -> Contract | None:
    if "contract" not in req or req["contract"] is None:
        if required:
            raise OracleError(
                "missing_field", "missing field 'contract' (C, D, H, S, O, U, or SLO SLU GUO GUU for Slalom, Guschti)"
            )
        return None
    try:
        return Contract.parse(req["contract"])
    except ValueError as e:
        raise OracleError("invalid_contract", str(e)) from None


def _cards(req: dict[str, Any], name: str, *, max_len: int = 36, default: Any = ...) -> list[Card]:
    raw = _field(req, name, default)
    try:
        cards = parse_cards(raw, field=name)
    except ValueError as e:
        raise OracleError("invalid_card", str(e)) from None
    if len(cards) > max_len:
        raise OracleError("impossible_input", f"{name} holds {len(cards)} cards; at most {max_len} are possible")
    return cards


def _no_overlap(*groups: tuple[str, list[Card]]) -> None:
    seen: dict[Card, str] = {}
    for name, cards in groups:
        for c in cards:
            if c in seen:
                where = f"both {seen[c]} and {name}" if seen[c] != name else name
                raise OracleError("impossible_input", f"card {c} appears twice (in {where})")
            seen[c] = name


def _int_pair(req: dict[str, Any], name: str, *, default: Any = ...) -> tuple[int, int]:
    v = _field(req, name, default)
    if (
        not isinstance(v, list | tuple)
        or len(v) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)
    ):
        raise OracleError("bad_request", f"{name} must be a list of two whole numbers [team 0, team 1]")
    if v[0] < 0 or v[1] < 0:
        raise OracleError("impossible_input", f"{name} cannot be negative")
    return (v[0], v[1])


def _trick_index(req: dict[str, Any], contract: Contract, *, last: bool = False) -> int | None:
    """The request's ``trick_index`` (0..8, trick 1 is 0): required under Slalom and Guschti, whose trick
    order depends on it (docs/contracts-slalom-guschti.md); optional, and only checked, under the other
    contracts."""
    index = req.get("trick_index")
    if index is None:
        if contract.changes_direction:
            if last:
                return 8
            raise OracleError(
                "missing_field",
                f"missing field 'trick_index' (0..8): {contract.name} plays each trick as Obenabe or Undenufe "
                "by its place in the round",
            )
        return None
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= 8:
        raise OracleError("bad_request", f"trick_index must be a whole number 0..8 (trick 1 is 0), got {index!r}")
    if last and index != 8:
        raise OracleError("impossible_input", f"the last trick is trick_index 8, not {index}")
    return index


def _direction(contract: Contract, index: int | None) -> dict[str, Any]:
    """``direction`` in a result under Slalom and Guschti: the trick's order, ``O`` or ``U``."""
    return {"direction": contract.direction(index).name} if contract.changes_direction and index is not None else {}


def _op_legal_moves(req: dict[str, Any], p: RuleProfile) -> dict[str, Any]:
    contract = _contract(req)
    assert contract is not None
    trick = _cards(req, "trick", max_len=3, default=[])
    hand = _cards(req, "hand", max_len=9)
    if not hand:
        raise OracleError("impossible_input", "hand is empty: a player to act holds at least one card")
    _no_overlap(("trick", trick), ("hand", hand))
    legal = legal_moves(mask_of(hand), [int(c) for c in trick], contract, p)
    return {"legal": [str(c) for c in hand if legal >> c & 1]}


def _op_trick(req: dict[str, Any], p: RuleProfile) -> dict[str, Any]:
    contract = _contract(req)
    assert contract is not None
    trick = _cards(req, "trick")
    if len(trick) != 4:
        raise OracleError("impossible_input", f"a trick has 4 cards, got {len(trick)}")
    last = _field(req, "last", False)
    if not isinstance(last, bool):
        raise OracleError("bad_request", "last must be true or false")
    index = _trick_index(req, contract, last=last)
    w = trick_winner(trick, contract, index)
    return {
        "winner": w,
        "winning_card": str(trick[w]),
        "points": trick_points(trick, contract, p.undenufe_values, last, index, p.slalom_guschti_values),
        **_direction(contract, index),
    }


def _op_card_points(req: dict[str, Any], p: RuleProfile) -> dict[str, Any]:
    contract = _contract(req)
    assert contract is not None
    cards = _cards(req, "cards")
    index = _trick_index(req, contract)
    return {"points": card_points(cards, contract, p.undenufe_values, index, p.slalom_guschti_values),
            **_direction(contract, index)}


def _op_melds(req: dict[str, Any], p: RuleProfile) -> dict[str, Any]:
    contract = _contract(req, required=False)
    hand = _cards(req, "hand", max_len=9)
    d = declaration(mask_of(hand), p, contract)
    return {
        "melds": [m.to_dict() for m in d.melds],
        "points": d.points,
        "best": d.best.to_dict() if d.best else None,
    }


def _op_weis(req: dict[str, Any], p: RuleProfile) -> dict[str, Any]:
    contract = _contract(req)
    assert contract is not None
    hands_raw = _field(req, "hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != 4:
        raise OracleError("bad_request", "hands must be a list of four card lists, by seat (seat 0 is forehand)")
    hands = [_cards({f"hands[{i}]": h}, f"hands[{i}]", max_len=9) for i, h in enumerate(hands_raw)]
    _no_overlap(*((f"seat {i}", h) for i, h in enumerate(hands)))
    res = resolve_weis([mask_of(h) for h in hands], p, contract, forehand=0)
    return {
        "winner_seat": res.winner_seat,
        "team": res.team,
        "points": list(res.points),
        "declarations": [
            {"melds": [m.to_dict() for m in d.melds], "points": d.points, "best": d.best.to_dict() if d.best else None}
            for d in res.declarations
        ],
    }


def _op_score(req: dict[str, Any], p: RuleProfile) -> dict[str, Any]:
    contract = _contract(req)
    assert contract is not None
    cp = _int_pair(req, "card_points")
    tricks = _int_pair(req, "tricks")
    totals = deck_totals(contract, p.undenufe_values, p.slalom_guschti_values)
    if sum(cp) not in totals:
        if totals == {152}:
            raise OracleError("impossible_input", f"card_points must sum to 152 (the pack), got {cp[0]} + {cp[1]} = {sum(cp)}")
        raise OracleError(
            "impossible_input",
            f"card_points under {contract.name} counted by trick (slalom_guschti_values=by_trick) sum to one of "
            f"{', '.join(map(str, sorted(totals)))}, got {cp[0]} + {cp[1]} = {sum(cp)}",
        )
    if sum(tricks) != 9:
        raise OracleError("impossible_input", f"tricks must sum to 9, got {tricks[0]} + {tricks[1]} = {sum(tricks)}")
    for t in (0, 1):
        if tricks[t] == 0 and cp[t]:
            raise OracleError("impossible_input", f"team {t} took no trick but has {cp[t]} card points")
    last = _field(req, "last_trick")
    if last not in (0, 1) or isinstance(last, bool):
        raise OracleError("bad_request", "last_trick must be the team (0 or 1) that won trick 9")
    if tricks[last] == 0:
        raise OracleError("impossible_input", f"team {last} cannot have won the last trick with no tricks")
    why = impossible_split(contract, p.undenufe_values, cp, tricks, p.slalom_guschti_values)
    if why:
        raise OracleError("impossible_input", why)
    weis = _int_pair(req, "weis", default=[0, 0])
    stoeck = _int_pair(req, "stoeck", default=[0, 0])
    if weis[0] and weis[1]:
        raise OracleError("impossible_input", "Weis for both teams: only the team with the best meld writes Weis")
    if not all(is_weis_total(w) for w in weis):
        raise OracleError("impossible_input", "Weis values are sums of melds worth 20, 50, 100, 150, ...: 10 and 30, or a value not a multiple of 10, cannot be written")
    most = MOST_IN_A_HAND[p.weis_values]
    if max(weis) > 2 * most:
        raise OracleError(
            "impossible_input",
            f"a team writes at most {2 * most} Weis under this profile (its two hands declare at most {most} each), got {max(weis)}",
        )
    if stoeck[0] and stoeck[1]:
        raise OracleError("impossible_input", "Stöck for both teams: only one player holds the trump K and Q")
    if any(s not in (0, STOECK_POINTS) for s in stoeck):
        raise OracleError("impossible_input", f"Stöck is worth {STOECK_POINTS} (or 0)")
    if any(stoeck) and not contract.is_trump:
        raise OracleError(
            "impossible_input", "no Stöck in Obenabe, Undenufe, Slalom or Guschti: Stöck is the trump K and Q"
        )
    s = round_score(p, contract, cp, tricks, last, weis, stoeck)
    return {"factor": s.factor, "raw": list(s.raw), "written": list(s.written)}


def _op_crossing(req: dict[str, Any], p: RuleProfile) -> dict[str, Any]:
    target = _field(req, "target", p.target)
    if not isinstance(target, int) or isinstance(target, bool) or target <= 0:
        raise OracleError("bad_request", "target must be a positive whole number")
    before = _int_pair(req, "before")
    if max(before) >= target:
        raise OracleError("impossible_input", "a team is already at the target before the round: the match was over")
    raw_blocks = _field(req, "blocks")
    if not isinstance(raw_blocks, dict):
        raise OracleError("bad_request", 'blocks must be an object {"weis": [t0, t1], "stoeck": [..], "tricks": [..]}')
    unknown = set(raw_blocks) - {"weis", "stoeck", "tricks"}
    if unknown:
        raise OracleError("bad_request", f"unknown block {sorted(unknown)[0]!r}: blocks are weis, stoeck and tricks")
    blocks = {k: _int_pair(raw_blocks, k, default=[0, 0]) for k in ("weis", "stoeck", "tricks")}
    if all(blocks["weis"]):
        raise OracleError("impossible_input", "Weis for both teams: only the team with the best meld writes Weis")
    if all(blocks["stoeck"]):
        raise OracleError("impossible_input", "Stöck for both teams: only one player holds the trump K and Q")
    _check_written(blocks, p)
    first = _field(req, "first_in_tricks", None)
    if first is not None and (first not in (0, 1) or isinstance(first, bool)):
        raise OracleError("bad_request", "first_in_tricks must be the team (0 or 1) that reached the target first "
                          "with the tricks counted in order, or null")
    c = crossing(p, target, before, blocks, first_in_tricks=first)
    return {"winner": c.winner, "block": c.block, "trick_block_tie": p.trick_block_tie}


def _check_written(blocks: dict[str, tuple[int, int]], p: RuleProfile) -> None:
    """A round's written blocks hold only what a round can write under the profile's factors (RULES.md §11):
    Stöck 20 × a trump contract's factor, Weis at most what two hands declare × the largest factor, tricks at
    most a match (the most card points of the pack, + 5 + 100) × the largest factor for both teams together."""
    most = max(p.multiplier_table.values())
    stoeck = {STOECK_POINTS * p.factor(c) for c in p.contracts if c.is_trump}  # Stöck: the trump King and Ober
    if any(v and v not in stoeck for v in blocks["stoeck"]):
        raise OracleError(
            "impossible_input",
            f"written Stöck is {STOECK_POINTS} × the contract's factor: one of {', '.join(map(str, sorted(stoeck)))} "
            f"under this profile, got {max(blocks['stoeck'])}",
        )
    weis = 2 * MOST_IN_A_HAND[p.weis_values] * most
    if max(blocks["weis"]) > weis:
        raise OracleError(
            "impossible_input", f"a round writes at most {weis} Weis under this profile, got {max(blocks['weis'])}"
        )
    match = max(max(deck_totals(c, p.undenufe_values, p.slalom_guschti_values)) for c in p.contracts) + LAST_TRICK_BONUS + MATCH_BONUS
    tricks = match * most
    if sum(blocks["tricks"]) > tricks:
        raise OracleError(
            "impossible_input",
            f"a round's tricks write at most {tricks} for both teams together under this profile (a match × the "
            f"largest factor), got {blocks['tricks'][0]} + {blocks['tricks'][1]}",
        )


CHALK_LIMIT = 10**9
"""The largest written total (either sign) ``chalk`` draws: a billion points, far beyond any match."""


def _op_chalk(req: dict[str, Any], p: RuleProfile) -> dict[str, Any]:
    value = _field(req, "value")
    if not isinstance(value, int) or isinstance(value, bool):
        raise OracleError("bad_request", "value must be a whole number (a written total)")
    if abs(value) > CHALK_LIMIT:
        raise OracleError("bad_request", f"value must be a written total from -{CHALK_LIMIT:,} to {CHALK_LIMIT:,}")
    return to_marks(value).to_dict()


class OracleOp(NamedTuple):
    """One op of the oracle as the rules core knows it: how it is answered, the rule section every answer
    cites, and the line that names it (``puur rules eval --help``, the HTTP summary). The faces' typed
    request and result models for the op are in ``puur.ops``."""

    answer: Callable[[dict[str, Any], RuleProfile], dict[str, Any]]
    rule: str
    summary: str
    fields: tuple[str, ...]
    """The request's fields besides ``op`` and ``profile`` (INTERFACES.md §1): any other is refused, so a
    misspelt field is an error, not a default silently taken."""


OPS: dict[str, OracleOp] = {
    "legal_moves": OracleOp(
        _op_legal_moves, "RULES.md §7 (legal moves)", "The playable cards of a hand (RULES.md §7)",
        fields=("contract", "trick", "hand"),
    ),
    "trick": OracleOp(
        _op_trick,
        "RULES.md §8 (trick resolution), §6 (card points)",
        "Who wins a trick and its points (RULES.md §8)",
        fields=("contract", "trick", "last", "trick_index"),
    ),
    "card_points": OracleOp(
        _op_card_points, "RULES.md §6 (card points)", "Card points of some cards (RULES.md §6)",
        fields=("contract", "cards", "trick_index"),
    ),
    "melds": OracleOp(
        _op_melds,
        "RULES.md §9.1-9.3 (Weis values, overlap, splitting)",
        "The declaration of a hand that scores most (RULES.md §9.1-9.3)",
        fields=("hand", "contract"),
    ),
    "weis": OracleOp(
        _op_weis,
        "RULES.md §9.5-9.6 (Weis comparison, who writes Weis)",
        "Who writes Weis, and how much (RULES.md §9.5-9.6)",
        fields=("contract", "hands"),
    ),
    "score": OracleOp(
        _op_score, "RULES.md §11 (round scoring and multipliers)", "A round's raw and written score (RULES.md §11)",
        fields=("contract", "card_points", "tricks", "last_trick", "weis", "stoeck"),
    ),
    "crossing": OracleOp(
        _op_crossing,
        "RULES.md §12.3 (crossing priority)",
        "Which team reaches the target first, and in which block (RULES.md §12.3)",
        fields=("target", "before", "blocks", "first_in_tricks"),
    ),
    "chalk": OracleOp(
        _op_chalk, "TOOLS.md §1.3 (Jasstafel marks)", "A written total as Jasstafel marks (TOOLS.md §1.3)",
        fields=("value",),
    ),
}
"""The eight ops, in the order every face lists them."""

RULE_SECTIONS: dict[str, str] = {name: op.rule for name, op in OPS.items()}
"""The rule section each op's answers cite (``assumptions.rule``), by op."""


def _error(code: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": {"code": code, "message": message}}


def evaluate(request: Any) -> dict[str, Any]:
    """Answer one oracle request; never raises: impossible input is an error result."""
    if not isinstance(request, dict):
        return _error("bad_request", "a request is a JSON object with an 'op' field")
    if "op" not in request:
        return _error("missing_field", f"missing field 'op': use one of {', '.join(OPS)}")
    op = request.get("op")
    if not isinstance(op, str):  # a list or an object is no key of OPS (and must not reach the lookup)
        return _error("bad_request", f"op must be a string, one of {', '.join(OPS)}; got {type(op).__name__}")
    if op not in OPS:
        return _error("unknown_op", f"unknown op {op!r}: use one of {', '.join(OPS)}")
    unknown = sorted(set(request) - {"op", "profile", *OPS[op].fields}, key=str)
    if unknown:
        return _error(
            "unknown_field",
            f"unknown field {unknown[0]!r} for op {op!r}: its fields are {', '.join(OPS[op].fields)} and profile",
        )
    try:
        profile = RuleProfile.resolve(request.get("profile"))
    except (ValueError, TypeError) as e:
        return _error("invalid_profile", str(e))
    try:
        result = OPS[op].answer(request, profile)
    except OracleError as e:
        return _error(e.code, str(e))
    except (ValueError, TypeError) as e:
        return _error("bad_request", str(e))
    return {
        "ok": True,
        "op": op,
        **result,
        "assumptions": {
            "profile": profile.name if profile.is_preset else profile.overrides(),
            "multipliers": profile.multiplier_name,
            "multiplier_table": profile.multiplier_table,
            "rule": RULE_SECTIONS[op],
        },
    }


def evaluate_many(payload: Any) -> Any:
    """One request gives one result; an array gives an array of results in the same order."""
    if isinstance(payload, list):
        return [evaluate(r) for r in payload]
    return evaluate(payload)


__all__ = ["OPS", "RULE_SECTIONS", "OracleError", "OracleOp", "evaluate", "evaluate_many", "cards_of"]
