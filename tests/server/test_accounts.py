"""Accounts, in process: the password rules (NIST SP 800-63B), the Argon2id hashes, the throttle's growing delays
and networks, the storage (a deleted account leaves nothing), and that an unknown username costs the same hash as
a wrong password."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
from sqlalchemy import select

from museion.core import i18n
from museion.server.accounts import passwords, texts
from museion.server.accounts.passwords import Refused, check_password, check_username
from museion.server.accounts.routes import AccountError, Accounts
from museion.server.accounts.schema import accounts_t
from museion.server.accounts.store import AccountStore, session_id
from museion.server.accounts.throttle import Guesses, Throttle, network
from museion.server.config import ServerConfig
from museion.server.storage.storage import Store


@pytest.mark.parametrize(("password", "code"), [
    ("short1!", "password_too_short"),
    ("x" * 129, "password_too_long"),
    ("password1", "password_common"),
    ("Sunshine1", "password_common"),  # the list is compared without case
    ("ana-plays-well", "password_context"),  # contains the username
    ("museion-rocks-42", "password_context"),
    ("aaaaaaaaaaaa", "password_repetitive"),
    ("abababababab", "password_repetitive"),
    ("zyxwvuts", "password_repetitive"),
    ("hgfedcba", "password_repetitive"),
])
def test_a_password_is_refused_with_the_reason(password, code):
    with pytest.raises(Refused) as refused:
        check_password(password, "ana")
    assert refused.value.code == code and refused.value.reason["key"].startswith("accounts.password_")


@pytest.mark.parametrize("password", [
    "correct horse battery staple", "tortuga azul 7", "contraseña larga", ("dados y fichas " * 9)[:128],
    "🎲🎲 dados y fichas", "tortugaazul",  # no composition rule asks for digits, capitals or symbols
])
def test_length_over_composition_any_character_is_allowed(password):
    assert check_password(password, "ana") == passwords.normalise(password)


def test_passwords_are_normalised_and_hashed_with_argon2id():
    composed, decomposed = "contraseña-larga", "contrasen\u0303a-larga"
    stored = passwords.hash_password(check_password(composed, "ana"))
    assert stored.startswith("$argon2id$")
    assert passwords.verify(stored, passwords.normalise(decomposed))
    assert not passwords.verify(stored, "contrasena-larga")
    assert not passwords.verify("not a hash", "x")


@pytest.mark.parametrize("name", ["ab", "x" * 25, "ana maría", "-ana", "аna", "a/b"])
def test_a_username_outside_the_rules_is_refused(name):
    with pytest.raises(Refused) as refused:
        check_username(name)
    assert refused.value.code == "bad_username" and refused.value.reason["args"] == {"min": 3, "max": 24}


def test_reserved_usernames_are_refused_in_any_case():
    with pytest.raises(Refused, match="reserved"):
        check_username("Admin")


def test_recovery_codes_are_random_and_found_however_typed():
    codes = passwords.new_recovery_codes()
    assert len(set(codes)) == 10 and all(len(c) == 14 and c.count("-") == 2 for c in codes)
    assert passwords.code_hash(codes[0].lower().replace("-", " ")) == passwords.code_hash(codes[0])


def test_networks_are_ipv4_24_and_ipv6_64():
    assert network("203.0.113.7") == network("203.0.113.250") == "203.0.113.0/24"
    assert network("203.0.114.7") != network("203.0.113.7")
    assert network("2001:db8:1:2:aaaa::1") == network("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert network("::ffff:203.0.113.9") == "203.0.113.0/24"


def test_delays_grow_after_the_free_failures_up_to_the_cap():
    now = [1000.0]
    throttle = Throttle(free=3, cap=60, clock=lambda: now[0])
    waits = []
    for _ in range(12):
        waits.append(throttle.wait("k"))
        throttle.failed("k")
    assert waits == [0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60]
    now[0] += 59.5
    assert throttle.wait("k") == pytest.approx(0.5)
    now[0] += 86400
    assert throttle.wait("k") == 0 and "k" not in throttle.counts  # forgotten after a day


def test_a_success_clears_the_account_but_not_the_network():
    guesses = Guesses(account_free=1, network_free=1)
    for _ in range(3):
        guesses.failed("ana", "198.51.100.4")
    assert guesses.wait("ana", "192.0.2.1") > 0  # the account's count holds from any network
    assert guesses.wait("bob", "198.51.100.99") > 0  # the network's count holds for any username
    guesses.succeeded("ana")
    assert guesses.wait("ana", "192.0.2.1") == 0
    assert guesses.wait("ana", "198.51.100.4") > 0


@pytest.fixture
def store(tmp_path):
    return AccountStore(Store(f"sqlite:///{tmp_path / 'museion.db'}").engine)


def test_sessions_end_one_by_one_or_everywhere(store):
    ana = store.create("Ana", passwords.hash_password("tortuga azul 7"), passwords.new_recovery_codes())
    store.start_session(ana.id, "one")
    store.start_session(ana.id, "two")
    assert store.session("one").username == "Ana" and store.find("ANA").id == ana.id
    store.start_session(ana.id, "three", replaces="one")  # rotation: the value held before ends
    assert store.session("one") is None and store.session("three") is not None
    assert store.end_sessions(ana.id) == 2
    assert store.session("two") is None and store.session("three") is None


def test_a_recovery_code_works_once(store):
    codes = passwords.new_recovery_codes()
    ana = store.create("Ana", passwords.hash_password("tortuga azul 7"), codes)
    assert not store.use_code(ana.id, "AAAA-AAAA-AAAA")
    assert store.use_code(ana.id, codes[3].lower())
    assert not store.use_code(ana.id, codes[3])
    assert store.overview(ana.id)["recovery_codes_left"] == 9


def test_a_suspended_account_has_no_session(store):
    ana = store.create("Ana", passwords.hash_password("tortuga azul 7"), [])
    store.start_session(ana.id, "one")
    store.set_status(ana.id, "suspended")
    assert store.session("one") is None
    store.set_status(ana.id, "active")
    assert store.session("one") is None  # ended, not paused


def test_a_deleted_account_leaves_no_row(store):
    ana = store.create("Ana", passwords.hash_password("tortuga azul 7"), passwords.new_recovery_codes())
    store.start_session(ana.id, "one")
    assert store.export(ana.id)["account"]["username"] == "Ana"
    store.delete(ana.id)
    with store.engine.connect() as conn:
        for table in ("accounts", "account_sessions", "recovery_codes"):
            assert conn.exec_driver_sql(f"SELECT count(*) FROM {table}").scalar_one() == 0
        assert conn.execute(select(accounts_t)).all() == []
    assert session_id("one") and store.find("ana") is None


def test_an_unknown_username_is_checked_against_the_dummy_hash(tmp_path, monkeypatch):
    """The answer to an unknown username costs the same Argon2id hash as a wrong password: the password is checked
    against ``dummy_hash()`` (and both answers are the same error)."""
    url = f"sqlite:///{tmp_path / 'museion.db'}"
    state = SimpleNamespace(config=ServerConfig(), manager=SimpleNamespace(store=Store(url)))
    service = Accounts(SimpleNamespace(state=state))
    ana = service.store.create("Ana", passwords.hash_password("tortuga azul 7"), [])
    checked = []
    real = passwords.verify
    monkeypatch.setattr(passwords, "verify", lambda stored, pw: checked.append(stored) or real(stored, pw))

    async def attempt(username: str) -> AccountError:
        with pytest.raises(AccountError) as refused:
            await service.check_password(username, "not the password", "192.0.2.1")
        return refused.value

    unknown, wrong = asyncio.run(attempt("nobody")), asyncio.run(attempt("Ana"))
    assert checked == [passwords.dummy_hash(), ana.password_hash]
    assert (unknown.status, unknown.code, str(unknown)) == (wrong.status, wrong.code, str(wrong)) == (
        401, "bad_credentials", "wrong username or password")


def test_every_account_text_is_in_every_language_and_translated():
    """Every account text has a translation in every catalogue language, and the Spanish differs from the English
    (German may write a word as English does, "Name"; the catalogue test checks it is translated at all)."""
    assert not [entry for entry in i18n.missing() if entry.split(":")[0] in texts.TEXTS]
    assert [key for key in texts.TEXTS if i18n.template(key, "es") == i18n.template(key, "en")] == []
