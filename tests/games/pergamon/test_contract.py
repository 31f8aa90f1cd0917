"""The game contract on Pergamon: the conformance checker (a smaller run of `museion check pergamon --games 1000`),
sizes, notation, rendering, registration, hidden information, invariants and illegal actions (PER-HIDDEN-1,
PER-INV-*)."""

from __future__ import annotations

import json
import random

import pytest

import museion
from museion import IllegalActionError
from museion.core.check import check_game
from museion.core.i18n import paragraphs
from museion.core.play import random_game
from museion.core.registry import entry
from museion.games.pergamon.actions import NUM_ACTIONS
from museion.games.pergamon.rules import SUMMARY
from museion.games.pergamon.state import ST_OVER
from museion.games.pergamon.tables import RECONSTRUCTED_FILE

from .fixtures import RING_2A, RING_12, fix
from .helpers import deal, exhibit, game, give, lay_out, phase3, place

PARTS = entry("pergamon")  # the game's parts (museion.core.parts): its observer, evaluator, events

RULE_IDS = [
    "PER-SETUP-1", "PER-SETUP-2", "PER-SETUP-3", "PER-SETUP-4", "PER-SETUP-5", "PER-SETUP-6", "PER-TILE-1",
    "PER-TILE-2", "PER-TILE-3", "PER-TILE-4", "PER-LAYOUT-1", "PER-FUNDS-1", "PER-FUNDS-2", "PER-FUNDS-3",
    "PER-DIG-1", "PER-DIG-2", "PER-EXH-1", "PER-EXH-2", "PER-EXH-3", "PER-EXH-4", "PER-EXH-5", "PER-EXH-6",
    "PER-EXH-7", "PER-STORE-1", "PER-EVAL-1", "PER-EVAL-2", "PER-EVAL-3", "PER-EVAL-4", "PER-TURN-1", "PER-END-1",
    "PER-END-2", "PER-RAIDER-1", "PER-RAIDER-2", "PER-RAIDER-3", "PER-RAIDER-4", "PER-HIDDEN-1", "PER-INV-1",
    "PER-INV-2", "PER-INV-3", "PER-DATA-1",

]


@pytest.mark.parametrize(
    ("options", "games", "seed"),
    [
        ({"players": 2}, 15, 1),
        ({"players": 3}, 10, 2),
        ({"players": 4}, 10, 3),
        ({"players": 3, "start_player": "random", "open_scores": True}, 3, 4),
        ({"players": 4, "start_player": 3}, 3, 5),
        ({"players": 2, "storage_fee": "full_group", "payout_shortage": "nothing"}, 8, 6),
        ({"players": 4, "storage_fee": "full_group"}, 4, 7),
        ({"players": 3, "payout_shortage": "nothing", "tables": str(RECONSTRUCTED_FILE)}, 4, 8),
    ],
)
def test_conformance(options, games, seed):
    """The compiled build plays every game; the pure one (the same rules, 5-10x slower) a third of them: the
    checks are the same at every step, and tests/test_native.py compares the two builds step by step."""
    games = games if museion.BUILD == "compiled" else -(-games // 3)
    report = check_game(museion.load("pergamon", **options), games=games, seed=seed)
    assert report.games == games and report.steps > 100 * games


def test_sizes_and_game_length():
    """Sizes; the proven bound on game length has the values docs/pergamon.md gives (proof: its docstring)."""
    for n, bound in ((2, 4927), (3, 7243), (4, 9559)):
        game = museion.load("pergamon", players=n)
        assert game.num_players() == n and game.num_distinct_actions() == NUM_ACTIONS == 168
        assert game.max_chance_outcomes() == 60 and game.max_game_length() == bound
        for seed in range(5):
            end = random_game(game, seed)
            assert end.is_terminal() and len(end.history()) < game.max_game_length()
            assert len(end.history()) < 600   # random agents finish in a few hundred steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_tensor(players):
    game = museion.load("pergamon", players=players)
    state = game.new_initial_state()
    rng = random.Random(players)
    step = 0
    while not state.is_terminal():
        if step % 17 == 0:
            for p in range(players):
                tensor = PARTS.observer.observation_tensor(state, p)
                assert len(tensor) == game.observation_tensor_size()
                assert all(0.0 <= x <= 1.0 for x in tensor)
                assert PARTS.observer.observation_tensor(PARTS.observer.resample(state, p, rng), p) == tensor
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))] if not state.is_chance_node()
                           else state.chance_outcomes()[0][0])
        step += 1


