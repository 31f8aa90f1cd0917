"""Live tables: the true state of each running game in memory, move validation, chance, bots and broadcasting.

A table is a game name + options + seats + the list of actions; the state in memory is the replay of that
list. A move is validated, applied to a copy, followed by the chance outcomes it triggers (drawn with
``secrets.SystemRandom``), committed to the database, and only then made current and broadcast; anything that
fails on the way leaves the table unchanged. Each seat receives ``view(seat)`` and, on its turn, its legal moves;
spectators receive ``view(None)``.

The move log holds one :class:`~museion.core.observe.Step` per action: what every seat and a spectator learned
from it, as the game declared (``State.observed_action``, ``State.events``). What a connection receives is built
for its seat (and its language) from those declarations only, so a face-down card's value or an opponent's hidden
victory points never leave the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import dataclasses
import logging
import secrets
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import museion
from museion.core import i18n
from museion.core.errors import OptionError, Reason
from museion.core.game import State
from museion.core.observe import Step, observe_history, observe_step
from museion.core.play import sample_chance
from museion.core.record import Record, observed_record
from museion.core.registry import entry
from museion.server import abandon, names, web_texts, worker
from museion.server.analyst import Analyst
from museion.server.clocks import ClockSpec, ClockState
from museion.server.config import BotPolicy, ServerConfig, short
from museion.server.connection import GOING_AWAY, Conn
from museion.server.finished import replay_of
from museion.server.storage import Append, BatchWriter, SeatRow, Store, TableRow, dumps, hash_token

log = logging.getLogger("museion.server")
LIBC = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6") if sys.platform.startswith("linux") else None
RNG = secrets.SystemRandom()
MAX_NAME = 40
MAX_NOTICES = 200
NOTICES = {
    "notice.timeout_bot": {
        "en": "{player!p} ran out of time: the {bot} bot plays the seat until its player comes back.",
        "es": "{player!p} se ha quedado sin tiempo: el bot {bot} juega el asiento hasta que vuelva.",
    },
    "notice.timeout_forfeit": {
        "en": "{player!p} ran out of time and forfeits (ranked last); the {bot} bot plays the seat to the end.",
        "es": "{player!p} se ha quedado sin tiempo y abandona (queda último); el bot {bot} juega el asiento hasta "
              "el final.",
    },
    "notice.back": {"en": "{player!p} is back and plays again.", "es": "{player!p} ha vuelto y juega de nuevo."},
    "notice.handed": {
        "en": "The table's creator handed {player!p}'s seat to the {bot} bot.",
        "es": "Quien creó la mesa ha cedido el asiento de {player!p} al bot {bot}.",
    },
    "notice.reinvited": {
        "en": "The table's creator issued a new invitation for {player!p}'s seat; the old link no longer works.",
        "es": "Quien creó la mesa ha emitido una nueva invitación para el asiento de {player!p}; el enlace "
              "anterior ya no sirve.",
    },
}
"""What the table log says besides moves (``notices`` in state messages, after move ``n``)."""
i18n.register(NOTICES)


class TableError(Exception):
    """A request that cannot be honoured; ``code`` is machine-readable, the message says (in English) what is
    allowed, and ``reason`` (``{"key", "args"}``, see :data:`museion.core.errors.Reason`) says the same through
    the texts catalogue, so a client says it in its player's language (the lobby, docs/web.md)."""

    def __init__(self, code: str, message: str, status: int = 400, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.reason = reason


def resolve_chance(state: State) -> None:
    """Play chance nodes with the secure RNG until a player (or the end) is to act; in place."""
    while state.is_chance_node():
        state.apply_action(sample_chance(state, RNG))


@dataclass
class LiveTable:
    row: TableRow
    state: State
    log: list[Step]
    """One step per action (the log index is the sequence number): what each observer learned from it."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    used: float = field(default_factory=time.monotonic)
    """When a client last asked for this table (idle unfinished tables leave memory)."""
    clock: ClockState | None = None
    hinting: bool = False
    """A hint for this table is being computed (one at a time per table)."""
    now: Callable[[], float] = time.monotonic
    """The server's monotonic clock (a test's fake one)."""
    touched: float = 0.0
    """When (wall time) the last move was made, or the table started: the seat to move has waited since."""
    flushed: float = 0.0
    """The ``touched`` last stored (the sweep stores newer ones: not a write per move)."""

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
        return "open" if self.row.free_seats() else "running"

    def results(self) -> tuple[list[float], list[int]] | None:
        """Scores and winners once the game is over; a seat that forfeited on time is ranked last: it wins only if
        every seat forfeited."""
        state = self.state
        if not state.is_terminal():
            return None
        return list(state.scores()), forfeit_winners(list(state.scores()), list(state.winners()),
                                                     [s.forfeit for s in self.row.seats])

    def clock_running_for(self, state: State | None = None) -> int | None:
        """The seat whose clock should run at ``state`` (default: now): a human to move (no bot for it) at a table
        whose seats were all taken; None during chance, a bot's turn, an open table or after the end."""
        state = state or self.state
        if self.clock is None or state.is_terminal() or state.is_chance_node() or self.row.started is None:
            return None
        seat = self.row.seats[state.current_player()]
        return None if seat.plays_bot else seat.seat

    def clock_json(self) -> dict[str, Any] | None:
        return None if self.clock is None else self.clock.message(self.now())

    def notices_json(self, lang: str) -> list[dict[str, Any]]:
        names = [s["name"] for s in self.seats_json()]
        return [{**n, "text": i18n.text(n["key"], lang, names, **n["args"])} for n in self.row.notices]

    # -- messages ----------------------------------------------------------------------------------------
    def seats_json(self) -> list[dict[str, Any]]:
        return seats_json(self.row)

    def summary(self) -> dict[str, Any]:
        state = self.state
        to_move = state.current_player()
        return {
            "id": self.id, "game": self.row.game, "title": state.game.title, "options": self.row.options,
            "num_players": state.game.num_players(), "seats": self.seats_json(), "status": self.status(),
            "moves": self.seq, "to_move": to_move if to_move >= 0 else None, "created": self.row.created,
            "scores": state.scores() if state.is_terminal() else None,
            "winners": self.results()[1] if state.is_terminal() else None, "clock": self.clock_json(),
            "hints": self.row.hints,
        }

    def state_message(self, seat: int | None, since: int | None, lang: str = i18n.DEFAULT) -> dict[str, Any]:
        """What ``seat`` sees now, in ``lang``; the log in full (``since`` None: a resync) or from entry ``since``
        on, each entry as ``seat`` learned it (``Step.entry``)."""
        state = self.state
        to_move = state.current_player()
        over = state.is_terminal()
        seats = self.seats_json()
        names = display_names(self.row.seats, lang, self.state.game.seat_colours())
        legal = []
        if seat is not None and to_move == seat:
            legal = [{"id": a, "notation": state.action_to_string(a), "text": state.describe(a, lang, seat, names),
                      "highlights": state.highlights(a)} for a in state.legal_actions()]
        entries = [step.entry(seat, lang, names) for step in (self.log if since is None else self.log[since:])]
        return {
            "type": "state", "table": self.id, "game": self.row.game, "title": state.game.title, "seq": self.seq,
            "seat": seat,
            "full": since is None, "status": self.status(), "to_move": to_move if to_move >= 0 else None,
            "view": state.view(seat), "legal": legal, "log": entries, "log_from": 0 if since is None else since,
            "scores": state.scores() if over else None,
            "winners": self.results()[1] if over else None, "seats": seats, "clock": self.clock_json(),
            "notices": self.notices_json(lang), "hints": self.row.hints,
            "breakdown": [part.to_json(lang, names) for part in state.score_breakdown(seat)] if over else None,
        }

    def record_json(self, lang: str = i18n.DEFAULT) -> dict[str, Any]:
        """The game record as JSON. Once the game is over, or when its game hides nothing, the full record (every
        action id, replayable). While a hidden-information game runs, only what a spectator has learned so far
        (``observed_record``: the log without action ids); each seat has its own log over the WebSocket."""
        names = display_names(self.row.seats, lang, self.state.game.seat_colours())
        state = self.state
        if state.game.hidden_information and not state.is_terminal():
            return observed_record(self.log, state, None, names, lang, table=self.id)
        return Record.from_state(state, names, table=self.id).to_dict()

    def register(self, conn: Conn) -> None:
        conn.render = self._render_full
        self.conns.add(conn)
        conn.want_full()

    def _render_full(self, conn: Conn) -> str:
        """The full state for ``conn``, built when it is sent (so queued resyncs cost nothing)."""
        conn.seq = self.seq
        return dumps(self.state_message(conn.seat, None, conn.lang))

    def broadcast(self, since: int | None) -> None:
        """Send each client its own view: an update from ``since`` on (texts built once per seat and language), or
        the full state to a client that missed something, lags behind or already waits for a full state."""
        cache: dict[tuple[int | None, str], str] = {}
        for conn in list(self.conns):
            if conn.full_pending:
                continue
            if since is None or conn.seq != since or conn.lagging:
                conn.want_full()
                continue
            key = (conn.seat, conn.lang)
            if key not in cache:
                cache[key] = dumps(self.state_message(conn.seat, since, conn.lang))
            conn.put_state(cache[key])
            conn.seq = self.seq



