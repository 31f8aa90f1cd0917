"""Notices while away (issue 40 item 1) against a real server, a real SMTP server (aiosmtpd) and a real push
endpoint (an HTTP server here), all on loopback: an address confirmed with the mailed code; a turn mailed only to a
player not watching the table, saying the table, the game, who moved and the time left, with RFC 8058's one-click
unsubscribe; a friend request mailed in Spanish; a browser subscribed with a key pair made here (RFC 8291's client
side) whose notice is decrypted; hostile input refused; the address in the data export and gone with the account.
The outbox's claims, digest and per-address limit are checked on the store and the sender directly (SQLite and
PostgreSQL)."""

from __future__ import annotations

import base64
import email
import email.policy
import html
import http.client
import http.server
import json
import os
import re
import sqlite3
import threading
import time
import urllib.parse

import http_ece
import pytest
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from test_accounts_hostile import PASSWORD, Client
from test_migrations import STORAGES, database  # noqa: F401 - the fixture

from museion.server.notices import push, words
from museion.server.notices.mail import Smtp
from museion.server.notices.sender import Sender
from museion.server.notices.store import NoticeStore
from museion.server.storage.storage import Store
from museion.server.testing import GENEROUS, Player, ServerProcess, free_port

ARGS = (*GENEROUS, "--limit-signup", "1000/hour", "--limit-signin", "1000/minute", "--limit-friends", "1000/minute",
        "--limit-notices", "1000/minute")
NOTICE_TABLES = ("notice_addresses", "notice_settings", "push_subscriptions", "notice_outbox")
TURN = {"mode": "turn", "per_move": 86400, "base": 0, "on_timeout": "forfeit"}


class Inbox:
    """The SMTP server's handler: every message received, parsed."""

    def __init__(self) -> None:
        self.messages: list[email.message.EmailMessage] = []
        self.cond = threading.Condition()

    async def handle_DATA(self, _server, _session, envelope) -> str:  # noqa: N802, ANN001 - aiosmtpd's names
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.cond:
            self.messages.append(message)
            self.cond.notify_all()
        return "250 OK"

    def to(self, address: str) -> list[email.message.EmailMessage]:
        return [m for m in self.messages if m["To"] == address]

    def wait(self, address: str, count: int, timeout: float = 20.0) -> list[email.message.EmailMessage]:
        with self.cond:
            assert self.cond.wait_for(lambda: len(self.to(address)) >= count, timeout), [
                m["Subject"] for m in self.messages]
            return self.to(address)


class PushService(http.server.BaseHTTPRequestHandler):
    """A push service: keeps what is posted to /push/..., answers 201 (410 for /push/gone)."""

    received: list[tuple[str, dict[str, str], bytes]] = []

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        body = self.rfile.read(int(self.headers["Content-Length"]))
        PushService.received.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
        self.send_response(410 if self.path.endswith("/gone") else 201)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *_args: object) -> None:
        return None


@pytest.fixture(scope="module")
def inbox():
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield handler, controller.port
    controller.stop()


@pytest.fixture(scope="module")
def push_service():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PushService)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, inbox, push_service):
    args = (*ARGS, "--smtp-url", f"smtp://127.0.0.1:{inbox[1]}", "--mail-from", "museion <notices@museion.test>",
            "--push-services", push_service)
    proc = ServerProcess(tmp_path_factory.mktemp("notices") / "museion.db", bot_delay=0.01, args=args).start()
    yield proc
    proc.stop()
    log = proc.log_text()
    assert "Traceback" not in log, log[-3000:]


def signed_up(server: ServerProcess, name: str) -> Client:
    client = Client(server)
    client.sign_up(name)
    return client


def confirmed(client: Client, inbox: Inbox, address: str, lang: str = "en") -> dict:
    """Add ``address``, read the code from its mail, type it."""
    status, answer = client.request("POST", "/api/me/email", {"email": address, "lang": lang})
    assert status == 202 and answer["email"] == {"address": address, "verified": False, "language": lang}, answer
    mail = inbox.wait(address, 1)[-1]
    assert "List-Unsubscribe" not in mail  # nothing but the code goes to an address not confirmed
    code = re.search(r"\b(\d{6})\b", mail.get_content()).group(1)
    status, answer = client.request("POST", "/api/me/email/verify", {"code": code})
    assert status == 200 and answer["email"]["verified"] is True, answer
    return answer


