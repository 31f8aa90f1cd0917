"""Accounts against a real server (``museion serve`` in a subprocess, SQLite file): sign-up, sessions and the
attacks the issue names. Password guessing is held back per account and per network, a session value planted
before sign-in is never the one after, a change without the CSRF token is refused, an unknown username and a
wrong password get the same answer at the same cost, and a deleted account leaves no personal data in any table
of the database. Also: recovery codes, log out everywhere, the data download, and the operator's commands."""

from __future__ import annotations

import http.client
import io
import json
import re
import sqlite3
import sys
import time

import psutil
import pytest

from museion import cli
from museion.server.testing import GENEROUS, Player, ServerProcess

PASSWORD = "tortuga azul 7"


class Client:
    """One browser: its cookie jar (the session cookie), the CSRF token it was given, its source address."""

    def __init__(self, server: ServerProcess, source: str = "127.0.0.1") -> None:
        self.server, self.source = server, source
        self.cookie: str | None = None
        self.csrf: str | None = None
        self.set_cookie: str | None = None

    def request(self, method: str, path: str, body: dict | None = None, csrf: str | None = None,
                cookie: str | None = None) -> tuple[int, dict]:
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30, source_address=(self.source, 0))
        headers = {"Content-Type": "application/json"}
        cookie = cookie if cookie is not None else self.cookie
        if cookie:
            headers["Cookie"] = f"museion_session={cookie}"
        if csrf or (csrf is None and self.csrf and method != "GET"):
            headers["X-CSRF-Token"] = csrf or self.csrf
        try:
            conn.request(method, path, body=None if body is None and method == "GET" else json.dumps(body or {}),
                         headers=headers)
            response = conn.getresponse()
            data = json.loads(response.read() or b"null")
            self.headers = response.headers
            self.set_cookie = response.headers.get("set-cookie")
            if self.set_cookie:
                value = re.match(r"museion_session=([^;]*)", self.set_cookie).group(1).strip('"')
                self.cookie = value or None
            if isinstance(data, dict) and "csrf" in data:
                self.csrf = data["csrf"]
            return response.status, data
        finally:
            conn.close()

    def sign_up(self, username: str, password: str = PASSWORD) -> dict:
        status, answer = self.request("POST", "/api/accounts", {"username": username, "password": password})
        assert status == 201, answer
        return answer

    def sign_in(self, username: str, password: str = PASSWORD) -> tuple[int, dict]:
        return self.request("POST", "/api/session", {"username": username, "password": password})


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("accounts") / "museion.db",
                         args=(*GENEROUS, "--limit-signup", "1000/hour", "--limit-signin", "1000/minute")).start()
    yield proc
    proc.stop()
    log = proc.log_text()
    assert "Traceback" not in log, log[-3000:]


def test_sign_up_signs_in_with_a_safe_cookie_and_shows_the_codes_once(server):
    browser = Client(server)
    answer = browser.sign_up("Alba")
    assert answer["username"] == "Alba" and len(answer["recovery_codes"]) == 10
    cookie = browser.set_cookie.lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
    assert "secure" not in cookie  # plain HTTP here; over HTTPS the cookie is __Host- and Secure
    status, me = browser.request("GET", "/api/me")
    assert status == 200 and me["username"] == "Alba" and me["recovery_codes_left"] == 10
    assert "recovery_codes" not in me and me["csrf"] == answer["csrf"]
    assert Client(server).request("GET", "/api/me")[0] == 401  # a guest
    assert Client(server).request("GET", "/api/session") == (200, {"account": None})  # pages ask this: no error
    assert browser.request("GET", "/api/session") == (200, {"account": me})
    status, again = Client(server).request("POST", "/api/accounts", {"username": "alba", "password": PASSWORD})
    assert (status, again["error"]) == (409, "username_taken")


@pytest.mark.parametrize(("password", "code"), [("short", "password_too_short"), ("password123", "password_common"),
                                                ("carla-carla-carla", "password_context")])
