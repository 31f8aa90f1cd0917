"""Ending a game before its rules end it: a player resigns, claims a game an absent opponent holds, or an account
is deleted (docs/web.md, "Ending a game").

* **Resigning** (``{"type": "resign"}``): the seat leaves the game and ranks last. If at most one seat then plays
  on (a two-player game), the game ends at once and that seat wins; otherwise a bot plays the resigned seat to
  the end (the others' game goes on), and the seat is never among the winners.
* **Claiming** (``{"type": "claim", "seat": N, "end": "win" | "bot"}``): a seat whose player has *left* may be
  claimed by a player still in the game. Left means what a creator's hand-over already means (``abandon.py``):
  its clock ran out (a bot stands in, or it forfeited; a live player who disconnects loses their time the same
  way), or, at a table without a clock, it has been that seat's turn for ``--seat-absence`` seconds (a day by
  default) without a move, or its account was deleted. ``win``: the game ends now, the claimant wins (only when
  nobody else plays on); ``bot``: a bot plays the seat to the end for good, and it ranks last.
* **A deleted account**: each of its seats in a running game is handed to a bot at once, ranked last.

A seat that left is marked ``forfeit`` (the flag a timeout's forfeit sets): ``seats.results`` keeps it out of the
winners and the ratings rank it below every seat that played on (``ratings.store.seat_of``), whatever its points.
A game ended early stores an ``ENDED`` actions row with its result, its notice, its seats and (rated) the rating
changes in one transaction; how it ended is the notice (``seats.ending``)."""

from __future__ import annotations

import dataclasses
import logging
import time
from typing import Any

from museion.server.edge.errors import TableError
from museion.server.play.timekeeper import Timekeeper
from museion.server.ratings.store import settler
from museion.server.storage.rows import ENDED, Append, Conflict
from museion.server.table import abandon
from museion.server.table.live import LiveTable
from museion.server.table.seats import MAX_NOTICES, forfeit_winners
from museion.server.table.tables import Tables

log = logging.getLogger("museion.server")
STANDIN = "easy"
"""The bot that plays a seat that left, at a table without a clock (a clocked table's own ``bot`` otherwise)."""


