"""Installing friends into the application: the API, the page, and (once the server has started) the rules in
the rooms."""

from __future__ import annotations

import pathlib

from fastapi import FastAPI
from fastapi.responses import FileResponse
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter

from museion.server.edge.rates import RateLimit
from museion.server.friends import texts
from museion.server.friends.routes import Friends, router
from museion.server.friends.rules import Rules
from museion.server.friends.store import FriendStore

WEB = pathlib.Path(__file__).resolve().parents[2] / "web"


def install(app: FastAPI) -> None:
    """The friends API and page (after ``accounts.install``: the routes use its sessions)."""
    config, limiter = app.state.config, SlidingWindowCounterRateLimiter(MemoryStorage())
    service = app.state.friends = Friends(app.state.accounts, RateLimit(config.limit_friends, limiter, "friends"),
                                          RateLimit(config.limit_friends_read, limiter, "friends-read"))
    app.include_router(router(service))
    app.add_api_route("/friends", page, include_in_schema=False)
    assert texts.TEXTS


def attach(app: FastAPI) -> None:
    """Once the manager exists (the server's start): the rules go into its lobby and chat."""
    manager = app.state.manager
    rules = app.state.friends.rules = Rules(FriendStore(manager.store.engine), manager)
    manager.lobby.admit, manager.chat.hidden = rules.admit, rules.hidden


async def page() -> FileResponse:
    return FileResponse(WEB / "friends.html")
