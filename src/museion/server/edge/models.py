"""The API's vocabulary and the shapes several rooms share: bounded strings and numbers, languages and games,
the REST requests (tables to create, seats to take), the refusal's body, and what a state message and a lobby
answer both say about seats, clocks and endings. What clients send on the WebSocket is :mod:`inbound`, what the
server sends there :mod:`messages`; the lobby's answers are ``lobby/answers.py``.

Requests are strict (no coercion: ``"1"`` is not a number, ``"yes"`` not a boolean) and refuse unknown fields;
every string and list has a bound. The OpenAPI schema (``/openapi.json``) is generated from these models, so it
documents the API exactly; game views and records are open JSON objects whose shape each game defines.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    WithJsonSchema,
    model_validator,
)

import museion
from museion.core import i18n

MAX_NAME = 40
MAX_TOKEN = 64
MAX_MOVE = 64
MAX_SEATS = 8
MAX_SEQ = 2**31 - 1
MAX_CHAT = 300
"""Characters of one chat message (after NFC normalisation); the model takes four times as many, so that a longer
one gets the precise ``chat_too_long`` refusal."""
MAX_TABLE_ID = 32

ID_PATTERN = r"^[A-Za-z0-9_-]+$"
"""Table ids and seat tokens are URL-safe base64 (``secrets.token_urlsafe``): anything else names nothing, and
is refused before storage sees it (PostgreSQL refuses a NUL in a string with an error of its own)."""
NAME_PATTERN = "^[^\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]*$"
"""No control characters and no bidirectional marks, overrides or isolates in a name (``names.py`` says why and
checks the rest: normalisation, invisible-only names, names that pass for another seat)."""

Name = Annotated[str, StringConstraints(max_length=MAX_NAME, pattern=NAME_PATTERN)]
Token = Annotated[str, StringConstraints(min_length=1, max_length=MAX_TOKEN, pattern=ID_PATTERN)]
TableId = Annotated[str, StringConstraints(min_length=1, max_length=MAX_TABLE_ID, pattern=ID_PATTERN)]
BotSpec = Annotated[str, StringConstraints(min_length=1, max_length=100, pattern="^[ -~]+$"),
                   WithJsonSchema({"type": "string", "x-bot-spec": True})]
"""A seat's bot: ``bot:LEVEL`` (or a spec with parameters where the operator allows them). Its schema is the
server's (``bot_schema``): the enum of levels, or a pattern with ``--bot-specs``."""


def _one_of(allowed: list[str]) -> Any:
    """A string that must be one of ``allowed``: an enum in the schema (a ``Literal`` of a list made at run time
    is no type a checker can see, and the server has no imports under ``TYPE_CHECKING``)."""

    def check(value: str) -> str:
        if value not in allowed:
            raise ValueError(f"one of {', '.join(allowed)}")
        return value

    return AfterValidator(check), WithJsonSchema({"type": "string", "enum": allowed})


Language = Annotated[str, *_one_of(list(i18n.LANGUAGES))]
"""The languages of the texts (``museion.core.i18n.LANGUAGES``): an enum in the schema."""
GameName = Annotated[str, *_one_of(list(museion.available_games()))]
"""The games this server offers (the registry): an enum in the schema."""


def _integral(value: Any) -> Any:
    """JSON does not tell ``2`` from ``2.0`` (JSON Schema calls both integers): an integral float is that integer.
    Anything else is left to the strict check (``"2"``, ``true`` and ``2.5`` stay refused)."""
    return int(value) if isinstance(value, float) and value.is_integer() and abs(value) < 2**53 else value


Int = Annotated[int, BeforeValidator(_integral)]
SeatNumber = Annotated[Int, Field(ge=0, lt=MAX_SEATS)]
Json = Any
Short = Annotated[str, StringConstraints(max_length=64)]
Small = Annotated[Int, Field(ge=-(2**31), le=2**31)]
OptionValue = bool | Small | Short | dict[Annotated[str, StringConstraints(max_length=16)], Small] | None
"""What a game option may be set to in a request (the game then validates the value itself)."""


SeatString = Annotated[str, StringConstraints(min_length=1, max_length=100, pattern="^[ -~]+$"),
                      WithJsonSchema({"type": "string", "x-seat-spec": True})]
