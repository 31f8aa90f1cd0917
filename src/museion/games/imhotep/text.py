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
    # stone colours (seats play black, white, brown, grey)
    "imhotep.black": {"en": "black", "es": "negra"},
    "imhotep.white": {"en": "white", "es": "blanca"},
    "imhotep.brown": {"en": "brown", "es": "marrón"},
    "imhotep.grey": {"en": "grey", "es": "gris"},
    # what each market card does (the terminal's legend, the move texts)
    "imhotep.effect_ENTRANCE": {"en": "put 1 stone from your quarry on the pyramid",
                                "es": "pon 1 piedra de tu cantera en la pirámide"},
    "imhotep.effect_SARCOPHAGUS": {"en": "put 1 stone from your quarry in the burial chamber",
                                   "es": "pon 1 piedra de tu cantera en la cámara funeraria"},
    "imhotep.effect_PAVED_PATH": {"en": "put 1 stone from your quarry on your obelisk",
                                  "es": "pon 1 piedra de tu cantera en tu obelisco"},
    "imhotep.effect_DECO_PYR": {"en": "at the end, 1 point per 3 stones at the pyramid",
                                "es": "al final, 1 punto por cada 3 piedras en la pirámide"},
    "imhotep.effect_DECO_TMP": {"en": "at the end, 1 point per 3 stones in the temple",
                                "es": "al final, 1 punto por cada 3 piedras en el templo"},
    "imhotep.effect_DECO_BUR": {"en": "at the end, 1 point per 3 stones in the burial chamber",
                                "es": "al final, 1 punto por cada 3 piedras en la cámara funeraria"},
    "imhotep.effect_DECO_OBL": {"en": "at the end, 1 point per 3 stones on the obelisks",
                                "es": "al final, 1 punto por cada 3 piedras en los obeliscos"},
    "imhotep.effect_STATUE": {"en": "at the end, 1/3/6/10/15 points for 1-5 statues, +2 per further statue",
                              "es": "al final, 1/3/6/10/15 puntos por 1-5 estatuas, +2 por cada estatua más"},
    "imhotep.effect_LEVER": {"en": "sail 1 ship and choose the unloading order",
                             "es": "navega con 1 barco y elige el orden de descarga"},
    "imhotep.effect_HAMMER": {"en": "get up to 3 stones, then place 1 stone on a ship",
                              "es": "consigue hasta 3 piedras y coloca 1 piedra en un barco"},
    "imhotep.effect_SAIL": {"en": "place 1 stone on a ship, then sail that ship",
                            "es": "coloca 1 piedra en un barco y navega con ese barco"},
    "imhotep.effect_CHISEL": {"en": "place 2 stones: both on 1 ship or 1 on each of 2 ships",
                              "es": "coloca 2 piedras: ambas en 1 barco o 1 en cada uno de 2 barcos"},
    # moves in words (State.describe): imperative in English, infinitive in Spanish
    "imhotep.m.start": {"en": "{player!p} is the start player", "es": "{player!p} es el jugador inicial"},
    "imhotep.m.round": {"en": "Round card: ships of {ships} spaces",
                        "es": "Carta de ronda: barcos de {ships} espacios"},
    "imhotep.m.deal": {"en": "Market card dealt: {card!t}", "es": "Se reparte la carta de mercado {card!t}"},
    "imhotep.m.get": {"en": "Get {n:stone|stones} from your quarry onto your sled",
                      "es": "Conseguir {n:piedra|piedras} de tu cantera para tu trineo"},
    "imhotep.m.place": {"en": "Place a stone on ship {ship}, space {space}",
                        "es": "Colocar una piedra en el barco {ship}, espacio {space}"},
    "imhotep.m.sail": {"en": "Sail ship {ship} ({n:stone|stones}) to {site!t}",
                       "es": "Navegar con el barco {ship} ({n:piedra|piedras}) a {site!t}"},
    "imhotep.m.card": {"en": "Play {card!t}: {effect!t}", "es": "Jugar {card!t}: {effect!t}"},
    "imhotep.m.pick": {"en": "Take the market card {card!t}: {effect!t}",
                       "es": "Tomar la carta de mercado {card!t}: {effect!t}"},
    "imhotep.m.order": {"en": "Unload a {colour!t} stone next", "es": "Descargar ahora una piedra {colour!t}"},
    "imhotep.m.pass": {"en": "Pass (nothing else is possible)", "es": "Pasar (no hay otra jugada posible)"},
    # why a move is not legal (State.explain_illegal)
    "imhotep.r.phase": {"en": "now you must {phase!t}", "es": "ahora debes {phase!t}"},
    "imhotep.phase_lever_sail": {"en": "sail a ship (Lever)", "es": "navegar con un barco (Palanca)"},
    "imhotep.phase_lever_unloading_order": {"en": "choose the next stone to unload (Lever)",
                                            "es": "elegir la siguiente piedra que se descarga (Palanca)"},
    "imhotep.phase_hammer_place": {"en": "place a stone on a ship (Hammer)",
                                   "es": "colocar una piedra en un barco (Martillo)"},
    "imhotep.phase_sail_card_place": {"en": "place a stone on a ship you can then sail (Sail)",
                                      "es": "colocar una piedra en un barco con el que luego puedas navegar (Vela)"},
    "imhotep.phase_sail_card_sail": {"en": "sail the ship you loaded (Sail)",
                                     "es": "navegar con el barco que cargaste (Vela)"},
    "imhotep.phase_chisel_first_stone": {"en": "place the first stone (Chisel)",
                                         "es": "colocar la primera piedra (Cincel)"},
    "imhotep.phase_chisel_second_stone": {"en": "place the second stone (Chisel)",
                                          "es": "colocar la segunda piedra (Cincel)"},
    "imhotep.phase_market_pick": {"en": "take a market card", "es": "tomar una carta de mercado"},
    "imhotep.r.only_pick": {"en": "market cards are taken only when a ship unloads at the market",
                            "es": "las cartas de mercado solo se toman cuando un barco descarga en el mercado"},
    "imhotep.r.only_order": {"en": "the unloading order is chosen only with the Lever",
                             "es": "el orden de descarga solo se elige con la Palanca"},
    "imhotep.r.sled_full": {"en": "your sled is full ({n} stones)", "es": "tu trineo está lleno ({n} piedras)"},
    "imhotep.r.quarry_empty": {"en": "your quarry is empty", "es": "tu cantera está vacía"},
    "imhotep.r.sled_empty": {"en": "your sled is empty: get stones first",
                             "es": "tu trineo está vacío: consigue piedras antes"},
    "imhotep.r.ship_gone": {"en": "ship {ship} has already sailed to {site!t}",
                            "es": "el barco {ship} ya navegó a {site!t}"},
    "imhotep.r.no_space": {"en": "ship {ship} has only {cap:space|spaces} this round",
                           "es": "el barco {ship} solo tiene {cap:espacio|espacios} esta ronda"},
    "imhotep.r.space_taken": {"en": "space {space} of ship {ship} is taken",
                              "es": "el espacio {space} del barco {ship} está ocupado"},
    "imhotep.r.sail_card_min": {
        "en": "with the Sail, the ship must then be able to sail: ship {ship} needs at least {min:stone|stones} "
              "and would have {n}",
        "es": "con la Vela, el barco debe poder navegar después: el barco {ship} necesita al menos "
              "{min:piedra|piedras} y tendría {n}"},
    "imhotep.r.sail_that_ship": {"en": "with the Sail you sail ship {ship}, the one you loaded",
                                 "es": "con la Vela navegas con el barco {ship}, el que cargaste"},
    "imhotep.r.ship_minimum": {"en": "ship {ship} needs at least {min:stone|stones} to sail; it has {n}",
                               "es": "el barco {ship} necesita al menos {min:piedra|piedras} para navegar; tiene {n}"},
    "imhotep.r.site_taken": {"en": "a ship is already at {site!t}", "es": "ya hay un barco en {site!t}"},
    "imhotep.r.no_card": {"en": "you have no {card!t} card", "es": "no tienes la carta {card!t}"},
    "imhotep.r.card_LEVER": {"en": "the Lever needs a ship that can sail", "es": "la Palanca necesita un barco que "
                                                                                "pueda navegar"},
    "imhotep.r.card_HAMMER": {"en": "the Hammer needs stones to get or a stone to place",
                              "es": "el Martillo necesita piedras que conseguir o una piedra que colocar"},
    "imhotep.r.card_SAIL": {"en": "the Sail needs a stone on your sled and a ship that one more stone lets sail",
                            "es": "la Vela necesita una piedra en tu trineo y un barco que pueda navegar con una "
                                  "piedra más"},
    "imhotep.r.card_CHISEL": {"en": "the Chisel needs 2 stones on your sled and 2 free ship spaces",
                              "es": "el Cincel necesita 2 piedras en tu trineo y 2 espacios libres en los barcos"},
    "imhotep.r.market_none": {"en": "the market has no {card!t} card", "es": "en el mercado no hay carta {card!t}"},
    "imhotep.r.order_none": {"en": "no {colour!t} stone is waiting to be unloaded",
                             "es": "no hay ninguna piedra {colour!t} esperando a descargarse"},
    "imhotep.r.pass": {"en": "you may pass only when nothing else is possible",
                       "es": "solo puedes pasar cuando no hay otra jugada posible"},
    # the score broken down (State.score_breakdown)
    "imhotep.bd.pyramid": {"en": "Pyramid", "es": "Pirámide"},
    "imhotep.bd.temple": {"en": "Temple", "es": "Templo"},
    "imhotep.bd.burial": {"en": "Burial chamber", "es": "Cámara funeraria"},
    "imhotep.bd.obelisks": {"en": "Obelisks", "es": "Obeliscos"},
    "imhotep.bd.decorations": {"en": "Decorations (green cards)", "es": "Decoraciones (cartas verdes)"},
    "imhotep.bd.statues": {"en": "Statues (purple cards)", "es": "Estatuas (cartas moradas)"},
    "imhotep.bd.blue": {"en": "Unused blue cards", "es": "Cartas azules sin usar"},
    "imhotep.bd.wrath": {"en": "Wrath of the Pharaoh", "es": "Ira del faraón"},
    # the terminal's legend (State.legend)
    "imhotep.lg.colours": {
        "en": "Stones: K black, W white, B brown, G grey. Moves: S get stones; P2.3 place on ship 2, space 3 (1 = "
              "bow); V1>PYR sail ship 1 to the pyramid (MKT market, PYR pyramid, TMP temple, BUR burial chamber, "
              "OBL obelisks); C:LEVER play a blue card; M:STATUE take a market card; U:WHITE unload white next.",
        "es": "Piedras: K negra, W blanca, B marrón, G gris. Jugadas: S conseguir piedras; P2.3 colocar en el barco "
              "2, espacio 3 (1 = proa); V1>PYR navegar con el barco 1 a la pirámide (MKT mercado, PYR pirámide, TMP "
              "templo, BUR cámara funeraria, OBL obeliscos); C:LEVER jugar una carta azul; M:STATUE tomar una carta "
              "de mercado; U:WHITE descargar ahora la blanca."},
    "imhotep.lg.card": {"en": "{code}: {card!t}, {what!t}", "es": "{code}: {card!t}, {what!t}"},
}
