"""The coach (issue 16): hints are legal and use only the seat's information; the analysis marks a move that
throws away a won position as a blunder and finds nothing to mark in a game of good moves."""

from __future__ import annotations

import random
from typing import Any

import pytest

import museion
from museion.bots import MasterBot, MCTSBot, coach
from museion.core.game import State
from museion.core.play import sample_chance
from museion.core.record import Record
from museion.core.registry import entry
from tests.bots.conftest import CONFIGS, IDS

STRONG = "mcts:sims=2000,cutoff=-1"


def nim_record(actions: list[int], pile: int = 5) -> Record:
    state = museion.load("nim", pile=pile).state_from_history(actions)
    assert state.is_terminal()
    return Record.from_state(state, ["Ana", "Bea"])


def test_a_move_throwing_away_a_won_position_is_a_blunder() -> None:
    # pile 5: seat 0 wins by taking 2 (leaving 3); taking 1 leaves 4 and seat 1 wins with perfect play
    analysis = coach.analyse(nim_record([1, 1, 1, 2]), bot=STRONG, seed=1)
    first = analysis.decisions[0]
    assert (first.n, first.player, first.action, first.best) == (0, 0, 1, 2)
    assert first.mark == "blunder" and first.loss >= coach.BLUNDER
    assert first.before[0] > 0.8 and first.after[0] < 0.2
    assert first.before[0] + first.before[1] == pytest.approx(1.0, abs=1e-3)
    assert [d.mark for d in analysis.decisions[1:]] == [None] * (len(analysis.decisions) - 1)
    summary = analysis.summary()
    assert summary[0]["blunders"] == 1 and summary[1]["blunders"] == summary[1]["mistakes"] == 0
    assert analysis.to_json()["decisions"][0]["mark"] == "blunder"


def test_a_game_of_good_moves_has_no_marks() -> None:
    for actions, pile in (([2, 1, 2], 5), ([1, 1, 2, 1, 2], 7), ([2, 1, 2, 2, 1], 8)):
        analysis = coach.analyse(nim_record(actions, pile), bot=STRONG, seed=2)
        assert [d.mark for d in analysis.decisions] == [None] * len(analysis.decisions), (actions, analysis)
        assert analysis.result == [1.0, 0.0]


def test_analysis_refuses_an_unfinished_game() -> None:
    state = museion.load("nim", pile=5).state_from_history([1])
    with pytest.raises(ValueError, match="not a finished game"):
        coach.analyse(Record.from_state(state), bot=STRONG)


def test_the_coach_needs_a_searching_bot() -> None:
    with pytest.raises(ValueError, match="not a searching bot"):
        coach.searcher("greedy", random.Random(0))


# -- hints on the real games ----------------------------------------------------------------------------------
def positions(name: str, options: dict, count: int, seed: int) -> list[State]:
    """Player decisions of a random game, every few moves."""
    rng = random.Random(seed)
    state = museion.load(name, **options).new_initial_state()
    found = []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        if rng.random() < 0.15:
            found.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_a_hint_is_always_legal(name: str, options: dict) -> None:
    for i, state in enumerate(positions(name, options, 4, seed=5)):
        seat = state.current_player()
        hints = coach.hint(state, seat, random.Random(i), bot="expert:sims=150")
        legal = state.legal_actions()
        assert 1 <= len(hints) <= 3 and len(hints) == min(3, len(legal))
        assert all(h.action in legal and 0.0 <= h.chance <= 1.0 for h in hints)
        assert len({h.action for h in hints}) == len(hints)


@pytest.mark.parametrize(("name", "options"), [c for c in CONFIGS if museion.load(c[0], **c[1]).hidden_information],
                         ids=[i for c, i in zip(CONFIGS, IDS, strict=True)
                              if museion.load(c[0], **c[1]).hidden_information])
def test_a_hint_uses_only_the_seats_information(name: str, options: dict) -> None:
    """The same hint for the true state and for a state the seat cannot tell from it, with the same RNG."""
    checked = 0
    for i, state in enumerate(positions(name, options, 6, seed=11)):
        seat = state.current_player()
        other = entry(state.game).observer.resample(state, seat, random.Random(1000 + i))
        checked += other.key() != state.key()
        true_hint = coach.hint(state, seat, random.Random(i), bot="expert:sims=150")
        assert coach.hint(other, seat, random.Random(i), bot="expert:sims=150") == true_hint
    assert checked, "no position with anything hidden was tried"


