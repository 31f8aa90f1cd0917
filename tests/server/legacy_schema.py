"""Databases as earlier versions of museion made them, for the upgrade tests (``test_migrations.py``): the schema
of main 6fbf2f2 (the last one before migrations, copied from its ``server/storage.py``: ``metadata.create_all``
made it), and an older one from before clocks, notices, creator tokens, hints, stand-ins, forfeits, expiry and
analyses (``Store._migrate`` used to add those columns)."""

from __future__ import annotations

import time

from sqlalchemy import JSON, Column, Float, ForeignKey, Integer, MetaData, String, Table, create_engine, insert


def main_schema() -> MetaData:
    metadata = MetaData()
    Table("tables", metadata,
          Column("id", String(32), primary_key=True),
          Column("game", String(32), nullable=False),
          Column("options", JSON, nullable=False),
          Column("status", String(16), nullable=False, index=True),
          Column("created", Float, nullable=False),
          Column("creator", String(64), index=True),
          Column("started", Float),
          Column("finished", Float),
          Column("scores", JSON),
          Column("winners", JSON),
          Column("clock", JSON),
          Column("clock_state", JSON),
          Column("notices", JSON),
          Column("creator_key", String(64)),
          Column("hints", Integer))
    Table("seats", metadata,
          Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
          Column("seat", Integer, primary_key=True),
          Column("kind", String(8), nullable=False),
          Column("bot", String(32)),
          Column("name", String(64)),
          Column("token_hash", String(64)),
          Column("standin", String(32)),
          Column("forfeit", Integer))
    Table("analyses", metadata,
          Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
          Column("data", JSON, nullable=False))
    Table("actions", metadata,
          Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
          Column("seq", Integer, primary_key=True),
          Column("action", Integer, nullable=False))
    return metadata


def old_schema() -> MetaData:
    """The first stored schema: no clocks, notices, creator tokens, hints, stand-ins, forfeits, start times nor
    analyses."""
    metadata = MetaData()
    Table("tables", metadata,
          Column("id", String(32), primary_key=True),
          Column("game", String(32), nullable=False),
          Column("options", JSON, nullable=False),
          Column("status", String(16), nullable=False, index=True),
          Column("created", Float, nullable=False),
          Column("finished", Float),
          Column("scores", JSON),
          Column("winners", JSON))
    Table("seats", metadata,
          Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
          Column("seat", Integer, primary_key=True),
          Column("kind", String(8), nullable=False),
          Column("bot", String(32)),
          Column("name", String(64)),
          Column("token_hash", String(64)))
    Table("actions", metadata,
          Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
          Column("seq", Integer, primary_key=True),
          Column("action", Integer, nullable=False))
    return metadata


CREATED = time.time() - 3600


def make(url: str, metadata: MetaData, actions: list[int], token_hash: str, name: str = "Ana") -> None:
    """A database with ``metadata``'s schema and one running Tholos table (a human seat held by ``token_hash``,
    a random bot) that has had ``actions``, plus one finished table with its analysis when the schema has them."""
    engine = create_engine(url)
    metadata.create_all(engine)
    tables, seats, moves = (metadata.tables[n] for n in ("tables", "seats", "actions"))
    with engine.begin() as conn:
        extra = {"creator": "c" * 64, "started": CREATED, "notices": [], "hints": 0} if "creator" in tables.c else {}
        conn.execute(insert(tables).values(id="legacy1", game="tholos", options={}, status="running",
                                           created=CREATED, **extra))
        conn.execute(insert(seats), [
            {"table_id": "legacy1", "seat": 0, "kind": "human", "name": name, "token_hash": token_hash},
            {"table_id": "legacy1", "seat": 1, "kind": "bot", "bot": "random", "name": None, "token_hash": None}])
        if actions:
            conn.execute(insert(moves), [{"table_id": "legacy1", "seq": i, "action": a}
                                         for i, a in enumerate(actions)])
        if "analyses" in metadata.tables:
            conn.execute(insert(tables).values(id="legacy2", game="tholos", options={}, status="finished",
                                               created=CREATED, finished=CREATED + 60, scores=[1.0, 0.0],
                                               winners=[0], **extra))
            conn.execute(insert(metadata.tables["analyses"]).values(table_id="legacy2", data={"kept": True}))
    engine.dispose()


def before_migrations(db) -> None:  # noqa: ANN001 - a sqlite3 connection
    """Make a database the current code created look like one made before migrations (an older version had no
    ``alembic_version``, no account, chat, lease, friends, rating or profile tables, no ``tables.undo``,
    ``seats.account_id``, ``tables.touched``, ``tables.rated`` or ``tables.accounts_only``, no
    second factor, notice, seek or presence tables), so that opening it runs every revision's upgrade
    of old data."""
    for table in ("tournament_games", "tournament_players", "tournaments", "stream_events", "challenges",
                  "api_tokens"):  # issue 41's tables (0017, 0018), present only where their modules are imported
        db.execute(f"DROP TABLE IF EXISTS {table}")
    for table in ("alembic_version", "presence", "seeks", "notice_keys", "notice_outbox", "push_subscriptions",
                  "notice_settings", "notice_addresses", "account_totp", "seat_networks", "profiles", "rating_history",
                  "ratings", "friend_settings", "seat_invitations", "blocks",
                  "friend_requests", "friendships", "recovery_codes", "account_sessions", "accounts",
                  "chat_reports", "chat", "leases"):
        db.execute(f"DROP TABLE {table}")
    db.execute("DROP INDEX ix_seats_account_id")
    db.execute("ALTER TABLE seats DROP COLUMN account_id")
    db.execute("ALTER TABLE tables DROP COLUMN undo")
    db.execute("ALTER TABLE tables DROP COLUMN touched")
    db.execute("ALTER TABLE tables DROP COLUMN rated")
    db.execute("ALTER TABLE tables DROP COLUMN accounts_only")
