"""The challenges API (docs/organized-play.md "Challenges", docs/bot-api.md):

    POST /api/challenges              {"to", "game", "options", "clock", "rated"}: challenge an account -> {"id", …}
    GET  /api/challenges              the challenges waiting for an answer, sent and received
    GET  /api/challenges/ID           one challenge (its two players only)
    POST /api/challenges/ID/accept    the challenged: a table with both seats bound -> its table and seat
    POST /api/challenges/ID/decline   the challenged says no
    POST /api/challenges/ID/cancel    the challenger takes it back

Every route needs an account (session cookie and CSRF token, or a token: ``read`` for the GETs, ``challenge``
for the rest). The challenged learns of a challenge at once on its event stream (``GET /api/stream``: the lobby
listens to it too), and the challenger of the answer; an accepted challenge sends both a ``tableStart``. The
table is made by the lobby like any other (``Lobby.create`` and ``Lobby.join``), so every rule of a table holds:
caps, blocks, fair play (two accounts of one network play unrated). A challenge expires after ``store.TTL``."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Path, Request
from pydantic import BaseModel, Field

from museion.core.registry import entry
from museion.server.accounts.routes import UNAUTHORISED
from museion.server.botapi.tokens import is_bot
from museion.server.challenges import store, texts
from museion.server.edge import models
from museion.server.edge.errors import TableError
from museion.server.edge.networks import network
from museion.server.lobby.options import people_game
from museion.server.storage.feature import FeatureStore
from museion.server.stream import publish

log = logging.getLogger("museion.challenges")
PLAYERS = 2
"""A challenge is between two accounts: the game is played by two."""
SWEEP = 5.0
"""Seconds between two looks for expired challenges while any waits."""
ChallengeId = Annotated[str, Path(min_length=8, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


class ChallengeRequest(models.CheckRequest):
    to: Annotated[str, Field(min_length=1, max_length=24, description="the challenged account's username")]
    game: models.GameName
    clock: models.ClockRequest | None = None
    rated: bool = False


class Challenge(BaseModel):
    id: str
    status: Literal["pending", "accepting", "accepted", "declined", "cancelled", "expired", "failed"]
    from_: str = Field(alias="from", description="the challenger's username")
    from_bot: bool
    to: str
    to_bot: bool
    game: str
    options: dict[str, Any]
    clock: dict[str, Any] | None
    rated: bool
    created: float
    expires: float = Field(description="when a pending challenge expires")
    table: str | None = Field(None, description="accepted: the table (/table/ID)")
    seat: int | None = Field(None, description="accept's answer: the accepter's seat")
    token: str | None = Field(None, description="accept's answer: the accepter's seat token")

    model_config = {"populate_by_name": True}


class Challenges(BaseModel):
    challenges: list[Challenge]


def public(found: dict[str, Any]) -> dict[str, Any]:
    """A challenge as its two players and their streams see it (no account ids, no network)."""
    return {k: v for k, v in found.items() if k not in ("challenger_id", "challenged_id", "network")}


def _answer(found: dict[str, Any], **extra: Any) -> Challenge:
    return Challenge.model_validate({**public(found), **extra})


def _no_challenge() -> TableError:
    return TableError("no_challenge", "no challenge with this id is yours to answer (it may have been settled)",
                      404, {"key": "challenges.code.no_challenge", "args": {}})


class Service(FeatureStore):
    """Challenges on one server process: the routes' work and the sweep that tells of expired challenges."""

    def __init__(self, app: FastAPI) -> None:
        super().__init__(app)
        self.sweeper: asyncio.Task[None] | None = None

    async def db(self, fn: Any, *args: Any) -> Any:
        return await asyncio.to_thread(fn, *args)

    async def tell(self, account_id: int, event: dict[str, Any]) -> None:
        await self.db(publish, self.engine, account_id, event)

    async def greet(self, account_id: int) -> list[dict[str, Any]]:
        """A new stream's first events: the challenges waiting for this account's answer, and a ``tableStart``
        (``resumed``) for each table it holds a seat at that has not finished."""
        waiting = await self.db(store.pending, self.engine, account_id)
        seats = await self.db(store.running_seats, self.engine, account_id)
        return ([{"type": "challenge", "challenge": public(c)} for c in waiting if c["challenged_id"] == account_id]
                + [{"type": "tableStart", "table": table, "seat": seat, "game": game, "resumed": True}
                   for table, seat, game in seats])

    def sweeping(self) -> None:
        if self.sweeper is None or self.sweeper.done():
            self.sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        """Tell both players of each challenge that expired (the conditional update lets one process tell)."""
        while True:
            await asyncio.sleep(SWEEP)
            try:
                due = await self.db(store.due, self.engine)
                for found in due:
                    if await self.db(store.settle, self.engine, found["id"], "expired", None, "pending", True):
                        event = {"type": "challengeExpired", "challenge": public({**found, "status": "expired"})}
                        await self.tell(found["challenger_id"], event)
                        await self.tell(found["challenged_id"], event)
                if not due and not await self.db(store.any_pending, self.engine):
                    return
            except Exception:  # the database went away: look again next round
                log.warning("sweeping challenges failed", exc_info=True)

    async def create(self, request: Request, body: ChallengeRequest) -> dict[str, Any]:
        account, _credential = await self.app.state.accounts.changing(request)
        where = _network(request)
        wait = self.app.state.limits.create.hit(where)
        if wait is not None:
            raise TableError("rate_limited", f"too many tables and challenges from your network; try again in "
                                             f"{max(1, round(wait))} s", 429)
        target = await self.db(store.player, self.engine, body.to, account.id)
        if target is None:
            raise TableError("no_player", "no player has this username", 404,
                             {"key": "web.code.no_player", "args": {}})
        await self._check_pair(account.id, target)
        wanted = self._wanted(body, account.id)
        made = await self.db(store.add, self.engine, account.id, target.id, wanted.pop("game"), wanted, where)
        if made.startswith("!"):
            code = made[1:]
            cap = store.MAX_PENDING if code == "too_many_challenges" else store.MAX_RECEIVED
            raise TableError(code, REFUSALS[code].format(cap=cap), 409 if code == "already_challenged" else 429,
                             {"key": f"challenges.code.{code}", "args": {"cap": cap}})
        found = await self.db(store.get, self.engine, made)
        await self.tell(target.id, {"type": "challenge", "challenge": public(found)})
        self._notice(target.id, found)
        self.sweeping()
        return dict(found)

    def _notice(self, to: int, found: dict[str, Any]) -> None:
        """A mail or push notice for the challenged, per their notice settings (the invitations' choice)."""
        events = getattr(self.app.state.friends, "events", None)
        if events is not None:
            title = entry(found["game"]).game_class.title
            events.queue(to, "challenge", f"challenge:{found['id']}", {"name": found["from"], "game": title})

    async def _check_pair(self, me: int, target: store.Player) -> None:
        if target.id == me:
            raise TableError("self_challenge", "you cannot challenge yourself", 400,
                             {"key": "challenges.code.self_challenge", "args": {}})
        if not target.bot and await self.db(is_bot, self.engine, me):
            raise TableError("bot_challenge", "a bot account challenges bot accounts only (people challenge bots)",
                             403, {"key": "challenges.code.bot_challenge", "args": {}})

    def _wanted(self, body: ChallengeRequest, me: int) -> dict[str, Any]:
        """The game, options, clock and rated as checked (the same checks as a new table's)."""
        config = self.app.state.manager.config
        if (body.options or {}).get("players", PLAYERS) != PLAYERS:
            raise TableError("bad_players", "a challenge is a game of two: leave out 'players' or say 2")
        game, clock = people_game(config, body.game, body.options, PLAYERS, body.clock, body.rated, me)
        return {"game": game.name, "options": game.options_json(), "clock": clock, "rated": body.rated}

    async def mine(self, request: Request, challenge_id: str, side: str) -> tuple[Any, dict[str, Any]]:
        """The account and the challenge it is the ``side`` of (``challenger``, ``challenged``, ``either``)."""
        account, _credential = await self.app.state.accounts.changing(request)
        found = await self.db(store.get, self.engine, challenge_id)
        ids = {"challenger": (found or {}).get("challenger_id"), "challenged": (found or {}).get("challenged_id")}
        if found is None or account.id not in ([ids[side]] if side in ids else ids.values()):
            raise _no_challenge()
        return account, found

    async def accept(self, request: Request, challenge_id: str) -> Challenge:
        account, found = await self.mine(request, challenge_id, "challenged")
        if not await self.db(store.settle, self.engine, challenge_id, "accepting"):
            raise _settled(found)
        try:
            seats = await self._seat(found, _network(request))
        except TableError as exc:
            await self.db(store.settle, self.engine, challenge_id, "failed", None, "accepting")
            await self.tell(found["challenger_id"], {"type": "challengeDeclined", "challenge": public(
                {**found, "status": "failed"}), "reason": exc.code})
            raise
        table_id = next(iter(seats.values()))[0]
        await self.db(store.settle, self.engine, challenge_id, "accepted", table_id, "accepting")
        done = {**found, "status": "accepted", "table": table_id}
        await self.tell(found["challenger_id"], {"type": "challengeAccepted", "challenge": public(done)})
        for account_id, (_table, seat, _token) in seats.items():
            await self.tell(account_id, {"type": "tableStart", "table": table_id, "seat": seat, "game": found["game"],
                                         "challenge": challenge_id})
        _table, seat, token = seats[account.id]
        return _answer(done, seat=seat, token=token)

    async def _seat(self, found: dict[str, Any], accepter_network: str) -> dict[int, tuple[str, int, str]]:
        """The table: two human seats bound to the two accounts, who sits first drawn."""
        manager = self.app.state.manager
        pair = [(found["challenger_id"], found["from"], found["network"]),
                (found["challenged_id"], found["to"], accepter_network)]
        random.shuffle(pair)  # who moves first is drawn  # noqa: S311 - not a secret
        (first, first_name, first_net), (second, second_name, second_net) = pair
        table, token, _creator = await manager.lobby.create(
            found["game"], found["options"], ["human"] * PLAYERS, 0, None, first_net, found["clock"], None, False,
            first, rated=found["rated"], network=first_net, accounts_only=True, account_name=first_name)
        assert token is not None
        other = await manager.lobby.join(table.id, 1, None, second, second_net, second_name)
        return {first: (table.id, 0, token), second: (table.id, 1, other)}

    async def answer(self, request: Request, challenge_id: str, status: str) -> Challenge:
        """Decline (the challenged) or cancel (the challenger); the other side is told."""
        side = "challenged" if status == "declined" else "challenger"
        _account, found = await self.mine(request, challenge_id, side)
        if not await self.db(store.settle, self.engine, challenge_id, status):
            raise _settled(found)
        other = found["challenger_id"] if side == "challenged" else found["challenged_id"]
        done = {**found, "status": status}
        await self.tell(other, {"type": "challengeDeclined" if status == "declined" else "challengeCancelled",
                                "challenge": public(done)})
        return _answer(done)


