"""What a move touches on the board, said once by each game (its ``targets.py``, issue 43): every legal move of
random games of every installed game has targets; two moves share all their targets only where the table's chooser
asks which one (the game's ``CHOICES``: how many stones, how many coins); the Tholos extra actions that take a stone
name the stones they take. That each target is drawn by the game's board is tests/web/test_targets_browser.py."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict

import pytest

import museion
from museion.core import lesson
from museion.core.descriptor import descriptors
from museion.core.play import sample_chance
from museion.core.registry import _load, entry

CONFIGS = {"tholos": [{}, {"advanced": True}], "imhotep": [{"players": 2}, {"players": 4, "wrath": True}],
           "pergamon": [{"players": 2}, {"players": 4}]}
"""More than the default configuration where one changes the moves; every other installed game plays its default."""


def positions(name: str, options: dict, games: int = 4, seed: int = 43):
    """Every player decision of ``games`` random games (seeded): each a state to look at, not to keep."""
    game = museion.load(name, **options)
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            yield state
            state.apply_action(rng.choice(state.legal_actions()))


def _cases() -> list[tuple[str, dict]]:
    return [(name, options) for name in descriptors() for options in CONFIGS.get(name, [{}])]


@pytest.mark.parametrize(("name", "options"), _cases())
def test_every_legal_move_has_targets_and_shares_them_only_at_a_choice(name, options):
    parts = entry(name)
    assert descriptors()[name].targets, f"{name} names no targets: its board would have nothing to click"
    moves = offered = 0
    chosen: set[str] = set()
    for state in positions(name, options):
        alike: dict[tuple[str, ...], list[str]] = defaultdict(list)
        for action in state.legal_actions():
            keys = parts.targets(state, action)
            assert keys and all(isinstance(k, str) and k and " " not in k for k in keys), (action, keys)
            assert len(set(keys)) == len(keys), keys  # a click path never clicks one place twice
            alike[tuple(keys)].append(state.action_to_string(action))
            moves += 1
        for keys, notations in alike.items():
            if len(notations) > 1:
                assert keys[-1] in parts.choices, (f"{notations} share the targets {list(keys)}, where the board "
                                                   "offers no choice")
                chosen.add(keys[-1])
                offered += 1
    assert moves > 40
    # every choice the game declares is one a player meets (a declared choice never hides two moves' clash)
    assert chosen == set(parts.choices), sorted(set(parts.choices) - chosen)
    assert offered >= (1 if parts.choices else 0)


def test_tholos_extra_actions_take_the_stones_they_name():
    """Issue 40 item 5: xD:G takes a grey stone of the quarry and xE:B a black stone of the rival's workshop (the
    board used to read both as columns G and B); a declined extra action marks its column."""
    parts = entry("tholos")
    seen: set[str] = set()
    for state in positions("tholos", {}, games=6):
        p = state.current_player()
        for action in state.legal_actions():
            move = state.action_to_string(action)
            keys = parts.targets(state, action)
            if move[:3] in ("xD:", "xE:") and len(move) == 4 and move[3] in "WBG":
                owner = "quarry" if move[1] == "D" else f"ws{1 - p}"
                assert keys == [f"{owner}:{move[3]}"], (move, keys)
                seen.add(move[:2])
            if move == "x-":
                assert keys == [f"decline:{'ABCDEFG'[state.extra_location]}"]
                seen.add(move)
    assert seen == {"xD", "xE", "x-"}


def test_every_tutorial_move_has_the_targets_of_a_legal_move():
    """The tutorial taps the same keys a table clicks (the server sends them with each step: server/lobby/lessons.py);
    the Tholos steps 4 and 7 take a grey stone of the quarry and a black stone of the rival's workshop."""
    for name, found in descriptors().items():
        if not found.tutorial:
            continue
        script = lesson.tutorial(name)
        steps = [(state, action) for _step, state, action in lesson.replay(name, script) if action is not None]
        assert steps and all(entry(name).targets(state, action) for state, action in steps), name
    tholos = [(s.action_to_string(a), entry("tholos").targets(s, a))
              for _step, s, a in lesson.replay("tholos", lesson.tutorial("tholos")) if a is not None]
    assert ("xD:G", ["quarry:G"]) in tholos and ("xE:B", ["ws1:B"]) in tholos


def test_a_game_that_names_no_targets_plays_every_move_from_the_list():
    """The contract's default (core/parts.py): no targets, no choices; the table then offers the move list."""
    bare = _load(dataclasses.replace(descriptors()["nim"], targets=None))
    state = museion.load("nim").new_initial_state()
    assert bare.targets(state, 1) == [] and bare.choices == frozenset()
    assert entry("nim").targets(state, 2) == ["take:2"]


def test_no_board_reads_the_notation():
    """The boards draw; where a move is made is its targets: no board module keeps a ``paths(notation)`` parser or
    reads the legal moves' notations (``legalTexts``, the old context)."""
    boards = {name: found.path(found.board) for name, found in descriptors().items() if found.board}
    assert {"tholos", "imhotep", "pergamon"} <= set(boards)
    for name, path in boards.items():
        source = path.read_text(encoding="utf-8")
        assert "paths(" not in source and "legalTexts" not in source and "notation" not in source, name
    for name in ("tholos", "imhotep", "pergamon"):  # each draws a button only when a legal move targets it
        assert "ctx.targets.has(" in boards[name].read_text(encoding="utf-8"), name
