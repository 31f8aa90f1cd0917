"""The web table: FastAPI lobby and WebSocket play, SQLAlchemy storage of game records, bot worker processes.

Start it with ``museion serve``; see ``docs/web.md``.
"""
