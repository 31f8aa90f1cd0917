"""The account API: sign-up, sign-in and out, the account itself, recovery (documented in ``docs/accounts.md``).

A session is a random value in a cookie (``HttpOnly``, ``SameSite=Lax``, ``Secure`` and ``__Host-`` prefixed
when the page came over HTTPS) and a server-side row that can be ended (sign out, log out everywhere, password
reset, suspension). Every change made with the cookie must carry the session's CSRF token in the
``X-CSRF-Token`` header: a page of another site can make the browser send the cookie, never read the token.
Password checks run in a worker thread, two at a time at most (``HashSlots``), so the event loop never waits
for a hash, and each one counts against the caller's network (``limit_signin``).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from typing import Any

from fastapi import APIRouter, FastAPI, Request, Response
from limits import parse_many
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter
from starlette.requests import HTTPConnection, cookie_parser

from museion.core.errors import Reason
from museion.server.accounts import models, passwords, totp
from museion.server.accounts.store import SESSION_DAYS, Account, AccountStore, Taken
from museion.server.accounts.throttle import Guesses, network
from museion.server.edge.models import ErrorBody

COOKIE = "museion_session"
SECURE_COOKIE = "__Host-museion_session"
"""Over HTTPS: the prefix makes the browser refuse the cookie unless it is Secure, for this host only, on path /
(a sibling subdomain cannot plant one: session fixation)."""
CSRF_HEADER = "x-csrf-token"
MAX_TOKEN = 64
HASH_SLOTS = 2
HASH_QUEUE = 16
UNAUTHORISED: dict[int | str, dict[str, Any]] = {401: {"model": ErrorBody}}

DELETED_SEATS = 10_000
"""A deleted account's seats handed to bots at most (its newest tables first; finished ones are left as they are)."""


