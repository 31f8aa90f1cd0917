"""Hostile clients against the friends API of a real server with small limits: other sites' pages, floods over
the rate limits, probing whether a player exists or blocked you, taking a seat held for someone else, and a
blocked player's old invitation. Each refusal is precise and changes nothing."""

from __future__ import annotations

import http.client
import json

import pytest
from test_accounts_hostile import Client
from test_friends import befriend, names, overview, table_with

from museion.server.testing import GENEROUS, ServerProcess

CHANGES, READS = 12, 6


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("friends-hostile") / "museion.db", bot_delay=0.01,
                         args=(*GENEROUS, "--limit-signup", "1000/hour", "--limit-signin", "1000/minute",
                               "--limit-friends", f"{CHANGES}/minute", "--limit-friends-read", f"{READS}/minute")
                         ).start()
    yield proc
    proc.stop()
    log = proc.log_text()
    assert "Traceback" not in log, log[-3000:]


def signed_up(server: ServerProcess, name: str, source: str) -> Client:
    client = Client(server, source)
    client.sign_up(name)
    return client


def test_another_sites_page_cannot_send_a_request_with_the_players_cookie(server):
    eve = signed_up(server, "Eve-H", "127.0.10.2")
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30, source_address=("127.0.10.2", 0))
    conn.request("POST", "/api/friends/requests", body=json.dumps({"username": "Mallory-H"}),
                 headers={"Content-Type": "application/json", "Origin": "https://evil.example",
                          "Cookie": f"museion_session={eve.cookie}", "X-CSRF-Token": eve.csrf})
    response = conn.getresponse()
    assert (response.status, json.loads(response.read())["error"]) == (403, "bad_origin")
    conn.close()
    for body_type in ("text/plain", "application/x-www-form-urlencoded"):  # a form post: no preflight, no JSON
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30, source_address=("127.0.10.2", 0))
        conn.request("POST", "/api/friends/blocks", body="username=Mallory-H",
                     headers={"Content-Type": body_type, "Cookie": f"museion_session={eve.cookie}"})
        assert conn.getresponse().status == 415
        conn.close()
    assert overview(eve)["outgoing"] == [] and overview(eve)["blocked"] == []


def test_floods_of_changes_and_reads_are_held_back_per_network(server):
    flo = signed_up(server, "Flo-H", "127.0.11.3")
    for n in range(CHANGES):
        assert flo.request("POST", "/api/friends/requests", {"username": f"Nobody-H{n}"})[0] in (202, 409)
    status, answer = flo.request("POST", "/api/friends/requests", {"username": "Late-H"})
    assert (status, answer["error"]) == (429, "rate_limited") and "friends" in answer["message"]
    reads = [flo.request("GET", "/api/friends")[0] for _ in range(READS + 1)]
    assert reads[:READS] == [200] * READS and reads[-1] == 429
    other = signed_up(server, "Gil-H", "127.0.12.3")  # another network: its own budget
    assert other.request("GET", "/api/friends")[0] == 200
    assert "Late-H" not in names(overview(other)["outgoing"])


def test_the_answer_never_tells_whether_a_player_exists_or_blocked_you(server):
    """An unknown name, a player who blocked you and one who did not: the same status, body and headers (the
    names are of one length), and all three pending for the sender."""
    ida, jay = signed_up(server, "Ida-H", "127.0.2.1"), signed_up(server, "Jay-H", "127.0.2.2")
    signed_up(server, "Kai-H", "127.0.2.3")
    assert jay.request("POST", "/api/friends/blocks", {"username": "Ida-H"})[0] == 200
    answers = []
    for name in ("Jay-H", "Kai-H", "Zed-H"):  # blocked you, did not, does not exist
        status, body = ida.request("POST", "/api/friends/requests", {"username": name})
        answers.append((status, {**body, "username": "*"}, ida.headers.get("content-length")))
    assert answers[0] == answers[1] == answers[2] == (202, {"username": "*", "status": "sent"}, answers[0][2])
    assert names(overview(ida)["outgoing"]) == ["Jay-H", "Kai-H", "Zed-H"]


def test_a_held_seat_is_taken_by_its_invitee_only_and_a_block_ends_an_invitation(server):
    lou, mia = signed_up(server, "Lou-H", "127.0.3.1"), signed_up(server, "Mia-H", "127.0.3.2")
    nat = signed_up(server, "Nat-H", "127.0.3.3")
    befriend(lou, mia, "Mia-H", "Lou-H")
    table = table_with(lou, ["human", "human", "human"])["id"]
    assert lou.request("POST", "/api/friends/invitations", {"table": table, "seat": 1, "username": "Mia-H"})[0] == 201
    for thief in (nat, Client(server, "127.0.3.4")):
        status, answer = thief.request("POST", f"/api/tables/{table}/join", {"seat": 1, "name": "thief"})
        assert (status, answer["error"]) == (409, "seat_held")
    status, answer = nat.request("POST", "/api/friends/invitations/accept", {"table": table, "seat": 1})
    assert (status, answer["error"]) == (404, "no_invitation")
    status, answer = nat.request("POST", "/api/friends/invitations/decline", {"table": table, "seat": 1})
    assert (status, answer["error"]) == (404, "no_invitation")  # not a third party's to drop
    assert mia.request("POST", "/api/friends/blocks", {"username": "Lou-H"})[0] == 200
    status, answer = mia.request("POST", "/api/friends/invitations/accept", {"table": table, "seat": 1})
    assert (status, answer["error"]) == (404, "no_invitation")
    assert nat.request("POST", f"/api/tables/{table}/join", {"seat": 1})[0] == 200  # the seat is free again
