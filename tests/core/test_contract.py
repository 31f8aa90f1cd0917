"""The game-agnostic core: registry, options, records, JSON round-trips, errors."""

from __future__ import annotations

import json
import random

import pytest

import museion
from museion import IllegalActionError, OptionError, Record
from museion.core.check import check_state
from museion.core.play import random_game


def test_registry_lists_and_loads_games():
    assert "tholos" in museion.available_games()
    game = museion.load("tholos", advanced=True)
    assert game.num_players() == 2 and game.options["advanced"] is True
    assert game == museion.load("tholos", advanced=True)
    with pytest.raises(OptionError, match="allowed: true or false"):
        museion.load("tholos", advanced="true")  # strict: only a command line converts its flag words
    with pytest.raises(OptionError, match="unknown game 'go'; available: "):
        museion.load("go")


@pytest.mark.parametrize("name", museion.available_games())
def test_unknown_and_bad_options_are_refused(name):
    with pytest.raises(OptionError, match=f"unknown option 'bogus' for {name}; allowed: "):
        museion.load(name, bogus=1)
    with pytest.raises(OptionError, match="start_player"):
        museion.load(name, start_player="nobody")


@pytest.mark.parametrize("name", museion.available_games())
def test_json_round_trip_and_record(name, tmp_path):
    game = museion.load(name)
    state = random_game(game, seed=7)
    back = game.state_from_json(state.to_json())
    assert back == state and back.history() == state.history()
    record = Record.from_state(state, ["ann", "bob", "cy", "di"][: game.num_players()], seed=7)
    path = tmp_path / "r.json"
    record.save(path)
    loaded = Record.load(path)
    assert loaded.final_state() == state
    assert loaded.scores == state.scores() and loaded.winners == state.winners()
    assert len(loaded.notation) == len(loaded.actions)
    with pytest.raises(ValueError, match=f"state is for game 'other', not '{name}'"):
        game.state_from_json(json.dumps({"game": "other", "options": {}, "history": []}))


@pytest.mark.parametrize("name", museion.available_games())
def test_checker_accepts_random_positions(name):
    state = museion.load(name).new_initial_state()
    rng = random.Random(1)
    for _ in range(30):
        check_state(state, rng)
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


@pytest.mark.pure_only
def test_checker_catches_a_broken_game():
    """The checker is not a test that cannot fail: an engine that breaks conservation is caught."""
    from museion.core.check import check_game
    from museion.games.tholos.state import TholosState

    original = TholosState._take

    def leaky_take(self, action):
        original(self, action)
        self.quarry[2] += 1  # a stone from nowhere

    TholosState._take = leaky_take
    try:
        with pytest.raises(museion.ConformanceError, match="invariant violated") as info:
            check_game(museion.load("tholos"), games=3, seed=0)
        assert info.value.record["game"] == "tholos" and info.value.record["actions"]
        json.dumps(info.value.record)
    finally:
        TholosState._take = original


def test_illegal_action_message_lists_legal_moves():
    state = museion.load("tholos").new_initial_state()
    with pytest.raises(IllegalActionError, match=r"illegal action 120 \(x-\) for player 0; legal: 0=T1W"):
        state.apply_action(120)
    state.apply_action(0)
    assert state.legal_actions(player=0) == []
    assert state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("name", museion.available_games())
def test_every_game_accepts_its_player_count(name):
    """`--players N` works for every game (Tholos accepts only 2, with a clear error otherwise)."""
    n = museion.load(name).num_players()
    assert museion.load(name, players=n).num_players() == n
    with pytest.raises(OptionError, match="players"):
        museion.load(name, players=9)
