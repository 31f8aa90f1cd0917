"""Contract: hidden information and views, notation, rendering, observations, errors, conformance checker."""

from __future__ import annotations

import json
import random
import re

import pytest

import museion
from museion import IllegalActionError
from museion.core.check import check_game
from museion.core.play import random_game, random_playout
from museion.core.registry import entry
from museion.games.imhotep import actions as act

from .helpers import ROUND_CARDS, legal, new, play, round_start

PARTS = entry("imhotep")  # the game's parts (museion.core.parts): its observer, evaluator, events


def test_hidden_1_views_hold_no_draw_order_nor_remaining_round_cards():
    """IMH-HIDDEN-1: the draw pile order, the remaining round cards and the removed one are in no view; every
    thing else is public, so all seats see the same table."""
    state = round_start(3, card="4-3-2-1")
    views = [PARTS.observer.view(state, p) for p in (0, 1, 2, None)]
    for v in views:
        v.pop("viewer")
    assert all(v == views[0] for v in views)
    text = json.dumps(views[0])
    assert "4-3-2-1" in text
    for card in ROUND_CARDS[3]:
        if card != "4-3-2-1":
            assert card not in text  # not-yet-revealed round cards are not shown
    assert views[0]["draw_pile_size"] == 30
    assert not any(key.startswith("draw") and key != "draw_pile_size" for key in views[0])
    # nothing hidden is stored: every deal is still to be drawn at a chance node, so resample is a clone
    assert PARTS.observer.resample(state, 1, random.Random(3)) == state


def test_hidden_1_future_is_chance_not_state():
    """IMH-HIDDEN-1: two games with the same history are equal, whatever happens next (no stored shuffle)."""
    a, b = round_start(2), round_start(2)
    assert a == b and a.key() == b.key()
    random_playout(a, random.Random(1))
    random_playout(b, random.Random(2))
    assert a.history()[:5] == b.history()[:5]


def test_notation_round_trip_and_table():
    assert act.NUM_ACTIONS == 58
    assert act.PLAYER_NAMES[:2] == ("S", "P1.1") and act.PLAYER_NAMES[act.sail(0, 1)] == "V1>PYR"
    assert act.PLAYER_NAMES[act.place(1, 2)] == "P2.3"
    assert act.PLAYER_NAMES[act.CARD:act.PICK] == ("C:LEVER", "C:HAMMER", "C:SAIL", "C:CHISEL")
    assert act.PLAYER_NAMES[act.PICK + 7] == "M:STATUE" and act.PLAYER_NAMES[-1] == "PASS"
    state = round_start(2)
    for a in state.legal_actions():
        assert state.string_to_action(state.action_to_string(a).lower()) == a
    assert state.string_to_action(" p1 . 2 ") == act.place(0, 1)


def test_illegal_actions_raise_and_leave_the_state_unchanged():
    state = round_start(2, card="4-3-2-1")
    key = state.key()
    with pytest.raises(IllegalActionError, match="legal: 0=S, 1=P1.1"):
        state.apply_action(act.sail(0, 0))
    with pytest.raises(IllegalActionError, match="ship 1 needs at least 3 stones to sail; it has 0; legal: S, P1.1"):
        state.string_to_action("V1>PYR")
    with pytest.raises(IllegalActionError):
        state.string_to_action("R:4-3-2-2")
    with pytest.raises(IllegalActionError):
        state.apply_action(999)
    assert state.key() == key
    state = new(2)
    with pytest.raises(IllegalActionError, match="legal: R:4-3-2-2, R:4-3-3-1"):
        state.string_to_action("S")


def test_render_text_shows_the_table():
    state = round_start(3, card="4-3-2-1", market=("STATUE", "LEVER", "DECO_PYR", "SAIL"))
    play(state, "P1.2", "P4.1", "V4>PYR")
    text = str(state)
    assert "Imhotep, 3 players" in text and "round 1/6 (ships 4-3-2-1)" in text
    assert "[. K . .]" in text and "docked at the pyramid" in text
    assert "Deco: pyramid · Statue · Lever · Sail" in text and "DECO_PYR" not in text  # words, not codes
    assert re.search(r"White\s+\(W\)\s+2\s", text)
    end = random_game(museion.load("imhotep", players=4, wrath=True), 5)
    assert "game over" in str(end) and "FINAL SCORING" in str(end)


@pytest.mark.parametrize("players", [2, 3, 4])

def test_observation_tensor_fixed_size_and_relative(players):
    game = museion.load("imhotep", players=players)
    size = game.observation_tensor_size()
    state = game.new_initial_state()
    rng = random.Random(players)
    while not state.is_terminal():
        for p in range(players):
            obs = PARTS.observer.observation_tensor(state, p)
            assert len(obs) == size and all(isinstance(x, float) for x in obs)
        legal_now = state.legal_actions()
        state.apply_action(legal_now[rng.randrange(len(legal_now))])
    # block 0 is always the observer: its sled entry is the observer's sled / 5
    for p in range(players):
        assert PARTS.observer.observation_tensor(state, p)[1] == state.sled[p] / 5


