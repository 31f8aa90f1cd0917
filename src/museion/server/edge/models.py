"""The shapes of everything clients send and receive: REST bodies and answers, WebSocket client messages.

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
    RootModel,
    StringConstraints,
    TypeAdapter,
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


# -- REST answers --------------------------------------------------------------------------------------------
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


class Choice(BaseModel):
    value: Json
    label: str


class OptionInfo(BaseModel):
    """One game option as the lobby builds its control (``Game.option_info``)."""

    name: str
    default: Json
    doc: str = Field(description="English documentation for developers")
    type: Literal["bool", "int", "text"] = Field(description="older clients: bool, int or text")
    kind: Literal["bool", "int", "float", "choice", "seat", "text", "placement", "file"]
    label: str = Field(description="the option's name for players, in the asked language")
    help: str = Field(description="what the option does, in the asked language")
    choices: list[Choice] | None = Field(None, description="the values it takes, when they are few")
    min: float | None = None
    max: float | None = None


class Colour(BaseModel):
    key: str = Field(description="the colour's term (white, black, red...)")
    label: str


class GameInfo(BaseModel):
    name: str
    title: str
    options: list[OptionInfo]
    default_players: int
    description: str = Field(description="a short description of the game, in the asked language")
    colours: list[Colour] = Field(description="each seat's colour (empty: the game's seats have none)")
    tutorial: bool = Field(False, description="whether the game has a tutorial (/learn/NAME)")
    guide: bool = Field(False, description="whether the game has rules for players with pictures (/rules/NAME)")


class Catalogue(BaseModel):
    games: list[GameInfo]
    bots: list[str] = Field(description="bot levels a seat may name as 'bot:LEVEL'")
    bot_specs: bool = Field(description="whether this server also accepts bot specs with parameters")


class Texts(BaseModel):
    """``GET /api/texts?lang=es``: the catalogue's texts (``museion.core.i18n``) in one language."""

    lang: str = Field(description="the language of the texts (the first supported one asked for, else English)")
    languages: dict[str, str] = Field(description="every supported language, named in itself")
    texts: dict[str, str] = Field(description="key -> template ({name}, {n:one|many}, {value!t}, {seat!p})")


class Rules(BaseModel):
    game: str
    rules: str
    guide: bool = Field(False, description="whether these are the rules for players (else the specification's "
                                           "summary with rule IDs)")


class TutorialStep(BaseModel):
    say: str = Field(description="what this step teaches, in the asked language")
    view: dict[str, Json] = Field(description="the position shown, as the learner's seat sees it")
    do: str | None = Field(description="the learner's move here in notation; null: a step to read")
    targets: list[str] = Field([], description="the board keys of the learner's move, tapped in order (marked on "
                                               "the board); empty: a step to read, or a move played by its button")
    to_move: int = Field(description="the seat to move at this position (-1: chance or none)")


class Tutorial(BaseModel):
    """``GET /api/games/NAME/tutorial?lang=es``: a tutorial replayed on the engine, step by step."""

    game: str
    title: str
    seat: int = Field(description="the learner's seat")
    options: dict[str, Json] = Field(description="the game's options for the lesson and the game after it")
    bot: str = Field(description="the bot level of the short game that ends the tutorial")
    names: list[str] = Field(description="the seats' names in the asked language")
    steps: list[TutorialStep]


class Picture(BaseModel):
    view: dict[str, Json] = Field(description="a prepared position the board draws")
    mark: list[str] = Field(description="the board parts (click path keys) to mark")
    caption: str
    names: list[str]


class GuideSection(BaseModel):
    title: str
    text: str
    picture: Picture | None = None


class Guide(BaseModel):
    """``GET /api/games/NAME/guide?lang=es``: the rules for players, sections with pictures."""

    game: str
    title: str
    sections: list[GuideSection]


class Checked(BaseModel):
    game: str
    options: dict[str, Json]
    num_players: int


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


