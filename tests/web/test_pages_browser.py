"""Every page as players see it, in English and Spanish at desktop and phone sizes (the lobby, the refusals and
the clocks in German too): each board mid-game (with a move's preview) and finished (the final scoring), the replay
and the lobby. On each: axe-core finds no serious or critical violation, the board's texts are legible, a Spanish or
German browser sees no English interface text, and a phone
gets the board across its whole width with tap targets of at least 44 px. Screenshots in artifacts/screenshots."""

from __future__ import annotations

import re

import helpers_web
import pytest
from a11y import OUTLINE_JS, assert_accessible, low_contrast_outlines, low_contrast_texts
from helpers_web import LONG_COLLECTIONS_JS, open_as_seat, page_errors, wait_js, wait_turn_or_end

from museion.core.registry import entry
from museion.server.testing import http

GAMES = ["tholos", "imhotep", "pergamon"]
SIZES = {"desktop": {"width": 1360, "height": 900}, "mobile": {"width": 390, "height": 844}}
LOCALES = {"en": "en-GB", "es": "es-ES", "de": "de-DE"}


def _context(browser, lang: str, size: str):  # noqa: ANN001, ANN202
    return browser.new_context(viewport=SIZES[size], locale=LOCALES[lang], has_touch=size == "mobile")


def _finished_table(url: str, game: str) -> str:
    """A game two bots play to the end (the server runs it; the page then only shows it)."""
    status, table = http("POST", f"{url}/api/tables", {"game": game, "seats": ["bot:random", "bot:greedy"]})
    assert status == 201, table
    return table["id"]


@pytest.fixture(scope="module")
def english_words(server) -> dict[str, set[str]]:
    """For each other language, the English words (every text the server gives the browser, and the bot levels'
    names) that no text of that language uses: one of them on a Spanish or German page is English interface text
    (:func:`helpers_web.english_words`)."""
    return {lang: helpers_web.english_words(server.url, lang) for lang in LOCALES if lang != "en"}


# Everything a Spanish player reads or hears: the visible text, and the names and descriptions given to assistive
# technology, leaving out the notation (move codes) and the players' names.
VISIBLE_TEXT_JS = r"""
() => {
  // .notation: move codes (also a log entry the server sent no words for); #announce: the log's entries again,
  // for screen readers
  const skip = (n) => n.closest('.notation, .seat-name, #title, option:not(:checked), #announce');
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const host = n.parentElement;
    if (!host || skip(host) || host.closest('[hidden], script, style, title')) continue;
    parts.push(n.textContent);
  }
  for (const e of document.querySelectorAll('[aria-label], [data-label], [title], [placeholder]')) {
    if (skip(e)) continue;
    for (const a of ['aria-label', 'data-label', 'title', 'placeholder']) {
      if (e.hasAttribute(a)) parts.push(e.getAttribute(a));
    }
  }
  parts.push(document.title);
  return parts.join('\n');
}
"""


def _without_notation(text: str, game: str) -> str:
    """The page's text without the notation the rules summary quotes as the engine and the terminal take it: rule
    IDs, option names and their values (``start_player = random``), codes (``PAVED_PATH``, ``LEVER``, ``PASS``),
    identifiers (``max_game_length()``), Pergamon's line of move notation (``draw 4.63 | card 7 | polish 2``) and the
    credits (authors and publisher: names)."""
    text = re.sub(r"Notación:.*?\n\n|\([^()]*\b\d{4}\)", " ", text, flags=re.S)
    text = re.sub(r"\b(?:THO|IMH|PER)-[A-Z0-9-]+|\b[A-Z]{2,}(?:_[A-Z]+)*\b|\b\w+_\w+\b", " ", text)
    notation = set()
    for option in entry(game).game_class.option_info("es"):
        notation |= {option["name"], *(str(c["value"]) for c in option["choices"] or [])}
    return " ".join(word for word in re.split(r"(\W+)", text) if word not in notation)


