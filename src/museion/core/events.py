"""What happened and what counts, as data a surface puts into words: :class:`Event` (an automatic happening, or a
move told in words) and :class:`ScorePart` (a line of a score breakdown). The game's events part produces events
(its ``events.py``), the explainer (:mod:`museion.core.explain`) moves and score breakdowns; both are plain data with
text keys of :mod:`museion.core.i18n`, so this module sits below both."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from museion.core import i18n


@dataclass(frozen=True)
class Event:
    """Something that happened automatically while an action was applied, as structured data.

    ``key`` names its text in :mod:`museion.core.i18n` (``"pergamon.cards_revealed"``), ``args`` are JSON-able
    values for the text's placeholders, ``audience`` is the seats told about it (``None``: everyone, spectators
    included). A game gives an event a narrower audience when it carries something only those seats may learn
    (an opponent's victory points while they are hidden)."""

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)
    audience: tuple[int, ...] | None = None

    def visible_to(self, observer: int | None) -> bool:
        return self.audience is None or (observer is not None and observer in self.audience)

    def text(self, lang: str = "en", observer: int | None = None, names: Sequence[str] | None = None) -> str:
        """The event in words; addressed to the reader (``<key>.you``) when its ``player`` is ``observer``."""
        key = self.key
        if observer is not None and self.args.get("player") == observer and i18n.has(key + ".you"):
            key += ".you"
        return i18n.text(key, lang, names, **self.args)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "args": dict(self.args)}


@dataclass(frozen=True)
class ScorePart:
    """One line of a score breakdown: a text key (and its args) naming the part, and each seat's points from it.

    ``values[seat]`` is ``None`` where that seat's points are hidden from the observer the breakdown was made for
    (Pergamon's victory points before the end). ``detail`` optionally names a second text (the stones of a
    Tholos column). The parts of a breakdown add up to :meth:`State.scores` for every seat whose values are shown.
    """

    key: str
    values: tuple[float | None, ...]
    args: Mapping[str, Any] = field(default_factory=dict)
    detail: str | None = None

    def to_json(self, lang: str = "en", names: Sequence[str] | None = None) -> dict[str, Any]:
        """``{key, label, detail, values}`` with the texts in ``lang`` (the web table's final screen)."""
        return {"key": self.key, "label": i18n.text(self.key, lang, names, **self.args),
                "detail": i18n.text(self.detail, lang, names, **self.args) if self.detail else None,
                "values": list(self.values)}
