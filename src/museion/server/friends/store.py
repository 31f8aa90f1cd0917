"""Friends storage: synchronous calls on the server's database engine (the routes run them in a thread). Every
refusal is a ``TableError`` saying what was wrong; nothing changes when one is raised (one transaction each).

No enumeration: a request to an unknown name, to a player who blocked the sender, or beyond the receiver's cap
of pending requests is stored as one that reaches nobody (``to_id`` null) and answered like any other; a declined
request becomes one too. The sender sees each of them pending, exactly like a request not answered yet."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, func, insert, or_, select, update

from museion.core.registry import entry
from museion.server.accounts import store as account_store
from museion.server.accounts.passwords import username_key
from museion.server.accounts.schema import accounts_t
from museion.server.edge.errors import TableError
from museion.server.friends.schema import blocks_t, friendships_t, invitations_t, requests_t, settings_t
from museion.server.storage.rows import seats_t, tables_t

MAX_FRIENDS = 200
MAX_OUTGOING = 50
"""Requests an account may have waiting for an answer (it may withdraw one to send another)."""
MAX_INCOMING = 100
"""Requests an account may have waiting for its answer; beyond, new ones reach nobody (a flood of requests
never fills anyone's list)."""
MAX_BLOCKS = 500
NOBODY = -1
"""The account id an unknown name is looked up as (no account has it): its request makes the same reads."""
MAX_INVITATIONS = 20
"""Invitations an account may have sent that wait, and invitations one may have received that wait."""


@dataclass(frozen=True)
class Player:
    id: int
    username: str


def _refuse(status: int, code: str, message: str, **args: Any) -> TableError:
    return TableError(code, message, status, {"key": f"web.code.{code}", "args": args})


def unknown(username: str) -> TableError:
    return _refuse(404, "no_player", f"no player is called {username!r}")


class FriendStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- reading ------------------------------------------------------------------------------------------
    def overview(self, me: int) -> dict[str, Any]:
        """Everything the friends page shows: friends, requests both ways, blocks, invitations, the setting."""
        with self.engine.connect() as conn:
            return {"friends": _named(conn, select(friendships_t.c.friend_id, friendships_t.c.since)
                                      .where(friendships_t.c.account_id == me)),
                    "incoming": _named(conn, select(requests_t.c.from_id, requests_t.c.created)
                                       .where(requests_t.c.to_id == me)),
                    "outgoing": [{"username": r.to_name, "since": r.created} for r in conn.execute(
                        select(requests_t.c.to_name, requests_t.c.created).where(requests_t.c.from_id == me)
                        .order_by(requests_t.c.created))],
                    "blocked": _named(conn, select(blocks_t.c.blocked_id, blocks_t.c.created)
                                      .where(blocks_t.c.account_id == me)),
                    "invitations": _invitations(conn, invitations_t.c.account_id == me),
                    "invited": _invitations(conn, invitations_t.c.inviter_id == me),
                    "notify_invites": _notify(conn, me)}

    def invitations(self, me: int) -> tuple[list[dict[str, Any]], bool]:
        """The invitations waiting for ``me`` (seats still free at running tables) and whether to announce them."""
        with self.engine.connect() as conn:
            return _invitations(conn, invitations_t.c.account_id == me), _notify(conn, me)

    def blocked_between(self, me: int, others: list[int]) -> set[int]:
        """Those of ``others`` that ``me`` blocked or that blocked ``me`` (one indexed read)."""
        if not others:
            return set()
        with self.engine.connect() as conn:
            return _blocked_any(conn, me, others)

    def held_for(self, table_id: str, seat: int) -> int | None:
        """The account a seat is held for (an invitation), if any."""
        with self.engine.connect() as conn:
            return conn.execute(select(invitations_t.c.account_id).where(
                invitations_t.c.table_id == table_id, invitations_t.c.seat == seat)).scalar()

    def find(self, username: str) -> Player | None:
        with self.engine.connect() as conn:
            return _find(conn, username)

    # -- requests -----------------------------------------------------------------------------------------
    def request(self, me: int, username: str) -> str:
        """Ask ``username`` to be friends: ``"sent"`` (also for a name that reaches nobody) or ``"friends"``
        (they had asked ``me``: both asked, so they are friends now). An unknown name, a player who blocked ``me``
        and any other go through the same statements, so the time taken tells them apart no more than the
        answer does."""
        with self.engine.begin() as conn:
            other = _find(conn, username)
            other_id = NOBODY if other is None else other.id
            if other_id == me:
                raise _refuse(400, "self_request", "you cannot ask yourself to be friends")
            if _blocked(conn, me, other_id) and other is not None:
                raise _refuse(409, "you_blocked", f"you have blocked {other.username}: unblock them first",
                              name=other.username)
            if _friends(conn, me, other_id) and other is not None:
                raise _refuse(409, "already_friends", f"you are friends with {other.username} already",
                              name=other.username)
            if _take_request(conn, other_id, me):
                _befriend(conn, me, other_id)
                return "friends"
            key, to_id = username_key(username), _receiver(conn, me, other_id)
            if conn.execute(select(requests_t.c.id).where(requests_t.c.from_id == me,
                                                          requests_t.c.to_key == key)).first() is not None:
                return "sent"  # asked before: nothing new
            _cap(conn, select(func.count()).select_from(requests_t).where(requests_t.c.from_id == me),
                 MAX_OUTGOING, "too_many_requests", "friend requests waiting for an answer")
            conn.execute(insert(requests_t).values(from_id=me, to_id=to_id, to_name=username, to_key=key,
                                                   created=time.time()))
            return "sent"

    def answer(self, me: int, username: str, accept: bool) -> None:
        """Accept (friends now) or decline (the request reaches nobody any more: its sender is not told)."""
        with self.engine.begin() as conn:
            other = _find(conn, username)
            if other is None or not _has_request(conn, other.id, me):
                raise _refuse(404, "no_request", f"no friend request from {username!r} waits for you")
            if accept:
                _take_request(conn, other.id, me)
                _befriend(conn, me, other.id)
            else:
                conn.execute(update(requests_t).where(requests_t.c.from_id == other.id, requests_t.c.to_id == me)
                             .values(to_id=None))

    def cancel(self, me: int, username: str) -> None:
        """Withdraw a request ``me`` sent (by the name as typed, case aside)."""
        with self.engine.begin() as conn:
            gone = conn.execute(delete(requests_t).where(requests_t.c.from_id == me,
                                                         requests_t.c.to_key == username_key(username))).rowcount
        if not gone:
            raise _refuse(404, "no_request", f"you have sent no friend request to {username!r}")

    def unfriend(self, me: int, username: str) -> None:
        with self.engine.begin() as conn:
            other = _find(conn, username)
            if other is None or not _friends(conn, me, other.id):
                raise _refuse(404, "not_friends", f"you are not friends with {username!r}")
            _part(conn, me, other.id)

    # -- blocks -------------------------------------------------------------------------------------------
    def block(self, me: int, username: str) -> str:
        """Block a player: the friendship ends, invitations between the two go, their requests to ``me`` reach
        nobody (they are not told), ``me``'s requests to them are withdrawn. Returns their name."""
        with self.engine.begin() as conn:
            other = _find(conn, username)
            if other is None:
                raise unknown(username)
            if other.id == me:
                raise _refuse(400, "self_block", "you cannot block yourself")
            if _blocked(conn, me, other.id):
                return other.username
            _cap(conn, select(func.count()).select_from(blocks_t).where(blocks_t.c.account_id == me),
                 MAX_BLOCKS, "too_many_blocks", "blocked players")
            conn.execute(insert(blocks_t).values(account_id=me, blocked_id=other.id, created=time.time()))
            _part(conn, me, other.id)
            conn.execute(update(requests_t).where(requests_t.c.from_id == other.id, requests_t.c.to_id == me)
                         .values(to_id=None))
            conn.execute(delete(requests_t).where(requests_t.c.from_id == me, requests_t.c.to_id == other.id))
            return other.username

    def unblock(self, me: int, username: str) -> None:
        with self.engine.begin() as conn:
            other = _find(conn, username)
            gone = 0 if other is None else conn.execute(delete(blocks_t).where(
                blocks_t.c.account_id == me, blocks_t.c.blocked_id == other.id)).rowcount
        if not gone:
            raise _refuse(404, "not_blocked", f"you have not blocked {username!r}")

    # -- invitations --------------------------------------------------------------------------------------
    def invite(self, me: int, table_id: str, seat: int, username: str, seated: list[int | None]) -> Player:
        """Hold a free seat of ``table_id`` for a friend of ``me``. ``seated``: the account of each seat that is
        taken (the table's other checks are the caller's: ``rules.Rules.invite``)."""
        with self.engine.begin() as conn:
            friend = _find(conn, username)
            if friend is None or not _friends(conn, me, friend.id):
                raise _refuse(403, "not_friends", f"you may invite your friends only; {username!r} is not one")
            if friend.id in seated:
                raise _refuse(409, "already_seated", f"{friend.username} has a seat at this table already",
                              name=friend.username)
            if _blocked_any(conn, friend.id, [a for a in seated if a is not None]):
                raise blocked_at_table()
            _clear_stale(conn, me, friend.id)
            _cap(conn, select(func.count()).select_from(invitations_t).where(invitations_t.c.inviter_id == me),
                 MAX_INVITATIONS, "too_many_invitations", "invitations waiting for an answer")
            _cap(conn, select(func.count()).select_from(invitations_t).where(
                invitations_t.c.account_id == friend.id), MAX_INVITATIONS, "their_invitations_full",
                f"invitations waiting for {friend.username}'s answer")
            held = conn.execute(select(invitations_t.c.account_id).where(
                invitations_t.c.table_id == table_id, invitations_t.c.seat == seat)).scalar()
            if held is not None:
                raise _refuse(409, "seat_held", f"seat {seat} is held for an invited player", n=seat + 1)
            conn.execute(insert(invitations_t).values(table_id=table_id, seat=seat, account_id=friend.id,
                                                      inviter_id=me, created=time.time()))
            return friend

    def invitation(self, me: int, table_id: str, seat: int) -> None:
        """404 unless a seat of ``table_id`` is held for ``me``."""
        if self.held_for(table_id, seat) != me:
            raise _refuse(404, "no_invitation", f"no invitation for you to seat {seat} of table {table_id}")

    def drop_invitation(self, me: int, table_id: str, seat: int) -> None:
        """An invitation ends: taken, declined by its invitee, or withdrawn by its inviter."""
        with self.engine.begin() as conn:
            gone = conn.execute(delete(invitations_t).where(
                invitations_t.c.table_id == table_id, invitations_t.c.seat == seat,
                or_(invitations_t.c.account_id == me, invitations_t.c.inviter_id == me))).rowcount
        if not gone:
            raise _refuse(404, "no_invitation", f"no invitation of yours to seat {seat} of table {table_id}")

    def set_notify(self, me: int, notify: bool) -> None:
        with self.engine.begin() as conn:
            if conn.execute(update(settings_t).where(settings_t.c.account_id == me)
                            .values(notify_invites=int(notify))).rowcount == 0:
                conn.execute(insert(settings_t).values(account_id=me, notify_invites=int(notify)))


# -- an account's data: its export and its deletion (``accounts.store.PARTS``) ------------------------------
def export(conn: Connection, me: int) -> dict[str, Any]:
    """What the friends tables hold about an account, for ``GET /api/me/data``."""
    return {"friends": _named(conn, select(friendships_t.c.friend_id, friendships_t.c.since)
                              .where(friendships_t.c.account_id == me)),
            "requests_received": _named(conn, select(requests_t.c.from_id, requests_t.c.created)
                                        .where(requests_t.c.to_id == me)),
            "requests_sent": [{"username": r.to_name, "since": r.created} for r in conn.execute(
                select(requests_t.c.to_name, requests_t.c.created).where(requests_t.c.from_id == me))],
            "blocked": _named(conn, select(blocks_t.c.blocked_id, blocks_t.c.created)
                              .where(blocks_t.c.account_id == me)),
            "invitations_received": _invitations(conn, invitations_t.c.account_id == me, stale=True),
            "invitations_sent": _invitations(conn, invitations_t.c.inviter_id == me, stale=True),
            "notify_invites": _notify(conn, me)}


def forget(conn: Connection, me: int) -> None:
    """Delete every friends row naming an account (its deletion). Requests others sent to it reach nobody, as
    any unanswered request; the name they typed is theirs."""
    conn.execute(delete(friendships_t).where(or_(friendships_t.c.account_id == me, friendships_t.c.friend_id == me)))
    conn.execute(update(requests_t).where(requests_t.c.to_id == me).values(to_id=None))
    conn.execute(delete(requests_t).where(requests_t.c.from_id == me))
    conn.execute(delete(blocks_t).where(or_(blocks_t.c.account_id == me, blocks_t.c.blocked_id == me)))
    conn.execute(delete(invitations_t).where(or_(invitations_t.c.account_id == me,
                                                 invitations_t.c.inviter_id == me)))
    conn.execute(delete(settings_t).where(settings_t.c.account_id == me))


account_store.PARTS.append((lambda conn, account_id: {"friends": export(conn, account_id)}, forget))


def blocked_at_table() -> TableError:
    """The refusal when someone seated at the table and the player have a block between them (either way)."""
    return _refuse(403, "blocked", "you cannot sit at this table: one of its seated players and you have a block "
                                   "between you (one blocked the other)")


# -- helpers ------------------------------------------------------------------------------------------------
def _find(conn: Connection, username: str) -> Player | None:
    row = conn.execute(select(accounts_t.c.id, accounts_t.c.username).where(
        accounts_t.c.username_key == username_key(username), accounts_t.c.status == "active")).first()
    return None if row is None else Player(row.id, row.username)


def _named(conn: Connection, query: Any) -> list[dict[str, Any]]:
    """(account id, time) rows as ``{username, since}``, oldest first (one join)."""
    account, when = query.selected_columns
    rows = conn.execute(query.add_columns(accounts_t.c.username).join_from(
        account.table, accounts_t, accounts_t.c.id == account).order_by(when))
    return [{"username": r.username, "since": r[1]} for r in rows]


def _invitations(conn: Connection, who: Any, stale: bool = False) -> list[dict[str, Any]]:
    """Invitations matching ``who``: table, seat, game, both names; only seats still free at running tables
    unless ``stale`` (the data export lists every row)."""
    invitee, inviter = accounts_t.alias("invitee"), accounts_t.alias("inviter")
    query = (select(invitations_t.c.table_id, invitations_t.c.seat, invitations_t.c.created, tables_t.c.game,
                    invitee.c.username.label("to"), inviter.c.username.label("by"))
             .join(tables_t, tables_t.c.id == invitations_t.c.table_id)
             .join(invitee, invitee.c.id == invitations_t.c.account_id)
             .join(inviter, inviter.c.id == invitations_t.c.inviter_id)
             .where(who).order_by(invitations_t.c.created))
    if not stale:
        query = query.join(seats_t, and_(seats_t.c.table_id == invitations_t.c.table_id,
                                          seats_t.c.seat == invitations_t.c.seat)).where(
            tables_t.c.status == "running", seats_t.c.token_hash.is_(None), seats_t.c.kind == "human")
    return [{"table": r.table_id, "seat": r.seat, "game": r.game, "title": _title(r.game), "by": r.by,
             "to": r.to, "since": r.created} for r in conn.execute(query)]


def _title(game: str) -> str:
    try:
        return entry(game).game_class.title
    except Exception:  # noqa: BLE001 - a game no longer installed is still named
        return game


def _notify(conn: Connection, me: int) -> bool:
    value = conn.execute(select(settings_t.c.notify_invites).where(settings_t.c.account_id == me)).scalar()
    return value is None or bool(value)


def _friends(conn: Connection, me: int, other: int) -> bool:
    return conn.execute(select(friendships_t.c.since).where(friendships_t.c.account_id == me,
                                                            friendships_t.c.friend_id == other)).first() is not None


def _friend_count(me: int) -> Any:
    return select(func.count()).select_from(friendships_t).where(friendships_t.c.account_id == me)


def _blocked(conn: Connection, me: int, other: int) -> bool:
    return conn.execute(select(blocks_t.c.created).where(blocks_t.c.account_id == me,
                                                         blocks_t.c.blocked_id == other)).first() is not None


def _blocked_any(conn: Connection, me: int, others: list[int]) -> set[int]:
    """Those of ``others`` with a block between them and ``me``, either way."""
    if not others:
        return set()
    rows = conn.execute(select(blocks_t.c.account_id, blocks_t.c.blocked_id).where(or_(
        and_(blocks_t.c.account_id == me, blocks_t.c.blocked_id.in_(others)),
        and_(blocks_t.c.blocked_id == me, blocks_t.c.account_id.in_(others)))))
    return {r.blocked_id if r.account_id == me else r.account_id for r in rows}


def _has_request(conn: Connection, sender: int, receiver: int) -> bool:
    return conn.execute(select(requests_t.c.id).where(requests_t.c.from_id == sender,
                                                      requests_t.c.to_id == receiver)).first() is not None


def _take_request(conn: Connection, sender: int, receiver: int) -> bool:
    """Remove a request that reaches ``receiver``: whether there was one."""
    return bool(conn.execute(delete(requests_t).where(requests_t.c.from_id == sender,
                                                      requests_t.c.to_id == receiver)).rowcount)


def _receiver(conn: Connection, me: int, other: int) -> int | None:
    """Whom a new request reaches: nobody for an unknown name (``NOBODY``), a player who blocked ``me`` or
    whose list of pending requests is full (answered like any other: the sender cannot tell). The same two
    reads in every case."""
    blocked = _blocked(conn, other, me)
    waiting = conn.execute(select(func.count()).select_from(requests_t).where(requests_t.c.to_id == other)
                           ).scalar_one()
    return None if other == NOBODY or blocked or waiting >= MAX_INCOMING else other


def _befriend(conn: Connection, me: int, other: int) -> None:
    _cap(conn, _friend_count(me), MAX_FRIENDS, "too_many_friends", "friends")
    _cap(conn, _friend_count(other), MAX_FRIENDS, "their_friends_full", "friends (the other player)")
    conn.execute(delete(requests_t).where(requests_t.c.from_id == me, requests_t.c.to_id == other))
    now = time.time()
    conn.execute(insert(friendships_t), [{"account_id": me, "friend_id": other, "since": now},
                                         {"account_id": other, "friend_id": me, "since": now}])


def _part(conn: Connection, me: int, other: int) -> None:
    """End a friendship and the invitations between the two."""
    conn.execute(delete(friendships_t).where(or_(
        and_(friendships_t.c.account_id == me, friendships_t.c.friend_id == other),
        and_(friendships_t.c.account_id == other, friendships_t.c.friend_id == me))))
    conn.execute(delete(invitations_t).where(or_(
        and_(invitations_t.c.account_id == me, invitations_t.c.inviter_id == other),
        and_(invitations_t.c.account_id == other, invitations_t.c.inviter_id == me))))


def _clear_stale(conn: Connection, *accounts: int) -> None:
    """Delete the invitations of ``accounts`` whose seat was taken or whose table ended (before counting)."""
    live = (select(invitations_t.c.table_id, invitations_t.c.seat)
            .join(tables_t, tables_t.c.id == invitations_t.c.table_id)
            .join(seats_t, and_(seats_t.c.table_id == invitations_t.c.table_id,
                                seats_t.c.seat == invitations_t.c.seat))
            .where(tables_t.c.status == "running", seats_t.c.token_hash.is_(None), seats_t.c.kind == "human"))
    keep = {(r.table_id, r.seat) for r in conn.execute(live.where(or_(
        invitations_t.c.account_id.in_(accounts), invitations_t.c.inviter_id.in_(accounts))))}
    mine = conn.execute(select(invitations_t.c.table_id, invitations_t.c.seat).where(or_(
        invitations_t.c.account_id.in_(accounts), invitations_t.c.inviter_id.in_(accounts)))).all()
    for table_id, seat in mine:
        if (table_id, seat) not in keep:
            conn.execute(delete(invitations_t).where(invitations_t.c.table_id == table_id,
                                                     invitations_t.c.seat == seat))


def _cap(conn: Connection, count_query: Any, cap: int, code: str, what: str) -> None:
    if conn.execute(count_query).scalar_one() >= cap:
        raise _refuse(409, code, f"at most {cap} {what}; this is the limit", cap=cap)