def _english_on(page, english: set[str], names: tuple[str, ...] = (), game: str | None = None  # noqa: ANN001
                ) -> list[str]:
    """English words on a Spanish page, with 30 characters around each; ``game``: leave out the notation its rules
    summary quotes (see :func:`_without_notation`)."""
    text = page.evaluate(VISIBLE_TEXT_JS)
    for name in names:
        text = text.replace(name, " ")
    if game:
        text = _without_notation(text, game)
    return sorted({text[max(0, m.start() - 30):m.end() + 30] for m in re.finditer(r"[A-Za-z]{4,}", text)
                   if m.group().lower() in english})


def _check_mobile(page) -> None:  # noqa: ANN001
    """A phone: the board spans the screen's width, every control is at least 44 px tall (the board's regions may
    be smaller: the move list, all 44 px buttons, is their tap-friendly alternative), nothing overlaps the board,
    and the zoom makes the board wider than the screen (to pan)."""
    width = page.viewport_size["width"]
    board = page.locator("#board svg").bounding_box()
    assert board["width"] >= width - 2, board
    small = page.evaluate(
        "() => [...document.querySelectorAll('button, select, a[href], input')].filter(e => e.offsetParent !== null)"
        ".map(e => [e.id || e.className || e.tagName, e.getBoundingClientRect()])"
        ".filter(([, r]) => r.width > 0 && (r.height < 44 || r.width < 44))"
        ".map(([n, r]) => [String(n), r.width, r.height])")
    assert small == [], small
    assert page.locator("#moves button.move").count() == page.evaluate("window.museionState.legal.length")
    overlapping = page.evaluate(
        "() => { const b = document.getElementById('board').getBoundingClientRect();"
        " return [...document.querySelectorAll('#side > *, #chooser, #zoom, header, #offline')]"
        ".filter(e => !e.hidden && e.offsetParent !== null).map(e => [e.id, e.getBoundingClientRect()])"
        ".filter(([, r]) => r.width && r.height && r.left < b.right && r.right > b.left && r.top < b.bottom"
        " && r.bottom > b.top).map(([id]) => id); }")
    assert overlapping == []
    page.click("#zoom-in")
    wait_js(page, "document.getElementById('board').dataset.zoom === '1.5'")
    wide = page.evaluate("document.querySelector('#board svg').getBoundingClientRect().width")
    assert wide > width * 1.4
    assert page.evaluate("document.getElementById('board').scrollWidth > document.getElementById('board').clientWidth")
    page.click("#zoom-fit")
    wait_js(page, "document.getElementById('board').dataset.zoom === '1'")


