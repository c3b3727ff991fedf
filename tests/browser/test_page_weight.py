"""The phone page's weight, from the QR scan to a hand on screen (issue 14: at most 100 KB)."""
from tests.browser.page_weight import BUDGET, phone_to_hand


def test_the_phone_page_weighs_at_most_100_kb_up_to_a_hand(host, tv, new_phone):
    meter = phone_to_hand(host, tv, new_phone)
    print(f"\nphone page, QR scan to a hand on screen: {meter.summary()}\n{meter.table()}")
    scripts = [r for r in meter.responses.values()
               if "/static/js/" in r["url"] and r["bytes"] > 1000]    # the smallest go plain
    assert scripts and all(r["encoding"] == "gzip" for r in scripts), meter.table()
    assert meter.http + meter.frames <= BUDGET, meter.summary()
