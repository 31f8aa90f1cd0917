"""Live tables: the true state of each running game in memory, move validation, chance, bots and broadcasting.

A table is a game name + options + seats + the list of actions; the state in memory is the replay of that
list. A move is validated, applied to a copy, followed by the chance outcomes it triggers (drawn with
``secrets.SystemRandom``), committed to the database, and only then made current and broadcast; anything that
fails on the way leaves the table unchanged. Each seat receives ``view(seat)`` and, on its turn, its legal moves;
spectators receive ``view(None)``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Iterable
from concurrent.futures import BrokenExecutor, Executor
from dataclasses import dataclass, field
from typing import Any

import museion
from museion.bots import bot_names, make_bot
from museion.core.errors import IllegalActionError, OptionError
from museion.core.game import State
from museion.core.play import sample_chance
from museion.core.record import Record
from museion.core.registry import entry
from museion.server import worker
from museion.server.storage import Append, BatchWriter, SeatRow, Store, TableRow, dumps, hash_token

log = logging.getLogger("museion.server")
RNG = secrets.SystemRandom()
MAX_NAME = 40
MAX_BACKLOG = 64
"""Unsent messages a client may accumulate before they are replaced by one full state."""


class TableError(Exception):
    """A request that cannot be honoured; ``code`` is machine-readable, the message says what is allowed."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


def secret_outcome(state: State) -> bool:
    """Whether the chance outcome that led to ``state`` may be hidden from some player.

    The contract has no "public notation", but ``determined_for(player)`` says whether ``resample(player)`` could
    re-draw anything ``player`` cannot see: if so for some player, the outcome's notation (a card drawn face
    down...) is masked in the log until the game is over. (Trying a few resamples instead let a face-down card
    through whenever they happened to draw its true value.) Games without hidden state are determined for every
    player, so their chance steps (Tholos ornaments, Imhotep cards) are shown."""
    return not all(state.determined_for(player) for player in range(state.game.num_players()))


def resolve_chance(state: State) -> None:
    """Play chance nodes with the secure RNG until a player (or the end) is to act; in place."""
    while state.is_chance_node():
        state.apply_action(sample_chance(state, RNG))


class Conn:
    """One WebSocket client: its seat (``None`` = spectator) and an ordered outbox so a slow client stalls
    nobody but itself."""

    def __init__(self, send: Any, seat: int | None) -> None:
        self.send = send
        self.seat = seat
        self.seq = -1  # the last sequence number this client was sent
        self.outbox: asyncio.Queue[str] = asyncio.Queue()
        self.task = asyncio.get_running_loop().create_task(self._pump())

    def put(self, text: str) -> None:
        self.outbox.put_nowait(text)

    async def _pump(self) -> None:
        while True:
            text = await self.outbox.get()
            try:
                await self.send(text)
            except Exception:  # noqa: BLE001 - a closed socket: the reader side unregisters the client
                return

    def close(self) -> None:
        self.task.cancel()