@pytest.mark.parametrize(("lang", "size"), [("en", "mobile"), ("es", "desktop")])  # the other two pairs: the
@pytest.mark.parametrize("game", GAMES)  # last-move test (test_play_browser) plays each game at those
def test_board_preview_and_final_screen(server, browser, shots, english_words, game, lang, size):
    status, table = http("POST", f"{server.url}/api/tables",
                         {"game": game, "seats": ["human", "bot:random"], "join": 0, "name": "Ana"})
    assert status == 201, table
    finished = _finished_table(server.url, game)
    context = _context(browser, lang, size)
    context, page, errors = open_as_seat(browser, server.url, table, context=context)
    assert wait_turn_or_end(page) == "running"
    assert page.evaluate("document.documentElement.lang") == lang
    bot = "random bot" if lang == "en" else "bot aleatorio"
    assert re.fullmatch(rf"{game.title()} — Ana vs {bot}|{game.title()} — Ana contra {bot}", page.title())
    assert page.locator("#moves").is_visible()
    name = f"{game}-{size}-{lang}"
    page.screenshot(path=str(shots / f"{name}-board.png"), full_page=size == "mobile")
    assert_accessible(page, f"{name} board")
    assert low_contrast_texts(page) == []
    page.locator("#board .clickable").first.scroll_into_view_if_needed()  # a phone's board is taller than the screen
    assert page.evaluate(OUTLINE_JS) and low_contrast_outlines(page) == []  # outlines measured, all >= 3:1
    # the preview: focusing a move marks on the board what it would change
    first = page.locator("#moves button.move").first
    first.focus()
    wait_js(page, "document.querySelectorAll('#board .preview').length > 0")
    assert page.inner_text("#preview-line")
    page.screenshot(path=str(shots / f"{name}-preview.png"))
    if lang == "es":
        # the rules for players, in Spanish (no rule IDs; the specification is `museion rules --spec`)
        wait_js(page, "document.getElementById('rules').textContent.includes('EL OBJETIVO')")
        assert "-SETUP-1" not in page.text_content("#rules")
        assert _english_on(page, english_words[lang], ("Ana",), game) == []
    if size == "mobile":
        _check_mobile(page)
    assert errors == []

    page.goto(f"{server.url}/table/{finished}")
    wait_js(page, "document.body.dataset.status === 'finished'", timeout=120_000)
    assert page.locator("#moves").is_hidden()  # no move panel for a spectator of a finished game
    final = page.locator("#final")
    final.wait_for()
    final.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"{name}-final.png"), full_page=True)
    _check_final(page)
    assert_accessible(page, f"{name} final")
    if lang != "en":
        assert _english_on(page, english_words[lang], (), game) == []
    page.click("#replay-button")
    page.wait_for_selector("#replay-position")
    assert page.evaluate("document.activeElement.id") == "replay-first"
    page.keyboard.press("Enter")  # the first step; focus stays on the button through the redraw
    wait_js(page, "document.body.dataset.replayStep === '0'")
    assert page.evaluate("document.activeElement.id") == "replay-first"
    page.click("#replay-next")
    wait_js(page, "document.body.dataset.replayStep === '1'")
    assert page.evaluate("document.activeElement.id") == "replay-next"
    wait_js(page, "document.getElementById('announce').textContent.length > 0")
    assert_accessible(page, f"{name} replay")
    if size == "desktop":
        page.screenshot(path=str(shots / f"{name}-replay.png"))
    assert errors == []
    context.close()


RECT_JS = "(e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


