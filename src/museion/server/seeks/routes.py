"""The quick-pairing API (docs/web.md "Quick pairing") and the player search:

    POST   /api/seeks              ask for a game: {"game", "players", "clock", "rated", "options"} (a guest: unrated)
    GET    /api/seeks/ID?wait=S    the seek: waiting, or paired with its table, seat and seat token; ``wait`` up to 25
                                   seconds holds the answer until it changes (the lobby's push: a long poll)
    DELETE /api/seeks/ID           cancel it (a seek already paired stays paired: the answer says where)
    GET    /api/seeks              the waiting seeks the lobby lists (no ids), read at most once a second
    GET    /api/players?prefix=P   usernames starting with P (anonymous; --limit-profiles per network)

Seeks that fit (the same game, options, player count, clock and rated) are paired by whichever process sees them
first: when a seek arrives and then every ``PAIR_EVERY`` seconds while any waits. The claim is atomic in the
database (``store.claim``), so with several processes on one PostgreSQL no seek is seated twice. The table is made
by the lobby like any other (``Lobby.create`` then ``Lobby.join`` per seat), so every rule of a table holds:
caps, fair play (two accounts of one network play unrated), blocks (never paired: ``store.fitting``)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import random
import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Path, Query, Request
from limits.strategies import SlidingWindowCounterRateLimiter
from pydantic import BaseModel, Field

from museion.server.accounts.passwords import MAX_USERNAME
from museion.server.botapi.tokens import is_bot
from museion.server.edge import models
from museion.server.edge.errors import TableError
from museion.server.edge.networks import network
from museion.server.edge.rates import RateLimit
from museion.server.lobby.options import people_game
from museion.server.seeks import store, texts
from museion.server.storage.feature import FeatureStore

log = logging.getLogger("museion.seeks")
PAIR_EVERY = 1.0
"""Seconds between two pairing rounds while seeks wait."""
MAX_WAIT = 25
"""Seconds ``GET /api/seeks/ID?wait=`` may hold its answer."""
LISTED_FOR = 1.0
"""Seconds the lobby's list of seeks is served from memory (an anonymous route: at most one read a second)."""
SEARCHED = 10
"""Usernames a player search answers at most."""
SeekId = Annotated[str, Path(min_length=8, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


class SeekRequest(models.CheckRequest):
    game: models.GameName
    players: Annotated[int, Field(ge=1, le=models.MAX_SEATS, description="how many players the game has")]
    clock: models.ClockRequest | None = None
    rated: bool = False


class Seek(BaseModel):
    id: str = Field(description="a secret: whoever holds it learns the seat's token")
    status: Literal["waiting", "pairing", "paired", "cancelled", "expired", "failed"]
    game: str
    players: int
    options: dict[str, Any]
    clock: dict[str, Any] | None
    rated: bool
    expires: float = Field(description="when a waiting seek expires (paired: when it was paired)")
    table: str | None = Field(None, description="paired: the table (/table/ID)")
    seat: int | None = None
    token: str | None = Field(None, description="paired: the seat's token (kept an hour)")
    error: str | None = Field(None, description="failed: the code of the refusal that stopped the table")


class OpenSeek(BaseModel):
    game: str
    players: int
    options: dict[str, Any]
    clock: dict[str, Any] | None
    rated: bool
    player: str | None = Field(description="the account's name; null: a guest")
    waiting: int = Field(description="seconds it has waited")


class OpenSeeks(BaseModel):
    seeks: list[OpenSeek]


class Found(BaseModel):
    players: list[str] = Field(description="usernames starting with the prefix, in order (at most 10)")
    bots: list[str] = Field(description="those of them that are bot accounts (programs, shown as bots)")


def seek_key(game: str, options: dict[str, Any], clock: dict[str, Any] | None, rated: bool) -> str:
    """What makes two seeks fit, as one indexed string."""
    text = json.dumps([game, options, clock, rated], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class Seeks(FeatureStore):
    """Quick pairing on one server process: the pairing loop (running while seeks wait) and its waiters."""

    def __init__(self, app: FastAPI) -> None:
        super().__init__(app)
        self.task: asyncio.Task[None] | None = None
        self.round = 0
        self.listed: tuple[float, list[dict[str, Any]]] = (0.0, [])

    def running(self) -> None:
        """Start the pairing loop unless it runs."""
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._loop())

    async def _loop(self) -> None:
        while True:
            try:
                for key in await self.write(store.ripe):
                    await self.pair(key)
                if not await self.read(store.waiting_any):
                    return
            except Exception:  # the database went away: try again next round
                log.warning("pairing round failed", exc_info=True)
            self.round += 1
            await asyncio.sleep(PAIR_EVERY)

    async def pair(self, key: str) -> None:
        """Seat one group of fitting seeks at a new table, if one may play."""
        group = await self.read(store.fitting, key)
        if not group or not await self.write(store.claim, [g.id for g in group]):
            return
        random.shuffle(group)  # who sits first (and so moves first) is drawn  # noqa: S311 - not a secret
        try:
            seats = await self._seat(group)
        except TableError as exc:
            log.info("pairing %d seeks failed: %s", len(group), exc.code)
            await self.write(store.failed, [g.id for g in group], exc.code)
        else:
            await self.write(store.paired, seats)
        self.round += 1

    async def _seat(self, group: list[store.Seeker]) -> dict[str, tuple[str, int, str]]:
        manager, first = self.app.state.manager, group[0]
        wanted = first.request
        table, token, _creator = await manager.lobby.create(
            first.game, wanted["options"], ["human"] * len(group), 0, None, first.network, wanted["clock"], None,
            False, first.account_id, rated=wanted["rated"], network=first.network,
            accounts_only=all(g.account_id is not None for g in group), account_name=first.username)
        seats = {first.id: (table.id, 0, token)}
        for seat, seeker in enumerate(group[1:], start=1):
            seats[seeker.id] = (table.id, seat, await manager.lobby.join(table.id, seat, None, seeker.account_id,
                                                                   seeker.network, seeker.username))
        return seats

    async def listing(self) -> list[dict[str, Any]]:
        at, rows = self.listed
        if time.monotonic() - at > LISTED_FOR:
            rows = await self.read(store.open_seeks)
            self.listed = (time.monotonic(), rows)
        return rows

    async def watch(self, seek_id: str, wait: int) -> dict[str, Any]:
        """The seek, after at most ``wait`` seconds while it still waits (read again each pairing round)."""
        found = await self.read(store.get, seek_id)
        deadline = time.monotonic() + wait
        while found is not None and found["status"] in ("waiting", "pairing") and time.monotonic() < deadline:
            self.running()
            seen = self.round
            while self.round == seen and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
            found = await self.read(store.get, seek_id)
        if found is None:
            raise TableError("no_seek", "no seek has this id (it may have ended over an hour ago)", 404,
                             {"key": "web.code.no_seek", "args": {}})
        return dict(found)


def _answer(found: dict[str, Any]) -> Seek:
    return Seek(**{k: v for k, v in found.items() if k in Seek.model_fields})


def install(app: FastAPI) -> None:
    """The seeks' and player search's routes (after ``accounts.install``: they read its sessions)."""
    assert texts.TEXTS
    service = app.state.seeks = Seeks(app)
    search_limit = RateLimit(app.state.config.limit_profiles,
                             SlidingWindowCounterRateLimiter(app.state.limits.storage), "players")
    app.include_router(router(app, service, search_limit))


def _network(request: Request) -> str:
    return network(request.client.host) if request.client else "unknown"


def router(app: FastAPI, service: Seeks, search_limit: RateLimit) -> APIRouter:  # noqa: C901 - one short route each
    api = APIRouter()

    @api.post("/api/seeks", status_code=201)
    async def seek(request: Request, body: SeekRequest) -> Seek:
        """Ask for a game; paired at once when a fitting seek waits, else within seconds of one arriving."""
        if app.state.draining:
            raise TableError("draining", "this server is restarting: ask again in a moment", 503,
                             {"key": "web.code.draining", "args": {}})
        where = _network(request)
        wait = app.state.limits.create.hit(where)
        if wait is not None:
            raise TableError("rate_limited", f"too many tables and seeks from your network; try again in "
                                             f"{max(1, round(wait))} s", 429)
        session = await app.state.accounts.session_of(request)
        account = None if session is None else session[0].id
        if account is not None and await service.read(is_bot, account):
            raise TableError("bot_account", "a bot account is never paired with people: it plays challenges "
                             "(docs/bot-api.md)", 403, {"key": "botapi.no_seeks", "args": {}})
        await app.state.presence.seen(account)
        config = app.state.manager.config
        game, clock = people_game(config, body.game, body.options, body.players, body.clock, body.rated, account)
        options = game.options_json()
        wanted = {"options": options, "clock": clock, "rated": body.rated}
        key = seek_key(game.name, options, clock, body.rated)
        seek_id = await service.write(store.add, key, game.name, body.players, wanted, account, where)
        if seek_id is None:
            raise TableError("too_many_seeks", f"your network has {store.MAX_WAITING} seeks waiting, the limit: "
                                               "cancel one or wait for it", 429,
                             {"key": "web.code.too_many_seeks", "args": {"cap": store.MAX_WAITING}})
        await service.pair(key)
        service.running()
        return _answer(await service.watch(seek_id, 0))

    @api.get("/api/seeks")
    async def open_seeks() -> OpenSeeks:
        """The seeks waiting now, newest first (at most 50; served from memory for a second)."""
        return OpenSeeks(seeks=[OpenSeek(**s) for s in await service.listing()])

    @api.get("/api/seeks/{seek_id}")
    async def seek_state(seek_id: SeekId, wait: Annotated[int, Query(ge=0, le=MAX_WAIT)] = 0) -> Seek:
        """The seek; ``wait``: hold the answer up to that many seconds while it still waits (at most
        ``--seek-wait``: the documented range stays 0-25 whatever the server holds)."""
        return _answer(await service.watch(seek_id, min(wait, app.state.config.seek_wait)))

    @api.delete("/api/seeks/{seek_id}")
    async def cancel(seek_id: SeekId) -> Seek:
        """Cancel a waiting seek; one that was paired meanwhile stays paired (the answer has its seat)."""
        await service.write(store.cancel, seek_id)
        return _answer(await service.watch(seek_id, 0))

    @api.get("/api/players")
    async def players(request: Request, prefix: Annotated[str, Query(min_length=2, max_length=MAX_USERNAME,
                                                                    pattern=r"^[A-Za-z0-9_.-]+$")]) -> Found:
        """Usernames starting with ``prefix`` (2+ characters of a username, any case), at most 10: one indexed
        read, counted against the caller's network by ``--limit-profiles``."""
        wait = search_limit.hit(_network(request))
        if wait is not None:
            raise TableError("rate_limited", f"too many player searches from your network (limit "
                                             f"{search_limit.spec}); try again in {max(1, round(wait))} s", 429)
        found = await service.read(store.search, prefix.lower(), SEARCHED)
        return Found(players=[name for name, _ in found], bots=[name for name, bot in found if bot])

    return api
