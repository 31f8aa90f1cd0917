"""The notices API (documented in ``docs/protocol.md`` and ``docs/accounts.md``): the account's e-mail address and
its code, its choices, the browsers it subscribed to Web Push, and the one-click unsubscribe of RFC 8058. Every
``/api/me`` route needs the session cookie, every change its CSRF token; every route counts against the caller's
network (``--limit-notices``)."""

from __future__ import annotations

import asyncio
import base64
import binascii
import html
import re
import secrets
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from museion.core import i18n
from museion.server.accounts.routes import UNAUTHORISED, Accounts
from museion.server.edge.errors import TableError
from museion.server.edge.models import Empty
from museion.server.edge.networks import network
from museion.server.edge.rates import RateLimit
from museion.server.notices import mail, models, push
from museion.server.notices.store import CODES_PER_HOUR, NoticeStore, digest
from museion.server.notices.texts import say

EMAIL = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+"
                   r"[A-Za-z]{2,63}")
"""An address of ASCII letters (no space, quote, angle bracket or line break: it goes into a header)."""
TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")
REFUSED = {"wrong_code": 400, "expired": 400, "too_many_tries": 400, "no_address": 409}


@dataclass
class Keys:
    """What ``attach`` reads once the database is open."""

    store: NoticeStore
    vapid: Any
    public: str
    unsubscribe: str


class Notices:
    """The notices service of one server: its store and keys (once started), its accounts and rate limit."""

    def __init__(self, accounts: Accounts, limit: RateLimit, config: Any) -> None:
        self.accounts, self.limit, self.config = accounts, limit, config
        self.keys: Keys | None = None
        self.wake: asyncio.Event | None = None

    @property
    def store(self) -> NoticeStore:
        assert self.keys is not None, "notices.attach runs when the server starts"
        return self.keys.store

    async def db(self, fn: Any, *args: Any) -> Any:
        return await asyncio.to_thread(fn, *args)

    def hit(self, request: Request) -> None:
        wait = self.limit.hit(network(request.client.host) if request.client else "unknown")
        if wait is not None:
            raise TableError("rate_limited", f"too many notices requests from your network (limit "
                                             f"{self.limit.spec}); try again in {max(1, round(wait))} s", 429)

    async def me(self, request: Request, change: bool = True) -> int:
        self.hit(request)
        account, _token = await (self.accounts.changing(request) if change else self.accounts.signed_in(request))
        return account.id

    async def overview(self, me: int) -> models.Notices:
        assert self.keys is not None
        address, chosen, browsers = await asyncio.gather(self.db(self.store.address, me),
                                                         self.db(self.store.settings, me),
                                                         self.db(self.store.browsers, me))
        email = None if address is None else models.Email(address=address.email, verified=address.verified
                                                          is not None, language=address.lang)
        return models.Notices(email=email, turn=chosen["turn"], invite=chosen["invite"], friend=chosen["friend"],
                              digest=chosen["digest"], stopped=chosen["mail_off"], mail=bool(self.config.smtp_url),
                              browsers=len(browsers), vapid_public_key=self.keys.public)

    def base_url(self, request: Request) -> str:
        return (self.config.site_url or str(request.base_url)).rstrip("/")[:200]


def _refuse(status: int, code: str, message: str, **args: Any) -> TableError:
    return TableError(code, message, status, {"key": f"web.code.{code}", "args": args})


def checked_email(email: str) -> str:
    if len(email) > models.EMAIL_MAX or not EMAIL.fullmatch(email):
        raise _refuse(400, "bad_email", "not an e-mail address: name@domain, at most 254 characters of ASCII "
                                        "letters, digits and . ! # $ % & ' * + / = ? ^ _ ` { | } ~ -")
    return email


def checked_keys(keys: models.Keys) -> None:
    """RFC 8291: the browser's P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret."""
    for name, value, size in (("p256dh", keys.p256dh, 65), ("auth", keys.auth, 16)):
        try:
            raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        except (binascii.Error, ValueError):
            raw = b""
        if len(raw) != size:
            raise _refuse(400, "bad_subscription", f"keys.{name} must be {size} bytes in base64url",
                          why=f"keys.{name}")


