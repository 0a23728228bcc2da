"""The open datasets (PRODUCT.md §2.3), each generated from the rules core and the rule profiles.

Nothing here keeps its own copy of a rule value: card points and ladders come from ``puur.core.rules.tables``,
meld values from ``puur.core.rules.weis``, multiplier tables and presets from ``puur.core.profile``, and every worked
example is computed through ``puur.oracle.evaluate`` so the published number is the engine's number.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import inspect
import textwrap
from collections.abc import Callable
from functools import cache
from typing import Any

from puur.core.cards import (
    CONTRACT_SPELLINGS,
    RANK_CODES,
    RANK_NAMES,
    SUIT_CODES,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Contract,
    contract_name,
)
from puur.core.profile import (
    BOOL_OPTIONS,
    CHOICES,
    MULTIPLIER_SOURCES,
    MULTIPLIER_TABLES,
    NULLABLE_BOOL_OPTIONS,
    PRESET_SOURCES,
    PRESETS,
    RuleProfile,
)
from puur.core.rules.chalk import format_marks, to_marks
from puur.core.rules.scoring import BLOCK_ORDERS, RoundScore, deck_totals
from puur.core.rules.tables import (
    LAST_TRICK_BONUS,
    MATCH_BONUS,
    STOECK_POINTS,
    card_points_table,
    suit_strength_order,
)
from puur.core.rules.weis import QUARTET_VALUES, SEQUENCE_VALUES
from puur.data.envelope import envelope
from puur.data.glossary import GLOSSARY
from puur.ops import SCORE_EXAMPLE
from puur.oracle import OPS, RULE_SECTIONS, evaluate

CONTRACTS = [Contract.C, Contract.D, Contract.H, Contract.S, Contract.O, Contract.U]
DIRECTION_CONTRACTS = [Contract.SLO, Contract.SLU, Contract.GUO, Contract.GUU]
"""Slalom and Guschti (J30): a table option (``extra_contracts``) and the ten-column Coiffeur sheet."""

DIRECTION_ASSUMPTIONS: list[dict[str, str]] = [
    {
        "point": "which direction starts",
        "source": "J30: the table agrees; the contract name does not say",
        "chosen": "the chooser picks it: the code names it (SLO/GUO Obenabe first, SLU/GUU Undenufe first)",
    },
    {
        "point": "Guschti's phases",
        "source": "J30: five tricks in the starting direction, the change after the fifth trick, then four",
        "chosen": "as the page says: GUO plays tricks 1-5 Obenabe and 6-9 Undenufe, GUU the reverse",
    },
    {
        "point": "card values",
        "source": "J30 (as J27, J28): \"Every round contains exactly 152 card points. The last trick adds 5\"",
        "chosen": "every card of the round counts at the Obenabe values, whichever direction its trick is played "
        "in, so every round holds 152 card points (157 with the last trick, 257 with a match) in every preset "
        "(profile option slalom_guschti_values, default obenabe)",
    },
    {
        "point": "last trick and match",
        "source": "J30 and J22: the last trick adds 5, all nine tricks 100 more",
        "chosen": "unchanged: +5 to the winner of trick 9, +100 for all nine tricks",
    },
    {
        "point": "Weis",
        "source": "J30: 'Weis is never inverted — it always counts from the six up'",
        "chosen": "Weis compares as in Obenabe (top card high wins) whatever weis_undenufe_reverse says, and "
        "whichever direction trick 1 has; there is no trump, so the trump step never decides",
    },
    {
        "point": "Stöck",
        "source": "J27: no trump suit, so no Stöck (as in Obenabe and Undenufe)",
        "chosen": "no Stöck",
    },
    {
        "point": "factor",
        "source": "J30: 'Any multiplier assigned to an added column must be agreed'; no Schieber table lists them",
        "chosen": "in the Schieber the factor of the starting direction (it governs five of the nine tricks); "
        "an explicit multipliers table may name SLO SLU GUO GUU itself",
    },
    {
        "point": "legal moves",
        "source": "J30: no trumps unless agreed; RULES.md §7.1 for a no-trump contract",
        "chosen": "follow suit if you can, otherwise any card, in every trick (as in Obenabe and Undenufe)",
    },
]
"""What the pages leave open about Slalom and Guschti and what Puur chose (docs/contracts-slalom-guschti.md)."""


def _ask(request: dict[str, Any]) -> dict[str, Any]:
    """A worked example answered by the oracle, carrying its ``request`` so that it can be asked again
    (``puur rules eval``, ``POST /api/v1/rules/eval``); a failure here is a bug, never published silently."""
    result = evaluate(request)
    if not result.get("ok"):
        raise RuntimeError(f"dataset example failed: {request} -> {result}")
    return {"request": dict(request), **result}


def _presets_where(option: str, value: Any) -> list[str]:
    return [name for name, p in PRESETS.items() if getattr(p, option) == value]


# ----- card-values.json -----


def card_values() -> dict[str, Any]:
    # Columns read from the core's per-card tables: suit C as trump, suit D as a plain suit in a C contract.
    trump = card_points_table(Contract.C)[0:9]
    plain = card_points_table(Contract.C)[9:18]
    obenabe = card_points_table(Contract.O)[0:9]
    und_modern = card_points_table(Contract.U, "modern")[0:9]
    und_classic = card_points_table(Contract.U, "classic")[0:9]
    points = [
        {
            "rank": RANK_CODES[r],
            "names": {
                deck: {lang: RANK_NAMES[deck][lang][r] for lang in ("de", "en", "fr")}
                for deck in ("swiss", "french")
            },
            "trump": trump[r],
            "plain": plain[r],
            "obenabe": obenabe[r],
            "undenufe": und_modern[r],
            "undenufe_classic": und_classic[r],
        }
        for r in range(9)
    ]

    def ladder(contract: Contract, suit: int) -> list[str]:
        return [RANK_CODES[c % 9] for c in suit_strength_order(contract, suit)]

    def deck_total(contract: Contract, values: str = "modern") -> int:
        return sum(card_points_table(contract, values))

    per_contract = {str(c): deck_total(c) for c in CONTRACTS}
    per_contract["U_classic"] = deck_total(Contract.U, "classic")
    pack = per_contract["C"]
    data = {
        "points": points,
        "columns": {
            "trump": "the suit that is trump, in a trump contract (C D H S)",
            "plain": "the three other suits in a trump contract",
            "obenabe": "every suit in Obenabe (O)",
            "undenufe": "every suit in Undenufe (U), modern values (S004, Jasvel; profile option "
            "undenufe_values=modern, presets " + ", ".join(_presets_where("undenufe_values", "modern")) + ")",
            "undenufe_classic": "every suit in Undenufe with classic values (S000, S001; undenufe_values=classic, "
            "presets " + ", ".join(_presets_where("undenufe_values", "classic")) + ")",
        },
        "warning": "In a trump contract both the trump and the plain column are used: reading a card by the "
        f"contract alone gives a plain Under {trump[5]} instead of {plain[5]}, an error of "
        f"{trump[5] - plain[5]} points on one card.",
        "strength_order": {
            "order": "strongest first: index 0 takes the trick",
            "trump": ladder(Contract.C, 0),
            "ordinary": ladder(Contract.O, 0),
            "inverted": ladder(Contract.U, 0),
            "used_by": {
                "trump": "the trump suit of C D H S",
                "ordinary": "the plain suits of a trump contract, and every suit in Obenabe",
                "inverted": "every suit in Undenufe (trick strength only; Weis sequences stay natural)",
            },
            "resolution": "a trump beats any plain card whatever its rank: resolve the trump pool first, then "
            "the highest card of the suit led; other suits never win (RULES.md §8)",
        },
        "totals": {
            "trump_column": sum(trump),
            "plain_column": sum(plain),
            "obenabe_column": sum(obenabe),
            "undenufe_column": sum(und_modern),
            "pack_per_contract": per_contract,
            "pack": pack,
            "last_trick_bonus": LAST_TRICK_BONUS,
            "round": pack + LAST_TRICK_BONUS,
            "match_bonus": MATCH_BONUS,
            "match": pack + LAST_TRICK_BONUS + MATCH_BONUS,
            "checks": [
                f"{sum(trump)} + 3 × {sum(plain)} = {sum(trump) + 3 * sum(plain)}",
                f"4 × {sum(obenabe)} = {4 * sum(obenabe)}",
                f"{pack} + {LAST_TRICK_BONUS} = {pack + LAST_TRICK_BONUS} (a round)",
                f"{pack + LAST_TRICK_BONUS} + {MATCH_BONUS} = {pack + LAST_TRICK_BONUS + MATCH_BONUS} "
                "(all nine tricks: the maximum before Weis, Stöck and the multiplier)",
            ],
        },
        "suits": [
            {
                "code": SUIT_CODES[s],
                "symbol": SUIT_SYMBOLS[s],
                "names": {
                    deck: dict(
                        zip(
                            ("de", "en", "fr"),
                            (SUIT_NAMES[deck][lg][s] for lg in ("de", "en", "fr")),
                            strict=True,
                        )
                    )
                    for deck in ("swiss", "french")
                },
            }
            for s in range(4)
        ],
        "examples": [
            _ask({"op": "card_points", "contract": "H", "cards": ["HJ", "H9", "DJ", "D9"]}),
            _ask({"op": "trick", "contract": "H", "trick": ["CA", "H9", "HJ", "C7"]}),
            _ask({"op": "trick", "contract": "U", "trick": ["D6", "DA", "D7", "C6"], "last": True}),
        ],
        "rule": "RULES.md §5 (strength orders), §6 (card points), §8 (trick resolution)",
    }
    return envelope(
        "card-values.json",
        "Points in all four columns (and classic Undenufe), the three strength ladders, and the 152 that checks "
        "a deal.",
        data,
        generated_from=[
            "puur.core.rules.tables.card_points_table",
            "puur.core.rules.tables.suit_strength_order",
            "puur.oracle.evaluate",
        ],
    )


# ----- weis.json -----


def weis() -> dict[str, Any]:
    def quartets(values: str) -> dict[str, int | None]:
        return {RANK_CODES[r]: (QUARTET_VALUES[values][r] or None) for r in range(9)}

    tables = {
        values: {
            "sequences": {str(n): pts for n, pts in SEQUENCE_VALUES[values].items()},
            "quartets": quartets(values),
            "presets": _presets_where("weis_values", values),
        }
        for values in SEQUENCE_VALUES
    }
    compare_steps = {
        "points_cards_top": [
            "points",
            "number of cards",
            "higher top card",
            "trump suit",
            "seat from forehand",
        ],
        "points_type_length_top": [
            "points",
            "type (a sequence above a four of a kind)",
            "length",
            "higher top card",
            "trump suit",
            "seat from forehand",
        ],
        "points_top": ["points", "higher top card", "trump suit", "seat from forehand"],
    }
    assert set(compare_steps) == set(CHOICES["weis_compare"])
    data = {
        "values": tables,
        "values_note": "Sequences by number of cards; four of a kind by rank. null: four of that rank is no "
        "Weis (four 6s, 7s, 8s; four 9s in the small table).",
        "stoeck": {
            "points": STOECK_POINTS,
            "cards": "the trump K and Q (König and Ober) in one hand",
            "is_weis": False,
            "in_obenabe_or_undenufe": False,
            "note": "Stöck is written by its holder's team whatever happened with Weis and does not enter the "
            "comparison; it is multiplied with the round. When and how it must be declared is the profile "
            "option stoeck.",
            "declaration_by_preset": {name: p.stoeck for name, p in PRESETS.items()},
        },
        "comparison": {
            "by_option": {
                opt: {"steps": steps, "presets": _presets_where("weis_compare", opt)}
                for opt, steps in compare_steps.items()
            },
            "undenufe_reverses_top_card": {
                "true": _presets_where("weis_undenufe_reverse", True),
                "false": _presets_where("weis_undenufe_reverse", False),
                "note": "The seeds (S000, S001, S004) compare the top card lower-wins in Undenufe; Jasvel never "
                "does. Sequences are always read on the natural ladder 6 7 8 9 10 J Q K A.",
            },
            "without_seating": "A request without the contract and the seating can only be compared up to the "
            "top card; the trump and forehand steps need both (the weis operation takes them).",
        },
        "overlap": {
            "by_option": {v: _presets_where("weis_overlap", v) for v in CHOICES["weis_overlap"]},
            "split_long_runs": {
                str(v).lower(): _presets_where("weis_split_long_runs", v) for v in (True, False)
            },
            "meaning": _overlap_meaning(),
            "examples": [
                _ask({"op": "melds", "hand": ["H9", "H10", "HJ", "HQ", "HK", "HA", "CQ", "DQ", "SQ"]}),
                _ask(
                    {
                        "op": "melds",
                        "hand": ["H8", "H9", "H10", "HJ", "HQ", "HK", "C10", "D10", "S10"],
                        "profile": "jasvel",
                    }
                ),
                _ask({"op": "melds", "hand": ["S6", "S7", "S8", "S9", "S10", "SJ", "SQ", "SK"], "profile": "classic"}),
            ],
            "examples_note": "disjoint: the six-run (150) beats four Queens with the three-run left beside them "
            "(120); jasvel: the six-run and four tens share H10, so only the six-run (150) is written, not 250; "
            "classic: the eight-run is written 5 + 3 (100 + 20 = 120) rather than whole (100)",
        },
        "most_often_wrong": [
            "Only the team with the single best meld writes Weis, and it writes the melds of both partners; the "
            "other team writes nothing, however much it held.",
            "The comparison runs points first, then (by profile) the number of cards or the type, then the top "
            "card, then the trump suit, then the seat nearest the forehand.",
            "A sequence is counted on the natural ladder 6-7-8-9-10-J-Q-K-A in every contract; whether Undenufe "
            "reverses the top-card comparison of equal melds depends on the rules (option weis_undenufe_reverse: "
            "yes in the seed guides, never in Jasvel).",
            "Stöck is not a Weis: 20 for the trump K and Q in one hand, outside the comparison, none in Obenabe "
            "or Undenufe.",
            "Weis is declared during the first trick; the winning melds are shown (trick 1 or 2, by profile) and "
            "only then are the points certain.",
        ],
        "examples": [
            _ask({"op": "melds", "hand": ["D6", "D7", "D8", "HA", "CA", "SA", "DA", "C9", "S10"]}),
            _ask(
                {
                    "op": "melds",
                    "hand": ["HJ", "DJ", "CJ", "SJ", "H9", "H10", "HQ", "S6", "S7"],
                    "profile": "jasvel",
                }
            ),
            _ask(
                {
                    "op": "weis",
                    "contract": "H",
                    "hands": [["C6", "C7", "C8"], ["D9", "D10", "DJ"], ["S6", "S7"], ["H6"]],
                }
            ),
        ],
        "rule": "RULES.md §9 (Weis), §10 (Stöck)",
    }
    return envelope(
        "weis.json",
        "Every meld with its value under the small and extended tables, the comparison chains, Stöck, and the "
        "five rules about Weis that are most often got wrong.",
        data,
        generated_from=[
            "puur.core.rules.weis.SEQUENCE_VALUES",
            "puur.core.rules.weis.QUARTET_VALUES",
            "puur.core.rules.tables.STOECK_POINTS",
            "puur.core.profile.PRESETS",
            "puur.oracle.evaluate",
        ],
    )


def _overlap_meaning() -> dict[str, Any]:
    """What ``weis_overlap`` and ``weis_split_long_runs`` mean, as ``puur.core.rules.weis.choices`` applies them
    (RULES.md §9.3, corrected 2026-12-01)."""
    return {
        "disjoint": {
            "presets": _presets_where("weis_overlap", "disjoint"),
            "rule": "no card is in two melds. The declaration is the set of melds without a shared card that "
            "scores most (ties: the strongest best meld): every choice of quartets is tried, a quartet may take "
            "a card out of a run, and what is left of the run still counts if it has 3 cards or more",
            "source": "S000 (cards cannot overlap separate Weis), S001 (a card cannot belong to two "
            "combinations); S004 is silent and its preset takes disjoint",
        },
        "sequence_and_quartet_may_share": {
            "presets": _presets_where("weis_overlap", "sequence_and_quartet_may_share"),
            "rule": "a card may sit in a run and a quartet at once, but a run and a quartet that share a card "
            "are never both written: only one of the two is declared, the choice giving the most points (ties: "
            "the strongest best meld). Runs stay maximal, so two runs never share a card",
            "source": "J17 (the player declares only the strongest meld), J25 (the team does not score both "
            "melds together; the overlap creates no extra bonus)",
        },
        "split_long_runs": {
            "presets": _presets_where("weis_split_long_runs", True),
            "rule": "a long run may be written in disjoint parts of 3 cards or more (8 = 5 + 3: 100 + 20 = 120 "
            "in the small values, against 100 whole). The choice scoring most is the default; a human seat "
            "whose choices differ in the best meld (the whole run is the stronger best meld) chooses which to "
            "declare. Elsewhere runs are written whole",
            "source": "S000 (a long run of 8 may split into 5 and 3); other sources are silent",
        },
    }


# ----- contracts.json -----


def contracts() -> dict[str, Any]:
    rows = []
    for c in CONTRACTS:
        rows.append(
            {
                "code": str(c),
                "kind": "trump" if c.is_trump else ("obenabe" if c == Contract.O else "undenufe"),
                "trump_suit": str(c) if c.is_trump else None,
                "names": {
                    deck: {lang: contract_name(c, deck, lang) for lang in ("de", "en", "fr")}
                    for deck in ("swiss", "french")
                },
                "stoeck": c.is_trump,
                "factors": {name: table[str(c)] for name, table in MULTIPLIER_TABLES.items()},
            }
        )
    tables = [
        {
            "name": name,
            "factors": dict(table),
            "published_by": MULTIPLIER_SOURCES[name],
            "presets": _presets_where("multipliers", name),
            "marked_correct": False,
        }
        for name, table in MULTIPLIER_TABLES.items()
    ]
    direction_rows = [
        {
            "code": str(c),
            "kind": "slalom" if c in (Contract.SLO, Contract.SLU) else "guschti",
            "starts": str(c.direction(0)),
            "directions": [str(c.direction(t)) for t in range(9)],
            "names": {lang: contract_name(c, "swiss", lang) for lang in ("de", "en", "fr")},
            "spellings": sorted(w for w in CONTRACT_SPELLINGS if Contract.parse(w) is c),
            "stoeck": False,
            "factors": {name: table[str(c.direction(0))] for name, table in MULTIPLIER_TABLES.items()},
            "offered_when": {"extra_contracts": ["slalom" if c in (Contract.SLO, Contract.SLU) else "guschti",
                                                 "slalom_guschti"]},
        }
        for c in DIRECTION_CONTRACTS
    ]
    data = {
        "contracts": rows,
        "direction_contracts": {
            "contracts": direction_rows,
            "card_point_totals": {
                values: sorted(deck_totals(Contract.SLO, values)) for values in ("modern", "classic")
            },
            "assumptions": DIRECTION_ASSUMPTIONS,
            "rule": "J30 (Slalom, Guschti, Molotow), J27 and J22 (the ten-column Coiffeur sheet); "
            "docs/contracts-slalom-guschti.md",
        },
        "push": {
            "code": "P",
            "names": {"de": "schieben", "en": "push", "fr": "chibrer"},
            "rule": "the forehand may push the choice to the partner once; the forehand still leads "
            "(RULES.md §4.2)",
        },
        "multiplier_tables": tables,
        "correct_table": None,
        "note": "The multiplier belongs to the table, not to the game. Every table here is in real use; none is "
        "marked correct. Ask which table is in use before scoring, and name the table when reporting a figure. "
        "Factors are keyed by contract code and bind to the suit's position, never to the printed picture, so "
        "the Swiss and the French deck score the same. A profile may also carry an explicit table.",
        "suit_correspondence": {
            SUIT_CODES[s]: {
                "swiss": SUIT_NAMES["swiss"]["de"][s],
                "french": SUIT_NAMES["french"]["de"][s],
                "en": f"{SUIT_NAMES['swiss']['en'][s]} = {SUIT_NAMES['french']['en'][s]}",
            }
            for s in range(4)
        },
        "rule": "RULES.md §4 (contracts and schieben), §11.3 (multiplier tables), §14",
    }
    return envelope(
        "contracts.json",
        "The six contracts, Slalom and Guschti (a table option, with the assumptions the pages leave open) and "
        "every named multiplier table with the sources that publish it; none is marked correct.",
        data,
        generated_from=["puur.core.profile.MULTIPLIER_TABLES", "puur.core.profile.MULTIPLIER_SOURCES", "puur.core.cards"],
    )


# ----- scoring.json -----


def scoring() -> dict[str, Any]:
    # J02's worked example: 100 in tricks, 50 Weis, 20 Stöck under a ×4 contract. With Stöck it must be a trump
    # contract, so the ascending table's Schilten (×4) is used; the oracle computes it.
    # The request is the score op's example in the registry (puur.ops), a copy, profile first as published.
    example = copy.deepcopy(SCORE_EXAMPLE)
    example_profile = example["profile"]
    worked = _ask({"op": "score", "profile": example_profile, **example})
    s = RoundScore(worked["factor"], (95, 57), (LAST_TRICK_BONUS, 0), (0, 0), (50, 0), (STOECK_POINTS, 0))
    wrong = s.tricks_raw[0] * s.factor + s.weis[0] + s.stoeck[0]
    chalk_values = [0, 157, 680, 2735, -15]
    data = {
        "order_of_operations": {
            "formula": "written[t] = factor(contract, table) × (card_points[t] + 5 if t took the last trick "
            "+ 100 if t took all nine tricks + all Weis of t's players if t holds the single best meld + 20 for "
            "a scored Stöck)",
            "steps": [
                f"card points of the tricks won (the pack holds {sum(card_points_table(Contract.C))})",
                f"+ {LAST_TRICK_BONUS} for the last trick",
                f"+ {MATCH_BONUS} for all nine tricks (a match)",
                "+ Weis (only the team with the single best meld)",
                f"+ Stöck ({STOECK_POINTS}, trump contracts only)",
                "× the contract's factor, once, for both teams",
            ],
            "worked_example": {
                "tricks": s.tricks_raw[0],
                "weis": s.weis[0],
                "stoeck": s.stoeck[0],
                "factor": s.factor,
                "contract": "S",
                "profile": example_profile,
                "written": worked["written"][0],
                "common_error": wrong,
                "common_error_method": "multiplying only the tricks and adding Weis and Stöck afterwards",
                "oracle": worked,
                "source": "J02 (Jasvel API page)",
                "source_says": "a round of 100 in tricks, 50 in Weis and 20 for Stöck under a ×4 contract is "
                "worth 680, not 470; multiplying the trick points and adding the melds afterwards is the error",
                "from_source": ["tricks", "weis", "stoeck", "factor", "written", "common_error", "common_error_method"],
                "puur_choices": {
                    "fields": ["contract", "profile", "oracle"],
                    "note": "J02 names no contract, table or split of the tricks. To compute the example with the "
                    "oracle Puur chose them: Stöck needs a trump contract, and Schilten is ×4 in the ascending "
                    "table; the 100 in tricks are 95 card points with the last trick's 5 (5 tricks to 4, the "
                    "other team 57). These choices are Puur's, not J02's.",
                },
            },
            "timing": "S000 writes declarations already multiplied as they happen and the tricks at the end; "
            "the number is the same, only when it reaches the board differs (RULES.md §11.2).",
        },
        "crossing": {
            "rule": "the blocks are counted in the profile's priority order; the first block after which exactly "
            "one team has reached the target decides (RULES.md §12.3). When the count is made depends on the "
            "profile's game_end (§12.2): see by_game_end",
            "by_game_end": {
                "end_of_round": {
                    "presets": _presets_where("game_end", "end_of_round"),
                    "rule": "the round is always completed and written; play does not stop when one part reaches "
                    "the target; then the blocks are counted in order and the first crossing decides, not the "
                    "higher final total",
                    "source": "J11",
                },
                "live": {
                    "presets": _presets_where("game_end", "live"),
                    "rule": "the game ends during the deal: the target is recognised automatically as soon as a "
                    "team reaches it, checked after every trick and declaration; what is credited at once (in "
                    "the first trick) is counted Stöck, then Weis, then trick points",
                    "source": "S001 (\"Live scores automatically recognize 3000. In the first trick, priority "
                    "is Stöck, then Weis, then trick points.\")",
                },
                "claim": {
                    "presets": _presets_where("game_end", "claim"),
                    "rule": "the game ends during the deal: any player may claim the target; play stops and the "
                    "claiming team adds its won-trick points not yet written (and any eligible Stöck); at least "
                    "the target wins, a false claim loses the game; if both claim in the opening trick, Stöck, "
                    "then Weis, then trick points are settled. Puur: a round nobody claimed is counted as under "
                    "end_of_round",
                    "source": "S000 (\"Target 3000 may be reached during a deal. Any player can claim "
                    "victory\")",
                },
            },
            "orders": {
                name: {"blocks": list(order), "presets": _presets_where("crossing_priority", name)}
                for name, order in BLOCK_ORDERS.items()
            },
            "examples": [
                _ask(
                    {
                        "op": "crossing",
                        "target": 1000,
                        "before": [950, 960],
                        "profile": preset,
                        "blocks": {"weis": [100, 0], "stoeck": [0, 40], "tricks": [100, 114]},
                    }
                )
                for preset in ("schieber", "jasvel")
            ],
            "examples_note": "the same round decides differently by crossing order: Stöck first gives team 1 the "
            "game, Weis first gives it to team 0",
            "trick_block_tie": _trick_block_tie(),
        },
        "jasstafel": {
            "layout": {
                "columns": "one per team; the vertical line separates the teams and is no deduction",
                "rows": [
                    {"position": "top", "stroke": 100},
                    {"position": "middle", "stroke": 50},
                    {"position": "bottom", "stroke": 20},
                ],
                "symbols": {"X": 1000, "V": 500},
                "remainder": "one plain number at the lower right, replaced when it changes; it may be negative",
                "grouping": "strokes are tallied in fives: the fifth is drawn across the four before it (two "
                "strokes across on the fifties row); a crossed group counts five",
            },
            "canonical_form": "X per 1000, one V, up to four hundreds, one fifty, up to two twenties and a "
            "remainder 0..19; a negative total is all remainder (TOOLS.md §1.3)",
            "examples": [
                {"value": v, "marks": to_marks(v).to_dict(), "text": format_marks(to_marks(v))}
                for v in chalk_values
            ],
            "source": "J04 caption, J10, J24; TOOLS.md §1",
        },
        "coiffeur": {
            "structure": "each team plays every column (contract) of the sheet exactly once; the sheet is done "
            "when every box is filled and the higher total wins",
            "standard_sheet": [
                {"column": name, "factor": i + 1}
                for i, name in enumerate(
                    ["Eicheln", "Rosen", "Schellen", "Schilten", "Obenabe", "Undenufe", "Joker 1", "Joker 2"]
                )
            ],
            "ten_column_sheet": "adds Slalom and Guschti (Mary); their factors must be agreed (J30)",
            "box": "only the tens of the round: floor(points / 10), truncated, not rounded",
            "box_examples": [
                {"points": p, "box": p // 10}
                for p in (
                    129,
                    157,
                    s.tricks_raw[0],
                    sum(card_points_table(Contract.C)) + LAST_TRICK_BONUS + MATCH_BONUS,
                )
            ],
            "factor_methods": {
                "A (default)": "the box holds the tens of the unmultiplied round; total = Σ box × column factor "
                "(J22 and its sheet)",
                "B": "multiply the round first, then write the tens; total = Σ box (J27)",
                "example": {"points": 129, "factor": 2, "A": (129 // 10) * 2, "B": (129 * 2) // 10},
            },
            "joker": "a free-choice column: the team names any contract when it plays it; whether a contract may "
            "repeat is a table agreement (Bock is a regional name)",
            "source": "J22, J27, J30; TOOLS.md §2",
        },
        "differenzler": {
            "players": "four individuals, no partnerships",
            "prediction": "before the first card each player predicts their own trick points (not tricks)",
            "actual": f"card points of the player's tricks + {LAST_TRICK_BONUS} for the last trick; the four add "
            f"up to {sum(card_points_table(Contract.C)) + LAST_TRICK_BONUS}",
            "round_score": "|actual − prediction|: over- and under-shooting both count, an exact prediction "
            "scores 0",
            "winner": "the lowest running total",
            "example": {"prediction": 40, "actual": 52, "score": abs(52 - 40)},
            "weis_and_stoeck": "not counted by default (a regional convention may add them)",
            "source": "J23, J28; TOOLS.md §3",
        },
        "rule": "RULES.md §11 (round scoring), §12 (crossing); TOOLS.md §1-§3",
    }
    return envelope(
        "scoring.json",
        "The order of operations with the 680 worked example and the 470 error, the crossing order, the "
        "Jasstafel notation, the Coiffeur sheet and the Differenzler round.",
        data,
        generated_from=[
            "puur.core.rules.scoring",
            "puur.core.rules.chalk",
            "puur.core.rules.tables",
            "puur.oracle.evaluate",
        ],
    )


def _trick_block_tie() -> dict[str, Any]:
    """Both teams reach the target in the tricks block: disputed, both readings (RULES.md §12.3, §14)."""
    same_round = {"op": "crossing", "target": 1000, "before": [950, 900], "blocks": {"tricks": [57, 100]}}
    return {
        "disputed": True,
        "why": "only the tricks block can see both teams cross (one team writes Weis, one player holds Stöck), "
        "and no source says who wins then (RULES.md §12.3); the profile option trick_block_tie names the reading",
        "readings": {
            "trick_by_trick": {
                "presets": _presets_where("trick_block_tie", "trick_by_trick"),
                "rule": "the team that got there first with the tricks credited in order (+5 and +100 with "
                "trick 9)",
                "source": "none states it: Puur's reading, in line with the seeds that check the target during "
                "the deal (S000 claims, S001 live recognition), where the tricks count as they are won",
            },
            "higher_total": {
                "presets": _presets_where("trick_block_tie", "higher_total"),
                "rule": "the team with the higher written total after the round; equal totals fall back to the "
                "first team there, trick by trick",
                "source": "J11: the finish \"can then be checked without relying on memory of the deal\"",
            },
        },
        "engine_and_scoreboard": "the game engine and the Jasstafel decide through the same function; a "
        "scoreboard sees only totals, so under trick_by_trick (or equal totals) the table tells it who got "
        "there first (first_in_tricks)",
        "examples": [
            _ask({**same_round, "profile": "schieber"}),
            _ask({**same_round, "profile": "schieber", "first_in_tricks": 1}),
            _ask({**same_round, "profile": "jasvel"}),
        ],
        "examples_note": "the crossing operation cannot see the order of the tricks: under trick_by_trick it "
        "answers no winner unless first_in_tricks is given; under higher_total team 0 (1007 against 1000)",
    }


# ----- glossary.json -----


def glossary() -> dict[str, Any]:
    data = {
        "languages": ["en", "de", "fr"],
        "terms": GLOSSARY,
        "note": "Swiss-German terms stay Swiss-German at a French-speaking table (J02, J04). Every name no source "
        "gives is listed, by language, under unattested: the ordinary French card words, the French suit names, "
        "and chibre, chibrer and annonces (J02 mentions chibrer and annonces as Romandie words without saying "
        "what they mean).",
    }
    return envelope(
        "glossary.json",
        "Every word used at a Jass table, defined in English, German and French, with its sources.",
        data,
        generated_from=["puur.data.glossary.GLOSSARY (written from PRODUCT.md §4 and J04)"],
    )


# ----- profiles.json -----


@cache
def option_docs() -> dict[str, str]:
    """The docstring under each ``RuleProfile`` field, read from profile.py's source."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(RuleProfile)))
    cls = tree.body[0]
    assert isinstance(cls, ast.ClassDef)
    docs: dict[str, str] = {}
    body = cls.body
    for i, node in enumerate(body[:-1]):
        nxt = body[i + 1]
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(nxt, ast.Expr)
            and isinstance(nxt.value, ast.Constant)
            and isinstance(nxt.value.value, str)
        ):
            docs[node.target.id] = " ".join(nxt.value.value.split())
    return docs


