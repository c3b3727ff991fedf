"""What the key-moment tests share: a moment's words name cards and tiles in words."""
import re

# A card code ("7o", "Kh", "*"); "el As de picas" and "of 5s" (a canasta of 5s) are words.
CARD_CODE = re.compile(r"(?<![\w«'])(?<!of )(?:10|[2-9AJQKSCR])[ocebshdc](?!\w| de )|\*")
# A tile is named "el 12-7" / "the 12-7" / "{p2}'s 6-3", never bare.
TILE = re.compile(r"(?<![\w-])\d{1,2}-\d{1,2}(?![\w-])")
TILE_NAMED = re.compile(r"(\b(el|del|al|the)|'s)\s+$")


def assert_in_words(moment):
    """Both languages, seats as {pN}, no card or tile written as a code."""
    for lang in ("es", "en"):
        text = moment[lang]
        assert text and not CARD_CODE.search(text), text
        for tile in TILE.finditer(text):
            assert TILE_NAMED.search(text[:tile.start()]), text
        for seat in re.findall(r"\{p(\d+)\}", text):
            assert int(seat) in moment["seats"]
    assert moment["es"] != moment["en"]
