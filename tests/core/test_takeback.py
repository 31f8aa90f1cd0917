"""Taking a move back (issue 38, item 1): a move can be taken back only while nothing new has been shown to anyone
since it, and chance is never drawn again.

The property is checked against the views themselves, not against the declarations the rule reads
(``museion.core.takeback`` reads the observations): over seeded random games of every game at every player count,
at every step the rule would let its mover take back, each seat's view and the spectator's view after the move are
the same from every state that observer could not tell from the one before the move (``resample``, the move
applied): the move changed them only as the move itself did. Wherever some view did gain something (a funds
card turned up, a victory point told to its owner), and after every chance step, the rule refuses. Runs in the
pure and the compiled pass (``tools/test.sh`` runs tests/core on both builds)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import museion
from museion.core import takeback
from museion.core.game import State
from museion.core.observe import Step, observe_step
from museion.core.play import sample_chance
from museion.core.registry import entry

CONFIGS = [("tholos", 2), ("imhotep", 2), ("imhotep", 3), ("imhotep", 4), ("pergamon", 2), ("pergamon", 3),
           ("pergamon", 4)]
GAMES = 3
"""Random games per configuration (a few seconds in all on the pure build)."""
RESAMPLES = 3
"""States each seat cannot tell from the one before a move, tried per seat and step."""


def _load(name: str, players: int) -> museion.Game:
    return museion.load(name) if name == "tholos" else museion.load(name, players=players)


def _shown(before: State, action: int, after: State, rng: random.Random) -> list[int | None]:
    """The observers (seats, None: the spectator) whose view after ``action`` is not the same from every state
    they could not tell from ``before``: they were shown something the move itself did not make. A resample for a
    seat is also one the spectator cannot tell apart where the spectator's view before is the same (resamples keep
    what a seat sees and hide nothing from the spectator that they would change)."""
    observer = entry(before.game).observer
    shown: set[int | None] = set()
    for seat in range(before.game.num_players()):
        if observer.determined_for(before, seat):
            continue  # a resample would be this very state: nothing hidden from the seat to show it
        for _ in range(RESAMPLES):
            other = observer.resample(before, seat, random.Random(rng.random()))
            if action not in other.legal_actions():
                shown.add(seat)  # that the move was possible told the seat something
                continue
            spectator_alike = observer.view(other, None) == observer.view(before, None)
            other.apply_action(action)
            if observer.view(other, seat) != observer.view(after, seat):
                shown.add(seat)
            if spectator_alike and observer.view(other, None) != observer.view(after, None):
                shown.add(None)
    return sorted(shown, key=lambda o: -1 if o is None else o)


def _undone(after: State, before: State) -> None:
    """The take-back the rule allows restores every view as it was before the move, and the history before it
    (every chance outcome drawn earlier stays as drawn)."""
    back = after.game.state_from_history(after.history()[:-1])
    assert back.history() == before.history()
    observer = entry(after.game).observer
    for seat in [*range(after.game.num_players()), None]:
        assert observer.view(back, seat) == observer.view(before, seat)


def _step(state: State, log: list[Step], rng: random.Random, counts: Counter[str]) -> None:
    """Apply one action (chance drawn with its probability, a player's at random) and check the rule there."""
    before = state.clone()
    chance = state.is_chance_node()
    action = sample_chance(state, rng) if chance else rng.choice(state.legal_actions())
    mover = state.current_player()
    log.append(observe_step(state, action))
    state.apply_action(action)
    if chance:
        movers = [s.player for s in log if s.player is not None]
        if movers:  # a chance outcome was drawn: the move before it stands
            assert takeback.refusal(log, movers[-1]) == takeback.REVEALED
            counts["chance"] += 1
        return
    refusal = takeback.refusal(log, mover)
    assert refusal in (None, takeback.REVEALED)  # the mover's own action is the last step
    shown = _shown(before, action, state, rng)
    if shown:  # a reveal clears the take-back
        assert refusal == takeback.REVEALED, (state.history(), shown)
        counts["reveal"] += 1
    if refusal is None:
        _undone(state, before)
        counts["could" if state.current_player() == mover else "allowed"] += 1


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_a_move_is_taken_back_only_while_nothing_new_was_shown(name, players):
    game = _load(name, players)
    rng = random.Random(f"takeback-{name}-{players}")
    counts: Counter[str] = Counter()
    for _ in range(GAMES):
        state = game.new_initial_state()
        log: list[Step] = []
        while not state.is_terminal():
            _step(state, log, rng, counts)
    assert counts["chance"] or name == "tholos", counts
    assert counts["could"] or name == "imhotep", counts  # (an Imhotep turn is one action: no take-back within it)
    assert counts["could"] + counts["allowed"], counts
    if name == "pergamon":  # each of the 12 rounds' last figure turns the funds cards up (seen unless every
        assert counts["reveal"] >= 8 * GAMES, counts  # resample drew the same values: then nothing was new)


def test_pergamon_last_figure_shows_the_funds_cards_and_stands():
    """Issue 38's case: the last figure of a round placed, the funds cards are in every view, the move stands."""
    game = _load("pergamon", 2)
    state = game.new_initial_state()
    rng = random.Random(38)
    log: list[Step] = []
    while state.is_chance_node():
        _step(state, log, rng, Counter())
    first = state.current_player()
    lowest = min(state.legal_actions())
    log.append(observe_step(state, lowest))
    state.apply_action(lowest)
    assert takeback.refusal(log, first) is None  # nothing shown: the next seat places
    last = state.current_player()
    observer = entry(game).observer
    assert all(card["value"] is None for card in observer.view(state, None)["funds_cards"])
    highest = max(state.legal_actions())
    log.append(observe_step(state, highest))
    state.apply_action(highest)
    assert state.current_player() == last  # the highest space acts first: the placer could take it back
    assert all(card["value"] is not None for card in observer.view(state, None)["funds_cards"])
    assert log[-1].notation(None).endswith(")") and "(cards " in log[-1].notation(None)
    assert log[-1].reveals and takeback.refusal(log, last) == takeback.REVEALED


@pytest.mark.pure_only
def test_museion_check_fails_a_reveal_told_as_the_bare_notation(monkeypatch):
    """The rule trusts a step every observer saw as its bare notation to have shown nothing. A game whose notation
    itself carried the reveal (Pergamon's cards in ``action_to_string``, ``observed_action`` left to its default)
    would slip past it, so ``museion check`` fails such a game (``check.reveal_in_notation``)."""
    from museion.core.check import check_state
    from museion.core.errors import ConformanceError
    from museion.games.pergamon.state import PergamonState

    notation, observed = PergamonState.action_to_string, PergamonState.observed_action

    def telling(state, action):
        text = notation(state, action)
        if state.stage_name() == "space" and state.figures_placed == state.game.n - 1:
            text += f" (cards {state.funds_cards[0]} {state.funds_cards[1]})"
        return text

    monkeypatch.setattr(PergamonState, "action_to_string", telling)
    monkeypatch.setattr(PergamonState, "observed_action",
                        lambda state, action, observer: observed(state, action, observer)
                        if state.stage_name() == "cards" else state.action_to_string(action))
    state = _load("pergamon", 2).new_initial_state()
    rng = random.Random(3)
    while state.stage_name() != "space" or state.figures_placed != 1:
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else min(state.legal_actions()))
    step = observe_step(state, max(state.legal_actions()))
    assert "(cards " in step.notation(None) and not step.reveals  # what the rule alone would let through
    with pytest.raises(ConformanceError, match="a take-back would not know that it showed anything"):
        for _ in range(20):  # (a resample may draw the very same cards: then nothing was new to the seat)
            check_state(state, rng)
