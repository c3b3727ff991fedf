"""Keeping the phone's screen on where the Wake Lock API is missing (phones on plain
http://192.168.x.x are not a secure context): static/js/core/keep-awake.js plays our own tiny silent
video while the player is in a game, and pauses it when the page is hidden or the game is over."""
from __future__ import annotations

import socketio

NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock; delete navigator.wakeLock;"
VIDEO = "document.getElementById('keep-awake-video')"
PLAYING = f"() => !{VIDEO}.paused && {VIDEO}.currentTime > 0"
WAIT_MS = 10000


def set_hidden(page, hidden: bool) -> None:
    """What the phone does when its screen is switched off or the player changes app."""
    page.evaluate("""(hidden) => {
        if (hidden) Object.defineProperty(document, 'visibilityState',
                                          {value: 'hidden', configurable: true});
        else delete document.visibilityState;
        document.dispatchEvent(new Event('visibilitychange'));
    }""", hidden)


def test_silent_video_keeps_the_screen_on_without_the_wake_lock_api(host, new_phone):
    client = socketio.Client()
    client.connect(host.url, transports=["websocket"])
    try:
        room = client.call("create_room", {"game": "ferrocarril"})
        assert room["ok"], room

        def command(name, **args):
            reply = client.call("host", {"room": room["room"], "host_token": room["host_token"],
                                         "command": name, "args": args})
            assert reply["ok"], reply

        command("add_bot", level="facil")
        phone = new_phone()
        phone.add_init_script(NO_WAKE_LOCK)
        phone.goto(host.url + "/j/" + room["room"])
        assert phone.evaluate("'wakeLock' in navigator") is False

        # The first tap (Entrar) unlocks the video; in the lobby it stays paused.
        phone.fill("#name-input", "Ana")
        phone.tap("#join-btn")
        phone.wait_for_selector("#screen-lobby:not(.hidden)", timeout=WAIT_MS)
        phone.wait_for_function(f"() => {VIDEO} && {VIDEO}.readyState >= 2 && {VIDEO}.paused",
                                timeout=WAIT_MS)

        # The game starts: the video plays, with no further tap.
        command("start")
        phone.wait_for_selector("#screen-game:not(.hidden)", timeout=WAIT_MS)
        phone.wait_for_function(PLAYING, timeout=WAIT_MS)
        video = phone.evaluate(f"""() => {{
            const v = {VIDEO}, box = v.getBoundingClientRect();
            return {{src: v.currentSrc.split('/').pop(), loop: v.loop, inline: v.playsInline,
                     duration: v.duration, touch: getComputedStyle(v).pointerEvents,
                     covers: box.width >= innerWidth && box.height >= innerHeight}};
        }}""")
        assert video["src"] in ("keep-awake.mp4", "keep-awake.webm"), video
        assert 1 <= video["duration"] <= 2.1, video
        # Not `loop` (WebKit lets the screen sleep for looping videos): it seeks back instead.
        assert video["loop"] is False and video["inline"] is True, video
        # Blink wants a visible video over 20 % of the viewport; it must not catch taps.
        assert video["covers"] and video["touch"] == "none", video
        # Still playing after more than its own length: it loops.
        phone.wait_for_timeout(2500)
        assert phone.evaluate(f"!{VIDEO}.paused && !{VIDEO}.ended")

        # The page hidden (screen off, another app): paused; back: playing again.
        set_hidden(phone, True)
        phone.wait_for_function(f"() => {VIDEO}.paused", timeout=WAIT_MS)
        set_hidden(phone, False)
        phone.wait_for_function(f"() => !{VIDEO}.paused", timeout=WAIT_MS)

        # The game is over (the host ends it): back in the lobby, paused.
        command("new_game")
        phone.wait_for_selector("#screen-lobby:not(.hidden)", timeout=WAIT_MS)
        phone.wait_for_function(f"() => {VIDEO}.paused", timeout=WAIT_MS)
    finally:
        client.disconnect()


def test_no_video_when_the_wake_lock_api_works(host, new_phone):
    client = socketio.Client()
    client.connect(host.url, transports=["websocket"])
    try:
        room = client.call("create_room", {"game": "ferrocarril"})
        client.call("host", {"room": room["room"], "host_token": room["host_token"],
                             "command": "add_bot", "args": {"level": "facil"}})
        phone = new_phone()
        phone.add_init_script("""
            window.__locks = 0;
            WakeLock.prototype.request = function () {
                window.__locks += 1;
                const sentinel = new EventTarget();
                sentinel.release = async () => {};
                return Promise.resolve(sentinel);
            };""")
        phone.goto(host.url + "/j/" + room["room"])
        phone.fill("#name-input", "Ana")
        phone.tap("#join-btn")
        phone.wait_for_selector("#screen-lobby:not(.hidden)", timeout=WAIT_MS)
        client.call("host", {"room": room["room"], "host_token": room["host_token"],
                             "command": "start", "args": {}})
        phone.wait_for_selector("#screen-game:not(.hidden)", timeout=WAIT_MS)
        phone.wait_for_function("() => window.__locks > 0", timeout=WAIT_MS)
        phone.wait_for_timeout(500)
        assert phone.evaluate(f"!{VIDEO} || {VIDEO}.paused")
    finally:
        client.disconnect()
