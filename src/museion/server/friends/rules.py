"""Where friends meet the tables: who may take a seat (a seat held for an invited friend; blocks), inviting a
friend to a seat and taking or declining that seat, and whose chat lines a player is not sent.

Installed into the rooms when the server starts (``friends.attach``): ``Lobby.admit`` and ``Chat.hidden`` call
this module; without it (the rooms' own tests) every seat is open to anyone and every line reaches every reader."""

from __future__ import annotations

import asyncio
from typing import Any

from museion.server.edge.errors import TableError
from museion.server.friends.store import FriendStore, Player, blocked_at_table
from museion.server.storage.rows import SeatRow
from museion.server.table.live import LiveTable
from museion.server.table.seats import check_join_seat

GONE = ("seat_taken", "seat_is_bot", "game_over", "not_found")
"""Why taking an invited seat can fail for good: the invitation is then dropped."""


def seated_accounts(seats: list[SeatRow], but: int | None = None) -> dict[int, int]:
    """seat -> account of the seats taken by a signed-in player (``but`` left out)."""
    return {s.seat: s.account_id for s in seats
            if s.account_id is not None and s.token_hash is not None and s.seat != but}


class Rules:
    def __init__(self, store: FriendStore, manager: Any) -> None:
        self.store, self.manager = store, manager

    async def db(self, fn: Any, *args: Any) -> Any:
        return await asyncio.to_thread(fn, *args)

    async def admit(self, table: LiveTable, seat: int, account_id: int | None) -> None:
        """Before a seat is taken (``Lobby.join``): a seat held for an invited account is that account's; a
        player with a block between them and a seated player (either way) sits elsewhere. One read or two."""
        held = await self.db(self.store.held_for, table.id, seat)
        if held is not None and held != account_id:
            raise TableError("seat_held", f"seat {seat} is held for an invited player; choose another seat", 409,
                             {"key": "web.code.seat_held", "args": {"n": seat + 1}})
        seated = list(seated_accounts(table.row.seats).values())
        if account_id is not None and seated and await self.db(self.store.blocked_between, account_id, seated):
            raise blocked_at_table()

    async def hidden(self, table: LiveTable, seat: int | None) -> set[int]:
        """The seats whose players and the player of ``seat`` have a block between them (either way): the
        chat lines one writes are not sent to the other. One read, only when both are signed in."""
        row = None if seat is None else table.row.seats[seat]
        others = seated_accounts(table.row.seats, seat)
        if row is None or row.account_id is None or not others:
            return set()
        blocked = await self.db(self.store.blocked_between, row.account_id, list(others.values()))
        return {s for s, account in others.items() if account in blocked}

    async def invite(self, me: int, table_id: str, seat: int, username: str) -> Player:
        """Hold a free seat for a friend: only a player seated at the table with their account may."""
        table = await self.manager.live.get(table_id)
        if table.over:
            raise TableError("game_over", "the game is over", 409)
        if me not in seated_accounts(table.row.seats).values():
            raise TableError("not_seated", "only a player seated at this table (signed in) may invite to it", 403,
                             {"key": "web.code.not_seated", "args": {}})
        check_join_seat(table.row.seats, seat, len(table.row.seats))
        seated = [s.account_id for s in table.row.seats if s.token_hash is not None]
        return await self.db(self.store.invite, me, table_id, seat, username, seated)  # type: ignore[no-any-return]

    async def take(self, me: int, table_id: str, seat: int, name: str | None, network: str | None = None) -> str:
        """Take the seat held for ``me``: its seat token (the seat is bound to the account); ``network``: where
        from (a rated table: ``fair.seated``)."""
        await self.db(self.store.invitation, me, table_id, seat)
        try:
            token = await self.manager.lobby.join(table_id, seat, name, me, network)
        except TableError as exc:
            if exc.code in GONE:
                await self.db(self.store.drop_invitation, me, table_id, seat)
            raise
        await self.db(self.store.drop_invitation, me, table_id, seat)
        return token  # type: ignore[no-any-return]
