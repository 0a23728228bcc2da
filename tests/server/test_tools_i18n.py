"""The tool pages' translation tables (static/tools/i18n.js): the same keys in en, de and fr, no
empty word, the same {placeholders} in each language, and every key the pages ask for is in the tables."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[2] / "puur" / "server" / "static" / "tools"
MARK = "\nconst TOOLS_TEXT = "


def tables() -> dict[str, dict[str, str]]:
    src = (TOOLS / "i18n.js").read_text(encoding="utf-8")
    start = src.index(MARK) + len(MARK)
    data: dict[str, dict[str, str]] = json.loads(src[start : src.rindex("}") + 1])
    return data


def test_three_languages_with_the_same_keys() -> None:
    t = tables()
    assert sorted(t) == ["de", "en", "fr"]
    assert set(t["de"]) == set(t["en"]) == set(t["fr"])


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_same_placeholders_and_no_empty_word(lang: str) -> None:
    t = tables()
    for key, en in t["en"].items():
        word = t[lang][key]
        assert word.strip(), f"{lang}.{key} is empty"
        assert sorted(re.findall(r"\{(\w+)\}", word)) == sorted(re.findall(r"\{(\w+)\}", en)), f"{lang}.{key}"


def test_every_key_the_pages_use_is_in_the_tables() -> None:
    """Keys in data-i18n* attributes and in t("...")/tr("...") calls; dynamic keys (t("table_" + name)) are
    checked through their known suffixes."""
    keys = set(tables()["en"])
    used: set[str] = set()
    for f in TOOLS.glob("*.html"):
        used |= set(re.findall(r'data-i18n(?:-aria|-placeholder)?="(\w+)"', f.read_text(encoding="utf-8")))
    for f in TOOLS.glob("*.js"):
        if f.name == "i18n.js":
            continue
        used |= set(re.findall(r'\btr?\("(\w+)"', f.read_text(encoding="utf-8")))
    used |= {f"table_{k}" for k in ("common", "both3", "ascending", "classic", "online")}
    used |= {f"tool_{k}" for k in ("jasstafel", "weis", "trick", "coiffeur", "differenzler")}
    used |= {f"refusal_{k}" for k in ("not_in_hand", "follow_suit", "trump_led", "overtrump", "trump_only_when_void", "undertrump")}
    missing = sorted(k for k in used if k not in keys and not k.endswith("_"))
    assert not missing, missing


def test_refusal_words_cover_every_code_of_the_rules_core() -> None:
    from puur.core.rules.legal import REFUSAL_TEXTS

    keys = set(tables()["en"])
    assert {f"refusal_{c}" for c in REFUSAL_TEXTS} <= keys


def _tool_error_calls() -> list[tuple[str, int, str | None]]:
    """Every ``ToolInputError(...)`` the tools and their API raise: (file, line, its code literal or None)."""
    import ast

    root = Path(__file__).resolve().parents[2] / "puur"
    out: list[tuple[str, int, str | None]] = []
    for f in [*sorted((root / "tools").glob("*.py")), root / "server" / "http" / "tools_api.py"]:
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ToolInputError":
                code = node.args[2] if len(node.args) > 2 else next((k.value for k in node.keywords if k.arg == "code"), None)
                if isinstance(code, ast.Constant) and isinstance(code.value, str):
                    out.append((f.name, node.lineno, code.value))
                elif isinstance(code, ast.IfExp):  # "a" if x else "b"
                    for branch in (code.body, code.orelse):
                        assert isinstance(branch, ast.Constant)
                        out.append((f.name, node.lineno, str(branch.value)))
                elif isinstance(code, ast.Attribute) and ast.unparse(code) == "e.code":
                    continue  # a re-raise that keeps the first error's code
                else:
                    out.append((f.name, node.lineno, None))
    return out


def test_every_tool_error_has_a_code_that_each_language_words() -> None:
    """No refusal reaches a German or French page in English: each carries a code the pages word."""
    calls = _tool_error_calls()
    assert len(calls) > 40
    assert [c for c in calls if c[2] is None] == []
    keys = set(tables()["en"])
    assert sorted({c for _, _, c in calls if f"err_{c}" not in keys}) == []


@pytest.mark.parametrize(
    "tool,body,code",
    [
        ("weis", {"contract": "H", "seats": [{"melds": [["HA", "HK", "HQ"], ["HK", "DK", "CK", "SK"]]}]}, "melds_share_mixed"),
        ("weis", {"contract": "H", "seats": [{"hand": ["HA", "HA"]}]}, "card_repeated"),
        ("weis", {"contract": "H", "seats": [{"hand": ["HA"]}, {"hand": ["HA"]}]}, "card_held"),
        ("coiffeur", {"sheet": "8", "boxes": [[1, 2, 3, 4, 5, 6, 7, 8, 9], []]}, "box_count"),
        ("differenzler", {"rounds_planned": 1, "rounds": [{"predicted": [1, 2, 3, 4], "actual": [1, 2, 3, 4]}] * 2}, "rounds_agreed"),
        ("differenzler", {"rounds_planned": 1, "rounds": [{"predicted": [1, 2, 3, 4], "actual": [1, 2, 3, 4]}],
                          "add": {"predicted": [1, 2, 3, 4], "actual": [1, 2, 3, 4]}}, "rounds_over"),
    ],
)
def test_tool_refusals_carry_their_code(tool: str, body: dict[str, object], code: str) -> None:
    from fastapi.testclient import TestClient

    from puur.server.app import create_app

    r = TestClient(create_app()).post(f"/api/v1/tools/{tool}", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["detail"][0]["ctx"]["code"] == code
