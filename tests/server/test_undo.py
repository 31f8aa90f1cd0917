"""Undo within a turn (issue 25): a table option; a player takes back their own last move of the turn while nothing
new was learned since; the take-back is stored (a TAKEBACK row, a notice), survives a restart, keeps the clock
running for the same seat, and is refused with a precise code everywhere else."""

from __future__ import annotations

import random
import sqlite3
import time

import museion
from museion.core import takeback
from museion.core.observe import observe_history
from museion.server.lobby.finished import replay_of
from museion.server.storage.rows import TAKEBACK, SeatRow, TableRow, standing
from museion.server.table.live import LiveTable, marks_of
from museion.server.testing import Player, ServerProcess, http


def _table(server, undo=True, game="tholos", seats=("human", "human"), **extra):
    status, made = http("POST", f"{server.url}/api/tables", {"game": game, "seats": list(seats), "join": 0,
                                                              "name": "Ana", "undo": undo, **extra})
    assert status == 201 and made["undo"] is undo
    players = [Player(server, made["id"], made["token"])]
    for seat, kind in enumerate(seats[1:], start=1):
        if kind == "human":
            _, joined = http("POST", f"{server.url}/api/tables/{made['id']}/join", {"seat": seat, "name": "Bea"})
            players.append(Player(server, made["id"], joined["token"]))
    return made, players


def _undo(player, seq=None):
    player.send({"type": "undo", "seq": player.state["seq"] if seq is None else seq})
    return player.recv_answer()


def _to_undoable(players):
    """Play first legal moves (whoever is to move) until a mover may take its move back; that player."""
    for _ in range(200):
        time.sleep(0.02)  # within the connection's message budget
        mover = next(p for p in players if p.wait(lambda s: s["seq"] == players[0].state["seq"]) and p.state["legal"])
        mover.move(mover.state["legal"][0]["id"])
        if mover.state["can_undo"]:
            return mover
        for p in players:
            p.wait(lambda s, n=mover.state["seq"]: s["seq"] == n)
    raise AssertionError("no undoable move in 200 moves")


def _close(players):
    for player in players:
        player.close()


def _rows(server, table_id):
    with sqlite3.connect(server.db_path) as db:
        return [a for (a,) in db.execute("SELECT action FROM actions WHERE table_id=? ORDER BY seq", (table_id,))]


def test_a_take_back_restores_the_turn_is_recorded_and_the_game_goes_on(server):
    made, players = _table(server)
    assert players[0].state["undo"] is True and players[0].state["can_undo"] is False
    mover = _to_undoable(players)
    other = players[1 - players.index(mover)]
    before = mover.state["seq"]
    taken = mover.log[-1]
    answer = _undo(mover)
    assert answer["type"] == "state" and answer["full"] and answer["seq"] == before - 1
    assert len(mover.log) == before - 1 and answer["to_move"] == mover.state["seat"]
    other.wait(lambda s: any(n["key"] == "notice.takeback" for n in s["notices"]))
    for client in (mover, other):  # both hear of it, in their language's words, with the move taken back
        notice = client.state["notices"][-1]
        assert notice["key"] == "notice.takeback" and notice["n"] == before - 1
        assert notice["args"]["player"] == mover.state["seat"] and notice["args"]["move"] == taken["t"]
        assert f"took back a move: {taken['text']}." in notice["text"]  # in words, as the log said it
    rows = _rows(server, made["id"])
    assert rows[-1] == TAKEBACK and len(standing(rows)) == before - 1  # the move and its take-back both stay
    assert mover.move(mover.state["legal"][-1]["id"])["type"] == "state"  # the turn goes on
    assert len(standing(_rows(server, made["id"]))) == before
    _close(players)


def test_take_backs_are_refused_with_a_precise_code(server):
    plain, (plain_ana, plain_bea) = _table(server, undo=False)
    assert plain_ana.state["undo"] is False
    assert _undo(plain_ana)["code"] == "undo_not_allowed"
    plain_bea.close()
    made, players = _table(server)
    ana, bea = players
    assert _undo(ana)["code"] == "nothing_to_undo"  # no move made yet
    assert _undo(bea)["code"] == "not_your_turn"
    watcher = Player(server, made["id"])
    assert _undo(watcher)["code"] == "not_seated"
    assert _undo(ana, seq=ana.state["seq"] + 3)["code"] == "stale"
    mover = _to_undoable(players)
    other = players[1 - players.index(mover)]
    while mover.state["can_undo"]:  # every own move of the turn, one by one
        assert _undo(mover)["type"] == "state"
    assert _undo(mover)["code"] == "nothing_to_undo"  # the move before is the other seat's
    assert other.state["seq"] == mover.state["seq"]
    _close(players + [watcher, plain_ana])


