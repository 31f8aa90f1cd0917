"""Table chat in-process (real SQLite file, no HTTP): who writes and reads which channel, the text refusals and
limits, what is stored (players' channel) and what is not (spectators'), the replay's chat only for a seat token,
reports for the operator (``museion admin reports``), and that no chat reaches the bots."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from museion.cli import main
from museion.server.chat import chat_store
from museion.server.chat.chat import clean, guest_label
from museion.server.config import ServerConfig
from museion.server.edge.connection import Conn
from museion.server.edge.errors import TableError
from museion.server.edge.models import MAX_CHAT
from museion.server.edge.rates import Limits, network_of
from museion.server.manager import Manager
from museion.server.storage.storage import Store

CONFIG = ServerConfig(bot_workers=0, bot_delay=0)


class Client:
    """A connection of the table as the server holds it, with everything queued for it read back as JSON."""

    def __init__(self, table: Any, seat: int | None, address: str) -> None:
        self.sent: list[str] = []
        self.address = address

        async def send(text: str) -> None:
            self.sent.append(text)

        async def close(_code: int, _reason: str) -> None:
            return None

        self.conn = Conn(send, seat, close)
        self.key = f"conn-{id(self)}"
        table.register(self.conn)

    def chat(self) -> list[dict[str, Any]]:
        """Every chat line sent to this client so far."""
        found = [json.loads(t) for t in self.sent if t.startswith('{"type":"chat"')]
        return [line for message in found for line in message["messages"]]


async def _setup(tmp_path, limits: Limits | None = None, seats=("human", "human")):
    manager = Manager(Store(f"sqlite:///{tmp_path / 'c.db'}"), CONFIG, limits=limits)
    await manager.start(tick=False)
    table, token, _ = await manager.lobby.create("tholos", {}, list(seats), 0)
    return manager, table, token


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_clean_normalises_and_refuses_precisely():
    assert clean("  Cafe\u0301 ok  ") == "Café ok"  # NFC, surrounding spaces gone
    assert clean("שלום ok") == "שלום ok"  # right-to-left text is fine (without invisible marks)
    assert clean("👩\u200d💻 ok") == "👩\u200d💻 ok"  # a joiner inside an emoji sequence is part of the emoji
    assert clean("a" * MAX_CHAT) == "a" * MAX_CHAT
    cases = [("   ", "chat_empty", "needs some text"),
             ("a" * (MAX_CHAT + 1), "chat_too_long", f"at most {MAX_CHAT} characters; this one has {MAX_CHAT + 1}"),
             ("ok\nnext", "chat_bad_character", "U+000A (a control character) at position 3"),
             ("abc\u202edcba", "chat_bad_character", "U+202E (RIGHT-TO-LEFT OVERRIDE) at position 4"),
             ("x\u2066y", "chat_bad_character", "U+2066 (LEFT-TO-RIGHT ISOLATE) at position 2"),
             ("bell\x07", "chat_bad_character", "U+0007"),
             ("one\u2028two", "chat_bad_character", "U+2028 (LINE SEPARATOR) at position 4"),
             ("\ud800", "chat_bad_character", "U+D800"),
             ("a\u200bb", "chat_bad_character", "U+200B (ZERO WIDTH SPACE) at position 2"),
             ("\ufeffhi", "chat_bad_character", "U+FEFF (ZERO WIDTH NO-BREAK SPACE) at position 1"),
             ("ok \u200e", "chat_bad_character", "U+200E (LEFT-TO-RIGHT MARK) at position 4"),
             ("a\u200db", "chat_bad_character", "U+200D (ZERO WIDTH JOINER) at position 2"),
             ("\u2800", "chat_bad_character", "U+2800")]
    for text, code, words in cases:
        with pytest.raises(TableError) as info:
            clean(text)
        assert info.value.code == code and words in str(info.value), (text, str(info.value))
    assert len(clean("e\u0301" * MAX_CHAT)) == MAX_CHAT  # counted after NFC: 600 code points make 300 characters


def test_players_and_spectators_each_read_only_their_own_channel(tmp_path):
    async def scenario():
        manager, table, _ = await _setup(tmp_path)
        ana, bo = Client(table, 0, "10.0.0.1"), Client(table, 1, "10.0.1.1")
        watcher, other = Client(table, None, "10.0.2.1"), Client(table, None, "10.0.3.1")
        await manager.chat.say(table, ana.conn, "hello players", None, ana.key, ana.address)
        await manager.chat.say(table, watcher.conn, "hello watchers", "spectators", watcher.key, watcher.address)
        for writer, channel in ((watcher, "players"), (bo, "spectators")):
            with pytest.raises(TableError) as info:
                await manager.chat.say(table, writer.conn, "wrong room", channel, writer.key, writer.address)
            assert info.value.code == "chat_channel"
        await _settle()
        texts = {name: [line["text"] for line in c.chat()] for name, c in
                 (("ana", ana), ("bo", bo), ("watcher", watcher), ("other", other))}
        assert texts == {"ana": ["hello players"], "bo": ["hello players"], "watcher": ["hello watchers"],
                         "other": ["hello watchers"]}
        line = ana.chat()[0]
        assert line["seat"] == 0 and line["guest"] is None and line["channel"] == "players"
        spectator_line = other.chat()[0]
        assert spectator_line["seat"] is None and len(spectator_line["guest"]) == 6
        assert "10.0.2" not in json.dumps(spectator_line)  # the label is not the address
        await manager.close()

    asyncio.run(scenario())


def test_players_chat_is_stored_and_replayed_only_for_a_seat_token_spectators_chat_is_not(tmp_path):
    async def scenario():
        manager, table, token = await _setup(tmp_path)
        ana, watcher = Client(table, 0, "10.0.0.1"), Client(table, None, "10.0.2.1")
        await manager.chat.say(table, ana.conn, "good luck", None, ana.key, ana.address)
        await manager.chat.say(table, watcher.conn, "nice opening", None, watcher.key, watcher.address)
        stored = chat_store.players_lines(manager.store, table.id)
        assert [line["text"] for line in stored] == ["good luck"]
        history = await manager.chat.history(table.id, token)
        assert history["seat"] == 0 and [line["text"] for line in history["messages"]] == ["good luck"]
        for wrong in ("not-a-token", ""):
            with pytest.raises(TableError) as info:
                await manager.chat.history(table.id, wrong)
            assert info.value.code == "bad_token" and info.value.status == 403
        late_player, late_watcher = Client(table, 1, "10.0.1.1"), Client(table, None, "10.0.3.1")
        await manager.chat.backlog(table, late_player.conn, late_player.address)
        await manager.chat.backlog(table, late_watcher.conn, late_watcher.address)
        await _settle()
        assert [line["text"] for line in late_player.chat()] == ["good luck"]
        assert [line["text"] for line in late_watcher.chat()] == ["nice opening"]
        backlog = json.loads(late_watcher.sent[-1])  # a spectator is told its own label, a player none
        assert backlog["backlog"] and backlog["you"] == guest_label(table.id, "10.0.3.1")
        assert backlog["you"] != late_watcher.chat()[0]["guest"] and json.loads(late_player.sent[-1])["you"] is None
        new = Client(table, None, "10.0.4.1")
        await manager.chat.backlog(table, new.conn, new.address)
        await manager.chat.say(table, new.conn, "me too", None, new.key, new.address)
        await _settle()
        own = json.loads(new.sent[-1])  # its own line tells it its label; the others' copy does not
        assert own["you"] == own["messages"][0]["guest"] == guest_label(table.id, "10.0.4.1")
        assert json.loads(late_watcher.sent[-1])["you"] is None
        await manager.close()
        return table.id

    table_id = asyncio.run(scenario())

    async def restarted():  # the table left memory (a restart): the spectators' chat is gone, the players' kept
        manager = Manager(Store(f"sqlite:///{tmp_path / 'c.db'}"), CONFIG)
        await manager.start(tick=False)
        table = await manager.live.get(table_id)
        assert list(table.spectators_chat) == []
        watcher = Client(table, None, "10.0.9.1")
        await manager.chat.backlog(table, watcher.conn, watcher.address)
        await _settle()
        assert watcher.chat() == []
        assert [line["text"] for line in chat_store.players_lines(manager.store, table_id)] == ["good luck"]
        await manager.close()

    asyncio.run(restarted())


def test_chat_limits_count_per_connection_and_per_network(tmp_path):
    limits = Limits(ServerConfig(limit_chat="3/minute", limit_chat_network="5/minute"))

    async def scenario():
        manager, table, _ = await _setup(tmp_path, limits)
        one = Client(table, None, "192.0.2.10")
        for n in range(3):
            await manager.chat.say(table, one.conn, f"m{n}", None, one.key, one.address)
        with pytest.raises(TableError) as info:
            await manager.chat.say(table, one.conn, "m3", None, one.key, one.address)
        assert info.value.code == "rate_limited" and "this connection" in str(info.value)
        neighbour = Client(table, None, "192.0.2.77")  # same /24: shares the network's budget (3 of 5 spent)
        for n in range(2):
            await manager.chat.say(table, neighbour.conn, f"n{n}", None, neighbour.key, neighbour.address)
        with pytest.raises(TableError) as info:
            await manager.chat.say(table, neighbour.conn, "n2", None, neighbour.key, neighbour.address)
        assert info.value.code == "rate_limited" and "your network" in str(info.value)
        elsewhere = Client(table, None, "198.51.100.3")
        await manager.chat.say(table, elsewhere.conn, "fine", None, elsewhere.key, elsewhere.address)
        assert len(table.spectators_chat) == 6
        await manager.close()

    asyncio.run(scenario())
    assert network_of("192.0.2.77") == network_of("192.0.2.10") == "192.0.2.0/24"
    assert network_of("2001:db8:1:2:3::9") == "2001:db8:1:2::/64" and network_of("::ffff:192.0.2.5") == "192.0.2.0/24"


def test_reports_are_kept_once_per_network_and_listed_for_the_operator(tmp_path, capsys):
    async def scenario():
        manager, table, _ = await _setup(tmp_path)
        ana, bo = Client(table, 0, "10.0.0.1"), Client(table, 1, "10.0.1.1")
        watcher, other = Client(table, None, "10.0.2.1"), Client(table, None, "10.0.3.1")
        await manager.chat.say(table, bo.conn, "you are terrible", None, bo.key, bo.address)
        await manager.chat.say(table, watcher.conn, "spam <b>", None, watcher.key,
                               watcher.address)
        await _settle()
        players_id, spectators_id = ana.chat()[0]["id"], other.chat()[0]["id"]
        assert await manager.chat.report(table, ana.conn, players_id, ana.address) == players_id
        await manager.chat.report(table, ana.conn, players_id, ana.address)  # twice: kept once
        await manager.chat.report(table, other.conn, spectators_id, other.address)
        for conn, wrong in ((other.conn, players_id), (ana.conn, spectators_id), (ana.conn, "nope")):
            with pytest.raises(TableError) as info:  # only messages of the channel one reads
                await manager.chat.report(table, conn, wrong, "10.0.5.1")
            assert info.value.code == "no_message"
        await manager.close()
        return table.id

    table_id = asyncio.run(scenario())
    db = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["admin", "--db", db, "reports", "--json"]) == 0
    found = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["channel"], r["text"], r["reporter_seat"]) for r in found] == [
        ("spectators", "spam <b>", None), ("players", "you are terrible", 0)]
    assert all(r["table_id"] == table_id and "reporter" not in r for r in found)
    assert main(["admin", "--db", db, "reports"]) == 0
    shown = capsys.readouterr().out
    assert f"table {table_id}  players" in shown and '"you are terrible"' in shown and "by seat 1" in shown


class RecordingPool:
    """A bot pool that records what each bot is given (and plays the first legal move)."""

    def __init__(self) -> None:
        self.given: list[str] = []

    async def choose(self, args: dict[str, Any], _costly: bool) -> int:
        import museion

        self.given.append(json.dumps(args))
        state = museion.load(args["game"], **args["options"]).new_initial_state()
        for action in args["history"]:
            state.apply_action(action)
        return state.legal_actions()[0]

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None


def test_no_chat_reaches_the_bots_or_the_game(tmp_path):
    async def scenario():
        pool = RecordingPool()
        manager = Manager(Store(f"sqlite:///{tmp_path / 'b.db'}"), CONFIG, pool)  # type: ignore[arg-type]
        await manager.start(tick=False)
        table, _, _ = await manager.lobby.create("tholos", {}, ["human", "bot:random"], 0)
        me, watcher = Client(table, 0, "10.0.0.1"), Client(table, None, "10.0.2.1")
        await manager.chat.say(table, me.conn, "SECRET-PLAYERS-WORD", None, me.key, me.address)
        await manager.chat.say(table, watcher.conn, "SECRET-SPECTATORS-WORD", None, watcher.key, watcher.address)
        for _ in range(3):
            await manager.pipeline.play(table, 0, table.seq, table.state.legal_actions()[0])
            for _ in range(200):
                if table.state.current_player() == 0:
                    break
                await asyncio.sleep(0.01)
        assert pool.given, "the bot never moved"
        seen = " ".join(pool.given) + json.dumps(table.record_json()) + json.dumps(table.summary())
        assert "SECRET" not in seen
        await manager.close()

    asyncio.run(scenario())