def _option_values(name: str) -> Any:
    if name in CHOICES:
        return list(CHOICES[name])
    if name in BOOL_OPTIONS:
        return [True, False]
    if name in NULLABLE_BOOL_OPTIONS:
        return [True, False, None]
    if name == "multipliers":
        return {
            "tables": list(MULTIPLIER_TABLES),
            "or": 'an explicit table {"C":1,"D":2,"H":1,"S":2,"O":3,"U":4}',
        }
    if name == "target":
        return "a whole number from 100 to 100000"
    if name == "targets_offered":
        return "a list of whole numbers"
    if name == "schneider":
        seen: list[Any] = [None]
        for p in PRESETS.values():
            if p.schneider not in seen:
                seen.append(dict(p.schneider))  # type: ignore[arg-type]
        return seen
    if name == "name":
        return list(PRESETS)
    return None


def profiles_output() -> dict[str, Any]:
    """Exactly what ``puur rules profiles`` prints."""
    return {name: p.to_dict() for name, p in PRESETS.items()}


def profiles() -> dict[str, Any]:
    docs = option_docs()
    default = RuleProfile()
    options = []
    for f in dataclasses.fields(RuleProfile):
        key = "preset" if f.name == "name" else f.name
        doc = docs.get(f.name)
        if doc is None and f.name == "targets_offered":
            doc = "The targets a table may pick from (§12.1); see target."
        if doc is None and f.name == "version":
            doc = "Profile format version; records of another version are refused."
        by_preset = {name: p.to_dict()[key] for name, p in PRESETS.items()}
        options.append(
            {
                "name": key,
                "doc": doc,
                "values": _option_values(f.name),
                "default": default.to_dict()[key],
                "by_preset": by_preset,
                "disputed": f.name not in ("name", "version")
                and len({repr(v) for v in by_preset.values()}) > 1,
            }
        )
    data = {
        "default": default.name,
        "presets": profiles_output(),
        "preset_sources": dict(PRESET_SOURCES),
        "options": options,
        "multiplier_tables": {name: dict(t) for name, t in MULTIPLIER_TABLES.items()},
        "how_to_use": 'Give a profile as a preset name ("jasvel") or as {"preset": NAME, ...overrides}, e.g. '
        '{"preset": "schieber", "multipliers": "both3", "target": 1000}. Unknown options and values are refused '
        "by name.",
        "rule": "RULES.md §13 (contradictions), §14 (profiles)",
    }
    return envelope(
        "profiles.json",
        "Every rule-profile preset, every option with its allowed values, its source and each preset's choice; "
        "the presets equal `puur rules profiles`.",
        data,
        generated_from=[
            "puur.core.profile.RuleProfile (field docstrings)",
            "puur.core.profile.PRESETS",
            "puur.core.profile.CHOICES",
            "puur.core.profile.PRESET_SOURCES",
        ],
    )