def test_a_pergamon_round_s_last_figure_shows_the_funds_cards_and_stands(server):
    """Issue 38's case at a friendly table: the last figure of a round placed (on the highest space, so its player
    acts first and could otherwise take it back) shows both funds cards to everyone; its player's ``can_undo`` is
    false, and a take-back is refused with ``undo_after_reveal``, saying which move showed what; nothing changed."""
    made, (ana, bea) = _table(server, game="pergamon")
    ana.wait(lambda s: bool(s["legal"]))
    assert all(card["value"] is None for card in ana.state["view"]["funds_cards"])
    assert ana.move(min(m["id"] for m in ana.state["legal"]))["type"] == "state"  # the first figure: nothing shown
    bea.wait(lambda s: bool(s["legal"]))
    last = max(bea.state["legal"], key=lambda m: m["id"])  # the last figure, on the highest free space
    assert bea.move(last["id"])["type"] == "state"
    ana.wait(lambda s: s["seq"] == bea.state["seq"])
    placed = bea.log[-1]
    assert placed["p"] == 1 and placed["t"].startswith(f"{last['notation']} (cards ")
    for client in (ana, bea):  # the values are in every view now, and in the log
        cards = client.state["view"]["funds_cards"]
        assert all(card["value"] is not None for card in cards)
        assert placed["t"] == f"{last['notation']} (cards {cards[0]['value']} {cards[1]['value']})"
    assert bea.state["to_move"] == 1 and bea.state["legal"] and bea.state["can_undo"] is False
    seq = bea.state["seq"]
    refused = _undo(bea)
    assert refused["type"] == "error" and refused["code"] == "undo_after_reveal"
    assert f"your last move ({placed['t']}) showed something beyond the move itself" in refused["message"]
    assert bea.state["seq"] == seq and TAKEBACK not in _rows(server, made["id"])
    _close([ana, bea])


def test_a_chance_step_or_a_hidden_value_makes_a_move_stand():
    """Searched in random games: a seat's own last move followed by chance, one whose events only some observers
    learn, or one observed as more than its notation (Pergamon's last figure: the funds cards' values) is refused
    (``undo_after_reveal``, saying which); a move everyone saw whole, with nothing after it, is not."""
    found = {"chance": 0, "hidden": 0, "shown": 0, "ok": 0}
    for name in ("imhotep", "pergamon"):
        game = museion.load(name)
        rng = random.Random(5)
        for _ in range(6):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.legal_actions()))
                    continue
                _check(state, found)
                state.apply_action(rng.choice(state.legal_actions()))
    assert found["chance"] and found["shown"] and found["ok"], found


def _check(state, found):
    seat = state.current_player()
    steps = observe_history(state)
    mine = next((i for i in range(len(steps) - 1, -1, -1) if steps[i].player is not None), None)
    if mine is None or steps[mine].player != seat:
        return
    row = TableRow("t", state.game.name, {}, "running", 0.0, [SeatRow(p, "human") for p in range(2)], [],
                   undo=True)
    refusal = LiveTable(row, state, steps).undo_refusal(seat)
    hidden = any(e.audience is not None for e in steps[mine].events)
    before = state.game.state_from_history(state.history()[:mine])
    shown = steps[mine].notation(None) != before.action_to_string(steps[mine].action)
    if mine != len(steps) - 1:
        found["chance"] += 1
        assert refusal is not None and refusal.code == "undo_after_reveal" and "chance" in str(refusal)
    elif hidden or shown:
        found["hidden" if hidden else "shown"] += 1
        assert refusal is not None and refusal.code == "undo_after_reveal"
        assert f"your last move ({steps[mine].notation(seat)}) showed" in str(refusal)
    else:
        found["ok"] += 1
        assert refusal is None


def test_a_bot_never_undoes_and_a_bot_table_goes_on(server):
    made, (ana,) = _table(server, seats=("human", "bot:random"))
    ana.wait(lambda s: bool(s["legal"]))
    undone = 0
    for _ in range(60):
        ana.wait(lambda s: bool(s["legal"]) or s["status"] == "finished")
        if ana.state["status"] == "finished":
            break
        time.sleep(0.1)  # within the connection's message budget
        if ana.state["log"] and ana.log[-1]["p"] == 1:
            assert not ana.state["can_undo"]
            assert _undo(ana)["code"] == "nothing_to_undo"  # the bot's move is not mine to take back
        ana.move(ana.state["legal"][0]["id"])
        if ana.state["can_undo"] and undone < 3:
            assert _undo(ana)["type"] == "state"
            assert ana.state["to_move"] == 0
            undone += 1
            ana.move(ana.state["legal"][-1]["id"])  # another choice this time
    assert undone and _rows(server, made["id"]).count(TAKEBACK) == undone
    assert [n["args"]["player"] for n in ana.state["notices"] if n["key"] == "notice.takeback"] == [0] * undone
    ana.close()


