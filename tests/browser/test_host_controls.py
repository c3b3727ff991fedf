"""The host's controls in a real browser: a latecomer asks to play for the computer and the host
accepts on the TV; the host hands a seat to the computer and the player takes it back from the
phone ("Volver a jugar"); the host removes a person mid-game; the menu says which version of
Sobremesa runs."""
import re

from playwright.sync_api import expect

from server.version import VERSION
from tests.browser import pages

WAIT_MS = 8000


def open_table(host, tv, new_phone):
    return pages.open_table(host, tv, new_phone, WAIT_MS)


def open_menu(tv):
    tv.locator("#host-menu-btn").click()
    expect(tv.locator(".host-menu")).to_be_visible()


def menu_seat(tv, name):
    return tv.locator(".menu-seat", has=tv.locator(".menu-name", has_text=name))


def test_a_latecomer_asks_and_the_host_accepts_on_the_tv(host, tv, new_phone):
    join_url, _ = open_table(host, tv, new_phone)
    primo = new_phone()
    primo.set_default_timeout(WAIT_MS)
    primo.goto(join_url)
    primo.locator("#name-input").fill("Primo")
    primo.locator("#join-btn").click()
    expect(primo.locator("#takeover-msg")).to_contain_text("ya ha empezado")
    expect(primo.locator("#takeover-name")).to_have_value("Primo")
    primo.locator(".takeover-seat").click()
    expect(primo.locator("#takeover-msg")).to_contain_text("Esperando a que el anfitrión acepte")
    expect(primo.locator(".fc-hand .hand-card")).to_have_count(0)
    prompt = tv.locator(".requests .request")
    expect(prompt).to_have_text(re.compile("Primo quiere jugar por Robotina"))
    prompt.locator(".accept").click()
    expect(prompt).to_have_count(0)
    expect(primo.locator("#takeover")).to_be_hidden()
    expect(primo.locator(".fc-hand .hand-card")).not_to_have_count(0)
    expect(tv.locator(".player-row .name")).to_have_text(["Abuela", "Primo"])
    primo.reload()                                  # the seat is its own now
    expect(primo.locator(".fc-hand .hand-card")).not_to_have_count(0)


def test_the_host_hands_a_seat_over_and_the_player_takes_it_back(host, tv, new_phone):
    _, abuela = open_table(host, tv, new_phone)
    open_menu(tv)
    version = tv.locator(".host-menu .menu-version")
    expect(version).to_have_text(f"Sobremesa, versión {VERSION}")
    # both boxes in one tick: measured one after the other, the menu could still be laying out
    box, menu = tv.evaluate("""() => [".host-menu .menu-version", ".host-menu"].map(s => {
        const r = document.querySelector(s).getBoundingClientRect();
        return {y: r.y, height: r.height};
    })""")
    assert box["y"] + box["height"] <= menu["y"] + menu["height"] and box["height"] >= 20
    menu_seat(tv, "Abuela").get_by_role("button", name="Pasar al ordenador").click()
    bar = abuela.locator("#autoplay-bar")
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("El anfitrión ha pasado tu asiento al ordenador")
    abuela.reload()                                 # a reconnect does not undo it
    expect(abuela.locator("#autoplay-bar")).to_be_visible()
    abuela.locator("#reclaim-btn").click()
    expect(abuela.locator("#autoplay-bar")).to_be_hidden()
    expect(menu_seat(tv, "Abuela").locator(".menu-status")).to_have_text("Móvil")


def test_the_host_removes_a_person_mid_game_and_the_computer_plays_on(host, tv, new_phone):
    _, abuela = open_table(host, tv, new_phone)
    open_menu(tv)
    remove = menu_seat(tv, "Abuela").locator("button.remove")
    remove.click()
    expect(remove).to_have_text("¿Seguro? Toca otra vez")
    remove.click()
    expect(abuela.locator("body")).to_have_attribute("data-screen", "kicked")
    expect(tv.locator(".menu-seat .menu-status")).to_have_text(["Ordenador", "Ordenador"])


def test_a_game_that_cannot_be_restored_is_shown_and_the_phone_keeps_its_seat(host, tv, new_phone):
    import json
    import sqlite3
    join_url, abuela = open_table(host, tv, new_phone)
    code = join_url.rsplit("/", 1)[1]
    token = abuela.evaluate(f"() => localStorage.getItem('sobremesa.seat.{code}')")
    host.kill()
    db = sqlite3.connect(host.data_dir / "sobremesa.sqlite3")
    db.execute("INSERT OR REPLACE INTO actions (room, n, seat, action) VALUES (?, 0, 0, ?)",
               (code, json.dumps({"type": "discard", "card": "99z"})))
    db.commit()
    db.close()
    host.start()
    abuela.reload()
    expect(abuela.locator("#join-problem")).to_contain_text("no se pudo recuperar")
    assert abuela.evaluate(f"() => localStorage.getItem('sobremesa.seat.{code}')") == token
    tv.reload()                           # not the house's screen: nothing of the house
    tv.locator("#host-menu-btn").click()
    expect(tv.locator(".menu-pair")).to_contain_text("¿Es la tele de casa?")
    expect(tv.locator(".menu-damaged")).to_have_count(0)
    tv.locator(".host-menu .menu-close").click()
    tv.goto(host.tv_url)                  # the laptop's own TV: with the house key
    expect(tv).to_have_url(host.url + "/")
    tv.locator("#host-menu-btn").click()
    expect(tv.locator(".menu-damaged li")).to_contain_text("Abuela, Robotina")
