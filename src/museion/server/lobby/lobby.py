"""The lobby and the seats: tables created (within the server's caps), joined, left, listed, found again by
the seat tokens a browser holds, and the creator's hand-over of an abandoned seat (to a bot, or a new invitation).

Everything a request names is validated before anything is stored; the lobby lists are read from storage."""

from __future__ import annotations

import contextlib
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

import museion
from museion.core.errors import OptionError
from museion.core.registry import entry
from museion.server.botapi.tokens import bot_accounts
from museion.server.edge.errors import TableError
from museion.server.lobby import fair
from museion.server.lobby.options import load_game, parse_clock
from museion.server.play.timekeeper import Timekeeper
from museion.server.ratings import rules as rated_rules
from museion.server.ratings.store import seat_ratings
from museion.server.storage.rows import Conflict, SeatRow, TableRow, hash_token
from museion.server.table import abandon
from museion.server.table.clocks import ClockState
from museion.server.table.live import LiveTable, resolve_chance
from museion.server.table.seats import DELETED, check_join_seat, clean_name, ending, parse_seat_spec, seats_json
from museion.server.table.tables import Tables


def lobby_entry(row: TableRow) -> dict[str, Any]:
    """A table as the lobby lists it, from its stored row alone."""
    status = row.status if row.status == "finished" else "open" if row.free_seats() else "running"
    return {"id": row.id, "game": row.game, "title": entry(row.game).game_class.title, "options": row.options,
            "num_players": len(row.seats), "seats": seats_json(row), "status": status, "created": row.created,
            "scores": row.scores, "winners": row.winners, "hints": row.hints, "undo": row.undo, "rated": row.rated,
            "accounts_only": row.accounts_only, "ending": ending(row, row.status == "finished")}


