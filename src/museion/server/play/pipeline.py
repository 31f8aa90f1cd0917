"""The move pipeline: validate → store → broadcast.

A move is checked (:func:`refuse`, the same check a hint passes), applied to a copy, followed by the chance
outcomes it triggers (drawn with ``secrets.SystemRandom``), committed to the database, and only then made current
and broadcast; anything that fails on the way leaves the table unchanged."""

from __future__ import annotations

import logging
import time
from typing import Literal

import museion
from museion.core import i18n
from museion.server.edge.errors import TableError
from museion.server.play.timekeeper import Timekeeper
from museion.server.ratings.store import settler
from museion.server.storage.rows import TAKEBACK, Append, Conflict
from museion.server.table import moves
from museion.server.table.live import LiveTable, advance
from museion.server.table.seats import MAX_NOTICES, results
from museion.server.table.tables import Tables

log = logging.getLogger("museion.server")
Asking = Literal["move", "hint", "undo"]
SAYS: dict[str, dict[Asking, str]] = {
    "game_over": {"move": "the game is over; no move is possible", "hint": "the game is over; ask for its analysis "
                                                                           "instead",
                  "undo": "the game is over; no move can be taken back"},
    "not_seated": {"move": "spectators cannot move: join a free seat to play",
                   "hint": "spectators cannot ask for hints: join a free seat to play",
                   "undo": "spectators cannot take moves back"},
    "stale": {"move": "your move was made at sequence number {seq} but the game is at {now}; the current state "
                      "follows",
              "hint": "the hint was asked at sequence number {seq} but the game is at {now}",
              "undo": "the take-back was asked at sequence number {seq} but the game is at {now}"},
    "not_your_turn": {"move": "it is seat {to_move}'s turn, not seat {seat}'s", "hint": "a hint is for your own turn",
                      "undo": "only moves of your own turn can be taken back, and it is seat {to_move}'s turn"},
}
"""What each refusal says, for a move and for a hint."""


def refuse(table: LiveTable, seat: int | None, seq: int, asking: Asking, bot: bool = False) -> None:
    """Raise the refusal if ``seat`` may not act at ``table`` now (a move, or a hint for one): a bot plays the seat
    (unless ``bot``, the bot itself moving), the game is over, a spectator, a stale sequence number, not its turn."""
    state = table.state
    if seat is not None and bool(table.row.seats[seat].plays_bot) != bot:
        raise TableError("bot_plays", f"a bot plays seat {seat} now; open the table with its seat token to take it "
                                      "back")
    to_move = state.current_player()
    code = ("game_over" if table.over else "not_seated" if seat is None else
            "stale" if seq != table.seq else "not_your_turn" if to_move != seat else None)
    if code is not None:
        raise TableError(code, SAYS[code][asking].format(seq=seq, now=table.seq, to_move=to_move, seat=seat))


def undo_refusal(table: LiveTable, seat: int | None, seq: int) -> TableError | None:
    """Why ``seat`` may not take back its last move now (None: it may). Allowed at tables created with ``undo``,
    for the seat to move (never for a bot: ``refuse``), for its own last action of this turn, if no chance step
    followed it and it taught nobody anything hidden (``LiveTable.undo_refusal``)."""
    if not table.row.undo:
        return TableError("undo_not_allowed", "this table does not allow taking moves back (the 'undo' option is "
                                              "chosen when a table is created)", 403)
    try:
        refuse(table, seat, seq, "undo")
    except TableError as exc:
        return exc
    assert seat is not None
    return table.undo_refusal(seat)


