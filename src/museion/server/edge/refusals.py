"""How a refused request is answered, on every route: one JSON body (``error``, ``message``, a ``reason`` the
client says in its player's language), a precise code for the fields that have one, and never a 5xx for what a
client sent (docs/web.md, "Errors"). The WebSocket loop words a malformed message with the same :func:`describe`."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

import museion
from museion.core import i18n
from museion.core.errors import OptionError, Reason
from museion.server.config import short
from museion.server.edge import models
from museion.server.edge.errors import TableError
from museion.server.edge.networks import network

log = logging.getLogger("museion.server")
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": models.ErrorBody} for code in (400, 403, 404, 409, 410, 413, 415, 429, 503)}
"""The refusals every route may answer, documented once for the OpenAPI document."""


def error(status: int, code: str, message: str, reason: Reason | None = None) -> JSONResponse:
    """The answer to a refused request: its code, the English message and, when the error has one, the
    ``reason`` a client says in its player's language from the texts catalogue."""
    body: dict[str, Any] = {"error": code, "message": message}
    if reason is not None:
        body["reason"] = reason
    return JSONResponse(body, status_code=status)


HINTS = {
    "move.seq": "a move needs 'seq': the sequence number (integer) of the state it was made in",
    "move.action": "'action' is an integer action id from your legal moves (or 'move': its notation)",
    "move.move": f"'move' is the notation of one of your legal moves (at most {models.MAX_MOVE} characters)",
    "hello.token": f"'token' is your seat token (at most {models.MAX_TOKEN} characters) or null",
    "chat.text": f"'text' is one line of at most {models.MAX_CHAT} characters",
    "chat.channel": "'channel' is 'players' (seated players) or 'spectators'",
}


FIELD_CODES = {
    ("query", "lang"): ("bad_language", f"unknown language; allowed: {', '.join(i18n.LANGUAGES)}"),
    ("body", "game"): ("bad_game", f"'game' must be one of {', '.join(museion.available_games())}"),
    ("path", "name"): ("bad_game", f"the game is one of {', '.join(museion.available_games())}"),
}
"""Request fields whose refusal has its own code (the rest are ``bad_request`` with the validator's words)."""


def describe(errors: list[Any]) -> str:
    """A validation error list as one line, without echoing what the client sent beyond short prefixes."""
    parts = []
    for e in errors[:5]:
        loc = ".".join(short(str(x), 20) for x in e.get("loc", ()) if x != "body")
        hint = next((text for key, text in HINTS.items() if loc.startswith(key)), None)
        parts.append(f"{loc or 'body'}: {short(str(e.get('msg', 'invalid')), 80)}" + (f" ({hint})" if hint else ""))
    return "; ".join(parts) or "malformed request"


class NotModified(Exception):
    """The client has this answer already (its ``If-None-Match`` is the ``ETag``): 304."""

    def __init__(self, etag: str) -> None:
        self.etag = etag


async def table_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, TableError)
    return error(exc.status, exc.code, str(exc), exc.reason)


async def invalid(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = list(exc.errors())
    if any(e.get("type") == "json_invalid" or tuple(e.get("loc", ())) == ("body",) for e in errors):
        return error(400, "bad_json", "the request body must be a JSON object")
    for e in errors:  # the fields with a code of their own say what is allowed in words
        code = FIELD_CODES.get(tuple(e.get("loc", ())))
        if code is not None:
            return error(400, *code)
    return error(400, "bad_request", describe(errors))


async def storage_error(_request: Request, exc: Exception) -> JSONResponse:
    log.warning("storage failed: %s", short(str(exc).splitlines()[0] if str(exc) else type(exc).__name__, 200))
    return error(503, "storage", "the storage is not available; nothing changed; try again later")


async def internal_error(_request: Request, exc: Exception) -> JSONResponse:
    return error(500, "internal", "the server failed to answer this request; nothing changed")


async def http_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    code = {404: "not_found", 405: "bad_method"}.get(exc.status_code, "http")
    return error(exc.status_code, code, short(str(exc.detail), 200))


async def not_modified(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, NotModified)
    return Response(status_code=304, headers={"ETag": exc.etag, "Cache-Control": "no-cache"})


def install(app: FastAPI) -> None:
    """Every refusal answered as the API documents it (``models.ErrorBody``), a failure inside as 500 or 503."""
    app.add_exception_handler(TableError, table_error)
    app.add_exception_handler(RequestValidationError, invalid)
    app.add_exception_handler(SQLAlchemyError, storage_error)
    app.add_exception_handler(Exception, internal_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(NotModified, not_modified)


def client(request: Request | WebSocket) -> str:
    """The client's network (IPv4 /24, IPv6 /64): the key of every limit and cap."""
    return network(request.client.host) if request.client else "unknown"


def language(lang: str | None) -> str:
    """A supported language from a request parameter (English when absent), or a 400 saying which exist."""
    try:
        return i18n.language(lang)
    except OptionError as exc:
        raise TableError("bad_language", short(str(exc), 200)) from None
