"""Browser tests: a real server subprocess (SQLite file in a tmp dir) and Debian's Chromium via Playwright."""

from __future__ import annotations

import os
import pathlib

import pytest

pytest.importorskip("fastapi")
playwright = pytest.importorskip("playwright.sync_api")

from museion.server.testing import ServerProcess  # noqa: E402

CHROMIUM = os.environ.get("MUSEION_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run"]
SCREENSHOTS = pathlib.Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("web") / "museion.db", bot_delay=0.01).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def browser():
    if not pathlib.Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)")
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def shots() -> pathlib.Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
