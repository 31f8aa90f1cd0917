"""A take-back by request in Chromium (issue 40.4), on a 360 px phone in Spanish: the opponent's request shows
Accept / Decline in Spanish, accepting takes the moves back (told in the log); the player's own request is asked
with the button, declined, and a second one is refused with the Spanish reason. A screenshot goes to
artifacts/screenshots."""

from __future__ import annotations

import time

from helpers_web import open_as_seat, wait_js

from museion.server.testing import Player, http

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True,
         "locale": "es-ES"}


def _end_turn(mover, *others):
    """``mover`` plays first legal moves until another seat is to move; the others see that state."""
    seat = mover.state["seat"]
    while mover.state["to_move"] == seat:
        time.sleep(0.05)  # within the connection's message budget
        assert mover.move(mover.state["legal"][0]["id"])["type"] == "state"
    for other in others:
        other.wait(lambda s: s["seq"] == mover.state["seq"])


def test_a_take_back_request_is_answered_and_asked_on_a_spanish_phone(server, browser, shots):
    status, made = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "human"],
                                                              "join": 0, "name": "Ana", "undo": True})
    assert status == 201
    status, joined = http("POST", f"{server.url}/api/tables/{made['id']}/join", {"seat": 1, "name": "Bea"})
    ana, bea = Player(server, made["id"], made["token"]), Player(server, made["id"], joined["token"])
    context, page, errors = open_as_seat(browser, server.url, {"id": made["id"], "token": joined["token"]}, seat=1,
                                         **PHONE)
    page.evaluate("localStorage.setItem('museion.lang', 'es')")
    page.reload()
    wait_js(page, "window.museionState && window.museionState.seat === 1")
    _end_turn(ana, bea)
    start = max(i for i, entry in enumerate(ana.log) if entry["p"] == 0)
    ana.send({"type": "takeback_request"})
    page.wait_for_selector("#takeback-question")
    question = page.inner_text("#takeback-q")
    assert question == "Ana (blanco) pide deshacer su última jugada (y todas las que vinieron después)."
    page.locator("#takeback-question").scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(shots / "takeback-request-es-phone.png"))
    page.get_by_role("button", name="Aceptar").click()
    wait_js(page, f"window.museionState.seq === {start} && window.museionState.takeback === null")
    assert "pidió deshacer una jugada" in page.inner_text("#log li.takeback")
    for player in (ana, bea):
        player.wait(lambda s: s["seq"] == start and s["full"])
    _end_turn(ana, bea)  # Ana plays her turn again, Bea (the page's seat, over a second connection) hers
    _end_turn(bea, ana)
    wait_js(page, f"window.museionState.seq === {ana.state['seq']}")
    page.get_by_role("button", name="Pedir deshacer mi última jugada").click()
    ana.wait(lambda s: s["takeback"] is not None and s["takeback"]["seat"] == 1)
    page.wait_for_selector("#takeback-waiting")
    assert "Esperando a que los demás respondan" in page.inner_text("#takeback-waiting")
    ana.send({"type": "takeback_answer", "accept": False})
    wait_js(page, "window.museionState.takeback === null")
    page.get_by_role("button", name="Pedir deshacer mi última jugada").click()
    wait_js(page, "document.body.dataset.lastError === 'takeback_declined'")
    assert "Han rechazado tu petición" in page.inner_text("#notice")
    assert errors == []
    for player in (ana, bea):
        player.close()
    context.close()
