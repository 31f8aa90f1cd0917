"""Learning a game in a real browser: each tutorial completed end to end on a phone (360×740) in English and Spanish
(one in German, one on a desktop), tapping only the marked place, with no sideways scrolling at any step and no
English on the translated pages, ending at a real table against the easy bot; the rules page with its pictures in
every language."""

from __future__ import annotations

import functools
import re

import pytest
from helpers_web import page_errors, wait_js

from museion.core import i18n, lesson
from museion.core.descriptor import descriptors
from museion.server import web_texts  # noqa: F401 - registers the client's words

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
TUTORIALS = [name for name, found in descriptors().items() if found.tutorial]
GUIDES = [name for name, found in descriptors().items() if found.guide]

# the point of the marked target that receives a tap itself (a target may lie over another one)
_TARGET_POINT = """
() => {
  const target = document.querySelector("#board .hit-target");
  target.scrollIntoView({ block: "center" });
  const r = target.getBoundingClientRect();
  const steps = [0.5, 0.3, 0.7, 0.15, 0.85];
  for (const fy of steps) for (const fx of steps) {
    const x = r.left + r.width * fx; const y = r.top + r.height * fy;
    if (document.elementFromPoint(x, y) === target) return [x, y];
  }
  return null;
}
"""
OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"


def _texts(texts, lang: str) -> list[str]:
    return [lesson.say(t, lang) for t in texts]


@functools.cache
def english_only_words(game: str, lang: str = "es") -> set[str]:
    """Words of the game's lessons and of the client's English texts (the catalogue's ``web.*``, the boards' words
    included) that none of their texts in ``lang`` uses: one of them on a page in ``lang`` is English."""
    script = lesson.tutorial(game) or {"steps": []}
    sections = lesson.guide(game) or []
    said = [step["say"] for step in script["steps"]] + [s["title"] for s in sections] + [s["text"] for s in sections]
    said += [s["picture"]["caption"] for s in sections if "picture" in s]
    said += [i18n.msg(key, i18n.template(key) or "") for key in i18n.keys() if key.startswith("web.")]

    def words(code: str) -> set[str]:
        text = re.sub(r"\{[^}]*\}", "", " ".join(_texts(said, code)))
        return {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)}
    # the games' names, and "English": the language switch names each language in itself
    return words("en") - words(lang) - {"museion", "tholos", "imhotep", "pergamon", "english"}


def no_english(page, game: str, lang: str = "es") -> None:  # noqa: ANN001
    shown = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", page.inner_text("body"))}
    assert not shown & english_only_words(game, lang), sorted(shown & english_only_words(game, lang))


def spanish(context, lang: str = "es") -> None:  # noqa: ANN001
    context.add_init_script(f"localStorage.setItem('museion.lang', '{lang}')")


def finish_tutorial(page, game: str, lang: str, shot=None) -> int:  # noqa: ANN001
    """Walk the tutorial: "Next" on a step to read, a tap on the marked place on a step with a move; every step
    fits the width (``shot(n)``: a screenshot of step n, for every step with a move). Returns the number of steps."""
    page.wait_for_url(re.compile(r"/learn/"))
    wait_js(page, "document.body !== null && document.body.dataset.step !== undefined")
    total = len(lesson.tutorial(game)["steps"])
    for n in range(total):
        wait_js(page, f"document.body.dataset.step === '{n}'")
        assert page.evaluate(OVERFLOW) <= 0, f"step {n} is wider than the screen"
        if lang != "en":
            no_english(page, game, lang)
        if n == total - 1:
            break
        if page.evaluate("document.body.dataset.waiting") == "read":
            page.click("#lesson-next")
            continue
        if shot:
            page.evaluate(_TARGET_POINT)
            shot(n)
        while page.evaluate("document.body.dataset.step") == str(n):
            point = page.evaluate(_TARGET_POINT)
            assert point, f"step {n}: the marked place cannot be tapped"
            page.mouse.click(*point)
    return total


@pytest.mark.parametrize(("game", "lang", "size"), [(g, lang, PHONE) for g in TUTORIALS for lang in ("en", "es")]
                         + [(TUTORIALS[0], "en", DESKTOP), ("pergamon", "de", PHONE)])
