"""A program on a museion server as a bot account (docs/bot-api.md "The client"): it keeps the account online on
its event stream, accepts the challenges it is configured for, and plays every table it holds a seat at through
the same WebSocket protocol as the browser, seeing exactly its seat's view.

    client = Client("https://example.org", token, from_bot("expert"), Accept(games={"tholos"}))
    asyncio.run(client.run())     # until client.stop() (the CLI: SIGINT or SIGTERM)

HTTP and the stream go through ``httpx2``, the tables through ``websockets`` (the ``client`` extra); the token
travels in the ``Authorization`` header only, never in a URL, and is never logged. A lost stream or table
connection is opened again after ``backoff`` seconds, doubled up to ``MAX_BACKOFF`` while it keeps failing; a
stream resumes after its last event (``Last-Event-ID``), a table with its full state."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import httpx2
from websockets.asyncio.client import connect as ws_connect

from museion.client.policies import Policy, Turn
from museion.client.seat import SeatGame

log = logging.getLogger("museion.client")
MAX_BACKOFF = 30.0
FATAL = frozenset({401, 403})
"""Stream answers that no retry changes (a bad or revoked token, a missing scope): the client stops."""


@dataclass
class Accept:
    """Which challenges to accept: ``games`` (empty: any), ``rated`` (None: either; True: rated only; False:
    casual only). Others are declined."""

    games: set[str] = field(default_factory=set)
    rated: bool | None = None

    def __call__(self, challenge: dict[str, Any]) -> bool:
        return ((not self.games or challenge.get("game") in self.games)
                and (self.rated is None or bool(challenge.get("rated")) == self.rated))


class Stopped(Exception):
    """The server refused the token for good (``FATAL``): retrying would not help."""


async def events(response: httpx2.Response) -> AsyncIterator[tuple[str | None, str, dict[str, Any]]]:
    """Server-sent events of a streaming response: (id, type, data); comments (heartbeats) are skipped."""
    event_id: str | None = None
    kind = "message"
    data: list[str] = []
    async for line in response.aiter_lines():
        if not line:
            if data:
                yield event_id, kind, json.loads("\n".join(data))
            event_id, kind, data = None, "message", []
        elif line.startswith(":"):
            continue
        else:
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "id":
                event_id = value
            elif name == "event":
                kind = value
            elif name == "data":
                data.append(value)


class Client:
    """One bot account's program on one server (see the module)."""

    def __init__(self, server: str, token: str, policy: Policy, accept: Accept | None = None,
                 backoff: float = 1.0, lang: str = "en", games: int | None = None) -> None:
        """``games``: stop once this many tables were played to their end (None: run until :meth:`stop`)."""
        self.server = server.rstrip("/")
        self.games = games
        self.policy, self.accept = policy, accept or Accept()
        self.backoff, self.lang = backoff, lang
        self._headers = {"Authorization": f"Bearer {token}"}
        self.tables: dict[str, asyncio.Task[None]] = {}
        self.finished: dict[str, dict[str, Any]] = {}
        """Tables played to their end: the last state message of each (its scores and winners)."""
        self.last_event: str | None = None
        self._stop = asyncio.Event()
        self.http: httpx2.AsyncClient | None = None

    def stop(self) -> None:
        """End the run: the stream and every table connection close (a game in progress goes on without it)."""
        self._stop.set()

    async def run(self) -> None:
        """Stay online until :meth:`stop` (or a token the server refuses: :class:`Stopped`)."""
        async with httpx2.AsyncClient(base_url=self.server, headers=self._headers,
                                      timeout=httpx2.Timeout(30.0, read=None)) as http:
            self.http = http
            stream = asyncio.create_task(self._stream_forever())
            stopped = asyncio.create_task(self._stop.wait())
            try:
                await asyncio.wait({stream, stopped}, return_when=asyncio.FIRST_COMPLETED)
                if stream.done():
                    stream.result()  # Stopped: the token was refused
            finally:
                for task in (stream, stopped, *self.tables.values()):
                    task.cancel()
                with contextlib.suppress(BaseException):
                    await asyncio.gather(stream, stopped, *self.tables.values(), return_exceptions=True)

    async def _stream_forever(self) -> None:
        wait = self.backoff
        while True:
            try:
                await self._stream()
                wait = self.backoff
            except Stopped:
                raise
            except (httpx2.HTTPError, OSError, ValueError) as exc:
                log.info("stream lost (%s); again in %.0f s", type(exc).__name__, wait)
            await asyncio.sleep(wait * random.uniform(0.8, 1.2))  # noqa: S311 - jitter, not a secret
            wait = min(MAX_BACKOFF, wait * 2)

    async def _stream(self) -> None:
        assert self.http is not None
        headers = {} if self.last_event is None else {"Last-Event-ID": self.last_event}
        async with self.http.stream("GET", "/api/stream", headers=headers) as response:
            if response.status_code in FATAL:
                body = json.loads(await response.aread() or b"{}")
                raise Stopped(f"{response.status_code} {body.get('error')}: {body.get('message')}")
            response.raise_for_status()
            log.info("online on %s", self.server)
            async for event_id, kind, data in events(response):
                if event_id is not None:
                    self.last_event = event_id
                await self._event(kind, data)

    async def _event(self, kind: str, data: dict[str, Any]) -> None:
        if kind == "challenge":
            await self._answer(data["challenge"])
        elif kind == "tableStart":
            table = str(data["table"])
            if table not in self.tables or self.tables[table].done():
                if table not in self.finished:
                    self.tables[table] = asyncio.create_task(self._table_forever(table, int(data["seat"]),
                                                                                 str(data["key"])))

    async def _answer(self, challenge: dict[str, Any]) -> None:
        assert self.http is not None
        verdict = "accept" if self.accept(challenge) else "decline"
        answer = await self.http.post(f"/api/challenges/{challenge['id']}/{verdict}", json={})
        log.info("challenge %s from %s (%s): %s -> %d", challenge["id"], challenge.get("from"),
                 challenge.get("game"), verdict, answer.status_code)

    async def _table_forever(self, table: str, seat: int, key: str) -> None:
        wait = self.backoff
        while table not in self.finished:
            try:
                await self._table(table, seat, key)
                wait = self.backoff
            except (OSError, ValueError, httpx2.HTTPError) as exc:
                log.info("table %s lost (%s); again in %.0f s", table, type(exc).__name__, wait)
            except Exception as exc:  # websockets' ConnectionClosed and friends
                log.info("table %s closed (%s); again in %.0f s", table, type(exc).__name__, wait)
            if table in self.finished:
                return
            await asyncio.sleep(wait * random.uniform(0.8, 1.2))  # noqa: S311 - jitter, not a secret
            wait = min(MAX_BACKOFF, wait * 2)

    async def _table(self, table: str, seat: int, key: str) -> None:
        assert self.http is not None
        info = (await self.http.get(f"/api/tables/{table}")).raise_for_status().json()
        game = SeatGame(info["game"], info.get("options") or {}, seat)
        url = self.server.replace("http", "ws", 1) + f"/ws/tables/{table}"
        async with ws_connect(url, additional_headers=self._headers, open_timeout=20) as ws:
            await ws.send(json.dumps({"type": "hello", "token": key, "lang": self.lang}))
            answered = -1
            async for text in ws:
                message = json.loads(text)
                if message.get("type") == "error":
                    log.info("table %s: %s %s", table, message.get("code"), message.get("message"))
                    if message.get("code") in ("bad_token", "seat_bound"):
                        raise ValueError(message.get("code"))
                    continue
                if message.get("type") != "state":
                    continue
                game.update(message["log"], message["full"], message["log_from"])
                if message["status"] == "finished":
                    self.finished[table] = message
                    log.info("table %s finished: scores %s", table, message.get("scores"))
                    if self.games is not None and len(self.finished) >= self.games:
                        self.stop()
                    return
                if message["seat"] == seat and message["to_move"] == seat and message["legal"] \
                        and message["seq"] != answered:
                    answered = message["seq"]
                    action = await self._choose(table, info["game"], seat, game, message)
                    await ws.send(json.dumps({"type": "move", "seq": message["seq"], "action": action}))

    async def _choose(self, table: str, game_name: str, seat: int, game: SeatGame, message: dict[str, Any]) -> int:
        legal = [int(m["id"]) for m in message["legal"]]
        turn = Turn(table, game_name, seat, None if game.state is None else game.state.clone(), legal, message)
        action = await asyncio.to_thread(self.policy, turn)
        if action not in legal:
            log.warning("table %s: the policy chose %s, not a legal move; playing %s", table, action, legal[0])
            return legal[0]
        return int(action)
