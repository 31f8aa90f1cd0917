"""The coach in a real browser (issue 16): the hint button shows 3 moves highlighted on the board; a finished table
shows the analysis chart with its marks, and clicking a mark jumps the replay there."""

from __future__ import annotations

import pytest
from a11y import assert_accessible
from helpers_web import open_as_seat, wait_js, wait_turn_or_end

from museion.server.testing import http

SIZES = {"desktop": {"width": 1360, "height": 960}, "mobile": {"width": 390, "height": 844}}
LOCALES = {"en": "en-GB", "es": "es-ES"}


@pytest.mark.parametrize(("lang", "size"), [("en", "desktop"), ("es", "mobile")])
def test_the_hint_button_shows_three_highlighted_moves(server, browser, shots, lang, size):
    status, table = http("POST", f"{server.url}/api/tables",
                         {"game": "imhotep", "seats": ["human", "bot:easy"], "join": 0})
    assert status == 201 and table["hints"] is True
    context, page, errors = open_as_seat(browser, server.url, table, viewport=SIZES[size], locale=LOCALES[lang],
                                         has_touch=size == "mobile")
    assert wait_turn_or_end(page) == "running"
    flag = {"en": "Hints allowed", "es": "Pistas permitidas"}[lang]
    assert page.inner_text("#hints-flag") == flag
    page.click("#hint-button")
    page.wait_for_selector("#hint-list li", timeout=30_000)
    hinted = page.eval_on_selector_all("#hint-list button.hinted-move", "bs => bs.map(b => ({id: Number("
                                       "b.dataset.action), text: b.querySelector('.desc').textContent, chance: "
                                       "b.querySelector('.chance').textContent}))")
    legal = {m["id"]: m for m in page.evaluate("window.museionState.legal")}
    assert len(hinted) == 3 and len({h["id"] for h in hinted}) == 3
    for h in hinted:
        assert h["id"] in legal and h["text"] == legal[h["id"]]["text"]
        assert h["chance"].endswith({"en": "chance to win", "es": "de probabilidad de ganar"}[lang])
    keys = {f"{x['kind']}:{x['id']}" if isinstance(x, dict) else x
            for h in hinted for x in legal[h["id"]]["highlights"]}
    assert keys, "imhotep moves have board highlights"
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
