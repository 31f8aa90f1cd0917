"""Accounts in the browser: one player signs up (the recovery codes shown once), the lobby shows the name, a second
browser signs in, the first downloads its data and deletes the account, and the second finds itself signed out.
Every account page in English, Spanish and German on a phone and a desktop: axe-core finds no serious violation, a
Spanish or German page has no English word, and a phone's controls are at least 44 px tall."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

import pytest
from a11y import assert_accessible
from helpers_web import page_errors, wait_js

import museion.server.app  # noqa: F401 - registers every text the pages show
from museion.core import i18n
from museion.server.accounts import texts
from museion.server.testing import GENEROUS, ServerProcess

SIZES = {"desktop": {"width": 1360, "height": 900}, "mobile": {"width": 390, "height": 844}}
LOCALES = {"en": "en-GB", "es": "es-ES", "de": "de-DE"}
PASSWORD = "tortuga azul 7"
PAGES = ["/signup", "/signin", "/recover", "/account", "/privacy"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    """A server of its own: these tests sign up more accounts from one address than the default allows."""
    proc = ServerProcess(tmp_path_factory.mktemp("accounts-web") / "museion.db",
                         args=(*GENEROUS, "--limit-signup", "100/hour")).start()
    yield proc
    proc.stop()


def _words(lang: str, keys: Iterable[str]) -> set[str]:
    said = [re.sub(r"\{[^}]*\}", "", i18n.template(key, lang) or "") for key in keys]
    return {w.lower() for text in said for w in re.findall(r"[A-Za-z]{4,}", text)}


ENGLISH = {lang: _words("en", texts.TEXTS) - _words(lang, i18n.keys()) - {"museion", "json", "argon2id", "cookie"}
           for lang in LOCALES}
"""For a Spanish and a German page: the English words of the account texts that no text of that language uses
(German writes "Name" too, and the page's other sections' texts are that language's)."""


def _visible_text(page) -> str:  # noqa: ANN001
    return page.evaluate("() => document.body.innerText + '\\n' + [...document.querySelectorAll('[aria-label], "
                         "[placeholder], [title]')].map(e => e.getAttribute('aria-label') || e.placeholder || e.title)"
                         ".join('\\n') + '\\n' + document.title")


def test_sign_up_second_browser_download_and_delete(server, browser, shots, tmp_path):
    first = browser.new_context(locale="en-GB", accept_downloads=True)
    page = first.new_page()
    errors = page_errors(page)
    page.goto(server.url + "/")
    wait_js(page, "((document.getElementById('account-link') || {}).textContent || '').length > 0")
    page.click("#account-link")
    page.wait_for_selector("#signin")
    page.click("a[href='/signup']")
    page.fill("#username", "Nora")
    page.fill("#password", "short")
    page.click("#signup-submit")
    wait_js(page, "(document.getElementById('signup-error') || {textContent: ''}).textContent.includes('at least 8')")
    page.fill("#password", PASSWORD)
    page.click("#signup-submit")
    page.wait_for_selector("#recovery-codes")
    codes = page.locator("#recovery-codes li").all_inner_texts()
    assert len(codes) == 10 and all(re.fullmatch(r"[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}", c) for c in codes)
    page.screenshot(path=str(shots / "account-codes.png"), full_page=True)
    page.click("#codes-saved")
    page.wait_for_selector("#account-name")
    assert page.inner_text("#account-name") == "Nora"
    assert page.locator("#recovery-codes").count() == 0  # shown once: the account page has none
    page.goto(server.url + "/")
    wait_js(page, "(document.getElementById('account-link') || {}).textContent === 'Account: Nora'")

    second = browser.new_context(locale="es-ES")
    other = second.new_page()
    other.goto(server.url + "/signin")
    other.fill("#username", "nora")
    other.fill("#password", "not the password")
    other.click("#signin-submit")
    wait_js(other, "(document.getElementById('signin-error') || {}).textContent === "
                   "'Usuario o contraseña incorrectos.'")
    other.fill("#password", PASSWORD)
    other.click("#signin-submit")
    other.wait_for_url(server.url + "/")
    wait_js(other, "(document.getElementById('account-link') || {}).textContent === 'Cuenta: Nora'")

    page.goto(server.url + "/account")
    page.wait_for_selector("#session-count")
    assert "2" in page.inner_text("#session-count")
    with page.expect_download() as download:
        page.click("#download")
    saved = tmp_path / "data.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["account"]["username"] == "Nora" and len(data["sessions"]) == 2

    page.fill("#current", PASSWORD)
    page.fill("#new-password", "una clave nueva")
    page.click("#change-submit")
    wait_js(page, "(document.getElementById('status') || {}).textContent === "
                  "'Your password is changed; other browsers are signed out.'")
    other.goto(server.url + "/account")
    other.wait_for_selector("a[href='/signin']")  # the second browser was signed out
    assert "No has iniciado sesión" in other.inner_text("main")
    other.goto(server.url + "/signin")
    other.fill("#username", "Nora")
    other.fill("#password", "una clave nueva")
    other.click("#signin-submit")
    other.wait_for_url(server.url + "/")

    page.fill("#confirm", "una clave nueva")
    page.click("#delete-submit")
    wait_js(page, "(document.getElementById('status') || {}).textContent === 'Your account is deleted.'")
    other.goto(server.url + "/account")
    other.wait_for_selector("a[href='/signin']")
    assert "No has iniciado sesión" in other.inner_text("main")
    assert errors == []
    first.close()
    second.close()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", list(LOCALES))
def test_account_pages_are_accessible_in_both_languages(server, browser, shots, lang, size):
    context = browser.new_context(viewport=SIZES[size], locale=LOCALES[lang], has_touch=size == "mobile")
    page = context.new_page()
    errors = page_errors(page)
    name = f"Pat-{lang}-{size}"
    for path in [*PAGES, "codes", "/account"]:
        if path == "codes":  # sign up: the codes page, then the account page signed in
            page.goto(server.url + "/signup")
            page.wait_for_selector("#signup")
            page.fill("#username", name)
            page.fill("#password", PASSWORD)
            page.click("#signup-submit")
            page.wait_for_selector("#recovery-codes")
        else:
            page.goto(server.url + path)
            page.wait_for_selector("#top h1")
            wait_js(page, "document.getElementById('account-main').children.length > 0")
        assert page.evaluate("document.documentElement.lang") == lang
        where = f"{path} {lang} {size}"
        page.screenshot(path=str(shots / f"account{path.replace('/', '-')}-{size}-{lang}.png"), full_page=True)
        assert_accessible(page, where)
        if lang != "en":
            text = _visible_text(page).replace(name, " ")
            english = sorted({m.group() for m in re.finditer(r"[A-Za-z]{4,}", text)
                              if m.group().lower() in ENGLISH[lang]})
            assert english == [], where
        if size == "mobile":
            small = page.evaluate(
                "() => [...document.querySelectorAll('button, select, input, a[href]')]"
                ".filter(e => e.offsetParent !== null).map(e => [e.id || e.textContent,"
                " e.type === 'checkbox' ? e.labels[0].getBoundingClientRect() : e.getBoundingClientRect()])"
                ".filter(([, r]) => r.height < 24 || (r.height < 44 && r.width < 44)).map(([n]) => n)")
            assert small == [], where
    assert errors == []
    context.close()
