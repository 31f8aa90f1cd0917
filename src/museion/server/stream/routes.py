"""``GET /api/stream``: the signed-in account's events as server-sent events (docs/bot-api.md "The stream").

Each event is ``id: N``, ``event: TYPE`` and ``data: JSON`` (the JSON has the ``type`` too); a comment line
(``: heartbeat``) every ``HEARTBEAT`` seconds keeps proxies from closing a quiet stream. On connecting, the
stream first sends what the account missed since ``Last-Event-ID`` (events are kept minutes), then what is
pending now (``greeters``: e.g. the challenges waiting for an answer, without an id), then events as they come.
A ``tableStart`` carries the seat's key as ``POST /api/tables/ID/my-seat`` gives it, derived from the stream's
own credential (session cookie or bearer token): the stored event holds no secret. An open stream keeps the
account online for its friends. At most ``PER_ACCOUNT`` streams per account and ``PER_NETWORK`` per network
at once (per server process), else 429."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import StreamingResponse

from museion.server.accounts.routes import UNAUTHORISED, seat_key
from museion.server.edge.errors import TableError
from museion.server.edge.networks import network
from museion.server.stream import hub as events

HEARTBEAT = 15.0
LOOK = 0.5
"""Seconds between two looks at whether the server drains, while a stream is quiet."""
PER_ACCOUNT = 4
PER_NETWORK = 32
Greeter = Callable[[int], Awaitable[list[dict[str, Any]]]]


def frame(event: dict[str, Any], event_id: int | None, credential: str) -> str:
    """One server-sent event; a ``tableStart`` gets its seat key for this stream's credential."""
    if event.get("type") == "tableStart" and "table" in event and "seat" in event:
        event = {**event, "key": seat_key(credential, str(event["table"]), int(event["seat"]))}
    head = "" if event_id is None else f"id: {event_id}\n"
    return f"{head}event: {event['type']}\ndata: {json.dumps(event, separators=(',', ':'))}\n\n"


class Streams:
    """The stream service of one server: the hub, who has streams open, and what is pending on connecting."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        self.hub = events.Hub(lambda: app.state.manager.store.engine)
        self.networks: dict[str, int] = {}
        self.greeters: list[Greeter] = []
        """Coroutines ``greeter(account_id) -> [event]``: what a new stream is told first (``challenges``)."""

    def admit(self, account_id: int, where: str) -> None:
        if self.hub.count(account_id) >= PER_ACCOUNT:
            raise TableError("too_many_streams", f"this account has {PER_ACCOUNT} streams open, the limit: close "
                             "one first", 429, {"key": "stream.too_many", "args": {"cap": PER_ACCOUNT}})
        if self.networks.get(where, 0) >= PER_NETWORK:
            raise TableError("too_many_streams", f"your network has {PER_NETWORK} streams open, the limit", 429,
                             {"key": "stream.too_many", "args": {"cap": PER_NETWORK}})

    async def run(self, account_id: int, credential: str, where: str, last: int | None) -> AsyncIterator[str]:
        queue = await self.hub.open(account_id)
        self.networks[where] = self.networks.get(where, 0) + 1
        try:
            yield ": connected\n\n"
            if last is not None:
                engine = self.app.state.manager.store.engine
                for event_id, _account, event in await asyncio.to_thread(events.since, engine, last, account_id):
                    yield frame(event, event_id, credential)
            for greeter in self.greeters:
                for event in await greeter(account_id):
                    yield frame(event, None, credential)
            async for text in self._follow(account_id, queue, credential):
                yield text
        finally:
            self.hub.close(account_id, queue)
            self.networks[where] -= 1
            if not self.networks[where]:
                del self.networks[where]

    async def _follow(self, account_id: int, queue: asyncio.Queue[tuple[int, dict[str, Any]] | None],
                      credential: str) -> AsyncIterator[str]:
        """The account's events as they come, a heartbeat when quiet; ends when the server drains (the client
        reconnects to another process) or the stream lags (``hub.QUEUE``)."""
        quiet = 0.0
        while not self.app.state.draining:
            try:
                async with asyncio.timeout(LOOK):
                    item = await queue.get()
            except TimeoutError:
                quiet += LOOK
                if quiet >= HEARTBEAT:
                    quiet = 0.0
                    await self.app.state.presence.seen(account_id)
                    yield ": heartbeat\n\n"
                continue
            if item is None:
                return
            quiet = 0.0
            yield frame(item[1], item[0], credential)


def router(app: FastAPI, service: Streams) -> APIRouter:
    api = APIRouter(responses=UNAUTHORISED)

    @api.get("/api/stream", response_class=StreamingResponse,
             responses={200: {"content": {"text/event-stream": {}}, "description": "server-sent events"}})
    async def stream(request: Request) -> StreamingResponse:
        """The account's events as server-sent events (session cookie, or a token with any scope; the event types
        are in docs/bot-api.md). ``Last-Event-ID``: resume after that event."""
        account, credential = await app.state.accounts.signed_in(request)
        where = network(request.client.host) if request.client else "unknown"
        service.admit(account.id, where)
        await app.state.presence.seen(account.id)
        last_header = request.headers.get("last-event-id", "")
        last = int(last_header) if last_header.isdigit() and len(last_header) < 16 else None
        return StreamingResponse(service.run(account.id, credential, where, last), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    return api