def test_notation_and_records():
    state = random_game(museion.load("pergamon", players=3), 7)
    record = museion.Record.from_state(state)
    assert record.final_state().key() == state.key()
    texts = set(record.notation)
    assert {"end", "close"} <= texts and any(t.startswith("+") for t in texts)
    assert any(t.startswith("draw ") for t in texts) and any(t.startswith("card ") for t in texts)
    assert any(t.startswith("P") for t in texts) and any(t.startswith("polish ") for t in texts)
    back = museion.load("pergamon", players=3).state_from_json(json.loads(state.to_json()))
    assert back.key() == state.key()


def test_registered_with_rules_and_renderer():
    assert "pergamon" in museion.available_games()
    e = entry("pergamon")
    english, spanish = paragraphs(SUMMARY, "en"), paragraphs(SUMMARY, "es")
    assert e.rules.startswith(english) and all(rule in english for rule in RULE_IDS)
    assert e.summary("es").startswith(spanish) and all(rule in spanish for rule in RULE_IDS)
    state = museion.load("pergamon", players=4).new_initial_state()
    text = str(state)
    assert "Pergamon" in text and "Galleries" in text and "Museum" in text
    end = random_game(museion.load("pergamon"), 3)
    assert "winner" in str(end)


def test_evaluate_hooks_hand_the_state_and_the_seat_asked_to_evaluate_py():
    """The evaluator's ``evaluate`` and ``features`` (``entry(game).evaluator``, the bots' hooks) are
    games/pergamon/evaluate.py's, for the seat asked."""
    from museion.games.pergamon import evaluate as ev

    rng = random.Random(5)
    state = museion.load("pergamon", players=3).new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node():
            for player in range(3):
                assert PARTS.evaluator.evaluate(state, player) == ev.evaluate(state, player)
                assert PARTS.evaluator.features(state, player) == ev.seat_features(state)[player]
        state.apply_action(rng.choice(state.legal_actions()))
    assert len({tuple(PARTS.evaluator.features(state, p)) for p in range(3)}) == 3


# -- hidden information -----------------------------------------------------------------------------------------------
def test_hidden_information_PER_HIDDEN_1():
    """PER-HIDDEN-1: the piles and the two cards' values are hidden until revealed (backs public); finds, coins and
    the museum are public; resample re-draws the hidden values with the same backs from the unused cards."""
    state = lay_out(game(3).new_initial_state())
    deal(state, 2, 7)
    view = PARTS.observer.view(state, 0)
    assert view["funds_cards"] == [{"back": "bag", "value": None}, {"back": "chest", "value": None}]
    assert "unseen" not in view and "deck" not in view and view["calendar"] == 55
    seen = set()
    for seed in range(60):
        other = PARTS.observer.resample(state, 0, random.Random(seed))
        assert PARTS.observer.view(other, 0) == view and other.legal_actions() == state.legal_actions()
        assert other.funds_cards[0] <= 4 < other.funds_cards[1]
        seen.add(tuple(other.funds_cards))
    assert len(seen) > 8
    place(state, "P2", "P13", "P12")
    assert PARTS.observer.view(state, 1)["funds_cards"] == [{"back": "bag", "value": 2}, {"back": "chest", "value": 7}]
    assert PARTS.observer.resample(state, 1, random.Random(1)).funds_cards == [2, 7]
    # used cards are public and limit the resampled values: with all 5-8 but one 8 used, a chest is an 8
    s2 = lay_out(game(3).new_initial_state())
    s2.funds_deck = [3, 3, 3, 3, 0, 0, 0, 1]
    s2.funds_used = [0, 0, 0, 0, 3, 3, 3, 2]
    deal(s2, 1, 8)
    drawn = {tuple(PARTS.observer.resample(s2, 2, random.Random(k)).funds_cards) for k in range(20)}
    assert drawn <= {(1, 8), (2, 8), (3, 8), (4, 8)}


