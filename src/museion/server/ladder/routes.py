"""The bots' ladder:

    GET /api/ladder/GAME?players=N     the bot accounts (``accounts.bot``) with rated games of GAME for N players,
                                       best first, and the published ratings of the server's bot levels
    /ladder/GAME                       the page (web/ladder.html)

Public like the leaderboards; one read, served from memory for a second per game and player count, and counted
against the caller's network by ``--limit-profiles`` as the leaderboards are."""

from __future__ import annotations

import pathlib
import time
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import FileResponse
from limits.strategies import SlidingWindowCounterRateLimiter
from pydantic import BaseModel, Field
from sqlalchemy import Engine, select

from museion.server.accounts.schema import accounts_t
from museion.server.edge import models
from museion.server.edge.errors import TableError
from museion.server.edge.networks import network
from museion.server.edge.rates import RateLimit
from museion.server.ladder import texts
from museion.server.ratings import model
from museion.server.ratings.routes import players_of
from museion.server.ratings.schema import ratings_t

WEB = pathlib.Path(__file__).resolve().parents[2] / "web"
SHOWN = 100
"""Bot accounts the ladder lists at most."""
CACHED_FOR = 1.0


class Rung(BaseModel):
    rank: int
    username: str
    rating: int
    games: int
    provisional: bool = Field(description="fewer rated games than the ratings' settled count")


class Ladder(BaseModel):
    game: str
    players: int
    bots: list[Rung] = Field(description="bot accounts, best first (at most 100)")
    levels: dict[str, int] = Field(description="the server's bot levels' published ratings (fixed)")


def ladder(engine: Engine, game: str, players: int) -> list[dict[str, Any]]:
    """The active bot accounts with rated games of ``game`` for ``players``, best first (one read)."""
    with engine.connect() as conn:
        rows = conn.execute(select(accounts_t.c.username, ratings_t.c.mu, ratings_t.c.games)
                            .join(accounts_t, accounts_t.c.id == ratings_t.c.account_id)
                            .where(ratings_t.c.game == game, ratings_t.c.players == players, ratings_t.c.games > 0,
                                   accounts_t.c.bot == 1, accounts_t.c.status == "active")
                            .order_by(ratings_t.c.mu.desc(), accounts_t.c.username_key).limit(SHOWN)).all()
    return [{"rank": i, "username": r.username, "rating": model.display(r.mu), "games": r.games,
             "provisional": model.provisional(r.games)} for i, r in enumerate(rows, start=1)]


def _limited(limit: RateLimit, request: Request) -> None:
    wait = limit.hit(network(request.client.host) if request.client else "unknown")
    if wait is not None:
        raise TableError("rate_limited", f"too many rating and profile requests from your network (limit "
                                         f"{limit.spec}); try again in {wait:.0f} s", 429)


def install(app: FastAPI) -> None:
    """The route and the page (after ``ratings.install``: the same limit's spec)."""
    assert texts.TEXTS
    limit = RateLimit(app.state.config.limit_profiles, SlidingWindowCounterRateLimiter(app.state.limits.storage),
                      "ladder")
    app.include_router(router(app, limit))
    app.add_api_route("/ladder/{game}", _page, include_in_schema=False)


async def _page() -> FileResponse:
    return FileResponse(WEB / "ladder.html")


def router(app: FastAPI, limit: RateLimit) -> APIRouter:
    api = APIRouter()
    kept: dict[tuple[str, int], tuple[float, Ladder]] = {}

    @api.get("/api/ladder/{name}")
    async def bots(request: Request, name: models.GameName,
                   players: Annotated[int | None, Query(ge=1, le=models.MAX_SEATS)] = None) -> Ladder:
        """The bot accounts of ``name`` with ``players`` players (default: the game's usual count), best first,
        and the bot levels' published ratings beside them."""
        _limited(limit, request)
        n = players_of(name, players)
        at, answer = kept.get((name, n), (0.0, None))
        if answer is None or time.monotonic() - at > CACHED_FOR:
            rows = await app.state.manager.writer.read(ladder, app.state.manager.store.engine, name, n)
            answer = Ladder(game=name, players=n, bots=[Rung(**r) for r in rows], levels=model.rated_bots(name, n))
            kept[(name, n)] = (time.monotonic(), answer)
        return answer

    return api
