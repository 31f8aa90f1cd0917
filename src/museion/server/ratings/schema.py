"""The rating and profile tables as the code reads and writes them (their schema is migrations ``0009_ratings``
and ``0011_fair_play``; ``tables.rated`` is in ``storage.rows.tables_t``)."""

from __future__ import annotations

from sqlalchemy import JSON, Column, Float, ForeignKey, Index, Integer, String, Table, UniqueConstraint

from museion.server.storage.rows import metadata

ratings_t = Table(
    "ratings", metadata,  # one rating per account, game and player count
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("players", Integer, primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),  # rated games played (fewer than 10: provisional)
    Column("updated", Float, nullable=False),
    Column("opponents", Integer, nullable=False, server_default="0"),  # distinct ones, counted up to the threshold
    Index("ix_ratings_board", "game", "players", "mu"),  # the leaderboard, best first
)

rating_history_t = Table(
    "rating_history", metadata,  # one row per account and rated game: the profile's chart and the export
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("rank", Integer, nullable=False),  # 0: won (shared); a seat abandoned on time ranks last
    Column("abandoned", Integer, nullable=False),  # 1: the player's clock ran out and a bot finished (a loss)
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", Float, nullable=False),
    Column("counted", Integer, nullable=False, server_default="1"),  # 0: the pair's daily limit; rating unchanged
    UniqueConstraint("table_id", "seat", name="uq_rating_history_seat"),  # a game is rated once
    Index("ix_rating_history_account", "account_id", "at"),
)

profiles_t = Table(
    "profiles", metadata,  # what a player shows on their page (no row: nothing but the name)
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("show_ratings", Integer, nullable=False),  # ratings, their history, the leaderboard
    Column("show_games", Integer, nullable=False),  # games per game, results, recent games
    Column("show_languages", Integer, nullable=False),
    Column("languages", JSON, nullable=False),  # ISO 639-1 codes the player speaks, at most 8
)

seat_networks_t = Table(
    "seat_networks", metadata,  # where each account joined a rated table from, until every seat is taken
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("network", String(64), nullable=False),  # IPv4 /24 or IPv6 /64 (networks.network)
)
