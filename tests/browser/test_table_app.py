"""The table as an app: the web manifest and the service worker (the page and its cards served
offline after one visit, the API never cached), the light and dark theme (the system's by default, a
switch remembered), cards that move (none with reduced motion), and the rules in words per profile on the
Rules screen, linked from the why-message of a dimmed card."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest
from helpers import DESKTOP, PHONE, SETTLED, SIZES, foreign_texts, leave_out_engine, step, table_game

CACHED = "async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)"
"""The paths in the service worker's cache ``name``."""


def cache_name(base: str) -> str:
    """The service worker's cache of this version of the table's files (sw.js ``CACHE``: ``puur-VERSION``, the
    version the server writes into /sw.js)."""
    m = re.search(r'const VERSION = "([0-9a-f]+)"', get(f"{base}/sw.js")[2].decode())
    assert m is not None
    return f"puur-{m.group(1)}"


def get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url) as resp:
        return resp.status, resp.headers.get("content-type", ""), resp.read()


# ``browser`` marks each test that drives Chromium; the manifest's test asks the live server alone.
def test_manifest_and_icons_are_served(live_server: str) -> None:
    status, kind, body = get(f"{live_server}/manifest.webmanifest")
    assert status == 200 and kind.startswith("application/manifest+json")
    manifest = json.loads(body)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        status, kind, data = get(live_server + icon["src"])
        assert status == 200 and kind.startswith(icon["type"]), icon
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
    status, kind, _ = get(f"{live_server}/sw.js")
    assert kind.startswith("text/javascript")
    for lang, words in (("de", "ohne Verbindung"), ("fr", "sans connexion"), ("en", "without a connection")):
        translated = json.loads(get(f"{live_server}/manifest.webmanifest?lang={lang}")[2])
        assert translated["lang"] == lang and words in translated["description"] and translated["icons"] == manifest["icons"]


@pytest.mark.browser
@pytest.mark.engine_in_page
def test_the_table_is_installable_and_opens_offline_after_one_visit(browser: Any, live_server: str) -> None:
    """Under the page's own CSP (manifest-src, worker-src): the worker takes control with every script of the
    page in its cache, and offline a reload still loads them all and draws the table and its cards; no API
    answer is in the cache."""
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/")
        assert page.evaluate("() => document.querySelector('link[rel=manifest]').href").endswith("/manifest.webmanifest?lang=en")
        page.evaluate("""() => navigator.serviceWorker.controller ? true : new Promise((ok) =>
            navigator.serviceWorker.addEventListener('controllerchange', () => ok(true)))""")
        cached = page.evaluate(CACHED, cache_name(live_server))
        scripts = page.evaluate("() => [...document.scripts].map((s) => new URL(s.src).pathname)")
        assert "/" in cached and "/static/table/core.js" in scripts and set(scripts) <= set(cached), (scripts, cached)
        context.set_offline(True)
        page.reload()
        page.wait_for_selector("#btn-new")
        assert page.evaluate("() => typeof PuurCards.face === 'function' && typeof init === 'function'")
        assert page.evaluate("() => PuurCards.face('HA', 'swiss').tagName.toLowerCase()") == "svg"
        assert page.evaluate("() => typeof render === 'function' && typeof connect === 'function' && t('new_game')") == "New game"
        cached = page.evaluate(CACHED, cache_name(live_server))
        assert not [p for p in cached if p.startswith("/api/")], cached
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.parametrize(("size", "lang"), [("desktop", "en"), ("phone", "de")])
def test_theme_follows_the_system_and_the_switch_is_remembered(
    browser: Any, live_server: str, artifacts: Any, size: str, lang: str
) -> None:
    context = leave_out_engine(browser.new_context(viewport=SIZES[size], color_scheme="light", bypass_csp=True))
    try:
        page = context.new_page()
        table_game(page, live_server, lang)
        background = "() => getComputedStyle(document.body).backgroundColor"
        assert page.evaluate("() => document.documentElement.dataset.theme") == "light"
        light = page.evaluate(background)
        page.evaluate(SETTLED)
        page.screenshot(path=str(artifacts / f"theme-light-{size}.png"))
        page.locator("#btn-theme").click()
        assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
        assert page.evaluate(background) != light
        assert page.locator("#btn-theme").get_attribute("aria-pressed") == "false"
        page.reload()
        page.wait_for_selector("#hand .card")
        assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"  # remembered over the system's
        page.evaluate(SETTLED)
        page.screenshot(path=str(artifacts / f"theme-dark-{size}.png"))
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_cards_move_unless_reduced_motion(browser: Any, live_server: str, motion: str) -> None:
    context = leave_out_engine(browser.new_context(viewport=PHONE, reduced_motion=motion, bypass_csp=True))
    try:
        page = context.new_page()
        table_game(page, live_server, "en")
        step(page)  # the contract
        page.wait_for_selector("#trick .played.enter")
        names = page.evaluate("""() => [...document.querySelectorAll('#trick .played.enter, #hand .card.deal')]
            .map((e) => getComputedStyle(e).animationName)""")
        assert names
        if motion == "reduce":
            assert set(names) == {"none"}, names
        else:
            assert set(names) <= {"puur-enter", "puur-deal", "puur-gather"} and "none" not in names, names
    finally:
        context.close()


