"""Two-step sign-in in the browser (issue 38 item 6), in three languages on a 360 px phone and a desktop: a player
sets it up on the account page (the QR code the server drew, the key), turns it on with the app's code, signs in
on another browser (the code asked after the password) and turns it off again. Screenshots of each step; axe-core
finds no serious violation, a Spanish or German page has no English word, and a phone's controls are at least
44 px tall."""

from __future__ import annotations

import re
import time

import pyotp
import pytest
from a11y import assert_accessible
from helpers_web import page_errors, wait_js
from test_accounts_browser import ENGLISH, _visible_text

from museion.server.accounts import totp
from museion.server.testing import GENEROUS, ServerProcess

SIZES = {"desktop": {"viewport": {"width": 1360, "height": 900}},
         "360": {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}}
LOCALES = {"en": "en-GB", "es": "es-ES", "de": "de-DE"}
PASSWORD = "tortuga azul 7"
SAID = {"en": ("Two-step sign-in is on; other browsers are signed out.", "Two-step sign-in is off."),
        "es": ("El inicio de sesión en dos pasos está activado; los demás navegadores han cerrado la sesión.",
               "El inicio de sesión en dos pasos está desactivado."),
        "de": ("Die Zwei-Schritt-Anmeldung ist an; andere Browser sind abgemeldet.",
               "Die Zwei-Schritt-Anmeldung ist aus.")}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    proc = ServerProcess(tmp_path_factory.mktemp("totp-web") / "museion.db",
                         args=(*GENEROUS, "--limit-signup", "100/hour")).start()
    yield proc
    proc.stop()
    assert "Traceback" not in proc.log_text()


def _codes(secret: str) -> list[str]:
    """The codes of the step before, this step and the next (each accepted now, in that order), taken at least
    10 s before the step ends."""
    left = totp.STEP - time.time() % totp.STEP
    if left < 10:
        time.sleep(left + 0.1)
    step = int(time.time() // totp.STEP)
    return [pyotp.TOTP(secret).generate_otp(step + i) for i in (-1, 0, 1)]


def _check(page, shots, name: str, lang: str, size: str, player: str) -> None:  # noqa: ANN001
    """Screenshot, axe-core, no English on a Spanish or German page, no small tap target on the phone."""
    page.screenshot(path=str(shots / f"totp-{name}-{size}-{lang}.png"), full_page=True)
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
            "() => [...document.querySelectorAll('button, select, input, a[href]')]"
            ".filter(e => e.offsetParent !== null).map(e => [e.id || e.textContent,"
            " e.type === 'checkbox' ? e.labels[0].getBoundingClientRect() : e.getBoundingClientRect()])"
            ".filter(([, r]) => r.height < 24 || (r.height < 44 && r.width < 44)).map(([n]) => n)")
        assert small == [], where


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", list(LOCALES))
def test_turn_on_sign_in_with_a_code_and_turn_off(server, browser, shots, lang, size):
    player = f"Tess-{lang}-{size}"
    context = browser.new_context(locale=LOCALES[lang], **SIZES[size])
    page = context.new_page()
    errors = page_errors(page)
    page.goto(server.url + "/signup")
    page.fill("#username", player)
    page.fill("#password", PASSWORD)
    page.click("#signup-submit")
    page.click("#codes-saved")
    page.wait_for_selector("#totp-start")
    page.fill("#totp-password", PASSWORD)
    page.click("#totp-start-submit")
    page.wait_for_selector("#totp-qr svg")
    secret = page.inner_text("#totp-key code").replace(" ", "")
    assert re.fullmatch(r"[A-Z2-7]{32}", secret)
    assert page.evaluate("document.activeElement.id") == "totp-code"
    page.locator("#totp-section").scroll_into_view_if_needed()
    _check(page, shots, "setup", lang, size, player)
    before, now, after = _codes(secret)
    page.fill("#totp-code", before)
    page.click("#totp-confirm-submit")
    wait_js(page, f"(document.getElementById('status') || {{}}).textContent === {SAID[lang][0]!r}")
    assert secret not in page.content()  # shown once: the account page has it no more
    _check(page, shots, "on", lang, size, player)

    other = context.browser.new_context(locale=LOCALES[lang], **SIZES[size])
    phone = other.new_page()
    phone_errors = page_errors(phone)
    phone.goto(server.url + "/signin")
    phone.fill("#username", player)
    phone.fill("#password", PASSWORD)
    phone.click("#signin-submit")
    phone.wait_for_selector("#totp")
    assert phone.evaluate("document.activeElement.id") == "totp"
    assert phone.get_attribute("#totp", "autocomplete") == "one-time-code"
    phone.fill("#totp", "000000" if now != "000000" else "111111")
    phone.click("#signin-submit")
    wait_js(phone, "(document.getElementById('signin-error') || {}).textContent.length > 0")
    _check(phone, shots, "signin-code", lang, size, player)
    phone.fill("#totp", now)
    phone.click("#signin-submit")
    phone.wait_for_url(server.url + "/")
    wait_js(phone, f"((document.getElementById('account-link') || {{}}).textContent || '').includes({player!r})")

    phone.goto(server.url + "/account")
    phone.wait_for_selector("#totp-off")
    phone.fill("#totp-off-password", PASSWORD)
    phone.fill("#totp-off-code", after)
    phone.click("#totp-off-submit")
    wait_js(phone, f"(document.getElementById('status') || {{}}).textContent === {SAID[lang][1]!r}")
    phone.wait_for_selector("#totp-start")
    assert errors == [] and phone_errors == []
    other.close()
    context.close()
