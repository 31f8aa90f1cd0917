"""What the lobby's REST routes answer (``lobby/routes.py``): the games and their texts, rules, tutorials and
guides, the tables and their lists, a browser's tables, a finished table's record, replay and analysis. Answers are
not strict (the server makes them); the OpenAPI document publishes them as the routes' response models."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

from museion.server.edge.models import ClockInfo, Ending, Invitation, Json, SeatInfo


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


class BotLevels(BaseModel):
    """The bots a seat may name at a table of one player count of a game."""

    players: int = Field(description="a player count the game takes")
    levels: list[str] = Field(description="what a seat may name as 'bot:LEVEL' at a table of that many players, "
                                          "weakest first (the bots that do not search, then the levels; 'master' "
                                          "only where it was measured stronger than 'expert': docs/bots.md)")


class GameInfo(BaseModel):
    name: str
    title: str
    options: list[OptionInfo]
    default_players: int
    description: str = Field(description="a short description of the game, in the asked language")
    colours: list[Colour] = Field(description="each seat's colour (empty: the game's seats have none)")
    tutorial: bool = Field(False, description="whether the game has a tutorial (/learn/NAME)")
    guide: bool = Field(False, description="whether the game has rules for players with pictures (/rules/NAME)")
    bots: list[BotLevels] = Field(description="the bots each player count offers, fewest players first")


class Catalogue(BaseModel):
    games: list[GameInfo]
    bot_specs: bool = Field(description="whether this server also accepts bot specs with parameters")


class PluralText(BaseModel):
    counter: str = Field(description="the argument that counts")
    forms: list[str] = Field(description="the language's plural forms (gettext's order)")


class Texts(BaseModel):
    """``GET /api/texts?lang=es``: the catalogue's texts (``museion.core.i18n``) in one language."""

    lang: str = Field(description="the language of the texts (the first supported one asked for, else English)")
    languages: dict[str, str] = Field(description="every supported language, named in itself")
    texts: dict[str, str] = Field(description="key -> template ({name}, {value!t}, {seat!p}; a counted text: its "
                                              "form for many)")
    plurals: dict[str, PluralText] = Field({}, description="each counted text's forms, chosen by its counter")
    parts: dict[str, list[str]] = Field({}, description="a text with several counted words -> its fields, each "
                                                        "the counted text <key>.<field>, said first")
    plural: list[int] = Field([], description="the plural form of each count 0-199 (beyond: 100 + n % 100)")


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


class MyTables(BaseModel):
    tables: list[MyTable]
    waiting: int = Field(description="how many of them wait for this browser's move")
    invitations: list[Invitation] = Field([], description="signed in: seats friends hold for you (take or decline "
                                                          "them at /api/friends/invitations/...)")
    notify_invites: bool = Field(False, description="signed in: whether the account wants invitations announced")


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
