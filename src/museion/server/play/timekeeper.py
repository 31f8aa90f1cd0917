"""The clocks service: timeouts (a bot stands in, or the seat forfeits), checkpoints, and a player's return.

The time arithmetic is :mod:`museion.server.table.clocks`; this module applies it to live tables, stores what
changed with a notice in the table log, and then publishes it."""

from __future__ import annotations

import asyncio
import logging

from museion.server.table.live import LiveTable
from museion.server.table.tables import Tables

log = logging.getLogger("museion.server")


class Timekeeper:
    """Watches every running clock of the live tables."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.config = tables.config

    async def tick_forever(self) -> None:
        while True:
            await asyncio.sleep(self.config.clock_tick)
            try:
                await self.tick()
            except Exception as exc:  # noqa: BLE001 - storage may be briefly unavailable; try again next time
                log.warning("clock upkeep failed: %s", exc)

    async def tick(self) -> None:
        """Apply every timeout that is due, and checkpoint running clocks every ``config.clock_checkpoint``
        seconds (what a crash can give back to the seat to move)."""
        now = self.tables.clock()
        for table in list(self.tables.tables.values()):
            clock = table.clock
            if clock is None or clock.running is None or not self.tables.owns(table.id):  # the owner's clock decides
                continue
            if clock.expired(now):
                async with table.lock:
                    await self.expire(table)
            elif now - clock.dirty >= self.config.clock_checkpoint:
                async with table.lock:  # in order with the table's moves: a checkpoint never overwrites a newer clock
                    await self._checkpoint(table)

    async def _checkpoint(self, table: LiveTable) -> None:
        clock = table.clock
        if clock is None or clock.running is None:
            return
        clock.dirty = now = self.tables.clock()
        await self.tables.writer.call(self.tables.store.save_clocks, [(table.id, clock.stored(now))])

    async def expire(self, table: LiveTable) -> bool:
        """If the running seat's time is up (``table.lock`` held): a bot takes the seat over, or the seat forfeits
        and a bot plays it out; stored, logged as a notice, broadcast. True if it happened."""
        now = self.tables.clock()
        clock = self.tables.copy_clock(table)
        if clock is None or not clock.expired(now) or clock.running is None:
            return False
        seat, spec = clock.running, clock.spec
        clock.timed_out(seat, now)
        forfeit = spec.on_timeout == "forfeit"
        key = "notice.timeout_forfeit" if forfeit else "notice.timeout_bot"
        try:
            await self.tables.store_event(table, clock, key, seat, {"standin": spec.bot, "forfeit": int(forfeit)},
                                          bot=spec.bot)
        except Exception:  # noqa: BLE001 - the next tick tries again
            log.exception("storing the timeout of table %s failed", table.id)
            return False
        row = table.row.seats[seat]
        row.standin, row.forfeit = spec.bot, row.forfeit or forfeit
        table.clock = clock
        self.tables.run_clock(table)
        self.tables.seats_changed(table)
        self.tables.turn(table)
        return True

    async def returned(self, table: LiveTable, seat: int) -> None:
        """The player of ``seat`` is back (a connection with its token): a bot standing in after a timeout hands
        the seat back, with the clock's comeback time. A forfeited seat stays with its bot."""
        row = table.row.seats[seat]
        if not row.standin or row.forfeit or row.kind != "human":
            return
        async with table.lock:
            if not row.standin:
                return
            clock = self.tables.copy_clock(table)
            if clock is not None:
                clock.bank[seat] = clock.spec.comeback()
            await self.tables.store_event(table, clock, "notice.back", seat, {"standin": None})
            row.standin = None
            if clock is not None:
                table.clock = clock
            self.tables.run_clock(table)
            self.tables.seats_changed(table)
