"""How a feature of the site (quick pairing, tournaments, challenges) reaches its tables from one server process:
through the server's one storage engine, reads on the batch writer's reader threads (so the event loop never waits
for a commit) and writes in the writer's queue (one commit order for the whole process)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI


class FeatureStore:
    """The storage calls a feature's service shares with its routes; subclasses add the feature's own work."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app

    @property
    def engine(self) -> Any:
        return self.app.state.manager.store.engine

    async def read(self, fn: Any, *args: Any) -> Any:
        """``fn(engine, *args)`` on a reader thread."""
        return await self.app.state.manager.writer.read(fn, self.engine, *args)

    async def write(self, fn: Any, *args: Any) -> Any:
        """``fn(engine, *args)`` in the writer's queue."""
        return await self.app.state.manager.writer.call(fn, self.engine, *args)
