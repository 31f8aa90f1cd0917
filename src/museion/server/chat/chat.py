"""Table chat: the players' channel and the spectators' channel of every table, over the table's WebSocket.

Who reads what: a seated player writes to and reads the players' channel; a spectator writes to and reads the
spectators' channel. Players do not read the spectators' channel (as on lichess, the spectators' room is the
spectators' own: nobody watching can coach a player during the game). Bots never read chat: chat goes to WebSocket
clients only, and nothing of it enters a table's state, its record or what the bot workers are given.

What is kept: the players' channel is stored with the table (``chat_store``), so its players read it again in the
replay (``POST /api/tables/ID/chat`` with a seat token); the spectators' channel lives in memory with the live table
and is gone when the table leaves memory (only a message someone reports is copied into its report).

Text is checked before it is kept: one line of at most ``MAX_CHAT`` characters after NFC normalisation, without
control characters (Unicode Cc, lone surrogates, line and paragraph separators) or invisible ones (format
characters: zero-width spaces and joiners, byte order marks, direction marks, the embeddings, overrides and
isolates that make a line read backwards; ``typed.refusal``, the rule of every text others read); each refusal
says which character, where.
Clients show it as text (never as markup, links not clickable); limits count per connection and per network.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
import unicodedata
from collections.abc import Awaitable, Callable
from typing import Any

from museion.server import web_texts
from museion.server.chat import chat_store
from museion.server.edge import typed
from museion.server.edge.connection import Conn
from museion.server.edge.errors import TableError
from museion.server.edge.models import MAX_CHAT
from museion.server.edge.rates import Limits, network_of
from museion.server.storage.rows import dumps
from museion.server.table.live import LiveTable
from museion.server.table.tables import Tables

GUEST_KEY = secrets.token_bytes(16)
"""Keys spectators' labels for this server process (a label says nothing about the address behind it)."""
assert web_texts.TEXTS  # the chat's words are in the catalogue before any client asks for them


def clean(text: str) -> str:
    """The text as it is kept and shown: NFC, without surrounding spaces; else a ``TableError`` saying why not
    (``typed.check_line``: the one rule for every line others read)."""
    if not unicodedata.normalize("NFC", text).strip():
        raise TableError("chat_empty", "a chat message needs some text")
    return typed.check_line(text, MAX_CHAT, ("chat_too_long", "chat_bad_character"), "a chat message")


def channel_of(conn: Conn) -> str:
    """The channel a client writes to and reads: the players' when it holds a seat, else the spectators'."""
    return "spectators" if conn.seat is None else "players"


def guest_label(table_id: str, client: str) -> str:
    """A spectator's name at one table: the same for one address while it watches that table, unrelated between
    tables, and not the address (so a player can mute a spectator who reconnects)."""
    return hmac.new(GUEST_KEY, f"{table_id}|{client}".encode(), hashlib.sha256).hexdigest()[:6]


def chat_json(table: LiveTable, lines: list[dict[str, Any]], backlog: bool, you: str | None = None) -> str:
    """A ``messages.ChatMessage`` as sent."""
    return dumps({"type": "chat", "table": table.id, "backlog": backlog, "you": you, "messages": lines})


