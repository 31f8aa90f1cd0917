"""Your seats follow you, in two browsers: a guest creates a table against a bot and signs up (the seat is bound
to the account); a second browser (another device, in Spanish) signs in, sees the seat marked as its own in the
lobby and listed in My tables, opens the table from there and plays its seat."""

from __future__ import annotations

import pytest
from helpers_web import click_move, legal_moves, page_errors, wait_js, wait_turn_or_end

from museion.server.testing import GENEROUS, ServerProcess

PASSWORD = "tortuga azul 7"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("seats-web") / "museion.db", bot_delay=0.01,
                         args=(*GENEROUS, "--limit-signup", "100/hour")).start()
    yield proc
    proc.stop()


def test_a_seat_opened_and_played_from_my_tables_on_a_second_device(server, browser):
    laptop = browser.new_context(locale="en-GB")
    page = laptop.new_page()
    errors = page_errors(page)
    page.goto(server.url + "/")
    page.select_option("#game", "tholos")
    page.wait_for_selector("#seat-1")
    page.select_option("#seat-1", "bot:random")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    table_id = page.url.rsplit("/", 1)[-1]
    wait_turn_or_end(page)
    page.goto(server.url + "/signup")
    page.fill("#username", "Olga")
    page.fill("#password", PASSWORD)
    page.click("#signup-submit")
    page.wait_for_selector("#recovery-codes")

    phone = browser.new_context(locale="es-ES")
    other = phone.new_page()
    other_errors = page_errors(other)
    other.goto(server.url + "/signin")
    other.fill("#username", "olga")
    other.fill("#password", PASSWORD)
    other.click("#signin-submit")
    other.wait_for_url(server.url + "/")
    item = f"li.table-item[data-table='{table_id}'] .players"
    wait_js(other, f"(document.querySelector(\"{item}\") || {{textContent: ''}}).textContent.includes('(tuyo)')")
    assert other.evaluate("localStorage.length === 0 || !localStorage.getItem('museion.seat." + table_id + "')")
    other.goto(server.url + "/tables/mine")
    link = f"tr[data-table='{table_id}'] a"
    other.wait_for_selector(link)
    other.click(link)
    other.wait_for_url(f"**/table/{table_id}")
    assert wait_turn_or_end(other) != "finished"
    seq = other.evaluate("document.body.dataset.seq")
    click_move(other, legal_moves(other)[0])
    wait_js(other, f"document.body.dataset.seq !== '{seq}'")
    assert not errors and not other_errors, errors + other_errors
    laptop.close()
    phone.close()