def test_json_round_trip_and_record():
    state = random_game(museion.load("imhotep", players=3, start_player="random"), 11)
    back = state.game.state_from_json(state.to_json())
    assert back == state and back.scores() == state.scores()
    rec = museion.Record.from_state(state)
    assert rec.notation[0].startswith("F:") and rec.notation[1].startswith("R:")


def test_max_game_length_bound_holds():
    """The proven bound (its proof is the docstring; the values are those docs/imhotep.md gives) holds."""
    for players, bound in ((2, 1081), (3, 1453), (4, 1835)):
        game = museion.load("imhotep", players=players)
        assert game.max_game_length() == bound
        longest = max(len(random_game(game, seed).history()) for seed in range(20))
        assert longest < bound


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("wrath", [False, True])
def test_check_game(players, wrath):
    """The conformance checker on a few seeded random games of every configuration."""
    report = check_game(museion.load("imhotep", players=players, wrath=wrath), games=2, seed=players)
    assert report.games == 2 and report.steps > 200


def test_check_game_random_start():
    report = check_game(museion.load("imhotep", players=4, start_player="random"), games=1, seed=9)
    assert report.games == 1


def test_registered():
    assert "imhotep" in museion.available_games()
    from museion.core.registry import entry

    assert "IMH-OBEL-2" in entry("imhotep").rules
    assert legal(round_start(2))[0] == "S"


def _hoarding_policy(state, rng):
    """Place and take stones, never sail to the market: players run out of stones, so IMH-ACT-PASS happens."""
    names = {state.action_to_string(a): a for a in state.legal_actions()}
    places = [a for n, a in names.items() if n.startswith("P")]
    sails = [a for n, a in names.items() if n.startswith("V") and not n.endswith("MKT")]
    if places and rng.random() < 0.8:
        return rng.choice(places)
    if "S" in names and rng.random() < 0.8:
        return names["S"]
    if sails:
        return rng.choice(sails)
    return rng.choice(list(names.values()))


def test_act_pass_in_real_play_passes_the_conformance_checks():
    """IMH-ACT-PASS in a real game (seeded, found by search): passes and a round ended by everyone passing;
    every contract check holds at every step (clone, JSON replay, notation, views, invariants)."""
    from museion.core.check import check_state
    from museion.core.play import sample_chance

    game = museion.load("imhotep", players=2)
    rng, checks = random.Random(1390), random.Random(0)
    state = game.new_initial_state()
    passes = ended_by_passing = 0
    while not state.is_terminal():
        check_state(state, checks)
        action = sample_chance(state, rng) if state.is_chance_node() else _hoarding_policy(state, rng)
        is_pass = not state.is_chance_node() and state.action_to_string(action) == "PASS"
        before = state.rounds_played
        state.apply_action(action)
        passes += is_pass
        ended_by_passing += is_pass and state.rounds_played > before
    check_state(state, checks)
    assert passes >= 2 and ended_by_passing == 1
    assert state.rounds_played == 6


def test_invariant_checker_reports_broken_states_IMH_INV_1_IMH_INV_2_IMH_INV_3():
    """IMH-INV-1/2/3: the checker itself notices lost stones, an overfull sled, lost or miscounted cards, a held red
    card, a miscounted ship, too many rounds, a game ended early."""
    from museion.core.game import TERMINAL

    from .helpers import round_start

    state = round_start(2, card="4-3-2-1")
    assert state.invariant_violations() == []

    def broken(**fields):
        other = state.clone()
        for name, value in fields.items():
            setattr(other, name, value)
        return other.invariant_violations()

    assert broken(quarry=[26, 26]) == ["black has 28 stones, expected 29"]
    assert broken(sled=[6, 3], quarry=[23, 26]) == ["black: sled 6, quarry 23"]
    assert broken(draw_pile_size=state.draw_pile_size - 1) == [
        "33 market cards in the game, expected 34", "card counts out of step"]
    assert broken(market=[5, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0]) == ["card counts out of step"]
    held = state.clone()
    held.hands[0] += 1
    held.draw_pile[0] -= 1
    held.draw_pile_size -= 1
    assert held.invariant_violations() == ["a red card is held"]
    assert broken(ship_loads=[1, 0, 0, 0]) == ["ship loads out of step"]
    assert broken(rounds_played=7) == ["7 rounds played, 1 round cards revealed"]
    assert broken(to_move=TERMINAL) == ["the game ended after 0 rounds"]


def test_evaluate_hooks_hand_the_state_and_the_seat_asked_to_evaluate_py():
    """The evaluator's ``evaluate`` and ``features`` (``entry(game).evaluator``, the bots' hooks) are
    games/imhotep/evaluate.py's, for the seat asked."""
    from museion.games.imhotep import evaluate as ev

    rng = random.Random(5)
    state = museion.load("imhotep", players=3).new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node():
            for player in range(3):
                assert PARTS.evaluator.evaluate(state, player) == ev.evaluate(state, player)
                assert PARTS.evaluator.features(state, player) == ev.seat_features(state)[player]
        state.apply_action(rng.choice(state.legal_actions()))
    assert len({tuple(PARTS.evaluator.features(state, p)) for p in range(3)}) == 3
