"""``/llms.txt``: a plain index of Puur's pages, tools and datasets for language models (PRODUCT.md §2.1)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import PlainTextResponse

from puur import __version__
from puur.data import DATASET_NAMES, dataset
from puur.oracle import OPS, RULE_SECTIONS

router = APIRouter(tags=["llms"])

RULES_ENDPOINTS = {
    "legal_moves": "legal-moves",
    "trick": "trick",
    "card_points": "card-points",
    "melds": "melds",
    "weis": "weis",
    "score": "score",
    "crossing": "crossing",
    "chalk": "chalk",
}


def llms_txt() -> str:
    lines = [
        "# Puur — Swiss Jass (Schieber): rules oracle, open data and an MCP server",
        "",
        f"> Puur {__version__}. Every rule the sources dispute is a named option of a rule profile (presets "
        "schieber, classic, schweizer, online, jasvel); every computed answer states the profile, the multiplier "
        "table and the rule section it assumed. Data: CC BY 4.0, CORS-open, keyless. Codes: cards are suit "
        "C D H S + rank A K Q J 10 9 8 7 6 (H10, DA); contracts C D H S O (Obenabe) U (Undenufe), P to push.",
        "",
        "Three things to know before quoting: the multiplier belongs to the table, not the game (contracts.json "
        "lists every table, none marked correct); a Weis sequence runs 6-7-8-9-10-J-Q-K-A in every contract "
        "(whether Undenufe reverses the Weis comparison is a profile option); tricks + Weis + Stöck are summed before the factor (100 + 50 + 20 at ×4 is 680, not 470).",
        "",
        "## Pages",
        "- [API documentation](/api/v1/docs): interactive OpenAPI documentation",
        "- [OpenAPI 3.1](/api/v1/openapi.json): machine description of the HTTP API",
        "- [Dataset index](/api/v1/index.json): every dataset with its URL",
        "- [Status](/api/v1/status.json): when the datasets were built, with digests",
        "- [Profiles](/api/v1/profiles): every rule-profile preset with all its options",
        "",
        "## Datasets",
    ]
    for n in DATASET_NAMES:
        lines.append(f"- [{n}](/api/v1/{n}): {dataset(n)['description']} (MCP resource puur://data/{n})")
    lines += [
        "",
        "## Rules API (POST, JSON)",
        "- [/api/v1/rules/eval](/api/v1/rules/eval): the oracle, one request or an array, same JSON as "
        "`puur rules eval`",
    ]
    for op in OPS:
        lines.append(
            f"- [/api/v1/rules/{RULES_ENDPOINTS[op]}](/api/v1/rules/{RULES_ENDPOINTS[op]}): {op} — "
            f"{RULE_SECTIONS[op]}"
        )
    lines += [
        "- [/api/v1/solve](/api/v1/solve): perfect play with open cards from a position of known hands (from "
        "the fourth trick on): the best card and the points after each legal card; the position as hands, "
        'contract and cards played, or as one line {"position": "puur1 ..."} (docs/position-notation.md)',
        "",
        "## MCP tools",
        "Server: streamable HTTP at /mcp, or `puur mcp` on standard input/output.",
    ]
    for op in OPS:
        lines.append(f"- {op}: {RULE_SECTIONS[op]}")
    lines += [
        "- list_profiles: every preset with its options and source",
        "- solve_open_cards: perfect play with open cards from a position of known hands (as /api/v1/solve)",
        "- game tools (new_game, game_view, game_legal_actions, game_play): the server's games, as the game API "
        "plays them: new_game returns the game id, the seat's token and the seat's view (the API's GameView); "
        "only the user's own seat is ever shown",
        "",
        "## Optional",
        "- [puur.json](/api/v1/puur.json): what Puur does and explicitly does not do",
    ]
    return "\n".join(lines) + "\n"


@router.get(
    "/llms.txt", response_class=PlainTextResponse, summary="Index of pages, tools and datasets for LLMs"
)
def get_llms_txt() -> str:
    return llms_txt()