def test_a_weak_password_is_refused_with_its_reason_and_no_account_is_made(server, password, code):
    status, answer = Client(server).request("POST", "/api/accounts", {"username": "Carla", "password": password})
    assert status == 400 and answer["error"] == code and answer["reason"]["key"].startswith("accounts.")
    assert Client(server).sign_in("Carla", password)[0] == 401


def test_unknown_username_and_wrong_password_get_the_same_answer_at_the_same_cost(server):
    """Same status and body. Cost: the server's CPU time per answer (not wall-clock time, meaningless on a shared
    machine), summed over interleaved attempts: an unknown username is checked against a dummy hash, so its
    answers cost about as much as wrong passwords' (without the dummy they would cost under a hundredth)."""
    Client(server).sign_up("Dora")
    process = psutil.Process(server.proc.pid)
    cost = {"unknown": 0.0, "wrong": 0.0}
    answers = set()
    for i in range(4):
        for kind, (name, source) in {"unknown": (f"nobody{i}", "127.0.7.1"), "wrong": ("Dora", "127.0.8.1")}.items():
            before = sum(process.cpu_times()[:2])
            status, answer = Client(server, source).sign_in(name, f"wrong guess {i}")
            cost[kind] += sum(process.cpu_times()[:2]) - before
            answers.add((status, json.dumps(answer, sort_keys=True)))
    assert answers == {(401, json.dumps({"error": "bad_credentials", "message": "wrong username or password"}))}
    print(f"\nCPU seconds for 4 answers each: {cost}")
    assert cost["unknown"] > 0.2 * cost["wrong"]


def test_password_guessing_is_held_back_per_account(server):
    Client(server).sign_up("Elena")
    attacker = Client(server, "127.0.2.1")
    for i in range(6):  # five free failures, and the sixth makes the next one wait
        assert attacker.sign_in("Elena", f"guess number {i}")[0] == 401
    status, answer = attacker.sign_in("Elena", PASSWORD)
    assert (status, answer["error"]) == (429, "signin_delayed") and answer["retry_after"] >= 1
    assert attacker.headers["Retry-After"]
    status, answer = Client(server, "127.0.3.1").sign_in("Elena", PASSWORD)  # from another network too
    assert status == 429 and answer["reason"] == {"key": "accounts.signin_delayed",
                                                  "args": {"seconds": answer["retry_after"]}}
    status, _ = Client(server, "127.0.3.1").sign_in("Nobody-else", "wrong guess")
    assert status == 401  # other accounts are not held back
    time.sleep(answer["retry_after"] + 0.2)
    assert Client(server, "127.0.3.1").sign_in("Elena", PASSWORD)[0] == 200


def test_password_guessing_is_held_back_per_network(tmp_path):
    server = ServerProcess(tmp_path / "museion.db", args=(*GENEROUS, "--signin-free-network", "3")).start()
    try:
        Client(server).sign_up("Flor")
        for i in range(4):  # a different username each time: only the network's count grows
            assert Client(server, f"127.0.4.{i + 1}").sign_in(f"user{i}", "a wrong guess")[0] == 401
        status, answer = Client(server, "127.0.4.200").sign_in("Flor", PASSWORD)  # same /24, right password
        assert (status, answer["error"]) == (429, "signin_delayed")
        assert Client(server, "127.0.5.1").sign_in("Flor", PASSWORD)[0] == 200  # another /24
    finally:
        server.stop()


def test_a_session_value_planted_before_sign_in_is_not_the_one_after(server):
    Client(server).sign_up("Gala")
    victim = Client(server)
    victim.cookie = "planted-by-an-attacker-0123456789"
    assert victim.request("GET", "/api/me")[0] == 401  # an unknown value opens nothing
    assert victim.sign_in("Gala")[0] == 200
    assert victim.cookie != "planted-by-an-attacker-0123456789"
    assert Client(server).request("GET", "/api/me", cookie="planted-by-an-attacker-0123456789")[0] == 401

    attacker = Client(server)  # the attacker's own valid session, planted in the victim's browser
    attacker.sign_up("Mallory")
    planted = attacker.cookie
    victim = Client(server)
    victim.cookie = planted
    assert victim.sign_in("Gala")[0] == 200 and victim.cookie != planted
    assert victim.request("GET", "/api/me")[1]["username"] == "Gala"
    assert Client(server).request("GET", "/api/me", cookie=planted)[0] == 401  # rotated: the old session ended


