"""What a person types, checked the same way on every route: one rule for text that is stored (``unstorable``:
every string a client sends), one for text that other people read (``refusal``: chat lines, reports, and through
``names.py`` every player's name).

* **Storable** (issue 38): a string with NUL (U+0000) or a lone surrogate (U+D800-U+DFFF, which only a JSON
  ``\\uD800`` escape can make) cannot be stored: PostgreSQL refuses NUL in text and UTF-8 has no surrogates. Such
  a string is refused with 400 ``bad_text`` before any route runs (``check_request``, a dependency of every HTTP
  route: path, query and JSON body), so the answer is a precise 400, never the storage's 503.
* **Readable**: a line others read has no control characters (Cc: NUL, escape, newline), lone surrogates, private
  use characters, line or paragraph separators, and no **invisible** characters: format characters (Unicode
  category Cf: zero-width space U+200B, joiners U+200C/U+200D, the byte order mark U+FEFF, the direction marks
  U+200E/U+200F/U+061C, the embeddings, overrides and isolates U+202A-U+202E and U+2066-U+2069, the invisible
  operators U+2060-U+2064...) and the characters that draw nothing though Unicode files them elsewhere (Hangul
  fillers, the blank Braille pattern, the combining grapheme joiner). They make look-alike names ("Ana" and
  "An\\u200ba") and lines that read differently from what they hold. One exception, so that emoji keep working:
  a zero-width joiner between two pictographs (👩‍💻 is 👩 U+200D 💻) is allowed, as are variation selectors.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from starlette.requests import HTTPConnection, Request

from museion.server.edge.errors import TableError

BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5")
"""Characters that draw nothing though Unicode does not file them as format characters: the Hangul fillers, the
blank Braille pattern, the combining grapheme joiner and the Khmer inherent vowels (all Default_Ignorable or
blank-looking)."""
REFUSED = ("Cc", "Cs", "Co", "Zl", "Zp")
"""Controls, lone surrogates, private use characters, line and paragraph separators."""
ZWJ = "\u200d"
EMOJI_PARTS = ("So", "Sk", "Mn")
"""What stands on either side of a joiner in an emoji sequence: pictographs (So), skin tones (Sk), variation
selectors (Mn)."""


def invisible(char: str) -> bool:
    """A character that draws nothing visible and changes how the text around it reads: category Cf or blank."""
    return unicodedata.category(char) == "Cf" or char in BLANK


def _emoji_joiner(text: str, i: int) -> bool:
    """A zero-width joiner between two emoji (``text[i]`` is U+200D)."""
    return (0 < i < len(text) - 1 and unicodedata.category(text[i - 1]) in EMOJI_PARTS
            and unicodedata.category(text[i + 1]) == "So")


def refusal(text: str) -> tuple[int, str, str] | None:
    """The first character others must not read in ``text``: (position from 1, character, what it is), or None."""
    for i, char in enumerate(text):
        if char == ZWJ and _emoji_joiner(text, i):
            continue
        if unicodedata.category(char) in REFUSED:
            return i + 1, char, "a control, surrogate, private-use or line-separator character"
        if invisible(char):
            return i + 1, char, "an invisible (format) character"
    return None


def described(found: tuple[int, str, str]) -> str:
    """``character U+200B (ZERO WIDTH SPACE) at position 3 is an invisible (format) character``."""
    position, char, what = found
    name = unicodedata.name(char, "a control character")
    return f"character U+{ord(char):04X} ({name}) at position {position} is {what}"


def check_line(text: str, max_length: int, codes: tuple[str, str], what: str) -> str:
    """``text`` as it is kept and shown (NFC, stripped), or a ``TableError`` saying it is too long (``codes[0]``)
    or which character is refused, where (``codes[1]``). ``what``: the text's name in the message."""
    text = unicodedata.normalize("NFC", text).strip()
    if len(text) > max_length:
        raise TableError(codes[0], f"{what} has at most {max_length} characters; this one has {len(text)}")
    found = refusal(text)
    if found is not None:
        raise TableError(codes[1], f"{described(found)}: {what} is one line of visible text, without control, "
                                   "invisible (format, zero-width, direction) or line-separator characters")
    return text