# ----- puur.json -----


def puur() -> dict[str, Any]:
    data = {
        "name": "Puur",
        "summary": "Swiss Jass (Schieber) for four: a rules engine with named rule profiles, computer players, "
        "a web table, scoreboards, a rules API, an MCP server and these open datasets.",
        "does": [
            "plays Schieber: one human against (or with) computer players, on a web table or in the terminal "
            "(puur serve, puur play)",
            "keeps the information boundary: a seat only ever sees its own hand and the cards the rules have "
            "made public",
            "every disputed rule as a named option of a rule profile, with five presets reproducing the sources "
            + "("
            + ", ".join(PRESETS)
            + ")",
            "answers rules questions from one implementation: puur rules eval, POST /api/v1/rules/eval and "
            "typed endpoints, MCP tools (" + ", ".join(OPS) + ")",
            "states its assumptions with every answer: the profile, the multiplier table and the rule section",
            "publishes these datasets under CC BY 4.0 at /api/v1/, CORS-open, and as static files "
            "(puur data export DIR)",
            "serves an MCP server on standard input/output (puur mcp) and over streamable HTTP at /mcp",
            "bot against bot on duplicate deals with confidence intervals (puur arena)",
        ],
        "does_not": [
            "decide which multiplier table or rule profile is correct: it names them all",
            "accounts, sign-in, advertising, telemetry or payments",
            "publish or share games: they stay in the server's local database",
            "let a computer player see hidden cards: bots get the same observation a human seat gets",
            "online matchmaking with strangers: a game is hosted by whoever runs the server",
            "an A2A agent or its agent card, markdown twins of pages, llms-full.txt, or Jasvel's pages.json "
            "(Puur has no page corpus: /llms.txt indexes its pages, tools and datasets)",
            "an MCP server card at /.well-known/mcp/server-card.json (its format is still a draft): the MCP "
            "server describes itself when a client connects to /mcp",
            "an /auth.md: nothing needs an identity (no accounts; a game's seats hold their own tokens)",
            "regional house contracts beyond their names (Molotow, joker columns need local agreement)",
        ],
        "interfaces": {
            "cli": [
                "puur serve",
                "puur play",
                "puur rules eval",
                "puur rules profiles",
                "puur arena",
                "puur bench engine",
                "puur mcp",
                "puur data export DIR",
            ],
            "http": "/api/v1/openapi.json (OpenAPI 3.1)",
            "mcp": "/mcp (streamable HTTP) and puur mcp (stdio)",
            "llms": "/llms.txt",
        },
        "rule_sections": dict(RULE_SECTIONS),
    }
    return envelope(
        "puur.json",
        "What Puur does, and an explicit list of what it does not do.",
        data,
        generated_from=["puur.core.profile.PRESETS", "puur.oracle.OPS", "puur.oracle.RULE_SECTIONS"],
    )


BUILDERS: dict[str, Callable[[], dict[str, Any]]] = {
    "card-values.json": card_values,
    "weis.json": weis,
    "contracts.json": contracts,
    "scoring.json": scoring,
    "glossary.json": glossary,
    "profiles.json": profiles,
    "puur.json": puur,
}
