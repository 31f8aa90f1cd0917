"""The second factor's API (``totp``: the codes and their storage): set up with the password, turn on with a first
code, turn off with the password and a code. Every call is a change made with the session cookie, so each needs
the CSRF token; the password checks count against the guessing limits like a sign-in."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from museion.server.accounts import models, passwords, totp
from museion.server.accounts.routes import BAD_TOTP, UNAUTHORISED, AccountError, Accounts


def router(service: Accounts) -> APIRouter:
    api = APIRouter(responses=UNAUTHORISED)

    @api.post("/api/me/totp")
    async def set_up(request: Request, response: Response, body: models.TotpStart) -> models.TotpSetup:
        """A new secret for an authenticator app (the password asked; CSRF), shown in this answer only, as a key,
        an ``otpauth://`` URI and a QR code; nothing changes at sign-in until a first code confirms it. 409
        ``totp_on`` while the second factor is on (turn it off first)."""
        account, _token = await service.changing(request)
        await service.check_password(account.username, body.password, _address(request))
        secret = totp.new_secret()
        if not await service.db(service.totp.start, account.id, secret):
            raise AccountError(409, "totp_on", "the second factor is on already; turn it off first to set up "
                               "another device", {"key": "accounts.totp_on", "args": {}})
        response.headers["Cache-Control"] = "no-store"
        link = totp.uri(secret, account.username)
        return models.TotpSetup(secret=secret, uri=link, qr_svg=totp.qr_svg(link))

    @api.post("/api/me/totp/confirm")
    async def confirm(request: Request, body: models.TotpConfirm) -> models.TotpState:
        """Turn the second factor on with a first code of the secret just set up (CSRF): from now on sign-in asks
        for a code, and every other session ends. 409 ``totp_not_started`` without a secret waiting, 400
        ``bad_totp`` for a wrong code (the app's clock, or the key typed wrong)."""
        account, token = await service.changing(request)
        secret = await service.db(service.totp.secret, account.id, False)
        if secret is None:
            raise AccountError(409, "totp_not_started", "set up the second factor first (POST /api/me/totp)",
                               {"key": "accounts.totp_not_started", "args": {}})
        step = totp.matching_step(secret, body.code)
        if step is None or not await service.db(service.totp.spend, account.id, step, True):
            raise AccountError(400, *BAD_TOTP)
        ended = await service.db(service.totp.end_other_sessions, account.id, token)
        return models.TotpState(totp=True, ended=ended)

    @api.delete("/api/me/totp")
    async def turn_off(request: Request, body: models.TotpOff) -> models.TotpState:
        """Turn the second factor off (CSRF): the password and a code of the app, or an unused recovery code when
        the device is lost (that code is spent). A wrong code is a failed sign-in (401 ``bad_totp``)."""
        account, _token = await service.changing(request)
        address = _address(request)
        await service.check_password(account.username, body.password, address, clear=False)
        secret = await service.db(service.totp.secret, account.id, True)
        if secret is not None and not await _code_ok(service, account.id, secret, body.code):
            service.guesses.failed(passwords.username_key(account.username), address)
            raise AccountError(401, *BAD_TOTP)
        service.guesses.succeeded(passwords.username_key(account.username))
        await service.db(service.totp.turn_off, account.id)
        return models.TotpState(totp=False)

    return api


async def _code_ok(service: Accounts, account_id: int, secret: str, code: str) -> bool:
    """A code of the app not used before, or one of the account's recovery codes (spent)."""
    step = totp.matching_step(secret, code)
    if step is not None:
        return bool(await service.db(service.totp.spend, account_id, step))
    return bool(await service.db(service.store.use_code, account_id, code))


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"

