"""``Authorization: Bearer`` for REST and the WebSocket handshake (docs/bot-api.md "Tokens").

``Bearer.__call__`` is the accounts' hook (``Accounts.bearer``): for a request or WebSocket that carries a bearer
token it answers the token's account and the token (the token then plays the part of the session cookie's value:
the seat key of ``POST /api/tables/ID/my-seat`` is derived from it, so it works only with that token), and
``None`` when there is none. A token is checked in this order, each refusal a 401 (403 for scope) that says what
was wrong: the header's form, the network's budget of bad tokens (429), an unknown or revoked token, a
suspended account, the scope the route needs (:func:`needed`), the account's request budget (429). A token is
never logged or put in a URL: it travels in the header only, and the server logs no header."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from fastapi import FastAPI
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter
from starlette.requests import HTTPConnection

from museion.server.accounts.routes import AccountError
from museion.server.accounts.store import Account
from museion.server.botapi import tokens
from museion.server.edge.networks import network
from museion.server.edge.rates import RateLimit

MAX_HEADER = 128
BAD_TOKENS = "30/minute"
"""Unknown tokens one network may send (then 429): guessing 256 random bits is hopeless, but each costs a read."""
PER_ACCOUNT = "1200/minute"
"""Requests and WebSocket handshakes one account may make with its tokens (all of them together)."""
REFUSED_PATHS = ("/api/me", "/api/session", "/api/accounts", "/api/seeks")
"""Routes no token reaches: the account itself (its password, sessions, tokens, bot flag, data, deletion) and quick
pairing (bots are never paired with people); ``/api/me/...`` includes the token routes."""


def needed(method: str, path: str, websocket: bool) -> str | None:
    """The scope a request needs, or None when no token may make it."""
    if path.startswith(REFUSED_PATHS):
        return None
    if websocket or path.startswith("/api/tables"):
        return "play" if websocket or method != "GET" else "read"
    if path.startswith("/api/challenges"):
        return "read" if method == "GET" else "challenge"
    if path.startswith("/api/tournaments"):  # joining and withdrawing: playing (server/tournaments)
        return "read" if method == "GET" else "play"
    return "read" if method in ("GET", "HEAD") or path == "/api/stream" else None


class Bearer:
    """Bearer-token authentication of one server (its limits are per process, like the accounts' others)."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        limiter = SlidingWindowCounterRateLimiter(MemoryStorage())
        self.bad = RateLimit(BAD_TOKENS, limiter, "bad-tokens")
        self.per_account = RateLimit(PER_ACCOUNT, limiter, "token-account")
        self.touched: dict[int, float] = {}

    async def __call__(self, conn: HTTPConnection) -> tuple[Account, str] | None:
        header = conn.headers.get("authorization")
        if header is None:
            return None
        websocket = conn.scope["type"] == "websocket"
        try:
            return await self._check(conn, header, websocket)
        except AccountError:
            if websocket:  # the hello then answers the seat is bound; the stream and REST say the exact reason
                return None
            raise

    async def _check(self, conn: HTTPConnection, header: str, websocket: bool) -> tuple[Account, str]:
        scheme, _, token = header.partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token or len(header) > MAX_HEADER:
            raise AccountError(401, "bad_authorization", "the Authorization header must be 'Bearer TOKEN' with a "
                               "personal API token from POST /api/me/tokens")
        where = network(conn.client.host) if conn.client else "unknown"
        if self.bad.refused.waiting(where) is not None:
            raise AccountError(429, "rate_limited", f"too many unknown tokens from your network (limit "
                               f"{BAD_TOKENS}); try again later")
        found = await asyncio.to_thread(tokens.lookup, self.engine, token)
        if found is None:
            self.bad.hit(where)
            raise AccountError(401, "bad_token", "this API token is unknown or was revoked: make a new one on "
                               "your account page")
        account, token_id, scopes, status, _last = found
        if status != "active":
            raise AccountError(401, "suspended", "the token's account is suspended by the server's operator")
        self._scope(conn, scopes, websocket)
        wait = self.per_account.hit(str(account.id))
        if wait is not None:
            raise AccountError(429, "rate_limited", f"too many requests with this account's tokens (limit "
                               f"{PER_ACCOUNT}); try again in {max(1, round(wait))} s", retry_after=wait)
        await self._touch(token_id)
        return account, token

    def _scope(self, conn: HTTPConnection, scopes: list[str], websocket: bool) -> None:
        method = "GET" if websocket else str(conn.scope.get("method", "GET"))
        scope = needed(method, conn.url.path, websocket)
        if scope is None:
            raise AccountError(403, "token_not_allowed", "API tokens do not reach this route: the account's own "
                               "settings, tokens and quick pairing need the signed-in browser")
        if scope not in scopes:
            raise AccountError(403, "token_scope", f"this token lacks the '{scope}' scope this route needs "
                               f"(it has: {', '.join(scopes) or 'none'})")

    async def _touch(self, token_id: int) -> None:
        now = time.monotonic()
        if now - self.touched.get(token_id, -tokens.TOUCH_EVERY) >= tokens.TOUCH_EVERY:
            self.touched[token_id] = now
            await asyncio.to_thread(tokens.touch, self.engine, token_id)

    @property
    def engine(self) -> Any:
        return self.app.state.manager.store.engine