@pytest.mark.parametrize("game", GAMES)
def test_phone_preview_dock_shows_the_move_without_moving_the_list(server, browser, shots, game):
    """On a phone the move list is below the board: a move focused there shows what it would change in a dock fixed
    on screen (the part of the board around the marks), the page does not scroll, the focused move stays visible
    and uncovered, and the dock goes when the move loses focus. A desktop shows no dock (the board is in view)."""
    status, table = http("POST", f"{server.url}/api/tables",
                         {"game": game, "seats": ["human", "bot:random"], "join": 0, "name": "Ana"})
    assert status == 201, table
    context, page, errors = open_as_seat(browser, server.url, table, context=_context(browser, "es", "mobile"))
    assert wait_turn_or_end(page) == "running"
    moves = page.locator("#moves button.move")
    page.evaluate("document.getElementById('moves').scrollIntoView({block: 'start'})")
    assert page.locator("#board svg").evaluate(RECT_JS)[3] < 60  # the board is (almost all) above the screen
    chosen = moves.nth(moves.count() // 2)
    chosen.evaluate("(b) => b.scrollIntoView({block: 'nearest'})")
    before = chosen.evaluate(RECT_JS)
    chosen.focus()
    wait_js(page, "!document.getElementById('preview-dock').hidden")
    assert chosen.evaluate(RECT_JS) == pytest.approx(before, abs=1)  # the list did not move on screen
    height = page.viewport_size["height"]
    dock = page.locator("#preview-dock").evaluate(RECT_JS)
    assert dock[0] >= 0 and dock[1] >= 0 and dock[2] <= 390 and dock[3] <= height and dock[3] - dock[1] > 150, dock
    button = chosen.evaluate(RECT_JS)
    assert button[3] <= dock[1] or button[1] >= dock[3], (button, dock)  # the focused move is not covered
    assert 0 <= button[1] and button[3] <= height
    marks = page.locator("#preview-dock svg .preview")
    if page.locator("#board svg .preview").count():  # the marks of the move, inside the dock
        assert marks.count() > 0
        for k in range(marks.count()):
            r = marks.nth(k).evaluate(RECT_JS)
            assert r[0] >= dock[0] - 1 and r[2] <= dock[2] + 1 and r[1] >= dock[1] - 1 and r[3] <= dock[3] + 1, r
    assert page.inner_text("#preview-dock p").startswith("Vista previa: ")
    assert page.locator("#preview-dock [tabindex], #preview-dock [id]").count() == 0
    page.screenshot(path=str(shots / f"{game}-mobile-es-dock.png"))
    chosen.evaluate("(b) => b.blur()")
    wait_js(page, "document.getElementById('preview-dock').hidden")
    assert errors == []
    context.close()
    context, page, errors = open_as_seat(browser, server.url, table, context=_context(browser, "es", "desktop"))
    assert wait_turn_or_end(page) == "running"
    page.locator("#moves button.move").last.focus()
    wait_js(page, "document.querySelectorAll('#board .preview').length > 0 || "
                  "document.getElementById('preview-line').textContent.length > 0")
    assert page.locator("#preview-dock").is_hidden()
    assert errors == []
    context.close()


@pytest.mark.parametrize("players", [2, 4])
def test_pergamon_long_collections_fit_their_panel_on_a_phone(server, browser, shots, players):
    """Every part drawn of a long collection (12 finds) and of a short one is inside its row of the player's panel,
    on a phone with 2 and with 4 players, and the board is no wider than the screen at the fit zoom."""
    seats = ["human"] + ["bot:random"] * (players - 1)
    status, table = http("POST", f"{server.url}/api/tables",
                         {"game": "pergamon", "options": {"players": players}, "seats": seats, "join": 0})
    assert status == 201, table
    context, page, errors = open_as_seat(browser, server.url, table, context=_context(browser, "es", "mobile"))
    assert wait_turn_or_end(page) == "running"
    drawn = page.evaluate(LONG_COLLECTIONS_JS, [12])
    assert drawn["svg"][0] >= 0 and drawn["svg"][2] <= 390 + 1, drawn["svg"]
    assert len(drawn["collections"]) == 2 * players
    for coll in drawn["collections"]:
        left, top, right, bottom = coll["area"]
        for part in coll["parts"]:
            assert part[0] >= left - 0.5 and part[2] <= right + 0.5 and part[1] >= top - 0.5 \
                and part[3] <= bottom + 0.5, (coll["key"], part, coll["area"])
    page.locator("g[data-key='coll0:I']").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"pergamon-mobile-es-long-collections-{players}p.png"))
    assert errors == []
    context.close()


def _check_final(page) -> None:  # noqa: ANN001
    """The final scoring: a total per seat equal to the server's, and, where the server breaks the totals down,
    parts that add up to them."""
    msg = page.evaluate("window.museionState")
    totals = page.eval_on_selector_all("#score-table tfoot td", "tds => tds.map(td => Number(td.textContent))")
    assert totals == pytest.approx(msg["scores"])
    rows = page.eval_on_selector_all(
        "#score-table tbody tr", "trs => trs.map(tr => [...tr.querySelectorAll('td')].map(td => td.textContent))")
    if msg.get("breakdown") and len(msg["breakdown"]) > 1:  # a single part is the total itself
        assert len(rows) == len(msg["breakdown"])
        sums = [sum(float(r[i]) for r in rows if r[i] not in ("–", "")) for i in range(len(totals))]
        assert sums == pytest.approx(msg["scores"])


