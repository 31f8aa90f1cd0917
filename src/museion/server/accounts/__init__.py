"""Accounts (optional: a guest still plays by link): sign-up, sessions, recovery codes, the account's data and
its deletion, and the pages for them. ``install`` adds all of it to the application (``server/app.py``).

Modules: ``passwords`` (the rules and the hashes), ``throttle`` (guesses held back), ``store`` (the database),
``routes`` (the API), ``totp`` and ``totp_routes`` (the optional second factor), ``pages`` (the HTML pages),
``texts`` (their words in English and Spanish), ``cli``
(``museion admin``)."""

from __future__ import annotations

import threading
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from museion.server.accounts import pages, passwords, texts, totp_routes
from museion.server.accounts.routes import AccountError, Accounts, router


def install(app: FastAPI) -> None:
    """The account API, its error answers and its pages."""
    service = app.state.accounts = Accounts(app)
    threading.Thread(target=passwords.dummy_hash, name="museion-dummy-hash", daemon=True).start()  # made once, early
    app.include_router(router(service))
    app.include_router(totp_routes.router(service))
    pages.install(app)
    assert texts.TEXTS  # the pages' words are in the catalogue (GET /api/texts)

    @app.exception_handler(AccountError)
    async def account_error(_request: Request, exc: AccountError) -> JSONResponse:
        body: dict[str, Any] = {"error": exc.code, "message": str(exc)}
        if exc.reason is not None:
            body["reason"] = exc.reason
        headers = {} if exc.retry_after is None else {"Retry-After": f"{exc.retry_after:.0f}"}
        if exc.retry_after is not None:
            body["retry_after"] = round(exc.retry_after)
        return JSONResponse(body, status_code=exc.status, headers=headers)
