"""A request body that does not decode is a 422, like any body that does not parse (INTERFACES.md §4).

FastAPI answers a JSON body that is not valid JSON with 422 (``json_invalid``) and a body of another
content type with 422 (the model's type error), but a body that is not UTF-8 with a bare 400 ("There was an
error parsing the body"). This handler answers that case as FastAPI answers the others: 422 with the field
(``body``) and why. Every other HTTP error is answered by FastAPI's own handler, unchanged.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

NOT_UTF8 = "the body is not UTF-8 text: send JSON encoded as UTF-8 (RFC 8259)"


async def body_error_handler(request: Request, exc: Exception) -> Response:
    """422 for a body FastAPI could not decode; FastAPI's answer for every other HTTP error."""
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 400 and isinstance(exc.__cause__, UnicodeDecodeError):
        return JSONResponse(
            {"detail": [{"type": "json_invalid", "loc": ["body"], "msg": NOT_UTF8, "input": None}]}, status_code=422
        )
    return await http_exception_handler(request, exc)


def install(app: FastAPI) -> None:
    app.add_exception_handler(StarletteHTTPException, body_error_handler)
