"""Friends (issue 26) against a real server: requests answered, declined in silence, withdrawn; friends invited
to a free seat held for them (My tables lists it; they take it or decline it); blocks that keep a player from
your tables, your requests and invitations and your chat; precise refusals of bad input; the data export and
a deletion that leaves no row naming the account. Caps are checked on the store (``FriendStore``) directly."""

from __future__ import annotations

import json
import sqlite3

import pytest
from test_accounts_hostile import Client

from museion.server import migrations
from museion.server.edge.errors import TableError
from museion.server.friends import store as friends_store
from museion.server.friends.store import FriendStore
from museion.server.storage.storage import Store
from museion.server.testing import GENEROUS, Player, ServerProcess

ARGS = (*GENEROUS, "--limit-signup", "1000/hour", "--limit-signin", "1000/minute", "--limit-friends", "1000/minute",
        "--limit-friends-read", "1000/minute")
FRIENDS_TABLES = ("friendships", "friend_requests", "blocks", "seat_invitations", "friend_settings")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("friends") / "museion.db", bot_delay=0.01, args=ARGS).start()
    yield proc
    proc.stop()
    log = proc.log_text()
    assert "Traceback" not in log, log[-3000:]


def browser(server: ServerProcess, name: str) -> Client:
    client = Client(server)
    client.sign_up(name)
    return client


def overview(client: Client) -> dict:
    status, answer = client.request("GET", "/api/friends")
    assert status == 200, answer
    return answer


def names(rows: list[dict]) -> list[str]:
    return [row["username"] for row in rows]


def befriend(one: Client, other: Client, other_name: str, one_name: str) -> None:
    assert one.request("POST", "/api/friends/requests", {"username": other_name}) == (
        202, {"username": other_name, "status": "sent"})
    assert other.request("POST", "/api/friends/requests/accept", {"username": one_name})[0] == 200


def table_with(client: Client, seats: list[str] | None = None) -> dict:
    """A table the client creates and sits at (seat 0, bound to its account): Tholos for two, else Imhotep."""
    seats = seats or ["human", "human"]
    game = "tholos" if len(seats) == 2 else "imhotep"
    status, created = client.request("POST", "/api/tables", {"game": game, "options": {"players": len(seats)},
                                                             "seats": seats, "join": 0, "name": "host"})
    assert status == 201, created
    return created


def test_a_request_accepted_makes_friends_both_ways_and_unfriending_ends_it(server):
    ana, bo = browser(server, "Ana-F"), browser(server, "Bo-F")
    assert ana.request("POST", "/api/friends/requests", {"username": "bo-f"}) == (
        202, {"username": "bo-f", "status": "sent"})
    assert names(overview(ana)["outgoing"]) == ["bo-f"] and names(overview(bo)["incoming"]) == ["Ana-F"]
    assert bo.request("POST", "/api/friends/requests/accept", {"username": "ana-f"})[0] == 200
    assert names(overview(ana)["friends"]) == ["Bo-F"] and names(overview(bo)["friends"]) == ["Ana-F"]
    assert overview(ana)["outgoing"] == [] and overview(bo)["incoming"] == []
    again = ana.request("POST", "/api/friends/requests", {"username": "Bo-F"})
    assert again[0] == 409 and again[1]["error"] == "already_friends"
    assert bo.request("DELETE", "/api/friends", {"username": "Ana-F"})[0] == 200
    assert overview(ana)["friends"] == [] and overview(bo)["friends"] == []
    gone = bo.request("DELETE", "/api/friends", {"username": "Ana-F"})
    assert gone[0] == 404 and gone[1]["error"] == "not_friends"


