"""Imhotep's texts in English and Spanish (the events of ``events.py`` and the terms they use). Spanish uses the
glossary's words, not the machine-translated rulebook's: trineo, carta de ronda, cámara funeraria, Palanca,
Martillo, Vela, Cincel...; the player is addressed as "tú"."""

TEXTS = {
    # sites
    "imhotep.market": {"en": "the market", "es": "el mercado"},
    "imhotep.pyramid": {"en": "the pyramid", "es": "la pirámide"},
    "imhotep.temple": {"en": "the temple", "es": "el templo"},
    "imhotep.burial chamber": {"en": "the burial chamber", "es": "la cámara funeraria"},
    "imhotep.obelisks": {"en": "the obelisks", "es": "los obeliscos"},
    # market cards
    "imhotep.ENTRANCE": {"en": "Entrance", "es": "Entrada"},
    "imhotep.SARCOPHAGUS": {"en": "Sarcophagus", "es": "Sarcófago"},
    "imhotep.PAVED_PATH": {"en": "Paved path", "es": "Camino pavimentado"},
    "imhotep.DECO_PYR": {"en": "Pyramid decoration", "es": "Decoración de la pirámide"},
    "imhotep.DECO_TMP": {"en": "Temple decoration", "es": "Decoración del templo"},
    "imhotep.DECO_BUR": {"en": "Burial chamber decoration", "es": "Decoración de la cámara funeraria"},
    "imhotep.DECO_OBL": {"en": "Obelisk decoration", "es": "Decoración de los obeliscos"},
    "imhotep.STATUE": {"en": "Statue", "es": "Estatua"},
    "imhotep.LEVER": {"en": "Lever", "es": "Palanca"},
    "imhotep.HAMMER": {"en": "Hammer", "es": "Martillo"},
    "imhotep.SAIL": {"en": "Sail", "es": "Vela"},
    "imhotep.CHISEL": {"en": "Chisel", "es": "Cincel"},
    # events
    "imhotep.round_begins": {
        "en": "Round {round} begins: ships of {ships} spaces.",
        "es": "Empieza la ronda {round}: barcos de {ships} espacios.",
    },
    "imhotep.card_taken": {
        "en": "{player!p} takes the market card {card!t}.",
        "es": "{player!p} toma la carta de mercado {card!t}.",
    },
    "imhotep.card_taken.you": {
        "en": "You take the market card {card!t}.",
        "es": "Tomas la carta de mercado {card!t}.",
    },
    "imhotep.red_card": {
        "en": "{player!p} takes {card!t}: a stone from the quarry goes to {site!t}.",
        "es": "{player!p} toma {card!t}: una piedra de su cantera va a {site!t}.",
    },
    "imhotep.red_card.you": {
        "en": "You take {card!t}: a stone from your quarry goes to {site!t}.",
        "es": "Tomas {card!t}: una piedra de tu cantera va a {site!t}.",
    },
    "imhotep.pyramid_points": {
        "en": "{player!p} scores {points:point|points} at the pyramid.",
        "es": "{player!p} gana {points:punto|puntos} en la pirámide.",
    },
    "imhotep.pyramid_points.you": {
        "en": "You score {points:point|points} at the pyramid.",
        "es": "Ganas {points:punto|puntos} en la pirámide.",
    },
    "imhotep.round_over": {"en": "Round {round} is over.", "es": "Termina la ronda {round}."},
    "imhotep.temple_points": {
        "en": "{player!p} scores {points:point|points} for the temple.",
        "es": "{player!p} gana {points:punto|puntos} por el templo.",
    },
    "imhotep.temple_points.you": {
        "en": "You score {points:point|points} for the temple.",
        "es": "Ganas {points:punto|puntos} por el templo.",
    },
    "imhotep.stones_returned": {
        "en": "Stones of {player!p} on ships that did not sail go back to the quarry: {stones}.",
        "es": "Piedras de {player!p} en barcos que no navegaron vuelven a la cantera: {stones}.",
    },
    "imhotep.stones_returned.you": {
        "en": "Your stones on ships that did not sail go back to your quarry: {stones}.",
        "es": "Tus piedras en barcos que no navegaron vuelven a tu cantera: {stones}.",
    },
    "imhotep.final_score": {
        "en": "{player!p} scores {total:point|points} at the end: burial chamber {burial}, obelisks {obelisk}, "
              "decorations {decoration}, statues {statues}, blue cards {blue}, Wrath of the Pharaoh {wrath}.",
        "es": "{player!p} gana {total:punto|puntos} al final: cámara funeraria {burial}, obeliscos {obelisk}, "
              "decoraciones {decoration}, estatuas {statues}, cartas azules {blue}, Ira del faraón {wrath}.",
    },
    "imhotep.final_score.you": {
        "en": "You score {total:point|points} at the end: burial chamber {burial}, obelisks {obelisk}, "
              "decorations {decoration}, statues {statues}, blue cards {blue}, Wrath of the Pharaoh {wrath}.",
        "es": "Ganas {total:punto|puntos} al final: cámara funeraria {burial}, obeliscos {obelisk}, "
              "decoraciones {decoration}, estatuas {statues}, cartas azules {blue}, Ira del faraón {wrath}.",
    },
    # the game and its options (Game.description, Game.option_info)
    "imhotep.description": {
        "en": "2-4 builders of ancient Egypt load stones on ships and sail them to five sites: the market, the "
              "pyramid, the temple, the burial chamber and the obelisks.",
        "es": "De 2 a 4 constructores del antiguo Egipto cargan piedras en barcos y navegan con ellos a cinco "
              "sitios: el mercado, la pirámide, el templo, la cámara funeraria y los obeliscos.",
    },
    "imhotep.option.wrath": {"en": "Wrath of the Pharaoh", "es": "Ira del faraón"},
    "imhotep.option.wrath.help": {
        "en": "Variant: at the end, -5 points to whoever has no stone at one of the pyramid, temple, burial "
              "chamber and obelisks.",
        "es": "Variante: al final, -5 puntos para quien no tenga ninguna piedra en alguno de la pirámide, el "
              "templo, la cámara funeraria y los obeliscos.",
    },
}