def test_the_increment_comes_once_a_turn_and_the_clock_runs_on_through_a_take_back(server):
    """Issue 25's "a 1:00 + 2 s clock reads 1:12": each action earned the increment, so a Tholos stone and its
    column's action earned it twice. A move within a turn leaves the clock running (no increment); the move that
    ends the turn earns it once; a take-back leaves the seat's clock running on."""
    made, players = _table(server, clock={"mode": "live", "base": 600, "increment": 10})
    within = ended = 0
    for _ in range(200):
        time.sleep(0.02)  # within the connection's message budget
        mover = next(p for p in players if p.wait(lambda s: s["seq"] == players[0].state["seq"]) and p.state["legal"])
        seat = mover.state["seat"]
        before = mover.state["clock"]["left"][seat]
        mover.move(mover.state["legal"][0]["id"])
        clock = mover.state["clock"]
        if mover.state["to_move"] == seat:  # the turn goes on
            assert clock["running"] == seat and clock["left"][seat] <= before + 0.5
            within += 1
            if mover.state["can_undo"]:
                _undo(mover)
                assert mover.state["clock"]["running"] == seat
                assert mover.state["clock"]["left"][seat] <= before + 0.5
                break
        else:
            assert clock["running"] != seat and before + 10 - 2 <= clock["left"][seat] <= before + 10 + 0.5
            ended += 1
        for p in players:
            p.wait(lambda s, n=mover.state["seq"]: s["seq"] == n)
    assert within and ended, (within, ended)
    _close(players)


def test_a_take_back_survives_a_restart(tmp_path):
    server = ServerProcess(tmp_path / "museion.db", bot_delay=0.01).start()
    try:
        made, players = _table(server)
        mover = _to_undoable(players)
        _undo(mover)
        seq, log, seat = mover.state["seq"], [e["t"] for e in mover.log], mover.state["seat"]
        server.kill()
        server.start()
        again = Player(server, made["id"])
        assert again.state["seq"] == seq and [e["t"] for e in again.log] == log  # the move stays taken back
        assert again.state["notices"][-1]["key"] == "notice.takeback" and again.state["to_move"] == seat
        record = http("GET", f"{server.url}/api/tables/{made['id']}/record")[1]
        assert len(record["actions"]) == seq
    finally:
        server.stop()


def test_the_last_move_is_the_last_movers_whole_turn():
    """The board marks the last mover's whole turn (a stone placed and its column's action; a Pergamon dig and the
    turn's end), from its first action on: its last action alone may change nothing on the board."""
    runs = 0
    for name in ("tholos", "pergamon"):
        rng = random.Random(7)
        state = museion.load(name).new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps = observe_history(state)
            row = TableRow("t", name, {}, "running", 0.0, [SeatRow(p, "human") for p in range(2)], [])
            table = LiveTable(row, state, steps, marks_of(state))
            players = [i for i, step in enumerate(steps) if step.player is not None]
            last = table.last_move()
            if not players:
                assert last is None
                continue
            mover = steps[players[-1]].player
            others = [i for i in players if steps[i].player != mover]
            start = min(i for i in players if i > (others[-1] if others else -1))
            assert last == {"from": start, "targets": [k for marks in table.marks[start:] for k in marks]}
            runs += start < players[-1]
    assert runs > 20


def test_the_replay_shows_the_take_backs_where_they_happened():
    """A finished game's replay says at each step which moves were taken back there, in the page's language, as
    the log's notices do (a take-back at log length n returned the game to step n)."""
    rng = random.Random(3)
    state = museion.load("tholos").new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    seats = [SeatRow(p, "human", name=name) for p, name in enumerate(("Ana", "Bea"))]
    row = TableRow("t", "tholos", {}, "finished", 0.0, seats, state.history(), undo=True,
                   notices=[{"n": 6, "key": "notice.takeback", "args": {"player": 1, "move": "T2B"}}])
    table = LiveTable(row, state, observe_history(state), marks_of(state))
    steps = replay_of(table, "es")["steps"]
    assert steps[6]["takebacks"] == ["Bea (negro) ha deshecho una jugada: T2B."]  # (a notice stored before words)
    assert [i for i, step in enumerate(steps) if step["takebacks"]] == [6]


