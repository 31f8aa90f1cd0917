"""The accounts' event stream (issue 41 item 2; docs/bot-api.md "The stream"): ``GET /api/stream`` as
server-sent events, and :func:`publish`, the one way any part of the server tells an account something:

    from museion.server.stream import publish
    await asyncio.to_thread(publish, engine, account_id, {"type": "tournamentRound", "tournament": "…"})

It stores the event (so every server process of a PostgreSQL site delivers it to its streams of that account,
and a stream that reconnects within minutes gets it still). Modules: ``schema`` (the table), ``hub`` (publish,
the reader, the open streams), ``routes`` (the route), ``texts`` (the refusal's words)."""

from __future__ import annotations

from fastapi import FastAPI

from museion.server.stream import texts
from museion.server.stream.hub import publish
from museion.server.stream.routes import Streams, router

__all__ = ["install", "publish"]


def install(app: FastAPI) -> None:
    """``GET /api/stream`` (after ``accounts`` and ``presence``: it reads the session and marks presence)."""
    assert texts.TEXTS
    service = app.state.streams = Streams(app)
    app.include_router(router(app, service))