def unstorable(text: str) -> int | None:
    """The position (from 0) of the first character storage cannot hold (NUL, a lone surrogate), or None."""
    for i, char in enumerate(text):
        if char == "\x00" or "\ud800" <= char <= "\udfff":
            return i
    return None


STORABLE = "^[^\\u0000]*$"
"""What the OpenAPI document says of every string without a pattern of its own (``declare``): no NUL."""


def declare(document: dict[str, Any]) -> None:
    """Say in the OpenAPI document what ``check_request`` refuses: every string (and object key) a request may
    send without a pattern, an enum or a constant of its own gets ``STORABLE``, so a client (or a fuzzer) that
    keeps to the document is not refused. Answers are left as they are (an error message may quote what it
    refused)."""
    components = document.get("components", {}).get("schemas", {})
    requests: list[Any] = []
    for path in document.get("paths", {}).values():
        for operation in path.values():
            if isinstance(operation, dict):
                requests += [p.get("schema") for p in operation.get("parameters", [])]
                requests.append(operation.get("requestBody"))
    seen: set[str] = set()
    while requests:
        node = requests.pop()
        if isinstance(node, list):
            requests += node
        elif isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.rsplit("/", 1)[-1] not in seen:
                seen.add(ref.rsplit("/", 1)[-1])
                requests.append(components.get(ref.rsplit("/", 1)[-1]))
            _storable(node)
            requests += [v for k, v in node.items() if k != "propertyNames"]


def _storable(schema: dict[str, Any]) -> None:
    """``STORABLE`` on a string schema (and on an object's key names) that has no pattern, enum or constant."""
    kind = schema.get("type")
    if (kind == "string" or (isinstance(kind, list) and "string" in kind)) and not {"pattern", "enum",
                                                                                    "const"} & schema.keys():
        schema["pattern"] = STORABLE
    names = schema.get("propertyNames")
    if isinstance(names, dict) and not {"pattern", "enum", "const"} & names.keys():
        names["pattern"] = STORABLE


def _strings(value: Any, where: str) -> Any:
    """Every (place, string) in a JSON value, keys included."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield f"{where}[{key!a}]", key  # ascii(): the message never carries what it refuses
            yield from _strings(item, f"{where}[{key!a}]")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _strings(item, f"{where}[{i}]")


def check_strings(pairs: Any) -> None:
    """Refuse (400 ``bad_text``) the first of the (place, string) pairs that storage cannot hold."""
    for where, text in pairs:
        position = unstorable(text)
        if position is not None:
            raise TableError("bad_text", f"{where}: character U+{ord(text[position]):04X} at position {position} "
                                         "cannot be stored (no NUL and no lone surrogates in any text)",
                             reason={"key": "web.code.bad_text", "args": {}})


async def check_request(request: HTTPConnection) -> None:
    """Every HTTP route's first check (a FastAPI dependency of the app): path, query and JSON body hold only
    storable text. A JSON body can only hold NUL or a surrogate as a ``\\u`` escape, so a body without one is not
    parsed again."""
    check_strings((f"path[{k!a}]", v) for k, v in request.path_params.items() if isinstance(v, str))
    check_strings(pair for k, v in request.query_params.multi_items() for pair in ((f"query[{k!a}]", k),
                                                                                   (f"query[{k!a}]", v)))
    if not isinstance(request, Request) or request.method not in ("POST", "PUT", "PATCH", "DELETE"):
        return
    body = await request.body()
    if b"\\u" not in body:
        return
    try:
        parsed = json.loads(body)
    except ValueError:  # not JSON: the route's own validation says so
        return
    check_strings(_strings(parsed, "body"))