def advance(state: State, actions: Iterable[int], chance: bool = False) -> list[Step]:
    """Apply ``actions`` (then, with ``chance``, the chance outcomes that follow) to ``state`` in place and
    return their steps: what each observer learns from each, as the game declares it."""
    out = []

    def step(action: int) -> None:
        out.append(observe_step(state, action))
        state.apply_action(action)

    for action in actions:
        step(action)
    while chance and state.is_chance_node():
        step(sample_chance(state, RNG))
    return out


def seat_bytes(state: State, seat: int, steps: list[Step] | None = None, lang: str = i18n.DEFAULT) -> bytes:
    """Everything this server would send ``seat`` about a table at ``state`` (for ``museion check``): the full
    state message (view, legal moves, the whole log), the message after the last move, and the REST answers
    (table summary, record). Built by the same code as the live messages, from a table held in memory."""
    game = state.game
    seats = [SeatRow(p, "human", name=f"Player {p + 1}", token_hash="x") for p in range(game.num_players())]
    row = TableRow("check", game.name, game.options_json(), "running", 0.0, seats, state.history())
    table = LiveTable(row, state, observe_history(state) if steps is None else list(steps))
    last = max(table.seq - 1, 0)
    parts = [table.state_message(seat, None, lang), table.state_message(seat, last, lang), table.summary(),
             table.record_json(lang)]
    return "\n".join(dumps(part) for part in parts).encode()


