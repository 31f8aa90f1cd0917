"""The second factor (issue 38 item 6) against a real server: TOTP (RFC 6238) set up with the password, turned on
with a first code, then asked at every sign-in (401 ``totp_required`` without it); a wrong code is a failed
sign-in held back like a wrong password, a code works once, recovery codes still work, turning it off needs the
password and a code, and the secret reaches neither the log, nor ``GET /api/me``, nor the data download."""

from __future__ import annotations

import json
import re
import sqlite3
import time
import urllib.parse

import pyotp
import pytest
from test_accounts_hostile import PASSWORD, Client

from museion import cli
from museion.server.accounts import totp
from museion.server.testing import GENEROUS, ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("totp") / "museion.db",
                         args=(*GENEROUS, "--limit-signup", "1000/hour", "--limit-signin", "1000/minute")).start()
    yield proc
    proc.stop()
    log = proc.log_text()
    assert "Traceback" not in log, log[-3000:]


def codes(secret: str) -> list[str]:
    """Three codes the server accepts now, in the order they may be used (the step before, this step, the one
    after: a code is accepted one step early or late, and never after a later one). Taken at least 10 s before the
    step ends, so that all three are still accepted while the test sends them."""
    left = totp.STEP - time.time() % totp.STEP
    if left < 10:
        time.sleep(left + 0.1)
    step = int(time.time() // totp.STEP)
    return [pyotp.TOTP(secret).generate_otp(step + i) for i in (-1, 0, 1)]


def sign_in(browser: Client, username: str, code: str | None = None, password: str = PASSWORD) -> tuple[int, dict]:
    body = {"username": username, "password": password, **({"totp": code} if code is not None else {})}
    return browser.request("POST", "/api/session", body)


def turn_on(browser: Client, username: str) -> tuple[str, list[str]]:
    """Sign up ``username`` and turn the second factor on; its secret and the two codes still unused."""
    recovery = browser.sign_up(username)["recovery_codes"]
    status, setup = browser.request("POST", "/api/me/totp", {"password": PASSWORD})
    assert status == 200, setup
    before, now, after = codes(setup["secret"])
    status, state = browser.request("POST", "/api/me/totp/confirm", {"code": before})
    assert status == 200 and state["totp"] is True, state
    return setup["secret"], [now, after, *recovery]


def test_setting_up_shows_the_secret_once_and_sign_in_asks_nothing_until_a_code_confirms_it(server):
    browser, laptop = Client(server), Client(server)
    browser.sign_up("Abril")
    assert sign_in(laptop, "Abril")[0] == 200
    status, answer = browser.request("POST", "/api/me/totp", {"password": "not the password"})
    assert (status, answer["error"]) == (401, "bad_credentials")
    status, answer = browser.request("POST", "/api/me/totp", {"password": PASSWORD}, csrf="0" * 64)
    assert (status, answer["error"]) == (403, "csrf")
    status, setup = browser.request("POST", "/api/me/totp", {"password": PASSWORD})
    assert status == 200 and browser.headers["Cache-Control"] == "no-store"
    secret = setup["secret"]
    assert re.fullmatch(r"[A-Z2-7]{32}", secret)  # 160 bits, base32
    uri = urllib.parse.urlparse(setup["uri"])
    assert (uri.scheme, uri.netloc, urllib.parse.unquote(uri.path)) == ("otpauth", "totp", "/Museion:Abril")
    assert urllib.parse.parse_qs(uri.query) == {"secret": [secret], "issuer": ["Museion"]}
    assert setup["qr_svg"].startswith('<svg xmlns="http://www.w3.org/2000/svg"') and "<script" not in setup["qr_svg"]
    assert sign_in(Client(server), "Abril")[0] == 200  # not on until confirmed
    status, me = browser.request("GET", "/api/me")
    assert me["totp"] is False and secret not in json.dumps(me)

    status, answer = browser.request("POST", "/api/me/totp/confirm", {"code": "000000"})
    assert (status, answer["error"]) == (400, "bad_totp")
    status, answer = browser.request("POST", "/api/me/totp/confirm", {"code": codes(secret)[1]})
    assert (status, answer) == (200, {"totp": True, "ended": 2})  # the laptop and the other sign-in
    assert laptop.request("GET", "/api/me")[0] == 401
    status, me = browser.request("GET", "/api/me")
    assert me["totp"] is True and secret not in json.dumps(me)
    status, data = browser.request("GET", "/api/me/data")
    assert status == 200 and data["totp"] is True and secret not in json.dumps(data)
    status, again = browser.request("POST", "/api/me/totp", {"password": PASSWORD})
    assert (status, again["error"]) == (409, "totp_on") and secret not in json.dumps(again)
    assert secret not in server.log_text()


def test_sign_in_needs_a_code_and_each_code_works_once(server):
    secret, (now, after, *_recovery) = turn_on(Client(server), "Bruno")
    status, answer = sign_in(Client(server), "Bruno")
    assert (status, answer["error"], answer["reason"]["key"]) == (401, "totp_required", "accounts.totp_required")
    status, answer = sign_in(Client(server), "Bruno", "123 456" if now != "123456" else "654321")
    assert (status, answer["error"]) == (401, "bad_totp")
    status, answer = sign_in(Client(server), "Bruno", "12345x")
    assert (status, answer["error"]) == (401, "bad_totp")
    assert sign_in(Client(server), "Bruno", now, password="wrong password")[1]["error"] == "bad_credentials"
    phone = Client(server)
    assert sign_in(phone, "Bruno", f"{now[:3]} {now[3:]}")[0] == 200  # as the app shows it
    assert phone.request("GET", "/api/me")[1]["username"] == "Bruno"
    status, answer = sign_in(Client(server), "Bruno", now)  # replayed
    assert (status, answer["error"]) == (401, "bad_totp")
    assert sign_in(Client(server), "Bruno", after)[0] == 200
    status, answer = sign_in(Client(server), "Bruno", codes(secret)[0])  # older than the last one used
    assert (status, answer["error"]) == (401, "bad_totp")


def test_guessing_codes_is_held_back_like_guessing_passwords(server):
    """Each guess carries the right password: its check must not clear the count that wrong codes build."""
    secret, (now, *_rest) = turn_on(Client(server), "Celia")
    attacker = Client(server, "127.0.9.1")
    for i in range(6):  # five free failures, and the sixth makes the next one wait
        status, answer = sign_in(attacker, "Celia", f"{(int(now) + 1 + i) % 1000000:06d}")
        assert (status, answer["error"]) == (401, "bad_totp"), i
    status, answer = sign_in(attacker, "Celia", now)
    assert (status, answer["error"]) == (429, "signin_delayed") and answer["retry_after"] >= 1
    status, answer = sign_in(Client(server, "127.0.10.1"), "Celia", now)  # the account's count, any network
    assert status == 429
    time.sleep(answer["retry_after"] + 0.2)
    assert sign_in(Client(server, "127.0.10.1"), "Celia", codes(secret)[2])[0] == 200


def test_recovery_codes_still_work_and_turning_off_needs_the_password_and_a_code(server):
    browser = Client(server)
    secret, (now, after, first, second, *_more) = turn_on(browser, "Dario")
    helped = Client(server)  # the phone is lost and the password forgotten: a recovery code still opens it
    status, answer = helped.request("POST", "/api/accounts/recover",
                                    {"username": "Dario", "code": first, "password": "nueva clave 9"})
    assert status == 200 and answer["recovery_codes_left"] == 9
    assert browser.request("GET", "/api/me")[0] == 401  # the old session ended
    assert sign_in(Client(server), "Dario", password="nueva clave 9")[1]["error"] == "totp_required"  # still on
    for body, error in (({"password": "nueva clave 9", "code": "000000"}, "bad_totp"),
                        ({"password": "nueva clave 9", "code": first}, "bad_totp"),  # spent
                        ({"password": PASSWORD, "code": now}, "bad_credentials")):
        status, answer = helped.request("DELETE", "/api/me/totp", body)
        assert (status, answer["error"]) == (401, error), body
    status, answer = helped.request("DELETE", "/api/me/totp", {"password": "nueva clave 9", "code": now},
                                    csrf="0" * 64)
    assert (status, answer["error"]) == (403, "csrf")
    assert helped.request("GET", "/api/me")[1]["totp"] is True
    status, answer = helped.request("DELETE", "/api/me/totp", {"password": "nueva clave 9", "code": second})
    assert (status, answer) == (200, {"totp": False, "ended": 0})
    assert helped.request("GET", "/api/me")[1]["recovery_codes_left"] == 8
    assert sign_in(Client(server), "Dario", password="nueva clave 9")[0] == 200  # no code asked now

    secret, (now, after, *_recovery) = turn_on(Client(server), "Elisa")
    owner = Client(server)
    assert sign_in(owner, "Elisa", now)[0] == 200
    assert owner.request("DELETE", "/api/me/totp", {"password": PASSWORD, "code": after}) == (
        200, {"totp": False, "ended": 0})
    assert sign_in(Client(server), "Elisa")[0] == 200


def test_confirming_needs_a_secret_set_up_and_a_deleted_account_leaves_none(server):
    browser = Client(server)
    browser.sign_up("Fabio")
    status, answer = browser.request("POST", "/api/me/totp/confirm", {"code": "123456"})
    assert (status, answer["error"]) == (409, "totp_not_started")
    assert Client(server).request("POST", "/api/me/totp", {"password": PASSWORD})[1]["error"] == "not_signed_in"
    secret, _codes = turn_on(Client(server), "Gina")
    gina = Client(server)
    assert sign_in(gina, "Gina", _codes[0])[0] == 200
    with sqlite3.connect(server.db_path) as db:
        assert db.execute("SELECT count(*) FROM account_totp WHERE secret=?", (secret,)).fetchone() == (1,)
    assert gina.request("DELETE", "/api/me", {"password": PASSWORD}) == (200, {"deleted": True})
    with sqlite3.connect(server.db_path) as db:
        assert db.execute("SELECT count(*) FROM account_totp").fetchone()[0] >= 1  # the other accounts' rows
        assert db.execute("SELECT count(*) FROM account_totp WHERE secret=?", (secret,)).fetchone() == (0,)


def test_the_operator_turns_the_second_factor_off(server, capsys):
    """``museion admin totp-off`` (in this process: the command is the same) on the running server's database."""
    turn_on(Client(server), "Hana")
    assert sign_in(Client(server), "Hana")[1]["error"] == "totp_required"
    assert cli.main(["admin", "--db", server.db_url, "totp-off", "hana"]) == 0
    assert "Hana: second factor off" in capsys.readouterr().out
    assert sign_in(Client(server), "Hana")[0] == 200


@pytest.mark.parametrize(("offset", "accepted"), [(-60, False), (-30, True), (0, True), (30, True), (60, False)])
def test_a_code_is_accepted_one_step_early_or_late(offset, accepted):
    secret, now = totp.new_secret(), 1_800_000_015.0
    code = pyotp.TOTP(secret).at(now + offset)
    assert (totp.matching_step(secret, code, now) is not None) == accepted
    assert totp.matching_step(secret, "12345", now) is None and totp.matching_step(secret, "１２３４５６", now) is None