class Chat:
    """The chat of every live table: what clients write, who reads it, what is kept and what is reported."""

    def __init__(self, tables: Tables, limits: Limits | None = None) -> None:
        self.tables = tables
        self.limits = limits or Limits(tables.config)  # a manager without the application's
        self.hidden: Callable[[LiveTable, int | None], Awaitable[set[int]]] | None = None
        """The seats whose lines a seat is not sent, nor sends to (``friends.rules``: blocks between players)."""

    async def _hidden(self, table: LiveTable, seat: int | None) -> set[int]:
        return set() if self.hidden is None or seat is None else await self.hidden(table, seat)

    async def backlog(self, table: LiveTable, conn: Conn, client: str) -> None:
        """After the hello: the recent messages of the client's channel (nothing when there are none), with a
        spectator's own label (so its page knows its own lines). A spectator's cost no database read; a player's
        one."""
        if conn.seat is None:
            lines, you = list(table.spectators_chat), guest_label(table.id, client)
        else:
            lines = await self.tables.writer.read(chat_store.players_lines, self.tables.store, table.id)
            hidden, you = await self._hidden(table, conn.seat), None
            lines = [line for line in lines if line["seat"] not in hidden]
        if lines:
            conn.put(chat_json(table, lines, True, you))

    def spend(self, key: str, client: str) -> None:
        """Count one chat message of the connection ``key`` from ``client``; over either limit: ``rate_limited``."""
        if self.limits.chat.hit(key) is not None:
            raise TableError("rate_limited", f"too many chat messages on this connection (limit "
                                             f"{self.limits.chat.spec}); wait a moment", 429)
        if self.limits.chat_network.hit(network_of(client)) is not None:
            raise TableError("rate_limited", f"too many chat messages from your network (limit "
                                             f"{self.limits.chat_network.spec}); wait a moment", 429)

    async def say(self, table: LiveTable, conn: Conn, text: str, channel: str | None, key: str,
                  client: str) -> None:
        """Check, keep and deliver one message to every reader of the writer's channel (the writer included)."""
        own = channel_of(conn)
        if channel is not None and channel != own:
            raise TableError("chat_channel", f"you write to the {own} channel: seated players write to 'players', "
                                             "spectators to 'spectators'", 403)
        self.spend(key, client)
        line: dict[str, Any] = {"id": secrets.token_urlsafe(9), "channel": own, "seat": conn.seat,
                "guest": guest_label(table.id, client) if conn.seat is None else None,
                "name": None if conn.seat is None else table.row.seats[conn.seat].name,
                "text": clean(text), "at": round(time.time(), 3)}
        if conn.seat is None:
            table.spectators_chat.append(line)
        else:
            try:
                await self.tables.writer.call(chat_store.save_line, self.tables.store, table.id, line)
            except Exception as exc:  # noqa: BLE001 - told to the writer; nobody else was sent anything
                raise TableError("storage", "the server could not keep your message; try again", 503) from exc
        sent, hidden = chat_json(table, [line], False), await self._hidden(table, conn.seat)
        for reader in list(table.conns):
            if reader is conn and line["guest"] is not None:
                reader.put(chat_json(table, [line], False, line["guest"]))  # a spectator learns its own label
            elif channel_of(reader) == own and reader.seat not in hidden:
                reader.put(sent)

    async def report(self, table: LiveTable, conn: Conn, message: str, client: str) -> str:
        """Keep a report of a message of the reporter's own channel for the operator (``museion admin
        reports``); one per message and network. Returns the reported message's id."""
        network = network_of(client)
        if self.limits.report.hit(network) is not None:
            raise TableError("rate_limited", f"too many reports from your network (limit "
                                             f"{self.limits.report.spec}); the operator has them", 429)
        if conn.seat is None:
            found = next((line for line in table.spectators_chat if line["id"] == message), None)
        else:
            found = await self.tables.writer.read(chat_store.find_line, self.tables.store, table.id, message)
        if found is None:
            raise TableError("no_message", "no message with that id in the chat you read at this table", 404)
        reporter = hashlib.sha256(f"{table.id}|{network}".encode()).hexdigest()
        await self.tables.writer.call(chat_store.save_report, self.tables.store, table.id, found, conn.seat,
                                      reporter, time.time())
        return message

    async def history(self, table_id: str, token: str) -> dict[str, Any]:
        """The players' chat of a table for one of its seat tokens (``models.ChatHistory``): the replay's chat,
        only for those who were there."""
        table = await self.tables.get(table_id)
        seat = table.seat_of(token)
        if seat is None:
            raise TableError("bad_token", "this token holds no seat at this table: only its players read its "
                                          "players' chat", 403)
        lines = await self.tables.writer.read(chat_store.players_lines, self.tables.store, table.id)
        hidden = await self._hidden(table, seat)
        return {"table": table.id, "seat": seat, "messages": [line for line in lines if line["seat"] not in hidden]}
