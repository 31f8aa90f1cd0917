"""The games' fast evaluation hooks (``games/<game>/evaluate.py``) against the frozen view-based path.

``State.evaluate`` must give the values the bots' old view-based heuristics gave (``view_reference.py``) on many
positions of every game and player count, ``State.sample_chance`` the outcome the old list walk gave for the same
random number, and ``State.features`` a vector of the documented length with finite entries.
"""

from __future__ import annotations

import math
import random

import pytest

import museion
from museion.bots.greedy import greedy_action
from museion.core.game import State
from museion.core.registry import entry

from . import view_reference
from .conftest import CONFIGS, IDS

POSITIONS_PER_CONFIG = 1500


def _positions(game: museion.Game, count: int) -> tuple[list[State], list[State]]:
    """Decision and chance positions from seeded games: random play and epsilon-greedy play (longer, tighter
    games with full columns, big burial groups and displayed collections)."""
    decisions: list[State] = []
    chances: list[State] = []
    seed = 0
    while len(decisions) < count:
        rng = random.Random(seed)
        state = game.new_initial_state()
        greedy = seed % 2 == 1
        while not state.is_terminal():
            if state.is_chance_node():
                chances.append(state.clone())
                state.apply_action(state.sample_chance(rng))
                continue
            decisions.append(state.clone())
            player = state.current_player()
            if greedy:
                action = greedy_action(state, player, rng, epsilon=0.2)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
        decisions.append(state)  # the final position too
        seed += 1
    return decisions, chances


@pytest.fixture(scope="module", params=CONFIGS, ids=IDS)
def positions(request: pytest.FixtureRequest) -> tuple[museion.Game, list[State], list[State]]:
    name, options = request.param
    game = museion.load(name, **options)
    return (game, *_positions(game, POSITIONS_PER_CONFIG))


def test_fast_evaluation_equals_the_view_based_one(positions: tuple) -> None:
    game, decisions, _ = positions
    if game.name not in view_reference.HEURISTICS:
        pytest.skip(f"{game.name} had no view-based heuristic")
    checked = 0
    for state in decisions:
        for player in range(game.num_players()):
            fast = entry(state.game).evaluator.evaluate(state, player)
            slow = view_reference.evaluate(state, player)
            assert fast == pytest.approx(slow, abs=1e-9), (state.history(), player)
            checked += 1
    assert checked >= POSITIONS_PER_CONFIG * game.num_players()


CHANCE_CONFIGS = [("tholos", {"advanced": True, "ornaments": 5, "start_player": "random"}),
                  ("imhotep", {"players": 3, "start_player": "random"}),
                  ("pergamon", {"players": 4, "start_player": "random"}), ("pergamon", {"players": 2})]


@pytest.mark.parametrize(("name", "options"), CHANCE_CONFIGS)
def test_direct_chance_draws_equal_the_outcome_list_walk(name: str, options: dict) -> None:
    _, chances = _positions(museion.load(name, **options), 300)
    assert len({state.current_player() for state in chances}) == 1 and len(chances) > 5
    for i, state in enumerate(chances[:3000]):
        for k in range(3):
            seed = 1000 * i + k
            assert state.sample_chance(random.Random(seed)) == view_reference.sample_chance_from_list(
                state, random.Random(seed))


def test_features_have_the_documented_length_and_finite_values(positions: tuple) -> None:
    game, decisions, _ = positions
    names = game.feature_names()
    assert len(names) == len(set(names))
    for state in decisions[::7]:
        for player in range(game.num_players()):
            values = entry(state.game).evaluator.features(state, player)
            assert len(values) == len(names)
            assert all(math.isfinite(v) for v in values)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_determined_states_resample_to_themselves(name: str, options: dict) -> None:
    """``determined_for(p)`` promises that every resample for ``p`` is the state itself (searching bots then
    replay tree edges unchecked); where it says not, some resample differs."""
    game = museion.load(name, **options)
    decisions, _ = _positions(game, 300)
    undetermined = 0
    for i, state in enumerate(decisions[:-1]):
        player = state.current_player()
        samples = [entry(state.game).observer.resample(state, player, random.Random(100 * i + k)) for k in range(4)]
        if entry(state.game).observer.determined_for(state, player):
            assert all(s == state for s in samples)
        else:
            undetermined += 1
    if not game.hidden_information:
        assert undetermined == 0
