"""A quick hand on a slow network: the cards picked for the next play, while the host's answer
to the last one is still on its way, stay picked when that answer arrives (they were all let
go). The host's answers to this phone are held back here (Playwright routes its WebSocket) until
the next cards are picked, as a slow hotspot would."""
from playwright.sync_api import expect

from tests.browser import phone_states
from tests.browser.game_ends import FC_LAST_GROUPS, FC_LAST_RUN, ferrocarril_last_round, lay
from tests.browser.held_messages import HeldMessages, answers
from tests.browser.night import pass_window


def test_cards_picked_before_the_last_plays_answer_stay_picked(host, tv, new_phone):
    phone = new_phone()
    held = HeldMessages(phone, answers)
    phone_states.open_room(host, tv, phone, "ferrocarril", 3, "Abuela", ferrocarril_last_round(3),
                           {"buy_seconds": 10})
    phone_states.start(tv, phone)
    expect(phone.locator(".fc-buy:not(.hidden)")).to_be_visible()
    pass_window(phone)
    phone.locator('.fc-actions [data-act="draw"]').click()
    expect(phone.locator(".fc-hand .hand-card")).to_have_count(14)
    lay(phone, FC_LAST_RUN, "salir")
    phone.locator('.fc-actions [data-act="send_salir"]').click()
    expect(phone.locator(".fc-hand .hand-card")).to_have_count(7)

    held.holding = True
    lay(phone, FC_LAST_GROUPS[0], "meld")                  # its answer is held back
    expect(phone.locator(".fc-hand .hand-card")).to_have_count(4)   # the state came: laid
    first = FC_LAST_GROUPS[1].split()[0]
    card = phone.locator(f'.fc-hand .hand-card[data-id="{first}#0"]')
    phone_states.tap_card(phone, card)                     # the next trío's first card
    assert held.held, "the meld's answer was not held"
    held.release()
    phone.wait_for_timeout(300)                            # the answer handled
    expect(card).to_have_attribute("aria-pressed", "true")
    lay(phone, " ".join(FC_LAST_GROUPS[1].split()[1:]), "meld")
    expect(phone.locator(".fc-hand .hand-card")).to_have_count(1)
