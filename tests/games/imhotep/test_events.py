"""Imhotep's events (``State.events``): every point scored is reported, in the order it happens, to everyone."""

from __future__ import annotations

import pytest

import museion
from museion.core.observe import observe_history
from museion.core.play import random_game

POINTS = {"imhotep.pyramid_points": "points", "imhotep.temple_points": "points", "imhotep.final_score": "total"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_point_is_an_event_IMH_PYR_1_IMH_TEMPLE_3_IMH_END_1(players):
    """Pyramid points as stones arrive (IMH-PYR-1), temple points at each round's end (IMH-TEMPLE-3) and the
    final scoring (IMH-END-1) add up to the final scores; rounds and market cards are reported too."""
    for seed in range(3):
        final = random_game(museion.load("imhotep", players=players, wrath=seed == 1), seed)
        totals = [0] * players
        keys = []
        for step in observe_history(final):
            for event in step.events:
                assert event.audience is None  # Imhotep hides nothing
                keys.append(event.key)
                if event.key in POINTS:
                    totals[event.args["player"]] += event.args[POINTS[event.key]]
        assert totals == final.scores()
        assert keys.count("imhotep.round_begins") == keys.count("imhotep.round_over") == 6
        assert keys.count("imhotep.final_score") == players
        assert "imhotep.card_taken" in keys or "imhotep.red_card" in keys
