"""What the game chooser shows about Tren Mexicano: summary and the house-rules card (its
options are declared in `options.py`)."""

INFO = {
    "title": {"es": "Tren Mexicano", "en": "Tren Mexicano"},
    "summary": {
        "es": "Dominó doble 12: alarga tu tren o el tren de todos.",
        "en": "Double-12 dominoes: grow your train or everyone's.",
    },
    "seating_tip": {
        "es": "Se juega por orden de asiento: el siguiente asiento es quien juega después.",
        "en": "Play goes in seat order: the next seat plays next.",
    },
    "house_rules": [
        {"es": "Si puedes jugar, juegas: solo roba quien no tiene ficha que encaje.",
         "en": "If you can play, you play: only a player with no tile that fits draws."},
        {"es": "La ficha robada que encaja se juega en el acto; si no, marcador y pasas.",
         "en": "A drawn tile that fits is played at once; if not, marker out and you pass."},
        {"es": "Tras jugar un doble, si no lo cubres puedes robar una para cubrirlo.",
         "en": "After playing a double you may draw one to cover it if you cannot."},
        {"es": "Mientras tu tren está sin empezar, solo juegas en él (o cubres un doble).",
         "en": "Until your train has a tile, you play only on it (or cover a double)."},
        {"es": "Si nadie puede jugar y el cementerio está vacío, la ronda acaba al momento.",
         "en": "When nobody can play and the boneyard is empty, the round ends at once."},
    ],
}
