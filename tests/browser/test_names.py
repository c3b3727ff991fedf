"""Names typed by players are shown as text, never as markup."""
from __future__ import annotations

WAIT_MS = 10000
NASTY = '<b>Tía</b><img src=x onerror="window.hacked=1">'


def test_a_name_with_markup_is_shown_as_plain_text_on_the_tv_and_phones(host, tv, new_phone):
    tv.goto(host.url + "/")
    tv.wait_for_function("() => document.body.innerText.includes('/j/')", timeout=WAIT_MS)
    code = tv.evaluate("() => (document.body.innerText.match(/\\/j\\/([A-Z]{4})/) || [])[1]")
    phone = new_phone()
    phone.goto(host.url + "/j/" + code)
    phone.fill("#name-input", NASTY)
    phone.tap("#join-btn")
    phone.wait_for_selector("#screen-lobby:not(.hidden)", timeout=WAIT_MS)
    shown = NASTY[:20]                       # names are cut to 20 characters
    for page in (tv, phone):
        page.wait_for_function("(name) => document.body.innerText.includes(name)", arg=shown,
                               timeout=WAIT_MS)
        assert page.evaluate("() => window.hacked") is None
        assert page.locator("img[src='x']").count() == 0
        assert page.locator("b", has_text="Tía").count() == 0

