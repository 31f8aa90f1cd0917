"""Tholos's events (``State.events``) and the observation's colour bit (which colour the agent plays)."""

from __future__ import annotations

import museion
from museion.core.observe import observe_history
from museion.core.play import random_game
from museion.core.registry import entry
from museion.games.tholos.view import OBSERVATION_SIZE

PARTS = entry("tholos")  # the game's parts (museion.core.parts): its observer, evaluator, events


def test_the_final_scoring_is_reported_THO_SCORE_1_THO_SCORE_3():
    """THO-SCORE-1..3: when the temple is full every column's result and both totals are told."""
    for seed in range(5):
        final = random_game(museion.load("tholos", advanced=seed % 2 == 1), seed)
        steps = observe_history(final)
        last = [e for e in steps[-1].events if e.key != "tholos.column_full"]
        results = final.column_results()
        assert len(last) == 7 + 2
        for event, (winner, points) in zip(last[:7], results, strict=True):
            if winner < 0:
                assert event.key == "tholos.column_tied"
            else:
                assert event.key == "tholos.column_won" and event.args["player"] == winner
                assert event.args["points"] == points
        assert [e.args["points"] for e in last[7:]] == final.scores()
        assert all(not step.events for step in steps[:-1] if step.player is None)
        full = [e for step in steps for e in step.events if e.key == "tholos.column_full"]
        assert full  # columns completing along the way are reported


def test_the_observation_says_which_colour_the_agent_plays():
    """Action ids name colours absolutely (``PC:W``) while the board encoding is own/rival: White opening a game
    and Black opening one (``start_player="black"``) saw the same tensor with different legal ids. The last two
    entries are the agent's colour, White then Black, and now tell them apart."""
    white_opens = museion.load("tholos").new_initial_state()
    black_opens = museion.load("tholos", start_player="black").new_initial_state()
    white, black = PARTS.observer.observation_tensor(white_opens, 0), PARTS.observer.observation_tensor(black_opens, 1)
    assert len(white) == OBSERVATION_SIZE == 224
    assert white_opens.legal_actions() != black_opens.legal_actions()
    assert white[:-2] == black[:-2]  # the same position, seen from the side to move
    assert white[-2:] == [1.0, 0.0] and black[-2:] == [0.0, 1.0]

