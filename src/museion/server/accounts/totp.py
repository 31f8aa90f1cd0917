"""A second factor: time-based one-time codes (TOTP, RFC 6238: HMAC-SHA1, 6 digits, 30-s steps, as every
authenticator app reads an ``otpauth://`` URI), optional for each account (docs/accounts.md).

An account sets it up with its password (a new random secret, shown once with its QR code), turns it on with a
first code, and from then on signs in with its password and a code. A code is accepted one step early or late
(a phone's clock drifts) and only once: the step of the last code accepted is stored, and a code of that step or
an earlier one is refused (a code seen over a shoulder or in a proxy's memory cannot be replayed). The secret
stays on the server: it is in the answer that sets it up and nowhere else a client can read (not in
``GET /api/me``, not in the data download), in no URL and in no log.
"""

from __future__ import annotations

import hmac
import io
import re
import time
from typing import Any

import pyotp
import segno
from sqlalchemy import Engine, delete, insert, select, update

from museion.server.accounts.schema import sessions_t, totp_t
from museion.server.accounts.store import session_id

ISSUER = "Museion"
"""The name an authenticator app shows above the code."""
STEP = 30
DRIFT = 1
"""Steps accepted before and after the server's own (RFC 6238 section 5.2 recommends at most one)."""
CODE = re.compile(r"[0-9]{6}")


def new_secret() -> str:
    """160 random bits in base32 (RFC 4226 asks for at least 128; 160 is what HMAC-SHA1 uses in full)."""
    return pyotp.random_base32()


def uri(secret: str, username: str) -> str:
    """The ``otpauth://`` URI an authenticator app reads (from the QR code or typed in)."""
    return pyotp.TOTP(secret).provisioning_uri(name=username, issuer_name=ISSUER)


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as an SVG document made here (segno), dark on white whatever the page's colours, with
    the quiet zone scanners need; a ``viewBox`` and no size, so that the page sizes it whole (the page names it in
    the player's language)."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=5, border=4, dark="#000", light="#fff", xmldecl=False,
                                     svgns=True, svgclass="totp-qr", lineclass=None, omitsize=True)
    return out.getvalue().decode()


def normalise(code: str) -> str:
    """A code as typed: spaces (an app shows ``123 456``) do not matter."""
    return re.sub(r"\s", "", code)


def matching_step(secret: str, code: str, now: float | None = None) -> int | None:
    """The time step ``code`` belongs to (the server's step, one before or one after), or ``None``."""
    code = normalise(code)
    if not CODE.fullmatch(code):
        return None
    totp = pyotp.TOTP(secret)
    current = int((time.time() if now is None else now) // STEP)
    for step in range(current - DRIFT, current + DRIFT + 1):
        if hmac.compare_digest(totp.generate_otp(step), code):
            return step
    return None


class TotpStore:
    """The ``account_totp`` rows: synchronous calls on the server's engine (the routes run them in a thread)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def start(self, account_id: int, secret: str) -> bool:
        """Keep a new secret waiting for its first code (replacing one that waits); ``False`` when it is on."""
        with self.engine.begin() as conn:
            row = conn.execute(select(totp_t.c.confirmed).where(totp_t.c.account_id == account_id)).first()
            if row is not None and row.confirmed:
                return False
            conn.execute(delete(totp_t).where(totp_t.c.account_id == account_id))
            conn.execute(insert(totp_t).values(account_id=account_id, secret=secret, confirmed=0, last_step=None,
                                               created=time.time()))
        return True

    def secret(self, account_id: int, confirmed: bool) -> str | None:
        """The account's secret if it is on (``confirmed``) or waiting for its first code (not ``confirmed``)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(totp_t.c.secret).where(totp_t.c.account_id == account_id,
                                                               totp_t.c.confirmed == int(confirmed))).scalar()
        return None if found is None else str(found)

    def is_on(self, account_id: int) -> bool:
        return self.secret(account_id, True) is not None

    def spend(self, account_id: int, step: int, confirm: bool = False) -> bool:
        """Accept a code of ``step`` once: only if no code of this step or a later one was accepted before (one
        conditional update, so two requests racing with one code cannot both pass). ``confirm`` turns it on."""
        values: dict[str, Any] = {"last_step": step, **({"confirmed": 1} if confirm else {})}
        with self.engine.begin() as conn:
            done = conn.execute(update(totp_t).where(
                totp_t.c.account_id == account_id, totp_t.c.confirmed == int(not confirm),
                (totp_t.c.last_step.is_(None)) | (totp_t.c.last_step < step)).values(**values)).rowcount
        return bool(done == 1)

    def end_other_sessions(self, account_id: int, token: str) -> int:
        """Every session but this one ends (they were opened with the password alone)."""
        with self.engine.begin() as conn:
            return conn.execute(delete(sessions_t).where(sessions_t.c.account_id == account_id,
                                                         sessions_t.c.id != session_id(token))).rowcount

    def turn_off(self, account_id: int) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(totp_t).where(totp_t.c.account_id == account_id))

