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


def test_canasta_keeps_the_cards_picked_while_a_draw_or_a_discard_is_answered(host, new_phone):
    """Canasta: a card picked while the draw's answer is on its way stays picked; after a
    discard only the discarded card's pick goes, not the one made while it was answered."""
    from tests.browser.canasta_rooms import CanastaRoom, act, stack
    phone = new_phone()
    held = HeldMessages(phone, answers)
    deal = {"hands": ["9h 9d 5c 6d Jh 8h", "4s 5s 6s 7s"], "pile": "7c", "turn": 0,
            "dealer": 1, "fill": True}
    room = CanastaRoom(host, phone, deal, 2)
    try:
        expect(phone.locator(".cn-turn.mine")).to_be_visible()
        held.holding = True
        act(phone, "draw").click()
        expect(phone.locator(".cn-hand .cn-stack")).not_to_have_count(5)   # the state came
        phone_states.tap_card(phone, stack(phone, "5"))
        assert held.held, "the draw's answer was not held"
        held.release()
        phone.wait_for_timeout(300)                            # the answer handled
        expect(stack(phone, "5")).to_have_attribute("aria-pressed", "true")

        held.holding = True
        act(phone, "discard").click()
        expect(stack(phone, "5")).to_have_count(0)             # the state came: discarded
        phone_states.tap_card(phone, stack(phone, "8"))
        assert held.held, "the discard's answer was not held"
        held.release()
        phone.wait_for_timeout(300)
        expect(stack(phone, "8")).to_have_attribute("aria-pressed", "true")
        expect(phone.locator(".cn-hand .cn-stack.selected")).to_have_count(1)
    finally:
        room.close()
