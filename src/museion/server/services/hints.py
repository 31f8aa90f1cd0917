"""The hints service: the coach's best moves for a seat's turn, with their win chances.

A hint passes the same check as a move (:func:`museion.server.play.pipeline.refuse`), is searched in a bot worker
from the asker's information only (one at a time per table), and reaches the page as moves of the one move
shape with their chance (:class:`~museion.server.edge.messages.HintedMove`)."""

from __future__ import annotations

import logging
from typing import Any

from museion.core import i18n
from museion.server.edge.errors import TableError
from museion.server.edge.messages import HintMessage
from museion.server.play.pipeline import refuse
from museion.server.services import worker
from museion.server.table import moves
from museion.server.table.live import RNG, LiveTable
from museion.server.table.tables import Tables

log = logging.getLogger("museion.server")


class Hints:
    """The coach at the live tables."""

    def __init__(self, tables: Tables, pool: worker.BotPool | None) -> None:
        self.tables = tables
        self.config = tables.config
        self.pool = pool

    async def hint(self, table: LiveTable, seat: int | None, seq: int, lang: str = i18n.DEFAULT) -> HintMessage:
        """The coach's best moves for ``seat`` (to move, at sequence ``seq``) with their win chances, in words and
        board keys: computed in a bot worker from ``seat``'s information only, one at a time per table."""
        if not table.row.hints:
            raise TableError("no_hints", "hints are not allowed at this table (its creator chose so)")
        refuse(table, seat, seq, "hint")
        assert seat is not None  # refused otherwise
        if table.hinting:
            raise TableError("hint_busy", "a hint for this table is being computed; wait for it")
        state = table.state
        args: dict[str, Any] = {"game": table.row.game, "options": table.row.options, "history": state.history(),
                                "seat": seat, "bot": self.config.hint_bot, "seed": RNG.randrange(2**31)}
        table.hinting = True
        try:
            found = await self.pool.hint(args) if self.pool is not None else worker.hint(**args)
        except (worker.BotTimeout, worker.BotFailed) as exc:
            log.warning("hint at table %s: %s", table.id, exc)
            raise TableError("hint_failed", "the coach found no hint in time; try again") from None
        finally:
            table.hinting = False
        if table.seq != seq:
            raise TableError("stale", "the game moved on while the hint was computed")
        names = table.names(lang)
        return HintMessage(seq=seq, seat=seat, moves=[moves.hinted_move(state, s.action, s.chance, lang, seat, names,
                                                                        s.tied) for s in found])