# -- take-back requests (issue 40.4): the others accept or decline ------------------------------------------------
def _ask(player):
    player.send({"type": "takeback_request"})
    seat = player.state["seat"]
    return _next(player, lambda m: m["type"] == "error" or (m["type"] == "state" and m["takeback"] is not None
                                                            and m["takeback"]["seat"] == seat))


def _reply(player, accept):
    player.send({"type": "takeback_answer", "accept": accept})
    return _next(player, lambda m: m["type"] == "error" or (m["type"] == "state" and m["takeback"] is None))


def _next(player, predicate):
    while True:
        message = player.recv()
        if predicate(message):
            return message


def _end_turn(mover, *others):
    """``mover`` plays first legal moves until another seat is to move; everyone sees that state."""
    seat = mover.state["seat"]
    while mover.state["to_move"] == seat:
        time.sleep(0.02)  # within the connection's message budget
        assert mover.move(mover.state["legal"][0]["id"])["type"] == "state"
    for other in others:
        other.wait(lambda s: s["seq"] == mover.state["seq"])


def test_a_take_back_request_accepted_takes_back_every_move_since_the_requester_s(server):
    made, (ana, bea) = _table(server)
    _end_turn(ana, bea)
    _end_turn(bea, ana)  # Ana to move again: her own window has passed (Bea moved since)
    assert ana.state["can_undo"] is False and _undo(ana)["code"] == "nothing_to_undo"
    start = max(i for i, entry in enumerate(ana.log) if entry["p"] == 0)
    taken, before = ana.log[start], ana.state["seq"]
    assert _reply(bea, True)["code"] == "no_takeback_request"  # nothing asked yet
    asked = _ask(ana)
    assert asked["takeback"] == {"seat": 0, "asked": [1], "accepted": []} and asked["seq"] == before
    assert _ask(bea)["code"] == "takeback_pending"  # one request per table
    assert _reply(ana, True)["code"] == "no_takeback_request"  # the requester answers nothing
    bea.wait(lambda s: s["takeback"] is not None)
    back = _reply(bea, True)
    assert back["seq"] == start and back["to_move"] == 0 and len(bea.log) == start
    ana.wait(lambda s: s["seq"] == start and s["takeback"] is None)
    notice = ana.state["notices"][-1]
    assert notice["key"] == "notice.takeback_agreed" and notice["n"] == start
    assert notice["args"] == {"player": 0, "move": taken["t"], "count": before - start}
    assert f"asked for a move back ({taken['t']}) and everyone agreed: {before - start} moves" in notice["text"]
    rows = _rows(server, made["id"])
    assert rows.count(TAKEBACK) == before - start and len(standing(rows)) == start  # stored: survives a restart
    assert ana.move(ana.state["legal"][-1]["id"])["type"] == "state"  # Ana plays on
    _close([ana, bea])


def test_a_declined_request_waits_for_the_next_move_and_a_move_ends_a_request(server):
    made, (ana, bea) = _table(server)
    assert _ask(ana)["code"] == "takeback_nothing"
    assert ana.move(ana.state["legal"][0]["id"])["type"] == "state"
    if ana.state["can_undo"]:  # still her own to take back: no request
        assert _ask(ana)["code"] == "undo_yourself"
    _end_turn(ana, bea)
    assert _ask(ana)["takeback"]["seat"] == 0
    bea.wait(lambda s: s["takeback"] is not None)
    assert _reply(bea, False)["takeback"] is None
    ana.wait(lambda s: s["takeback"] is None)
    assert _ask(ana)["code"] == "takeback_declined"  # not again until the next move
    time.sleep(0.05)
    bea.move(bea.state["legal"][0]["id"])
    ana.wait(lambda s: s["seq"] == bea.state["seq"])
    assert _ask(ana)["takeback"]["asked"] == [1]  # a move came: she may ask again
    bea.wait(lambda s: s["takeback"] is not None)
    seq = bea.state["seq"]
    mover = bea if bea.state["to_move"] == 1 else ana
    time.sleep(0.05)
    assert mover.move(mover.state["legal"][0]["id"])["takeback"] is None  # the move ends the request
    bea.wait(lambda s: s["seq"] == seq + 1)
    assert bea.state["takeback"] is None and _reply(bea, True)["code"] == "no_takeback_request"
    assert TAKEBACK not in _rows(server, made["id"])
    _close([ana, bea])


