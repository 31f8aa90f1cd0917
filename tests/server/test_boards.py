"""Each game's web board is served from the game's own folder, at /games/<game>/board.js: the file its descriptor
names, found by the game's name only (the client never names a file)."""

from __future__ import annotations

import re
import urllib.error
import urllib.request

from museion.core.descriptor import descriptors


def _get(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.headers.get("Content-Type", ""), answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers.get("Content-Type", ""), refused.read()


def test_every_game_with_a_board_serves_the_file_its_descriptor_names(server):
    boards = {name: d.path(d.board) for name, d in descriptors().items() if d.board}
    assert {"tholos", "imhotep", "pergamon"} <= set(boards)
    for name, path in boards.items():
        status, kind, body = _get(f"{server.url}/games/{name}/board.js")
        assert (status, kind.split(";")[0]) == (200, "text/javascript"), name
        assert path is not None and body == path.read_bytes()


def test_an_unknown_game_or_a_path_gets_no_file(server):
    for name in ("nope", "..", "%2e%2e%2fserver", "tholos%2f..%2f..%2fserver"):
        status, kind, body = _get(f"{server.url}/games/{name}/board.js")
        assert status == 404 and b"import" not in body, name


def test_the_files_beside_a_board_are_served_by_name_only(server):
    """A board's stylesheet (and pictures) sit beside its module and are served at /games/<game>/<file>; nothing
    else of the game's folder is: no Python, no data, no path."""
    folder = descriptors()["pergamon"].path(descriptors()["pergamon"].board).parent
    status, kind, body = _get(f"{server.url}/games/pergamon/board.css")
    assert (status, kind.split(";")[0]) == (200, "text/css") and body == (folder / "board.css").read_bytes()
    for name, file in [("pergamon", "state.py"), ("pergamon", "bots.json"), ("pergamon", "..%2fstate.py"),
                       ("pergamon", "%2e%2e%2fbots.json"), ("pergamon", "nope.css"), ("nope", "board.css"),
                       ("tholos", "board.css")]:
        status, _kind, body = _get(f"{server.url}/games/{name}/{file}")
        assert status == 404 and b"import" not in body and b"\"error\"" in body, (name, file)


def test_every_stylesheet_a_board_names_is_beside_it():
    """A board module names its stylesheet relative to itself (``stylesheet: "board.css"``); boards/index.js loads
    it before the board first draws."""
    named = {name: re.findall(r'^\s*stylesheet: "([^"]+)"', path.read_text(), re.M)
             for name, found in descriptors().items() if found.board and (path := found.path(found.board))}
    assert named["pergamon"] == ["board.css"]
    for name, files in named.items():
        board = descriptors()[name].path(descriptors()[name].board)
        assert board is not None and all((board.parent / file).is_file() for file in files), name
