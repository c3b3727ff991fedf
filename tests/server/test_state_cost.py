"""What each state sent costs the host: work that depends only on the seats' colours and names
is done once, not again for every state of every client (it runs under the room's lock, on the
way from a move to the screens)."""
from server import palette
from server.room import Room, Seat


def test_seat_inks_and_initials_are_not_worked_out_again_for_each_state(monkeypatch):
    names = ("Abuela", "Abuelo", "Pepa", "Luis")
    room = Room("ABCD", "host", "ferrocarril",
                seats=[Seat(f"s{i}", name, palette.COLORS[i]) for i, name in enumerate(names)])
    room.summary()                                  # the first state works them out
    contrasts = []
    real = palette.contrast
    monkeypatch.setattr(palette, "contrast", lambda a, b: contrasts.append(a) or real(a, b))
    letters = []
    real_letters = palette._letters
    monkeypatch.setattr(palette, "_letters", lambda name: letters.append(name)
                        or real_letters(name))
    for version in range(50):                       # 50 more states, to 6 screens say
        room.version = version
        seats = room.summary()["seats"]
    assert contrasts == [] and letters == []
    assert [s["initial"] for s in seats] == ["Ab", "Ab", "P", "L"]
    assert [s["ink"] for s in seats] == [palette.ink(c) for c in palette.COLORS[:4]]
