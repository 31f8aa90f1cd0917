"""What a client sends on the WebSocket (``/ws/tables/{id}``): one strict model per message type, parsed by
the one discriminated union :data:`ClientMessage` (a message from anyone: every field bounded, nothing coerced).
The server's side of the conversation is :mod:`messages`; both are in the AsyncAPI document."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, TypeAdapter

from museion.server.edge.models import ID_PATTERN, MAX_CHAT, MAX_MOVE, MAX_SEQ, SeatNumber, Strict, Token


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
