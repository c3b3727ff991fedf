"""¡Compro! pressed on two phones at the same instant, over the protocol: whichever press
reaches the host first, both are answered ok, the higher priority gets the card, and the sale
lists the other among those outbid (docs/rules/ferrocarril.md, interpretation 22)."""
import pytest

from tests.server.conftest import Harness, ManualScheduler, states


@pytest.mark.parametrize("first", ["higher", "lower"])
def test_two_presses_at_once_are_both_heard_in_either_order(first):
    h = Harness(scheduler=ManualScheduler())
    phones = [h.phone("Abuela"), h.phone("Tío"), h.phone("Nieta")]
    assert h.host("start")["ok"]
    window = h.room.game.view(None)["buy_window"]
    top, other = window["priority"][:2]
    presses = [top, other] if first == "higher" else [other, top]
    replies = [h.act(phones[seat], {"type": "buy"}) for seat in presses]
    assert all(reply["ok"] for reply in replies), replies
    bought = [e for e in h.room.game.view(None)["events"] if e["type"] == "bought"]
    assert [(e["seat"], e["outbid"]) for e in bought] == [(top, [other])]
    for client in (h.tv, phones[other]):
        seen = states(client)[-1]["game"]["events"]
        assert [e["outbid"] for e in seen if e["type"] == "bought"] == [[other]]
    again = h.act(phones[other], {"type": "buy"})
    assert again["error"]["code"] == "no_buy_window"          # heard once
