"""What happened, turned into outbox rows: a turn passing to a player who is not watching (``Events.turn``, called
where the server says whose turn it may be: ``Tables.turn``), a seat held for a friend, a friend request.

Each event is queued in a task (the database is written in a thread), so the move, the invitation or the request
is answered as fast and the same way whoever it reaches."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from sqlalchemy import select

from museion.core import i18n
from museion.core.registry import entry
from museion.server.accounts.passwords import username_key
from museion.server.accounts.schema import accounts_t
from museion.server.friends.schema import requests_t
from museion.server.notices.store import NoticeStore
from museion.server.storage.rows import tables_t
from museion.server.table.live import LiveTable

MAX_TOLD = 10_000
"""Tables whose last queued turn is remembered (beyond it the memory starts again; the key still sends one)."""


def turn_start(table: LiveTable, seat: int) -> int:
    """The log index where ``seat``'s present turn began: a turn of several actions (a Tholos stone, then its
    column's action) is one event, told once."""
    n = len(table.log)
    while n > 0 and table.log[n - 1].player == seat:
        n -= 1
    return n


def waiting_seat(table: LiveTable) -> int | None:
    """The seat told it is its turn: a signed-in human's, at a running turn-based table (``clock`` mode ``turn``),
    whose player has no socket open at the table."""
    if table.over or table.clock is None or table.clock.spec.mode != "turn" or table.row.started is None:
        return None
    to_move = table.state.current_player()
    if to_move < 0 or table.state.is_chance_node():
        return None
    row = table.row.seats[to_move]
    if row.plays_bot or row.account_id is None or any(conn.seat == to_move for conn in table.conns):
        return None
    return to_move


def turn_args(table: LiveTable, seat: int, now: float) -> dict[str, Any]:
    """Which table, which game, who moved last (its name in every language), the seconds left."""
    movers = [step.player for step in table.log if step.player is not None and step.player != seat]
    mover = movers[-1] if movers else None
    names = {lang: (table.names(lang)[mover] if mover is not None else "—") for lang in i18n.LANGUAGES}
    left = table.clock.left(seat, now) if table.clock is not None else None
    return {"table": table.id, "game": entry(table.row.game).game_class.title, "seat": seat, "mover": names,
            "left": left}


class Events:
    def __init__(self, store: NoticeStore, wake: asyncio.Event, clock: Any) -> None:
        self.store, self.wake, self.clock = store, wake, clock
        self.tasks: set[asyncio.Task[None]] = set()
        self.told: dict[str, str] = {}
        """table -> the key of the last turn queued here: the same turn seen again costs no database write."""

    def turn(self, table: LiveTable) -> None:
        """Whose turn it is may have changed: tell a player who is away (once per turn: its key)."""
        seat = waiting_seat(table)
        if seat is None:
            return
        account = table.row.seats[seat].account_id
        assert account is not None
        key = f"turn:{table.id}:{seat}:{turn_start(table, seat)}"
        if self.told.get(table.id) == key:
            return
        if len(self.told) >= MAX_TOLD:
            self.told.clear()
        self.told[table.id] = key
        self.queue(account, "turn", key, turn_args(table, seat, self.clock()))

    def queue(self, account: int, kind: str, key: str, args: dict[str, Any]) -> None:
        task = asyncio.get_running_loop().create_task(self._queue(account, kind, key, args))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _queue(self, account: int, kind: str, key: str, args: dict[str, Any]) -> None:
        if await asyncio.to_thread(self.store.event, account, kind, key, args):
            self.wake.set()

    def friend_request(self, me: int, username: str) -> None:
        """A request ``me`` sent reached ``username`` (one that reaches nobody tells nobody)."""
        self.queue_later(self._friend_request, me, username)

    def invitation(self, me: int, friend: int, table_id: str, seat: int) -> None:
        self.queue_later(self._invitation, me, friend, table_id, seat)

    def queue_later(self, fn: Any, *args: Any) -> None:
        async def run() -> None:
            found = await asyncio.to_thread(fn, *args)
            if found is not None:
                await self._queue(*found)

        task = asyncio.get_running_loop().create_task(run())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _friend_request(self, me: int, username: str) -> tuple[int, str, str, dict[str, Any]] | None:
        with self.store.engine.connect() as conn:
            to = conn.execute(select(requests_t.c.to_id).where(requests_t.c.from_id == me,
                                                               requests_t.c.to_key == username_key(username))).scalar()
            name = conn.execute(select(accounts_t.c.username).where(accounts_t.c.id == me)).scalar()
        if to is None or name is None:
            return None
        return to, "friend", f"friend:{me}:{to}", {"name": name}

    def _invitation(self, me: int, friend: int, table_id: str, seat: int
                    ) -> tuple[int, str, str, dict[str, Any]] | None:
        with self.store.engine.connect() as conn:
            name = conn.execute(select(accounts_t.c.username).where(accounts_t.c.id == me)).scalar()
            game = conn.execute(select(tables_t.c.game).where(tables_t.c.id == table_id)).scalar()
        if name is None or game is None:
            return None
        return friend, "invite", f"invite:{table_id}:{seat}:{friend}:{int(time.time() // 3600)}", {
            "name": name, "game": entry(game).game_class.title, "table": table_id, "n": seat + 1}
