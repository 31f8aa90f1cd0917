"""``museion.client.from_openspiel`` (issue 41 item 3): an OpenSpiel bot plays a seat through the client's policy,
on the state the client rebuilt from the seat's log alone. At every turn of seeded random games, the pyspiel state
the policy hands the bot offers exactly the museion legal action ids (the adapter's ids are the engine's), and a
real OpenSpiel bot (pyspiel's uniform random bot) only ever answers a legal move."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import museion  # noqa: E402
from museion.client import from_openspiel  # noqa: E402
from museion.client.policies import Turn  # noqa: E402
from museion.client.seat import SeatGame  # noqa: E402
from museion.core.observe import observe_step  # noqa: E402

GAMES = [("tholos", {}), ("pergamon", {"players": 2})]


class Recorder:
    """An OpenSpiel bot that records the legal actions of the pyspiel state it is given, then plays one."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seen: list[list[int]] = []

    def step(self, state) -> int:  # noqa: ANN001 - a pyspiel state
        legal = state.legal_actions()
        self.seen.append(sorted(legal))
        return self.rng.choice(legal)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_an_openspiel_bot_plays_a_seat_on_the_rebuilt_state(name, options):
    recorder = Recorder(0)
    policies = [from_openspiel(recorder), from_openspiel(pyspiel.make_uniform_random_bot(1, 7))]
    rng = random.Random(3)
    state = museion.load(name, **options).new_initial_state()
    seats = [SeatGame(name, options, seat, seed=3) for seat in range(2)]
    asked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            seat = state.current_player()
            legal = state.legal_actions()
            action = policies[seat](Turn("t", name, seat, seats[seat].state, legal, {}))
            assert action in legal
            if seat == 0:
                assert recorder.seen[-1] == sorted(legal)  # the bot saw the true legal moves
            asked += 1
        step = observe_step(state, action)
        state.apply_action(action)
        for seat_game in seats:
            seat_game.update([step.entry(seat_game.seat)], False, len(seat_game.seen))
    assert asked > 20 and len(recorder.seen) > 10