def test_two_requests_make_friends_a_decline_is_silent_and_a_request_can_be_withdrawn(server):
    cai, dee, eli = browser(server, "Cai-F"), browser(server, "Dee-F"), browser(server, "Eli-F")
    assert cai.request("POST", "/api/friends/requests", {"username": "Dee-F"})[1]["status"] == "sent"
    assert dee.request("POST", "/api/friends/requests", {"username": "Cai-F"})[1]["status"] == "friends"
    assert names(overview(cai)["friends"]) == ["Dee-F"]
    assert eli.request("POST", "/api/friends/requests", {"username": "Cai-F"})[0] == 202
    assert cai.request("POST", "/api/friends/requests/decline", {"username": "Eli-F"})[0] == 200
    assert overview(cai)["incoming"] == []
    assert names(overview(eli)["outgoing"]) == ["Cai-F"]  # declined: still pending for its sender
    assert eli.request("DELETE", "/api/friends/requests", {"username": "cai-f"})[0] == 200
    assert overview(eli)["outgoing"] == []
    missing = eli.request("DELETE", "/api/friends/requests", {"username": "Cai-F"})
    assert missing[0] == 404 and missing[1]["error"] == "no_request"
    answer = cai.request("POST", "/api/friends/requests/accept", {"username": "Eli-F"})
    assert answer[0] == 404 and answer[1]["error"] == "no_request"


def test_an_unknown_name_and_a_player_who_blocked_you_get_the_same_answer(server):
    fay, gus = browser(server, "Fay-F"), browser(server, "Gus-F")
    assert gus.request("POST", "/api/friends/blocks", {"username": "Fay-F"}) == (
        200, {"username": "Fay-F", "table": None, "seat": None, "done": True})
    blocked = fay.request("POST", "/api/friends/requests", {"username": "Gus-F"})
    unknown = fay.request("POST", "/api/friends/requests", {"username": "Nobody-F"})
    assert blocked == (202, {"username": "Gus-F", "status": "sent"})
    assert unknown == (202, {"username": "Nobody-F", "status": "sent"})
    assert names(overview(fay)["outgoing"]) == ["Gus-F", "Nobody-F"]  # both pending, as any unanswered request
    assert overview(gus)["incoming"] == []  # the blocker never sees it


@pytest.mark.parametrize(("method", "path", "body", "status", "code"), [
    ("POST", "/api/friends/requests", {"username": "no spaces"}, 400, "bad_username"),
    ("POST", "/api/friends/requests", {"username": "x" * 25}, 400, "bad_username"),
    ("POST", "/api/friends/requests", {"username": "a'; DROP TABLE accounts;--"}, 400, "bad_username"),
    ("POST", "/api/friends/requests", {"username": "Hal-F"}, 400, "self_request"),
    ("POST", "/api/friends/requests", {"username": "Ok-F", "extra": 1}, 400, "bad_request"),
    ("POST", "/api/friends/requests", {"username": 7}, 400, "bad_request"),
    ("POST", "/api/friends/blocks", {"username": "Hal-F"}, 400, "self_block"),
    ("POST", "/api/friends/blocks", {"username": "Nobody-F"}, 404, "no_player"),
    ("DELETE", "/api/friends/blocks", {"username": "Nobody-F"}, 404, "not_blocked"),
    ("POST", "/api/friends/invitations", {"table": "nosuch", "seat": 1, "username": "Nobody-F"}, 404, "not_found"),
    ("POST", "/api/friends/invitations", {"table": "bad/id", "seat": 1, "username": "Nobody-F"}, 400, "bad_request"),
    ("POST", "/api/friends/invitations/accept", {"table": "nosuch", "seat": 0}, 404, "no_invitation"),
    ("POST", "/api/friends/invitations/decline", {"table": "nosuch", "seat": 99}, 400, "bad_request"),
    ("POST", "/api/friends/settings", {"notify_invites": "yes"}, 400, "bad_request"),
])
def test_bad_input_gets_a_precise_error_and_changes_nothing(server, method, path, body, status, code):
    hal = Client(server)
    if hal.sign_in("Hal-F")[0] != 200:
        hal.sign_up("Hal-F")
    before = overview(hal)
    answer = hal.request(method, path, body)
    assert answer[0] == status and answer[1]["error"] == code, answer
    assert answer[1]["message"]
    assert overview(hal) == before


def test_without_a_session_or_its_csrf_token_nothing_changes(server):
    ivy, jon = browser(server, "Ivy-F"), browser(server, "Jon-F")
    guest = Client(server)
    assert guest.request("GET", "/api/friends")[1]["error"] == "not_signed_in"
    assert guest.request("POST", "/api/friends/requests", {"username": "Jon-F"})[1]["error"] == "not_signed_in"
    for path in ("/api/friends/requests", "/api/friends/blocks"):
        status, answer = ivy.request("POST", path, {"username": "Jon-F"}, csrf="forged")
        assert (status, answer["error"]) == (403, "csrf")
    assert overview(ivy)["outgoing"] == [] and overview(jon)["incoming"] == [] and overview(ivy)["blocked"] == []


