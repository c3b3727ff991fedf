"""Cards named in sentences on the screens, with the article their name takes: "la Sota de
bastos" (the Sota is feminine), "el 7 de copas", "el comodín", "the Jack of clubs"."""
from __future__ import annotations

WORDS = """async () => {
  const { theCard } = await import("/static/js/pieces/spanish.js");
  return [theCard("Sb", "es"), theCard("7c", "es"), theCard("Ro", "es"), theCard("*", "es"),
          theCard("Sb", "en"), theCard("Ae", "en")];
}"""


def test_a_card_in_a_sentence_takes_its_article(tv, host):
    tv.goto(host.url + "/")
    assert tv.evaluate(WORDS) == ["la Sota de bastos", "el 7 de copas", "el Rey de oros",
                                  "el comodín", "the Jack of clubs", "the Ace of swords"]
