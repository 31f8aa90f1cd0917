"""Each game's web board is served from the game's own folder, at /games/<game>/board.js: the file its descriptor
names, found by the game's name only (the client never names a file)."""

from __future__ import annotations

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