def test_a_hint_is_for_the_player_to_move() -> None:
    state = museion.load("nim", pile=5).new_initial_state()
    with pytest.raises(ValueError, match="player to move"):
        coach.hint(state, 1, random.Random(0))
    assert [h.action for h in coach.hint(state, 0, random.Random(0), bot=STRONG)][0] == 2


# -- noise (issue 42): moves the search cannot tell apart are said to be so, never ranked ---------------------
def test_a_hint_says_which_moves_the_search_cannot_tell_from_the_best() -> None:
    """Nim: from a pile of 5 taking 2 wins and taking 1 loses (told apart); from 6 both lose (tied); a search of
    four simulations tells nothing apart; and the same with master's search."""
    for bot in (STRONG, "master:sims=2000"):
        won, lost = (museion.load("nim", pile=p).new_initial_state() for p in (5, 6))
        first, second = coach.hint(won, 0, random.Random(0), bot=bot)
        assert (first.action, first.tied, second.tied) == (2, False, False), bot
        assert [h.tied for h in coach.hint(lost, 0, random.Random(0), bot=bot)] == [False, True], bot
    assert [h.tied for h in coach.hint(won, 0, random.Random(0), bot="mcts:sims=4")] == [False, True]
    assert coach.told_apart((1000, 0.55), (1000, 0.45)) and not coach.told_apart((30, 0.55), (30, 0.45))
    assert not coach.told_apart((2, 1.0), (2000, 0.9))  # two agreeing simulations prove little


def test_an_analysis_marks_no_loss_within_the_search_s_noise() -> None:
    """The blunder of taking 1 from a pile of 5 is told apart and marked; in a random game of Tholos searched with
    150 simulations, some losses of 10 points or more are within the noise (tied: no mark), the others marked."""
    clear = coach.analyse(nim_record([1, 1, 1, 2]), bot=STRONG, seed=1).decisions[0]
    assert (clear.mark, clear.tied) == ("blunder", False)
    rng = random.Random(1)
    state = museion.load("tholos").new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    decisions = coach.analyse(Record.from_state(state, ["Ana", "Bea"]), bot="expert:sims=150", seed=0).decisions
    large = [d for d in decisions if d.loss >= coach.MISTAKE]
    assert {d.mark is None for d in large} == {True, False}
    assert all(d.tied == (d.mark is None) for d in large)


def test_the_coach_searches_with_master_where_the_game_has_one(monkeypatch) -> None:
    """``expert`` is the coach's default; in a configuration of ``MASTER_GAMES`` it becomes master's search."""
    state = museion.load("nim", pile=5).new_initial_state()
    assert isinstance(coach.searcher("expert", random.Random(0), state), MCTSBot)
    monkeypatch.setattr(coach, "MASTER_GAMES", frozenset({("nim", 2)}))
    assert isinstance(coach.searcher("expert", random.Random(0), state), MasterBot)
    assert isinstance(coach.searcher("expert:sims=50", random.Random(0), state), MCTSBot)  # a spec is kept
    assert coach.hint(state, 0, random.Random(0))[0].action == 2
    analysis = coach.analyse(nim_record([1, 1, 1, 2]), seed=1)
    assert analysis.decisions[0].best == 2 and analysis.decisions[0].mark == "blunder"


def test_a_hint_lists_the_searchs_choice_first_then_falling_chances(monkeypatch) -> None:
    """The most visited move comes first; the next ones are the next most visited, in the order of their win chance
    (a player reads move 2 as better than move 3), whatever their visits."""

    class Fixed:
        def action_values(self, state: Any) -> dict[int, tuple[int, float]]:
            return {1: (100, 0.60), 2: (50, 0.40), 3: (45, 0.50), 0: (5, 0.90)}

    monkeypatch.setattr(coach, "searcher", lambda *args: Fixed())
    state = museion.load("nim", pile=5).new_initial_state()
    shown = coach.hint(state, 0, random.Random(0))
    assert [(h.action, h.chance) for h in shown] == [(1, 0.6), (3, 0.5), (2, 0.4)]