REFUSALS = {
    "too_many_challenges": "you have {cap} challenges waiting for an answer, the limit: cancel one first",
    "their_challenges_full": "this player has {cap} challenges waiting for an answer, the limit: try later",
    "already_challenged": "you have challenged this player already: wait for the answer or cancel it",
}


def _settled(found: dict[str, Any]) -> TableError:
    return TableError("challenge_settled", f"this challenge is {found['status']} already", 409,
                      {"key": "challenges.code.challenge_settled", "args": {}})


def _network(request: Request) -> str:
    return network(request.client.host) if request.client else "unknown"


def router(service: Service) -> APIRouter:
    api = APIRouter(responses=UNAUTHORISED)

    @api.post("/api/challenges", status_code=201)
    async def challenge(request: Request, body: ChallengeRequest) -> Challenge:
        """Challenge an account to a game of two; it waits ``store.TTL`` seconds for the answer."""
        return _answer(await service.create(request, body))

    @api.get("/api/challenges")
    async def waiting(request: Request) -> Challenges:
        """The challenges waiting for an answer, sent and received (newest first)."""
        account, _credential = await service.app.state.accounts.signed_in(request)
        found = await service.db(store.pending, service.engine, account.id)
        return Challenges(challenges=[_answer(c) for c in found])

    @api.get("/api/challenges/{challenge_id}")
    async def one(request: Request, challenge_id: ChallengeId) -> Challenge:
        account, _credential = await service.app.state.accounts.signed_in(request)
        found = await service.db(store.get, service.engine, challenge_id)
        if found is None or account.id not in (found["challenger_id"], found["challenged_id"]):
            raise _no_challenge()
        return _answer(found)

    @api.post("/api/challenges/{challenge_id}/accept")
    async def accept(request: Request, challenge_id: ChallengeId, _body: models.Empty) -> Challenge:
        """Accept: a table with both seats bound; the answer has your seat and its token (the challenger's stream
        gets a ``tableStart``)."""
        return await service.accept(request, challenge_id)

    @api.post("/api/challenges/{challenge_id}/decline")
    async def decline(request: Request, challenge_id: ChallengeId, _body: models.Empty) -> Challenge:
        return await service.answer(request, challenge_id, "declined")

    @api.post("/api/challenges/{challenge_id}/cancel")
    async def cancel(request: Request, challenge_id: ChallengeId, _body: models.Empty) -> Challenge:
        return await service.answer(request, challenge_id, "cancelled")

    return api


def install(app: FastAPI) -> None:
    """The challenges' routes (after ``stream.install``: a new stream is told the challenges waiting)."""
    assert texts.TEXTS
    service = app.state.challenges = Service(app)
    app.state.streams.greeters.append(service.greet)
    app.include_router(router(service))