def test_a_friend_is_invited_to_a_held_seat_and_takes_it_from_my_tables(server):
    kim, lea = browser(server, "Kim-F"), browser(server, "Lea-F")
    befriend(kim, lea, "Lea-F", "Kim-F")
    created = table_with(kim)
    table = created["id"]
    invite = {"table": table, "seat": 1, "username": "Lea-F"}
    assert kim.request("POST", "/api/friends/invitations", invite) == (
        201, {"username": "Lea-F", "table": table, "seat": 1, "done": True})
    twice = kim.request("POST", "/api/friends/invitations", invite)
    assert (twice[0], twice[1]["error"]) == (409, "seat_held")
    guest = Client(server).request("POST", f"/api/tables/{table}/join", {"seat": 1})
    assert (guest[0], guest[1]["error"], guest[1]["reason"]["key"]) == (409, "seat_held", "web.code.seat_held")
    mine = lea.request("POST", "/api/my-tables", {"seats": []})[1]
    invitations = [(i["table"], i["seat"], i["by"], i["title"]) for i in mine["invitations"]]
    assert invitations == [(table, 1, "Kim-F", "Tholos")]
    assert mine["notify_invites"] is True
    assert Client(server).request("POST", "/api/my-tables", {"seats": []})[1]["invitations"] == []
    assert [(i["to"], i["seat"]) for i in overview(kim)["invited"]] == [("Lea-F", 1)]
    status, taken = lea.request("POST", "/api/friends/invitations/accept", {"table": table, "seat": 1})
    assert status == 200 and taken["seat"] == 1
    mine = lea.request("POST", "/api/my-tables", {"seats": []})[1]
    assert mine["invitations"] == [] and [(t["table"], t["seat"], t["account"]) for t in mine["tables"]] == [
        (table, 1, True)]
    player = Player(server, table, taken["token"], cookie=lea.cookie)
    assert player.wait(bool)["seat"] == 1 and not player.errors, (player.errors, player.first)
    player.close()
    assert overview(kim)["invited"] == []


def test_invitations_are_for_friends_from_seated_players_to_free_seats_and_can_be_declined(server):
    max_, ned, oli = browser(server, "Max-F"), browser(server, "Ned-F"), browser(server, "Oli-F")
    befriend(max_, ned, "Ned-F", "Max-F")
    table = table_with(max_, ["human", "human", "human"])["id"]
    cases = [(oli, {"table": table, "seat": 1, "username": "Max-F"}, 403, "not_seated"),
             (max_, {"table": table, "seat": 1, "username": "Oli-F"}, 403, "not_friends"),
             (max_, {"table": table, "seat": 0, "username": "Ned-F"}, 409, "seat_taken"),
             (max_, {"table": table, "seat": 7, "username": "Ned-F"}, 400, "bad_seat")]
    for who, body, status, code in cases:
        answer = who.request("POST", "/api/friends/invitations", body)
        assert (answer[0], answer[1]["error"]) == (status, code), (body, answer)
    assert max_.request("POST", "/api/friends/invitations", {"table": table, "seat": 2, "username": "Ned-F"})[0] == 201
    assert ned.request("POST", "/api/friends/invitations/decline", {"table": table, "seat": 2})[0] == 200
    assert ned.request("POST", "/api/my-tables", {"seats": []})[1]["invitations"] == []
    assert Client(server).request("POST", f"/api/tables/{table}/join", {"seat": 2})[0] == 200  # free again
    assert max_.request("POST", "/api/friends/invitations", {"table": table, "seat": 1, "username": "Ned-F"})[0] == 201
    assert max_.request("DELETE", "/api/friends", {"username": "Ned-F"})[0] == 200  # unfriending withdraws it
    assert ned.request("POST", "/api/my-tables", {"seats": []})[1]["invitations"] == []
    assert max_.request("POST", "/api/friends/settings", {"notify_invites": False})[0] == 200
    assert overview(max_)["notify_invites"] is False


