"""A game against the computer already over, for the one-device page's after-the-game tests:
Canasta alone against two computer players, won by Abuela's last discard (the host must run
with --allow-test-deals), then that game opened on /solo as "Seguir la partida" would."""
import socketio

from tests.browser.test_canasta_night import LAST


def finished_solo_game(host) -> dict:
    """The finished game's entry, as /solo keeps it in localStorage."""
    client = socketio.Client()
    client.connect(host.url, transports=["websocket"], wait_timeout=5)
    try:
        reply = client.call("create_solo", {
            "game": "canasta", "name": "Abuela", "bots": ["facil"] * 2,
            "options": {"target": 5000, "_deal": LAST}, "fast": False}, timeout=5)
        assert reply["ok"], reply
        moved = client.call("action", {"room": reply["room"], "token": reply["token"],
                                       "action": {"type": "discard", "card": "9c"}}, timeout=5)
        assert moved["ok"], moved                          # she goes out: the match is over
    finally:
        client.disconnect()
    return {"room": reply["room"], "token": reply["token"], "host_token": reply["host_token"],
            "game": "canasta"}


def open_solo_game(page, host, entry: dict) -> None:
    page.goto(host.url + "/solo")
    page.evaluate("(entry) => localStorage.setItem('sobremesa.solo', JSON.stringify([entry]))",
                  entry)
    page.reload()
    page.locator(f'.resume-item[data-room="{entry["room"]}"]').click()
