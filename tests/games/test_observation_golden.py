"""Observation tensors stay identical in every value: digests of ``observation_tensor`` for every seat on many
random positions, recorded once with the code before the observation layouts were declared as named pieces
(``PYTHONPATH=<that tree>/src python tests/games/test_observation_golden.py > tests/games/golden/observations.json``).
A change of layout on purpose re-records the file in the same commit and says so."""
import hashlib
import json
import random
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import museion
from museion.core.registry import entry

GOLDEN = Path(__file__).parent / "golden" / "observations.json"

CONFIGS = [("tholos", {}), ("tholos", {"advanced": True}), ("imhotep", {"players": 2}), ("imhotep", {"players": 3}),
           ("imhotep", {"players": 4, "wrath": True}), ("pergamon", {"players": 2}), ("pergamon", {"players": 3}),
           ("pergamon", {"players": 4})]


def digests(name, options, games=6, seed=0):
    game = museion.load(name, **options)
    rng = random.Random(seed)
    h = hashlib.sha256()
    observer = entry(game).observer
    positions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while True:
            for p in range(game.num_players()):
                t = observer.observation_tensor(state, p)
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


def test_the_docs_show_the_declared_layouts():
    """docs/rl.md's layout tables are the ones generated from the games' declarations."""
    tool = Path(__file__).parents[2] / "tools" / "generate_observation_docs.py"
    done = subprocess.run([sys.executable, str(tool), "--check"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=lambda x: str(x))
def test_the_tensor_size_is_the_declared_layout_size(name, options):
    from museion.games.imhotep.view import observation_layout as imhotep_layout
    from museion.games.pergamon.view import observation_layout as pergamon_layout
    from museion.games.tholos.view import OBSERVATION

    game = museion.load(name, **options)
    declared = {"tholos": lambda n: OBSERVATION, "imhotep": imhotep_layout, "pergamon": pergamon_layout}[name]
    size = declared(game.num_players()).size
    tensor = entry(game).observer.observation_tensor(game.new_initial_state(), 0)
    assert game.observation_tensor_size() == size == len(tensor)


if __name__ == "__main__":
    print(json.dumps([digests(n, o) for n, o in CONFIGS], indent=1))
