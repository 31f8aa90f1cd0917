"""Game options that name a file (Pergamon's ``tables``): a server reads only the files its operator offers with
``museion serve --tables-dir DIR``, by name; stored tables keep the data, so they survive the file's removal."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

from museion.games.pergamon.tables import RECONSTRUCTED_FILE
from museion.server.testing import GENEROUS, ServerProcess, http

BANDS = [{"first": 1, "last": 12, "vp": 1}, {"first": 13, "last": 24, "vp": 5}]


def test_no_files_unless_the_operator_offers_them(server):
    with tempfile.TemporaryDirectory(prefix="m", dir="/tmp") as short:
        # The real file under a short absolute name: the checkout's own path may exceed the 64 characters an
        # option value may have, and the request model would refuse it before the option is read.
        readable = Path(short) / RECONSTRUCTED_FILE.name
        readable.symlink_to(RECONSTRUCTED_FILE)
        assert_files_refused(server, ("printed.json", "/etc/passwd", str(readable)))
    status, data = http("POST", f"{server.url}/api/games/pergamon/check", {"options": {"tables": None}})
    assert status == 200 and data["options"]["tables"] is None
    assert_no_inline_data(server.url)


def assert_files_refused(server: ServerProcess, values: tuple[str, ...]) -> None:
    """Every file name, existing or not, gets ``bad_options`` naming ``--tables-dir``."""
    for value in values:
        for url, body in ((f"{server.url}/api/tables", {"game": "pergamon", "seats": ["human", "human"]}),
                          (f"{server.url}/api/games/pergamon/check", {})):
            status, data = http("POST", url, {**body, "options": {"tables": value}})
            assert status == 400 and data["error"] == "bad_options", data
            assert "this server reads no files for its clients" in data["message"]
            assert "--tables-dir" in data["message"]


def assert_no_inline_data(url: str) -> None:
    """Table data sent inline is refused by the request model itself (an option value is a scalar or a flat
    object of small numbers), before any game sees it."""
    for path, body in (("/api/tables", {"game": "pergamon", "seats": ["human", "human"]}),
                       ("/api/games/pergamon/check", {})):
        status, data = http("POST", url + path, {**body, "options": {"tables": {"museum_bands": BANDS}}})
        assert status == 400 and data["error"] == "bad_request" and "options.tables" in data["message"], data


@pytest.fixture(scope="module")
def offering_server(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("tables")
    (folder / "printed.json").write_text(json.dumps({"name": "printed bands", "museum_bands": BANDS}))
    (folder / "broken.json").write_text(json.dumps({"name": "broken", "museum_bands": BANDS[:1]}))
    (folder / "notes.txt").write_text("not offered")
    proc = ServerProcess(tmp_path_factory.mktemp("srv") / "museion.db", bot_delay=0.01,
                         args=(*GENEROUS, "--tables-dir", str(folder))).start()
    yield proc, folder
    proc.stop()


def test_offered_files_by_name_only(offering_server):
    server, folder = offering_server
    url = f"{server.url}/api/tables"
    body = {"game": "pergamon", "seats": ["human", "bot:random"]}
    assert_no_inline_data(server.url)
    for value in ("notes.txt", "../printed.json", str(folder / "printed.json"), 3):
        status, data = http("POST", url, {**body, "options": {"tables": value}})
        assert status == 400 and data["error"] == "bad_options", value
        assert "allowed: the name of a file the server offers: broken.json, printed.json" in data["message"]
    status, data = http("POST", url, {**body, "options": {"tables": "broken.json"}})
    assert status == 400 and "no band covers space 13" in data["message"]
    status, table = http("POST", url, {**body, "options": {"tables": "printed.json"}})
    assert status == 201 and table["options"]["tables"]["museum_bands"] == BANDS
    (folder / "printed.json").unlink()  # the table keeps the data: a restart replays it without the file
    server.kill()
    server.start()
    status, again = http("GET", f"{server.url}/api/tables/{table['id']}")
    assert status == 200 and again["options"]["tables"]["name"] == "printed bands"
