"""Fair play between accounts at the tables (issue 38; docs/accounts.md and docs/ratings.md say what is promised):

* **Reserved names**: a seat's name that folds (``names.name_key``: NFKC, case, Unicode's confusables) to an
  account's name is that account's alone: anybody else, guest or another account, gets 409 ``name_reserved``.
* **Accounts-only tables**: their seats are taken by signed-in accounts only (403 ``accounts_only``), so a blocked
  player cannot sign out and sit down as a guest beside the player who blocked them; a player who has blocked
  anyone creates accounts-only tables unless they choose otherwise.
* **One network, one rating**: a rated table that an account joins from the network (IPv4 /24, IPv6 /64) of an
  account already seated there is played unrated: the table's ``rated`` turns false and its log says why, in
  each player's language. The networks of a rated table's seats are kept (``seat_networks``) only until every
  seat is taken.

Each check is one indexed read, or one write when a rated table's seat is taken."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, delete, insert, select

from museion.server.accounts.schema import accounts_t
from museion.server.edge.errors import TableError
from museion.server.friends.schema import blocks_t
from museion.server.ratings.schema import seat_networks_t
from museion.server.table.live import LiveTable
from museion.server.table.names import name_key
from museion.server.table.seats import MAX_NOTICES
from museion.server.table.tables import Tables

ACCOUNTS_ONLY = TableError("accounts_only", "this table's seats are for signed-in accounts only: sign in (or sign "
                                            "up) to take one; guests may watch", 403,
                           {"key": "web.code.accounts_only", "args": {}})
UNRATED_NOTICE = "notice.unrated_network"


def reserved_by_another(engine: Engine, name: str, account_id: int | None) -> bool:
    """Whether ``name`` folds to the name of an account other than ``account_id`` (one indexed read)."""
    key = name_key(name)
    if not key:
        return False
    query = select(accounts_t.c.id).where(accounts_t.c.name_key == key)
    if account_id is not None:
        query = query.where(accounts_t.c.id != account_id)
    with engine.connect() as conn:
        return conn.execute(query.limit(1)).first() is not None


async def check_name(tables: Tables, name: str | None, account_id: int | None) -> None:
    """Refuse a seat's name (already cleaned) that is another account's: 409 ``name_reserved``."""
    if name and await tables.writer.read(reserved_by_another, tables.store.engine, name, account_id):
        raise TableError("name_reserved", "this name belongs to an account (compared without case, accents of "
                                          "other alphabets that look alike, spaces or punctuation); sign in to "
                                          "use your own, or choose another", 409,
                         {"key": "web.code.name_reserved", "args": {}})


def has_blocked(engine: Engine, account_id: int) -> bool:
    with engine.connect() as conn:
        return conn.execute(select(blocks_t.c.blocked_id).where(blocks_t.c.account_id == account_id)
                            .limit(1)).first() is not None


async def accounts_only(tables: Tables, chosen: bool | None, account_id: int | None) -> bool:
    """Whether a new table is accounts-only: as chosen, else whether its (signed-in) creator has blocked anyone."""
    if chosen is not None:
        return chosen
    return account_id is not None and bool(await tables.writer.read(has_blocked, tables.store.engine, account_id))


def seat_network(engine: Engine, table_id: str, seat: int, network: str, others: list[int], full: bool) -> bool:
    """Keep the network ``seat`` was taken from; True when one of the ``others`` seats was taken from it too.
    The table's networks are dropped once they serve no more (a clash, or every seat taken)."""
    rows = seat_networks_t
    with engine.begin() as conn:
        clash = conn.execute(select(rows.c.seat).where(rows.c.table_id == table_id, rows.c.seat.in_(others),
                                                       rows.c.network == network).limit(1)).first() is not None
        conn.execute(delete(rows).where(rows.c.table_id == table_id, rows.c.seat == seat))
        if clash or full:
            conn.execute(delete(rows).where(rows.c.table_id == table_id))
        else:
            conn.execute(insert(rows).values(table_id=table_id, seat=seat, network=network))
    return clash


async def seated(tables: Tables, table: LiveTable, seat: int, network: str | None, full: bool) -> bool:
    """After an account took ``seat`` of a rated table from ``network``: if another seated account came from the
    same network, the table is unrated from now on (stored, with a notice in its log). True if it became so."""
    if not table.row.rated or network is None:
        return False
    others = [s.seat for s in table.row.seats
              if s.seat != seat and s.account_id is not None and s.token_hash is not None]
    if not await tables.writer.call(seat_network, tables.store.engine, table.id, seat, network, others, full):
        return False
    notice: dict[str, Any] = {"n": table.seq, "key": UNRATED_NOTICE, "args": {"player": seat}}
    notices = (table.row.notices + [notice])[-MAX_NOTICES:]
    await tables.writer.call(tables.store.update, table.id, {"rated": 0, "notices": notices}, {})
    table.row.rated, table.row.notices = False, notices
    return True