def play_turn(player: Player) -> None:
    """Play the seat's whole turn (a Tholos turn may have two actions)."""
    seat = player.state["seat"]
    while player.state["to_move"] == seat:
        answer = player.move(player.state["legal"][0]["id"])
        assert answer["type"] == "state", answer


def test_a_turn_is_mailed_only_to_a_player_away_and_one_click_stops_every_mail(server, inbox):
    box, _port = inbox
    ana = signed_up(server, "Ana-N")
    status, answer = ana.request("POST", "/api/me/email/verify", {"code": "000000"})
    assert status == 409 and answer["error"] == "no_address"
    first = ana.request("POST", "/api/me/email", {"email": "ana@example.org"})
    code = re.search(r"\b(\d{6})\b", box.wait("ana@example.org", 1)[-1].get_content()).group(1)
    assert first[0] == 202
    wrong = ana.request("POST", "/api/me/email/verify", {"code": "999999" if code != "999999" else "000000"})
    assert wrong[0] == 400 and wrong[1]["error"] == "wrong_code"
    assert ana.request("POST", "/api/me/email/verify", {"code": code})[1]["email"]["verified"] is True
    state = ana.request("GET", "/api/me/notifications")[1]
    assert (state["turn"], state["invite"], state["friend"], state["digest"], state["mail"]) == (
        True, False, False, False, True)

    status, made = ana.request("POST", "/api/tables", {"game": "tholos", "seats": ["human", "human"], "join": 0,
                                                       "name": "Ana", "clock": TURN})
    assert status == 201, made
    table = made["id"]
    me = Player(server, table, made["token"], cookie=ana.cookie)  # Ana watches: the start tells her nothing
    status, joined = Client(server).request("POST", f"/api/tables/{table}/join", {"seat": 1, "name": "Bea"})
    assert status == 200, joined
    bea = Player(server, table, joined["token"])
    me.wait(lambda s: s.get("to_move") is not None)
    if me.state["to_move"] == 0:
        play_turn(me)
    bea.wait(lambda s: s["to_move"] == 1)
    play_turn(bea)  # Ana's turn while she watches: no mail
    me.wait(lambda s: s["to_move"] == 0)
    play_turn(me)
    me.close()
    bea.wait(lambda s: s["to_move"] == 1)
    play_turn(bea)  # Ana's turn, and she is away: a mail
    turns = [m for m in box.wait("ana@example.org", 2) if "List-Unsubscribe" in m]
    assert len(turns) == 1, [m["Subject"] for m in turns]
    mail = turns[0]
    assert mail["Subject"] == f"Your turn at Tholos (table {table})"
    text = mail.get_content()
    said = rf"Bea \(black\) moved at table {table} of Tholos: it is your turn\. Time left: (23 h 59 min|1 d 0 h)\."
    assert re.search(said, text), text  # which table, which game, who moved, the time left (a day a move)
    assert f"{server.url}/table/{table}" in text
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    url = re.fullmatch(r"<(.+)>", mail["List-Unsubscribe"]).group(1)
    assert url.startswith(f"{server.url}/unsubscribe/") and url in text
    token = url.rsplit("/", 1)[1]

    path = urllib.parse.urlsplit(url).path
    assert _form(server, "GET", path)[0] == 200  # the page a person sees: nothing stopped yet
    assert ana.request("GET", "/api/me/notifications")[1]["stopped"] is False
    status, page = _form(server, "POST", path, origin="https://mail.example")  # the mail client's one click
    assert status == 200 and "no more mail" in page
    assert ana.request("GET", "/api/me/notifications")[1]["stopped"] is True
    log = server.log_text()
    assert token not in log and "ana@example.org" not in log and code not in log


def _form(server: ServerProcess, method: str, path: str, origin: str | None = None) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if origin:
        headers["Origin"] = origin
    conn.request(method, path, body="List-Unsubscribe=One-Click" if method == "POST" else None, headers=headers)
    response = conn.getresponse()
    return response.status, response.read().decode()


