"""A real server (uvicorn subprocess) on loopback with a real SQLite file in a temporary directory."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from museion.server.testing import ServerProcess  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("srv") / "museion.db", bot_delay=0.01).start()
    yield proc
    proc.stop()
