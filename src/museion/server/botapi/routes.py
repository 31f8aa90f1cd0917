"""The bot-account and token API (docs/bot-api.md), for the signed-in browser only (session cookie and CSRF
token; a token reaches none of these routes):

    POST   /api/me/bot          {"password"}            make the account a bot account, for good
    POST   /api/me/tokens       {"name", "scopes"}      a new personal API token, shown in this answer only
    GET    /api/me/tokens                               the account's tokens (names, scopes, dates; never a token)
    DELETE /api/me/tokens/ID                            revoke one: it stops working at once"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Path, Request
from pydantic import BaseModel, Field

from museion.server.accounts.routes import UNAUTHORISED, Accounts
from museion.server.botapi import tokens
from museion.server.edge.errors import TableError

Scope = Literal["read", "play", "challenge"]


class PasswordCheck(BaseModel):
    password: str = Field(max_length=1024)


class NewToken(BaseModel):
    name: Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[\w .,:()/+-]+$",
                               description="your label for it (letters, digits, spaces, .,:()/+-)")]
    scopes: Annotated[list[Scope], Field(min_length=1, max_length=3,
                                         description="read (the stream, GET routes), play (the tables and their "
                                                     "WebSocket), challenge (make and answer challenges)")]


class TokenInfo(BaseModel):
    id: int
    name: str
    scopes: list[str]
    created: float
    last_used: float | None


class Created(TokenInfo):
    token: str = Field(description="the token: shown in this answer only (the server keeps its SHA-256)")


class Tokens(BaseModel):
    tokens: list[TokenInfo]
    bot: bool = Field(description="whether the account is a bot account")


class BotState(BaseModel):
    bot: bool


def router(app: FastAPI, service: Accounts) -> APIRouter:
    api = APIRouter(responses=UNAUTHORISED)

    def engine() -> Any:
        return app.state.manager.store.engine

    async def listed(account_id: int) -> Tokens:
        found = await asyncio.to_thread(tokens.listing, engine(), account_id)
        return Tokens(tokens=[TokenInfo(**t) for t in found],
                      bot=await asyncio.to_thread(tokens.is_bot, engine(), account_id))

    @api.post("/api/me/bot")
    async def become_bot(request: Request, body: PasswordCheck) -> BotState:
        """Make the account a bot account (its password asked again; CSRF token needed). It cannot be undone,
        and only an account that never held a seat may: a person's games and rating stay a person's."""
        account, _token = await service.changing(request)
        await service.check_password(account.username, body.password, request.client.host if request.client
                                     else "unknown")
        if not await asyncio.to_thread(tokens.make_bot, engine(), account.id):
            raise TableError("played_before", "an account that has played cannot become a bot account: make a "
                             "new account for your bot", 409, {"key": "botapi.played_before", "args": {}})
        return BotState(bot=True)

    @api.post("/api/me/tokens", status_code=201)
    async def create(request: Request, body: NewToken) -> Created:
        """A new personal API token with these scopes (CSRF token needed); the answer is the only time the
        token is shown."""
        account, _token = await service.changing(request)
        made = await asyncio.to_thread(tokens.create, engine(), account.id, body.name, list(body.scopes))
        if made is None:
            raise TableError("too_many_tokens", f"an account holds at most {tokens.MAX_TOKENS} tokens: revoke one "
                             "first", 409, {"key": "botapi.too_many_tokens", "args": {"cap": tokens.MAX_TOKENS}})
        listed = await asyncio.to_thread(tokens.listing, engine(), account.id)
        info = next(t for t in listed if t["id"] == made[0])
        return Created(**info, token=made[1])

    @api.get("/api/me/tokens")
    async def listing(request: Request) -> Tokens:
        """The account's tokens (names, scopes, dates; never a token) and whether it is a bot account."""
        account, _token = await service.signed_in(request)
        return await listed(account.id)

    @api.delete("/api/me/tokens/{token_id}")
    async def revoke(request: Request, token_id: Annotated[int, Path(ge=1, le=2**31)]) -> Tokens:
        """Revoke a token (CSRF token needed): the next request with it gets 401 ``bad_token``."""
        account, _token = await service.changing(request)
        if not await asyncio.to_thread(tokens.revoke, engine(), account.id, token_id):
            raise TableError("no_token", "this account has no token with this id", 404,
                             {"key": "botapi.no_token", "args": {}})
        return await listed(account.id)

    return api
