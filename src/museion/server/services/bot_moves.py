"""The bot service: a seat a bot plays moves by itself, its choice made in a worker process (:mod:`worker`).

A failing or slow bot never freezes a table: its move is a random legal one instead."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from museion.server.config import BotPolicy
from museion.server.edge.errors import TableError
from museion.server.services import worker
from museion.server.storage.rows import SeatRow
from museion.server.table.live import RNG, LiveTable
from museion.server.table.tables import Tables

log = logging.getLogger("museion.server")
Play = Callable[[LiveTable, int, int, int, bool], Awaitable[None]]
"""How a bot's move enters the table: ``(table, seat, seq, action, bot)`` (the move pipeline's ``play``)."""


class BotMoves:
    """Schedules the move of every seat a bot plays, one at a time per table."""

    def __init__(self, tables: Tables, pool: worker.BotPool | None, play: Play) -> None:
        self.tables = tables
        self.config = tables.config
        self.pool = pool
        self.play = play

    def schedule(self, table: LiveTable) -> None:
        """Start the bot's move if a bot is to move at ``table`` and none is thinking there yet."""
        state = table.state
        if table.over or state.is_chance_node() or not self.tables.owns(table.id):  # or another process's
            return
        seat = table.row.seats[state.current_player()]
        if not seat.plays_bot or (table.bot_task is not None and not table.bot_task.done()):
            return
        table.bot_task = asyncio.get_running_loop().create_task(self._move(table, seat))

    async def _move(self, table: LiveTable, seat: SeatRow) -> None:
        await asyncio.sleep(self.config.bot_delay)
        seq = table.seq
        action = await self._choose(table, seat.plays_bot or "random")
        table.bot_task = None
        try:
            await self.play(table, seat.seat, seq, action, True)
        except TableError as exc:
            if exc.code not in ("bot_plays", "game_over"):  # its player came back, or resigned, meanwhile
                log.warning("bot move refused at table %s: %s", table.id, exc)
            self.schedule(table)

    async def _choose(self, table: LiveTable, spec: str) -> int:
        state = table.state
        args: dict[str, Any] = {"game": table.row.game, "options": table.row.options, "history": state.history(),
                                "bot": spec, "seed": RNG.randrange(2**31)}
        try:
            if self.pool is None:
                return worker.choose(**args)
            return await self.pool.choose(args, BotPolicy.costly(spec))
        except (worker.BotTimeout, worker.BotFailed) as exc:  # the table goes on: a random move instead
            log.warning("bot %s at table %s: %s; playing a random move", spec, table.id, exc)
        except Exception as exc:  # noqa: BLE001 - a failing bot must not freeze the table
            log.warning("bot %s failed at table %s (%s: %s); playing a random move", spec, table.id,
                        type(exc).__name__, exc)
        return RNG.choice(state.legal_actions())