@dataclass
class LiveTable:
    row: TableRow
    state: State
    log: list[dict[str, Any]]
    """One entry per action: ``n`` sequence number, ``p`` player (None: chance), ``t`` notation, ``s`` secret."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def seq(self) -> int:
        return self.state.move_number()

    def seat_of(self, token: str) -> int | None:
        digest = hash_token(token)
        for s in self.row.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                return s.seat
        return None

    def status(self) -> str:
        if self.state.is_terminal():
            return "finished"
        free = any(s.kind == "human" and s.token_hash is None for s in self.row.seats)
        return "open" if free else "running"

    # -- messages ----------------------------------------------------------------------------------------
    def seats_json(self) -> list[dict[str, Any]]:
        return [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name or _default_name(s),
                 "taken": s.kind == "bot" or s.token_hash is not None} for s in self.row.seats]

    def summary(self) -> dict[str, Any]:
        state = self.state
        to_move = state.current_player()
        return {
            "id": self.id, "game": self.row.game, "title": state.game.title, "options": self.row.options,
            "num_players": state.game.num_players(), "seats": self.seats_json(), "status": self.status(),
            "moves": self.seq, "to_move": to_move if to_move >= 0 else None, "created": self.row.created,
            "scores": state.scores() if state.is_terminal() else None,
            "winners": state.winners() if state.is_terminal() else None,
        }

    def state_message(self, seat: int | None, since: int | None) -> dict[str, Any]:
        """What ``seat`` sees now; the log in full (``since`` None: a resync) or from entry ``since`` on."""
        state = self.state
        to_move = state.current_player()
        over = state.is_terminal()
        legal = []
        if seat is not None and to_move == seat:
            legal = [[a, state.action_to_string(a)] for a in state.legal_actions()]
        entries = [_public(e, over) for e in (self.log if since is None else self.log[since:])]
        return {
            "type": "state", "table": self.id, "game": self.row.game, "seq": self.seq, "seat": seat,
            "full": since is None, "status": self.status(), "to_move": to_move if to_move >= 0 else None,
            "view": state.view(seat), "legal": legal, "log": entries, "log_from": 0 if since is None else since,
            "scores": state.scores() if over else None,
            "winners": state.winners() if over else None, "seats": self.seats_json(),
        }

    def register(self, conn: Conn) -> None:
        self.conns.add(conn)
        conn.put(dumps(self.state_message(conn.seat, None)))
        conn.seq = self.seq

    def broadcast(self, since: int | None) -> None:
        """Send each client its own view; texts are built once per seat."""
        cache: dict[tuple[int | None, bool], str] = {}
        for conn in list(self.conns):
            full = since is None or conn.seq != since
            if conn.outbox.qsize() > MAX_BACKLOG:  # a client that does not read: drop its backlog, send one state
                while not conn.outbox.empty():
                    conn.outbox.get_nowait()
                full = True
            key = (conn.seat, full)
            if key not in cache:
                cache[key] = dumps(self.state_message(conn.seat, None if full else since))
            conn.put(cache[key])
            conn.seq = self.seq



def advance(state: State, actions: Iterable[int], chance: bool = False) -> list[dict[str, Any]]:
    """Apply ``actions`` (then, with ``chance``, the chance outcomes that follow) to ``state`` in place and
    return their log entries; a chance outcome that some player cannot see is marked secret."""
    out = []

    def step(action: int) -> None:
        player = state.current_player()
        text = state.action_to_string(action)
        state.apply_action(action)
        secret = player < 0 and secret_outcome(state)
        out.append({"n": state.move_number() - 1, "p": player if player >= 0 else None, "t": text, "s": secret})

    for action in actions:
        step(action)
    while chance and state.is_chance_node():
        step(sample_chance(state, RNG))
    return out


def load_game(name: str, options: Any) -> museion.Game:
    """The game configuration from a request's options, or a TableError saying what is allowed."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise TableError("bad_options", "'options' must be an object of option names to values")
    try:
        return museion.load(name, **options)
    except OptionError as exc:
        raise TableError("bad_options", str(exc)) from None


def _public(entry_: dict[str, Any], over: bool) -> dict[str, Any]:
    """A log entry as clients see it: a secret chance outcome has no notation until the game is over."""
    return {"n": entry_["n"], "p": entry_["p"], "t": None if entry_["s"] and not over else entry_["t"]}


def _default_name(seat: SeatRow) -> str:
    return f"{seat.bot} bot" if seat.kind == "bot" else f"Player {seat.seat + 1}"


def parse_seat_spec(spec: Any, seat: int) -> SeatRow:
    """``"human"``, ``"bot:NAME"`` / ``"NAME"`` of a bot, or ``{"kind": "bot", "bot": NAME}``."""
    allowed = f"'human' or 'bot:NAME' with NAME one of {', '.join(bot_names())}"
    if isinstance(spec, dict):
        kind = spec.get("kind")
        spec = "human" if kind == "human" else f"bot:{spec.get('bot')}" if kind == "bot" else None
    if not isinstance(spec, str) or not spec.strip():
        raise TableError("bad_seat", f"seat {seat}: got {spec!r}; allowed: {allowed}")
    text = spec.strip().lower()
    if text == "human":
        return SeatRow(seat, "human")
    name = text.removeprefix("bot:")
    try:
        make_bot(name, 0)
    except OptionError:
        raise TableError("bad_seat", f"seat {seat}: unknown bot {name!r}; allowed: {allowed}") from None
    return SeatRow(seat, "bot", bot=name)


def clean_name(name: Any, seat: int) -> str | None:
    if name is None or name == "":
        return None
    if not isinstance(name, str) or len(name.strip()) > MAX_NAME:
        raise TableError("bad_name", f"a player name is a string of at most {MAX_NAME} characters (seat {seat})")
    return name.strip() or None


