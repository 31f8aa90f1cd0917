"""Request and answer bodies of the account API (strict like ``server.models``: no coercion, no unknown fields,
every string bounded). The rules a username or password must follow are checked by ``passwords`` with an error
that says them; the bounds here only keep what is read small."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field, StringConstraints, WithJsonSchema

from museion.server.accounts.passwords import MAX_PASSWORD, MAX_USERNAME, MIN_PASSWORD, MIN_USERNAME, USERNAME
from museion.server.edge.models import Empty as Empty  # the accounts routes name it here too
from museion.server.edge.models import HeldSeat, Strict

Username = Annotated[str, StringConstraints(max_length=64),
                    WithJsonSchema({"type": "string", "minLength": MIN_USERNAME, "maxLength": MAX_USERNAME,
                                    "pattern": f"^{USERNAME.pattern}$"})]
"""The schema says the username rules (``passwords.check_username`` checks them, with its own error)."""
Password = Annotated[str, StringConstraints(max_length=1024),
                    WithJsonSchema({"type": "string", "minLength": MIN_PASSWORD, "maxLength": MAX_PASSWORD})]
"""The schema says the length rules (``passwords`` checks them and refuses common passwords, with its errors)."""
Code = Annotated[str, StringConstraints(max_length=64)]


class Credentials(Strict):
    username: Username
    password: Password
    seats: Annotated[list[HeldSeat], Field(max_length=50, description="the guest seats this browser holds (table "
                                           "and seat token): each free of an account is bound to this one")] = []


TotpCode = Annotated[str, StringConstraints(max_length=32),
                     WithJsonSchema({"type": "string", "maxLength": 32, "pattern": "^[0-9 ]*$",
                                     "description": "the 6 digits an authenticator app shows (spaces ignored)"})]
"""Checked by ``totp.matching_step`` (any other text is a wrong code: 401 or 400 ``bad_totp``)."""


class SignIn(Credentials):
    totp: TotpCode | None = Field(default=None, description="with the second factor on: the authenticator app's "
                                  "code (without it: 401 totp_required)")


class TotpStart(Strict):
    password: Password = Field(description="the account's password, asked before a second factor is set up")


class TotpConfirm(Strict):
    code: TotpCode


class TotpOff(Strict):
    password: Password = Field(description="the account's password")
    code: Annotated[str, StringConstraints(max_length=64),
                    WithJsonSchema({"type": "string", "maxLength": 64, "pattern": "^[A-Za-z0-9 -]*$"})] = Field(
        description="the authenticator app's code, or an unused recovery code (spent) when the device is lost")


class Recover(Strict):
    username: Username
    code: Code = Field(description="one of the recovery codes shown at sign-up (dashes and case do not matter)")
    password: Password = Field(description="the new password")


class PasswordCheck(Strict):
    password: Password = Field(description="the account's password, asked again before it is deleted")


class NewPassword(Strict):
    password: Password = Field(description="the account's current password")
    new_password: Password


class SignedUp(BaseModel):
    username: str
    attached: int = Field(default=0, description="seats sent in the request that are now bound to the account")
    recovery_codes: list[str] = Field(description="shown once: each sets a new password once (no mail is sent)")
    csrf: str = Field(description="send it as the X-CSRF-Token header with every change made with this session")


class Codes(BaseModel):
    recovery_codes: list[str] = Field(description="shown once; the codes shown before no longer work")


class SignedIn(BaseModel):
    username: str
    csrf: str
    attached: int = Field(default=0, description="seats sent in the request that are now bound to the account")


class Recovered(SignedIn):
    recovery_codes_left: int


class SessionInfo(BaseModel):
    created: float
    expires: float


class Me(BaseModel):
    username: str
    created: float
    csrf: str
    sessions: list[SessionInfo]
    recovery_codes_left: int
    totp: bool = Field(default=False, description="whether sign-in asks for a code of an authenticator app")


class SessionState(BaseModel):
    """``GET /api/session``: the signed-in account, or null for a guest (not an error)."""

    account: Me | None


class AccountData(BaseModel):
    username: str
    created: float
    status: str


class MyData(BaseModel):
    """Everything stored about an account (``GET /api/me/data``)."""

    account: AccountData
    sessions: list[SessionInfo]
    recovery_codes_left: int
    totp: bool = Field(default=False, description="whether the second factor is on (its secret is not given)")
    tables: list[dict[str, Any]] = Field(description="the account's seats: table and seat")
    friends: dict[str, Any] = Field(default_factory=dict, description="friends, friend requests both ways, "
                                    "blocked players, seat invitations both ways, the notification setting "
                                    "(docs/friends.md)")
    ratings: list[dict[str, Any]] = Field(default=[], description="each rating: game, players, mu, sigma, games")
    rating_history: list[dict[str, Any]] = Field(default=[], description="every rated game's change")
    profile: dict[str, Any] = Field(default={}, description="what the account's public page shows")
    last_seen: float | None = Field(default=None, description="when the account was last seen (its friends see "
                                    "whether it is online)")
    seeks: list[dict[str, Any]] = Field(default=[], description="the games the account asked quick pairing for "
                                        "(kept an hour after they ended)")
    chat: list[dict[str, Any]] = Field(default=[], description="the chat lines the account's seats wrote: table, "
                                       "seat, name, text, at (deleted with the account)")
    notices: dict[str, Any] = Field(default={}, description="the e-mail address, the notice choices, the browsers "
                                    "subscribed to Web Push (docs/accounts.md, Notices)")


class TotpSetup(BaseModel):
    secret: str = Field(description="the key in base32, to type into an authenticator app; shown in this answer only")
    uri: str = Field(description="the same key as an otpauth:// URI (RFC 6238: SHA-1, 6 digits, 30 s)")
    qr_svg: str = Field(description="a QR code of the URI, an SVG document made by the server")


class TotpState(BaseModel):
    totp: bool = Field(description="whether sign-in now asks for a code")
    ended: int = Field(default=0, description="other sessions ended (turning it on signs every other browser out)")


class Ended(BaseModel):
    ended: int = Field(description="sessions ended")


class Deleted(BaseModel):
    deleted: bool
