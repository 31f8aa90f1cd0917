"""The WebSocket protocol's shapes, both ways, and the AsyncAPI document generated from them.

Client messages are :data:`museion.server.edge.inbound.ClientMessage` (strict, bounded: they come from anyone); server
messages are the models below, built by the server for one seat in one language and sent as JSON text. The
document served at ``/asyncapi.json`` (AsyncAPI 3.0, beside ``/openapi.json``) is :func:`asyncapi`: the JSON
Schema of each model, so the published protocol is the code's own. Game views are open JSON objects whose shape
each game defines (docs/web.md)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter
from pydantic.json_schema import JsonSchemaMode, models_json_schema

import museion
from museion.server.edge import inbound, models

Json = Any


class LegalMove(BaseModel):
    """One move the seat to move may make: the action id to send, its notation, the move in words for this seat
    and what it touches on the board (its ``targets``)."""

    id: int
    notation: str
    text: str
    targets: list[str] = Field(description="the board keys the move touches, in the order a player clicks them to "
                               "make it (the game's targets.py); the board draws a region under each key a legal "
                               "move names, and the preview, the coach's marks and the tutorial mark them; empty: "
                               "the move is played from the move list")


class HintedMove(LegalMove):
    """A legal move the coach suggests, with the mover's estimated win chance after it (0 to 1)."""

    chance: float = Field(ge=0.0, le=1.0)
    tied: bool = Field(False, description="the search cannot tell this move from the first one (its chance differs "
                                          "by noise only); always false for the first")


class LogEvent(BaseModel):
    """Something a move made happen, as this seat learned it: a text key, its arguments and the text itself."""

    key: str
    args: dict[str, Json]
    text: str


class LogEntry(BaseModel):
    """One action of the game as this seat learned it (``p``: the seat that made it, null for chance)."""

    n: int
    p: int | None
    t: str = Field(description="the move's notation as this seat may see it")
    text: str = Field(description="the move in words")
    ev: list[LogEvent]


class Notice(BaseModel):
    """What the table log says besides moves (a timeout, a seat handed to a bot), after move ``n``."""

    n: int
    key: str
    args: dict[str, Json]
    text: str


class ScorePart(BaseModel):
    """One line of the final score breakdown; ``values[seat]`` is null where that seat's points are hidden."""

    key: str
    label: str
    detail: str | None
    values: list[int | float | None]


class LastMove(BaseModel):
    """The last move and the chance steps after it: the log index it starts at and the board keys its moves
    touched (their ``targets`` when they were legal moves; empty when some observer saw the move only in part)."""

    from_: int = Field(alias="from")
    targets: list[str]


class RatingChange(BaseModel):
    """A player's rating after a rated game (docs/ratings.md): the displayed ratings before and after."""

    before: int
    after: int
    change: int
    games: int = Field(description="rated games of this game and player count, this one included")
    rank: int = Field(description="finishing rank, 0 the best (a seat abandoned on time ranks last)")
    provisional: bool = Field(description="fewer than 10 rated games: the rating is still provisional")
    abandoned: bool = Field(False, description="the player's clock ran out and a bot finished the game: a loss")
    counted: bool = Field(True, description="false: the game changed no rating, the player's fourth rated game (or "
                                            "later) against the same account within 24 hours (docs/ratings.md)")


class Claimable(BaseModel):
    """A seat whose player ran out of time or left, and the claims open on it (``{"type": "claim"}``)."""

    seat: int
    win: bool = Field(description="the game may end now with the claimant winning (nobody else plays on)")
    bot: bool = Field(description="a bot may take the seat over for good (it ranks last)")


class TakebackPending(BaseModel):
    seat: int = Field(description="the seat that asked for its last move back")
    asked: list[int] = Field(description="the seats whose players must accept (every other human seat)")
    accepted: list[int] = Field(description="those who accepted so far")


class StateMessage(BaseModel):
    """What a seat (or a spectator, ``seat`` null) sees now; sent after every change. ``full``: the log is
    complete (a resync); otherwise it continues at entry ``log_from``."""

    type: Literal["state"] = "state"
    table: str
    game: str
    title: str
    seq: int = Field(description="the sequence number: a move or hint names the state it was made in")
    seat: int | None
    full: bool
    status: Literal["open", "running", "finished"]
    to_move: int | None
    view: dict[str, Json] = Field(description="the game's view for this seat (hidden information left out)")
    legal: list[LegalMove] = Field(description="this seat's legal moves on its turn, else empty")
    log: list[LogEntry]
    log_from: int
    scores: list[int | float] | None
    winners: list[int] | None
    seats: list[models.SeatInfo]
    clock: models.ClockInfo | None
    notices: list[Notice]
    hints: bool
    breakdown: list[ScorePart] | None
    undo: bool = Field(description="players may take back their own moves within their turn (a table option)")
    can_undo: bool = Field(description="this seat may take its last move back now")
    last: LastMove | None
    rated: bool = Field(False, description="the game changes its players' ratings (chosen at creation)")
    rating: RatingChange | None = Field(None, description="a finished rated game: this seat's rating change (each "
                                                          "player is told only their own)")
    ending: models.Ending | None = Field(None, description="once finished: how the game ended")
    claims: list[Claimable] = Field([], description="the seats this seat may claim now (their players left)")
    takeback: TakebackPending | None = Field(None, description="a take-back request waiting for answers (friendly "
                                                              "tables): who asked, who must answer, who accepted")


