"""core/press.js in a real browser: a redraw asked for while a pointer is down waits for the
release, so the click that release makes still reaches the button the finger pressed (the TV's
lobby and the one-device page's entry redraw whenever the host sends them something)."""
from tests.browser.pages import page_in

SET_UP = """async () => {
    const { pressGuard } = await import('/static/js/core/press.js');
    const room = document.createElement('div');
    document.body.replaceChildren(room);
    window.clicks = 0;
    window.redraws = 0;
    window.draw = () => {
        const button = document.createElement('button');
        button.textContent = 'Tren';
        button.style.cssText = 'position:fixed;left:100px;top:100px;width:200px;height:100px';
        button.addEventListener('click', () => { window.clicks += 1; });
        room.replaceChildren(button);
    };
    window.draw();
    window.heldBack = pressGuard(() => true);
    window.redraw = () => { window.redraws += 1; window.draw(); };
}"""
ASK = "() => window.heldBack(window.redraw) || (window.redraw(), false)"


def test_a_redraw_during_a_press_waits_for_the_release_and_the_click_counts(browser, host):
    with page_in(browser, 10000, viewport={"width": 800, "height": 600}) as page:
        page.goto(host.url + "/static/css/base.css")    # the host's origin, and no page script
        page.evaluate(SET_UP)

        assert page.evaluate(ASK) is False                   # no press: drawn at once
        assert page.evaluate("window.redraws") == 1

        page.mouse.move(200, 150)
        page.mouse.down()
        assert page.evaluate(ASK) is True                    # put off
        assert page.evaluate("window.redraws") == 1
        page.mouse.up()
        page.wait_for_function("window.redraws === 2")       # drawn after the release
        assert page.evaluate("window.clicks") == 1           # and the click was not lost

        page.mouse.down()
        assert page.evaluate(ASK) is True
        page.wait_for_function("window.redraws === 3", timeout=4000)   # a long hold: drawn anyway
        page.mouse.up()
        assert page.evaluate(ASK) is False