# -- invariants (also property-tested in test_properties.py) ----------------------------------------------------------
def test_invariants_detect_corruption_PER_INV_1_PER_INV_2_PER_INV_3():
    """PER-INV-1/2/3: the invariant check notices a lost tile, a doubled marker, a broken ring, negative coins."""
    state = phase3(3, fix(3))
    give(state, 0, RING_2A + RING_12)
    exhibit(state, RING_2A)
    assert state.invariant_violations() == []
    lost = state.clone()
    lost.supply[0].pop()
    assert any("PER-INV-1" in m for m in lost.invariant_violations())
    doubled = state.clone()
    doubled.museum[20] = 0
    assert any("PER-INV-2" in m for m in doubled.invariant_violations())
    on_one = state.clone()   # the marker doubled on space 1, the lowest space, is noticed too
    on_one.museum[1] = 0
    assert "PER-INV-2: a marker is on two museum spaces" in on_one.invariant_violations()
    broken = state.clone()
    broken.exhibited_rings[0] = (broken.tile("1.01"), broken.tile("1.01"))
    assert any("PER-INV-2" in m for m in broken.invariant_violations())
    poor = state.clone()
    poor.coins[1] = -1
    assert any("PER-INV-3" in m for m in poor.invariant_violations())


def test_invariant_checker_reports_each_broken_state_PER_INV_1_PER_INV_2_PER_INV_3():
    """PER-INV-1/2/3: each check of the invariant checker notices the state it is about (fed broken states)."""
    state = phase3(3, fix(3))
    give(state, 0, RING_2A + RING_12)
    exhibit(state, RING_2A)
    assert state.invariant_violations() == []

    def broken(edit):
        other = state.clone()
        edit(other)
        return other.invariant_violations()

    assert broken(lambda s: s.undrawn_tiles.pop()) == ["PER-INV-1: undrawn tiles differ from calendar + unseen box"]
    assert "PER-INV-1: a tile is in two places" in broken(lambda s: s.galleries[0].append(s.supply[0][0]))
    assert broken(lambda s: s.marker_spaces.__setitem__(1, 7)) == [
        "PER-INV-2: marker 1 is in the museum without a collection"]
    assert state.marker_spaces[0] == 2
    assert broken(lambda s: s.museum.__setitem__(2, -1)) == ["PER-INV-2: marker 0 is not on its space 2"]
    assert broken(lambda s: s.funds_deck.__setitem__(2, s.funds_deck[2] + 1)) == [
        "PER-INV-3: funds card 3 counted 4 times"]
    over = state.clone()
    over.stage = ST_OVER
    assert over.invariant_violations() == ["PER-INV-3: not every funds card was used exactly once"]


def test_illegal_action_leaves_state():
    state = phase3(3, fix(3))
    key = state.key()
    with pytest.raises(IllegalActionError, match="legal: .*end"):
        state.apply_action(state.tile("5.11") + 18)
    with pytest.raises(IllegalActionError, match="now you must excavate a gallery"):
        state.string_to_action("polish 3")
    assert state.key() == key


def test_resampled_state_is_reproduced_by_its_history_PER_HIDDEN_1():
    """PER-HIDDEN-1 with the contract's "a state is its game + history": resample rewrites the hidden draws in the
    history too, so records, to_json and OpenSpiel histories of a determinised state describe that state."""
    import museion
    from museion.core.play import sample_chance

    g = museion.load("pergamon", players=3)
    rng = random.Random(4)
    state = g.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 20:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        cards = PARTS.observer.view(state, 0)["funds_cards"]
        if cards and cards[-1]["value"] is None:
            other = PARTS.observer.resample(state, 0, random.Random(checked))
            assert g.state_from_history(other.history()) == other
            assert PARTS.observer.view(g.state_from_json(other.to_json()), 0) == PARTS.observer.view(state, 0)
            checked += 1
    assert checked == 20
