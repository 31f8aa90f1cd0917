"""Schema migrations (Alembic, ``server/migrations``): a new database gets exactly the schema the code reads and
writes; the first revision is main's schema as it was; databases made by main (and by older versions) are
upgraded in place with their rows, on SQLite and on PostgreSQL (``MUSEION_TEST_PG_URL``), and a server started on
one plays its tables on."""

from __future__ import annotations

import concurrent.futures
import os
import subprocess
import sys
import time
import uuid

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from legacy_schema import CREATED, main_schema, make, old_schema
from sqlalchemy import create_engine, insert, inspect, make_url, select, text

import museion
from museion import cli
from museion.server import migrations
from museion.server.accounts import schema as account_schema
from museion.server.botapi import schema as botapi_schema
from museion.server.challenges import schema as challenges_schema
from museion.server.chat import chat_store
from museion.server.friends import presence
from museion.server.friends.store import FriendStore
from museion.server.notices import schema as notices_schema
from museion.server.ratings import schema as ratings_schema
from museion.server.seeks import schema as seeks_schema
from museion.server.storage.engine import make_engine
from museion.server.storage.rows import hash_token, metadata
from museion.server.storage.storage import Store
from museion.server.stream import schema as stream_schema
from museion.server.testing import Player, ServerProcess
from museion.server.tournaments import schema as tournaments_schema

PG_URL = os.environ.get("MUSEION_TEST_PG_URL")
STORAGES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not PG_URL, reason="set MUSEION_TEST_PG_URL=postgresql+psycopg://... to test PostgreSQL storage"))]
assert account_schema.accounts_t is not None and chat_store.chat_t is not None  # their tables are in ``metadata``
assert ratings_schema.ratings_t is not None and seeks_schema.seeks_t is not None and presence.presence_t is not None
assert notices_schema.outbox_t is not None
assert botapi_schema.api_tokens_t is not None and challenges_schema.challenges_t is not None  # issue 41's tables
assert stream_schema.stream_events_t is not None
assert tournaments_schema.tournaments_t is not None


