"""The coach in a real browser (issue 16): the hint button shows 3 moves highlighted on the board; a finished table
shows the analysis chart with its marks, and clicking a mark jumps the replay there."""

from __future__ import annotations

import random
import time

import pytest
from a11y import assert_accessible
from helpers_web import open_as_seat, page_errors, table_flag, wait_js, wait_turn_or_end

import museion
from museion.bots import make_bot
from museion.core.play import play_match
from museion.server.storage.rows import SeatRow, TableRow
from museion.server.storage.storage import Store
from museion.server.testing import GENEROUS, ServerProcess, http

SIZES = {"desktop": {"width": 1360, "height": 960}, "mobile": {"width": 390, "height": 844}}
LOCALES = {"en": "en-GB", "es": "es-ES", "de": "de-DE"}


@pytest.mark.parametrize(("lang", "size"), [("en", "desktop"), ("es", "mobile"), ("de", "mobile")])
def test_the_hint_button_shows_three_highlighted_moves(server, browser, shots, lang, size):
    status, table = http("POST", f"{server.url}/api/tables",
                         {"game": "imhotep", "seats": ["human", "bot:easy"], "join": 0})
    assert status == 201 and table["hints"] is True
    context, page, errors = open_as_seat(browser, server.url, table, viewport=SIZES[size], locale=LOCALES[lang],
                                         has_touch=size == "mobile")
    assert wait_turn_or_end(page) == "running"
    flag = {"en": "Hints allowed", "es": "Pistas permitidas", "de": "Tipps erlaubt"}[lang]
    assert table_flag(page, "hints-flag") == flag
    page.click("#hint-button")
    page.wait_for_selector("#hint-list li", timeout=30_000)
    hinted = page.eval_on_selector_all("#hint-list button.hinted-move", "bs => bs.map(b => ({id: Number("
                                       "b.dataset.action), text: b.querySelector('.desc').textContent, chance: "
                                       "b.querySelector('.chance').textContent}))")
    legal = {m["id"]: m for m in page.evaluate("window.museionState.legal")}
    assert len(hinted) == 3 and len({h["id"] for h in hinted}) == 3
    for h in hinted:
        assert h["id"] in legal and h["text"] == legal[h["id"]]["text"]
        assert h["chance"].endswith({"en": "chance to win", "es": "de probabilidad de ganar", "de": "Siegchance"}[lang])
    keys = {x for h in hinted for x in legal[h["id"]]["targets"]}
    assert keys, "imhotep moves have board targets"
    marked = page.eval_on_selector_all("#board .hinted", "ns => ns.map(n => (n.dataset.key || '') + ' ' + "
                                       "(n.dataset.hl || ''))")
    assert marked and all(any(k in m.split() for k in keys) for m in marked)
    assert all(any(k in m.split() for m in marked) for k in keys), (keys, marked)
    page.screenshot(path=str(shots / f"coach-hint-{lang}-{size}.png"))
    assert_accessible(page, f"hint ({lang}, {size})")
    page.click(f"#hint-list button.hinted-move[data-action='{hinted[0]['id']}']")  # a hinted move plays it
    wait_js(page, f"Number(document.body.dataset.seq) > {table['moves']}")
    assert page.query_selector("#board .hinted") is None  # a hint belongs to the position it was asked for
    assert errors == []
    context.close()


@pytest.fixture(scope="module")
def analysing(tmp_path_factory: pytest.TempPathFactory):
    """A server whose analyses search little (a random game is analysed in a few seconds)."""
    proc = ServerProcess(tmp_path_factory.mktemp("coach") / "museion.db", bot_delay=0.0,
                         args=(*GENEROUS, "--analysis-bot", "expert:sims=80"))
    yield proc.start()
    proc.stop()