def test_a_change_without_the_csrf_token_is_refused_and_changes_nothing(server):
    browser = Client(server)
    browser.sign_up("Hugo")
    for csrf in ("", "0" * 64):
        for method, path, body in (("DELETE", "/api/session", {}), ("DELETE", "/api/sessions", {}),
                                   ("DELETE", "/api/me", {"password": PASSWORD})):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            headers = {"Content-Type": "application/json", "Cookie": f"museion_session={browser.cookie}"}
            if csrf:
                headers["X-CSRF-Token"] = csrf
            conn.request(method, path, body=json.dumps(body), headers=headers)
            response = conn.getresponse()
            assert (response.status, json.loads(response.read())["error"]) == (403, "csrf"), (method, path, csrf)
            conn.close()
    assert browser.request("GET", "/api/me")[1]["username"] == "Hugo"  # still signed in, account still there
    assert browser.request("DELETE", "/api/session")[0] == 200  # with the token
    assert browser.request("GET", "/api/me")[0] == 401


def test_log_out_everywhere_ends_every_session(server):
    phone, laptop = Client(server), Client(server)
    phone.sign_up("Ines")
    assert laptop.sign_in("Ines")[0] == 200
    assert len(laptop.request("GET", "/api/me")[1]["sessions"]) == 2
    status, answer = phone.request("DELETE", "/api/sessions")
    assert (status, answer) == (200, {"ended": 2})
    assert phone.request("GET", "/api/me")[0] == 401 and laptop.request("GET", "/api/me")[0] == 401


def test_a_recovery_code_sets_a_new_password_once_and_ends_the_old_sessions(server):
    browser = Client(server)
    codes = browser.sign_up("Juana")["recovery_codes"]
    stranger = Client(server)
    status, answer = stranger.request("POST", "/api/accounts/recover",
                                      {"username": "Juana", "code": "AAAA-BBBB-CCCC", "password": "nueva clave 9"})
    assert (status, answer["error"]) == (401, "bad_recovery")
    status, unknown = stranger.request("POST", "/api/accounts/recover",
                                       {"username": "Nadie", "code": codes[0], "password": "nueva clave 9"})
    assert (status, unknown) == (401, answer)
    helped = Client(server)
    status, answer = helped.request("POST", "/api/accounts/recover",
                                    {"username": "juana", "code": codes[0].lower(), "password": "nueva clave 9"})
    assert status == 200 and answer["recovery_codes_left"] == 9
    assert helped.request("GET", "/api/me")[1]["username"] == "Juana"
    assert browser.request("GET", "/api/me")[0] == 401  # the session from before the reset ended
    assert Client(server).sign_in("Juana", PASSWORD)[0] == 401
    assert Client(server).sign_in("Juana", "nueva clave 9")[0] == 200
    status, _ = Client(server).request("POST", "/api/accounts/recover",
                                       {"username": "Juana", "code": codes[0], "password": "otra clave 10"})
    assert status == 401  # used


def _database_text(path) -> str:  # noqa: ANN001
    """Every value of every table of the SQLite database, as one text."""
    with sqlite3.connect(path) as db:
        tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return "\n".join(repr(row) for table in tables for row in db.execute(f'SELECT * FROM "{table}"'))