class Lobby:
    """Tables and their seats: create, join, leave, list, find again, hand over."""

    def __init__(self, tables: Tables, timekeeper: Timekeeper) -> None:
        self.tables = tables
        self.timekeeper = timekeeper
        self.config = tables.config
        self.admit: Callable[[LiveTable, int, int | None], Awaitable[None]] | None = None
        """A check before a seat is taken (``friends.rules``: seats held for invited friends, blocks)."""

    async def create(self, game_name: Any, options: Any, seats: Any, join: Any = None, name: Any = None,
                     client: str = "", clock: Any = None, hints: bool | None = None, undo: bool = False,
                     account_id: int | None = None, rated: bool = False, network: str | None = None,
                     accounts_only: bool | None = None, account_name: str | None = None
                     ) -> tuple[LiveTable, str | None, str]:
        """Validate everything first (game, options, seats, join seat, clock, limits), then store the new table.
        Returns the table, the seat token (if ``join``) and the creator token (hand seats to bots, re-invite).
        ``hints``: whether seats may ask the coach for hints (default: yes when a bot plays a seat); ``undo``:
        whether a player may take back their own moves within their turn; ``rated``: the game's end changes the
        players' ratings (``ratings/rules.py`` says what such a table refuses); ``accounts_only``: only
        signed-in accounts take seats (default: whether the signed-in creator has blocked anyone; ``fair.py``);
        ``network``: the creator's, kept for a rated table (``fair.seated``); ``account_name``: the signed-in
        creator's username, the name of the seat it takes (``name`` is for guests)."""
        if not isinstance(game_name, str):
            raise TableError("bad_game", f"'game' must be one of {', '.join(museion.available_games())}")
        game = load_game(game_name, options, self.config.tables_dir)
        n = game.num_players()
        if not isinstance(seats, list) or len(seats) != n:
            raise TableError("bad_seats", f"'seats' must list {n} seats for {game.name} with these options "
                                          f"(each 'human' or 'bot:LEVEL'), got {len(seats)}")
        rows = [parse_seat_spec(spec, i, self.config.bots, (game.name, n)) for i, spec in enumerate(seats)]
        spec = parse_clock(clock, self.config.bots, (game.name, n))
        if rated:
            rated_rules.check_creation(game.name, rows, hints, undo, join, account_id)
            hints = False
        token = None
        if join is not None:
            seat = check_join_seat(rows, join, n)
            rows[seat].name = account_name or clean_name(name, seat)
            token = secrets.token_urlsafe(24)
            rows[seat].token_hash, rows[seat].account_id = hash_token(token), account_id
        only = await fair.accounts_only(self.tables, accounts_only, account_id)
        if join is not None:
            await self._seat_allowed(rows[join].name, account_id, only)
        creator = hash_token(client)
        await self._check_caps(creator)
        state = game.new_initial_state()
        resolve_chance(state)
        now = time.time()
        creator_token = secrets.token_urlsafe(24)
        row = TableRow(secrets.token_urlsafe(6), game.name, game.options_json(), "running", now, rows,
                       state.history(), creator=creator, creator_key=hash_token(creator_token),
                       hints=any(s.kind == "bot" for s in rows) if hints is None else bool(hints), undo=bool(undo),
                       rated=bool(rated), accounts_only=only)
        row.started = None if row.free_seats() else now
        if spec.timed:
            row.clock, row.clock_state = spec.to_json(), ClockState.new(spec, n).stored(0.0)
        await self.tables.writer.call(self.tables.store.create_table, row)
        table = self.tables.live(row)
        if token is not None and row.started is None:
            await fair.seated(self.tables, table, join, network, False)
        await self.rate_seats(table)
        self.tables.lobby_version += 1
        if any(s.kind == "bot" for s in rows) or spec.timed:  # bots play and clocks run; other tables load later
            self.tables.tables[row.id] = table
            await self.tables.claim(table)
            self.tables.turn(table)
        return table, token, creator_token

    async def _check_caps(self, creator: str) -> None:
        total = await self.tables.writer.read(self.tables.store.count_unfinished)
        if total >= self.config.max_tables and not await self._fair_room(creator):
            raise TableError("server_full", f"this server has {total} unfinished tables, its limit; join an open "
                                            "table or try again later", 503, {"key": "web.code.server_full",
                                                                              "args": {"total": total}})
        mine = await self.tables.writer.read(self.tables.store.count_unfinished, creator)
        if mine >= self.config.max_tables_per_client:
            raise TableError("too_many_tables", f"you have {mine} unfinished tables, the limit per player; finish "
                                                "one or wait until an open one expires", 429,
                             {"key": "web.code.too_many_tables", "args": {"mine": mine}})

    async def _fair_room(self, creator: str) -> bool:
        """On a full server, room for a network below its fair share (``max_tables`` divided by the networks
        holding tables): the network holding the most gives up its table where a move was made longest ago."""
        counts = await self.tables.writer.read(self.tables.store.creators)
        share = max(1, self.config.max_tables // len(counts.keys() | {creator}))
        largest = max(counts, key=lambda c: counts[c], default=creator)
        if counts.get(creator, 0) >= share or largest == creator:
            return False
        freed = await self.tables.writer.call(self.tables.store.expire_stalest, largest)
        self.tables.expired([freed] if freed else [], "max_tables (fair share)",
                            "the server was full and this network held more than its share of tables: the one "
                            "where a move was made longest ago has expired")
        return freed is not None

    async def _seat_allowed(self, name: str | None, account_id: int | None, accounts_only: bool) -> None:
        """A guest at an accounts-only table, or a name that is another account's: refused (``fair.py``)."""
        if accounts_only and account_id is None:
            raise fair.ACCOUNTS_ONLY
        await fair.check_name(self.tables, name, account_id)

    async def join(self, table_id: str, seat: Any, name: Any, account_id: int | None = None,
                   network: str | None = None, account_name: str | None = None) -> str:
        """Take a free seat: its token; ``account_id``: a signed-in player's, to whom the seat is bound, named
        ``account_name`` (its username: players know whom they play); ``network``: where they join from (a rated
        table: ``fair.seated``)."""
        table = await self.tables.get(table_id)
        if table.over:
            raise TableError("game_over", "the game is over; watch its replay instead", 409)
        seat = check_join_seat(table.row.seats, seat, len(table.row.seats))
        rated_rules.check_join(table.row, account_id)
        clean = account_name or clean_name(name, seat, [s.name for s in table.row.seats if s.seat != seat])
        await self._seat_allowed(clean, account_id, table.row.accounts_only)
        if self.admit is not None:
            await self.admit(table, seat, account_id)
        token = secrets.token_urlsafe(24)
        digest = hash_token(token)
        full = table.row.started is None and table.row.free_seats() == [seat]
        started = time.time() if full else None
        try:
            await self.tables.writer.call(self.tables.store.set_seat, table_id, seat, clean, digest, started,
                                          account_id)
        except Conflict:  # another server process gave the seat away first
            await self.tables.catch_up(table_id)
            raise TableError("seat_taken", f"seat {seat} was taken meanwhile", 409) from None
        row = table.row.seats[seat]
        row.name, row.token_hash, row.account_id = clean, digest, account_id
        table.row.started = table.row.started or started
        table.touched = max(table.touched, started or 0.0)  # full now: the first seat to move waits from here
        if account_id is not None:
            await fair.seated(self.tables, table, seat, network, full)
            await self.rate_seats(table)
        self.tables.run_clock(table)
        self.tables.seats_changed(table)
        await self.timekeeper.returned(table, seat)  # a re-invited seat: the new player takes it from the stand-in
        return token

    async def rate_seats(self, table: LiveTable) -> None:
        """Which seats bot accounts hold (shown as bots) and, at a rated table, the ratings of the accounts seated
        (shown beside their names): a read each."""
        held = [s.account_id for s in table.row.seats if s.account_id is not None]
        if held:
            bots = await self.tables.writer.read(bot_accounts, self.tables.store.engine, held)
            table.bot_seats = frozenset(s.seat for s in table.row.seats if s.account_id in bots)
        if table.row.rated:
            accounts = {s.seat: s.account_id for s in table.row.seats if s.account_id is not None}
            table.seat_ratings = await self.tables.writer.read(seat_ratings, self.tables.store.engine,
                                                               table.row.game, len(table.row.seats), accounts)

    async def leave(self, table_id: str, token: Any, account_id: int | None = None) -> int:
        table = await self.tables.get(table_id)
        seat = table.seat_of(token) if isinstance(token, str) else None
        if seat is None:
            raise TableError("bad_token", "this token holds no seat at this table", 403)
        check_account(table.row.seats[seat], account_id)
        rated_rules.check_seat_change(table.row, "leaving")
        await self.tables.writer.call(self.tables.store.set_seat, table_id, seat, None, None)
        row = table.row.seats[seat]
        row.name, row.token_hash, row.account_id = None, None, None
        table.drop_seat(seat)
        self.tables.seats_changed(table)
        return seat

    async def listing(self, status: str | None, limit: int, offset: int) -> dict[str, Any]:
        """One page of each lobby list (or of ``status`` only), read from storage."""
        out: dict[str, Any] = {"limit": limit, "offset": offset, "total": {}}
        for name in ("open", "running", "finished"):
            rows, total = ([], 0) if status not in (None, name) else await self.tables.writer.read(
                self.tables.store.lobby, name, limit, offset)
            out[name] = [lobby_entry(row) for row in rows]
            out["total"][name] = total
        return out

    async def my_tables(self, held: list[tuple[str, str]], account_id: int | None = None) -> list[dict[str, Any]]:
        """For each (table, seat token) a browser holds, and each seat bound to ``account_id`` (a signed-in
        player's, on any device): the table, the seat, whose turn it is and the clocks; ``error`` instead when
        the table is gone or the token no longer holds a seat."""
        out, seen = [], set()
        for table_id, token in held:
            try:
                table = await self.tables.get(table_id)
            except TableError as exc:
                out.append({"table": table_id, "error": exc.code})
                continue
            seat = table.seat_of(token)
            if seat is None or not _may_play(table.row.seats[seat], account_id):
                out.append({"table": table_id, "error": "bad_token" if seat is None else "seat_bound"})
                continue
            seen.add((table_id, seat))
            out.append(_mine(table, seat, account_id))
        if account_id is not None:
            bound = await self.tables.writer.read(self.tables.store.account_seats, account_id, MAX_ACCOUNT_SEATS)
            for table_id, seat in bound:
                if (table_id, seat) not in seen:
                    with contextlib.suppress(TableError):
                        out.append(_mine(await self.tables.get(table_id), seat, account_id))
        return out

    async def attach(self, account_id: int, held: list[tuple[str, str]]) -> int:
        """Bind to the account every guest seat whose token the browser sent (at sign-in and sign-up); a seat
        already bound to another account stays its. How many seats were bound."""
        bound = 0
        for table_id, token in held:
            try:
                table = await self.tables.get(table_id)
            except TableError:
                continue
            seat = table.seat_of(token)
            if seat is None or table.row.seats[seat].account_id is not None:
                continue
            await self.tables.writer.call(self.tables.store.update, table_id, {}, {seat: {"account_id": account_id}})
            table.row.seats[seat].account_id = account_id
            bound += 1
        return bound

    async def account_seat(self, table_id: str, account_id: int) -> int | None:
        """The seat of ``table_id`` bound to the account, or None."""
        table = await self.tables.get(table_id)
        return next((row.seat for row in table.row.seats
                     if row.account_id == account_id and row.token_hash is not None), None)

    def forget_account(self, account_id: int) -> None:
        """A deleted account's seats in memory, as the store left them: "deleted player", bound to nobody."""
        for table in self.tables.tables.values():
            for row in table.row.seats:
                if row.account_id == account_id:
                    row.name, row.account_id = DELETED, None

    # -- the creator's actions ---------------------------------------------------------------------------
    async def _creator_seat(self, table_id: str, seat: int, creator_token: Any) -> LiveTable:
        """The table, if ``creator_token`` is its creator's and ``seat`` a human seat its player abandoned by a
        rule they could see coming (``abandon.py``)."""
        table = await self.tables.get(table_id)
        key = table.row.creator_key
        if not isinstance(creator_token, str) or key is None or not secrets.compare_digest(
                hash_token(creator_token), key):
            raise TableError("not_creator", "only the creator token of this table (given when it was created) may "
                                            "do this", 403)
        if table.over:
            raise TableError("game_over", "the game is over", 409)
        if not 0 <= seat < len(table.row.seats):
            raise TableError("bad_seat", f"seat must be 0..{len(table.row.seats) - 1}")
        row = table.row.seats[seat]
        if row.kind != "human":
            raise TableError("seat_is_bot", f"seat {seat} is played by the {row.bot} bot", 409)
        clocked, to_move = table.clock is not None, table.state.current_player()
        why = abandon.refusal(row, clocked, to_move, table.touched, time.time(), self.config.seat_absence)
        if why is not None:
            raise TableError("seat_active", why, 409)
        return table

    async def hand_to_bot(self, table_id: str, seat: int, creator_token: Any, bot: Any) -> str:
        """The creator gives an abandoned seat to a bot for good (its seat token stops working)."""
        table = await self._creator_seat(table_id, seat, creator_token)
        try:
            level = self.config.bots.check(str(bot or "easy"), (table.row.game, len(table.row.seats)))
        except (ValueError, OptionError) as exc:
            raise TableError("bad_seat", str(exc)) from None
        account = table.row.seats[seat].account_id if table.row.rated else None  # rated: the seat's player loses
        async with table.lock:
            values = {"kind": "bot", "bot": level, "token_hash": None, "standin": None, "account_id": account}
            await self.tables.store_event(table, table.clock, "notice.handed", seat, values, bot=level)
            row = table.row.seats[seat]
            row.kind, row.bot, row.token_hash, row.standin, row.account_id = "bot", level, None, None, account
            await self._full_now(table)
            table.drop_seat(seat)
            self.tables.run_clock(table)
            self.tables.seats_changed(table)
            self.tables.turn(table)
        return level

    async def reinvite(self, table_id: str, seat: int, creator_token: Any) -> None:
        """The creator frees an abandoned seat for someone new: its old token stops working; a bot standing in
        keeps playing until the new player joins."""
        table = await self._creator_seat(table_id, seat, creator_token)
        rated_rules.check_seat_change(table.row, "a re-invitation")
        async with table.lock:
            await self.tables.store_event(table, None, "notice.reinvited", seat,
                                          {"token_hash": None, "name": None, "account_id": None})
            row = table.row.seats[seat]
            row.token_hash, row.name, row.account_id = None, None, None
            table.drop_seat(seat)
            self.tables.run_clock(table)
            self.tables.seats_changed(table)

    async def _full_now(self, table: LiveTable) -> None:
        """Mark the table started once no seat is free any more (a creator's bot filled the last one)."""
        if table.row.started is None and not table.row.free_seats():
            table.row.started = time.time()
            await self.tables.writer.call(self.tables.store.update, table.id, {"started": table.row.started}, {})


MAX_ACCOUNT_SEATS = 50
"""My tables lists at most this many of an account's seats (as many as a browser may send tokens for)."""


def _may_play(row: SeatRow, account_id: int | None) -> bool:
    """A seat bound to an account is played only by a session of that account (a stolen token alone is not)."""
    return row.account_id is None or row.account_id == account_id


def check_account(row: SeatRow, account_id: int | None) -> None:
    if not _may_play(row, account_id):
        raise TableError("seat_bound", "this seat belongs to an account: sign in with it to play the seat", 403,
                         {"key": "web.code.seat_bound", "args": {}})


def _mine(table: LiveTable, seat: int, account_id: int | None) -> dict[str, Any]:
    info = table.summary()
    your_turn = info["to_move"] == seat and info["status"] != "finished" and not table.row.seats[seat].plays_bot
    bound = account_id is not None and table.row.seats[seat].account_id == account_id
    return {**info, "table": table.id, "seat": seat, "your_turn": your_turn, "account": bound}
