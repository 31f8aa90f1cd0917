"""Each game's state fields are declared once (``games/<game>/fields.py``); ``state_base.py`` is generated from it."""

from __future__ import annotations

import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import museion
from museion.core.fields import DICT, LIST, NESTED, VALUE, Field, render_state_base

ROOT = Path(__file__).resolve().parents[2]
GAMES = [g for g in museion.available_games() if (ROOT / "src/museion/games" / g / "fields.py").exists()]


def test_generated_state_bases_are_current():
    done = subprocess.run([sys.executable, str(ROOT / "tools/generate_fields.py"), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + "\nrun: python tools/generate_fields.py"


def test_render_rejects_a_repeated_name_or_an_unknown_copy():
    with pytest.raises(ValueError, match="each name once"):
        render_state_base("X", "X", "t", (Field("a", "int", VALUE, "."), Field("a", "int", VALUE, ".")))
    with pytest.raises(ValueError, match="copy among"):
        render_state_base("X", "X", "t", (Field("a", "int", "deep", "."),))


@pytest.mark.parametrize("name", GAMES)
def test_state_has_exactly_the_declared_fields(name):
    fields = importlib.import_module(f"museion.games.{name}.fields").FIELDS
    state = museion.load(name).new_initial_state()
    declared = [f.name for f in fields]
    # the instance attributes the game's classes define: slots (pure build) or mypyc's attributes (compiled build),
    # both data descriptors in the class
    own = [k for cls in type(state).__mro__ if cls.__module__.startswith(f"museion.games.{name}")
           for k, v in vars(cls).items() if inspect.isdatadescriptor(v) and not isinstance(v, property)
           and not k.startswith("__")]
    assert sorted(own) == sorted(declared)
    assert not hasattr(state, "__dict__"), "every class of the state declares __slots__ (no stray attributes)"
    assert all(f.doc.strip() for f in fields)
    for f in fields:
        getattr(state, f.name)  # __init__ sets every field


@pytest.mark.parametrize("name", GAMES)
def test_clone_copies_each_field_as_declared_and_the_key_sees_it(name):
    import random

    fields = importlib.import_module(f"museion.games.{name}.fields").FIELDS
    state = museion.load(name).new_initial_state()
    rng = random.Random(3)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    copy = state.clone()
    for f in fields:
        mine, theirs = getattr(state, f.name), getattr(copy, f.name)
        assert mine == theirs, f.name
        if f.copy in (LIST, NESTED, DICT):
            assert mine is not theirs, f"{f.name}: a clone must not share a mutable container"
        if f.copy == NESTED:
            assert all(a is not b for a, b in zip(mine, theirs, strict=True)), f.name
    key = state.key()
    assert len(key) == sum(f.in_key for f in fields)
