"""Bot accounts and personal API tokens (issue 41 item 2; docs/bot-api.md). ``install`` adds the routes and
puts bearer-token authentication into the accounts' service, so every route that reads a session reads a token
too (within the token's scopes: ``auth.needed``).

Modules: ``schema`` (the ``api_tokens`` table), ``tokens`` (the database), ``auth`` (the bearer check),
``routes`` (the API), ``texts`` (the words)."""

from __future__ import annotations

from fastapi import FastAPI

from museion.server.botapi import texts
from museion.server.botapi.auth import Bearer
from museion.server.botapi.routes import router


def install(app: FastAPI) -> None:
    """The token and bot routes, and bearer tokens for every route (after ``accounts.install``)."""
    assert texts.TEXTS
    app.state.accounts.bearer = Bearer(app)
    app.include_router(router(app, app.state.accounts))