"""A seat in a creation request: ``human`` or a bot (``BotSpec``)."""


def bot_schema(levels: list[str], specs: bool, prefixed: bool = True) -> dict[str, Any]:
    """The schema of a bot on this server: a named level (``LEVEL``, or ``bot:LEVEL`` when ``prefixed``), or with
    ``specs`` any printable spec (the server then checks it against its caps)."""
    if specs:
        return {"type": "string", "minLength": 1, "maxLength": 100, "pattern": "^[ -~]+$",
                "description": f"a level ({', '.join(levels)}) or a bot spec such as mcts:sims=400"}
    return {"type": "string", "enum": [*levels, *(f"bot:{level}" for level in levels if prefixed)]}


def with_bots(schema: Any, bot: dict[str, Any]) -> Any:
    """``schema`` (the OpenAPI document) with every bot field's schema replaced by ``bot`` (and every seat's by
    ``human`` or ``bot``)."""
    if isinstance(schema, dict):
        if schema.get("x-bot-spec"):
            return dict(bot)
        if schema.get("x-seat-spec"):
            if "enum" in bot:
                return {**bot, "enum": ["human", *bot["enum"]]}
            return {"anyOf": [{"type": "string", "enum": ["human"]}, dict(bot)]}
        return {k: with_bots(v, bot) for k, v in schema.items()}
    if isinstance(schema, list):
        return [with_bots(v, bot) for v in schema]
    return schema


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# -- REST requests -------------------------------------------------------------------------------------------
class SeatSpec(Strict):
    kind: Literal["human", "bot"]
    bot: BotSpec | None = None

    @model_validator(mode="after")
    def _bot_for_bots(self) -> SeatSpec:
        """A human seat names no bot, a bot seat names its level without the ``bot:`` of the string form."""
        if self.kind == "human" and self.bot is not None:
            raise ValueError("a human seat has no 'bot'")
        if self.kind == "bot" and (self.bot is None or self.bot.startswith("bot:")):
            raise ValueError("a bot seat names its level in 'bot' (e.g. {\"kind\": \"bot\", \"bot\": \"easy\"})")
        return self


class CheckRequest(Strict):
    options: Annotated[dict[Annotated[str, StringConstraints(max_length=40)], OptionValue], Field(max_length=32)
                       ] | None = None


Seconds = Annotated[Int, Field(ge=0, le=60 * 86400)]


class ClockRequest(Strict):
    """A time control: ``none``; ``live`` (``base`` seconds in the bank, ``increment`` seconds added per move,
    Fischer); ``turn`` (``per_move`` seconds for each move, then the ``base`` reserve). ``on_timeout``: a bot of
    level ``bot`` plays the seat until its player comes back, or the seat forfeits (ranked last; the bot plays it
    out). The server checks each mode's bounds and says them."""

    mode: Literal["none", "live", "turn"]
    base: Seconds | None = None
    increment: Seconds | None = None
    per_move: Seconds | None = None
    on_timeout: Literal["bot", "forfeit"] = "bot"
    bot: BotSpec | None = None


class CreateTable(CheckRequest):
    game: GameName
    seats: Annotated[list[SeatString | SeatSpec], Field(min_length=1, max_length=MAX_SEATS)]
    join: SeatNumber | None = None
    name: Name | None = None
    clock: ClockRequest | None = None
    hints: bool | None = None
    """Whether seats may ask the coach for hints (default: yes when a bot plays a seat)."""
    undo: bool = False
    """Whether a player may take back their own moves within their turn (a friendly table; default: no)."""
    rated: bool = False
    """Whether the game changes its players' ratings (signed-in players only; no undo, no hints; bots only of a
    level with a published rating: docs/ratings.md)."""
    accounts_only: bool | None = None
    """Whether only signed-in accounts take its seats (default: yes when the signed-in creator has blocked
    anyone; docs/accounts.md)."""


class CreatorRequest(Strict):
    creator_token: Token


class HandToBot(CreatorRequest):
    bot: BotSpec | None = None


class HeldSeat(Strict):
    table: TableId
    token: Token


