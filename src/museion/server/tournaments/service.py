"""The tournaments' background loop: every ``TICK`` seconds each process records the results of the tournaments'
ended tables and starts what is due (a round at ``starts`` and when the last game of a round has ended; arena
tables for whoever is free). It runs beside the web server as one asyncio task whose database calls go through the
server's reader and writer threads, so it never holds a request; with several processes the conditional updates of
``store.claim`` and ``store.finish`` let exactly one of them start each round. A claim expires (``store.CLAIM``):
a process that died after claiming a round and before writing its tables leaves the round to another process
(``store.take_over``), and a process slower than its claim writes nothing (``store.add_games``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from fastapi import FastAPI
from sqlalchemy.exc import OperationalError

from museion.server.edge.errors import TableError
from museion.server.storage.feature import FeatureStore
from museion.server.stream import publish
from museion.server.tournaments import pairing, store

log = logging.getLogger("museion.tournaments")
TICK = 1.0
"""Seconds between two looks at the tournaments due."""


class Tournaments(FeatureStore):
    """The loop of one server process and the calls the routes share with it."""

    def __init__(self, app: FastAPI) -> None:
        super().__init__(app)
        self.task: asyncio.Task[None] | None = None
        self.ticks = 0

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._loop())

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def _loop(self) -> None:
        while True:
            try:
                await self.tick()
            except OperationalError as exc:  # the database went away: try again next tick
                log.warning("tournaments: the database is unavailable (%s); again in %.0f s", type(exc).__name__, TICK)
            except Exception:  # a bug: said with its traceback, and the loop goes on
                log.exception("tournament round failed")
            self.ticks += 1
            await asyncio.sleep(TICK)

    async def tick(self) -> None:
        for tid in await self.read(store.due, time.time()):
            await self.advance(tid)

    async def advance(self, tid: str) -> None:
        """Record the ended games of one tournament, then start or finish what is due."""
        await self.write(store.record, tid)
        found = await self.read(store.get, tid)
        row = found["row"]
        if row.format == "arena":
            await self._arena(row, found)
        else:
            await self._rounds(row, found)

    async def _rounds(self, row: Any, found: dict[str, Any]) -> None:
        games = store.played(found["games"])
        if row.claimed is not None:  # the round is being made, or its maker died: take it over once expired
            now = time.time()
            lease = await self.write(store.take_over, row.id, row.round, now) if row.claimed < now else None
            if lease is not None:
                log.warning("tournament %s: round %d taken over (its claim expired without tables)", row.id, row.round)
                await self._start_round(row, found, games, row.round, lease)
            return
        if any(g.points is None for g in games):
            return  # a game of the round is still being played
        if row.status == "running" and row.round >= row.rounds:
            await self.write(store.finish, row.id, row.round)
            return
        lease = await self.write(store.claim, row.id, row.round, "running")
        if lease is None:
            return  # another process started this round
        await self._start_round(row, found, games, row.round + 1, lease)

    async def _start_round(self, row: Any, found: dict[str, Any], games: list[pairing.Played], number: int,
                           lease: float) -> None:
        ranked, absent = await self._entrants(row, found, games)
        if row.format == "swiss":
            made = pairing.swiss(ranked, number)
            if made is None:  # every pairing would be a rematch: the Swiss is over
                await self.write(store.finish, row.id, number)
                return
        else:
            made = pairing.groups(ranked, row.players)
        rows = [{"kind": pairing.ABSENT, "accounts": [a], "points": [0.0]} for a in absent]
        rows += [{"kind": pairing.BYE, "accounts": [a], "points": [pairing.bye_points(row.format, row.players)]}
                 for a in made.byes]
        rows += await self._tables(row, found, made.tables, number)
        if not await self.write(store.add_games, row.id, number, rows, lease):
            log.warning("tournament %s: round %d was taken over by another process; its tables are left",
                        row.id, number)
            return
        await self._tell(row.id, number, rows)
        log.info("tournament %s: round %d, %d tables", row.id, number, len(made.tables))

    async def _entrants(self, row: Any, found: dict[str, Any], games: list[pairing.Played]
                        ) -> tuple[list[pairing.Standing], list[int]]:
        """The standings of the players still in and present, and those absent (they lose the round)."""
        numbers = {p.account_id: p.number for p in found["players"]}
        active = [p.account_id for p in found["players"] if not p.withdrawn]
        here = await self.read(store.present, active, time.time())
        ranked = [s for s in pairing.standings(row.format, row.players, numbers, games) if s.account_id in here]
        return ranked, [a for a in active if a not in here]

    async def _arena(self, row: Any, found: dict[str, Any]) -> None:
        games = store.played(found["games"])
        now = time.time()
        if row.status == "running" and now >= row.ends:
            if not any(g.points is None for g in games):
                await self.write(store.finish, row.id, row.round)
            return
        ranked, _absent = await self._entrants(row, found, games)
        free = [s for s in ranked if not s.playing]
        if len(free) < row.players and row.status == "running":
            return
        ends = row.starts + row.rounds * 60.0 if row.status == "waiting" else None
        lease = await self.write(store.claim, row.id, row.round, "running", ends)
        if lease is None:
            return
        rows = await self._tables(row, found, pairing.arena(free, row.players), row.round + 1)
        if await self.write(store.add_games, row.id, row.round + 1, rows, lease):
            await self._tell(row.id, row.round + 1, rows)

    async def _tables(self, row: Any, found: dict[str, Any], tables: list[tuple[int, ...]], number: int
                      ) -> list[dict[str, Any]]:
        """Seat each table's players (bound to their accounts) at a new table of the lobby, so that every rule of
        a table holds; a table the lobby refuses (a full server, a block) is left out and logged."""
        players = {p.account_id: p for p in found["players"]}
        made = []
        for n, accounts in enumerate(tables):
            try:
                table_id = await self._table(row, [players[a] for a in accounts], number, n)
            except TableError as exc:
                log.warning("tournament %s: a table could not be made: %s", row.id, exc.code)
                continue
            made.append({"kind": pairing.GAME, "accounts": list(accounts), "table_id": table_id})
        return made

    async def _table(self, row: Any, seated: list[Any], number: int, n: int) -> str:
        manager = self.app.state.manager
        table, _token, _creator = await manager.lobby.create(
            row.game, row.options, ["human"] * len(seated), None, None, f"tournament:{row.id}:{number}:{n}",
            row.clock, None, False, None, rated=bool(row.rated), accounts_only=True)
        for seat, player in enumerate(seated):
            await manager.lobby.join(table.id, seat, None, player.account_id, player.network, player.username)
        return str(table.id)

    async def _tell(self, tid: str, number: int, rows: list[dict[str, Any]]) -> None:
        """Each player's event on their stream (``stream.publish``): the round started, with what they play; a
        seated player also a ``tableStart`` (a bot account's client sits down and plays)."""
        for made in rows:
            for seat, account in enumerate(made["accounts"]):
                event = {"type": "tournamentRound", "tournament": tid, "round": number, "kind": made["kind"],
                         "table": made.get("table_id")}
                await self.write(publish, account, event)
                if made["kind"] == pairing.GAME:
                    await self.write(publish, account, {"type": "tableStart", "table": made["table_id"],
                                                        "seat": seat, "tournament": tid, "round": number})