@pytest.mark.browser
def test_rules_in_words_in_french_at_desktop(browser: Any, live_server: str) -> None:
    """The same rules screen at desktop width in French, opened from the why-message of a dimmed card."""
    context = leave_out_engine(browser.new_context(viewport=DESKTOP, bypass_csp=True, locale="fr-CH"))
    try:
        page = context.new_page()
        table_game(page, live_server, "fr")
        step(page)  # Eicheln (trèfle in the French names of the Swiss deck's suits)
        page.wait_for_selector("#hand .card.legal:not([disabled])")
        page.locator("#hand .card.dimmed").first.click()
        page.locator("#why-rule").click()
        page.wait_for_selector("#dlg-rules[open] #rules-words")
        words = page.locator("#rules-words").inner_text()
        assert "Vous pouvez couper même si vous pourriez fournir." in words  # Schieber
        assert "Vous n'êtes jamais obligé de surcouper." in words
        assert foreign_texts(page, ["Ueli", "Vreni", "Kari", "Vous"]) == []
    finally:
        context.close()


@pytest.mark.browser
def test_rules_in_words_per_profile_in_german_linked_from_why(browser: Any, live_server: str, artifacts: Any) -> None:
    context = leave_out_engine(browser.new_context(viewport=PHONE, bypass_csp=True, locale="de-CH"))
    try:
        page = context.new_page()
        table_game(page, live_server, "de")
        step(page)  # Eicheln
        page.wait_for_selector("#hand .card.legal:not([disabled])")
        page.locator("#hand .card.dimmed").first.click()
        page.wait_for_selector("#why-rule")
        page.screenshot(path=str(artifacts / "why-rule-phone.png"))
        # on the phone the message and its rule link lie clear of the trick and of the status line
        played = [page.locator("#trick .played").nth(i).bounding_box() for i in range(page.locator("#trick .played").count())]
        for message in (page.locator("#toast").bounding_box(), page.locator("#why-rule").bounding_box()):
            for covered in [*played, page.locator("#status").bounding_box()]:
                assert covered is None or message["y"] + message["height"] <= covered["y"] + 1, (message, covered)
        page.locator("#why-rule").click()
        page.wait_for_selector("#dlg-rules[open] #rules-words")
        page.screenshot(path=str(artifacts / "rules-words-phone.png"))
        words = page.locator("#rules-words").inner_text()
        assert "Stechen darfst du immer" in words and "Überstechen musst du nie" in words  # Schieber
        assert "Schneider" not in words and "257" in words and "schiebt" in words
        assert page.locator("#rules-words-follow, #rules-words-trump").first.is_visible()
        assert foreign_texts(page, ["Ueli", "Vreni", "Kari", "Du"]) == []
        jasvel = page.evaluate("""async () => rulesWords(await api('/table/rules',
            { method: 'POST', body: { profile: { preset: 'jasvel' } } })).textContent""")
        assert "Stechen darfst du nur, wenn du nicht angeben kannst" in jasvel and "musst du überstechen" in jasvel
        assert "Weis, dann Stöck" in jasvel and "1000 Punkte" in jasvel
        classic = page.evaluate("""async () => rulesWords(await api('/table/rules',
            { method: 'POST', body: { profile: { preset: 'classic' } } })).textContent""")
        assert "Schneider zählt 2 Spiele" in classic and "bedankt sich" in classic and "5 und mehr 100" in classic
    finally:
        context.close()