class HintMessage(BaseModel):
    """The coach's best moves for the asker's turn (best first), to the asker only."""

    type: Literal["hint"] = "hint"
    seq: int
    seat: int
    moves: list[HintedMove]


class ErrorMessage(BaseModel):
    """A refusal, to the sender only: nothing changed. ``seq``: the table's sequence number (null before hello)."""

    type: Literal["error"] = "error"
    code: str
    message: str
    seq: int | None = None


class Pong(BaseModel):
    """The answer to a ping."""

    type: Literal["pong"] = "pong"


class ChatMessage(BaseModel):
    """Chat lines for this client: each new message of a channel it reads, as it is written, and after the hello
    the channel's recent ones, if any (``backlog``). Players read the players' channel, spectators the spectators'."""

    type: Literal["chat"] = "chat"
    table: str
    backlog: bool = Field(description="true: the recent messages, sent once after the hello; false: new ones")
    you: str | None = Field(description="to a spectator, in its backlog and with its own new line: its own label "
                                        "(``guest``) at this table; else null")
    messages: list[models.ChatLine]


class Reported(BaseModel):
    """A report was kept for the operator (``id``: the message reported), to the reporter only."""

    type: Literal["reported"] = "reported"
    id: str


ServerMessage = TypeAdapter(Annotated[StateMessage | HintMessage | ErrorMessage | Pong | ChatMessage | Reported,
                                      Field(discriminator="type")])
"""Every message the server sends (tests validate what a played game sends against it)."""

CLIENT: list[tuple[str, type[BaseModel], str]] = [
    ("hello", inbound.Hello, "first message: the seat token (null: spectator) and the language of the texts"),
    ("move", inbound.Move, "a move for the state numbered seq: its action id, or its notation in 'move'"),
    ("hint", inbound.Hint, "ask the coach for your best moves (tables that allow hints)"),
    ("undo", inbound.Undo, "take back your last move of this turn (tables that allow undo)"),
    ("takeback_request", inbound.TakebackAsk, "ask the others to give your last move back (tables that allow undo)"),
    ("takeback_answer", inbound.TakebackAnswer, "accept or decline the take-back request you were asked"),
    ("resign", inbound.Resign, "give up the game (docs/web.md, 'Ending a game')"),
    ("claim", inbound.Claim, "claim a seat whose player ran out of time or left: win now, or a bot takes it"),
    ("resync", inbound.Resync, "ask for the full state again"),
    ("ping", inbound.Ping, "keep the connection alive; answered with pong"),
    ("chat", inbound.Chat, "a chat message: players write to the players' channel, spectators to the spectators'"),
    ("report", inbound.Report, "report a chat message you were shown to the server's operator"),
]
SERVER: list[tuple[str, type[BaseModel], str]] = [
    ("state", StateMessage, "the table as this seat sees it, after every change"),
    ("hint", HintMessage, "the answer to a hint"),
    ("error", ErrorMessage, "a refusal: what was wrong and what is allowed"),
    ("pong", Pong, "the answer to a ping"),
    ("chat", ChatMessage, "chat messages of a channel this client reads (its recent ones after the hello)"),
    ("reported", Reported, "a report was kept for the operator"),
]
REF = "#/components/schemas/{model}"


def asyncapi() -> dict[str, Any]:
    """The WebSocket protocol as an AsyncAPI 3.0 document (the server's view: it receives the client's messages
    and sends its own), every payload the JSON Schema of its model."""
    sides: list[tuple[str, list[tuple[str, type[BaseModel], str]], JsonSchemaMode]] = [
        ("client", CLIENT, "validation"), ("server", SERVER, "serialization")]
    keys, top = models_json_schema([(model, mode) for _, listed, mode in sides for _, model, _ in listed],
                                   ref_template=REF)
    messages: dict[str, Any] = {}
    for side, listed, mode in sides:
        for name, model, summary in listed:
            messages[f"{side}.{name}"] = {"name": name, "title": model.__name__, "summary": summary,
                                          "contentType": "application/json", "payload": keys[(model, mode)]}
    refs = {key: {"$ref": f"#/components/messages/{key}"} for key in messages}
    channel = "#/channels/table/messages/{}"
    return {
        "asyncapi": "3.0.0",
        "info": {"title": "museion table protocol", "version": museion.__version__,
                 "description": "One WebSocket per table and client: JSON text frames. Send hello first; every "
                                "later message is a move, hint, undo, takeback_request, takeback_answer, resign, "
                                "claim, resync, ping, chat or "
                                "report. The server answers with state, hint, error, pong, chat and reported messages "
                                "(docs/protocol.md)."},
        "defaultContentType": "application/json",
        "channels": {"table": {
            "address": "/ws/tables/{table_id}", "title": "a table", "messages": refs,
            "parameters": {"table_id": {"description": "the table's id (from the lobby)"}}}},
        "operations": {
            "receiveClientMessages": {
                "action": "receive", "channel": {"$ref": "#/channels/table"}, "summary": "what a client sends",
                "messages": [{"$ref": channel.format(key)} for key in messages if key.startswith("client.")]},
            "sendServerMessages": {
                "action": "send", "channel": {"$ref": "#/channels/table"}, "summary": "what the server sends",
                "messages": [{"$ref": channel.format(key)} for key in messages if key.startswith("server.")]},
        },
        "components": {"messages": messages, "schemas": top.get("$defs", {})},
    }