@pytest.mark.parametrize("lang", list(LOCALES))
def test_lobby_in_both_languages_keeps_seat_choices(server, browser, shots, english_words, lang):
    _finished_table(server.url, "tholos")  # the lists show a table of each kind
    for size in SIZES:
        context = _context(browser, lang, size)
        page = context.new_page()
        errors = page_errors(page)
        page.goto(server.url + "/")
        page.wait_for_selector("#seat-1")
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.input_value("#seat-1") == "bot:easy"  # a newcomer's first opponent: the easy bot
        assert page.input_value("#undo-choice") == "off"  # take-backs: a friendly table's choice
        page.select_option("#game", "imhotep")
        wait_js(page, "document.getElementById('game-description').textContent.length > 20")
        page.select_option("#opt-players", "3")
        page.wait_for_selector("#seat-2")
        page.select_option("#seat-1", "bot:greedy")
        page.select_option("#seat-2", "bot:random")
        page.check("#opt-wrath")  # an option change redraws the seats: the choices stay
        page.select_option("#opt-start_player", "1")
        wait_js(page, "document.getElementById('seat-2') !== null")
        assert [page.input_value(f"#seat-{i}") for i in range(3)] == ["human", "bot:greedy", "bot:random"]
        page.screenshot(path=str(shots / f"lobby-{size}-{lang}.png"), full_page=True)
        assert_accessible(page, f"lobby {size} {lang}")
        if lang != "en":
            assert _english_on(page, english_words[lang]) == []
        if size == "mobile":
            small = page.evaluate(
                "() => [...document.querySelectorAll('button, select, input, a[href]')]"
                ".filter(e => e.offsetParent !== null).map(e => [e.id || e.textContent,"
                " e.type === 'checkbox' ? e.labels[0].getBoundingClientRect() : e.getBoundingClientRect()])"
                ".filter(([, r]) => r.height < 24 || (r.height < 44 && r.width < 44)).map(([n]) => n)")
            assert small == []
        assert errors == []
        context.close()


ERRORS = {  # what the lobby says for an ornament numbered 9, and the table page for a taken seat
    "en": ('Error: option "Ornaments": got 9@C; allowed: ornaments numbered 1-7',
           "Error: Player 1's seat is already taken; free: the seats of players 2."),
    "es": ("Error: opción «Ornamentaciones»: no se admite 9@C; se admite: losetas de ornamentación numeradas "
           "del 1 al 7", "Error: El asiento de Jugador 1 ya está ocupado; libres: los de los jugadores 2."),
    "de": ("Fehler: Option „Ornamente“: 9@C ist nicht erlaubt; erlaubt: Ornamente mit den Nummern 1-7",
           "Fehler: Der Platz von Spieler 1 ist schon besetzt; frei: die Plätze der Spieler 2."),
}


@pytest.mark.parametrize("lang", list(LOCALES))
def test_refused_requests_are_said_in_the_page_language(server, browser, shots, english_words, lang):
    """An invalid option value in the lobby and a seat taken by someone else: the server's reason, said by the
    page in its language with the option's label, the value refused and what is allowed."""
    context = _context(browser, lang, "desktop")
    page = context.new_page()
    errors = page_errors(page)
    page.goto(server.url + "/")
    page.wait_for_selector("#seat-1")
    page.select_option("#game", "tholos")
    page.check("#opt-advanced")
    page.fill("#opt-ornaments", "9@C")
    page.dispatch_event("#opt-ornaments", "change")
    wait_js(page, "document.getElementById('create-error').textContent.length > 0")
    assert page.inner_text("#create-error") == ERRORS[lang][0]
    page.screenshot(path=str(shots / f"lobby-error-{lang}.png"), full_page=True)
    if lang != "en":
        assert _english_on(page, english_words[lang]) == []
    status, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "human"]})
    assert status == 201, table
    heard = {"on": True}  # the page hears the table until Ben takes seat 1 (it then still offers the seat)

    def relay(ws) -> None:  # noqa: ANN001
        server_side = ws.connect_to_server()
        server_side.on_message(lambda message: ws.send(message) if heard["on"] else None)
        ws.on_message(server_side.send)

    page.route_web_socket(re.compile(r".*/ws/.*"), relay)
    page.goto(f"{server.url}/table/{table['id']}")
    page.wait_for_selector("#seats button.join")
    heard["on"] = False
    status, _ = http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 0, "name": "Ben"})
    assert status == 200
    page.locator("#seats button.join").first.click()
    wait_js(page, "document.getElementById('notice').textContent.length > 0")
    assert page.inner_text("#notice") == ERRORS[lang][1]
    assert errors == []
    context.close()


