"""The entry of the engine in the page (``table/engine-worker.js`` imports it in Pyodide): one table of
this device (``puur.local.table``) and the scoreboards' tools (``puur.local.tools``), spoken to in JSON
text, so the worker passes strings and nothing of Python's objects crosses into JavaScript.

``puur.local.bundle`` reads the offline bundle's modules from this module's imports."""

from __future__ import annotations

import json
from typing import Any

from puur.local.table import LocalTable
from puur.tools import ToolInputError
from puur.tools.answers import ANSWERS, refusal

TABLE = LocalTable()


def request(method: str, path: str, body: str, token: str) -> str:
    """One request of the game API (``path`` below ``/api/v1``); the answer as JSON text:
    ``{"status", "body", "events", "saved", "forgotten"}`` (``LocalTable.request``), the body and the game to keep each
    as JSON text of their own: the page reads a 64-bit seed from them as text (JavaScript's numbers would
    round it), so the record it downloads and the game it keeps replay as they were."""
    answer = TABLE.request(method, path, json.loads(body) if body else None, token or None)
    saved = answer["saved"]
    return json.dumps({"status": answer["status"], "events": answer["events"], "body": json.dumps(answer["body"]),
                       "saved": None if saved is None else {"id": saved["id"], "text": json.dumps(saved)},
                       "forgotten": answer["forgotten"]})


def tool(name: str, body: str) -> str:
    """A scoreboard's computation (``POST /api/v1/tools/NAME``, ``puur.tools.answers``), answered as
    ``request`` answers: the status and the body as JSON text. A rule of the board is the server's 422; a
    body the server's schema would refuse is a 422 naming what is wrong."""
    fn = ANSWERS.get(name)
    answer: Any
    if fn is None:
        status, answer = 404, {"detail": f"no tool {name!r}"}
    else:
        try:
            status, answer = 200, fn(json.loads(body))
        except ToolInputError as e:
            status, answer = 422, {"detail": refusal(e)}
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as e:
            status, answer = 422, {"detail": [{"loc": ["body"], "msg": str(e), "type": "value_error"}]}
    return json.dumps({"status": status, "events": [], "body": json.dumps(answer), "saved": None})


def restore(saved: str) -> str:
    """Hold a game the device kept (IndexedDB); its id, or an empty string when it no longer replays."""
    try:
        return TABLE.restore(json.loads(saved))
    except (KeyError, ValueError, TypeError, RuntimeError):
        return ""


__all__ = ["TABLE", "request", "restore", "tool"]