def test_a_deleted_account_leaves_no_personal_data_in_the_database(server):
    browser, other = Client(server), Client(server)
    codes = browser.sign_up("Kiara-Deleted")["recovery_codes"]
    status, table = browser.request("POST", "/api/tables", {"game": "tholos", "seats": ["human", "human"], "join": 0})
    assert browser.request("POST", f"/api/tables/{table['id']}/join", {"seat": 1, "name": "Kiara Real"})[0] == 200
    assert other.sign_in("Kiara-Deleted")[0] == 200
    status, data = browser.request("GET", "/api/me/data")
    assert status == 200 and data["account"]["username"] == "Kiara-Deleted" and len(data["sessions"]) == 2
    assert "attachment" in browser.headers["Content-Disposition"] and "hash" not in json.dumps(data)
    with sqlite3.connect(server.db_path) as db:
        (account_id, stored), = db.execute("SELECT id, password_hash FROM accounts WHERE username_key='kiara-deleted'")
        sessions = [s for (s,) in db.execute("SELECT id FROM account_sessions WHERE account_id=?", (account_id,))]
        code_hashes = [c for (c,) in db.execute("SELECT code_hash FROM recovery_codes WHERE account_id=?",
                                                (account_id,))]
    assert len(sessions) == 2 and len(code_hashes) == len(codes) == 10
    status, answer = browser.request("DELETE", "/api/me", {"password": "not my password"})
    assert status == 401
    assert browser.request("DELETE", "/api/me", {"password": PASSWORD}) == (200, {"deleted": True})
    everything = _database_text(server.db_path)
    for secret in ["Kiara-Deleted", "kiara-deleted", "Kiara Real", stored, *sessions, *code_hashes]:
        assert secret not in everything
    assert "deleted player" in everything  # the game stays, its seat anonymised
    assert other.request("GET", "/api/me")[0] == 401
    assert Client(server).sign_in("Kiara-Deleted")[0] == 401
    Client(server).sign_up("Kiara-Deleted")  # the name is free again


def test_the_operator_resets_suspends_and_deletes(server, capsys, monkeypatch):
    """``museion admin`` (in this process: the command is the same) on the running server's database."""
    browser = Client(server)
    browser.sign_up("Lola")

    def admin(*args: str, stdin: str | None = None) -> str:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        assert cli.main(["admin", "--db", server.db_url, *args]) == 0
        return capsys.readouterr().out

    assert "Lola" in admin("accounts")
    admin("suspend", "lola")
    assert browser.request("GET", "/api/me")[0] == 401
    status, answer = Client(server).sign_in("Lola")
    assert (status, answer["error"]) == (403, "suspended")
    admin("reinstate", "Lola")
    new = re.search(r"new password of Lola: (\S+)", admin("reset-password", "Lola")).group(1)
    assert Client(server).sign_in("Lola")[0] == 401 and Client(server).sign_in("Lola", new)[0] == 200
    admin("reset-password", "Lola", "--password-stdin", stdin="otra clave larga\n")
    assert Client(server).sign_in("Lola", "otra clave larga")[0] == 200
    admin("delete", "Lola", "--yes")
    assert Client(server).sign_in("Lola", "otra clave larga")[0] == 401


def test_no_secret_reaches_the_log(server):
    browser = Client(server)
    codes = browser.sign_up("Marta", "secreto de luna 1")["recovery_codes"]
    browser.sign_in("Marta", "secreto de luna 1")
    log = server.log_text()
    for secret in ["secreto de luna", browser.cookie, browser.csrf, *codes]:
        assert secret not in log


def test_over_https_the_cookie_is_secure_host_only_and_a_planted_plain_one_is_ignored(tmp_path):
    """Behind a TLS proxy (``--forwarded-allow-ips``, ``X-Forwarded-Proto: https``) the session cookie is
    ``__Host-museion_session`` with ``Secure``; the plain ``museion_session`` (which a sibling subdomain could set)
    opens nothing there."""
    server = ServerProcess(tmp_path / "museion.db", args=(*GENEROUS, "--forwarded-allow-ips", "127.0.0.1")).start()
    try:
        def send(method: str, path: str, body: dict | None, cookie: str | None = None) -> http.client.HTTPResponse:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            headers = {"Content-Type": "application/json", "X-Forwarded-Proto": "https"}
            if cookie:
                headers["Cookie"] = cookie
            conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            response = conn.getresponse()
            response.read()
            return response

        answer = send("POST", "/api/accounts", {"username": "Nerea", "password": PASSWORD})
        assert answer.status == 201
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith("__Host-museion_session=") and "Secure" in cookie and "HttpOnly" in cookie
        assert "Domain" not in cookie and "Path=/" in cookie
        value = re.match(r"__Host-museion_session=([^;]*)", cookie).group(1)
        assert send("GET", "/api/me", None, f"__Host-museion_session={value}").status == 200
        assert send("GET", "/api/me", None, f"museion_session={value}").status == 401
    finally:
        server.stop()


