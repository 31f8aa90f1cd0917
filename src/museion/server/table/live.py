"""A live table: the true state of one running game in memory, and what each client is sent about it.

A table is a game name + options + seats + the list of actions; the state in memory is the replay of that
list. Each seat receives ``view(seat)`` and, on its turn, its legal moves; spectators receive ``view(None)``.

The move log holds one :class:`~museion.core.observe.Step` per action: what every seat and a spectator learned
from it, as the game declared (``State.observed_action``, the game's ``events``). What a connection receives is built
for its seat (and its language) from those declarations only, so a face-down card's value or an opponent's hidden
victory points never leave the server.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from museion.core import i18n, takeback
from museion.core.game import State
from museion.core.observe import Step, observe_history, observe_step
from museion.core.play import sample_chance
from museion.core.record import Record, observed_record
from museion.core.registry import entry
from museion.server.edge.connection import Conn
from museion.server.edge.errors import TableError
from museion.server.storage.rows import SeatRow, TableRow, dumps, hash_token
from museion.server.table import abandon, moves
from museion.server.table.clocks import ClockState
from museion.server.table.seats import display_names, ending, notices_json, results, seats_json

RNG = secrets.SystemRandom()
SPECTATORS_CHAT = 100
"""Spectators' chat lines a live table keeps (for those who connect later)."""


def resolve_chance(state: State) -> None:
    """Play chance nodes with the secure RNG until a player (or the end) is to act; in place."""
    while state.is_chance_node():
        state.apply_action(sample_chance(state, RNG))


def advance(state: State, actions: Iterable[int], chance: bool = False, marks: list[list[Any]] | None = None
            ) -> list[Step]:
    """Apply ``actions`` (then, with ``chance``, the chance outcomes that follow) to ``state`` in place and
    return their steps: what each observer learns from each, as the game declares it; ``marks`` gets each step's
    board keys (:func:`public_marks`)."""
    out = []

    def step(action: int) -> None:
        out.append(observe_step(state, action))
        if marks is not None:
            marks.append(public_marks(state, action, out[-1]))
        state.apply_action(action)

    for action in actions:
        step(action)
    while chance and state.is_chance_node():
        step(sample_chance(state, RNG))
    return out


def public_marks(before: State, action: int, step: Step) -> list[Any]:
    """The board keys ``action`` touched (its targets, the keys it had as a legal move) when every
    observer saw the same move; none for chance and for a move some observer saw only in part, so a face-down
    card's identity never leaves the server through a mark."""
    if step.player is None or len(set(step.seen)) > 1 or len(set(map(repr, step.said))) > 1:
        return []  # (events told only to some are no move's mark: the targets say what the move itself touched)
    return moves.targets(before, action)


def marks_of(state: State) -> list[list[Any]]:
    """:func:`public_marks` of every step of ``state``'s history, replayed from the start."""
    marks: list[list[Any]] = []
    advance(state.game.new_initial_state(), state.history(), marks=marks)
    return marks


@dataclass
class TakebackRequest:
    """A take-back asked of the other players (``takebacks.py``): valid while nothing new is stored at the table."""

    seat: int
    at: int
    """``LiveTable.stored`` when it was asked: anything stored since (a move) ends it."""
    start: int
    """The log index of the requester's move: every step from it on goes if all accept."""
    asked: list[int]
    accepted: set[int] = field(default_factory=set)

    def json(self) -> dict[str, Any]:
        return {"seat": self.seat, "asked": self.asked, "accepted": sorted(self.accepted)}