class MyTablesRequest(Strict):
    seats: Annotated[list[HeldSeat], Field(max_length=50)]


class JoinRequest(Strict):
    seat: SeatNumber
    name: Name | None = None


class LeaveRequest(Strict):
    token: Token


class ChatRequest(Strict):
    """A seat token of the table: its players' chat (the replay's chat, for those who were there)."""

    token: Token


class ChatLine(BaseModel):
    """One chat message as readers get it: text only (clients show it as text, never as markup or links)."""

    id: str = Field(description="the message's id (to report it)")
    channel: Literal["players", "spectators"]
    seat: int | None = Field(description="the author's seat; null: a spectator")
    guest: str | None = Field(description="a spectator author's label at this table (the same while they watch "
                                          "from the same address); null for a player")
    name: str | None = Field(description="the author's name as given (later: the account's name); null: say the "
                                         "seat's name, or 'spectator GUEST'")
    text: str = Field(description="NFC-normalised, one line, no control or bidirectional-override characters")
    at: float = Field(description="when it was written (Unix time)")


class ChatHistory(BaseModel):
    """The players' chat of a table, for one of its seats (oldest first)."""

    table: str
    seat: int
    messages: list[ChatLine]


class ErrorBody(BaseModel):
    error: str = Field(description="stable machine-readable code")
    message: str = Field(description="what was wrong and what is allowed")
    reason: dict[str, Any] | None = Field(
        None, description="the same as a text of the catalogue (GET /api/texts): {key, args}; an argument may "
                          "itself be {key, args}. Clients say it in their language (docs/web.md)")


class SeatRating(BaseModel):
    rating: int
    provisional: bool = Field(description="fewer than 10 rated games: shown with '?'")


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    name: str
    taken: bool
    standin: str | None = Field(None, description="the bot level playing this seat after its player's timeout")
    forfeit: bool = Field(False, description="the seat forfeited on time: ranked last, its bot plays it out")
    account: bool = Field(False, description="a signed-in account holds the seat: ``name`` is its username, its "
                                             "page /players/NAME")
    rating: SeatRating | None = Field(None, description="at a rated table, the account's rating in this game "
                                                        "and player count")
    bot_account: bool = Field(False, description="the account holding the seat is a bot account (a program: "
                                                 "docs/bot-api.md)")


class ClockInfo(BaseModel):
    """A table's clocks when the message was made; clients count the running seat down themselves."""

    mode: Literal["live", "turn"]
    base: float
    increment: float
    per_move: float
    on_timeout: Literal["bot", "forfeit"]
    bot: str
    left: list[float] = Field(description="seconds each seat has: on its turn what is left, otherwise what its "
                                          "next turn gets")
    running: int | None = Field(description="the seat whose clock runs (a human to move), or null")
    low_at: float = Field(description="seconds below which a clock shows the low-time warning")
    low: list[bool]


class LeftSeat(BaseModel):
    seat: int
    how: Literal["resigned", "claimed", "abandoned", "time"] = Field(
        description="resigned; claimed by another player (out of time or gone); abandoned: its account was "
                    "deleted; time: it forfeited on time")
    n: int = Field(description="the move number when it left")


class Ending(BaseModel):
    """How a finished game ended (docs/web.md, "Ending a game"); seats that left before the end rank last."""

    how: Literal["played", "resigned", "claimed"] = Field(
        description="played: to its end by the rules; resigned: ``seat`` resigned and at most one seat played on; "
                    "claimed: ``by`` claimed the win over ``seat``, out of time or gone")
    seat: int | None
    by: int | None
    n: int | None = Field(description="the move number when it ended early (null: played to the end)")
    left: list[LeftSeat]


class AnalysisRequest(Strict):
    """Asking for the analysis of a finished table: an empty object (nothing to choose; the server's budget)."""


class Invitation(BaseModel):
    """A free seat held for a friend's account (docs/friends.md)."""

    table: str
    seat: int
    game: str
    title: str
    to: str = Field(description="the invited account's username")
    since: float
    by: str = Field(description="the inviting friend's username")


class Empty(Strict):
    """The body of a request that sends nothing but must send JSON (``{}``): a cross-site form cannot."""


class Health(BaseModel):
    ok: bool
    pid: int
