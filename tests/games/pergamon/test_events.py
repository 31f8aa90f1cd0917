"""What each Pergamon observer learns from each action (``observed_action``) and the events a step causes, with
their audiences (PER-HIDDEN-1, PER-FUNDS-2, PER-EVAL-4, PER-RAIDER-3)."""

from __future__ import annotations

import random

import pytest

from museion.core.observe import observe_history
from museion.core.play import random_game
from museion.core.registry import entry
from museion.games.pergamon.data import RAIDER

from .helpers import deal, game, lay_out, place

PARTS = entry("pergamon")  # the game's parts (museion.core.parts): its observer, evaluator, events


def test_a_face_down_card_is_observed_by_its_back_only_PER_HIDDEN_1():
    """PER-HIDDEN-1: everyone, spectators included, learns only the back of a drawn funds card."""
    state = lay_out(game(3).new_initial_state())
    for _ in range(2):
        for v in state.legal_actions():
            seen = {state.observed_action(v, o) for o in (0, 1, 2, None)}
            assert seen == {"card bag" if v + 1 <= 4 else "card chest"}
            assert state.action_to_string(v) == f"card {v + 1}"  # the full record still knows the value
        state.apply_action(state.legal_actions()[0])


def test_the_placement_that_reveals_the_cards_carries_their_values_PER_FUNDS_2():
    """PER-FUNDS-2: the cards are revealed when the last figure is placed; that step is observed with the values,
    so a player's observations, concatenated, record everything the player learned."""
    state = deal(lay_out(game(3).new_initial_state()), 2, 7)
    assert state.observed_action(state.string_to_action("P2"), 1) == "P2"
    place(state, "P2", "P13")
    last = state.string_to_action("P12")
    assert {state.observed_action(last, o) for o in (0, 1, 2, None)} == {"P12 (cards 2 7)"}
    events = PARTS.events(state, last)
    assert events[0].key == "pergamon.cards_revealed" and events[0].args == {"first": 2, "second": 7, "total": 9}
    before = state.coins[:]
    place(state, "P12")
    payouts = {e.args["player"]: e.args["coins"] for e in events if e.key == "pergamon.payout"}
    assert payouts == {p: state.coins[p] - before[p] for p in range(3)}
    assert [e.args["player"] for e in events if e.key == "pergamon.payout"] == [0, 2, 1]  # right to left
    assert all(e.audience is None for e in events)


def _vp_events(state):
    return [(step, e) for step in observe_history(state) for e in step.events if e.key.startswith("pergamon.vp_")]


@pytest.mark.parametrize("players", [2, 3, 4])

def test_vp_gains_are_told_only_to_their_owner_PER_EVAL_4(players):
    """PER-EVAL-4: every VP gain is an event (they add up to the final VP) and goes only to its owner while VP are
    hidden; the step that ends the game tells everyone."""
    for seed in range(4):
        final = random_game(game(players), seed)
        totals = [0] * players
        for step, event in _vp_events(final):
            totals[event.args["player"]] += event.args["vp"]
            ends = step.n == len(final.history()) - 1
            assert event.audience == (None if ends else (event.args["player"],))
            assert event.visible_to(event.args["player"]) and not event.visible_to(None) or ends
        assert totals == final.victory_points


def test_open_scores_tell_everyone_PER_EVAL_4():
    final = random_game(game(3, open_scores=True), 1)
    events = _vp_events(final)
    assert events and all(e.audience is None for _, e in events)


def test_the_tomb_raider_is_reported_PER_RAIDER_3():
    """PER-RAIDER-1..3: where the raider goes, what he is paid and what he loots add up to his coins."""
    for seed in range(3):
        final = random_game(game(2), seed)
        coins = 0
        keys = set()
        for step in observe_history(final):
            for e in step.events:
                keys.add(e.key)
                coins += e.args["coins"] if e.key == "pergamon.raider_payout" else 0
                coins -= e.args["coins"] if e.key == "pergamon.raider_loots" else 0
        assert coins == final.coins[RAIDER]
        assert {"pergamon.raider_placed", "pergamon.raider_payout", "pergamon.raider_loots"} <= keys


def test_evaluations_prizes_and_the_end_are_reported_PER_EVAL_1_PER_EVAL_2_PER_END_1():
    final = random_game(game(3), 2)
    events = [e for step in observe_history(final) for e in step.events]
    assert [e.args["turn"] for e in events if e.key == "pergamon.evaluation"] == [5, 7, 9, 12]
    assert [e.args["kind"] for e in events if e.key == "pergamon.evaluation"] == ["vase", "jug", "mask", "bracelet"]
    assert [e.args["spaces"] for e in events if e.key == "pergamon.museum_shift"] == [3, 4, 5]
    assert [e.args["turn"] for e in events if e.key == "pergamon.turn_begins"] == list(range(2, 13))
    oldest = [e.args for e in events if e.key == "pergamon.oldest_object"]
    assert [o["place"] for o in oldest] == list(range(1, len(oldest) + 1)) and len(oldest) <= 3


def test_events_leave_the_state_unchanged():
    state = game(2).new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        key, legal = state.key(), state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        PARTS.events(state, action)
        assert state.key() == key and state.legal_actions() == legal
        state.apply_action(action)


@pytest.mark.pure_only
def test_the_checker_catches_an_observation_that_hides_what_it_reveals_PER_HIDDEN_1(monkeypatch):
    """``museion check`` verifies the declaration: told ``P12`` without the values, the placement that reveals the
    cards would leave a player different views in states it cannot tell apart."""
    import museion
    from museion.core.check import check_game
    from museion.games.pergamon.state import PergamonState

    original = PergamonState.observed_action
    monkeypatch.setattr(PergamonState, "observed_action",
                        lambda self, action, observer: original(self, action, observer).split(" (cards")[0])
    with pytest.raises(museion.ConformanceError, match="the observation hides what it reveals"):
        check_game(game(2), games=2, seed=0)
