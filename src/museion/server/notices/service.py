"""Installing the notices into the application: the API, the one-click unsubscribe, the service worker and the
web app manifest (``install``); once the server has started, the keys, the turn hook and the sender
(``attach``; ``close`` stops the sender)."""

from __future__ import annotations

import base64
import pathlib
import secrets

from fastapi import FastAPI
from fastapi.responses import FileResponse
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter

from museion.server.edge.rates import RateLimit
from museion.server.notices import mail, push, texts
from museion.server.notices.events import Events
from museion.server.notices.routes import Keys, Notices, router, unsubscribe_router
from museion.server.notices.sender import Sender
from museion.server.notices.store import NoticeStore
from museion.server.table.live import LiveTable

WEB = pathlib.Path(__file__).resolve().parents[2] / "web"


def install(app: FastAPI) -> None:
    """The notices API (after ``accounts.install``: it uses its sessions) and the files that make the site an
    installable app: ``/sw.js`` (served from the root, so its scope is the whole site) and the manifest."""
    config = app.state.config
    if config.smtp_url:
        mail.Smtp.parse(config.smtp_url)  # a wrong URL is said at start, not at the first mail
    service = app.state.notices = Notices(app.state.accounts, _limit(config.limit_notices), config)
    app.include_router(router(service))
    app.include_router(unsubscribe_router(service))
    app.add_api_route("/sw.js", service_worker, include_in_schema=False)
    app.add_api_route("/manifest.webmanifest", manifest, include_in_schema=False)
    assert texts.TEXTS


def _limit(spec: str) -> RateLimit:
    return RateLimit(spec, SlidingWindowCounterRateLimiter(MemoryStorage()), "notices")


def attach(app: FastAPI) -> None:
    """Once the manager exists: read (or make) the keys, hook the turn changes, start the sender."""
    manager, config, service = app.state.manager, app.state.config, app.state.notices
    store = NoticeStore(manager.store.engine)
    pem = (pathlib.Path(config.vapid_key).read_text() if config.vapid_key
           else store.key("vapid", push.new_key))
    vapid = push.load_key(pem)
    unsubscribe = store.key("unsubscribe", lambda: base64.b64encode(secrets.token_bytes(32)).decode())
    service.keys = Keys(store, vapid, push.public_key(vapid), unsubscribe)
    sender = app.state.notice_sender = Sender(store, mail.Smtp.parse(config.smtp_url) if config.smtp_url else None,
                                              config.mail_from, config.mail_per_hour, vapid, unsubscribe)
    service.wake = sender.wake
    events = Events(store, sender.wake, manager.live.clock)
    before = manager.live.turn

    def turn(table: LiveTable) -> None:
        before(table)
        events.turn(table)

    manager.live.turn = turn
    app.state.friends.events = events
    sender.start()


async def close(app: FastAPI) -> None:
    sender = getattr(app.state, "notice_sender", None)
    if sender is not None:
        await sender.close()


async def service_worker() -> FileResponse:
    return FileResponse(WEB / "sw.js", media_type="text/javascript", headers={"Cache-Control": "no-cache"})


async def manifest() -> FileResponse:
    return FileResponse(WEB / "manifest.webmanifest", media_type="application/manifest+json")
