"""The tournaments' tables (migration ``0018_tournaments``)."""

from __future__ import annotations

from sqlalchemy import JSON, Column, Float, ForeignKey, Index, Integer, String, Table

from museion.server.storage.rows import metadata

tournaments_t = Table(
    "tournaments", metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),  # seats per game
    Column("options", JSON, nullable=False),  # the game's options as checked
    Column("format", String(8), nullable=False),  # swiss | groups | arena
    Column("rounds", Integer, nullable=False),  # swiss, groups: rounds; arena: its minutes
    Column("clock", JSON),  # each game's time control; null: none
    Column("rated", Integer, nullable=False),
    Column("bots_allowed", Integer, nullable=False),
    Column("creator_id", Integer, ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
    Column("status", String(16), nullable=False),  # waiting | running | finished
    Column("round", Integer, nullable=False),  # the round being played (0: not started; arena: pairings made)
    Column("created", Float, nullable=False),
    Column("starts", Float, nullable=False),
    Column("ends", Float),  # arena: no pairing after this; finished: when it finished
    Column("claimed", Float),  # a round is being made: its tables are due by then, or another process makes it (0019)
    Index("ix_tournaments_status", "status", "starts"),
)

tournament_players_t = Table(
    "tournament_players", metadata,
    Column("tournament_id", String(16), ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("number", Integer, nullable=False),  # the order of joining: the pairing number
    Column("network", String(64), nullable=False),  # where the player joined from (fair play: one network one rating)
    Column("withdrawn", Integer, nullable=False),
)

tournament_games_t = Table(
    "tournament_games", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("tournament_id", String(16), ForeignKey("tournaments.id", ondelete="CASCADE"), nullable=False),
    Column("round", Integer, nullable=False),
    Column("kind", String(8), nullable=False),  # game | bye | absent
    Column("table_id", String(32), nullable=True),  # kind game: the table (kept with the tournament)
    Column("accounts", JSON, nullable=False),  # the account ids in seat order (bye, absent: the one player)
    Column("points", JSON(none_as_null=True)),  # each seat's tournament points once the game ended; NULL: being played
    Column("scores", JSON(none_as_null=True)),  # each seat's game score (the groups' tie-break)
    Index("ix_tournament_games", "tournament_id", "round"),
)
