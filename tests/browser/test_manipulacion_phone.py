"""Rummy Manipulación's phone while a play is made (issue 11): the main button is Listo and Robar
steps back; Unir sits beside its group, so a tap on the right of a group puts the held card
there instead of starting a join. Ana and one computer player, the deal of phone_states."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser import phone_states
from tests.browser.pages import page_in


def box(locator) -> dict:
    return locator.evaluate("el => { const r = el.getBoundingClientRect(); "
                            "return {l: r.left, t: r.top, r: r.right, b: r.bottom, w: r.width}; }")


def test_while_a_play_is_made_listo_leads_and_unir_stands_apart(browser, host, tv):
    with page_in(browser, phone_states.WAIT_MS, **browser.devices["Pixel 7"]) as phone:
        phone_states.open_room(host, tv, phone, "manipulacion", 2, "Ana",
                               phone_states.manipulacion_deal(2), {"ruleset": "manipulacion"})
        phone_states.start(tv, phone)
        actions = phone.locator(".mn-actions")
        draw, done = actions.locator('[data-act="draw"]'), actions.locator('[data-act="done"]')
        expect(draw).to_be_enabled()

        # At rest: Robar is the main button, the wider one.
        expect(draw).to_have_class(re.compile(r"\bprimary\b"))
        expect(done).not_to_have_class(re.compile(r"\bprimary\b"))
        assert box(draw)["w"] > box(done)["w"] + 20

        # A card held: Listo leads, Robar steps back (outlined, narrower).
        phone_states.tap_card(phone, phone.locator('.mn-hand .hand-card[data-code="5s"]'))
        expect(done).to_have_class(re.compile(r"\bprimary\b"))
        expect(draw).to_have_class(re.compile(r"\bsecondary\b"))
        expect(draw).not_to_have_class(re.compile(r"\bprimary\b"))
        assert box(done)["w"] > box(draw)["w"] + 20

        # Unir is beside the group, not inside it; a tap on the group's right end (where Unir
        # used to be) puts the card in the group.
        group = phone.locator('.mn-groups .mg[data-group="0"]')
        join = phone.locator('.mn-groups [data-join="0"]')
        expect(join).to_be_visible()
        assert join.evaluate("(el, group) => !group.contains(el)", group.element_handle())
        g, j = box(group), box(join)
        assert j["l"] >= g["r"] + 4, (g, j)
        group.click(position={"x": g["r"] - g["l"] - 6, "y": (g["b"] - g["t"]) / 2})
        expect(phone.locator(".mn-groups .joining")).to_have_count(0)
        expect(group.locator('svg.card[data-card="5s"]')).to_have_count(1)
        expect(group).to_have_class(re.compile(r"\bvalid\b"))

        # With the copy changed, Listo still leads; Unir starts a join only from its own button.
        expect(done).to_have_class(re.compile(r"\bprimary\b"))
        join.click()
        expect(group).to_have_class(re.compile(r"\bjoining\b"))