def load_game(name: str, options: Any, files_dir: Path | None = None) -> museion.Game:
    """The game configuration from a request's options, or a TableError saying what is allowed. An option that
    may name a file (``Option.path``, e.g. Pergamon's ``tables``) takes only the name of a JSON file in the
    operator's ``files_dir`` (``museion serve --tables-dir DIR``): a client never makes the server read another
    file, nor sends table data of its own."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise TableError("bad_options", "'options' must be an object of option names to values")
    try:
        declared = entry(name).game_class.OPTIONS
        files = {key: allowed_file(key, value, files_dir) for key, value in options.items()
                 if key in declared and declared[key].path and value is not None}
        return museion.load(name, **{**options, **files})
    except OptionError as exc:
        raise TableError("bad_options", short(str(exc), 400), reason=exc.reason) from None


def allowed_file(key: str, value: Any, files_dir: Path | None) -> str:
    """The path of the file ``value`` names among the ``*.json`` files the operator put in ``files_dir``."""
    if files_dir is None:
        raise TableError("bad_options", f"option {key!r}: this server reads no files for its clients (its "
                                        "operator can offer some with museion serve --tables-dir DIR)")
    names = sorted(p.name for p in files_dir.glob("*.json") if p.is_file())
    if not isinstance(value, str) or value not in names:
        raise TableError("bad_options", f"option {key!r}: got {value!r}; allowed: the name of a file the server "
                                        f"offers: {', '.join(names) or 'none'}")
    return str(files_dir / value)


def _default_name(seat: SeatRow) -> str:
    return f"{seat.bot} bot" if seat.kind == "bot" else f"Player {seat.seat + 1}"


assert web_texts.PAGES  # the seat names' words (web.bot_name, web.level.*) are registered before use


def display_names(seats: list[SeatRow], lang: str, colours: Sequence[str]) -> list[str]:
    """The seats' names as every text says them in ``lang``, the same way as the web page (``seatNames``): a given
    name, else "bot codicioso" / "Jugador 2", with the seat's colour where the game has colours ("random bot
    (white)"); names that are still alike get their seat number, so two bots of one level are told apart."""
    names = []
    for s in seats:
        if s.name and s.name != _default_name(s):
            names.append(s.name)
        elif s.kind == "bot":
            level = i18n.text(f"web.level.{s.bot}", lang) if i18n.template(f"web.level.{s.bot}") else s.bot
            names.append(i18n.text("web.bot_name", lang, level=level))
        else:
            names.append(i18n.text("web.player_n", lang, n=s.seat + 1))
    names = [i18n.text("web.name_colour", lang, name=name, colour=i18n.text(f"web.colour.{colours[k]}", lang))
             if k < len(colours) else name for k, name in enumerate(names)]
    return [i18n.text("web.name_number", lang, name=name, n=k + 1) if names.count(name) > 1 else name
            for k, name in enumerate(names)]


def seat_names(row: TableRow) -> list[str]:
    """Each seat's name: the one given, else "easy bot" / "Player 2"; names that would be alike get the seat
    number ("easy bot 1", "easy bot 2"), so every log line and result tells the players apart."""
    names = [s.name or _default_name(s) for s in row.seats]
    return [f"{name} {i + 1}" if names.count(name) > 1 else name for i, name in enumerate(names)]


def seats_json(row: TableRow) -> list[dict[str, Any]]:
    names = seat_names(row)
    return [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": names[i],
             "taken": s.kind == "bot" or s.token_hash is not None, "standin": s.standin, "forfeit": s.forfeit}
            for i, s in enumerate(row.seats)]


def forfeit_winners(scores: list[float], winners: list[int], forfeit: list[bool]) -> list[int]:
    """The game's winners without the seats that forfeited; if all of them forfeited, the best scores among the
    others; if every seat forfeited, the game's winners."""
    if not any(forfeit):
        return winners
    kept = [w for w in winners if not forfeit[w]]
    if kept:
        return kept
    others = [p for p in range(len(scores)) if not forfeit[p]]
    if not others:
        return winners
    best = max(scores[p] for p in others)
    return [p for p in others if scores[p] == best]


def lobby_entry(row: TableRow) -> dict[str, Any]:
    """A table as the lobby lists it, from its stored row alone."""
    status = row.status if row.status == "finished" else "open" if row.free_seats() else "running"
    return {"id": row.id, "game": row.game, "title": entry(row.game).game_class.title, "options": row.options,
            "num_players": len(row.seats), "seats": seats_json(row), "status": status, "created": row.created,
            "scores": row.scores, "winners": row.winners, "hints": row.hints}


def parse_seat_spec(spec: Any, seat: int, bots: BotPolicy) -> SeatRow:
    """``"human"``, ``"bot:LEVEL"`` / ``"LEVEL"``, or ``{"kind": "bot", "bot": LEVEL}``; other bot specs only where
    the server allows them."""
    if isinstance(spec, dict):
        kind = spec.get("kind")
        spec = "human" if kind == "human" else f"bot:{spec.get('bot')}" if kind == "bot" else None
    if not isinstance(spec, str) or not spec.strip():
        raise TableError("bad_seat", f"seat {seat}: got {short(spec)!r}; allowed: {bots.allowed()}")
    text = spec.strip().lower()
    if text == "human":
        return SeatRow(seat, "human")
    try:
        return SeatRow(seat, "bot", bot=bots.check(text))
    except (ValueError, OptionError) as exc:
        raise TableError("bad_seat", f"seat {seat}: {exc}") from None


CLOCK_LIMITS = {"live": {"base": (10, 3 * 3600), "increment": (0, 600)},
                "turn": {"per_move": (60, 14 * 86400), "base": (0, 30 * 86400)}}
"""Seconds each time control may be set to (live: bank and increment; turn: time per move and reserve)."""


def parse_clock(spec: Any, bots: BotPolicy) -> ClockSpec:
    """The time control of a creation request: None or ``{"mode": "none"}``, ``{"mode": "live", "base": S,
    "increment": S}`` or ``{"mode": "turn", "per_move": S, "base": S}`` (seconds; ``base`` is the reserve), with
    ``on_timeout`` ``bot`` or ``forfeit`` and the ``bot`` level that takes over."""
    if spec is None:
        return ClockSpec()
    if not isinstance(spec, dict) or spec.get("mode", "none") not in ("none", "live", "turn"):
        raise TableError("bad_clock", "'clock' is an object whose 'mode' is none, live or turn")
    mode = spec.get("mode", "none")
    if mode == "none":
        return ClockSpec()
    values: dict[str, float] = {}
    for key, (low, high) in CLOCK_LIMITS[mode].items():
        value = spec.get(key, low)
        if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
            raise TableError("bad_clock", f"a {mode} clock's '{key}' is a number of seconds from {low} to {high}",
                             reason={"key": "web.code.clock_range", "args": {"field": key, "low": low, "high": high}})
        values[key] = float(value)
    on_timeout = spec.get("on_timeout", "bot")
    if on_timeout not in ("bot", "forfeit"):
        raise TableError("bad_clock", "'on_timeout' is bot (a bot plays until the player returns) or forfeit")
    try:
        bot = bots.check(str(spec.get("bot") or "easy"))
    except (ValueError, OptionError) as exc:
        raise TableError("bad_clock", f"the bot that takes over: {exc}") from None
    return ClockSpec(mode, values.get("base", 0.0), values.get("increment", 0.0), values.get("per_move", 0.0),
                     on_timeout, bot)


