"""Observation tensors stay identical in every value: digests of ``observation_tensor`` for every seat on many
random positions, recorded once with the code before the observation layouts were declared as named pieces
(``PYTHONPATH=<that tree>/src python tests/games/test_observation_golden.py > tests/games/golden/observations.json``).
A change of layout on purpose re-records the file in the same commit and says so."""
import hashlib
import json
import random
import struct
from pathlib import Path

import pytest

import museion

GOLDEN = Path(__file__).parent / "golden" / "observations.json"

CONFIGS = [("tholos", {}), ("tholos", {"advanced": True}), ("imhotep", {"players": 2}), ("imhotep", {"players": 3}),
           ("imhotep", {"players": 4, "wrath": True}), ("pergamon", {"players": 2}), ("pergamon", {"players": 3}),
           ("pergamon", {"players": 4})]


def digests(name, options, games=6, seed=0):
    game = museion.load(name, **options)
    rng = random.Random(seed)
    h = hashlib.sha256()
    positions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while True:
            for p in range(game.num_players()):
                t = state.observation_tensor(p)
                h.update(struct.pack(f"<{len(t)}d", *t))
            positions += 1
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    return {"game": name, "options": options, "positions": positions, "size": game.observation_tensor_size(),
            "sha256": h.hexdigest()}


@pytest.mark.parametrize("recorded", json.loads(GOLDEN.read_text()), ids=lambda r: f"{r['game']}-{r['options']}")
def test_observation_tensors_match_the_recorded_ones(recorded):
    assert digests(recorded["game"], recorded["options"]) == recorded


def test_the_docs_show_the_declared_tholos_layout():
    from museion.games.tholos.view import OBSERVATION

    docs = (Path(__file__).parents[2] / "docs" / "rl.md").read_text()
    assert OBSERVATION.table() in docs and f"({OBSERVATION.size} floats)" in docs
    assert museion.load("tholos").observation_tensor_size() == OBSERVATION.size


if __name__ == "__main__":
    print(json.dumps([digests(n, o) for n, o in CONFIGS], indent=1))