def test_language_switch_persists(server, browser):
    context = _context(browser, "en", "desktop")
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#seat-1")
    assert page.inner_text("#create-button") == "Create table"
    with page.expect_navigation():
        page.select_option("#lang-select", "es")
    page.wait_for_selector("#seat-1")
    assert page.inner_text("#create-button") == "Crear mesa"
    page.goto(server.url + "/")  # the choice is kept in this browser over the English locale
    page.wait_for_selector("#seat-1")
    assert page.inner_text("#create-button") == "Crear mesa"
    assert page.evaluate("localStorage.getItem('museion.lang')") == "es"
    # the menu offers every language in its own name
    offered = page.eval_on_selector_all("#lang-select option", "os => os.map((o) => [o.value, o.textContent])")
    assert dict(offered) == {"en": "English", "es": "Español", "de": "Deutsch"}
    context.close()


def test_two_bots_of_one_level_are_told_apart(server, browser):
    status, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["bot:random"] * 2})
    assert status == 201
    context = _context(browser, "en", "desktop")
    page = context.new_page()
    page.goto(f"{server.url}/table/{table['id']}")
    wait_js(page, "document.body.dataset.status === 'finished'", timeout=120_000)
    names = page.locator("#seats .seat-name").all_inner_texts()
    assert names == ["random bot (white)", "random bot (black)"]
    assert "Winner: random bot (" in page.inner_text("#result") or page.inner_text("#result") == "Draw"
    events = " ".join(page.locator("#log .events li").all_inner_texts())
    # the server's texts name the seats as the page does: colour and name (never "random bot 2")
    assert "random bot (white)" in events and "random bot (black)" in events and "random bot 2" not in events
    final = page.inner_text("#final")
    assert "random bot (white)" in final and "random bot 2" not in final
    context.close()


@pytest.mark.parametrize("lang", list(LOCALES))
def test_clocks_on_the_board_and_my_tables(server, browser, shots, english_words, lang):
    """The board of a clocked table (clocks, the low-time warning, the creator's buttons for a seat nobody holds
    now) and the My tables page: accessible, and all in Spanish for a Spanish browser."""
    clock = {"mode": "live", "base": 300, "increment": 5, "on_timeout": "bot", "bot": "easy"}
    status, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "human"],
                                                            "join": 0, "name": "Ana", "clock": clock})
    assert status == 201, table
    status, joined = http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 1, "name": "Ben"})
    assert status == 200, joined
    for size in SIZES:
        context = _context(browser, lang, size)
        context.clock.install()
        context.add_init_script(f"localStorage.setItem('museion.creator.{table['id']}', '{table['creator_token']}')")
        context, page, errors = open_as_seat(browser, server.url, table, 0, context=context)
        wait_js(page, "document.querySelectorAll('#clock-list li.clock').length === 2")
        # seat 2 is held by its player (not connected here): the creator may re-invite it, not give it to a bot
        wait_js(page, "document.querySelectorAll('#clocks button').length === 1")
        page.clock.run_for(4 * 60 * 1000 + 35_000)  # Ana's clock reaches its low-time warning
        wait_js(page, "document.querySelectorAll('#clock-list li.low').length === 1")
        page.screenshot(path=str(shots / f"clocks-page-{size}-{lang}.png"), full_page=True)
        assert_accessible(page, f"board with clocks {size} {lang}")
        if lang != "en":
            assert _english_on(page, english_words[lang], ("Ana", "Ben"), "tholos") == []
        page.goto(f"{server.url}/tables/mine")
        wait_js(page, "document.querySelectorAll('table.my-tables tbody tr').length === 1")
        page.screenshot(path=str(shots / f"my-tables-page-{size}-{lang}.png"), full_page=True)
        assert_accessible(page, f"my tables {size} {lang}")
        if lang != "en":
            assert _english_on(page, english_words[lang], ("Ana",)) == []
        assert errors == []
        context.close()