def test_a_blocked_player_cannot_join_your_tables_invite_you_or_reach_you_in_chat(server):
    pia, quin, ray = browser(server, "Pia-F"), browser(server, "Quin-F"), browser(server, "Ray-F")
    befriend(pia, quin, "Quin-F", "Pia-F")
    befriend(quin, ray, "Ray-F", "Quin-F")
    created = table_with(pia, ["human", "human", "human"])
    shared = created["id"]
    status, quin_seat = quin.request("POST", f"/api/tables/{shared}/join", {"seat": 1, "name": "Quin"})
    assert status == 200
    pia_player = Player(server, shared, created["token"], cookie=pia.cookie)
    quin_player = Player(server, shared, quin_seat["token"], cookie=quin.cookie)
    say(quin_player, "before the block")
    assert pia.request("POST", "/api/friends/blocks", {"username": "Quin-F"})[0] == 200
    assert overview(pia)["friends"] == [] and names(overview(pia)["blocked"]) == ["Quin-F"]
    say(quin_player, "after the block")
    say(pia_player, "pia writes")
    assert "after the block" not in chat_texts(pia_player) and "pia writes" not in chat_texts(quin_player)
    pia_player.close()
    again = Player(server, shared, created["token"], cookie=pia.cookie)
    assert "pia writes" in chat_texts(again) and "before the block" not in chat_texts(again)  # nor in the backlog
    again.close()
    quin_player.close()
    table = table_with(pia)["id"]  # a new table of Pia's: Quin is refused, either way round
    refused = quin.request("POST", f"/api/tables/{table}/join", {"seat": 1})
    assert (refused[0], refused[1]["error"], refused[1]["reason"]["key"]) == (403, "blocked", "web.code.blocked")
    quins = table_with(quin)["id"]
    assert pia.request("POST", f"/api/tables/{quins}/join", {"seat": 1})[1]["error"] == "blocked"
    invite = quin.request("POST", "/api/friends/invitations", {"table": quins, "seat": 1, "username": "Pia-F"})
    assert (invite[0], invite[1]["error"]) == (403, "not_friends")
    assert quin.request("POST", "/api/friends/requests", {"username": "Pia-F"}) == (
        202, {"username": "Pia-F", "status": "sent"})
    assert overview(pia)["incoming"] == []
    ray_table = table_with(ray, ["human", "human", "human"])["id"]  # Quin's friend Ray cannot seat Quin by Pia
    assert pia.request("POST", f"/api/tables/{ray_table}/join", {"seat": 1})[0] == 200
    invite = ray.request("POST", "/api/friends/invitations", {"table": ray_table, "seat": 2, "username": "Quin-F"})
    assert (invite[0], invite[1]["error"]) == (403, "blocked")
    assert pia.request("DELETE", "/api/friends/blocks", {"username": "Quin-F"})[0] == 200
    assert quin.request("POST", f"/api/tables/{table}/join", {"seat": 1})[0] == 200  # unblocked: welcome again


def say(player: Player, text: str) -> None:
    """Send a chat line and wait for its echo (every delivery of it is queued by then)."""
    player.send({"type": "chat", "text": text})
    while not any(text in line for line in chat_texts(player)):
        player.recv()


def chat_texts(player: Player) -> list[str]:
    """The chat lines this client got so far (a ping's answer first: whatever was sent before it is in)."""
    pongs = sum('"type":"pong"' in text for text in player.texts)
    player.send({"type": "ping"})
    while sum('"type":"pong"' in text for text in player.texts) <= pongs:
        player.recv()
    return [line["text"] for text in player.texts if text.startswith('{"type":"chat"')
            for line in json.loads(text)["messages"]]


