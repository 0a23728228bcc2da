"""Bodies that do not parse are 422 on every operation that takes a body (INTERFACES.md §4): not JSON, not
UTF-8, another content type, no body. The answer names the body and says why (puur/server/http/body_errors.py)."""

from __future__ import annotations

import tempfile
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puur.server.app import create_app

CLIENT = TestClient(create_app(db_path=f"{tempfile.mkdtemp(prefix='puur-enc-')}/g.sqlite3"))
_GAME = CLIENT.post("/api/v1/games", json={"seats": ["human", "random", "random", "random"]}).json()
AUTH = {"Authorization": f"Bearer {_GAME['tokens']['0']}"}


def _operations() -> list[str]:
    spec: dict[str, Any] = CLIENT.get("/api/v1/openapi.json").json()
    return sorted(  # the paths as the document names them: the same test ids in every xdist worker
        path
        for path, ops in spec["paths"].items()
        if "post" in ops and "requestBody" in ops["post"] and "{number}" not in path
    )


BAD_BODIES = {
    "not JSON": (b'{"profile": schieber', "application/json"),
    "not UTF-8": ('{"profile": "sch\xe9ber"}'.encode("latin-1"), "application/json"),
    "another content type": (b"profile=schieber", "application/x-www-form-urlencoded"),
    "JSON sent as text": (b'{"profile": "schieber"}', "text/plain"),
    "empty": (b"", "application/json"),
    "nested too deeply": (b'{"profile": ' + b"[" * 3000 + b"]" * 3000 + b"}", "application/json"),
    "a number too long to read": (b'{"profile": ' + b"9" * 5000 + b"}", "application/json"),
}


@pytest.mark.parametrize("path", _operations())
@pytest.mark.parametrize("kind", sorted(BAD_BODIES))
def test_a_body_that_does_not_parse_is_422(path: str, kind: str) -> None:
    body, content_type = BAD_BODIES[kind]
    url = path.replace("{game_id}", _GAME["game_id"]).replace("{seat}", "1")
    r = CLIENT.post(url, content=body, headers={**AUTH, "Content-Type": content_type})
    assert r.status_code == 422, (path, kind, r.status_code, r.text[:300])
    detail = r.json()["detail"]
    assert isinstance(detail, list) and detail and detail[0]["loc"][0] == "body" and detail[0]["msg"]


def test_not_utf8_says_so() -> None:
    r = CLIENT.post("/api/v1/rules/trick", content=b'{"contract": "\xff"}', headers={"Content-Type": "application/json"})
    assert r.status_code == 422 and "UTF-8" in r.json()["detail"][0]["msg"]


@pytest.mark.parametrize(("kind", "words"), [("nested too deeply", "nested too deeply"), ("a number too long to read", "digits")])
def test_json_the_reader_gives_up_on_says_why(kind: str, words: str) -> None:
    body, content_type = BAD_BODIES[kind]
    r = CLIENT.post("/api/v1/rules/eval", content=body, headers={"Content-Type": content_type})
    assert r.status_code == 422 and words in r.json()["detail"][0]["msg"]


def test_other_http_errors_are_unchanged() -> None:
    r = CLIENT.get("/api/v1/games/nosuchgame", headers=AUTH)
    assert r.status_code == 404 and r.json() == {"detail": "no game 'nosuchgame'"}


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/v1/games", {"seats": ["human", "random", "random", "random"], "seed": True}, "seed"),
        ("/api/v1/games", {"seats": ["human", "random", "random", "random"], "seed": "7"}, "seed"),
        ("/api/v1/tools/weis", {"forehand": True}, "forehand"),
        ("/api/v1/tools/weis", {"compare": {"points": 50, "cards": 3.5}}, "cards"),
        ("/api/v1/tools/chalk", {"values": [1, False]}, "values"),
        ("/api/v1/tools/jasstafel", {"target": "1000"}, "target"),
        ("/api/v1/tools/trick", {"last_trick": 1}, "last_trick"),
        ("/api/v1/tools/differenzler", {"add": {"predicted": [1, 2, 3, True], "actual": [1, 2, 3, 4]}}, "predicted"),
        ("/api/v1/tools/coiffeur", {"boxes": [[True], []]}, "boxes"),
    ],
)
def test_integers_are_integers_not_booleans_or_strings(path: str, body: dict[str, Any], field: str) -> None:
    """Where the schema says integer (or boolean), only a JSON integer (or boolean) is taken."""
    r = CLIENT.post(path, json=body)
    assert r.status_code == 422, r.text[:300]
    assert any(field in d["loc"] for d in r.json()["detail"]), r.json()