class AccountError(Exception):
    def __init__(self, status: int, code: str, message: str, reason: Reason | None = None,
                 retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.reason, self.retry_after = status, code, reason, retry_after


BAD_CREDENTIALS = ("bad_credentials", "wrong username or password")
"""The one answer for an unknown username and a wrong password (and a wrong recovery code)."""
BAD_TOTP = ("bad_totp", "wrong code, or a code already used: wait for the next one of your authenticator app")


class HashSlots:
    """At most ``HASH_SLOTS`` Argon2id hashes at once in worker threads, ``HASH_QUEUE`` more waiting; beyond,
    503: a flood of password checks queues no unbounded work."""

    def __init__(self) -> None:
        self.slots = asyncio.Semaphore(HASH_SLOTS)
        self.waiting = 0

    async def run(self, fn: Any, *args: Any) -> Any:
        if self.waiting >= HASH_QUEUE:
            raise AccountError(503, "busy", "the server is checking many passwords; try again in a few seconds")
        self.waiting += 1
        try:
            async with self.slots:
                return await asyncio.to_thread(fn, *args)
        finally:
            self.waiting -= 1


class Accounts:
    """The account service of one server: storage, throttles, rate limits and hash slots."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        config = app.state.config
        self.guesses = Guesses(config.signin_free, config.signin_free_network)
        self.limiter = SlidingWindowCounterRateLimiter(MemoryStorage())
        self.limits = {"signup": parse_many(config.limit_signup), "signin": parse_many(config.limit_signin)}
        self.hashes = HashSlots()
        self._store: AccountStore | None = None
        self._totp: totp.TotpStore | None = None
        self.bearer: Any = None
        """Personal API tokens (``botapi.install``): ``await bearer(conn)`` is the account and token of an
        ``Authorization: Bearer`` header (401/403 for a bad one), or None without that header."""

    @property
    def store(self) -> AccountStore:
        if self._store is None:  # the Store (and its engine) exists once the application has started
            self._store = AccountStore(self.app.state.manager.store.engine)
        return self._store

    @property
    def totp(self) -> totp.TotpStore:
        if self._totp is None:
            self._totp = totp.TotpStore(self.app.state.manager.store.engine)
        return self._totp

    def limit(self, name: str, address: str) -> None:
        """Count one request of ``name`` against the caller's network, or refuse it (429)."""
        key = network(address)
        for item in self.limits[name]:
            if not self.limiter.test(item, name, key):
                wait = self.limiter.get_window_stats(item, name, key).reset_time - time.time()
                raise AccountError(429, "rate_limited", f"too many requests of this kind from your network; try "
                                   f"again in {max(1, round(wait))} s", retry_after=max(1.0, wait))
        for item in self.limits[name]:
            self.limiter.hit(item, name, key)

    async def db(self, fn: Any, *args: Any) -> Any:
        return await asyncio.to_thread(fn, *args)

    async def check_password(self, username: str, password: str, address: str, clear: bool = True) -> Account:
        """The account whose password this is, or the same 401 for an unknown username and a wrong password
        (both cost one hash: the unknown one is checked against a dummy). Guesses are held back (``throttle``);
        a right password clears the account's count unless a code must follow (``clear=False``: else every
        guess of a code sent with the right password would start the count again)."""
        key = passwords.username_key(username)
        wait = self.guesses.wait(key, address)
        if wait > 0:
            raise _delayed(wait)
        self.limit("signin", address)
        account: Account | None = await self.db(self.store.find, username)
        stored = account.password_hash if account is not None else await self.db(passwords.dummy_hash)
        right = await self.hashes.run(passwords.verify, stored, passwords.normalise(password))
        if account is None or not right:
            self.guesses.failed(key, address)
            raise AccountError(401, *BAD_CREDENTIALS)
        if clear:
            self.guesses.succeeded(key)
        if account.status != "active":
            raise AccountError(403, "suspended", "this account is suspended by the server's operator")
        if passwords.HASHER.check_needs_rehash(account.password_hash):
            new = await self.hashes.run(passwords.hash_password, passwords.normalise(password))
            await self.db(self.store.set_password, account.id, new, False)
        return account

    async def second_factor(self, account: Account, code: str | None, address: str) -> None:
        """After the right password: with the second factor on, the code of the authenticator app (401
        ``totp_required`` without one; a wrong or used code is a failed sign-in, held back like a wrong password).
        Then the account's guess count is cleared."""
        key = passwords.username_key(account.username)
        secret = await self.db(self.totp.secret, account.id, True)
        if secret is not None:
            if not code:
                raise AccountError(401, "totp_required", "this account has a second factor: send the code of your "
                                   "authenticator app as 'totp'", {"key": "accounts.totp_required", "args": {}})
            step = totp.matching_step(secret, code)
            if step is None or not await self.db(self.totp.spend, account.id, step):
                self.guesses.failed(key, address)
                raise AccountError(401, *BAD_TOTP)
        self.guesses.succeeded(key)

    async def signed_in(self, request: Request) -> tuple[Account, str]:
        """The account of the request's session cookie and the cookie's value (or of its bearer token and the
        token), or 401."""
        if self.bearer is not None and (found := await self.bearer(request)) is not None:
            return found  # type: ignore[no-any-return]
        token = session_token(request)
        account = None if token is None else await self.db(self.store.session, token)
        if account is None or token is None:
            raise AccountError(401, "not_signed_in", "sign in first (no session, or it has ended)")
        return account, token

    async def session_of(self, conn: HTTPConnection) -> tuple[Account, str] | None:
        """The account and cookie value of a request's or WebSocket's session (or bearer token), if it has one
        (one read)."""
        if self.bearer is not None and (found := await self.bearer(conn)) is not None:
            return found  # type: ignore[no-any-return]
        token = session_token(conn)
        account = None if token is None else await self.db(self.store.session, token)
        return None if account is None or token is None else (account, token)

    async def changing(self, request: Request) -> tuple[Account, str]:
        """The account of a request that changes something with the session cookie: its CSRF token must come
        in the ``X-CSRF-Token`` header, else 403."""
        account, token = await self.signed_in(request)
        if "authorization" in request.headers and self.bearer is not None:
            return account, token  # a bearer token is no ambient credential a page of another site could send
        sent = request.headers.get(CSRF_HEADER, "")
        if not hmac.compare_digest(sent.encode(), csrf_token(token).encode()):
            raise AccountError(403, "csrf", "this request changes your account: send the X-CSRF-Token header with "
                                            "the token from POST /api/session or GET /api/me")
        return account, token

    async def attach(self, account: Account, body: models.Credentials) -> int:
        """Bind the guest seats the browser sent to the account (your seats follow you)."""
        return int(await self.app.state.manager.lobby.attach(account.id, [(s.table, s.token) for s in body.seats]))

    async def start_session(self, request: Request, response: Response, account: Account) -> str:
        """A new session for ``account``: a new random value in the cookie, whatever the browser sent (a session
        value planted before sign-in is never the one after), and the session it held before ended."""
        token = secrets.token_urlsafe(32)
        await self.db(self.store.start_session, account.id, token, session_token(request))
        secure = request.url.scheme == "https"
        response.set_cookie(SECURE_COOKIE if secure else COOKIE, token, max_age=SESSION_DAYS * 86400, path="/",
                            secure=secure, httponly=True, samesite="lax")
        return csrf_token(token)


def session_token(request: HTTPConnection) -> str | None:
    """The session cookie's value (only the ``__Host-`` one over HTTPS), if it has a plausible length."""
    name = SECURE_COOKIE if request.url.scheme in ("https", "wss") else COOKIE
    token = request.cookies.get(name)
    return token if token and len(token) <= MAX_TOKEN else None


def session_headers(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """Of a WebSocket's request headers, those its hello needs: a cookie header with the session cookie alone
    and a bearer token's ``authorization`` (a socket keeps nothing else for its lifetime, issue 24)."""
    cookies = cookie_parser(b"; ".join(value for name, value in headers if name == b"cookie").decode("latin-1"))
    kept = [f"{name}={cookies[name]}" for name in (COOKIE, SECURE_COOKIE) if name in cookies]
    bearer = [(name, value) for name, value in headers if name == b"authorization"][:1]
    return ([(b"cookie", "; ".join(kept).encode("latin-1"))] if kept else []) + bearer


def csrf_token(token: str) -> str:
    """The CSRF token of a session: derived from the cookie's value, so it needs no storage and ends with it."""
    return hashlib.sha256(b"museion-csrf\0" + token.encode()).hexdigest()


def seat_key(token: str, table_id: str, seat: int) -> str:
    """The seat credential a signed-in player's WebSocket hello sends for a seat bound to the account (from
    ``POST /api/tables/ID/my-seat``): derived from the session's cookie value like the CSRF token, so it is
    stored nowhere, ends with the session and works only with that session's cookie."""
    return hashlib.sha256(f"museion-seat\0{token}\0{table_id}\0{seat}".encode()).hexdigest()


def forget_cookie(request: Request, response: Response) -> None:
    secure = request.url.scheme == "https"
    response.delete_cookie(SECURE_COOKIE if secure else COOKIE, path="/", secure=secure, httponly=True,
                           samesite="lax")


def _delayed(wait: float) -> AccountError:
    seconds = max(1, round(wait))
    return AccountError(429, "signin_delayed", f"too many failed sign-ins for this account or from your network; "
                        f"try again in {seconds} s", {"key": "accounts.signin_delayed", "args": {"seconds": seconds}},
                        retry_after=seconds)


def _refused(exc: passwords.Refused) -> AccountError:
    return AccountError(400, exc.code, str(exc), exc.reason)


def _client(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def router(service: Accounts) -> APIRouter:
    api = APIRouter(responses=UNAUTHORISED)

    @api.post("/api/accounts", status_code=201)
    async def sign_up(request: Request, response: Response, body: models.Credentials) -> models.SignedUp:
        """Create an account (and sign in with it). The recovery codes are shown in this answer only."""
        try:
            username = passwords.check_username(body.username)
            password = passwords.check_password(body.password, username)
        except passwords.Refused as exc:
            raise _refused(exc) from None
        service.limit("signup", _client(request))
        codes = passwords.new_recovery_codes()
        hashed = await service.hashes.run(passwords.hash_password, password)
        try:
            account = await service.db(service.store.create, username, hashed, codes)
        except Taken:
            raise AccountError(409, "username_taken", "this username has an account already; choose another",
                               {"key": "accounts.username_taken", "args": {}}) from None
        csrf = await service.start_session(request, response, account)
        attached = await service.attach(account, body)
        return models.SignedUp(username=account.username, recovery_codes=codes, csrf=csrf, attached=attached)

    @api.post("/api/session")
    async def sign_in(request: Request, response: Response, body: models.SignIn) -> models.SignedIn:
        """Sign in: sets the session cookie (a new one, the old session ended) and answers its CSRF token. With
        the second factor on, the authenticator app's code too (``totp``)."""
        account = await service.check_password(body.username, body.password, _client(request), clear=False)
        await service.second_factor(account, body.totp, _client(request))
        csrf = await service.start_session(request, response, account)
        return models.SignedIn(username=account.username, csrf=csrf, attached=await service.attach(account, body))

    @api.delete("/api/session")
    async def sign_out(request: Request, response: Response, _body: models.Empty | None = None) -> models.Ended:
        """End this session (CSRF token needed)."""
        _account, token = await service.changing(request)
        await service.db(service.store.end_session, token)
        forget_cookie(request, response)
        return models.Ended(ended=1)

    @api.delete("/api/sessions")
    async def sign_out_everywhere(request: Request, response: Response, _body: models.Empty | None = None
                                  ) -> models.Ended:
        """Log out everywhere: every session of the account ends, this one too (CSRF token needed)."""
        account, _token = await service.changing(request)
        ended = await service.db(service.store.end_sessions, account.id)
        forget_cookie(request, response)
        return models.Ended(ended=ended)

    @api.post("/api/accounts/recover")
    async def recover(request: Request, response: Response, body: models.Recover) -> models.Recovered:
        """Set a new password with a recovery code (each works once); every session ends and a new one starts."""
        try:
            password = passwords.check_password(body.password, body.username)
        except passwords.Refused as exc:
            raise _refused(exc) from None
        key, address = passwords.username_key(body.username), _client(request)
        wait = service.guesses.wait(key, address)
        if wait > 0:
            raise _delayed(wait)
        service.limit("signin", address)
        account = await service.db(service.store.find, body.username)
        if account is None or not await service.db(service.store.use_code, account.id, body.code):
            service.guesses.failed(key, address)
            raise AccountError(401, "bad_recovery", "wrong username or recovery code")
        service.guesses.succeeded(key)
        if account.status != "active":
            raise AccountError(403, "suspended", "this account is suspended by the server's operator")
        hashed = await service.hashes.run(passwords.hash_password, password)
        await service.db(service.store.set_password, account.id, hashed)
        csrf = await service.start_session(request, response, account)
        left = (await service.db(service.store.overview, account.id))["recovery_codes_left"]
        return models.Recovered(username=account.username, csrf=csrf, recovery_codes_left=left)

    async def overview(account: Account, token: str) -> models.Me:
        found = await service.db(service.store.overview, account.id)
        return models.Me(username=account.username, created=account.created, csrf=csrf_token(token), **found)

    @api.get("/api/me")
    async def me(request: Request) -> models.Me:
        """The signed-in account (401 for a guest): name, sessions open, recovery codes left, CSRF token."""
        return await overview(*await service.signed_in(request))

    @api.get("/api/session")
    async def session(request: Request) -> models.SessionState:
        """Who this browser is: the account as ``GET /api/me`` says it, or null for a guest, with 200 either way
        (every page asks on load, and a guest is no error for the browser's console to show)."""
        found = await service.session_of(request)
        return models.SessionState(account=None if found is None else await overview(*found))

    @api.get("/api/me/data")
    async def my_data(request: Request, response: Response) -> models.MyData:
        """Everything stored about the account, as a JSON file to download."""
        account, _token = await service.signed_in(request)
        response.headers["Content-Disposition"] = f'attachment; filename="museion-{account.username}.json"'
        response.headers["Cache-Control"] = "no-store"
        return models.MyData(**await service.db(service.store.export, account.id))

    @api.delete("/api/me")
    async def delete_me(request: Request, response: Response, body: models.PasswordCheck) -> models.Deleted:
        """Delete the account (its password asked again, CSRF token needed): its personal data is removed."""
        account, _token = await service.changing(request)
        await service.check_password(account.username, body.password, _client(request))
        manager = service.app.state.manager
        held = await service.db(manager.store.account_seats, account.id, DELETED_SEATS)
        await service.db(service.store.delete, account.id)
        manager.lobby.forget_account(account.id)
        await manager.endings.abandoned(held)  # a bot takes each seat of a running game over at once
        forget_cookie(request, response)
        return models.Deleted(deleted=True)

    @api.post("/api/me/password")
    async def change_password(request: Request, response: Response, body: models.NewPassword) -> models.SignedIn:
        """A new password (the current one asked; CSRF token needed): every other session ends, this browser
        gets a new one."""
        account, _token = await service.changing(request)
        try:
            password = passwords.check_password(body.new_password, account.username)
        except passwords.Refused as exc:
            raise _refused(exc) from None
        await service.check_password(account.username, body.password, _client(request))
        hashed = await service.hashes.run(passwords.hash_password, password)
        await service.db(service.store.set_password, account.id, hashed)
        return models.SignedIn(username=account.username, csrf=await service.start_session(request, response, account))

    @api.post("/api/me/recovery-codes")
    async def new_codes(request: Request, body: models.PasswordCheck) -> models.Codes:
        """New recovery codes, shown in this answer only (the password asked; CSRF token needed)."""
        account, _token = await service.changing(request)
        await service.check_password(account.username, body.password, _client(request))
        codes = passwords.new_recovery_codes()
        await service.db(service.store.replace_codes, account.id, codes)
        return models.Codes(recovery_codes=codes)

    return api