def test_changing_the_password_asks_the_old_one_and_ends_the_other_sessions(server):
    mine, other = Client(server), Client(server)
    mine.sign_up("Olga")
    assert other.sign_in("Olga")[0] == 200
    change = {"password": PASSWORD, "new_password": "otra clave larga 5"}
    status, answer = mine.request("POST", "/api/me/password", change, csrf="0" * 64)
    assert (status, answer["error"]) == (403, "csrf")
    status, answer = mine.request("POST", "/api/me/password", {**change, "password": "not it at all"})
    assert (status, answer["error"]) == (401, "bad_credentials")
    status, answer = mine.request("POST", "/api/me/password", {**change, "new_password": "password123"})
    assert (status, answer["error"]) == (400, "password_common")
    before = mine.cookie
    assert mine.request("POST", "/api/me/password", change)[0] == 200
    assert mine.cookie != before and mine.request("GET", "/api/me")[1]["username"] == "Olga"
    assert other.request("GET", "/api/me")[0] == 401
    assert Client(server).request("GET", "/api/me", cookie=before)[0] == 401
    assert Client(server).sign_in("Olga", "otra clave larga 5")[0] == 200


def test_new_recovery_codes_replace_the_old_ones(server):
    browser = Client(server)
    old = browser.sign_up("Paula")["recovery_codes"]
    status, answer = browser.request("POST", "/api/me/recovery-codes", {"password": PASSWORD}, csrf="x")
    assert (status, answer["error"]) == (403, "csrf")
    status, answer = browser.request("POST", "/api/me/recovery-codes", {"password": PASSWORD})
    assert status == 200 and len(answer["recovery_codes"]) == 10 and not set(answer["recovery_codes"]) & set(old)
    recover = {"username": "Paula", "code": old[0], "password": "nueva clave 9"}
    assert Client(server).request("POST", "/api/accounts/recover", recover)[0] == 401
    recover["code"] = answer["recovery_codes"][0]
    assert Client(server).request("POST", "/api/accounts/recover", recover)[0] == 200


def test_a_stolen_seat_token_cannot_take_a_seat_bound_to_an_account(server):
    owner, thief = Client(server), Client(server)
    owner.sign_up("Lena-Seat")
    status, table = owner.request("POST", "/api/tables", {"game": "tholos", "seats": ["human", "human"], "join": 0})
    status, joined = owner.request("POST", f"/api/tables/{table['id']}/join", {"seat": 1})
    assert status == 200
    stolen = joined["token"]
    for cookie in (None, thief.sign_up("Mara-Thief") and thief.cookie):  # a guest, then another account
        player = Player(server, table["id"], stolen, cookie=cookie)
        assert player.errors[0]["code"] == "seat_bound" and _seat(player) is None
        assert player.move(0)["code"] == "not_seated"
        player.close()
    status, refused = thief.request("POST", f"/api/tables/{table['id']}/leave", {"token": stolen})
    assert (status, refused["error"]) == (403, "seat_bound")
    held = [{"table": table["id"], "token": stolen}]
    signed_in = thief.request("POST", "/api/session", {"username": "Mara-Thief", "password": PASSWORD, "seats": held})
    assert signed_in[1]["attached"] == 0
    assert thief.request("POST", f"/api/tables/{table['id']}/my-seat", {}) == (200, {"table": table["id"],
                                                                                    "seat": None, "key": None})
    owner_player = Player(server, table["id"], stolen, cookie=owner.cookie)
    assert _seat(owner_player) == 1 and not owner_player.errors
    owner_player.close()


def _seat(player: Player) -> int | None:
    """The seat the server gave the connection (from its first state message)."""
    player.wait(bool)
    return player.state["seat"]