def test_tutorial_end_to_end(server, browser, shots, game, lang, size):
    context = browser.new_context(viewport=size)
    if lang != "en":
        spanish(context, lang)
    page = context.new_page()
    errors = page_errors(page)
    page.goto(server.url + "/")
    page.select_option("#game", game)
    where = f"{game}-{lang}-{size['width']}"
    page.locator("#learn-link").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"learn-{where}-lobby.png"))
    page.click("#learn-link")
    total = finish_tutorial(page, game, lang, lambda n: page.screenshot(path=str(shots / f"learn-{where}-{n:02d}.png"))
                            if size == PHONE and lang != "en" else None)  # every step once, lean for CI
    page.screenshot(path=str(shots / f"learn-{where}-last.png"))
    # resumable: leaving and coming back shows the same step
    page.reload()
    wait_js(page, f"document.body.dataset.step === '{total - 1}'")
    page.click("#lesson-game")
    page.wait_for_url(re.compile(r"/table/"))
    wait_js(page, "document.body.dataset.myTurn === '1' || document.body.dataset.status === 'finished'")
    seats = page.evaluate("window.museionState.seats")
    assert [s["kind"] for s in seats].count("bot") == len(seats) - 1
    assert all(s["bot"] == "easy" for s in seats if s["kind"] == "bot")
    # the table's rules panel: the rules for players (no rule IDs) and the way to the rules page with pictures
    wait_js(page, "document.querySelector('#rules-box .rules-link') !== null")
    assert not re.search(r"\b[A-Z]{3}-[A-Z]+", page.text_content("#rules"))
    page.screenshot(path=str(shots / f"learn-{where}-game.png"))
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("lang", ["en", "es", "de"])
@pytest.mark.parametrize("game", GUIDES)
def test_rules_page_with_pictures(server, browser, shots, game, lang):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors = page_errors(page)
    page.goto(f"{server.url}/rules/{game}?lang={lang}")
    wait_js(page, "document.body.dataset.ready === '1'")
    pictures = [s for s in lesson.guide(game) if "picture" in s]
    assert page.locator(".guide-picture svg").count() == len(pictures) > 0
    assert page.locator(".guide-mark").count() > 0
    assert page.evaluate(OVERFLOW) <= 0
    text = page.inner_text("body")
    assert lesson.say(lesson.guide(game)[0]["title"], lang) in text
    assert i18n.text("web.guide.title", lang, game="")[:5] in text
    assert not re.search(r"[A-Z]{3}-[A-Z]+-\d", text), "no rule IDs for players"
    if lang != "en":
        no_english(page, game, lang)
    page.screenshot(path=str(shots / f"rules-{game}-{lang}-360.png"), full_page=True)
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP])
def test_tholos_lesson_marks_the_stones_its_text_speaks_of(server, browser, shots, size):
    """Issue 40 item 5: step 4 ("take 1 stone of any colour from the quarry") marks the quarry's grey stones and step
    7 ("take the black stone of Black's workshop") that stone, not columns G and B; a tap there plays the step."""
    context = browser.new_context(viewport=size)
    spanish(context)
    page = context.new_page()
    errors = page_errors(page)
    for step, key in ((3, "quarry:G"), (6, "ws1:B")):
        page.goto(f"{server.url}/")
        page.evaluate(f"localStorage.setItem('museion.tutorial.tholos', '{step}')")
        page.goto(f"{server.url}/learn/tholos")
        wait_js(page, f"document.body.dataset.step === '{step}'")
        marked = page.eval_on_selector_all("#board .lesson-target", "ns => ns.map((n) => n.dataset.key || '')")
        assert marked and set(marked) == {key}, marked  # (Black's two black stones are alike: either)
        assert set(page.locator("#board .hit-target").evaluate_all("ts => ts.map((t) => t.dataset.for)")) == {key}
        page.evaluate(_TARGET_POINT)
        page.screenshot(path=str(shots / f"learn-tholos-step{step + 1}-{size['width']}.png"))
        page.mouse.click(*page.evaluate(_TARGET_POINT))
        wait_js(page, f"document.body.dataset.step === '{step + 1}'")
    assert not errors, errors
    context.close()
