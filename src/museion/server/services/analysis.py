"""The analysis service: the coach's judgement of a finished game, computed once in the background
(:mod:`museion.server.services.analyst`), stored, and given back with every move in words."""

from __future__ import annotations

from typing import Any

from museion.core import i18n
from museion.core.record import Record
from museion.server.edge.errors import TableError
from museion.server.services.analyst import Analyst
from museion.server.table import moves
from museion.server.table.live import LiveTable
from museion.server.table.tables import Tables


class Analysis:
    """Analyses of finished tables: the stored ones, and the jobs that compute them."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        config = tables.config
        self.analyst = Analyst(self._store, config.analysis_bot, config.analysis_seconds, config.analysis_queue,
                               config.bot_nice, config.analysis_per_network)

    async def _store(self, table_id: str, data: dict[str, Any]) -> None:
        await self.tables.writer.call(self.tables.store.save_analysis, table_id, data)

    async def analysis(self, table_id: str, start: bool = False, lang: str = i18n.DEFAULT, owner: str = ""
                       ) -> dict[str, Any]:
        """The coach's analysis of a finished table: ``done`` with the analysis (stored: computed once, every move
        in words in ``lang``), else the job's ``status`` and ``progress``; ``start`` queues the job if there is none
        (503 when the queue is full, or when ``owner``, the asking network, has its share waiting)."""
        table = await self.tables.get(table_id)
        if table.over and not table.state.is_terminal():
            raise TableError("not_played_out", "this game ended by a resignation or a claim before its rules ended "
                                               "it; only games played to their end are analysed", 409)
        if not table.state.is_terminal():
            raise TableError("not_finished", "the analysis is available once the game is over", 409)
        job = self.analyst.job(table_id)  # before the read: a job that ends meanwhile leaves the jobs once stored
        stored = await self.tables.writer.read(self.tables.store.load_analysis, table_id)
        if stored is not None:
            return {"status": "done", "analysis": in_words(table, stored, lang)}
        if start and (job is None or job.status == "failed"):
            record = Record.from_state(table.state, table.names(lang), table=table_id)
            job = self.analyst.submit(table_id, record.to_dict(), owner)
            if job is None:
                raise TableError("analysis_busy", "the server is analysing other games; ask again in a minute", 503)
        if job is None:
            return {"status": "none"}
        return {"status": job.status, "progress": job.progress, "error": job.error or None}


def in_words(table: LiveTable, analysis: dict[str, Any], lang: str) -> dict[str, Any]:
    """The stored analysis with each decision's move and best move in words (``text``, ``best_text``) and the
    seats' names, in ``lang``."""
    names = table.names(lang)
    history = table.state.history()
    game = table.state.game
    decisions = []
    for d in analysis["decisions"]:
        state = game.state_from_history(history[:d["n"]])
        decisions.append({**d, "text": moves.in_words(state, d["action"], lang, names),
                          "best_text": moves.in_words(state, d["best"], lang, names)})
    return {**analysis, "players": names, "decisions": decisions}
