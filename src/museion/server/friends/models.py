"""Request and answer bodies of the friends API (strict like ``server.models``: no coercion, no unknown fields,
every string bounded). A username's form is checked by the routes with an error saying the rules."""

from __future__ import annotations

from pydantic import BaseModel, Field

from museion.server.accounts.models import Username
from museion.server.edge.models import Invitation, Name, SeatNumber, Strict, TableId


class Named(Strict):
    username: Username


class SeatRef(Strict):
    table: TableId
    seat: SeatNumber


class Invite(SeatRef):
    username: Username = Field(description="a friend's username")


class Take(SeatRef):
    name: Name | None = Field(default=None, description="your name at the table (default: your username)")


class Settings(Strict):
    notify_invites: bool = Field(description="announce invitations (a notice on the lobby and My tables, and a "
                                             "browser notification where allowed)")


class Someone(BaseModel):
    username: str
    since: float


class Overview(BaseModel):
    friends: list[Someone]
    incoming: list[Someone] = Field(description="friend requests waiting for your answer")
    outgoing: list[Someone] = Field(description="your requests not answered yet, by the name as you typed it")
    blocked: list[Someone]
    invitations: list[Invitation] = Field(description="seats held for you")
    invited: list[Invitation] = Field(description="seats you hold for friends")
    notify_invites: bool


class Sent(BaseModel):
    username: str = Field(description="the name as sent")
    status: str = Field(description="sent (waiting for an answer) or friends (they had asked you)")


class Done(BaseModel):
    username: str | None = None
    table: str | None = None
    seat: int | None = None
    done: bool = True


class Taken(BaseModel):
    table: str
    seat: int
    token: str = Field(description="the seat token (the seat is bound to your account too)")
