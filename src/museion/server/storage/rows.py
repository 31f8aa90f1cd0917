"""What is stored, as the code reads and writes it: the tables of the schema (made in a database by the
migrations), a table's and a seat's row as values, the special actions rows (a take-back, an early end), what one
commit appends (:class:`Append`) and how a notification names it, and the one JSON encoder of stored and sent
data. Records are the storage format: a table's state is never stored, only its game, options and actions."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson
from sqlalchemy import JSON, Column, Float, ForeignKey, Integer, MetaData, String, Table

metadata = MetaData()
"""The tables as the code reads and writes them; their schema in a database is made by the migrations (a test
checks that both agree: tests/server/test_migrations.py)."""

tables_t = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),  # running | finished | expired
    Column("created", Float, nullable=False),
    Column("creator", String(64), index=True),  # hash of the creating client's address (per-client caps)
    Column("started", Float),  # when every human seat was first taken; open tables never started expire
    Column("finished", Float),
    Column("scores", JSON),
    Column("winners", JSON),
    Column("clock", JSON),  # the time control (clocks.ClockSpec); null: none
    Column("clock_state", JSON),  # each seat's bank and the running seat's spent seconds (clocks.ClockState)
    Column("notices", JSON),  # what happened besides moves (timeouts, bots taking over, returns), in order
    Column("creator_key", String(64)),  # hash of the creator token (hand a seat to a bot, re-invite)
    Column("hints", Integer),  # 1: a seat may ask the coach for hints (chosen at creation, shown to everyone)
    Column("undo", Integer),  # 1: a seat may take back its own moves within its turn (chosen at creation, shown)
    Column("touched", Float),  # when a move was last made (stored every few seconds, not with every move)
    Column("rated", Integer),  # 1: the game changes its players' ratings (chosen at creation; ratings/)
    Column("accounts_only", Integer),  # 1: only signed-in accounts take its seats (issue 38; 0011_fair_play)
)

seats_t = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # human | bot
    Column("bot", String(32)),
    Column("name", String(64)),
    Column("token_hash", String(64)),
    Column("standin", String(32)),  # a bot level playing this human seat after a timeout
    Column("forfeit", Integer),  # 1: the seat forfeited on time (ranked last; its stand-in plays it out)
    Column("account_id", Integer, index=True),  # the account the seat is bound to (null: a guest's seat)
)

analyses_t = Table(
    "analyses", metadata,  # the coach's analysis of a finished table, computed once (apart: the lobby never reads it)
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("data", JSON, nullable=False),
)

actions_t = Table(
    "actions", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # the database decides between two processes' moves (docs/operations.md)
    Column("action", Integer, nullable=False),
)

leases_t = Table(
    "leases", metadata,  # which server process runs a table's bots and clocks (PostgreSQL sites; cluster.py)
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(80), nullable=False),
    Column("until", Float, nullable=False),  # the database's clock (epoch seconds): expired leases are taken over
)

CHANNEL = "museion_tables"
"""The PostgreSQL notification channel on which every committed change names its tables (``Store._notify``)."""
NOTIFY_BYTES = 7000
"""Payload bytes per notification (PostgreSQL's limit is 8000)."""


class Conflict(Exception):
    """Another server process committed actions of this table at these sequence numbers first: nothing of this
    append was stored, and the table in memory is behind the database."""


TAKEBACK = -1
"""An actions row that takes back the last action still standing (undo within a turn). Rows are only ever
appended, so every move a player was told of stays in the table's history, followed by its take-back."""


ENDED = -2
"""An actions row that ends the game before its rules do (a resignation, a claim: ``endings.py``): no move follows
it, and two processes' last moves are told apart by the database as for any other row (how it ended is in the
table's notices)."""


def standing(actions: Sequence[int]) -> list[int]:
    """``actions`` as stored (with take-backs and an end) → the actions that stand, in order."""
    out: list[int] = []
    for action in actions:
        if action == TAKEBACK:
            out.pop()
        elif action != ENDED:
            out.append(action)
    return out


def hash_token(token: str) -> str:
    """Seat tokens are stored hashed: a leaked database file does not let anyone move for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    standin: str | None = None
    forfeit: bool = False
    account_id: int | None = None
    """The account this seat is bound to: only a session of that account may play it (the token alone no more)."""

    @property
    def plays_bot(self) -> str | None:
        """The bot that moves for this seat (its own, or one standing in for its player), or None."""
        return self.bot if self.kind == "bot" else self.standin


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    status: str
    created: float
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    finished: float | None = None
    scores: list[float] | None = None
    winners: list[int] | None = None
    creator: str | None = None
    started: float | None = None
    clock: dict[str, Any] | None = None
    clock_state: dict[str, Any] | None = None
    notices: list[dict[str, Any]] = field(default_factory=list)
    creator_key: str | None = None
    hints: bool = False
    undo: bool = False
    touched: float | None = None
    """When a move was last made (``None``: none stored yet; the table's start or creation then)."""
    rated: bool = False
    """The game's end changes its players' ratings (``server/ratings``)."""
    accounts_only: bool = False
    """Only signed-in accounts take its seats (a guest gets 403 ``accounts_only``; docs/accounts.md)."""

    def standing(self) -> list[int]:
        """The actions still standing: the stored list with each take-back applied (the state is their replay)."""
        return standing(self.actions)

    def free_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "human" and s.token_hash is None]


def seat_row(r: Any) -> SeatRow:
    """A seat's value from its database row."""
    return SeatRow(r.seat, r.kind, r.bot, r.name, r.token_hash, r.standin, bool(r.forfeit), r.account_id)


def table_row(t: Any, seats: list[SeatRow], actions: list[int]) -> TableRow:
    """A table's value from its database row (a mapping), its seats and its actions."""
    return TableRow(t["id"], t["game"], t["options"], t["status"], t["created"], seats, actions, t["finished"],
                    t["scores"], t["winners"], t["creator"], t["started"], t["clock"], t["clock_state"],
                    list(t["notices"] or []), t["creator_key"], bool(t["hints"]), bool(t["undo"]),
                    t["touched"], bool(t["rated"]), bool(t["accounts_only"]))


def _announced(item: Append) -> str:
    """How a notification names a commit: ``ID:START:A.B.C`` the actions stored from START on (a process at START
    applies them without reading anything), ``ID`` the actions and the row's clock changed (read them),
    ``ID!`` the row changed in a way the lobby shows (the game ended); seat changes and new tables are ``ID!``
    too (``Store._notify``)."""
    if item.final is not None:
        return item.table_id + "!"
    if item.clock is not None or len(item.actions) > ANNOUNCED_ACTIONS:
        return item.table_id
    return f"{item.table_id}:{item.start}:{'.'.join(map(str, item.actions))}"


ANNOUNCED_ACTIONS = 16
"""Actions of one move a notification carries at most (a longer chain of chance outcomes is read instead)."""


@dataclass
class Append:
    """New actions rows of one table from row number ``start`` on (a :data:`TAKEBACK` among them); ``final`` =
    (scores, winners) at the end."""

    table_id: str
    start: int
    actions: list[int]
    final: tuple[list[float], list[int]] | None = None
    clock: dict[str, Any] | None = None
    """The table's clock after these actions (stored with them), or None for a table without one."""
    notices: list[dict[str, Any]] | None = None
    """The table's notices after these actions (a take-back is told there), or None: unchanged."""
    settle: Callable[[Any], Any] | None = None
    """Run on the connection of the transaction that stores the final move of a rated game (``ratings.store``):
    the ratings change in that transaction; what it returns is kept in ``settled``."""
    settled: Any = None
    seats: dict[int, dict[str, Any]] | None = None
    """Seat columns to change with these actions, by seat (a game ended by a resignation: the seat's forfeit)."""


def dumps(data: Any) -> str:
    """Compact JSON text, by ``orjson`` (every state message to every seat passes here: the standard library's
    encoder was a third of a state message's cost); integer keys become strings, as ``json.dumps`` makes them."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()