def test_a_request_after_a_reveal_is_refused_before_anyone_is_asked(server):
    """Issue 38's case: Bea's last figure showed both funds cards; Ana's earlier figure can no longer go back."""
    made, (ana, bea) = _table(server, game="pergamon")
    ana.wait(lambda s: bool(s["legal"]))
    assert ana.move(min(m["id"] for m in ana.state["legal"]))["type"] == "state"
    bea.wait(lambda s: bool(s["legal"]))
    assert bea.move(max(m["id"] for m in bea.state["legal"]))["type"] == "state"
    ana.wait(lambda s: s["seq"] == bea.state["seq"])
    refused = _ask(ana)
    assert refused["code"] == "undo_after_reveal" and "nobody was asked" in refused["message"]
    assert f"the move {ana.log[-1]['t']} showed something beyond the move itself" in refused["message"]
    assert "(cards " in ana.log[-1]["t"]
    assert ana.state["takeback"] is None and bea.state["takeback"] is None
    assert TAKEBACK not in _rows(server, made["id"])
    _close([ana, bea])


def test_bots_accept_and_a_rated_table_refuses_requests(server):
    made, (ana,) = _table(server, seats=("human", "bot:random"))
    ana.wait(lambda s: bool(s["legal"]))
    _end_turn(ana)
    ana.wait(lambda s: s["to_move"] == 0 and s["log"] is not None and ana.log[-1]["p"] == 1)
    start = max(i for i, entry in enumerate(ana.log) if entry["p"] == 0)
    ana.send({"type": "takeback_request"})
    back = ana.wait(lambda s: s["seq"] == start)  # the bot accepted at once
    assert back["to_move"] == 0 and back["takeback"] is None
    assert back["notices"][-1]["key"] == "notice.takeback_agreed"
    ana.close()

    from test_accounts_hostile import Client

    eva, fer = Client(server, "127.0.3.1"), Client(server, "127.0.4.1")
    eva.sign_up("Eva-Asks")
    fer.sign_up("Fer-Rated")
    status, rated = eva.request("POST", "/api/tables", {"game": "tholos", "seats": ["human", "human"],
                                                        "rated": True, "join": 0})
    assert status == 201 and rated["undo"] is False
    joined = fer.request("POST", f"/api/tables/{rated['id']}/join", {"seat": 1})[1]
    players = [Player(server, rated["id"], rated["token"], cookie=eva.cookie),
               Player(server, rated["id"], joined["token"], cookie=fer.cookie)]
    _end_turn(players[0], players[1])
    refused = _ask(players[0])
    assert refused["code"] == "takeback_rated" and "rated" in refused["message"]
    _close(players)


def test_an_agreed_take_back_hands_the_clock_back_to_the_requester(server):
    """Bea's moves are taken back at Ana's request while Ana thinks: Ana's clock runs on and earns nothing by
    asking; Bea's time stays as her move left it."""
    made, (ana, bea) = _table(server, clock={"mode": "live", "base": 600, "increment": 10})
    _end_turn(ana, bea)
    _end_turn(bea, ana)
    assert ana.state["clock"]["running"] == 0
    before = ana.state["clock"]["left"]
    assert _ask(ana)["takeback"]["asked"] == [1]
    bea.wait(lambda s: s["takeback"] is not None)
    back = _reply(bea, True)
    assert back["to_move"] == 0 and back["clock"]["running"] == 0
    assert back["clock"]["left"][0] <= before[0] and back["clock"]["left"][1] == before[1]
    _close([ana, bea])


def test_a_request_goes_back_over_the_others_moves_but_never_over_chance_or_a_reveal():
    """In random Imhotep and Pergamon games, every seat's request at every point: allowed only when every step from
    the seat's last action on is a move everyone saw whole (others' moves among them); refused at the first chance
    step or reveal after (or at) that action."""
    found = {"chance": 0, "shown": 0, "others": 0}
    for name in ("imhotep", "pergamon"):
        rng = random.Random(7)
        state = museion.load(name).new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps = observe_history(state)
            for seat in range(state.game.num_players()):
                code, index = takeback.request_refusal(steps, seat)
                mine = max((i for i, s in enumerate(steps) if s.player == seat), default=-1)
                going = steps[mine:]
                if code == takeback.NOTHING:
                    assert mine == -1
                elif code is None:
                    assert index == mine and all(s.player is not None and not s.reveals for s in going)
                    found["others"] += any(s.player != seat for s in going)
                else:
                    first = next(i for i, s in enumerate(going) if s.player is None or s.reveals)
                    assert index == mine + first
                    found["chance" if steps[index].player is None else "shown"] += 1
    assert all(found.values()), found