class Endings:
    """Resignations, claims and deleted accounts' seats."""

    def __init__(self, tables: Tables, timekeeper: Timekeeper) -> None:
        self.tables = tables
        self.timekeeper = timekeeper
        self.config = tables.config

    async def resign(self, table: LiveTable, seat: int | None) -> None:
        """``seat`` resigns: the game ends if at most one seat plays on, else a bot plays the seat to the end."""
        async with table.lock:
            seat = await self._player(table, seat, "resign")
            on = [s for s in table.row.seats if not s.forfeit and s.seat != seat]
            if len(on) <= 1:
                await self._end(table, seat, "notice.resigned", {})
            else:
                await self._hand(table, seat, "notice.resigned_bot", {})

    async def claim(self, table: LiveTable, seat: int | None, target: int, end: str) -> None:
        """``seat`` claims ``target``, whose player left: ``end`` ``win`` (the game ends now, nobody else playing
        on) or ``bot`` (a bot plays the seat to the end, ranked last)."""
        async with table.lock:
            seat = await self._player(table, seat, "claim")
            rows = table.row.seats
            if not 0 <= target < len(rows) or target == seat:
                raise TableError("bad_seat", f"claim another seat of this table: 0..{len(rows) - 1}, not {target} "
                                             "(to give up your own seat, resign)")
            why = abandon.claim_refusal(rows[target], table.clock is not None, table.state.current_player(),
                                        table.touched, time.time(), self.config.seat_absence)
            if why is not None:
                raise TableError("not_claimable", why, 409)
            if end == "win":
                others = [s.seat for s in rows if not s.forfeit and s.seat not in (seat, target)]
                if others:
                    raise TableError("claim_others_play", f"seats {others} still play: claiming hands seat {target} "
                                                          "to a bot ('end': 'bot'), and the game goes on", 409)
                await self._end(table, target, "notice.claimed", {"by": seat})
            elif rows[target].forfeit:
                raise TableError("already_out", f"seat {target} is a bot's for good already; claim the win "
                                                "('end': 'win') once nobody else plays on", 409)
            else:
                await self._hand(table, target, "notice.claimed_bot", {"by": seat})

    async def abandoned(self, seats: list[tuple[str, int]]) -> None:
        """A deleted account's seats (table, seat): in every running game a bot takes each over at once."""
        for table_id, seat in seats:
            try:
                table = await self.tables.get(table_id)
                async with table.lock:
                    row = table.row.seats[seat]
                    if not table.over and not row.forfeit and row.kind == "human":
                        await self._hand(table, seat, "notice.abandoned", {})
            except TableError:
                continue  # gone, or storage refused: the seat stays as the store left it ("deleted player")

    async def _player(self, table: LiveTable, seat: int | None, what: str) -> int:
        """``seat`` if it is a player still in a running game (a clock that ran out is applied first)."""
        if self.tables.owns(table.id):
            await self.timekeeper.expire(table)
        if table.over:
            raise TableError("game_over", f"the game is over; there is nothing to {what}", 409)
        if seat is None:
            raise TableError("not_seated", f"spectators cannot {what}: only a player of this table", 403)
        if table.row.started is None:
            raise TableError("not_started", f"the game has not started (a seat is free): nothing to {what}; leave "
                                            "the seat instead", 409)
        if table.row.seats[seat].forfeit:
            raise TableError("already_out", "your seat has left this game already (a bot plays it to the end)", 409)
        return seat

    def _bot(self, table: LiveTable) -> str:
        return table.clock.spec.bot if table.clock is not None else STANDIN

    async def _hand(self, table: LiveTable, seat: int, key: str, args: dict[str, Any]) -> None:
        """A bot plays ``seat`` to the end and it ranks last (stored with its notice, then published)."""
        bot = self._bot(table)
        await self.tables.store_event(table, self.tables.copy_clock(table), key, seat,
                                      {"standin": bot, "forfeit": 1}, bot=bot, **args)
        row = table.row.seats[seat]
        row.standin, row.forfeit = bot, True
        await self.tables.claim(table)  # a site of several processes: a bot plays here now, so one process runs it
        self.tables.run_clock(table)
        self.tables.seats_changed(table)
        self.tables.turn(table)

    async def _end(self, table: LiveTable, seat: int, key: str, args: dict[str, Any]) -> None:
        """The game ends now with ``seat`` out: its result (the points as they stand; the winners among the seats
        that play on), the notice, the seat and a rated game's rating changes stored at once, then published."""
        seats = [dataclasses.replace(s) for s in table.row.seats]
        seats[seat].forfeit = True
        scores = [float(v) for v in table.state.scores()]
        final = (scores, forfeit_winners(scores, [], [s.forfeit for s in seats]))
        notice = {"n": table.seq, "key": key, "args": {"player": seat, **args}}
        notices = (table.row.notices + [notice])[-MAX_NOTICES:]
        now = self.tables.clock()
        clock = self.tables.copy_clock(table)
        if clock is not None:
            clock.run(None, now)
        ended = dataclasses.replace(table.row, seats=seats)
        append = Append(table.id, table.stored, [ENDED], final, None if clock is None else clock.stored(now),
                        notices, settle=settler(ended, final) if table.row.rated else None,
                        seats={seat: {"forfeit": 1}})
        try:
            await self.tables.writer.append(append)
        except Conflict:
            await self.tables.catch_up(table.id)
            raise TableError("stale", "a move was made meanwhile; the current state follows") from None
        except Exception as exc:
            log.exception("storing the end of table %s failed", table.id)
            raise TableError("storage", f"the end could not be stored ({type(exc).__name__}); nothing changed",
                             503) from None
        table.stored += 1
        table.row.seats, table.row.notices, table.clock = seats, notices, clock
        table.row.status, table.row.scores, table.row.winners = "finished", final[0], final[1]
        table.rating_changes = append.settled or {}
        self.tables.lobby_version += 1
        table.broadcast(None)
        self.tables.turn(table)
        self.tables.release_if_idle(table)
