"""The game-agnostic core: registry, options, records, JSON round-trips, errors, and the one API every game's parts
are reached through (``museion.core.registry.entry``)."""

from __future__ import annotations

import json
import random

import pytest

import museion
from museion import IllegalActionError, OptionError, Record
from museion.core.check import check_state
from museion.core.events import Event
from museion.core.explain import Explainer, explainer
from museion.core.parts import Evaluator, Observer
from museion.core.play import random_game, sample_chance
from museion.core.registry import entry


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


MOVED = ("view", "observation_tensor", "resample", "determined_for", "events", "evaluate", "features",
         "seat_features", "remaining_decisions", "render_text")
"""What a ``State`` does not do: the observer, the events, the evaluator and the text renderer are parts of their
own."""


def test_the_state_holds_the_rules_only():
    assert [name for name in MOVED if hasattr(museion.State, name)] == []
    assert not hasattr(Explainer, "render_text")  # one text renderer: the descriptor's
    for name in museion.available_games():
        cls = museion.load(name).state_class
        assert [m for m in MOVED if hasattr(cls, m)] == [], name


@pytest.mark.parametrize("name", museion.available_games())
def test_every_game_answers_the_same_api(name):
    """Every installed game, the example's too, through the one way in: ``entry(game)``. The parts keep their
    promises along a random game: a JSON view for every seat and a spectator, a tensor of the declared size in
    [0, 1], a resample the seat cannot tell apart, one evaluation and one feature vector per seat, events with texts,
    and ``str(state)`` is the descriptor's ``render_text``."""
    game = museion.load(name)
    parts = entry(game)
    assert entry(name) is parts and isinstance(parts.observer, Observer) and isinstance(parts.evaluator, Evaluator)
    assert parts.explainer is explainer(game)
    n = game.num_players()
    rng = random.Random(3)
    state = game.new_initial_state()
    for _ in range(40):
        for seat in [*range(n), None]:
            json.dumps(parts.observer.view(state, seat))
        for seat in range(n):
            tensor = parts.observer.observation_tensor(state, seat)
            assert len(tensor) == game.observation_tensor_size() and all(0.0 <= x <= 1.0 for x in tensor)
            other = parts.observer.resample(state, seat, random.Random(seat))
            assert parts.observer.view(other, seat) == parts.observer.view(state, seat)
            assert parts.observer.determined_for(state, seat) in (True, False)
            assert len(parts.evaluator.evaluate(state, seat)) == n
            assert len(parts.evaluator.features(state, seat)) == len(game.feature_names())
        assert [len(f) for f in parts.evaluator.seat_features(state)] == [len(game.feature_names())] * n
        assert str(state) == parts.render_text(state) == parts.render_text(state, None, "en")
        if state.is_terminal():
            break
        action = sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        happened = parts.events(state, action)
        assert all(isinstance(e, Event) for e in happened)
        state.apply_action(action)
