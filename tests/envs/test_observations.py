"""The adapters' observation arrays (``museion.envs._common.Observations``) are the game's ``observation_tensor``."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

import museion  # noqa: E402
from museion.core.registry import entry  # noqa: E402
from museion.envs._common import Observations  # noqa: E402
from tests.envs.configs import CONFIGS, IDS  # noqa: E402


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_observations_are_the_tensor_fresh_and_read_only(name, options):
    """Every 7th position of a random game, every seat: the array (from the view's ``observation_entries`` and
    ``observation_fixed`` where it has them, else the packed list) equals the tensor as ``float32``; ``write``
    gives the same into a used buffer; each call returns a new read-only array."""
    game = museion.load(name, **options)
    observations, tensor = Observations(game), entry(game).observer.observation_tensor
    state, rng = game.new_initial_state(), random.Random(5)
    buffer = np.full(observations.size, 0.5, dtype=np.float32)
    while not state.is_terminal():
        if state.move_number() % 7 == 0:
            for player in range(game.num_players()):
                expected = np.asarray(tensor(state, player), dtype=np.float32)
                first, second = observations.observation(state, player), observations.observation(state, player)
                assert np.array_equal(first, expected) and first.dtype == np.float32
                assert not first.flags.writeable and not np.shares_memory(first, second)
                observations.write(buffer, state, player)
                assert np.array_equal(buffer, expected)
        if state.is_chance_node():
            state.apply_chance(rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
