"""A take-back by request at a friendly table (issue 40): a player whose own take-back window has passed asks the
others to give their last move back; when every other seated human accepts, the moves back to and including it are
taken back (docs/protocol.md, "Take-back requests").

The rule is the one of every take-back (:mod:`museion.core.takeback`), applied to every step that would go: nothing
shown to anyone since the requester's move and no chance drawn after it; otherwise the request is refused before
anyone is asked, saying which step stands. Decisions where the issue was silent:

* one request pending per table; it lives in the memory of the process running the table (a restart forgets it);
* it expires when anything is stored at the table (a move, a take-back, an ending): ``LiveTable.stored`` moved on;
* a declined request cannot be asked again until the next move (the same ``stored`` mark);
* bots accept (a bot has no stake in a friendly game; against bots only the take-back happens at once);
* never at a rated table, nor at a table created without ``undo``.
"""

from __future__ import annotations

import logging
from typing import Any

import museion
from museion.core import takeback
from museion.server.edge.errors import TableError
from museion.server.play.timekeeper import Timekeeper
from museion.server.storage.rows import TAKEBACK, Append
from museion.server.table.live import LiveTable, TakebackRequest
from museion.server.table.seats import MAX_NOTICES
from museion.server.table.tables import Tables

log = logging.getLogger("museion.server")


def asked(table: LiveTable, seat: int) -> list[int]:
    """The seats whose players must accept ``seat``'s request: every other seat a human plays now."""
    return [s.seat for s in table.row.seats if s.seat != seat and not s.plays_bot]


def request_refusal(table: LiveTable, seat: int | None) -> tuple[TableError | None, int]:
    """Why ``seat`` may not ask for its last move back now (None: it may), and the log index it would go back
    to."""
    row = table.row
    if row.rated:
        return TableError("takeback_rated", "a rated table allows no take-backs", 403), -1
    if not row.undo:
        return TableError("undo_not_allowed", "this table does not allow taking moves back (the 'undo' option is "
                                              "chosen when a table is created)", 403), -1
    if table.over or seat is None or row.started is None or row.seats[seat].plays_bot:
        why = ("the game is over" if table.over else "spectators cannot ask" if seat is None else
               "the game has not started" if row.started is None else "a bot plays your seat")
        return TableError("takeback_not_possible", f"no take-back request now: {why}", 409), -1
    if table.undoable(seat):
        return TableError("undo_yourself", "your last move is still yours to take back: send undo", 409), -1
    pending = table.pending_request()
    if pending is not None:
        return TableError("takeback_pending", f"seat {pending.seat}'s take-back request is waiting for an answer; "
                                              "one request at a time", 409), -1
    if table.declined_at.get(seat) == table.stored:
        return TableError("takeback_declined", "your request was declined; you may ask again after the next move",
                          409), -1
    code, index = takeback.request_refusal(table.log, seat)
    if code == takeback.NOTHING:
        return TableError("takeback_nothing", "you have made no move that could be taken back", 409), -1
    if code is not None:
        step = table.log[index]
        what = ("a chance outcome was drawn" if step.player is None else
                f"the move {step.notation(seat)} showed something beyond the move itself (a card, a tile, or "
                "something told to some seats only)")
        return TableError(code, f"{what} after or with your last move, so it stands; nobody was asked", 409), -1
    return None, index


class Takebacks:
    """Requests, answers, and the agreed take-back."""

    def __init__(self, tables: Tables, timekeeper: Timekeeper) -> None:
        self.tables = tables
        self.timekeeper = timekeeper

    async def request(self, table: LiveTable, seat: int | None) -> None:
        """``seat`` asks for its last move back: refused with the reason, or the others are asked (all bots: the
        moves are taken back at once)."""
        async with table.lock:
            if self.tables.owns(table.id):
                await self.timekeeper.expire(table)
            refusal, start = request_refusal(table, seat)
            if refusal is not None:
                raise refusal
            assert seat is not None
            table.request = TakebackRequest(seat, table.stored, start, asked(table, seat))
            await self._settle(table)

    async def answer(self, table: LiveTable, seat: int | None, accept: bool) -> None:
        """``seat`` accepts or declines the pending request it was asked."""
        async with table.lock:
            pending = table.pending_request()
            if pending is None or seat is None or seat not in pending.asked:
                raise TableError("no_takeback_request", "no take-back request is waiting for your answer", 409)
            if not accept:
                table.declined_at[pending.seat] = table.stored
                table.request = None
                table.broadcast(None)
                return
            pending.accepted.add(seat)
            await self._settle(table)

    async def _settle(self, table: LiveTable) -> None:
        """Take the moves back once everyone asked has accepted; else tell everyone who is still to answer."""
        pending = table.request
        assert pending is not None
        if not set(pending.asked) <= pending.accepted:
            table.broadcast(None)
            return
        table.request = None
        await self._take_back(table, pending)

    async def _take_back(self, table: LiveTable, pending: TakebackRequest) -> None:
        """Store one take-back row per step from the requester's move on, with the notice; then publish. The clock
        of the seat that was to move, if another than the requester, is charged as after a move (the requester earns
        nothing by asking); the requester's runs."""
        count = len(table.log) - pending.start
        state = museion.load(table.row.game, **table.row.options).new_initial_state()
        for action in table.state.history()[:pending.start]:
            state.apply_action(action)
        now = self.tables.clock()
        clock = self.tables.copy_clock(table)
        if clock is not None:
            following = table.clock_running_for(state)
            if clock.running is not None and clock.running != following:
                clock.moved(clock.running, now)
            clock.run(following, now)
        taken = table.log[pending.start]
        notice: dict[str, Any] = {"n": pending.start, "key": "notice.takeback_agreed",
                                  "args": {"player": pending.seat, "move": taken.notation(None), "count": count}}
        notices = (table.row.notices + [notice])[-MAX_NOTICES:]
        try:
            await self.tables.writer.append(Append(table.id, table.stored, [TAKEBACK] * count, None,
                                                   clock.stored(now) if clock is not None else None, notices))
        except Exception as exc:
            log.exception("storing an agreed take-back of table %s failed", table.id)
            raise TableError("storage", f"the take-back could not be stored ({type(exc).__name__}); nothing "
                                        "changed", 503) from None
        table.stored += count
        table.state, table.clock, table.row.notices = state, clock, notices
        del table.log[pending.start:], table.marks[pending.start:]
        table.broadcast(None)
        self.tables.turn(table)