class Manager:
    """All live tables of one server, the storage writer and the bot worker pool."""

    def __init__(self, store: Store, pool: Executor | None, bot_delay: float = 0.3,
                 pool_factory: Callable[[], Executor] | None = None) -> None:
        self.store = store
        self.writer = BatchWriter(store)
        self.pool = pool
        self.pool_factory = pool_factory
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}

    async def start(self) -> None:
        """Load every unfinished table (a replay of its stored actions) and let bots that are to move play."""
        self.writer.start()
        rows = await self.writer.call(self.store.load_tables, "running")
        for row in rows:
            try:
                table = self._live(row)
            except Exception as exc:  # noqa: BLE001 - one broken record must not stop the server
                log.error("table %s cannot be replayed: %s", row.id, exc)
                continue
            self.tables[row.id] = table
            if table.state.is_chance_node():  # a stored move whose chance follow-up was never stored: draw it
                await self._commit_chance(table)
            self.schedule_bot(table)
        log.info("resumed %d tables", len(self.tables))

    async def close(self) -> None:
        for table in self.tables.values():
            if table.bot_task:
                table.bot_task.cancel()
            for conn in table.conns:
                conn.close()
        await self.writer.close()

    def _live(self, row: TableRow) -> LiveTable:
        state = museion.load(row.game, **row.options).new_initial_state()
        return LiveTable(row, state, advance(state, row.actions))

    async def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None:
            row = await self.writer.call(self.store.load_table, table_id)
            if row is None:
                raise TableError("not_found", f"no table {table_id!r}", 404)
            table = self.tables.get(table_id) or self._live(row)
            self.tables[table_id] = table
        return table

    # -- lobby -------------------------------------------------------------------------------------------
    async def create(self, game_name: Any, options: Any, seats: Any, join: Any = None, name: Any = None
                     ) -> tuple[LiveTable, str | None]:
        """Validate everything first (game, options, seats, join seat), then store the new table."""
        if not isinstance(game_name, str):
            raise TableError("bad_game", f"'game' must be one of {', '.join(museion.games())}")
        game = load_game(game_name, options)
        n = game.num_players()
        if not isinstance(seats, list) or len(seats) != n:
            raise TableError("bad_seats", f"'seats' must list {n} seats for {game.name} with these options "
                                          f"(each 'human' or 'bot:NAME'), got {seats!r}")
        rows = [parse_seat_spec(spec, i) for i, spec in enumerate(seats)]
        token = None
        if join is not None:
            seat = self._check_join_seat(rows, join, n)
            rows[seat].name = clean_name(name, seat)
            token = secrets.token_urlsafe(24)
            rows[seat].token_hash = hash_token(token)
        state = game.new_initial_state()
        resolve_chance(state)
        table_id = secrets.token_urlsafe(6)
        row = TableRow(table_id, game.name, game.options_json(), "running", time.time(), rows, state.history())
        await self.writer.call(self.store.create_table, row)
        table = self._live(row)
        self.tables[table_id] = table
        self.schedule_bot(table)
        return table, token

    @staticmethod
    def _check_join_seat(rows: list[SeatRow], seat: Any, n: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise TableError("bad_seat", f"seat must be an integer 0..{n - 1}, got {seat!r}")
        if rows[seat].kind != "human":
            raise TableError("seat_is_bot", f"seat {seat} is played by the {rows[seat].bot} bot", 409)
        if rows[seat].token_hash is not None:
            raise TableError("seat_taken", f"seat {seat} is taken; free seats: "
                             f"{[r.seat for r in rows if r.kind == 'human' and r.token_hash is None] or 'none'}",
                             409)
        return seat

    async def join(self, table_id: str, seat: Any, name: Any) -> str:
        table = await self.get(table_id)
        if table.state.is_terminal():
            raise TableError("game_over", "the game is over; watch its replay instead", 409)
        seat = self._check_join_seat(table.row.seats, seat, len(table.row.seats))
        clean = clean_name(name, seat)
        token = secrets.token_urlsafe(24)
        digest = hash_token(token)
        await self.writer.call(self.store.set_seat, table_id, seat, clean, digest)
        table.row.seats[seat].name, table.row.seats[seat].token_hash = clean, digest
        self._seats_changed(table)
        return token

    async def leave(self, table_id: str, token: Any) -> int:
        table = await self.get(table_id)
        seat = table.seat_of(token) if isinstance(token, str) else None
        if seat is None:
            raise TableError("bad_token", "this token holds no seat at this table", 403)
        await self.writer.call(self.store.set_seat, table_id, seat, None, None)
        table.row.seats[seat].name, table.row.seats[seat].token_hash = None, None
        for conn in table.conns:
            if conn.seat == seat:
                conn.seat = None
        self._seats_changed(table)
        return seat

    def _seats_changed(self, table: LiveTable) -> None:
        table.broadcast(None)

    async def listing(self) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {"open": [], "running": [], "finished": []}
        for table in sorted(self.tables.values(), key=lambda t: -t.row.created):
            if not table.state.is_terminal():
                out[table.status()].append(table.summary())
        rows = await self.writer.call(self.store.list_tables, "finished", 50)
        for row in rows:
            out["finished"].append({
                "id": row.id, "game": row.game, "title": entry(row.game).game_class.title, "options": row.options,
                "num_players": len(row.seats), "status": "finished", "created": row.created,
                "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name or _default_name(s),
                           "taken": True} for s in row.seats],
                "scores": row.scores, "winners": row.winners,
            })
        return out

    async def record(self, table_id: str) -> Record:
        table = await self.get(table_id)
        if any(e["s"] for e in table.log) and not table.state.is_terminal():
            raise TableError("hidden", "this game has hidden information: its record is public once it is over",
                             403)
        names = [s["name"] for s in table.seats_json()]
        return Record.from_state(table.state, names, table=table.id)

    async def replay(self, table_id: str) -> dict[str, Any]:
        """Every step of a finished game as the spectator's view, for stepping through in the browser."""
        record = await self.record(table_id)
        table = await self.get(table_id)
        steps = []
        previous: State | None = None
        for action, state in record.states():
            step: dict[str, Any] = {"view": state.view(None), "n": state.move_number()}
            if action is not None and previous is not None:
                player = previous.current_player()
                step["move"] = {"p": player if player >= 0 else None, "t": previous.action_to_string(action)}
            steps.append(step)
            previous = state
        return {"table": table.summary(), "record": record.to_dict(), "steps": steps}

    # -- play --------------------------------------------------------------------------------------------
    async def play(self, table: LiveTable, seat: int | None, seq: int, action: int) -> None:
        """Validate and apply one move for ``seat``; raises :class:`TableError` and changes nothing if refused."""
        async with table.lock:
            state = table.state
            if state.is_terminal():
                raise TableError("game_over", "the game is over; no move is possible")
            if seat is None:
                raise TableError("not_seated", "spectators cannot move: join a free seat to play")
            if seq != table.seq:
                raise TableError("stale", f"your move was made at sequence number {seq} but the game is at "
                                          f"{table.seq}; the current state follows")
            to_move = state.current_player()
            if to_move != seat:
                raise TableError("not_your_turn", f"it is seat {to_move}'s turn, not seat {seat}'s")
            if action not in state.legal_actions():
                try:
                    state.clone().apply_action(action)
                except IllegalActionError as exc:
                    raise TableError("illegal", str(exc)) from None
                raise TableError("illegal", f"illegal action {action}")
            await self._commit(table, [action])

    async def _commit_chance(self, table: LiveTable) -> None:
        async with table.lock:
            await self._commit(table, [])

    async def _commit(self, table: LiveTable, actions: list[int]) -> None:
        """Apply ``actions`` and the chance outcomes that follow to a copy, store them, then publish."""
        start = table.seq
        state = table.state.clone()
        entries = advance(state, actions, chance=True)
        if not entries:
            return
        added = state.history()[start:]
        final = (list(state.scores()), list(state.winners())) if state.is_terminal() else None
        try:
            await self.writer.append(Append(table.id, start, added, final))
        except Exception as exc:
            log.exception("storing a move of table %s failed", table.id)
            raise TableError("storage", f"the move could not be stored ({type(exc).__name__}); nothing changed",
                             503) from None
        table.log.extend(entries)
        table.state = state
        table.broadcast(start)  # one log entry per action: the log index equals the sequence number
        self.schedule_bot(table)
        self.release_if_idle(table)

    def release_if_idle(self, table: LiveTable) -> None:
        """Finished tables nobody watches leave memory (they are reloaded from the database when asked for)."""
        if table.state.is_terminal() and not table.conns:
            self.tables.pop(table.id, None)

    def schedule_bot(self, table: LiveTable) -> None:
        state = table.state
        if state.is_terminal() or state.is_chance_node():
            return
        seat = table.row.seats[state.current_player()]
        if seat.kind != "bot" or (table.bot_task is not None and not table.bot_task.done()):
            return
        table.bot_task = asyncio.get_running_loop().create_task(self._bot_move(table, seat))

    async def _bot_move(self, table: LiveTable, seat: SeatRow) -> None:
        await asyncio.sleep(self.bot_delay)
        seq = table.seq
        state = table.state
        args = (table.row.game, table.row.options, state.history(), seat.bot or "random", RNG.randrange(2**31))
        loop = asyncio.get_running_loop()
        try:
            if self.pool is None:
                action = worker.choose(*args)
            else:
                action = await loop.run_in_executor(self.pool, worker.choose, *args)
        except BrokenExecutor:  # a worker died (killed, out of memory): start a fresh pool and try again
            log.error("the bot worker pool broke; starting a new one")
            if self.pool_factory is not None:
                self.pool = self.pool_factory()
            table.bot_task = None
            self.schedule_bot(table)
            return
        except Exception:  # noqa: BLE001 - a failing bot must not freeze the table: it plays randomly instead
            log.exception("bot %s failed at table %s; playing a random move", seat.bot, table.id)
            action = RNG.choice(state.legal_actions())
        table.bot_task = None
        try:
            await self.play(table, seat.seat, seq, action)
        except TableError as exc:
            log.warning("bot move refused at table %s: %s", table.id, exc)
            self.schedule_bot(table)

    def warm_pool(self) -> None:
        if self.pool is not None:
            with contextlib.suppress(Exception):
                self.pool.submit(worker.warm_up)
