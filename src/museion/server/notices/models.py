"""Request and answer bodies of the notices API (strict like ``server.models``: no coercion, no unknown fields,
every string bounded)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from museion.server.edge.models import Language, Strict

EMAIL_MAX = 254
"""RFC 5321's limit of a forward path."""


class NewEmail(Strict):
    email: Annotated[str, StringConstraints(max_length=320)] = Field(
        description="the address (name@domain, at most 254 characters); a code is mailed to it")
    lang: Language = Field(default="en", description="the language of the mails")


class Code(Strict):
    code: Annotated[str, StringConstraints(max_length=32)] = Field(description="the code of the mail")


class Choices(Strict):
    turn: bool = Field(description="your turn at a turn-based table while you are not watching it")
    invite: bool = Field(description="a friend holds a seat for you")
    friend: bool = Field(description="someone asks to be your friend")
    digest: bool = Field(description="mail: one a day with everything instead of one per notice")
    lang: Language | None = Field(default=None, description="the language of the mails (default: unchanged)")


class Keys(Strict):
    p256dh: Annotated[str, StringConstraints(max_length=200, pattern=r"^[A-Za-z0-9_=-]+$")]
    auth: Annotated[str, StringConstraints(max_length=100, pattern=r"^[A-Za-z0-9_=-]+$")]


class Subscription(Strict):
    """A browser's ``PushSubscription.toJSON()`` (without ``expirationTime``) and the notices' language."""

    endpoint: Annotated[str, StringConstraints(max_length=1000)]
    keys: Keys
    lang: Language = "en"
    expirationTime: float | None = None  # noqa: N815 - the browser's own name


class Endpoint(Strict):
    endpoint: Annotated[str, StringConstraints(max_length=1000)]


class Email(BaseModel):
    address: str = Field(description="shown to its owner only")
    verified: bool
    language: str


class Notices(BaseModel):
    """``GET /api/me/notifications``: what the account is told, where, and what this server can send."""

    email: Email | None
    turn: bool
    invite: bool
    friend: bool
    digest: bool
    stopped: bool = Field(description="every mail stopped by the one-click unsubscribe (saving choices ends it)")
    mail: bool = Field(description="whether this server sends mail (--smtp-url)")
    browsers: int = Field(description="browsers subscribed to Web Push")
    vapid_public_key: str = Field(description="the applicationServerKey to subscribe a browser with")


class Done(BaseModel):
    done: bool = True