def _finished(server, table_id: str) -> str:
    """A finished Tholos table in the server's database: a seeded game of two random bots whose analysis (the
    server's budget, seed 0) has blunders (random play does not always make one: seed 5 makes 4 beyond the
    search's noise)."""
    state = play_match(museion.load("tholos").new_initial_state(), [make_bot("random", 5), make_bot("random", 105)],
                       random.Random(5))
    seats = [SeatRow(0, "bot", bot="random"), SeatRow(1, "bot", bot="random")]
    row = TableRow(table_id, "tholos", state.game.options_json(), "finished", time.time(), seats, state.history(),
                   started=time.time())
    store = Store(server.db_url)
    store.create_table(row)
    store.engine.dispose()
    return table_id


@pytest.mark.parametrize(("lang", "size"), [("en", "desktop"), ("es", "mobile"), ("de", "mobile")])
def test_a_finished_table_shows_the_chart_and_marks_that_jump_the_replay(analysing, browser, shots, lang, size):
    tid = _finished(analysing, f"done-{lang}")
    context = browser.new_context(viewport=SIZES[size], locale=LOCALES[lang], has_touch=size == "mobile")
    page = context.new_page()
    errors = page_errors(page)
    page.goto(f"{analysing.url}/table/{tid}")
    page.wait_for_selector("#analyse-button")
    offer = page.inner_text("#analyse-button >> xpath=..")
    assert "null" not in offer and "undefined" not in offer, offer  # the offer says only its words
    page.click("#analyse-button")
    wait_js(page, "document.body.dataset.analysis === 'done'", timeout=120_000)
    analysis = http("GET", f"{analysing.url}/api/tables/{tid}/analysis?lang={lang}")[1]["analysis"]
    marks = [d for d in analysis["decisions"] if d["mark"]]
    assert marks, "random play makes mistakes"
    assert page.eval_on_selector_all("#analysis-chart polyline.seat-line", "ls => ls.length") == 2
    dots = page.eval_on_selector_all("#analysis-chart circle.mark", "cs => cs.map(c => Number(c.dataset.step))")
    buttons = page.eval_on_selector_all("#analysis-marks button", "bs => bs.map(b => Number(b.dataset.step))")
    assert dots == buttons == [d["n"] + 1 for d in marks]
    label = page.get_attribute("#analysis-chart svg", "aria-label")
    assert label.startswith({"en": "Each seat's chance", "es": "Probabilidad de ganar",
                             "de": "Siegchance jedes Platzes"}[lang])
    first = marks[0]
    assert first["text"] in page.inner_text("#analysis-marks")
    # a move that lost a mistake's worth is left unmarked only where the search cannot tell it from the best, and
    # the page lists it as such (coach.Decision.tied)
    tied = [d for d in analysis["decisions"] if d["tied"] and d["loss"] >= analysis["thresholds"]["mistake"]]
    unmarked = page.eval_on_selector_all("#analysis-tied li", "ls => ls.map(l => l.textContent)")
    assert len(unmarked) == len(tied)
    assert all(d["text"] in u and d["best_text"] in u for d, u in zip(tied, unmarked, strict=True))
    rows = page.eval_on_selector_all("#analysis-summary tbody tr", "rs => rs.map(r => r.cells[3].textContent)")
    assert rows == [str(s["mistakes"]) for s in analysis["summary"]]
    page.click(f"#analysis-marks button[data-step='{first['n'] + 1}']")
    wait_js(page, f"document.body.dataset.replayStep === '{first['n'] + 1}'")
    assert page.get_attribute("#analysis-cursor", "data-step") == str(first["n"] + 1)
    replayed = page.inner_text("#replay-position")
    assert replayed.endswith(f": {first['text']}")  # the position right after the marked move, said in words
    if size == "mobile":
        page.locator("#analysis-chart").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"coach-analysis-{lang}-{size}.png"), full_page=size == "desktop")
    assert_accessible(page, f"analysis ({lang}, {size})")
    last = marks[-1]
    page.dispatch_event(f"#analysis-chart circle.mark[data-step='{last['n'] + 1}']", "click")  # the chart's marks too
    wait_js(page, f"document.body.dataset.replayStep === '{last['n'] + 1}'")
    page.click("#replay-first")
    wait_js(page, "document.body.dataset.replayStep === '0'")
    assert page.get_attribute("#analysis-cursor", "data-step") == "0"  # the chart follows the replay
    assert errors == []
    context.close()