@pytest.mark.parametrize(("accept", "lang", "button"), [
    ("fr-FR,es;q=0.8,en;q=0.5", "es", "No enviarme más correos"),
    ("de-DE,de;q=0.9,en;q=0.8", "de", "Alle E-Mails abbestellen"),
    ("pt-BR,pt;q=0.9", "en", "Stop every mail")])
def test_the_unsubscribe_page_speaks_the_browsers_first_language_the_server_has(server, accept, lang, button):
    """A person who follows the mail's link reads the page in the first language of ``Accept-Language`` that the
    texts have, whatever its place in the header; English when none is."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("GET", "/unsubscribe/" + "x" * 43, headers={"Accept-Language": accept})
    response = conn.getresponse()
    page = response.read().decode()
    assert response.status == 200 and f'<html lang="{lang}">' in page
    assert f'<button type="submit">{html.escape(button)}</button>' in page


def test_a_turn_mail_in_german():
    """A German player's mail: subject, the turn, the time left (no period doubled after a unit), link, footer."""
    args = {"game": "Tholos", "table": "ab12", "left": 90_000, "mover": {"en": "Bea (black)", "de": "Bea (schwarz)"}}
    assert words.subject("turn", args, "de") == "Du bist am Zug: Tholos (Tisch ab12)"
    text = words.mail_text([("turn", args)], "de", "https://m.example", "https://m.example/unsubscribe/x")
    assert text == ("Bea (schwarz) hat an Tisch ab12 von Tholos gezogen: Du bist am Zug. Restzeit: 1 d 1 h.\n"
                    "Öffnen: https://m.example/table/ab12\n\n-- \nDu erhältst dies, weil du diese Nachrichten auf "
                    "deiner Kontoseite gewählt hast: https://m.example/account\nAlle E-Mails von museion mit einem "
                    "Klick abbestellen: https://m.example/unsubscribe/x\n")


def test_a_friend_request_and_an_invitation_are_mailed_in_spanish_and_the_address_stays_private(server, inbox):
    box, _port = inbox
    cai, dee = signed_up(server, "Cai-N"), signed_up(server, "Dee-N")
    confirmed(cai, box, "cai@example.org", "es")
    choices = {"turn": True, "invite": True, "friend": True, "digest": False, "lang": "es"}
    assert cai.request("PUT", "/api/me/notifications", choices)[1]["friend"] is True
    assert dee.request("POST", "/api/friends/requests", {"username": "Cai-N"})[0] == 202
    mail = box.wait("cai@example.org", 2)[-1]
    assert mail["Subject"] == "Dee-N quiere ser tu amigo"
    assert "Dee-N te ha enviado una solicitud de amistad." in mail.get_content()
    assert "Deja de recibir cualquier correo de museion con un clic" in mail.get_content()
    assert cai.request("POST", "/api/friends/requests/accept", {"username": "Dee-N"})[0] == 200
    status, made = dee.request("POST", "/api/tables", {"game": "tholos", "seats": ["human", "human"], "join": 0})
    assert status == 201, made
    invite = {"table": made["id"], "seat": 1, "username": "Cai-N"}
    assert dee.request("POST", "/api/friends/invitations", invite)[0] == 201
    mail = box.wait("cai@example.org", 3)[-1]
    assert mail["Subject"] == "Dee-N te invita a Tholos"
    assert f"Dee-N te reserva el asiento 2 de la mesa {made['id']} de Tholos." in mail.get_content()
    assert f"{server.url}/tables/mine" in mail.get_content()
    assert "cai@example.org" not in json.dumps(dee.request("GET", "/api/friends")[1])
    assert "cai@example.org" not in json.dumps(Client(server).request("GET", "/api/players/Cai-N")[1])
    data = cai.request("GET", "/api/me/data")[1]
    assert data["notices"]["email"]["address"] == "cai@example.org" and data["notices"]["settings"]["friend"]


