"""Finished games are immutable: their replay, record and analysis are built once and served as bytes.

Anyone may ask for a finished table's replay (every step's view: 45-85 ms of CPU for a 4-player Pergamon game),
its record or its analysis in words (~110 ms). Built per request on the event loop, four clients looping on one
replay took an honest pair from 144 moves in 15 s to 47 (issue 24). So an answer about a finished table is built
once, on a thread of its own (one build at a time: the event loop keeps its turns), kept as its JSON bytes with
an ``ETag`` (the hash of the bytes) in a cache bounded in bytes, and served from there with
``Cache-Control``; a request with a matching ``If-None-Match`` gets 304. A request that finds nothing cached
costs a build, which counts against its network's ``--limit-builds``; requests for the same answer while it is
being built wait for that one build. Running tables are not cached (their answers change with every move).
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from fastapi import Request, Response
from pydantic import BaseModel

from museion.core import i18n
from museion.core.game import State
from museion.core.record import Record
from museion.core.registry import entry
from museion.server.table import moves
from museion.server.table.live import LiveTable
from museion.server.table.seats import notices_json, seat_names

CACHE_CONTROL = "public, max-age=3600"
"""Finished answers never change, but a server upgrade may word them differently: an hour, then revalidate."""


@dataclass(frozen=True)
class Answer:
    body: bytes
    etag: str


class Busy(Exception):
    """Too many builds wait already: the client should try again in a moment (503)."""


class Finished:
    """Built answers about finished tables by key (``("replay", id)``, ``("record", id, lang)``...)."""

    def __init__(self, budget: int, waiting: int = 32) -> None:
        self.budget = budget
        """Bytes of cached answers at most; the least recently used ones go first."""
        self.waiting = waiting
        """Builds that may wait for the build thread; beyond, :class:`Busy`."""
        self.size = 0
        self.cache: OrderedDict[tuple[str, ...], Answer] = OrderedDict()
        self.building: dict[tuple[str, ...], asyncio.Future[Answer | None]] = {}
        self.builder = ThreadPoolExecutor(1, thread_name_prefix="museion-build")

    def cached(self, key: tuple[str, ...]) -> Answer | None:
        answer = self.cache.get(key)
        if answer is not None:
            self.cache.move_to_end(key)
        return answer

    async def build(self, key: tuple[str, ...], build: Callable[[], bytes | None]) -> Answer | None:
        """The answer for ``key``, built by ``build`` on the build thread (``None``: the table is not finished, or
        not there: the caller answers as for a running table). Concurrent requests share one build."""
        pending = self.building.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        if len(self.building) >= self.waiting:
            raise Busy
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Answer | None] = loop.create_future()
        self.building[key] = future
        try:
            body = await loop.run_in_executor(self.builder, build)
            answer = None if body is None else Answer(body, f'"{hashlib.sha256(body).hexdigest()[:32]}"')
            if answer is not None:
                self._keep(key, answer)
            future.set_result(answer)
            return answer
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: waiters get it, nobody else needs to
            raise
        finally:
            del self.building[key]

    def _keep(self, key: tuple[str, ...], answer: Answer) -> None:
        if len(answer.body) > self.budget:
            return
        self.cache[key] = answer
        self.size += len(answer.body)
        while self.size > self.budget:
            _, dropped = self.cache.popitem(last=False)
            self.size -= len(dropped.body)

    def close(self) -> None:
        self.builder.shutdown(wait=False, cancel_futures=True)


def respond(answer: Answer, request: Request) -> Response:
    """The cached bytes, or 304 when the client has them already."""
    headers = {"ETag": answer.etag, "Cache-Control": CACHE_CONTROL}
    if request.headers.get("if-none-match") == answer.etag:
        return Response(status_code=304, headers=headers)
    return Response(answer.body, media_type="application/json", headers=headers)


def json_bytes(model: BaseModel) -> bytes:
    """A Pydantic answer as the bytes it is served as (built once)."""
    return model.model_dump_json().encode()


def replay_of(table: LiveTable, lang: str = i18n.DEFAULT) -> dict[str, Any]:
    """Every step of a finished game as the spectator's view, for stepping through in the browser: the table, its
    record and the steps, each move with its notation and its words in ``lang`` (as the log says it), and the
    take-backs that returned the game to it (the table's notices, as the log shows them)."""
    record = Record.from_state(table.state, seat_names(table.row), table=table.id)
    names = table.names(lang)
    takebacks = [n for n in notices_json(table.row, lang, names) if n["key"].startswith("notice.takeback")]
    steps = []
    previous: State | None = None
    view = entry(table.state.game).observer.view
    for i, (action, state) in enumerate(record.states()):
        step: dict[str, Any] = {"view": view(state, None), "n": state.move_number()}
        # the moves taken back here (a take-back at log length i returned the game to this step)
        step["takebacks"] = [n["text"] for n in takebacks if n["n"] == i]
        if action is not None and previous is not None:
            player = previous.current_player()
            step["move"] = {"p": player if player >= 0 else None, "t": previous.action_to_string(action),
                            "text": moves.in_words(previous, action, lang, names)}
        steps.append(step)
        previous = state
    return {"table": table.summary(), "record": record.to_dict(), "steps": steps}
