"""Driving the table page like a player: read the legal moves, click their board path, pick from the chooser;
what a page shows: English on a Spanish page, its width, its tap targets."""

from __future__ import annotations

import random
import re
import time


def page_errors(page) -> list[str]:  # noqa: ANN001 - a Playwright page
    """Uncaught errors of the page and everything the Content-Security-Policy refused."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    return errors


def wait_js(page, expression: str, timeout: float = 30_000) -> None:  # noqa: ANN001
    """Wait until ``expression`` is truthy in the page. (Playwright's ``wait_for_function`` runs its predicate
    through ``eval`` inside the page, which the server's Content-Security-Policy rightly forbids; ``evaluate``
    goes through the DevTools protocol, which the policy does not govern.)"""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise TimeoutError(f"never true within {timeout / 1000:g} s: {expression}")
        page.wait_for_timeout(50)


def open_as_seat(browser, url: str, table: dict, seat: int = 0, context=None, **context_options):  # noqa: ANN001, ANN201
    """A browser context (``context`` or a new one) holding ``table``'s seat token (as joining would leave it) on
    the table page. Returns ``(context, page, errors)``."""
    context = context or browser.new_context(**context_options)
    page = context.new_page()
    errors = page_errors(page)
    page.goto(url + "/")
    page.evaluate(f"localStorage.setItem('museion.seat.{table['id']}', "
                  f"JSON.stringify({{seat: {seat}, token: '{table['token']}'}}))")
    page.goto(f"{url}/table/{table['id']}")
    return context, page, errors


def table_flag(page, flag_id: str) -> str:  # noqa: ANN001
    """A table's flag in the header ("hints-flag", "undo-flag"): on a phone folded behind the header's "i" button,
    which is opened as a player would (a tap) and shows it."""
    if not page.locator(f"#{flag_id}").is_visible():
        page.click("#table-info summary")
    assert page.locator(f"#{flag_id}").is_visible()
    return page.inner_text(f"#{flag_id}")


def wait_turn_or_end(page, timeout: float = 30_000) -> str:  # noqa: ANN001
    """Wait until this page may move or the game is over; returns the status."""
    wait_js(page, "document.body.dataset.myTurn === '1' || document.body.dataset.status === 'finished'",
            timeout=timeout)
    return page.evaluate("document.body.dataset.status")


def legal_moves(page) -> list[dict]:  # noqa: ANN001
    return page.eval_on_selector_all(
        "#moves button.move",
        "bs => bs.map(b => ({id: Number(b.dataset.action), text: b.dataset.notation, path: b.dataset.path || '',"
        " words: b.querySelector('.desc').textContent}))")


def click_move(page, move: dict) -> None:  # noqa: ANN001
    """Play ``move`` by clicking the board along its path (the move list if it has none)."""
    seq = page.evaluate("document.body.dataset.seq")
    if not move["path"]:
        page.click(f"#moves button.move[data-action='{move['id']}']")
    else:
        for key in move["path"].split("|"):
            if page.evaluate("document.body.dataset.seq") != seq:
                break
            click_region(page, key)
        chooser = page.locator(f"#chooser button.choice[data-action='{move['id']}']")
        if page.evaluate("document.body.dataset.seq") == seq and chooser.count():
            chooser.click()
    wait_js(page, f"document.body.dataset.seq !== '{seq}' || document.body.dataset.lastError", timeout=15_000)


# A point of a board region's target that is not under another target (a ship's free spaces lie on the ship):
# where a player would click to mean that region. Scans a grid over the target for a point it receives itself.
_REGION_POINT = """
(key) => {
  const target = document.querySelector(`#board .hit-target[data-for="${CSS.escape(key)}"]`);
  const r = target.getBoundingClientRect();
  const steps = [0.5, 0.2, 0.8, 0.1, 0.9, 0.35, 0.65, 0.05, 0.95];
  for (const fy of steps) {
    for (const fx of steps) {
      const x = r.left + r.width * fx; const y = r.top + r.height * fy;
      if (document.elementFromPoint(x, y) === target) return [x, y];
    }
  }
  return null;
}
"""


def click_region(page, key: str) -> None:  # noqa: ANN001
    target = page.locator(f"#board .hit-target[data-for='{key}']").first  # two alike cards: either
    target.scroll_into_view_if_needed()
    point = page.evaluate(_REGION_POINT, key)
    assert point, f"no point of region {key} is clickable"
    page.mouse.click(*point)


def pick(moves: list[dict], rng: random.Random, prefer: str = "") -> dict:
    preferred = [m for m in moves if prefer and m["text"].startswith(prefer) and m["path"]]
    clickable = [m for m in moves if m["path"]]
    return rng.choice(preferred or clickable or moves)


def pick_ordered(moves: list[dict], rng: random.Random, order: list[str]) -> dict:
    """A random clickable move among those starting with the first prefix of ``order`` that has any."""
    clickable = [m for m in moves if m["path"]] or moves
    for prefix in order:
        found = [m for m in clickable if m["text"].startswith(prefix)]
        if found:
            return rng.choice(found)
    return rng.choice(clickable)


def game_state(page) -> dict:  # noqa: ANN001
    return page.evaluate("window.museionState")


# -- English on a Spanish page ----------------------------------------------------------------------------------
PROPER_NAMES = {"museion", "tholos", "imhotep", "pergamon", "english"}  # games, and a language named in itself
SAME_SPELLING = {"de": {"also"}}
"""Words a language spells as English does, which its texts outside ``/api/texts`` use (German "also", "so", in
the rules for players)."""


def english_words(url: str, lang: str = "es") -> set[str]:
    """Words of the English catalogue (every key the server gives the browser, ``/api/texts``) that no text of
    ``lang`` uses, and the names of the bot levels (the server's own words for them, English by construction): one
    of them on a Spanish (German) page is English the page shows. Less the games' proper names."""
    from museion.server.testing import http

    def words(lang: str) -> set[str]:
        status, data = http("GET", f"{url}/api/texts?lang={lang}")
        assert status == 200 and data["lang"] == lang
        texts = [re.sub(r"\{[^}]*\}", " ", text) for text in data["texts"].values()]
        return {w.lower() for text in texts for w in re.findall(r"[A-Za-z]{4,}", text)}

    status, games = http("GET", f"{url}/api/games?lang={lang}")
    assert status == 200
    levels = {level for game in games["games"] for count in game["bots"] for bot in count["levels"]
              for level in re.findall(r"[a-z]{4,}", bot)}
    return (words("en") | levels) - words(lang) - PROPER_NAMES - SAME_SPELLING.get(lang, set())


# Everything a Spanish player reads or hears on the page: the text (every choice of every list too), and the names
# and descriptions given to assistive technology; not the notation (move codes) nor the live region (the log's
# entries again).
PAGE_TEXT_JS = r"""
() => {
  const skip = (n) => n.closest('.notation, #announce, script, style');
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const host = n.parentElement;
    if (!host || skip(host) || (host.closest('[hidden]') && !host.closest('option'))) continue;
    parts.push(n.textContent);
  }
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (skip(e)) continue;
    for (const a of ['aria-label', 'title', 'placeholder']) if (e.hasAttribute(a)) parts.push(e.getAttribute(a));
  }
  parts.push(document.title);
  return parts.join('\n');
}
"""


NOTATION = (r"\bmuseion [a-z]+", r"\b(?:THO|IMH|PER)-[A-Z0-9-]+", r"\b[A-Z]{2,}(?:_[A-Z]+)*\b", r"\b\w+_\w+\b",
            r"\b\w+\(\)", r"\([^()]*\b\d{4}\)", r"Notación:(?s:.*?)\n\n")
"""What the rules summary quotes as the engine and the terminal take it: commands, rule IDs, CODES, identifiers,
functions, the credits (authors and publisher, with the year) and Pergamon's line of move notation."""


def english_on(page, english: set[str], names: tuple[str, ...] = (), notation: set[str] = frozenset()  # noqa: ANN001
               ) -> list[str]:
    """English words on a Spanish page, each with 30 characters around it; ``names``: players' names, ``notation``:
    words the rules summary quotes as the engine takes them (option names and values, rule IDs, CODES)."""
    text = page.evaluate(PAGE_TEXT_JS)
    for name in names:
        text = text.replace(name, " ")
    text = re.sub("|".join(NOTATION), " ", text)
    return sorted({text[max(0, m.start() - 30):m.end() + 30].replace("\n", " ")
                   for m in re.finditer(r"[A-Za-z]{4,}", text)
                   if m.group().lower() in english and m.group() not in notation})


OVERFLOW_JS = "() => document.documentElement.scrollWidth - window.innerWidth"

SMALL_TARGETS_JS = r"""
() => [...document.querySelectorAll('button, select, a[href], input, #board .hit-target')]
  .filter((e) => e.getClientRects().length && !e.closest('[hidden], #preview-dock'))
  .map((e) => [e.id || e.dataset.for || e.className.baseVal || e.className || e.tagName,
               e.type === 'checkbox' && e.labels[0] ? e.labels[0].getBoundingClientRect() : e.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && (r.width < 24 || r.height < 24))
  .map(([n, r]) => `${n} ${Math.round(r.width)}x${Math.round(r.height)}`)
"""
"""Tap targets smaller than 24 x 24 px (WCAG 2.5.8), board regions included."""


SMALL_BOARD_TEXT_JS = r"""
() => [...document.querySelectorAll('#board svg text')].filter((e) => e.getClientRects().length)
  .map((e) => { const m = e.getScreenCTM();
    return [e.textContent, parseFloat(getComputedStyle(e).fontSize) * Math.hypot(m.a, m.b)]; })
  .filter(([, px]) => px < 11).map(([words, px]) => `${words} ${px.toFixed(1)} px`)
"""
"""Texts of the board drawn smaller than 11 px on screen (the font size times the board's scale)."""


CROWDED_NUMBERS_JS = r"""
() => {
  const numbers = [...document.querySelectorAll('#board .find')].map((find) => [...find.querySelectorAll('.tile-num')]
    .filter((e) => e.getClientRects().length).map((e) => [e.textContent, e.getBoundingClientRect()]));
  const crowded = [];
  numbers.forEach((mine, i) => numbers.slice(i + 1).forEach((theirs) => {
    for (const [a, ra] of mine) {
      for (const [b, rb] of theirs) {
        const gap = Math.max(rb.left - ra.right, ra.left - rb.right);
        if (ra.top < rb.bottom && rb.top < ra.bottom && gap < 4) crowded.push(`${a} ${b}: ${gap.toFixed(1)} px`);
      }
    }
  }));
  return crowded;
}
"""
"""Pergamon: a find's number or century nearer than 4 px to another find's on the same line (where "4" and "63" of
two tiles would read as "463")."""


LONG_COLLECTIONS_JS = r"""
async ([count]) => {
  // the running table's view, with long collections for every player (finds named like the engine's, 1.10 ...),
  // drawn as the table draws it for the board's width
  const { board } = await import('/games/pergamon/board.js');
  const view = structuredClone(window.museionState.view);
  const types = 'VJBM';
  const codes = [...Array(count).keys()].map((k) => {
    const code = `${1 + (k % 5)}.${10 + k}`;
    view.faces[code] = `${types[k % 4]}${10 + k}|${1 + (k % 5)}${types[(k + 1) % 4]}`;
    return code;
  });
  view.players.forEach((info) => {
    info.collections = [{ marker: 'I', space: 24, value: 40, finds: codes },
                        { marker: 'II', space: 9, value: 9, finds: codes.slice(0, 4) }];
  });
  const names = view.players.map((_p, k) => `P${k}`);
  const frame = document.getElementById('board');
  const svg = board.render(view, { names, seat: 0, toMove: 0, narrow: frame.clientWidth < 600, targets: new Set() });
  frame.replaceChildren(svg);
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return { svg: box(svg), collections: [...svg.querySelectorAll('g[data-key^="coll"]')].map((g) => ({
    key: g.dataset.key, area: box(g.querySelector('.hit-area')),
    parts: [...g.querySelectorAll('.chain > *, .marker, text')].filter((e) => e.getClientRects().length).map(box),
    tile: Math.min(...[...g.querySelectorAll('.chain .tile')].map((t) => t.getBoundingClientRect().width)) })) };
}
"""
"""Pergamon: every player's board panel drawn with a long collection of ``count`` finds and a short one (the
table's own drawing code; the page shows it until the next state message)."""


def foreign_words(url: str, lang: str) -> set[str]:
    """For a page in ``lang``: the words of every other language's catalogue (``/api/texts``, every language of
    :data:`museion.core.i18n.LANGUAGES`, so a fourth one is checked with no code) that no text of ``lang`` uses,
    less the proper names: one of them on the page is another language's word. (For Spanish and German pages the
    English part of this is :func:`english_words`' catalogue part.)"""
    from museion.core.i18n import LANGUAGES
    from museion.server.testing import http

    def words(of: str) -> set[str]:
        status, data = http("GET", f"{url}/api/texts?lang={of}")
        assert status == 200 and data["lang"] == of
        texts = [re.sub(r"\{[^}]*\}", " ", text) for text in data["texts"].values()]
        return {w.lower() for text in texts for w in re.findall(r"[^\W\d_]{4,}", text)}

    others = set().union(*(words(other) for other in LANGUAGES if other != lang))
    return others - words(lang) - PROPER_NAMES - SAME_SPELLING.get(lang, set())