def test_a_challenge_is_mailed_by_the_invitations_choice(server, inbox):
    box, _port = inbox
    gil, hana = signed_up(server, "Gil-N"), signed_up(server, "Hana-N")
    confirmed(gil, box, "gil@example.org", "de")
    choices = {"turn": True, "invite": True, "friend": False, "digest": False, "lang": "de"}
    assert gil.request("PUT", "/api/me/notifications", choices)[0] == 200
    status, made = hana.request("POST", "/api/challenges", {"to": "Gil-N", "game": "tholos"})
    assert status == 201, made
    mail = box.wait("gil@example.org", 2)[-1]
    assert mail["Subject"] == "Hana-N fordert dich zu Tholos heraus"
    assert "innerhalb von zehn Minuten" in mail.get_content() and f"{server.url}/" in mail.get_content()


def _keys() -> tuple[ec.EllipticCurvePrivateKey, bytes, dict[str, str]]:
    """RFC 8291's client side: a P-256 key pair and a 16-byte auth secret, as a browser's subscription says them."""
    key = ec.generate_private_key(ec.SECP256R1())
    auth = os.urandom(16)
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    b64 = lambda raw: base64.urlsafe_b64encode(raw).rstrip(b"=").decode()  # noqa: E731
    return key, auth, {"p256dh": b64(public), "auth": b64(auth)}


def test_a_subscribed_browser_gets_an_encrypted_notice_it_can_decrypt(server, push_service):
    eve, fox = signed_up(server, "Eve-N"), signed_up(server, "Fox-N")
    key, auth, keys = _keys()
    endpoint = f"{push_service}/push/eve-{os.urandom(4).hex()}"
    status, state = eve.request("POST", "/api/me/push", {"endpoint": endpoint, "keys": keys, "lang": "es"})
    assert status == 201 and state["browsers"] == 1, state
    eve.request("PUT", "/api/me/notifications", {"turn": True, "invite": False, "friend": True, "digest": False})
    assert fox.request("POST", "/api/friends/requests", {"username": "Eve-N"})[0] == 202
    deadline = time.monotonic() + 20
    while not [r for r in PushService.received if r[0] == urllib.parse.urlsplit(endpoint).path]:
        assert time.monotonic() < deadline, "no notice was pushed"
        time.sleep(0.1)
    _path, headers, body = next(r for r in PushService.received if r[0] == urllib.parse.urlsplit(endpoint).path)
    assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0
    vapid = re.fullmatch(r"vapid t=([^,]+), ?k=(.+)", headers["authorization"])
    assert vapid and vapid.group(2) == state["vapid_public_key"]  # signed with the key the browser subscribed to
    notice = json.loads(http_ece.decrypt(body, private_key=key, auth_secret=auth, version="aes128gcm"))
    assert notice == {"title": "Fox-N quiere ser tu amigo", "body": "Fox-N te ha enviado una solicitud de amistad.",
                      "url": "/friends", "tag": "museion-friend"}
    assert eve.request("DELETE", "/api/me/push", {"endpoint": endpoint})[1]["browsers"] == 0


@pytest.mark.parametrize(("method", "path", "body", "status", "code"), [
    ("POST", "/api/me/email", {"email": "not-an-address"}, 400, "bad_email"),
    ("POST", "/api/me/email", {"email": "a@b.org\r\nBcc: x@y.org"}, 400, "bad_email"),
    ("POST", "/api/me/email", {"email": "a" * 250 + "@b.org"}, 400, "bad_email"),
    ("POST", "/api/me/email", {"email": "a@b.org", "lang": "xx"}, 400, "bad_request"),
    ("PUT", "/api/me/notifications", {"turn": "yes", "invite": False, "friend": False, "digest": False}, 400,
     "bad_request"),
    ("POST", "/api/me/push", {"endpoint": "http://169.254.169.254/latest", "keys": {"p256dh": "AA", "auth": "AA"}},
     400, "bad_subscription"),
    ("POST", "/api/me/push", {"endpoint": "https://fcm.googleapis.com/fcm/send/x", "keys": {"p256dh": "AAAA",
                                                                                          "auth": "AAAA"}},
     400, "bad_subscription"),
])
def test_bad_input_is_refused_precisely(server, method, path, body, status, code):
    gus = Client(server)
    gus.sign_up(f"Gus-{os.urandom(3).hex()}")
    answer = gus.request(method, path, body)
    assert (answer[0], answer[1]["error"]) == (status, code), answer
    assert gus.request("GET", "/api/me/notifications")[1]["email"] is None
    assert Client(server).request("GET", "/api/me/notifications")[0] == 401
    assert gus.request("POST", "/api/me/email", {"email": "g@example.org"}, csrf="wrong")[0] == 403