class LobbyTable(BaseModel):
    """A table as the lobby lists it (from storage: no state is loaded for the lobby)."""

    id: str
    game: str
    title: str
    options: dict[str, Json]
    num_players: int
    seats: list[SeatInfo]
    status: Literal["open", "running", "finished"]
    created: float
    scores: list[float] | None = None
    winners: list[int] | None = None
    hints: bool = Field(False, description="seats may ask the coach for hints (chosen at creation)")
    undo: bool = Field(False, description="players may take back their own moves within their turn (chosen at "
                                          "creation)")
    rated: bool = Field(False, description="the game changes its players' ratings (chosen at creation; human "
                                           "seats for signed-in accounts only: docs/ratings.md); false once two "
                                           "accounts joined it from one network")
    accounts_only: bool = Field(False, description="only signed-in accounts take its seats (docs/accounts.md)")
    ending: Ending | None = Field(None, description="once finished: how the game ended")


class TableInfo(LobbyTable):
    moves: int
    to_move: int | None
    clock: ClockInfo | None = None


class Created(TableInfo):
    token: str | None = None
    seat: int | None = None
    creator_token: str = Field(description="lets the creator hand an abandoned seat to a bot or re-invite it; "
                                           "keep it secret")


class AnalysisRequest(Strict):
    """Asking for the analysis of a finished table: an empty object (nothing to choose; the server's budget)."""


class AnalysisAnswer(BaseModel):
    """The coach's analysis of a finished table: ``done`` with the analysis (museion.bots.coach), else the job's
    status (``none``: never asked; ``queued``, ``running`` with ``progress`` [decisions done, total]; ``failed``)."""

    status: Literal["none", "queued", "running", "failed", "done"]
    progress: list[int] | None = None
    error: str | None = None
    analysis: dict[str, Json] | None = None


class Handed(BaseModel):
    table: str
    seat: int
    bot: str


class Invited(BaseModel):
    table: str
    seat: int
    invite: str = Field(description="the table's page with the seat to join; the seat's old token no longer works")


class MyTable(BaseModel):
    """A table a browser holds a seat at; ``error`` (not_found, bad_token...) when it is gone or the seat is lost."""

    table: str
    error: str | None = None
    seat: int | None = None
    your_turn: bool = False
    game: str | None = None
    title: str | None = None
    status: Literal["open", "running", "finished"] | None = None
    moves: int | None = None
    to_move: int | None = None
    seats: list[SeatInfo] = []
    clock: ClockInfo | None = None
    winners: list[int] | None = None
    account: bool = Field(False, description="the seat is bound to the signed-in account (found on any device)")


class Invitation(BaseModel):
    """A free seat held for a friend's account (docs/friends.md)."""

    table: str
    seat: int
    game: str
    title: str
    to: str = Field(description="the invited account's username")
    since: float
    by: str = Field(description="the inviting friend's username")


class MyTables(BaseModel):
    tables: list[MyTable]
    waiting: int = Field(description="how many of them wait for this browser's move")
    invitations: list[Invitation] = Field([], description="signed in: seats friends hold for you (take or decline "
                                                          "them at /api/friends/invitations/...)")
    notify_invites: bool = Field(False, description="signed in: whether the account wants invitations announced")


class Empty(Strict):
    """The body of a request that sends nothing but must send JSON (``{}``): a cross-site form cannot."""


class MySeat(BaseModel):
    table: str
    seat: int | None = Field(description="the account's seat here; null: none (a spectator, or an invitation not "
                                         "taken yet)")
    key: str | None = Field(description="send it as the hello's token, with the session cookie (it works with no "
                                        "other); null without a seat")


class Joined(BaseModel):
    table: str
    seat: int
    token: str
    unrated: dict[str, Any] | None = Field(None, description="this join made a rated table unrated (two of its "
                                           "accounts joined from one network): {key, args} of the texts catalogue, "
                                           "said in the player's language (docs/ratings.md)")


class Left(BaseModel):
    table: str
    seat: int
    left: bool


class Counts(BaseModel):
    open: int
    running: int
    finished: int


class TableLists(BaseModel):
    """One page of each list (``status`` given: of that list only), newest first."""

    open: list[LobbyTable]
    running: list[LobbyTable]
    finished: list[LobbyTable]
    total: Counts
    limit: int
    offset: int


