"""Driving the table page like a player: read the legal moves, click their board path, pick from the chooser."""

from __future__ import annotations

import random
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
            _click_region(page, key)
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


def _click_region(page, key: str) -> None:  # noqa: ANN001
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