def test_a_deleted_account_leaves_no_notice_row(server, inbox, push_service):
    box, _port = inbox
    hal = signed_up(server, "Hal-N")
    confirmed(hal, box, "hal@example.org")
    _key, _auth, keys = _keys()
    assert hal.request("POST", "/api/me/push", {"endpoint": f"{push_service}/push/hal", "keys": keys})[0] == 201
    assert hal.request("DELETE", "/api/me", {"password": PASSWORD})[0] == 200
    with sqlite3.connect(server.db_path) as db:
        ids = [r[0] for r in db.execute("SELECT id FROM accounts")]
        for table in NOTICE_TABLES:
            assert db.execute(f"SELECT count(*) FROM {table} WHERE account_id NOT IN "  # noqa: S608 - names above
                              f"({','.join(map(str, ids)) or '0'})").fetchone()[0] == 0, table


def test_a_server_without_smtp_sends_no_mail_and_says_so_and_serves_the_app_files(tmp_path):
    """In process (the test client): no --smtp-url; the operator's VAPID key; the service worker from the root, the
    manifest and its icons."""
    from fastapi.testclient import TestClient

    from museion.server.app import create_app
    from museion.server.config import ServerConfig

    pem = push.new_key()  # the operator's own VAPID key (--vapid-key FILE)
    (tmp_path / "vapid.pem").write_text(pem)
    guard = create_app(f"sqlite:///{tmp_path / 'museion.db'}", ServerConfig(
        bot_workers=0, hosts=("testserver",), vapid_key=str(tmp_path / "vapid.pem")))
    with TestClient(guard) as client:
        assert client.post("/api/accounts", json={"username": "Ivy-N", "password": PASSWORD}).status_code == 201
        state = client.get("/api/me/notifications").json()
        assert state["mail"] is False and state["vapid_public_key"] == push.public_key(push.load_key(pem))
        csrf = client.get("/api/me").json()["csrf"]
        answer = client.post("/api/me/email", json={"email": "ivy@example.org"}, headers={"X-CSRF-Token": csrf})
        assert answer.status_code == 409 and answer.json()["error"] == "no_mail"
        worker = client.get("/sw.js")
        assert worker.status_code == 200 and worker.headers["content-type"].startswith("text/javascript")
        assert "showNotification" in worker.text
        manifest = client.get("/manifest.webmanifest")
        assert manifest.headers["content-type"] == "application/manifest+json"
        for icon in manifest.json()["icons"]:
            assert client.get(icon["src"]).status_code == 200, icon


# -- the outbox itself ---------------------------------------------------------------------------------------
def _account(store: Store, name: str) -> int:
    with store.engine.begin() as conn:
        conn.exec_driver_sql("INSERT INTO accounts (username, username_key, password_hash, created, status) "
                             f"VALUES ('{name}', '{name.lower()}', 'h', 0, 'active')")
        return int(conn.exec_driver_sql(f"SELECT id FROM accounts WHERE username = '{name}'").scalar())


def _verified(notices: NoticeStore, me: int, address: str) -> None:
    assert notices.set_address(me, address, "123456", "n" * 32, os.urandom(8).hex(), "http://site", "en")
    assert notices.verify(me, "123456") == "ok"
    notices.sent([r.id for r in notices.claim("setup")])  # the code's mail