class RecordBody(BaseModel):
    model_config = ConfigDict(extra="allow")
    game: str
    options: dict[str, Json]
    actions: list[int]


class ObservedEvent(BaseModel):
    key: str
    args: dict[str, Json]
    text: str


class ObservedMove(BaseModel):
    n: int
    p: int | None
    t: str
    text: str = Field(description="the move in words, in the asked language")
    ev: list[ObservedEvent]


class ObservedRecord(BaseModel):
    """What a spectator has learned of a running game with hidden information (no action ids)."""

    model_config = ConfigDict(extra="allow")
    game: str
    options: dict[str, Json]
    players: list[str]
    complete: Literal[False]
    observer: int | None
    moves: list[ObservedMove]


class RecordAnswer(RootModel[RecordBody | ObservedRecord]):
    """``GET /api/tables/ID/record``: the full record, or while a hidden-information game runs what a spectator
    has learned so far (``complete`` false, no action ids)."""


class ReplayStep(BaseModel):
    model_config = ConfigDict(extra="allow")
    view: dict[str, Json]
    n: int


class Replay(BaseModel):
    table: TableInfo
    record: RecordBody
    steps: list[ReplayStep]


class Health(BaseModel):
    ok: bool
    pid: int


# -- WebSocket client messages -------------------------------------------------------------------------------
class Hello(Strict):
    type: Literal["hello"]
    token: Token | None = None
    lang: Annotated[str, StringConstraints(max_length=8)] | None = None
    """The language of the log's event texts (``museion.core.i18n.LANGUAGES``; anything else means English)."""


class Move(Strict):
    type: Literal["move"]
    seq: Annotated[int, Field(ge=0, le=MAX_SEQ)]
    action: Annotated[int, Field(ge=0, le=MAX_SEQ)] | None = None
    move: Annotated[str, StringConstraints(max_length=MAX_MOVE)] | None = None


class Hint(Strict):
    type: Literal["hint"]
    seq: Annotated[int, Field(ge=0, le=MAX_SEQ)]


class Undo(Strict):
    type: Literal["undo"]
    seq: Annotated[int, Field(ge=0, le=MAX_SEQ)]


class TakebackAsk(Strict):
    """Ask the other players to give your last move back (friendly tables, once your own take-back window has
    passed): refused with the reason unless every step since your move may be taken back (docs/protocol.md)."""

    type: Literal["takeback_request"]


class TakebackAnswer(Strict):
    """Accept or decline the take-back request you were asked."""

    type: Literal["takeback_answer"]
    accept: bool


class Resign(Strict):
    """Give up the game: with at most one other seat playing on it ends and that seat wins; otherwise a bot plays
    your seat to the end and it ranks last (docs/web.md, "Ending a game")."""

    type: Literal["resign"]


class Claim(Strict):
    """Claim ``seat``, whose player ran out of time or left: ``end`` ``win`` (the game ends now: nobody else may
    play on) or ``bot`` (a bot plays that seat to the end, ranked last)."""

    type: Literal["claim"]
    seat: SeatNumber
    end: Literal["win", "bot"]


class Resync(Strict):
    type: Literal["resync"]


class Ping(Strict):
    type: Literal["ping"]


Channel = Literal["players", "spectators"]


class Chat(Strict):
    """A chat message for the table: seated players write to ``players``, spectators to ``spectators`` (the
    default: the writer's own channel). At most ``MAX_CHAT`` characters of one line of text."""

    type: Literal["chat"]
    text: Annotated[str, StringConstraints(max_length=4 * MAX_CHAT)]
    channel: Channel | None = None


class Report(Strict):
    """Report a chat message the client was shown (its ``id``) to the server's operator."""

    type: Literal["report"]
    id: Annotated[str, StringConstraints(min_length=1, max_length=32, pattern=ID_PATTERN)]


ClientMessage = TypeAdapter(Annotated[Hello | Move | Hint | Undo | TakebackAsk | TakebackAnswer | Resign | Claim
                                      | Resync | Ping | Chat | Report,
                                      Field(discriminator="type")])
