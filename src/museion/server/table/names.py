"""Player names as every seat and spectator will read them: normalised, printable, and nobody else's.

A name is shown to every player in the table's log, the seat list and the lobby, in both languages. So it is
NFC-normalised (the same letters are the same bytes), and refused when it holds control characters (NUL, ANSI
escapes), bidirectional marks, overrides or isolates (U+202E turns the rest of a log line around), any invisible
character (zero-width space and joiners, byte order mark: ``typed.refusal``, the rule of every text others read),
or nothing visible; and it may not pass for what the table itself says: a seat label
("Player 2", "Jugador 2"), a bot ("expert bot", "bot experto", "expert") or another seat's name at the table.
"Passing for" compares skeletons: case folded, NFKC, invisible characters removed and spaces collapsed, so
``"Pl\\u200bayer 2"`` is "Player 2".
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

from confusable_homoglyphs import confusables

from museion.core import i18n
from museion.server import web_texts
from museion.server.edge import typed

BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Bidirectional marks, embeddings, overrides and isolates (Unicode's Bidi_Control characters)."""
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Characters that draw nothing though Unicode does not call them format or space characters (Hangul fillers,
the blank Braille pattern)."""
INVISIBLE = ("Cf", "Zs", "Zl", "Zp", "Mn", "Me", "Cn")
"""Categories that draw nothing on their own: format characters (zero-width space and joiners), spaces,
combining marks, unassigned code points."""
MAX_SEATS_SAID = 8
assert web_texts.PAGES  # the seat names' words (web.player_n, web.bot_name, web.level.*) are registered


class RefusedName(ValueError):
    """A refused name: ``code`` (``bad_name`` 400 or ``name_taken`` 409), the English message and its reason."""

    def __init__(self, code: str, status: int, message: str, reason: dict[str, object]) -> None:
        super().__init__(message)
        self.code, self.status, self.reason = code, status, reason


def refused(name: str) -> str | None:
    """Why ``name`` (already NFC) cannot be shown, or ``None``: the rule of every text others read
    (``typed.refusal``: no control, invisible or direction characters), and something visible."""
    if any(c in BIDI for c in name):
        return "bidirectional controls"
    found = typed.refusal(name)
    if found is not None:
        return typed.described(found)
    if all(c in BLANK or unicodedata.category(c) in INVISIBLE for c in name):
        return "nothing visible"
    return None


def skeleton(text: str) -> str:
    """What a reader sees in ``text``: NFKC, case folded, invisible characters dropped, spaces collapsed."""
    text = unicodedata.normalize("NFKC", text).casefold()
    kept = "".join(" " if unicodedata.category(c) in ("Zs", "Zl", "Zp") else c for c in text
                   if c not in BLANK and unicodedata.category(c) not in ("Cf", "Mn", "Me", "Cn", "Cc"))
    return " ".join(kept.split())


ASCII_LOOKALIKES = str.maketrans({"0": "o", "1": "l"})
"""Digits that pass for letters (Unicode's confusables map them so): ``Ana1`` is ``Anal``."""


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each non-ASCII character that Unicode's confusables (UTS #39, as ``confusable_homoglyphs`` ships them) say
    passes for an ASCII letter or digit -> that one (a letter rather than a digit): Cyrillic "а" -> "a"."""
    out: dict[str, str] = {}
    for char, entries in confusables.confusables_data.items():
        ascii_ = sorted((e["c"] for e in entries if len(e["c"]) == 1 and e["c"].isascii() and e["c"].isalnum()),
                        key=lambda c: (c.isdigit(), c))
        if len(char) == 1 and not char.isascii() and ascii_:
            out[char] = ascii_[0].casefold()
    return out


def name_key(name: str) -> str:
    """How a name is compared with the accounts' names (a reserved name, ``name_reserved``): NFKC, case folded,
    every character that passes for an ASCII letter or digit replaced by it (Unicode's confusables; 0 and 1 as o
    and l), and only letters and digits kept (spaces, punctuation and invisible characters dropped), so that
    "Ana-Rated", "ANA RATED", "Аna_Rated" (Cyrillic А) and "Ana.Rated" are one name. Not folded: upper-case I and
    lower-case l (case folding comes first: "Ivan" and "ivan" must be one name)."""
    text = unicodedata.normalize("NFKC", name).casefold()
    protos = _prototypes()
    text = "".join(protos.get(c, c) for c in text).casefold().translate(ASCII_LOOKALIKES)
    return "".join(c for c in text if unicodedata.category(c)[0] in "LNS")[:64]


def table_words(levels: Iterable[str]) -> set[str]:
    """The skeletons of every name the table gives seats itself, in every language: seat labels and bots."""
    words: set[str] = set()
    for lang in i18n.LANGUAGES:
        words.update(skeleton(i18n.text("web.player_n", lang, n=n)) for n in range(1, MAX_SEATS_SAID + 1))
        for level in levels:
            said = i18n.text(f"web.level.{level}", lang) if i18n.template(f"web.level.{level}") else level
            words.update({skeleton(level), skeleton(said), skeleton(i18n.text("web.bot_name", lang, level=said)),
                          skeleton(i18n.text("web.bot_name", lang, level=level))})
    return words


def clean(name: object, max_length: int, levels: Iterable[str], others: Iterable[str] = ()) -> str | None:
    """The name to store (NFC, stripped; ``None``: no name, the seat's label is shown), or :class:`RefusedName`.
    ``others``: the names the table's other seats show now."""
    if name is None or name == "":
        return None
    if not isinstance(name, str):
        raise RefusedName("bad_name", 400, f"a player name is a string of at most {max_length} characters",
                         {"key": "web.code.bad_name", "args": {"max": max_length}})
    text = unicodedata.normalize("NFC", name).strip()
    if not text:
        return None
    why = refused(text)
    if len(text) > max_length or why is not None:
        raise RefusedName("bad_name", 400, f"a player name is at most {max_length} visible characters with no "
                                          f"control or bidirectional characters (this one has {why or 'too many'})",
                         {"key": "web.code.bad_name", "args": {"max": max_length}})
    seen = skeleton(text)
    taken = table_words(levels) | {skeleton(o) for o in others}
    if seen in taken or any(seen.startswith(word + " (") for word in taken):
        raise RefusedName("name_taken", 409, "this name is a seat label, a bot or another seat's name at this table; "
                                            "choose another", {"key": "web.code.name_taken", "args": {}})
    return text