@pytest.mark.parametrize("database", STORAGES, indirect=True)
def test_two_processes_claiming_together_take_each_row_once(database):  # noqa: F811
    store = Store(database)
    notices = NoticeStore(store.engine)
    me = _account(store, "Jo")
    _verified(notices, me, "jo@example.org")
    for n in range(40):
        assert notices.event(me, "turn", f"turn:t:0:{n}", {"n": n}) == 1
    assert notices.event(me, "turn", "turn:t:0:0", {"n": 0}) == 0  # the same event again: not queued twice
    taken: dict[str, list[int]] = {"a": [], "b": []}

    def claim(name: str) -> None:
        for _ in range(10):
            taken[name] += [r.id for r in notices.claim(name, limit=7)]

    threads = [threading.Thread(target=claim, args=(name,)) for name in taken]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    both = taken["a"] + taken["b"]
    assert len(both) == len(set(both)) == 40
    store.engine.dispose()


def test_the_sender_keeps_each_address_under_its_hourly_limit_and_digests_wait_a_day(tmp_path, inbox):
    box, port = inbox
    store = Store(f"sqlite:///{tmp_path / 'museion.db'}")
    notices = NoticeStore(store.engine)
    kit, lou = _account(store, "Kit"), _account(store, "Lou")
    _verified(notices, kit, "kit@example.org")
    _verified(notices, lou, "lou@example.org")
    sender = Sender(notices, Smtp.parse(f"smtp://127.0.0.1:{port}"), "m <m@museion.test>", 3, None,
                    base64.b64encode(b"k" * 32).decode())
    args = {"table": "T1", "game": "Tholos", "seat": 0, "mover": {"en": "Bo", "es": "Bo"}, "left": 3600.0}
    for n in range(3):
        notices.event(kit, "turn", f"turn:T1:0:{n}", args)
    while sender.round():
        pass
    # 3 an hour: the code's mail and two notices; the third waits an hour
    assert len([m for m in box.to("kit@example.org") if "List-Unsubscribe" in m]) == 2
    with store.engine.connect() as conn:
        due = conn.exec_driver_sql(f"SELECT due FROM notice_outbox WHERE account_id = {kit} AND sent IS NULL").all()
    assert len(due) == 1 and due[0][0] > time.time() + 3000
    notices.set_settings(lou, {"turn": True, "invite": False, "friend": False, "digest": True})
    for n in range(2):
        notices.event(lou, "turn", f"turn:T2:0:{n}", {**args, "table": f"T{n}"})
    assert sender.round() is False  # nothing due: the digest goes a day after its first notice
    with store.engine.begin() as conn:
        conn.exec_driver_sql(f"UPDATE notice_outbox SET due = 0 WHERE account_id = {lou} AND sent IS NULL")
    while sender.round():
        pass
    digest = [m for m in box.to("lou@example.org") if "List-Unsubscribe" in m]
    assert len(digest) == 1 and digest[0]["Subject"] == "museion: 2 notices of the day"
    assert "table T0" in digest[0].get_content() and "table T1" in digest[0].get_content()
    store.engine.dispose()


def test_a_mail_the_smtp_server_refuses_is_retried_later_and_never_logged(tmp_path, caplog):
    store = Store(f"sqlite:///{tmp_path / 'museion.db'}")
    notices = NoticeStore(store.engine)
    max_ = _account(store, "Max")
    _verified(notices, max_, "max@example.org")
    closed = free_port()  # nothing listens there: the connection is refused
    sender = Sender(notices, Smtp.parse(f"smtp://127.0.0.1:{closed}"), "m <m@museion.test>", 6, None,
                    base64.b64encode(b"k" * 32).decode())
    notices.set_settings(max_, {"turn": True, "invite": False, "friend": True, "digest": False})
    assert notices.event(max_, "friend", "friend:1:2", {"name": "Ned"}) == 1
    start = time.time()
    assert sender.round() is True and sender.round() is False  # tried once; not due again yet
    with store.engine.connect() as conn:
        row = conn.exec_driver_sql("SELECT attempts, due, sent, failed, claim FROM notice_outbox "
                                   "WHERE kind = 'friend'").one()
    assert row[0] == 1 and start + 25 < row[1] < time.time() + 35 and row[2:] == (None, None, None)
    assert "max@example.org" not in caplog.text and "ConnectionRefusedError" in caplog.text
    store.engine.dispose()