def clean_name(name: Any, seat: int, others: Sequence[str | None] = ()) -> str | None:
    """The name to store for ``seat`` (``names.clean``: normalised, printable, passing for no other seat)."""
    try:
        return names.clean(name, MAX_NAME, BotPolicy.levels(), [o for o in others if o])
    except names.RefusedName as exc:
        raise TableError(exc.code, f"{exc} (seat {seat})", exc.status, exc.reason) from None


class Manager:
    """All live tables of one server, the storage writer, the bot worker pool and the table limits.

    Tables are loaded lazily: when a client asks for one, its stored actions are replayed. Unfinished tables
    nobody watches leave memory after ``config.idle_release`` seconds, finished ones at once; the lobby is read
    from storage, so it never needs a table in memory."""

    def __init__(self, store: Store, config: ServerConfig, pool: worker.BotPool | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        """The monotonic clock of every time control (tests pass a fake one and call :meth:`tick`)."""
        self.config = config
        self.writer = BatchWriter(store)
        self.pool = pool
        self.tables: dict[str, LiveTable] = {}
        self.lobby_version = 0
        """Changes whenever a lobby list may have changed (tables created, seats taken or freed, games over)."""
        self.sweeper: asyncio.Task[None] | None = None
        self.ticker: asyncio.Task[None] | None = None
        self.analyst = Analyst(self._store_analysis, config.analysis_bot, config.analysis_seconds,
                               config.analysis_queue, config.bot_nice, config.analysis_per_network)

    async def start(self, tick: bool = True) -> None:
        """Start storage, bots and upkeep; load every unfinished table with a clock so that its clock runs again
        (paused while the server was down). ``tick``: run the clock loop (tests call :meth:`tick` themselves)."""
        self.writer.start()
        if self.pool is not None:
            await self.pool.start()
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
        self.analyst.start()
        for table_id in await self.writer.read(self.store.clocked_running):
            with contextlib.suppress(TableError):
                await self.get(table_id)
        if tick:
            self.ticker = asyncio.get_running_loop().create_task(self._tick_forever())

    async def going_away(self, timeout: float) -> None:
        """Close every client's socket with 1001 (going away) as the server begins to stop, waiting at most
        ``timeout`` seconds for the close frames to leave (a client that reads nothing is dropped by its
        ``Conn``'s send deadline, or when the process ends)."""
        closing = [task for table in self.tables.values() for conn in list(table.conns)
                   if (task := conn.shut(*GOING_AWAY)) is not None]
        if closing:
            await asyncio.wait(closing, timeout=timeout)

    async def close(self) -> None:
        for task in (self.sweeper, self.ticker):
            if task:
                task.cancel()
        for table in self.tables.values():
            if table.bot_task:
                table.bot_task.cancel()
            for conn in table.conns:
                conn.close()
        if self.pool is not None:
            await self.pool.close()
        await self.analyst.close()
        await self.writer.close()

    def live(self, row: TableRow) -> LiveTable:
        """The live table of a stored row, replayed (nothing is registered: the build thread uses it too)."""
        state = museion.load(row.game, **row.options).new_initial_state()
        table = LiveTable(row, state, advance(state, row.actions), now=self.clock)
        table.touched = table.flushed = row.touched or row.started or row.created
        spec = ClockSpec.from_json(row.clock)
        if spec.timed:
            table.clock = ClockState.restore(spec, len(row.seats), row.clock_state)
            table.clock.run(table.clock_running_for(), self.clock())
        return table

    async def get(self, table_id: str) -> LiveTable:
        """The live table (replayed from storage when it is not in memory); 404 for unknown or expired ones."""
        table = self.tables.get(table_id)
        if table is None:
            row = await self.writer.read(self.store.load_table, table_id)
            if row is None or row.status == "expired":
                raise TableError("not_found", f"no table {short(table_id)!r}", 404)
            table = self.tables.get(table_id)
            if table is None:
                try:
                    table = self.live(row)
                except Exception as exc:  # noqa: BLE001 - a broken record is reported, it does not stop the server
                    log.error("table %s cannot be replayed: %s", row.id, exc)
                    raise TableError("broken", "this table's record cannot be replayed", 410) from None
                self.tables[table_id] = table
                if table.state.is_chance_node():  # a move whose chance follow-up was never stored: draw it
                    await self._commit_chance(table)
                self.schedule_bot(table)
        table.used = time.monotonic()
        return table

    # -- lobby -------------------------------------------------------------------------------------------
    async def create(self, game_name: Any, options: Any, seats: Any, join: Any = None, name: Any = None,
                     client: str = "", clock: Any = None, hints: bool | None = None
                     ) -> tuple[LiveTable, str | None, str]:
        """Validate everything first (game, options, seats, join seat, clock, limits), then store the new table.
        Returns the table, the seat token (if ``join``) and the creator token (hand seats to bots, re-invite).
        ``hints``: whether seats may ask the coach for hints (default: yes when a bot plays a seat)."""
        if not isinstance(game_name, str):
            raise TableError("bad_game", f"'game' must be one of {', '.join(museion.available_games())}")
        game = load_game(game_name, options, self.config.tables_dir)
        n = game.num_players()
        if not isinstance(seats, list) or len(seats) != n:
            raise TableError("bad_seats", f"'seats' must list {n} seats for {game.name} with these options "
                                          f"(each 'human' or 'bot:LEVEL'), got {len(seats)}")
        bots = self.config.bots
        rows = [parse_seat_spec(spec, i, bots) for i, spec in enumerate(seats)]
        spec = parse_clock(clock, bots)
        token = None
        if join is not None:
            seat = self._check_join_seat(rows, join, n)
            rows[seat].name = clean_name(name, seat)
            token = secrets.token_urlsafe(24)
            rows[seat].token_hash = hash_token(token)
        creator = hash_token(client)
        await self._check_caps(creator)
        state = game.new_initial_state()
        resolve_chance(state)
        table_id = secrets.token_urlsafe(6)
        now = time.time()
        creator_token = secrets.token_urlsafe(24)
        row = TableRow(table_id, game.name, game.options_json(), "running", now, rows, state.history(),
                       creator=creator, creator_key=hash_token(creator_token),
                       hints=any(s.kind == "bot" for s in rows) if hints is None else bool(hints))
        row.started = None if row.free_seats() else now
        if spec.timed:
            row.clock, row.clock_state = spec.to_json(), ClockState.new(spec, n).stored(0.0)
        await self.writer.call(self.store.create_table, row)
        table = self.live(row)
        self.lobby_version += 1
        if any(s.kind == "bot" for s in rows) or spec.timed:  # bots play and clocks run; other tables load later
            self.tables[table_id] = table
            self.schedule_bot(table)
        return table, token, creator_token

    async def _check_caps(self, creator: str) -> None:
        total = await self.writer.read(self.store.count_unfinished)
        if total >= self.config.max_tables and not await self._fair_room(creator):
            raise TableError("server_full", f"this server has {total} unfinished tables, its limit; join an open "
                                            "table or try again later", 503, {"key": "web.code.server_full",
                                                                              "args": {"total": total}})
        mine = await self.writer.read(self.store.count_unfinished, creator)
        if mine >= self.config.max_tables_per_client:
            raise TableError("too_many_tables", f"you have {mine} unfinished tables, the limit per player; finish "
                                                "one or wait until an open one expires", 429,
                             {"key": "web.code.too_many_tables", "args": {"mine": mine}})

    async def _fair_room(self, creator: str) -> bool:
        """On a full server, room for a network below its fair share (``max_tables`` divided by the networks
        holding tables): the network holding the most gives up its table where a move was made longest ago."""
        counts = await self.writer.read(self.store.creators)
        share = max(1, self.config.max_tables // len(counts.keys() | {creator}))
        largest = max(counts, key=lambda c: counts[c], default=creator)
        if counts.get(creator, 0) >= share or largest == creator:
            return False
        freed = await self.writer.call(self.store.expire_stalest, largest)
        self._expired([freed] if freed else [], "the server was full and this network held more than its share of "
                                                "tables: the one where a move was made longest ago has expired")
        return freed is not None

    @staticmethod
    def _check_join_seat(rows: list[SeatRow], seat: Any, n: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise TableError("bad_seat", f"seat must be an integer 0..{n - 1}, got {seat!r}",
                             reason={"key": "web.code.bad_seat", "args": {"count": n}})
        if rows[seat].kind != "human":
            raise TableError("seat_is_bot", f"seat {seat} is played by the {rows[seat].bot} bot", 409,
                             {"key": "web.code.seat_is_bot", "args": {"n": seat + 1, "bot": rows[seat].bot}})
        if rows[seat].token_hash is not None:
            free = [r.seat for r in rows if r.kind == "human" and r.token_hash is None]
            raise TableError("seat_taken", f"seat {seat} is taken; free seats: {free or 'none'}", 409,
                             {"key": "web.code.seat_taken" if free else "web.code.no_free_seat",
                              "args": {"n": seat + 1, "free": ", ".join(str(f + 1) for f in free)}})
        return seat

    async def join(self, table_id: str, seat: Any, name: Any) -> str:
        table = await self.get(table_id)
        if table.state.is_terminal():
            raise TableError("game_over", "the game is over; watch its replay instead", 409)
        seat = self._check_join_seat(table.row.seats, seat, len(table.row.seats))
        clean = clean_name(name, seat, [s.name for s in table.row.seats if s.seat != seat])
        token = secrets.token_urlsafe(24)
        digest = hash_token(token)
        full = table.row.started is None and table.row.free_seats() == [seat]
        started = time.time() if full else None
        await self.writer.call(self.store.set_seat, table_id, seat, clean, digest, started)
        table.row.seats[seat].name, table.row.seats[seat].token_hash = clean, digest
        table.row.started = table.row.started or started
        table.touched = max(table.touched, started or 0.0)  # full now: the first seat to move waits from here
        self._run_clock(table)
        self._seats_changed(table)
        await self.returned(table, seat)  # a re-invited seat: the new player takes it from the stand-in bot
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
        self.lobby_version += 1
        table.broadcast(None)

    async def listing(self, status: str | None, limit: int, offset: int) -> dict[str, Any]:
        """One page of each lobby list (or of ``status`` only), read from storage."""
        out: dict[str, Any] = {"limit": limit, "offset": offset, "total": {}}
        for name in ("open", "running", "finished"):
            rows, total = ([], 0) if status not in (None, name) else await self.writer.read(
                self.store.lobby, name, limit, offset)
            out[name] = [lobby_entry(row) for row in rows]
            out["total"][name] = total
        return out

    # -- upkeep ------------------------------------------------------------------------------------------
    async def _sweep_forever(self) -> None:
        period = max(0.5, min(10.0, self.config.open_table_ttl / 4, self.config.idle_release / 2,
                              self.config.idle_table_ttl / 4))
        while True:
            await asyncio.sleep(period)
            try:
                await self.sweep()
            except Exception as exc:  # noqa: BLE001 - storage may be briefly unavailable; try again next time
                log.warning("table upkeep failed: %s", exc)

    async def sweep(self) -> None:
        """Store when tables last moved; expire open tables nobody joined in time and running tables without a
        clock where nobody moved for ``idle_table_ttl``; let idle tables leave memory."""
        moved = [(t.id, t.touched) for t in self.tables.values() if t.touched > t.flushed]
        if moved:
            await self.writer.call(self.store.touch, moved)
            for table_id, when in moved:
                if table_id in self.tables:
                    self.tables[table_id].flushed = when
        now = time.time()
        expired = await self.writer.call(self.store.expire_open, now - self.config.open_table_ttl)
        self._expired(expired, "nobody joined this table in time: it has expired")
        idle = await self.writer.call(self.store.expire_idle, now - self.config.idle_table_ttl)
        self._expired(idle, f"nobody moved at this table for {self.config.idle_table_ttl:g} s: it has expired")
        if expired or idle:
            log.info("expired %d open tables and %d idle ones", len(expired), len(idle))
        idle = time.monotonic() - self.config.idle_release
        for table in list(self.tables.values()):
            busy = table.conns or table.lock.locked() or (table.bot_task and not table.bot_task.done())
            busy = busy or (table.clock is not None and not table.state.is_terminal())  # its clock must run
            if not busy and table.used < idle:
                self.tables.pop(table.id, None)
        release_free_memory()

    def _expired(self, table_ids: list[str], message: str) -> None:
        """Tables marked expired in storage leave memory; their clients are told and closed with 4410."""
        for table_id in table_ids:
            table = self.tables.pop(table_id, None)
            if table is not None:
                if table.bot_task:
                    table.bot_task.cancel()
                for conn in list(table.conns):
                    conn.put(dumps({"type": "error", "code": "expired", "seq": table.seq, "message": message}))
                    conn.shut(4410, "expired")
        if table_ids:
            self.lobby_version += 1

    async def record(self, table_id: str, lang: str = i18n.DEFAULT) -> dict[str, Any]:
        return (await self.get(table_id)).record_json(lang)

    async def replay(self, table_id: str) -> dict[str, Any]:
        """Every step of a finished game as the spectator's view, for stepping through in the browser."""
        table = await self.get(table_id)
        if not table.state.is_terminal():
            raise TableError("not_finished", "a replay is available once the game is over", 409)
        return replay_of(table)

    # -- play --------------------------------------------------------------------------------------------
    async def play(self, table: LiveTable, seat: int | None, seq: int, action: int, bot: bool = False,
                   lang: str = i18n.DEFAULT) -> None:
        """Validate and apply one move for ``seat`` (``bot``: by the bot that plays it); raises
        :class:`TableError` and changes nothing if refused (an illegal move's reason in the rules' terms, in
        ``lang``). A seat whose time has run out cannot move: the timeout is applied instead."""
        async with table.lock:
            if await self._expire(table):
                raise TableError("timeout", "your time ran out before this move arrived; the table log says what "
                                            "happened to your seat")
            state = table.state
            if seat is not None and bool(table.row.seats[seat].plays_bot) != bot:
                raise TableError("bot_plays", f"a bot plays seat {seat} now; open the table with its seat token "
                                              "to take it back")
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
                names = display_names(table.row.seats, lang, table.state.game.seat_colours())
                raise TableError("illegal", short(state.explain_illegal(action, lang, names), 300))
            await self._commit(table, [action])

    async def _commit_chance(self, table: LiveTable) -> None:
        async with table.lock:
            await self._commit(table, [])

    async def _commit(self, table: LiveTable, actions: list[int]) -> None:
        """Apply ``actions`` and the chance outcomes that follow to a copy, store them (with the clocks: the
        mover's is charged and stops, the next human's starts), then publish."""
        start = table.seq
        state = table.state.clone()
        mover = table.clock.running if table.clock is not None and actions else None
        entries = advance(state, actions, chance=True)
        if not entries:
            return
        added = state.history()[start:]
        final = None
        if state.is_terminal():
            scores = list(state.scores())
            final = scores, forfeit_winners(scores, list(state.winners()), [s.forfeit for s in table.row.seats])
        clock, now = None, self.clock()
        if table.clock is not None:
            clock = dataclasses.replace(table.clock, bank=list(table.clock.bank))
            if mover is not None:
                clock.moved(mover, now)
            clock.run(table.clock_running_for(state), now)
            clock.dirty = now
        try:
            await self.writer.append(Append(table.id, start, added, final, clock and clock.stored(now)))
        except Exception as exc:
            log.exception("storing a move of table %s failed", table.id)
            raise TableError("storage", f"the move could not be stored ({type(exc).__name__}); nothing changed",
                             503) from None
        table.log.extend(entries)
        table.state = state
        table.clock = clock
        table.touched = time.time()
        if final is not None:
            self.lobby_version += 1
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
        if not seat.plays_bot or (table.bot_task is not None and not table.bot_task.done()):
            return
        table.bot_task = asyncio.get_running_loop().create_task(self._bot_move(table, seat))

    async def _bot_move(self, table: LiveTable, seat: SeatRow) -> None:
        await asyncio.sleep(self.config.bot_delay)
        seq = table.seq
        state = table.state
        spec = seat.plays_bot or "random"
        args = {"game": table.row.game, "options": table.row.options, "history": state.history(), "bot": spec,
                "seed": RNG.randrange(2**31)}
        try:
            if self.pool is None:
                action = worker.choose(**args)
            else:
                action = await self.pool.choose(args, BotPolicy.costly(spec))
        except (worker.BotTimeout, worker.BotFailed) as exc:  # the table goes on: a random move instead
            log.warning("bot %s at table %s: %s; playing a random move", spec, table.id, exc)
            action = RNG.choice(state.legal_actions())
        except Exception as exc:  # noqa: BLE001 - a failing bot must not freeze the table
            log.warning("bot %s failed at table %s (%s: %s); playing a random move", spec, table.id,
                        type(exc).__name__, exc)
            action = RNG.choice(state.legal_actions())
        table.bot_task = None
        try:
            await self.play(table, seat.seat, seq, action, bot=True)
        except TableError as exc:
            if exc.code != "bot_plays":  # its player came back meanwhile: nothing to do
                log.warning("bot move refused at table %s: %s", table.id, exc)
            self.schedule_bot(table)

    # -- the coach ---------------------------------------------------------------------------------------
    async def hint(self, table: LiveTable, seat: int | None, seq: int, lang: str = i18n.DEFAULT) -> dict[str, Any]:
        """The coach's best moves for ``seat`` (to move, at sequence ``seq``) with their win chances, in words and
        board highlights: computed in a bot worker from ``seat``'s information only, one at a time per table."""
        state = table.state
        if not table.row.hints:
            raise TableError("no_hints", "hints are not allowed at this table (its creator chose so)")
        if seat is None:
            raise TableError("not_seated", "spectators cannot ask for hints: join a free seat to play")
        if state.is_terminal():
            raise TableError("game_over", "the game is over; ask for its analysis instead")
        if seq != table.seq:
            raise TableError("stale", f"the hint was asked at sequence number {seq} but the game is at {table.seq}")
        if state.current_player() != seat or table.row.seats[seat].plays_bot:
            raise TableError("not_your_turn", "a hint is for your own turn")
        if table.hinting:
            raise TableError("hint_busy", "a hint for this table is being computed; wait for it")
        args = {"game": table.row.game, "options": table.row.options, "history": state.history(), "seat": seat,
                "bot": self.config.hint_bot, "seed": RNG.randrange(2**31)}
        table.hinting = True
        try:
            pairs = await self.pool.hint(args) if self.pool is not None else worker.hint(**args)
        except (worker.BotTimeout, worker.BotFailed) as exc:
            log.warning("hint at table %s: %s", table.id, exc)
            raise TableError("hint_failed", "the coach found no hint in time; try again") from None
        finally:
            table.hinting = False
        if table.seq != seq:
            raise TableError("stale", "the game moved on while the hint was computed")
        names = display_names(table.row.seats, lang, table.state.game.seat_colours())
        moves = [{"id": int(a), "notation": state.action_to_string(int(a)),
                  "text": state.describe(int(a), lang, seat, names), "highlights": state.highlights(int(a)),
                  "chance": chance} for a, chance in pairs]
        return {"type": "hint", "seq": seq, "seat": seat, "moves": moves}

    async def analysis(self, table_id: str, start: bool = False, lang: str = i18n.DEFAULT, owner: str = ""
                       ) -> dict[str, Any]:
        """The coach's analysis of a finished table: ``done`` with the analysis (stored: computed once, every move
        in words in ``lang``), else the job's ``status`` and ``progress``; ``start`` queues the job if there is none
        (503 when the queue is full)."""
        table = await self.get(table_id)
        if not table.state.is_terminal():
            raise TableError("not_finished", "the analysis is available once the game is over", 409)
        stored = await self.writer.read(self.store.load_analysis, table_id)
        if stored is not None:
            return {"status": "done", "analysis": self._in_words(table, stored, lang)}
        job = self.analyst.job(table_id)
        if start and (job is None or job.status == "failed"):
            names = display_names(table.row.seats, lang, table.state.game.seat_colours())
            job = self.analyst.submit(table_id, Record.from_state(table.state, names, table=table_id).to_dict(), owner)
            if job is None:
                raise TableError("analysis_busy", "the server is analysing other games; ask again in a minute", 503)
        if job is None:
            return {"status": "none"}
        return {"status": job.status, "progress": job.progress, "error": job.error or None}

    async def _store_analysis(self, table_id: str, data: dict[str, Any]) -> None:
        await self.writer.call(self.store.save_analysis, table_id, data)

    @staticmethod
    def _in_words(table: LiveTable, analysis: dict[str, Any], lang: str) -> dict[str, Any]:
        """The stored analysis with each decision's move and best move in words (``text``, ``best_text``) and the
        seats' names, in ``lang``."""
        names = display_names(table.row.seats, lang, table.state.game.seat_colours())
        history = table.state.history()
        game = table.state.game
        decisions = []
        for d in analysis["decisions"]:
            state = game.state_from_history(history[:d["n"]])
            decisions.append({**d, "text": state.describe(d["action"], lang, None, names),
                              "best_text": state.describe(d["best"], lang, None, names)})
        return {**analysis, "players": names, "decisions": decisions}

    # -- clocks ------------------------------------------------------------------------------------------
    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(self.config.clock_tick)
            try:
                await self.tick()
            except Exception as exc:  # noqa: BLE001 - storage may be briefly unavailable; try again next time
                log.warning("clock upkeep failed: %s", exc)

    async def tick(self) -> None:
        """Apply every timeout that is due, and checkpoint running clocks every ``config.clock_checkpoint``
        seconds (what a crash can give back to the seat to move)."""
        now = self.clock()
        for table in list(self.tables.values()):
            clock = table.clock
            if clock is None or clock.running is None:
                continue
            if clock.expired(now):
                async with table.lock:
                    await self._expire(table)
            elif now - clock.dirty >= self.config.clock_checkpoint:
                async with table.lock:  # in order with the table's moves: a checkpoint never overwrites a newer clock
                    await self._checkpoint(table)

    async def _checkpoint(self, table: LiveTable) -> None:
        clock = table.clock
        if clock is None or clock.running is None:
            return
        clock.dirty = now = self.clock()
        await self.writer.call(self.store.save_clocks, [(table.id, clock.stored(now))])

    def _run_clock(self, table: LiveTable) -> None:
        if table.clock is not None:
            table.clock.run(table.clock_running_for(), self.clock())

    async def _expire(self, table: LiveTable) -> bool:
        """If the running seat's time is up (``table.lock`` held): a bot takes the seat over, or the seat forfeits
        and a bot plays it out; stored, logged as a notice, broadcast. True if it happened."""
        now = self.clock()
        if table.clock is None or not table.clock.expired(now) or table.clock.running is None:
            return False
        seat, spec = table.clock.running, table.clock.spec
        clock = dataclasses.replace(table.clock, bank=list(table.clock.bank))
        clock.timed_out(seat, now)
        forfeit = spec.on_timeout == "forfeit"
        key = "notice.timeout_forfeit" if forfeit else "notice.timeout_bot"
        try:
            await self._store_event(table, clock, key, seat, {"standin": spec.bot, "forfeit": int(forfeit)},
                                    bot=spec.bot)
        except Exception:  # noqa: BLE001 - the next tick tries again
            log.exception("storing the timeout of table %s failed", table.id)
            return False
        row = table.row.seats[seat]
        row.standin, row.forfeit = spec.bot, row.forfeit or forfeit
        table.clock = clock
        self._run_clock(table)
        self._seats_changed(table)
        self.schedule_bot(table)
        return True

    async def _store_event(self, table: LiveTable, clock: ClockState | None, key: str, seat: int,
                           seat_values: dict[str, Any], **args: Any) -> None:
        """Store a seat change with its notice in the table log (and the clock), before anything is published."""
        notice = {"n": table.seq, "key": key, "args": {"player": seat, **args}}
        notices = (table.row.notices + [notice])[-MAX_NOTICES:]
        values: dict[str, Any] = {"notices": notices}
        if clock is not None:
            values["clock_state"] = clock.stored(self.clock())
        await self.writer.call(self.store.update, table.id, values, {seat: seat_values})
        table.row.notices = notices

    async def returned(self, table: LiveTable, seat: int) -> None:
        """The player of ``seat`` is back (a connection with its token): a bot standing in after a timeout hands
        the seat back, with the clock's comeback time. A forfeited seat stays with its bot."""
        row = table.row.seats[seat]
        if not row.standin or row.forfeit or row.kind != "human":
            return
        async with table.lock:
            if not row.standin:
                return
            clock = None
            if table.clock is not None:
                clock = dataclasses.replace(table.clock, bank=list(table.clock.bank))
                clock.bank[seat] = clock.spec.comeback()
            await self._store_event(table, clock, "notice.back", seat, {"standin": None})
            row.standin = None
            if clock is not None:
                table.clock = clock
            self._run_clock(table)
            self._seats_changed(table)

    # -- the creator's actions ---------------------------------------------------------------------------
    async def _creator_seat(self, table_id: str, seat: int, creator_token: Any) -> LiveTable:
        """The table, if ``creator_token`` is its creator's and ``seat`` a human seat its player abandoned by a
        rule they could see coming (``abandon.py``)."""
        table = await self.get(table_id)
        key = table.row.creator_key
        if not isinstance(creator_token, str) or key is None or not secrets.compare_digest(
                hash_token(creator_token), key):
            raise TableError("not_creator", "only the creator token of this table (given when it was created) may "
                                            "do this", 403)
        if table.state.is_terminal():
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
            level = self.config.bots.check(str(bot or "easy"))
        except (ValueError, OptionError) as exc:
            raise TableError("bad_seat", str(exc)) from None
        async with table.lock:
            values = {"kind": "bot", "bot": level, "token_hash": None, "standin": None}
            await self._store_event(table, table.clock, "notice.handed", seat, values, bot=level)
            row = table.row.seats[seat]
            row.kind, row.bot, row.token_hash, row.standin = "bot", level, None, None
            await self._full_now(table)
            self._drop_seat(table, seat)
            self._run_clock(table)
            self._seats_changed(table)
            self.schedule_bot(table)
        return level

    async def reinvite(self, table_id: str, seat: int, creator_token: Any) -> None:
        """The creator frees an abandoned seat for someone new: its old token stops working; a bot standing in
        keeps playing until the new player joins."""
        table = await self._creator_seat(table_id, seat, creator_token)
        async with table.lock:
            await self._store_event(table, None, "notice.reinvited", seat, {"token_hash": None, "name": None})
            row = table.row.seats[seat]
            row.token_hash, row.name = None, None
            self._drop_seat(table, seat)
            self._run_clock(table)
            self._seats_changed(table)

    async def _full_now(self, table: LiveTable) -> None:
        """Mark the table started once no seat is free any more (a creator's bot filled the last one)."""
        if table.row.started is None and not table.row.free_seats():
            table.row.started = time.time()
            await self.writer.call(self.store.update, table.id, {"started": table.row.started}, {})

    @staticmethod
    def _drop_seat(table: LiveTable, seat: int) -> None:
        for conn in table.conns:
            if conn.seat == seat:
                conn.seat = None

    async def my_tables(self, held: list[tuple[str, str]]) -> list[dict[str, Any]]:
        """For each (table, seat token) a browser holds: the table, the seat, whose turn it is and the clocks;
        ``error`` instead when the table is gone or the token no longer holds a seat."""
        out = []
        for table_id, token in held:
            try:
                table = await self.get(table_id)
            except TableError as exc:
                out.append({"table": table_id, "error": exc.code})
                continue
            seat = table.seat_of(token)
            if seat is None:
                out.append({"table": table_id, "error": "bad_token"})
                continue
            info = table.summary()
            to_move = info["to_move"]
            your_turn = to_move == seat and info["status"] != "finished" and not table.row.seats[seat].plays_bot
            out.append({**info, "table": table_id, "seat": seat, "your_turn": your_turn})
        return out


def release_free_memory() -> None:
    """Give the C allocator's free pages back to the system (glibc keeps them after a burst of clients, so the
    process would stay at its peak size); elsewhere nothing."""
    with contextlib.suppress(Exception):
        LIBC.malloc_trim(0)