class Pipeline:
    """Moves into a table: the check, the store, the broadcast."""

    def __init__(self, tables: Tables, timekeeper: Timekeeper) -> None:
        self.tables = tables
        self.timekeeper = timekeeper

    async def play(self, table: LiveTable, seat: int | None, seq: int, move: int | str, bot: bool = False,
                   lang: str = i18n.DEFAULT) -> None:
        """Validate and apply one move (an action id, or a notation) for ``seat`` (``bot``: by the bot that plays
        it); raises :class:`TableError` and changes nothing if refused (an illegal move's reason in the rules'
        terms, in ``lang``). A seat whose time has run out cannot move: the timeout is applied instead (by the
        process that runs the table's clock). A move another process stored first at this sequence number
        (``Conflict``) is refused as stale, and the table catches up with the database."""
        try:
            await self._play(table, seat, seq, move, bot, lang)
        except Conflict:
            await self.tables.catch_up(table.id)
            raise TableError("stale", "another move was made first; the current state follows") from None

    async def _play(self, table: LiveTable, seat: int | None, seq: int, move: int | str, bot: bool, lang: str
                    ) -> None:
        async with table.lock:
            if self.tables.owns(table.id) and await self.timekeeper.expire(table):
                raise TableError("timeout", "your time ran out before this move arrived; the table log says what "
                                            "happened to your seat")
            refuse(table, seat, seq, "move", bot)
            action = moves.action_of(table.state, move, lang)
            if action not in table.state.legal_actions():
                raise moves.refuse_illegal(table.state, action, lang, table.names(lang))
            await self.commit(table, [action])

    async def undo(self, table: LiveTable, seat: int | None, seq: int) -> None:
        """Take back ``seat``'s last move of its turn (refused with the reason where :func:`undo_refusal` says no).
        The take-back is appended to the table's actions (a :data:`~museion.server.storage.rows.TAKEBACK`
        row) and told in its notices, so the move and its take-back both stay in the record; the seat's clock runs
        on (a move within a turn earned no increment: :meth:`commit`). Every client gets the full state (its log lost an
        entry)."""
        async with table.lock:
            if await self.timekeeper.expire(table):
                raise TableError("timeout", "your time ran out before this take-back arrived")
            refusal = undo_refusal(table, seat, seq)
            if refusal is not None:
                raise refusal
            assert seat is not None
            state = museion.load(table.row.game, **table.row.options).new_initial_state()
            for action in table.state.history()[:-1]:
                state.apply_action(action)
            now = self.tables.clock()
            clock = self.tables.copy_clock(table)  # it runs on for the seat, which is still to move
            taken = table.log[-1]
            notice = {"n": len(table.log) - 1, "key": "notice.takeback",  # the move in words for every language
                      "args": {"player": seat, "move": taken.notation(None),
                               **({"said": taken.said[0].to_json()} if taken.said else {})}}
            notices = (table.row.notices + [notice])[-MAX_NOTICES:]
            try:
                await self.tables.writer.append(Append(table.id, table.stored, [TAKEBACK], None,
                                                       clock.stored(now) if clock is not None else None, notices))
            except Exception as exc:
                log.exception("storing a take-back of table %s failed", table.id)
                raise TableError("storage", f"the take-back could not be stored ({type(exc).__name__}); nothing "
                                            "changed", 503) from None
            table.stored += 1
            table.state, table.clock, table.row.notices = state, clock, notices
            del table.log[-1:], table.marks[-1:]
            table.broadcast(None)
            self.tables.turn(table)

    async def commit_chance(self, table: LiveTable) -> None:
        """Draw the chance outcomes a stored move was never followed by (a table loaded at a chance node)."""
        async with table.lock:
            await self.commit(table, [])

    async def commit(self, table: LiveTable, actions: list[int]) -> None:
        """Apply ``actions`` and the chance outcomes that follow to a copy, store them (with the clocks: when the
        mover's turn is over its clock is charged, earns its increment once and stops, and the next human's starts;
        a move within a turn, a Tholos stone and its column's action, leaves it running), then publish."""
        start = table.seq
        state = table.state.clone()
        mover = table.clock.running if table.clock is not None and actions else None
        marks: list[list[object]] = []
        entries = advance(state, actions, chance=True, marks=marks)
        if not entries:
            return
        final = results(state, table.row.seats)
        now = self.tables.clock()
        clock = self.tables.copy_clock(table)
        if clock is not None:
            following = table.clock_running_for(state)
            # A turn is over when another seat (or nobody) is to move, or when chance was drawn after the move: in
            # all three games chance comes only between rounds, and a round's first turn is a new turn even when
            # the same seat has it (it then earns its increment and its clock starts again).
            if mover is not None and (following != mover or len(entries) > len(actions)):
                clock.moved(mover, now)
            clock.run(following, now)
            clock.dirty = now
        stored = clock.stored(now) if clock is not None else None
        append = Append(table.id, table.stored, state.history()[start:], final, stored,
                        settle=settler(table.row, final) if final is not None and table.row.rated else None)
        try:
            await self.tables.writer.append(append)
        except Conflict:  # the caller catches up (``play``)
            raise
        except Exception as exc:
            log.exception("storing a move of table %s failed", table.id)
            raise TableError("storage", f"the move could not be stored ({type(exc).__name__}); nothing changed",
                             503) from None
        table.stored += len(entries)
        table.log.extend(entries)
        table.marks.extend(marks)
        table.state = state
        table.clock = clock
        table.touched = time.time()
        table.rating_changes = append.settled or {}
        if final is not None:
            self.tables.lobby_version += 1
        table.broadcast(start)  # one log entry per action: the log index equals the sequence number
        self.tables.turn(table)
        self.tables.release_if_idle(table)
