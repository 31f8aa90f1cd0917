"""Notices while away on the account page (issue 40 item 1), in three languages on a 360 px phone and a desktop:
a player adds an e-mail address, types the code a real SMTP server (aiosmtpd, here) received, chooses what it is
told and sees the "notify this browser" button. Screenshots of the section; axe-core finds no serious violation,
a Spanish or German page has no English word, no page is wider than the phone and its controls are big enough to
tap."""

from __future__ import annotations

import email
import email.policy
import re
import threading

import pytest
from a11y import assert_accessible
from aiosmtpd.controller import Controller
from helpers_web import page_errors, wait_js
from test_accounts_browser import ENGLISH, _visible_text
from test_totp_browser import LOCALES, PASSWORD, SIZES

from museion.server.testing import GENEROUS, ServerProcess, free_port

SAID = {"en": "Notices go to {email}.", "es": "Los avisos van a {email}.", "de": "Nachrichten gehen an {email}."}


class Inbox:
    def __init__(self) -> None:
        self.messages: list[email.message.EmailMessage] = []
        self.cond = threading.Condition()

    async def handle_DATA(self, _server, _session, envelope) -> str:  # noqa: N802, ANN001 - aiosmtpd's names
        with self.cond:
            self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
            self.cond.notify_all()
        return "250 OK"

    def code(self, address: str) -> str:
        with self.cond:
            assert self.cond.wait_for(lambda: any(m["To"] == address for m in self.messages), 20)
            mail = next(m for m in self.messages if m["To"] == address)
        return re.search(r"\b(\d{6})\b", mail.get_content()).group(1)


def _check(page, shots, name: str, lang: str, size: str, player: str) -> None:  # noqa: ANN001
    """Screenshot, axe-core, no English on a Spanish or German page, no page wider than the phone, no small tap
    target."""
    page.screenshot(path=str(shots / f"{name}-{size}-{lang}.png"), full_page=True)
    where = f"{name} {lang} {size}"
    assert_accessible(page, where)
    if lang != "en":
        text = _visible_text(page).replace(player, " ")
        english = sorted({m.group() for m in re.finditer(r"[A-Za-z]{4,}", text)
                          if m.group().lower() in ENGLISH[lang]})
        assert english == [], where
    if size == "360":
        assert page.evaluate("document.documentElement.scrollWidth <= 360"), where
        small = page.evaluate(
            "() => [...document.querySelectorAll('#notices-section button, #notices-section input')]"
            ".filter(e => e.offsetParent !== null).map(e => [e.id || e.textContent,"
            " e.type === 'checkbox' ? e.labels[0].getBoundingClientRect() : e.getBoundingClientRect()])"
            ".filter(([, r]) => r.height < 24 || (r.height < 44 && r.width < 44)).map(([n]) => n)")
        assert small == [], where


@pytest.fixture(scope="module")
def inbox():
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield handler, controller.port
    controller.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, inbox):
    proc = ServerProcess(tmp_path_factory.mktemp("notices-web") / "museion.db",
                         args=(*GENEROUS, "--limit-signup", "100/hour", "--limit-notices", "1000/minute",
                               "--limit-profiles", "1000/minute", "--smtp-url", f"smtp://127.0.0.1:{inbox[1]}")).start()
    yield proc
    proc.stop()
    assert "Traceback" not in proc.log_text()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", list(LOCALES))
def test_an_address_is_confirmed_and_choices_saved_on_the_account_page(server, inbox, browser, shots, lang, size):
    player = f"Nora-{lang}-{size}"
    address = f"nora.{lang}.{size}@example.org"
    context = browser.new_context(locale=LOCALES[lang], **SIZES[size])
    page = context.new_page()
    errors = page_errors(page)
    page.goto(server.url + "/signup")
    page.fill("#username", player)
    page.fill("#password", PASSWORD)
    page.click("#signup-submit")
    page.click("#codes-saved")
    page.wait_for_selector("#email-form")
    assert page.is_visible("#push-start")  # Chromium has Web Push: the button is offered
    page.fill("#email", address)
    page.click("#email-submit")
    page.wait_for_selector("#verify-form")
    page.locator("#notices-section").scroll_into_view_if_needed()
    _check(page, shots, "notices-code", lang, size, player)
    page.fill("#email-code", inbox[0].code(address))
    page.click("#verify-submit")
    wait_js(page, f"(document.getElementById('email-state') || {{}}).textContent === "
                  f"{SAID[lang].format(email=address)!r}")
    assert page.is_checked("#notice-turn") and not page.is_checked("#notice-digest")  # the turn: on by default
    page.check("#notice-invite")
    page.click("#notices-submit")
    wait_js(page, "(document.getElementById('notices-status') || {}).textContent.length > 0")
    page.reload()
    page.wait_for_selector("#notice-invite")
    assert page.is_checked("#notice-invite")
    page.locator("#notices-section").scroll_into_view_if_needed()
    _check(page, shots, "notices-saved", lang, size, player)
    assert errors == []
    context.close()