def router(service: Notices) -> APIRouter:  # noqa: C901 - one short route per action, documented together
    api = APIRouter(responses=UNAUTHORISED)

    @api.get("/api/me/notifications")
    async def overview(request: Request) -> models.Notices:
        """The address (to its owner only), the choices, the subscribed browsers, what this server can send."""
        return await service.overview(await service.me(request, change=False))

    @api.put("/api/me/notifications")
    async def choose(request: Request, body: models.Choices) -> models.Notices:
        """Save what the account is told (the same choices for mail and Web Push; the digest is for mail)."""
        me = await service.me(request)
        await service.db(service.store.set_settings, me, body.model_dump(exclude={"lang"}))
        return await service.overview(me)

    @api.post("/api/me/email", status_code=202)
    async def add_email(request: Request, body: models.NewEmail) -> models.Notices:
        """Set the address (replacing one) and mail it a code; nothing else is mailed to it before the code is
        typed. 409 ``no_mail`` on a server without ``--smtp-url``; 429 ``too_many_codes`` beyond
        3 codes an hour."""
        me = await service.me(request)
        if not service.config.smtp_url:
            raise _refuse(409, "no_mail", "this server sends no e-mail (it was started without --smtp-url)")
        email = checked_email(body.email)
        assert service.keys is not None
        code, nonce = f"{secrets.randbelow(10**6):06d}", secrets.token_hex(16)
        token = mail.unsubscribe_token(service.keys.unsubscribe, me, nonce)
        if not await service.db(service.store.set_address, me, email, code, nonce, digest(token),
                                service.base_url(request), body.lang):
            raise _refuse(429, "too_many_codes", f"{CODES_PER_HOUR} codes were mailed in the last hour; wait",
                          n=CODES_PER_HOUR)
        if service.wake is not None:
            service.wake.set()
        return await service.overview(me)

    @api.post("/api/me/email/verify")
    async def verify(request: Request, body: models.Code) -> models.Notices:
        """Confirm the address with the mailed code (5 wrong codes: ask for a new one; a code lasts an hour)."""
        me = await service.me(request)
        result = await service.db(service.store.verify, me, body.code)
        if result != "ok":
            code = "code_expired" if result == "expired" else result
            raise _refuse(REFUSED[result], code, {"wrong_code": "the code is wrong", "expired": "the code expired: "
                          "ask for a new one", "too_many_tries": "too many wrong codes: ask for a new one",
                          "no_address": "add an e-mail address first"}[result])
        return await service.overview(me)

    @api.delete("/api/me/email")
    async def remove_email(request: Request, _body: Empty | None = None) -> models.Notices:
        """Forget the address (mails waiting for it are not sent)."""
        me = await service.me(request)
        await service.db(service.store.remove_address, me)
        return await service.overview(me)

    @api.post("/api/me/push", status_code=201)
    async def subscribe(request: Request, body: models.Subscription) -> models.Notices:
        """Let this browser be notified (its ``PushSubscription``); at most 10 browsers, the oldest dropped."""
        me = await service.me(request)
        why = push.allowed(body.endpoint, service.config.push_services)
        if why is not None:
            raise _refuse(400, "bad_subscription", f"endpoint: {why}", why="endpoint")
        checked_keys(body.keys)
        await service.db(service.store.subscribe, me, body.endpoint, body.keys.p256dh, body.keys.auth, body.lang)
        return await service.overview(me)

    @api.delete("/api/me/push")
    async def unsubscribe_push(request: Request, body: models.Endpoint) -> models.Notices:
        me = await service.me(request)
        await service.db(service.store.unsubscribe_push, me, body.endpoint)
        return await service.overview(me)

    return api


def unsubscribe_router(service: Notices) -> APIRouter:
    """RFC 8058: ``POST /unsubscribe/TOKEN`` (a mail client's one click, body ``List-Unsubscribe=One-Click``)
    stops every mail to the address; ``GET`` (a person who followed the mail's link) shows a page whose button
    posts the same, so a link scanner that fetches the URL unsubscribes nobody. The same answer whether the
    token is known or not."""
    api = APIRouter(include_in_schema=False)  # a mail client's form post (docs/protocol.md), not JSON

    @api.get("/unsubscribe/{token}", response_class=HTMLResponse)
    async def ask(request: Request, token: str) -> HTMLResponse:
        service.hit(request)
        return HTMLResponse(_page(_lang(request), done=False), headers={"Cache-Control": "no-store",
                                                                         "Referrer-Policy": "no-referrer"})

    @api.post("/unsubscribe/{token}", response_class=HTMLResponse)
    async def one_click(request: Request, token: str) -> HTMLResponse:
        service.hit(request)
        if TOKEN.fullmatch(token):
            await service.db(service.store.unsubscribe, digest(token))
        return HTMLResponse(_page(_lang(request), done=True), headers={"Cache-Control": "no-store",
                                                                        "Referrer-Policy": "no-referrer"})

    return api


def _lang(request: Request) -> str:
    """The first language of the browser's ``Accept-Language`` ("de-DE,de;q=0.9,en;q=0.8") that the texts have,
    in the header's order (browsers send them by preference), else English."""
    wanted = request.headers.get("accept-language", "")[:64].lower()
    codes = (part.split(";", 1)[0].strip()[:2] for part in wanted.split(","))
    return next((code for code in codes if code in i18n.LANGUAGES), i18n.DEFAULT)


def _page(lang: str, done: bool) -> str:
    """The unsubscribe page: its form posts to the page's own URL (the token is never written into the page)."""
    title = html.escape(say("web.notices.unsubscribe_title", lang))
    inner = (f"<p>{html.escape(say('web.notices.unsubscribed', lang))}</p>" if done else
             '<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">'
             f'<button type="submit">{html.escape(say("web.notices.unsubscribe_button", lang))}</button></form>')
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>{title}</title>'
            '<link rel="stylesheet" href="/static/style.css"></head>'
            f'<body><main class="page"><h1>{title}</h1>{inner}<p><a href="/account">museion</a></p></main>'
            '</body></html>')