@dataclass
class LiveTable:
    row: TableRow
    state: State
    log: list[Step]
    """One step per action (the log index is the sequence number): what each observer learned from it."""
    marks: list[list[Any]] = field(default_factory=list)
    """Per step of the log, what it changed on the board for everyone to see (:func:`public_marks`)."""
    stored: int = 0
    """How many actions rows the table has in storage (take-backs included: where the next row goes)."""
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
    spectators_chat: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=SPECTATORS_CHAT))
    """The spectators' recent chat lines (``chat.py``): kept in memory only, gone when the table leaves memory."""
    rating_changes: dict[int, dict[str, Any]] = field(default_factory=dict)
    """A finished rated game's rating change of each seat with an account (``ratings/store.py``): each player is
    told their own."""
    seat_ratings: dict[int, dict[str, Any]] = field(default_factory=dict)
    """At a rated table, each account seat's rating as its player sat down (``ratings.store.seat_ratings``): shown
    beside the names."""
    bot_seats: frozenset[int] = frozenset()
    """The seats bot accounts hold (``botapi``): shown as bots (read with the ratings, ``Lobby.rate_seats``)."""
    request: TakebackRequest | None = None
    """The take-back request waiting for answers, if any (:meth:`pending_request`)."""
    declined_at: dict[int, int] = field(default_factory=dict)
    """Per seat, the ``stored`` mark at which its last request was declined: no new one until a move."""
    absence: float = 86400.0
    """``--seat-absence``: how long a seat to move at a table without a clock may wait before it can be claimed."""

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

    def names(self, lang: str) -> list[str]:
        """The seats' names as every text at this table says them in ``lang``."""
        return display_names(self.row.seats, lang, self.state.game.seat_colours())

    @property
    def over(self) -> bool:
        """The game is over: its rules ended it, or a resignation or a claim did (``endings.py``)."""
        return self.state.is_terminal() or self.row.status == "finished"

    def status(self) -> str:
        if self.over:
            return "finished"
        return "open" if self.row.free_seats() else "running"

    def results(self) -> tuple[list[float], list[int]] | None:
        """Scores and winners once the game is over (a seat that forfeited on time ranked last); of a game ended
        before its rules end it, the stored ones."""
        if self.row.status == "finished" and self.row.scores is not None and not self.state.is_terminal():
            return self.row.scores, self.row.winners or []
        return results(self.state, self.row.seats)

    def clock_running_for(self, state: State | None = None) -> int | None:
        """The seat whose clock should run at ``state`` (default: now): a human to move (no bot for it) at a table
        whose seats were all taken; None during chance, a bot's turn, an open table or after the end."""
        state = state or self.state
        if (self.clock is None or state.is_terminal() or state.is_chance_node() or self.row.started is None
                or self.row.status == "finished"):
            return None
        seat = self.row.seats[state.current_player()]
        return None if seat.plays_bot else seat.seat

    def run_clock(self, now: float) -> None:
        """Let the clock of the seat that should be thinking now run (and only it)."""
        if self.clock is not None:
            self.clock.run(self.clock_running_for(), now)

    def clock_json(self) -> dict[str, Any] | None:
        return None if self.clock is None else self.clock.message(self.now())

    # -- messages ----------------------------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        state = self.state
        to_move = state.current_player()
        final = self.results()
        return {
            "id": self.id, "game": self.row.game, "title": state.game.title, "options": self.row.options,
            "num_players": state.game.num_players(), "seats": seats_json(self.row, self.seat_ratings, self.bot_seats),
            "status": self.status(),
            "moves": self.seq, "to_move": to_move if to_move >= 0 else None, "created": self.row.created,
            "scores": final and final[0], "winners": final and final[1], "clock": self.clock_json(),
            "hints": self.row.hints, "undo": self.row.undo, "rated": self.row.rated,
            "accounts_only": self.row.accounts_only, "ending": ending(self.row, self.over),
        }

    def state_message(self, seat: int | None, since: int | None, lang: str = i18n.DEFAULT) -> dict[str, Any]:
        """What ``seat`` sees now, in ``lang``, shaped as :class:`~museion.server.edge.messages.StateMessage` (a dict:
        this runs for every seat after every move, and tests/server/test_protocol.py checks played games' frames
        against the published schema instead of validating at run time); the log in full (``since`` None: a
        resync) or from entry ``since`` on, each entry as ``seat`` learned it (``Step.entry``)."""
        state = self.state
        to_move = state.current_player()
        names = self.names(lang)
        final = self.results()
        return {
            "type": "state", "table": self.id, "game": self.row.game, "title": state.game.title, "seq": self.seq,
            "seat": seat, "full": since is None, "status": self.status(),
            "to_move": to_move if to_move >= 0 else None, "view": entry(state.game).observer.view(state, seat),
            "legal": [] if self.out(seat) else moves.legal_moves(state, seat, lang, names),
            "log": [step.entry(seat, lang, names) for step in (self.log if since is None else self.log[since:])],
            "log_from": 0 if since is None else since, "scores": final and final[0], "winners": final and final[1],
            "seats": seats_json(self.row, self.seat_ratings, self.bot_seats), "clock": self.clock_json(),
            "notices": notices_json(self.row, lang, names),
            "hints": self.row.hints, "breakdown": moves.breakdown(state, seat, lang, names),
            "undo": self.row.undo, "can_undo": not self.over and self.undoable(seat), "last": self.last_move(),
            "rated": self.row.rated, "rating": None if seat is None else self.rating_changes.get(seat),
            "ending": ending(self.row, self.over), "claims": self.claims(seat),
            "takeback": None if (pending := self.pending_request()) is None else pending.json()}

    def pending_request(self) -> TakebackRequest | None:
        """The take-back request still waiting: none once a move (anything stored) came after it or the game
        ended."""
        request = self.request
        return None if request is None or request.at != self.stored or self.over else request

    def out(self, seat: int | None) -> bool:
        """Whether ``seat`` has no move to make any more: the game is over, or the seat left it (a bot plays it)."""
        return self.over or (seat is not None and self.row.seats[seat].forfeit)

    def claims(self, seat: int | None) -> list[dict[str, Any]]:
        """The seats ``seat`` may claim now (``abandon.claims``): none after the end or before the start."""
        if self.over or self.row.started is None:
            return []
        to_move = self.state.current_player()
        return abandon.claims(self.row.seats, seat, self.clock is not None, to_move if to_move >= 0 else None,
                              self.touched, time.time(), self.absence)

    def undoable(self, seat: int | None) -> bool:
        """Whether ``seat`` may take its last move back now (what the undo message checks, without the error)."""
        return (self.row.undo and seat is not None and not self.row.seats[seat].plays_bot
                and self.state.current_player() == seat and self.undo_refusal(seat) is None)

    def undo_refusal(self, seat: int) -> TableError | None:
        """Why ``seat``, to move, may not take back its last move (None: it may): the game-independent rule of
        :mod:`museion.core.takeback` (the seat's own last action, nothing drawn after it, nothing shown to anyone
        by it beyond the move)."""
        code = takeback.refusal(self.log, seat)
        if code == takeback.NOTHING:
            return TableError(code, "you have made no move this turn that could be taken back")
        if code is None:
            return None
        if self.log[-1].player is None:
            return TableError(code, "a chance outcome was drawn after your last move (a take-back never draws "
                                    "chance again), so it stands")
        return TableError(code, f"your last move ({self.log[-1].notation(seat)}) showed something beyond the move "
                                "itself (a card, a tile, or something told to some seats only), so it stands")

    def last_move(self) -> dict[str, Any] | None:
        """The last move: every action of the seat that moved last since another seat moved (its turn: a Tholos
        stone placed and its column's action, a Pergamon dig and its collection), with the chance between and
        after them; the log index it starts at and what it changed on the board, for everyone (``public_marks``).
        A whole turn, because its last action alone may change nothing on the board (a Pergamon turn's end);
        None before the first move."""
        last = next((i for i in range(len(self.log) - 1, -1, -1) if self.log[i].player is not None), None)
        if last is None:
            return None
        mover, start = self.log[last].player, last
        for i in range(last - 1, -1, -1):
            if self.log[i].player == mover:
                start = i
            elif self.log[i].player is not None:
                break
        keys = [key for marks in self.marks[start:] for key in marks]
        return {"from": start, "targets": keys}

    def record_json(self, lang: str = i18n.DEFAULT) -> dict[str, Any]:
        """The game record as JSON. Once the game is over, or when its game hides nothing, the full record (every
        action id, replayable). While a hidden-information game runs, only what a spectator has learned so far
        (``observed_record``: the log without action ids); each seat has its own log over the WebSocket."""
        names = self.names(lang)
        state = self.state
        if state.game.hidden_information and not self.over:
            return observed_record(self.log, state, None, names, lang, table=self.id)
        return {**Record.from_state(state, names, table=self.id).to_dict(), "ending": ending(self.row, self.over)}

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

    def drop_seat(self, seat: int) -> None:
        """The connections that held ``seat`` watch on as spectators (the seat was left, handed or re-invited)."""
        for conn in self.conns:
            if conn.seat == seat:
                conn.seat = None


def seat_bytes(state: State, seat: int, steps: list[Step] | None = None, lang: str = i18n.DEFAULT) -> bytes:
    """Everything this server would send ``seat`` about a table at ``state`` (for ``museion check``): the full
    state message (view, legal moves, the whole log), the message after the last move, and the REST answers
    (table summary, record). Built by the same code as the live messages, from a table held in memory."""
    game = state.game
    seats = [SeatRow(p, "human", name=f"Player {p + 1}", token_hash="x") for p in range(game.num_players())]
    row = TableRow("check", game.name, game.options_json(), "running", 0.0, seats, state.history())
    table = LiveTable(row, state, observe_history(state) if steps is None else list(steps), marks_of(state))
    last = max(table.seq - 1, 0)
    parts = [table.state_message(seat, None, lang), table.state_message(seat, last, lang), table.summary(),
             table.record_json(lang)]
    return "\n".join(dumps(part) for part in parts).encode()
