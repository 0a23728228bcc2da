"""A request body that does not decode is a 422, like any body that does not parse (INTERFACES.md §4).

FastAPI answers a JSON body that is not valid JSON with 422 (``json_invalid``) and a body of another
content type with 422 (the model's type error), but a body its JSON reader gives up on with a bare 400
("There was an error parsing the body"): one that is not UTF-8, one nested deeper than the reader recurses,
one with a whole number longer than Python converts. This handler answers those as FastAPI answers the
others: 422 with the field (``body``) and why. Every other HTTP error is answered by FastAPI's own handler,
unchanged.
"""

from __future__ import annotations

import sys

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

NOT_UTF8 = "the body is not UTF-8 text: send JSON encoded as UTF-8 (RFC 8259)"
TOO_DEEP = "the body's JSON is nested too deeply to read: no request of this API nests more than a few levels"
TOO_LONG = (
    f"the body's JSON holds a number of more than {sys.get_int_max_str_digits():,} digits: no field of this API "
    "takes one"
)


def _why(cause: BaseException | None) -> str | None:
    """Why the JSON reader gave up on a body, or None for an error that is not the body's."""
    if isinstance(cause, UnicodeDecodeError):
        return NOT_UTF8
    if isinstance(cause, RecursionError):
        return TOO_DEEP
    if isinstance(cause, ValueError):  # int("9" * 5000): the only ValueError json.loads lets through
        return TOO_LONG
    return None


async def body_error_handler(request: Request, exc: Exception) -> Response:
    """422 for a body FastAPI could not decode; FastAPI's answer for every other HTTP error."""
    assert isinstance(exc, StarletteHTTPException)
    why = _why(exc.__cause__) if exc.status_code == 400 else None
    if why is not None:
        return JSONResponse(
            {"detail": [{"type": "json_invalid", "loc": ["body"], "msg": why, "input": None}]}, status_code=422
        )
    return await http_exception_handler(request, exc)


def install(app: FastAPI) -> None:
    app.add_exception_handler(StarletteHTTPException, body_error_handler)
