"""Tholos's texts in English and Spanish (the events of ``events.py``), with the publisher's Spanish words
(localización, columna, piedra, puntos de victoria); the player is addressed as "tú"."""

TEXTS = {
    "tholos.column_full": {
        "en": "Location {loc} is complete ({height:stone|stones}).",
        "es": "La localización {loc} está completa ({height:piedra|piedras}).",
    },
    "tholos.column_won": {
        "en": "Location {loc}: {player!p} has the most influence and scores {points} VP.",
        "es": "Localización {loc}: {player!p} tiene la mayor influencia y gana {points} PV.",
    },
    "tholos.column_won.you": {
        "en": "Location {loc}: you have the most influence and score {points} VP.",
        "es": "Localización {loc}: tienes la mayor influencia y ganas {points} PV.",
    },
    "tholos.column_tied": {
        "en": "Location {loc}: equal influence, nobody scores.",
        "es": "Localización {loc}: influencia igualada, nadie puntúa.",
    },
    "tholos.final_score": {
        "en": "{player!p}: {points} VP, columns won: {columns}.",
        "es": "{player!p}: {points} PV, columnas ganadas: {columns}.",
    },
    "tholos.final_score.you": {
        "en": "You: {points} VP, columns won: {columns}.",
        "es": "Tú: {points} PV, columnas ganadas: {columns}.",
    },
    # the game and its options (Game.description, Game.option_info)
    "tholos.description": {
        "en": "Two builders raise the seven columns of a Greek temple with white, black and grey stones; whoever "
              "has the most influence in a finished column scores its stones.",
        "es": "Dos constructores levantan las siete columnas de un templo griego con piedras blancas, negras y "
              "grises; quien tiene la mayor influencia en una columna terminada puntúa sus piedras.",
    },
    "tholos.option.advanced": {"en": "Advanced mode (ornaments)", "es": "Modo avanzado (ornamentaciones)"},
    "tholos.option.advanced.help": {
        "en": "Play the board side with ornament tiles, which change how some locations score.",
        "es": "Juega con la cara del tablero con losetas de ornamentación, que cambian cómo puntúan algunas "
              "localizaciones.",
    },
    "tholos.option.ornaments": {"en": "Ornaments", "es": "Ornamentaciones"},
    "tholos.option.ornaments.help": {
        "en": "How many ornament tiles are drawn (0-5; empty: none in the basic mode, 2 in the advanced), or a "
              "placement such as 1@C,7@E.",
        "es": "Cuántas losetas de ornamentación se sacan (0-5; vacío: ninguna en el modo básico, 2 en el "
              "avanzado), o una colocación como 1@C,7@E.",
    },
    "tholos.option.ornament_locations": {"en": "Locations for ornaments", "es": "Localizaciones con ornamentación"},
    "tholos.option.ornament_locations.help": {
        "en": "The locations (letters A-G) where ornament tiles may be drawn.",
        "es": "Las localizaciones (letras A-G) donde pueden salir losetas de ornamentación.",
    },
    "tholos.option.end_check": {"en": "End of the game", "es": "Fin de la partida"},
    "tholos.option.end_check.help": {
        "en": "When a full temple ends the game.", "es": "Cuándo termina la partida al completarse el templo.",
    },
    "tholos.option.end_check.after_turn": {"en": "after the turn that fills the temple",
                                           "es": "tras el turno que completa el templo"},
    "tholos.option.end_check.immediate": {"en": "as soon as the temple is full",
                                          "es": "en cuanto el templo está completo"},
    "tholos.option.start_player.white": {"en": "White", "es": "Blanco"},
    "tholos.option.start_player.black": {"en": "Black", "es": "Negro"},
    # terms: stones, extra actions, ornaments (the terminal's legend and the texts below)
    "tholos.aW": {"en": "a white stone", "es": "una piedra blanca"},
    "tholos.aB": {"en": "a black stone", "es": "una piedra negra"},
    "tholos.aG": {"en": "a grey stone", "es": "una piedra gris"},
    "tholos.theW": {"en": "the white stone", "es": "la piedra blanca"},
    "tholos.theB": {"en": "the black stone", "es": "la piedra negra"},
    "tholos.theG": {"en": "the grey stone", "es": "la piedra gris"},
    "tholos.sW": {"en": "white stone", "es": "piedra blanca"},
    "tholos.sB": {"en": "black stone", "es": "piedra negra"},
    "tholos.sG": {"en": "grey stone", "es": "piedra gris"},
    "tholos.W": {"en": "White", "es": "Blanco"},
    "tholos.B": {"en": "Black", "es": "Negro"},
    "tholos.G": {"en": "grey", "es": "gris"},
    "tholos.extra_A": {"en": "move a grey top stone of another location onto a free location",
                       "es": "mover una piedra gris de lo alto de otra localización a una localización libre"},
    "tholos.extra_B": {"en": "move a white top stone of another location onto a free location",
                       "es": "mover una piedra blanca de lo alto de otra localización a una localización libre"},
    "tholos.extra_C": {"en": "return the top stone of another location to the quarry",
                       "es": "devolver a la cantera la piedra de lo alto de otra localización"},
    "tholos.extra_D": {"en": "take 1 stone of any colour from the quarry into your workshop",
                       "es": "tomar 1 piedra de cualquier color de la cantera para tu taller"},
    "tholos.extra_E": {"en": "take 1 stone of any colour from your rival's workshop into yours",
                       "es": "tomar 1 piedra de cualquier color del taller rival para el tuyo"},
    "tholos.extra_F": {"en": "place 1 more stone from your workshop on another free location",
                       "es": "colocar 1 piedra más de tu taller en otra localización libre"},
    "tholos.extra_G": {"en": "move a black top stone of another location onto a free location",
                       "es": "mover una piedra negra de lo alto de otra localización a una localización libre"},
    "tholos.orn1": {"en": "the winner of this column scores 3 more points",
                    "es": "quien gana esta columna suma 3 puntos más"},
    "tholos.orn2": {"en": "whoever has fewer stones of their colour here wins the column",
                    "es": "gana la columna quien tenga menos piedras de su color en ella"},
    "tholos.orn3": {"en": "grey stones here are worth +2 instead of -2",
                    "es": "las piedras grises aquí valen +2 en vez de -2"},
    "tholos.orn4": {"en": "grey stones here are worth -3 instead of -2",
                    "es": "las piedras grises aquí valen -3 en vez de -2"},
    "tholos.orn5": {"en": "placing a grey stone here also triggers the extra action",
                    "es": "colocar una piedra gris aquí también activa la acción adicional"},
    "tholos.orn6": {"en": "instead of the extra action, you may put a grey stone from the quarry on a free location",
                    "es": "en lugar de la acción adicional, puedes poner una piedra gris de la cantera en una "
                          "localización libre"},
    "tholos.orn7": {"en": "this column is 7 stones high", "es": "esta columna tiene 7 piedras de altura"},
    # moves in words (Explainer.describe): imperative in English, infinitive in Spanish
    "tholos.m.start": {"en": "{colour!t} starts", "es": "Empieza {colour!t}"},
    "tholos.m.ornament": {"en": "Ornament {k} on location {loc}: {what!t}",
                          "es": "Ornamentación {k} en la localización {loc}: {what!t}"},
    "tholos.m.take.W": {"en": "Take {n:white stone|white stones} from the quarry",
                        "es": "Tomar {n:piedra blanca|piedras blancas} de la cantera"},
    "tholos.m.take.B": {"en": "Take {n:black stone|black stones} from the quarry",
                        "es": "Tomar {n:piedra negra|piedras negras} de la cantera"},
    "tholos.m.take.G": {"en": "Take {n:grey stone|grey stones} from the quarry",
                        "es": "Tomar {n:piedra gris|piedras grises} de la cantera"},
    "tholos.m.place": {"en": "Place {stone!t} on location {loc}", "es": "Colocar {stone!t} en la localización {loc}"},
    "tholos.m.second": {"en": "Extra action: place {stone!t} on location {loc} too",
                        "es": "Acción adicional: colocar también {stone!t} en la localización {loc}"},
    "tholos.m.move": {"en": "Extra action: move {stone!t} on top of location {src} to location {dst}",
                      "es": "Acción adicional: mover {stone!t} de lo alto de la localización {src} a la "
                            "localización {dst}"},
    "tholos.m.return": {"en": "Extra action: return {stone!t} on top of location {src} to the quarry",
                        "es": "Acción adicional: devolver a la cantera {stone!t} de lo alto de la localización {src}"},
    "tholos.m.quarry": {"en": "Extra action: take {stone!t} from the quarry",
                        "es": "Acción adicional: tomar {stone!t} de la cantera"},
    "tholos.m.steal": {"en": "Extra action: take {stone!t} from the rival's workshop",
                       "es": "Acción adicional: tomar {stone!t} del taller rival"},
    "tholos.m.grey": {"en": "Ornament 6: put a grey stone from the quarry on location {loc}",
                      "es": "Ornamentación 6: poner una piedra gris de la cantera en la localización {loc}"},
    "tholos.m.decline": {"en": "Skip the extra action of location {loc}",
                         "es": "No hacer la acción adicional de la localización {loc}"},
    # why a move is not legal (Explainer.explain_illegal)
    "tholos.r.finish_extra": {
        "en": "first take the extra action of location {loc}, or skip it (x-)",
        "es": "primero haz la acción adicional de la localización {loc}, o renuncia a ella (x-)"},
    "tholos.r.no_extra": {
        "en": "an extra action comes only after you place a stone of your colour",
        "es": "una acción adicional solo llega tras colocar una piedra de tu color"},
    "tholos.r.workshop_full": {
        "en": "your workshop is full (3 stones): place a stone first",
        "es": "tu taller está lleno (3 piedras): coloca antes una piedra"},
    "tholos.r.workshop_space": {
        "en": "only {free:free space|free spaces} in your workshop",
        "es": "solo {free:espacio libre|espacios libres} en tu taller"},
    "tholos.r.take_limit.W": {
        "en": "you may take at most {limit:white stone|white stones} at once "
              "(3 of your colour, 2 grey, 1 of your rival's)",
        "es": "puedes tomar como mucho {limit:piedra blanca|piedras blancas} a la vez "
              "(3 de tu color, 2 grises, 1 del rival)"},
    "tholos.r.take_limit.B": {
        "en": "you may take at most {limit:black stone|black stones} at once "
              "(3 of your colour, 2 grey, 1 of your rival's)",
        "es": "puedes tomar como mucho {limit:piedra negra|piedras negras} a la vez "
              "(3 de tu color, 2 grises, 1 del rival)"},
    "tholos.r.take_limit.G": {
        "en": "you may take at most {limit:grey stone|grey stones} at once "
              "(3 of your colour, 2 grey, 1 of your rival's)",
        "es": "puedes tomar como mucho {limit:piedra gris|piedras grises} a la vez "
              "(3 de tu color, 2 grises, 1 del rival)"},
    "tholos.r.quarry_short.W": {"en": "the quarry has {left:white stone|white stones} left",
                                "es": "en la cantera quedan {left:piedra blanca|piedras blancas}"},
    "tholos.r.quarry_short.B": {"en": "the quarry has {left:black stone|black stones} left",
                                "es": "en la cantera quedan {left:piedra negra|piedras negras}"},
    "tholos.r.quarry_short.G": {"en": "the quarry has {left:grey stone|grey stones} left",
                                "es": "en la cantera quedan {left:piedra gris|piedras grises}"},
    "tholos.r.no_stone": {"en": "you have no {stone!t} in your workshop",
                          "es": "no tienes ninguna {stone!t} en tu taller"},
    "tholos.r.column_full": {"en": "location {loc} is complete ({height:stone|stones})",
                             "es": "la localización {loc} está completa ({height:piedra|piedras})"},
    "tholos.r.no_ornament_6": {"en": "location {loc} has no ornament 6", "es": "la localización {loc} no tiene la "
                                                                               "ornamentación 6"},
    "tholos.r.wrong_extra": {"en": "the extra action of location {loc} is: {what!t}",
                             "es": "la acción adicional de la localización {loc} es: {what!t}"},
    "tholos.r.top_stone": {
        "en": "the extra action of location {at} moves a {colour!t} top stone of another location; location {src} "
              "has none on top",
        "es": "la acción adicional de la localización {at} mueve una piedra {colour!t} de lo alto de otra "
              "localización; la localización {src} no la tiene arriba"},
    "tholos.r.nothing_to_return": {
        "en": "location {src} has no stone that the extra action of location {at} could return",
        "es": "la localización {src} no tiene ninguna piedra que la acción adicional de {at} pueda devolver"},
    "tholos.r.rival_has_none": {"en": "your rival's workshop has no {stone!t}",
                                "es": "el taller rival no tiene ninguna {stone!t}"},
    "tholos.r.not_here": {"en": "the extra action must use another location than {loc}",
                          "es": "la acción adicional debe usar otra localización distinta de {loc}"},
    # the score broken down (Explainer.score_breakdown)
    "tholos.bd.column": {"en": "Column {loc}", "es": "Columna {loc}"},
    "tholos.bd.won": {"en": "{white} white, {black} black, {grey} grey: won by {player!p}",
                      "es": "{white:blanca|blancas}, {black:negra|negras}, {grey:gris|grises}: la gana {player!p}"},
    "tholos.bd.tied": {"en": "{white} white, {black} black, {grey} grey: equal influence, nobody scores",
                       "es": "{white:blanca|blancas}, {black:negra|negras}, {grey:gris|grises}: influencia "
                             "igualada, nadie puntúa"},
    # the terminal's legend (Explainer.legend)
    "tholos.lg.letters": {
        "en": "Stones: W white, B black, G grey. Moves: T2W take 2 white stones; PC:B place a black stone on C; "
              "xC:... the extra action of C; x- skip it.",
        "es": "Piedras: W blanca, B negra, G gris. Jugadas: T2W tomar 2 piedras blancas; PC:B colocar una piedra "
              "negra en C; xC:... la acción adicional de C; x- renunciar a ella."},
    "tholos.lg.location": {"en": "{loc}: {what!t}", "es": "{loc}: {what!t}"},
    "tholos.lg.ornament": {"en": "   ornament {k} on {loc}: {what!t}", "es": "   ornamentación {k} en {loc}: {what!t}"},
}
TEXTS.update({
    # the terminal's board (render.py)
    "tholos.b.ornaments": {"en": "orn.", "es": "orn."},
    "tholos.b.won": {"en": "won", "es": "gana"},
    "tholos.b.pts": {"en": "pts", "es": "PV"},
    "tholos.b.quarry": {"en": "Quarry", "es": "Cantera"},
    "tholos.b.workshop": {"en": "Workshop {c}", "es": "Taller {c}"},
    "tholos.b.score": {"en": "Score", "es": "Puntos"},
    "tholos.b.player_score": {"en": "{who} {points} ({columns:column|columns})",
                              "es": "{who} {points} ({columns:columna|columnas})"},
    "tholos.b.over_draw": {"en": "Tholos - game over after {turns} turns: a draw",
                           "es": "Tholos - partida terminada tras {turns} turnos: tablas"},
    "tholos.b.over": {"en": "Tholos - game over after {turns} turns: {who} wins {points} to {other}",
                      "es": "Tholos - partida terminada tras {turns} turnos: gana {who}, {points} a {other}"},
    "tholos.b.over_tiebreak": {
        "en": "Tholos - game over after {turns} turns: {who} wins {points} to {other} (tie-break: more columns won)",
        "es": "Tholos - partida terminada tras {turns} turnos: gana {who}, {points} a {other} (desempate: más "
              "columnas ganadas)"},
    "tholos.b.setting_up": {"en": "Tholos - setting up", "es": "Tholos - preparación"},
    "tholos.b.turn": {"en": "Tholos - turn {n}, {who} to move", "es": "Tholos - turno {n}, juega {who}"},
    "tholos.b.extra": {"en": " - extra action at {loc}: {what!t} (or x- to decline)",
                       "es": " - acción adicional de templo en {loc}: {what!t} (o x- para renunciar)"},
    # what an option allows, for errors said in the player's language (core.errors.option_reason)
    "tholos.allowed.ornaments": {
        "en": "nothing (the mode's default), a count 0-5, or a placement such as 1@C,7@E",
        "es": "nada (lo de cada modo), un número 0-5 o una colocación como 1@C,7@E"},
    "tholos.allowed.placement_locations": {"en": "a placement on the locations {locations}",
                                           "es": "una colocación en las localizaciones {locations}"},
    "tholos.allowed.numbers": {"en": "ornaments numbered 1-7", "es": "losetas de ornamentación numeradas del 1 al 7"},
    "tholos.allowed.distinct": {"en": "at most {max} different ornaments",
                                "es": "como mucho {max} losetas de ornamentación distintas"},
    "tholos.allowed.locations": {"en": "a non-empty set of locations among {locations}",
                                 "es": "un conjunto no vacío de localizaciones entre {locations}"},
    "tholos.allowed.start": {"en": "0 or 'white', 1 or 'black', 'random'",
                             "es": "0 o 'white' (Blanco), 1 o 'black' (Negro), 'random' (al azar)"},
    "tholos.allowed.players": {"en": "2 (Tholos is for exactly 2 players)",
                               "es": "2 (Tholos es para exactamente 2 jugadores)"},
    "tholos.allowed.need_advanced": {"en": "no ornaments unless the advanced mode is on (the basic board has none)",
                                     "es": "ninguna ornamentación sin el modo avanzado (el tablero básico no tiene)"},
    "tholos.allowed.enough": {"en": "at least {n} locations for {n} ornaments",
                              "es": "al menos {n} localizaciones para {n} ornamentaciones"},
})