def test_the_data_export_lists_friends_and_a_deletion_leaves_no_row_naming_the_account(server):
    sam, tom, vic = browser(server, "Sam-F"), browser(server, "Tom-F"), browser(server, "Vic-F")
    browser(server, "Wes-F")
    befriend(sam, tom, "Tom-F", "Sam-F")
    table = table_with(sam)["id"]
    assert sam.request("POST", "/api/friends/invitations", {"table": table, "seat": 1, "username": "Tom-F"})[0] == 201
    assert sam.request("POST", "/api/friends/requests", {"username": "Uma-F"})[0] == 202
    assert vic.request("POST", "/api/friends/requests", {"username": "Sam-F"})[0] == 202
    assert sam.request("POST", "/api/friends/blocks", {"username": "Wes-F"})[0] == 200
    assert sam.request("POST", "/api/friends/settings", {"notify_invites": False})[0] == 200
    data = sam.request("GET", "/api/me/data")[1]["friends"]
    assert names(data["friends"]) == ["Tom-F"] and names(data["requests_sent"]) == ["Uma-F"]
    assert names(data["requests_received"]) == ["Vic-F"] and names(data["blocked"]) == ["Wes-F"]
    assert [(i["table"], i["seat"], i["to"]) for i in data["invitations_sent"]] == [(table, 1, "Tom-F")]
    assert data["invitations_received"] == [] and data["notify_invites"] is False
    with sqlite3.connect(server.db_path) as db:
        (sam_id,) = db.execute("SELECT id FROM accounts WHERE username_key = 'sam-f'").fetchone()
    assert sam.request("DELETE", "/api/me", {"password": "tortuga azul 7"})[0] == 200
    with sqlite3.connect(server.db_path) as db:
        for table_name, columns in (("friendships", ("account_id", "friend_id")),
                                    ("friend_requests", ("from_id", "to_id")), ("blocks", ("account_id", "blocked_id")),
                                    ("seat_invitations", ("account_id", "inviter_id")),
                                    ("friend_settings", ("account_id",))):
            where = " OR ".join(f"{c} = ?" for c in columns)
            count = db.execute(f"SELECT count(*) FROM {table_name} WHERE {where}", [sam_id] * len(columns))  # noqa: S608
            assert count.fetchone() == (0,), table_name
    assert names(overview(vic)["outgoing"]) == ["Sam-F"]  # Vic's own request, reaching nobody now
    assert overview(tom)["friends"] == []
    assert tom.request("POST", "/api/my-tables", {"seats": []})[1]["invitations"] == []


@pytest.fixture
def friends(tmp_path, monkeypatch):
    """A FriendStore on a new SQLite database with accounts a0..a5, and small caps."""
    for name, cap in (("MAX_OUTGOING", 2), ("MAX_INCOMING", 2), ("MAX_FRIENDS", 2), ("MAX_BLOCKS", 2)):
        monkeypatch.setattr(friends_store, name, cap)
    store = Store(f"sqlite:///{tmp_path / 'friends.db'}")
    assert migrations.revision(store.engine) == migrations.head()
    with store.engine.begin() as conn:
        for n in range(6):
            conn.exec_driver_sql("INSERT INTO accounts (username, username_key, password_hash, created, status) "
                                 f"VALUES ('a{n}', 'a{n}', 'x', 1.0, 'active')")
    yield FriendStore(store.engine)
    store.engine.dispose()


def refused(code: str, fn, *args) -> None:  # noqa: ANN001 - a store call
    with pytest.raises(TableError) as info:
        fn(*args)
    assert info.value.code == code, info.value


def test_caps_on_requests_friends_and_blocks(friends):
    a = {f"a{n}": friends.find(f"a{n}").id for n in range(6)}
    assert friends.request(a["a0"], "a1") == friends.request(a["a0"], "a2") == "sent"
    refused("too_many_requests", friends.request, a["a0"], "a3")
    assert friends.request(a["a0"], "a2") == "sent"  # asked before: nothing new, no refusal
    assert friends.request(a["a3"], "a4") == friends.request(a["a5"], "a4") == "sent"
    assert friends.request(a["a1"], "a4") == "sent"  # beyond a4's incoming cap: it reaches nobody
    assert [r["username"] for r in friends.overview(a["a4"])["incoming"]] == ["a3", "a5"]
    friends.answer(a["a1"], "a0", True)
    friends.answer(a["a2"], "a0", True)
    assert [f["username"] for f in friends.overview(a["a0"])["friends"]] == ["a1", "a2"]
    assert friends.request(a["a3"], "a0") == "sent"
    refused("too_many_friends", friends.answer, a["a0"], "a3", True)
    assert friends.block(a["a5"], "a0") == "a0" and friends.block(a["a5"], "a1") == "a1"
    refused("too_many_blocks", friends.block, a["a5"], "a2")
    assert friends.blocked_between(a["a0"], [a["a5"], a["a1"]]) == {a["a5"]}
