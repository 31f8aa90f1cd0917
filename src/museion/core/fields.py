"""State fields declared once: each game lists its fields in a table (``games/<game>/fields.py``) and
``tools/generate_fields.py`` writes the class that holds them (``games/<game>/state_base.py``): its
``__slots__``, typed attributes with their docstrings, ``_copy_into`` and ``key``, written out plainly.

Why generated text rather than a loop over the table at run time: the states are compiled with mypyc, which
wants plain attribute access (no ``getattr``/``setattr`` loops, no ``exec``), and a clone is the hottest call of
every search bot. ``tests/core/test_fields.py`` fails when a generated module is out of date with its table.
"""

from __future__ import annotations

from typing import Final, NamedTuple

VALUE: Final = "value"
"""Immutable (an int, a bool, a tuple): the copy shares it."""
LIST: Final = "list"
"""A list of immutable items: the copy gets a shallow copy; the key holds it as a tuple."""
NESTED: Final = "nested"
"""A list of lists of immutable items: the copy copies each inner list; the key holds tuples of tuples."""
DICT: Final = "dict"
"""A dict of immutable keys and values: the copy gets a new dict; the key holds its sorted items."""
COPIES: Final = (VALUE, LIST, NESTED, DICT)


class Field(NamedTuple):
    """One state field: its name, its type (annotation text), how a clone copies it, and what it means."""

    name: str
    type: str
    copy: str
    doc: str
    in_key: bool = True
    """False for a field derived from others (a cache): equal states may differ in it only if it is derived."""


def _copy_line(field: Field) -> str:
    name = field.name
    return {
        VALUE: f"o.{name} = self.{name}",
        LIST: f"o.{name} = self.{name}[:]",
        NESTED: f"o.{name} = [x[:] for x in self.{name}]",
        DICT: f"o.{name} = dict(self.{name})",
    }[field.copy]


def _key_item(field: Field) -> str:
    name = field.name
    return {
        VALUE: f"self.{name}",
        LIST: f"tuple(self.{name})",
        NESTED: f"tuple([tuple(x) for x in self.{name}])",
        DICT: f"tuple(sorted(self.{name}.items()))",
    }[field.copy]


def render_state_base(class_name: str, title: str, table: str, fields: tuple[Field, ...]) -> str:
    """The source of the module holding ``class_name``: the fields of ``title`` declared in ``table``. The class
    is generic in its game (``core.game.GameT``): the game's ``state.py`` names its own game class, so this
    module imports nothing of the game's and the game's other modules can annotate with it."""
    names = [f.name for f in fields]
    bad = [f.name for f in fields if f.copy not in COPIES]
    if bad or len(set(names)) != len(names):
        raise ValueError(f"fields {bad or names}: each name once, copy among {COPIES}")
    lines = [
        f'"""The fields of a {title} position, generated from ``{table}``: do not edit.',
        "",
        "Run ``python tools/generate_fields.py`` after changing the table (tests/core/test_fields.py checks it).",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Any",
        "",
        "from museion.core.game import GameT, State",
        "",
        "",
        f"class {class_name}(State[GameT]):",
        f'    """The fields of a {title} position; the rules live in the subclass (``state.py``)."""',
        "",
        "    __slots__ = (",
        *[f'        "{name}",' for name in names],
        "    )",
        "",
    ]
    for f in fields:
        lines += [f"    {f.name}: {f.type}", f'    """{f.doc}"""', ""]
    lines += [
        "    def _copy_into(self, other: State[Any]) -> None:",
        f"        assert isinstance(other, {class_name})",
        "        o = other",
        *[f"        {_copy_line(f)}" for f in fields],
        "",
        "    def key(self) -> tuple[Any, ...]:",
        "        return (",
        *[f"            {_key_item(f)}," for f in fields if f.in_key],
        "        )",
    ]
    return "\n".join(lines) + "\n"