@pytest.fixture
def database(request, tmp_path):  # noqa: ANN001 - a pytest request
    """An empty database of the kind asked for: a SQLite file, or a new PostgreSQL database dropped afterwards."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'museion.db'}"
        return
    name = f"museion_mig_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(PG_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _differences(engine, target) -> list:  # noqa: ANN001
    """What Alembic's autogenerate would change to make the database's schema ``target`` (nothing: they agree)."""
    with engine.connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn), target)
    return [d for d in diffs
            if not (isinstance(d, tuple) and d[0] == "remove_table" and d[1].name == "alembic_version")]


@pytest.mark.parametrize("database", STORAGES, indirect=True)
def test_a_new_database_gets_exactly_the_schema_the_code_uses(database):
    engine = Store(database).engine
    assert migrations.revision(engine) == migrations.head() == "0019_tournament_claims"
    assert _differences(engine, metadata) == []
    engine.dispose()


@pytest.mark.parametrize("database", STORAGES, indirect=True)
def test_the_first_revision_is_mains_schema(database):
    engine = make_engine(database)
    migrations.upgrade(engine, "0001_tables")
    assert _differences(engine, main_schema()) == []
    engine.dispose()


def _check_upgraded(url: str, token: str, actions: list[int], finished: bool) -> None:
    store = Store(url)
    assert migrations.revision(store.engine) == migrations.head()
    row = store.load_table("legacy1")
    assert row is not None and row.actions == actions and row.status == "running"
    assert [(s.kind, s.name, s.token_hash) for s in row.seats] == [("human", "Ana", hash_token(token)),
                                                                    ("bot", None, None)]
    assert row.started == pytest.approx(CREATED)  # a table of before expiry counts as started: it never expires
    if finished:
        assert store.load_analysis("legacy2") == {"kept": True}
        assert store.load_table("legacy2").scores == [1.0, 0.0]
    with store.engine.connect() as conn:  # the account tables are there, empty
        assert conn.execute(select(account_schema.accounts_t)).all() == []
    assert _differences(store.engine, metadata) == []
    Store(url).engine.dispose()  # opening it again changes nothing
    assert migrations.revision(store.engine) == migrations.head()
    store.engine.dispose()


def _some_actions(n: int) -> list[int]:
    state = museion.load("tholos").new_initial_state()
    actions = []
    for _ in range(n):
        action = state.legal_actions()[0]
        actions.append(action)
        state.apply_action(action)
    return actions


@pytest.mark.parametrize("database", STORAGES, indirect=True)
def test_a_database_made_by_main_is_upgraded_with_its_rows(database):
    actions = _some_actions(4)
    make(database, main_schema(), actions, hash_token("seat-token"))
    _check_upgraded(database, "seat-token", actions, finished=True)


@pytest.mark.parametrize("database", STORAGES, indirect=True)
def test_a_database_with_accounts_gets_seat_accounts_keeping_its_seats(database):
    """0005_undo -> 0006_seat_accounts (and on): every seat kept, bound to no account, the column indexed."""
    actions = _some_actions(2)
    make(database, main_schema(), actions, hash_token("seat-token"))
    engine = make_engine(database)
    migrations.upgrade(engine, "0005_undo")
    assert "account_id" not in {c["name"] for c in inspect(engine).get_columns("seats")}
    engine.dispose()
    store = Store(database)
    assert migrations.revision(store.engine) == migrations.head()
    assert [(s.name, s.token_hash, s.account_id) for s in store.load_table("legacy1").seats] == [
        ("Ana", hash_token("seat-token"), None), (None, None, None)]
    assert "ix_seats_account_id" in {ix["name"] for ix in inspect(store.engine).get_indexes("seats")}
    assert store.account_seats(1, 50) == []
    store.engine.dispose()


@pytest.mark.parametrize("database", STORAGES, indirect=True)
def test_a_database_at_touched_gets_the_friends_tables_keeping_its_accounts(database):
    """0007_touched -> 0008_friends: new tables only; the accounts and seats stay, and friends can be stored."""
    make(database, main_schema(), _some_actions(2), hash_token("seat-token"))
    engine = make_engine(database)
    migrations.upgrade(engine, "0007_touched")
    assert "friendships" not in inspect(engine).get_table_names()
    with engine.begin() as conn:
        for name in ("Ana", "Bo"):
            conn.execute(insert(account_schema.accounts_t).values(username=name, username_key=name.lower(),
                                                                   password_hash="x", created=1.0, status="active"))
    engine.dispose()
    store = Store(database)
    assert migrations.revision(store.engine) == migrations.head()
    assert {"friendships", "friend_requests", "blocks", "seat_invitations", "friend_settings"} <= set(
        inspect(store.engine).get_table_names())
    ana, bo = (FriendStore(store.engine).find(name).id for name in ("Ana", "Bo"))
    friends = FriendStore(store.engine)
    assert friends.request(ana, "bo") == "sent" and friends.request(bo, "Ana") == "friends"
    assert [f["username"] for f in friends.overview(ana)["friends"]] == ["Bo"]
    assert [(s.name, s.token_hash) for s in store.load_table("legacy1").seats][0] == ("Ana", hash_token("seat-token"))


@pytest.mark.parametrize("database", STORAGES, indirect=True)
def test_a_database_at_0008_gets_ratings_keeping_its_tables_unrated(database):
    """0008_friends -> 0009_ratings: every table kept and unrated; the rating and profile tables there, empty."""
    actions = _some_actions(2)
    make(database, main_schema(), actions, hash_token("seat-token"))
    engine = make_engine(database)
    migrations.upgrade(engine, "0008_friends")
    assert "rated" not in {c["name"] for c in inspect(engine).get_columns("tables")}
    assert "ratings" not in inspect(engine).get_table_names()
    engine.dispose()
    store = Store(database)
    assert migrations.revision(store.engine) == migrations.head()
    row = store.load_table("legacy1")
    assert row.actions == actions and row.rated is False
    assert {"ratings", "rating_history", "profiles"} <= set(inspect(store.engine).get_table_names())
    assert "ix_ratings_board" in {ix["name"] for ix in inspect(store.engine).get_indexes("ratings")}
    with store.engine.connect() as conn:
        assert conn.execute(select(ratings_schema.ratings_t)).all() == []
    store.engine.dispose()


@pytest.mark.parametrize("database", STORAGES, indirect=True)
def test_a_database_at_0011_gets_the_second_factor_table_keeping_its_accounts(database):
    """0011_fair_play -> 0012_totp: the accounts kept, none with a second factor, the table as the code declares
    it; and back (nothing lost while no account has one)."""
    make(database, main_schema(), [], hash_token("seat-token"))
    engine = make_engine(database)
    migrations.upgrade(engine, "0011_fair_play")
    with engine.begin() as conn:
        conn.execute(insert(account_schema.accounts_t).values(username="Ana", username_key="ana", password_hash="h",
                                                              created=1.0, status="active"))
    assert "account_totp" not in inspect(engine).get_table_names()
    migrations.upgrade(engine, "0012_totp")
    assert migrations.revision(engine) == "0012_totp"
    with engine.connect() as conn:
        assert conn.execute(select(account_schema.accounts_t.c.username)).scalars().all() == ["Ana"]
        assert conn.execute(select(account_schema.totp_t)).all() == []
    columns = {c["name"]: c["nullable"] for c in inspect(engine).get_columns("account_totp")}
    assert columns == {c.name: c.nullable for c in account_schema.totp_t.columns}
    assert migrations.losses(engine, "0011_fair_play") == []  # no account has a second factor yet
    migrations.downgrade(engine, "0011_fair_play")
    assert "account_totp" not in inspect(engine).get_table_names()
    engine.dispose()


@pytest.mark.parametrize("database", STORAGES, indirect=True)
def test_a_database_older_than_main_gets_the_columns_it_lacks(database):
    actions = _some_actions(3)
    make(database, old_schema(), actions, hash_token("old-token"))
    _check_upgraded(database, "old-token", actions, finished=False)
    engine = make_engine(database)
    assert {ix["name"] for ix in inspect(engine).get_indexes("tables")} >= {"ix_tables_status", "ix_tables_creator"}
    engine.dispose()


def test_a_server_started_on_mains_database_plays_its_table_on(tmp_path):
    path = tmp_path / "museion.db"
    actions = _some_actions(2)
    make(f"sqlite:///{path}", main_schema(), actions, hash_token("seat-token"))
    server = ServerProcess(path, bot_delay=0.01).start()
    try:
        me = Player(server, "legacy1", "seat-token")
        assert me.first["seat"] == 0 and len(me.log) >= len(actions)
        me.wait(lambda s: bool(s["legal"]) or s["status"] == "finished")
        if me.state["legal"]:
            assert me.move(me.state["legal"][0]["id"])["type"] == "state"
        me.close()
    finally:
        server.stop()


def test_the_admin_command_migrates_and_says_the_revision(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'museion.db'}"
    make(url, main_schema(), [], hash_token("t"))

    def admin(*args: str) -> str:
        assert cli.main(["admin", "--db", url, *args]) == 0
        return capsys.readouterr().out

    head = migrations.head()
    assert f"database: none (before migrations); newest: {head}" in admin("revision")
    assert f"database at revision {head}" in admin("migrate")
    assert f"database: {head}; newest: {head}" in admin("revision")


@pytest.mark.parametrize("database", STORAGES, indirect=True)
def test_stores_opened_together_migrate_one_after_the_other(database):
    """Threads of one process (Alembic's commands are one at a time per process: ``migrations.LOCK``) and
    processes (``museion admin migrate``; on PostgreSQL an advisory lock, ``migrations/env.py``): without the
    locks the later ones would create the tables again, or break Alembic's module-level proxies."""
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        stores = list(pool.map(lambda _: Store(database), range(3)))
    for store in stores:
        assert migrations.revision(store.engine) == migrations.head()
        store.engine.dispose()


@pytest.mark.skipif(not PG_URL, reason="set MUSEION_TEST_PG_URL=postgresql+psycopg://... to test PostgreSQL storage")
@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
def test_servers_starting_together_on_postgresql_wait_for_each_others_migrations(database):
    """Three ``museion admin migrate`` processes while the migrations' advisory lock is held: each waits for it
    (seen in ``pg_locks``), then all three end at the newest revision, one after the other."""
    holder = create_engine(database)
    with holder.connect() as conn:
        conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": migrations.ADVISORY_LOCK})
        conn.commit()
        runs = [subprocess.Popen([sys.executable, "-m", "museion.cli", "admin", "--db", database, "migrate"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(3)]
        deadline = time.monotonic() + 120
        waiting = 0
        while waiting < 3 and time.monotonic() < deadline and all(run.poll() is None for run in runs):
            time.sleep(0.2)
            waiting = conn.execute(text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
                                   ).scalar_one()
            conn.commit()
        assert waiting == 3, [run.poll() for run in runs]
        conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": migrations.ADVISORY_LOCK})
        conn.commit()
    holder.dispose()
    for run in runs:
        out, err = run.communicate(timeout=120)
        assert run.returncode == 0, err
        assert f"database at revision {migrations.head()}" in out


@pytest.mark.parametrize("database", STORAGES, indirect=True)
def test_a_database_at_0013_lists_every_account_on_the_leaderboards(database):
    """0013_notices -> 0014_public_ratings: a profile saved under the old opt-in (show_ratings 0, the default nobody
    chose) is listed on the leaderboards (1); its other choices kept."""
    make(database, main_schema(), [], hash_token("seat-token"))
    engine = make_engine(database)
    migrations.upgrade(engine, "0013_notices")
    with engine.begin() as conn:
        conn.execute(insert(account_schema.accounts_t).values(username="Ana", username_key="ana", password_hash="h",
                                                              created=1.0, status="active"))
        ana = conn.execute(select(account_schema.accounts_t.c.id)).scalar_one()
        conn.execute(insert(ratings_schema.profiles_t).values(account_id=ana, show_ratings=0, show_games=1,
                                                              show_languages=0, languages=["es"]))
    engine.dispose()
    store = Store(database)
    with store.engine.connect() as conn:
        row = conn.execute(select(ratings_schema.profiles_t)).one()
    assert (row.show_ratings, row.show_games, row.show_languages, row.languages) == (1, 1, 0, ["es"])
    assert migrations.losses(store.engine, "0013_notices") == []
    store.engine.dispose()
