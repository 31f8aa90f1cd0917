"""The friends API (documented in ``docs/friends.md``): requests, friends, blocks, seats held for friends, the
notification setting. Every route needs the session cookie; every change its CSRF token (``X-CSRF-Token``),
like the account routes. Every route counts against the caller's network: ``--limit-friends`` for changes,
``--limit-friends-read`` for the overview; over it, 429 before the session is even looked up."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request

from museion.server.accounts.passwords import MAX_USERNAME, MIN_USERNAME, USERNAME
from museion.server.accounts.routes import UNAUTHORISED, Accounts
from museion.server.edge.errors import TableError
from museion.server.edge.networks import network
from museion.server.edge.rates import RateLimit
from museion.server.friends import models
from museion.server.friends.rules import Rules
from museion.server.friends.store import FriendStore


class Friends:
    """The friends service of one server: its store, its rules at the tables and its rate limits."""

    def __init__(self, accounts: Accounts, changes: RateLimit, reads: RateLimit) -> None:
        self.accounts, self.changes, self.reads = accounts, changes, reads
        self.rules: Rules | None = None
        self.events: Any = None
        """The notices' events (``notices.attach``): a request or an invitation that reached someone tells them."""

    @property
    def store(self) -> FriendStore:
        assert self.rules is not None, "friends.attach runs when the server starts"
        return self.rules.store

    async def db(self, fn: Any, *args: Any) -> Any:
        return await asyncio.to_thread(fn, *args)

    async def me(self, request: Request, change: bool = True) -> int:
        """The caller's account after its network's rate limit (and the CSRF token for a change)."""
        limit = self.changes if change else self.reads
        wait = limit.hit(network(request.client.host) if request.client else "unknown")
        if wait is not None:
            raise TableError("rate_limited", f"too many friends requests from your network (limit {limit.spec}); "
                                             f"try again in {max(1, round(wait))} s", 429)
        account, _token = await (self.accounts.changing(request) if change else self.accounts.signed_in(request))
        return account.id

    async def invitations(self, account_id: int | None) -> tuple[list[dict[str, Any]], bool]:
        """My tables: the seats held for the account and whether it wants them announced (one read)."""
        if account_id is None or self.rules is None:
            return [], False
        return await self.db(self.store.invitations, account_id)  # type: ignore[no-any-return]


def checked(username: str) -> str:
    """A username of the allowed form (else 400 ``bad_username``: no account can have that name)."""
    if not (MIN_USERNAME <= len(username) <= MAX_USERNAME) or not USERNAME.fullmatch(username):
        raise TableError("bad_username", f"a username has {MIN_USERNAME} to {MAX_USERNAME} characters: letters "
                         "a-z, digits and _ . - (starting with a letter or digit)", 400,
                         {"key": "accounts.username_rules", "args": {"min": MIN_USERNAME, "max": MAX_USERNAME}})
    return username


def router(service: Friends) -> APIRouter:  # noqa: C901 - one short route per action, documented together
    api = APIRouter(responses=UNAUTHORISED)

    @api.get("/api/friends")
    async def overview(request: Request) -> models.Overview:
        """Friends, requests both ways, blocked players, invitations both ways and the notification setting."""
        me = await service.me(request, change=False)
        return models.Overview(**await service.db(service.store.overview, me))

    @api.post("/api/friends/requests", status_code=202)
    async def send(request: Request, body: models.Named) -> models.Sent:
        """Ask a player to be friends. The same answer whether the name is unknown, blocked you or not: the
        request then reaches nobody and stays pending for you."""
        me = await service.me(request)
        status = await service.db(service.store.request, me, checked(body.username))
        if status == "sent" and service.events is not None:
            service.events.friend_request(me, body.username)
        return models.Sent(username=body.username, status=status)

    @api.post("/api/friends/requests/accept")
    async def accept(request: Request, body: models.Named) -> models.Done:
        me = await service.me(request)
        await service.db(service.store.answer, me, checked(body.username), True)
        return models.Done(username=body.username)

    @api.post("/api/friends/requests/decline")
    async def decline(request: Request, body: models.Named) -> models.Done:
        """Decline a request: its sender is not told (it stays pending for them)."""
        me = await service.me(request)
        await service.db(service.store.answer, me, checked(body.username), False)
        return models.Done(username=body.username)

    @api.delete("/api/friends/requests")
    async def cancel(request: Request, body: models.Named) -> models.Done:
        """Withdraw a request you sent."""
        me = await service.me(request)
        await service.db(service.store.cancel, me, checked(body.username))
        return models.Done(username=body.username)

    @api.delete("/api/friends")
    async def unfriend(request: Request, body: models.Named) -> models.Done:
        """End a friendship (and the invitations between you)."""
        me = await service.me(request)
        await service.db(service.store.unfriend, me, checked(body.username))
        return models.Done(username=body.username)

    @api.post("/api/friends/blocks")
    async def block(request: Request, body: models.Named) -> models.Done:
        """Block a player: no requests, invitations, shared tables or chat between you; a friendship ends."""
        me = await service.me(request)
        return models.Done(username=await service.db(service.store.block, me, checked(body.username)))

    @api.delete("/api/friends/blocks")
    async def unblock(request: Request, body: models.Named) -> models.Done:
        me = await service.me(request)
        await service.db(service.store.unblock, me, checked(body.username))
        return models.Done(username=body.username)

    @api.post("/api/friends/invitations", status_code=201)
    async def invite(request: Request, body: models.Invite) -> models.Done:
        """Hold a free seat of a table you sit at for a friend: it waits in their My tables."""
        me = await service.me(request)
        assert service.rules is not None
        friend = await service.rules.invite(me, body.table, body.seat, checked(body.username))
        if service.events is not None:
            service.events.invitation(me, friend.id, body.table, body.seat)
        return models.Done(username=friend.username, table=body.table, seat=body.seat)

    @api.post("/api/friends/invitations/accept")
    async def take(request: Request, body: models.Take) -> models.Taken:
        """Take the seat held for you (it is bound to your account)."""
        me = await service.me(request)
        assert service.rules is not None
        token = await service.rules.take(me, body.table, body.seat, body.name,
                                         network(request.client.host) if request.client else None)
        return models.Taken(table=body.table, seat=body.seat, token=token)

    @api.post("/api/friends/invitations/decline")
    async def decline_seat(request: Request, body: models.SeatRef) -> models.Done:
        """Decline a seat held for you, or withdraw one you hold for a friend: the seat is free again."""
        me = await service.me(request)
        await service.db(service.store.drop_invitation, me, body.table, body.seat)
        return models.Done(table=body.table, seat=body.seat)

    @api.post("/api/friends/settings")
    async def settings(request: Request, body: models.Settings) -> models.Done:
        me = await service.me(request)
        await service.db(service.store.set_notify, me, body.notify_invites)
        return models.Done()

    return api
