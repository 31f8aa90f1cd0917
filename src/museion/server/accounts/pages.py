"""The account pages: sign up, sign in, recover, the account itself and the privacy notice. One HTML shell
(``web/account.html``); its script (``web/js/account.js``) draws the page the path names, its texts from the
catalogue like every other page."""

from __future__ import annotations

import pathlib

from fastapi import FastAPI
from fastapi.responses import FileResponse

WEB = pathlib.Path(__file__).resolve().parents[2] / "web"
PATHS = ("/signup", "/signin", "/recover", "/account", "/privacy")


def install(app: FastAPI) -> None:
    for path in PATHS:
        app.add_api_route(path, page, include_in_schema=False)


async def page() -> FileResponse:
    return FileResponse(WEB / "account.html")
