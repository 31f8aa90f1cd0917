"""Pergamon's texts in English and Spanish (the events of ``events.py`` and the terms they use).

Spanish follows the rulebook's words as the project's glossary fixes them: hallazgo, galería, carta de fondos
(bolsa / cofre), moneda, excavar, exponer una colección, museo, evaluación, entradas del museo (the victory
points), saqueador de tumbas; the player is addressed as "tú".
"""

TEXTS = {
    # terms (used through the {value!t} conversion)
    "pergamon.bag": {"en": "bag", "es": "bolsa"},
    "pergamon.chest": {"en": "chest", "es": "cofre"},
    "pergamon.vase": {"en": "vase", "es": "jarrón"},
    "pergamon.jug": {"en": "jug", "es": "jarra"},
    "pergamon.bracelet": {"en": "bracelet", "es": "brazalete"},
    "pergamon.mask": {"en": "mask", "es": "máscara"},
    # the two half-objects on a find, as a player names it: "find 4.63 (half a vase, half a jug)"
    "pergamon.half.V": {"en": "half a vase", "es": "medio jarrón"},
    "pergamon.half.J": {"en": "half a jug", "es": "media jarra"},
    "pergamon.half.B": {"en": "half a bracelet", "es": "medio brazalete"},
    "pergamon.half.M": {"en": "half a mask", "es": "media máscara"},
    # turn structure
    "pergamon.turn_begins": {
        "en": "Turn {turn}/12 begins; {first!p} is first player.",
        "es": "Empieza el turno {turn}/12; {first!p} es el jugador inicial.",
    },
    "pergamon.pile_to_box": {
        "en": "{count:find|finds} of the calendar pile go to the box unseen.",
        "es": "{count:hallazgo|hallazgos} de la pila del calendario van a la caja sin verse.",
    },
    "pergamon.laid_out": {
        "en": "Laid out in gallery {gallery}: find {find} ({left!t}, {right!t}).",
        "es": "Colocado en la galería {gallery}: el hallazgo {find} ({left!t}, {right!t}).",
    },
    "pergamon.raider_placed": {
        "en": "The tomb raider goes to {space}.",
        "es": "El saqueador de tumbas va a {space}.",
    },
    "pergamon.cards_revealed": {
        "en": "Funds cards revealed: {first} and {second} ({total:coin|coins}).",
        "es": "Se revelan las cartas de fondos: {first} y {second} ({total:moneda|monedas}).",
    },
    "pergamon.payout": {
        "en": "{player!p} takes {coins:coin|coins}.",
        "es": "{player!p} toma {coins:moneda|monedas}.",
    },
    "pergamon.payout.you": {"en": "You take {coins:coin|coins}.", "es": "Tomas {coins:moneda|monedas}."},
    "pergamon.raider_payout": {
        "en": "The tomb raider takes {coins:coin|coins}.",
        "es": "El saqueador de tumbas toma {coins:moneda|monedas}.",
    },
    "pergamon.raider_loots": {
        "en": "The tomb raider pays {coins:coin|coins} and loots gallery {gallery}: {finds:find|finds} to the box.",
        "es": "El saqueador de tumbas paga {coins:moneda|monedas} y saquea la galería {gallery}: "
              "{finds:hallazgo|hallazgos} a la caja.",
    },
    "pergamon.raider_idle": {
        "en": "The tomb raider finds nothing to loot.",
        "es": "El saqueador de tumbas no encuentra nada que saquear.",
    },
    # the museum
    "pergamon.exhibited": {
        "en": "{player!p} exhibits collection {marker} (value {value}) on museum space {space}.",
        "es": "{player!p} expone la colección {marker} (valor {value}) en la casilla {space} del museo.",
    },
    "pergamon.exhibited.you": {
        "en": "You exhibit collection {marker} (value {value}) on museum space {space}.",
        "es": "Expones la colección {marker} (valor {value}) en la casilla {space} del museo.",
    },
    "pergamon.broken_up": {
        "en": "{player!p} breaks up collection {marker}: its finds go to the box.",
        "es": "{player!p} deshace la colección {marker}: sus hallazgos van a la caja.",
    },
    "pergamon.broken_up.you": {
        "en": "You break up collection {marker}: its finds go to the box.",
        "es": "Deshaces la colección {marker}: sus hallazgos van a la caja.",
    },
    "pergamon.left_museum": {
        "en": "Collection {marker} of {player!p} leaves the museum: its finds go to the box.",
        "es": "La colección {marker} de {player!p} sale del museo: sus hallazgos van a la caja.",
    },
    "pergamon.left_museum.you": {
        "en": "Your collection {marker} leaves the museum: its finds go to the box.",
        "es": "Tu colección {marker} sale del museo: sus hallazgos van a la caja.",
    },
    "pergamon.evaluation": {
        "en": "Evaluation after turn {turn}: every collection scores by its museum space; prize for the oldest "
              "{kind!t}.",
        "es": "Evaluación tras el turno {turn}: cada colección puntúa según su casilla del museo; premio al "
              "{kind!t} más antiguo.",
    },
    "pergamon.prize": {
        "en": "The oldest {kind!t} (date {date}) belongs to {player!p}.",
        "es": "El {kind!t} más antiguo (fecha {date}) es de {player!p}.",
    },
    "pergamon.prize.you": {
        "en": "The oldest {kind!t} (date {date}) is yours.",
        "es": "El {kind!t} más antiguo (fecha {date}) es tuyo.",
    },
    "pergamon.no_prize": {
        "en": "Nobody exhibits a {kind!t}: no prize.",
        "es": "Nadie expone un {kind!t}: no hay premio.",
    },
    "pergamon.museum_shift": {
        "en": "Every collection in the museum moves down {spaces:space|spaces}.",
        "es": "Todas las colecciones del museo bajan {spaces:casilla|casillas}.",
    },
    "pergamon.oldest_object": {
        "en": "Oldest object no. {place} (date {date}) belongs to {player!p}.",
        "es": "El {place}.º objeto más antiguo (fecha {date}) es de {player!p}.",
    },
    "pergamon.oldest_object.you": {
        "en": "Oldest object no. {place} (date {date}) is yours.",
        "es": "El {place}.º objeto más antiguo (fecha {date}) es tuyo.",
    },
    # victory points: only for their owner unless open_scores or the game is over (PER-EVAL-4)
    "pergamon.vp_exhibit": {
        "en": "{player!p} gains {vp} VP for exhibiting ({total} VP in all).",
        "es": "{player!p} gana {vp:entrada|entradas} del museo por exponer ({total} en total).",
    },
    "pergamon.vp_exhibit.you": {
        "en": "You gain {vp} VP for exhibiting ({total} VP in all).",
        "es": "Ganas {vp:entrada|entradas} del museo por exponer ({total} en total).",
    },
    "pergamon.vp_evaluation": {
        "en": "{player!p} gains {vp} VP at the evaluation ({total} VP in all).",
        "es": "{player!p} gana {vp:entrada|entradas} del museo en la evaluación ({total} en total).",
    },
    "pergamon.vp_evaluation.you": {
        "en": "You gain {vp} VP at the evaluation ({total} VP in all).",
        "es": "Ganas {vp:entrada|entradas} del museo en la evaluación ({total} en total).",
    },
    "pergamon.vp_final": {
        "en": "{player!p} gains {vp} VP for the oldest objects ({total} VP in all).",
        "es": "{player!p} gana {vp:entrada|entradas} del museo por los objetos más antiguos ({total} en total).",
    },
    "pergamon.vp_final.you": {
        "en": "You gain {vp} VP for the oldest objects ({total} VP in all).",
        "es": "Ganas {vp:entrada|entradas} del museo por los objetos más antiguos ({total} en total).",
    },
    # the game and its options (Game.description, Game.option_info)
    "pergamon.description": {
        "en": "2-4 archaeologists ask for research funds, excavate finds in five galleries and exhibit matching "
              "finds as collections in the museum, where visitors bring victory points.",
        "es": "De 2 a 4 arqueólogos piden fondos de investigación, excavan hallazgos en cinco galerías y exponen "
              "hallazgos que encajan como colecciones en el museo, donde los visitantes dan entradas.",
    },
    "pergamon.option.storage_fee": {"en": "Storage fee", "es": "Tarifa de almacenamiento"},
    "pergamon.option.storage_fee.help": {
        "en": "What storing more than 3 finds costs (the rulebook leaves the rounding open).",
        "es": "Cuánto cuesta guardar más de 3 hallazgos (el reglamento deja abierto el redondeo)."},
    "pergamon.option.storage_fee.started_group": {
        "en": "1 coin per started group of 3 (4-6 finds: 1 coin)",
        "es": "1 moneda por cada grupo de 3 empezado (4-6 hallazgos: 1 moneda)"},
    "pergamon.option.storage_fee.full_group": {
        "en": "1 coin per full group of 3 (4-5 finds free, 6-8: 1 coin)",
        "es": "1 moneda por cada grupo de 3 completo (4-5 hallazgos gratis, 6-8: 1 moneda)"},
    "pergamon.option.payout_shortage": {"en": "Research funds running short", "es": "Fondos de investigación escasos"},
    "pergamon.option.payout_shortage.help": {
        "en": "What a player gets when the funds left cannot pay their request in full.",
        "es": "Qué recibe un jugador cuando los fondos que quedan no cubren toda su petición."},
    "pergamon.option.payout_shortage.take_rest": {"en": "what is left", "es": "lo que quede"},
    "pergamon.option.payout_shortage.nothing": {"en": "nothing", "es": "nada"},
    "pergamon.option.tables": {"en": "Printed tables file", "es": "Archivo de tablas impresas"},
    "pergamon.option.tables.help": {
        "en": "A JSON file with the printed research track, museum bands and tiles, replacing museion's "
              "reconstructed ones (the server accepts only files its operator allows).",
        "es": "Un archivo JSON con el track de investigación, las bandas del museo y las losetas impresas, en lugar "
              "de las reconstruidas por museion (el servidor solo acepta los archivos que su operador permite)."},
    "pergamon.option.open_scores": {"en": "Open scores", "es": "Puntos a la vista"},
    "pergamon.option.open_scores.help": {
        "en": "Show every player's victory points during the game (hidden until the end otherwise).",
        "es": "Muestra las entradas de todos durante la partida (si no, quedan ocultas hasta el final).",
    },
    # legend terms (the terminal)
    "pergamon.raider_bags": {"en": "the tomb raider comes here with two bags",
                             "es": "el saqueador de tumbas viene aquí con dos bolsas"},
    "pergamon.raider_mixed": {"en": "the tomb raider comes here with a bag and a chest",
                              "es": "el saqueador de tumbas viene aquí con una bolsa y un cofre"},
    "pergamon.raider_chests": {"en": "the tomb raider comes here with two chests",
                               "es": "el saqueador de tumbas viene aquí con dos cofres"},
    # moves in words (Explainer.describe): imperative in English, infinitive in Spanish
    "pergamon.m.start": {"en": "{player!p} is the first player", "es": "{player!p} es el jugador inicial"},
    "pergamon.m.draw": {"en": "Find {find} ({left!t}, {right!t}) laid out",
                        "es": "Se coloca el hallazgo {find} ({left!t}, {right!t})"},
    "pergamon.m.card": {"en": "A funds card is drawn face down ({back!t})",
                        "es": "Se roba una carta de fondos boca abajo ({back!t})"},
    "pergamon.m.space": {
        "en": "Put their figure on research space {space}: ask for {coins:coin|coins}, dig down to gallery {gallery}",
        "es": "Poner su figura en el espacio de investigación {space}: pedir {coins:moneda|monedas}, excavar "
              "hasta la galería {gallery}"},
    "pergamon.m.space.you": {  # the mover's own choice and log line; others read the line above
        "en": "Put your figure on research space {space}: ask for {coins:coin|coins}, dig down to gallery {gallery}",
        "es": "Poner tu figura en el espacio de investigación {space}: pedir {coins:moneda|monedas}, excavar "
              "hasta la galería {gallery}"},
    "pergamon.m.dig": {"en": "Excavate gallery {gallery} for {coins:coin|coins} ({finds:find|finds})",
                       "es": "Excavar la galería {gallery} por {coins:moneda|monedas} ({finds:hallazgo|hallazgos})"},
    "pergamon.m.begin": {"en": "Start a collection with find {find} ({left!t}, {right!t})",
                         "es": "Empezar una colección con el hallazgo {find} ({left!t}, {right!t})"},
    "pergamon.m.add": {"en": "Add find {find} ({left!t}, {right!t}) to the collection",
                       "es": "Añadir el hallazgo {find} ({left!t}, {right!t}) a la colección"},
    "pergamon.m.close": {"en": "Close the ring of {finds:find|finds}: the collection is complete",
                         "es": "Cerrar el anillo de {finds:hallazgo|hallazgos}: la colección está completa"},
    "pergamon.m.break": {"en": "Break up collection {marker} to exhibit the new one",
                         "es": "Deshacer la colección {marker} para exponer la nueva"},
    "pergamon.m.polish": {
        "en": "Exhibit with {coins:coin|coins} of polish: value {value}, museum space {space}",
        "es": "Exponer puliendo con {coins:moneda|monedas}: valor {value}, casilla {space} del museo"},
    "pergamon.m.cancel": {"en": "Abandon the collection being built (the finds stay in their supply)",
                          "es": "Abandonar la colección en construcción (los hallazgos siguen en su reserva)"},
    "pergamon.m.cancel.you": {"en": "Abandon the collection being built (the finds stay in your supply)",
                              "es": "Abandonar la colección en construcción (los hallazgos siguen en tu reserva)"},
    "pergamon.m.end": {"en": "Stop excavating and exhibiting this turn", "es": "Dejar de excavar y exponer este turno"},
    "pergamon.m.pay": {"en": "Pay the storage fee: {coins:coin|coins}",
                       "es": "Pagar la tarifa de almacenamiento: {coins:moneda|monedas}"},
    "pergamon.m.drop": {"en": "Discard find {find} ({left!t}, {right!t}) to the box",
                        "es": "Descartar el hallazgo {find} ({left!t}, {right!t}) a la caja"},
    # why a move is not legal (Explainer.explain_illegal)
    "pergamon.r.stage": {"en": "now you must {stage!t}", "es": "ahora debes {stage!t}"},
    "pergamon.stage_space": {"en": "choose a research space for your figure (P1-P13)",
                             "es": "elegir un espacio de investigación para tu figura (P1-P13)"},
    "pergamon.stage_main": {"en": "excavate a gallery, start a collection, or end (end)",
                            "es": "excavar una galería, empezar una colección o terminar (end)"},
    "pergamon.stage_build": {"en": "add a matching find, close the ring, or cancel",
                             "es": "añadir un hallazgo que encaje, cerrar el anillo o cancelar (cancel)"},
    "pergamon.stage_break": {"en": "break up one of your three collections (break I-III), or cancel",
                             "es": "deshacer una de tus tres colecciones (break I-III) o cancelar (cancel)"},
    "pergamon.stage_polish": {"en": "choose how many coins of polish to pay (polish N), or cancel",
                              "es": "elegir cuántas monedas pagas para pulir (polish N) o cancelar (cancel)"},
    "pergamon.stage_store": {"en": "pay the storage fee (pay) or discard finds (drop)",
                             "es": "pagar la tarifa de almacenamiento (pay) o descartar hallazgos (drop)"},
    "pergamon.r.space_taken": {"en": "research space {space} is taken by {player!p}",
                               "es": "el espacio de investigación {space} lo ocupa {player!p}"},
    "pergamon.r.dug": {"en": "you may excavate only once per turn", "es": "solo puedes excavar una vez por turno"},
    "pergamon.r.too_deep": {"en": "your research space {space} lets you dig down to gallery {gallery} only",
                            "es": "tu espacio de investigación {space} solo te deja excavar hasta la galería "
                                  "{gallery}"},
    "pergamon.r.dig_cost": {"en": "gallery {gallery} costs {cost:coin|coins}; you have {coins}",
                            "es": "la galería {gallery} cuesta {cost:moneda|monedas}; tienes {coins}"},
    "pergamon.r.gallery_empty": {"en": "gallery {gallery} is empty", "es": "la galería {gallery} está vacía"},
    "pergamon.r.not_yours": {"en": "find {find} is not in your supply", "es": "el hallazgo {find} no está en tu "
                                                                            "reserva"},
    "pergamon.r.no_ring": {"en": "find {find} cannot be part of a closed ring with your finds",
                           "es": "el hallazgo {find} no puede formar un anillo cerrado con tus hallazgos"},
    "pergamon.r.in_ring": {"en": "find {find} is already in the collection",
                           "es": "el hallazgo {find} ya está en la colección"},
    "pergamon.r.no_match": {
        "en": "find {find} does not fit: its left half must be a {type!t}, like the right half of {last}, and "
              "the ring must still be able to close",
        "es": "el hallazgo {find} no encaja: su mitad izquierda debe encajar con la mitad derecha de {last} "
              "({type!t}), y el anillo debe poder cerrarse"},
    "pergamon.r.not_closed": {
        "en": "the ring is not closed: the right half of {last} ({right!t}) must match the left half of {first} "
              "({left!t})",
        "es": "el anillo no está cerrado: la mitad derecha de {last} ({right!t}) debe encajar con la mitad "
              "izquierda de {first} ({left!t})"},
    "pergamon.r.cancels": {"en": "you may abandon at most {n} collections per turn",
                           "es": "puedes abandonar como mucho {n} colecciones por turno"},
    "pergamon.r.polish": {
        "en": "you may polish with at most {cap:coin|coins} now (you have {coins}; before the last turn at most 3, "
              "and never past museum space 24)",
        "es": "ahora puedes pulir con como mucho {cap:moneda|monedas} (tienes {coins}; antes del último turno "
              "como mucho 3, y nunca más allá de la casilla 24 del museo)"},
    "pergamon.r.fee": {"en": "the storage fee is {fee:coin|coins}; you have {coins}: discard finds instead",
                       "es": "la tarifa de almacenamiento es de {fee:moneda|monedas}; tienes {coins}: descarta "
                             "hallazgos"},
    # the score broken down (Explainer.score_breakdown)
    "pergamon.bd.exhibit": {"en": "Exhibiting (1 VP per collection)", "es": "Exponer (1 entrada por colección)"},
    "pergamon.bd.evaluation": {"en": "Evaluation after turn {turn}", "es": "Evaluación tras el turno {turn}"},
    "pergamon.bd.prize": {"en": "Prize: the oldest {kind!t}", "es": "Premio: objeto más antiguo ({kind!t})"},
    "pergamon.bd.final": {"en": "Final bonus: the oldest objects",
                          "es": "Bonificación final: los objetos más antiguos"},
    # the terminal's legend (Explainer.legend)
    "pergamon.lg.track": {
        "en": "Track: P8(4,V) is research space P8: ask for 4 coins, dig down to gallery V; after the colon, who "
              "stands there (a seat, R the tomb raider, . nobody).",
        "es": "Investigación: P8(4,V) es el espacio de investigación P8: pedir 4 monedas, excavar hasta la "
              "galería V; tras los dos puntos, quién está (un asiento, R el saqueador de tumbas, . nadie)."},
    "pergamon.lg.raider": {"en": "   {space}: {what!t}", "es": "   {space}: {what!t}"},
    "pergamon.lg.find": {
        "en": "Finds: V|4.63|J is find 4.63 (century 4, number 63; '+4.63' takes it): the right half of a vase at "
              "its left edge, the left half of a jug at its right edge. V vase, J jug, B bracelet, M mask.",
        "es": "Hallazgos: V|4.63|J es el hallazgo 4.63 (siglo 4, número 63; '+4.63' lo toma): la mitad derecha de "
              "un jarrón a su izquierda, la mitad izquierda de una jarra a su derecha. V jarrón, J jarra, "
              "B brazalete, M máscara."},
    "pergamon.lg.moves": {
        "en": "Moves: P5 research space; dig III (or dig 3) excavate; +4.63 take a find into a collection; close; "
              "polish N exhibit paying N coins of polish; break II; cancel; end; pay; drop 4.63.",
        "es": "Jugadas: P5 espacio de investigación; dig III (o dig 3) excavar; +4.63 tomar un hallazgo para una "
              "colección; close cerrar; polish N exponer pagando N monedas por pulir; break II deshacer; cancel; "
              "end terminar; pay pagar; drop 4.63 descartar."},
}
TEXTS.update({
    # the terminal's board (render.py); P8(4,V), galleries I-V and finds V|4.63|J are notation
    "pergamon.b.headline": {"en": "Pergamon, {n} players - turn {turn}/12, {stage} - {acting} (first player {first})",
                            "es": "Pergamon, {n} jugadores - turno {turn}/12, {stage} - {acting} (jugador inicial "
                                  "{first})"},
    "pergamon.b.chance": {"en": "chance", "es": "azar"},
    "pergamon.b.over": {"en": "game over", "es": "partida terminada"},
    "pergamon.b.to_act": {"en": "{who} to act", "es": "juega {who}"},
    "pergamon.b.card": {"en": "{back!t} {value}", "es": "{back!t} {value}"},
    "pergamon.b.funds": {"en": "Funds cards: {cards}   used: {used}",
                         "es": "Cartas de fondos: {cards}   usadas: {used}"},
    "pergamon.b.track": {"en": "Track (left to right):", "es": "Investigación (de izquierda a derecha):"},
    "pergamon.b.raider": {"en": "Tomb raider: {coins:coin|coins}", "es": "Saqueador de tumbas: {coins:moneda|monedas}"},
    "pergamon.b.galleries": {"en": "Galleries:", "es": "Galerías:"},
    "pergamon.b.laying_out": {"en": "Laying out:", "es": "Colocando:"},
    "pergamon.b.museum": {"en": "Museum (space:player/marker):", "es": "Museo (espacio:jugador/marcador):"},
    "pergamon.b.empty": {"en": "empty", "es": "vacío"},
    "pergamon.b.player": {"en": "{who} (player {p}): {coins:coin|coins}, {vp} VP, space {space}",
                          "es": "{who} (jugador {p}): {coins:moneda|monedas}, {vp} PV, espacio {space}"},
    "pergamon.b.finds": {"en": "finds:", "es": "hallazgos:"},
    "pergamon.b.collection": {"en": "collection {marker} on {space} (value {value}):",
                              "es": "colección {marker} en {space} (valor {value}):"},
    "pergamon.b.breaking": {"en": ", breaking up {which}", "es": ", deshaciendo {which}"},
    "pergamon.b.building": {"en": "Building: {finds}{extra} ({left:cancel|cancels} left)",
                            "es": "Formando: {finds}{extra} (quedan {left:cancelación|cancelaciones})"},
    "pergamon.b.calendar": {"en": "Calendar: {tiles:tile|tiles}; box: {box} seen + {unseen} unseen",
                            "es": "Calendario: {tiles:loseta|losetas}; caja: {box} vistas + {unseen} sin ver"},
    "pergamon.b.final": {"en": "Final VP: {scores}; winner(s): {winners}",
                         "es": "PV finales: {scores}; gana(n): {winners}"},
    "pergamon.b.st_start": {"en": "start", "es": "inicio"},
    "pergamon.b.st_layout": {"en": "layout", "es": "colocación de hallazgos"},
    "pergamon.b.st_cards": {"en": "funds cards", "es": "cartas de fondos"},
    "pergamon.b.st_space": {"en": "research space", "es": "espacio de investigación"},
    "pergamon.b.st_main": {"en": "excavation", "es": "excavación"},
    "pergamon.b.st_build": {"en": "building a collection", "es": "formando una colección"},
    "pergamon.b.st_break": {"en": "breaking up", "es": "deshaciendo una colección"},
    "pergamon.b.st_polish": {"en": "polishing", "es": "puliendo"},
    "pergamon.b.st_store": {"en": "storage", "es": "almacenamiento"},
    "pergamon.b.st_over": {"en": "over", "es": "final"},
    # errors in an operator's tables file (tables.py; option "tables"), said in the player's language
    "pergamon.tables.type": {
        "en": "got {got}; allowed: None, the path of a tables file, or its data (a dict)",
        "es": "no se admite {got}; se admite: None, la ruta de un archivo de tablas o sus datos (un dict)"},
    "pergamon.tables.no_file": {
        "en": "cannot read tables file {path}: no such file (or not a regular file)",
        "es": "no se puede leer el archivo de tablas {path}: no existe (o no es un archivo normal)"},
    "pergamon.tables.unreadable": {"en": "cannot read tables file {path}: {error}",
                                   "es": "no se puede leer el archivo de tablas {path}: {error}"},
    "pergamon.tables.too_large": {"en": "tables file {file} is larger than {limit} bytes",
                                  "es": "el archivo de tablas {file} ocupa más de {limit} bytes"},
    "pergamon.tables.not_utf8": {"en": "tables file {file} is not UTF-8 text",
                                 "es": "el archivo de tablas {file} no es texto UTF-8"},
    "pergamon.tables.not_json": {"en": "tables file {file} is not valid JSON: {error} (line {line})",
                                 "es": "el archivo de tablas {file} no es JSON válido: {error} (línea {line})"},
    "pergamon.tables.not_object": {"en": "tables data must be a JSON object with keys among {keys}",
                                   "es": "los datos de tablas deben ser un objeto JSON con claves entre {keys}"},
    "pergamon.tables.unknown_key": {"en": "unknown key {keys} in tables data; allowed: {allowed}",
                                    "es": "clave desconocida {keys} en los datos de tablas; se admiten: {allowed}"},
    "pergamon.tables.unknown_keys": {"en": "unknown keys {keys} in tables data; allowed: {allowed}",
                                     "es": "claves desconocidas {keys} en los datos de tablas; se admiten: {allowed}"},
    "pergamon.tables.replaces_none": {"en": "tables data replaces none of {tables}",
                                      "es": "los datos de tablas no sustituyen ninguna de {tables}"},
    "pergamon.tables.name": {"en": "name: got {got}; allowed: a text of 1 to {limit} characters",
                             "es": "name: no se admite {got}; se admite: un texto de 1 a {limit} caracteres"},
    "pergamon.tables.entries": {"en": "{n} entries", "es": "{n} elementos"},
    "pergamon.tables.tiles": {
        "en": "tiles: got {got}; allowed: a list of {count} tiles written like 'V63|4J'",
        "es": "tiles: no se admite {got}; se admite: una lista de {count} losetas escritas como 'V63|4J'"},
    "pergamon.tables.tile": {
        "en": "tiles[{i}]: got {got}; a tile is written as it lies, e.g. 'V63|4J': the right half at its left edge "
              "(V, J, B or M) and its two-digit number, '|', then the century 1-5 and the left half at its right edge",
        "es": "tiles[{i}]: no se admite {got}; una loseta se escribe tal como está en la mesa, p. ej. 'V63|4J': la "
              "mitad derecha en su borde izquierdo (V, J, B o M) y su número de dos cifras, '|', luego el siglo 1-5 "
              "y la mitad izquierda en su borde derecho"},
    "pergamon.tables.tile_halves": {
        "en": "tiles[{i}] {tile}: the two halves of a tile are of different types (PER-TILE-4)",
        "es": "tiles[{i}] {tile}: las dos mitades de una loseta son de tipos distintos (PER-TILE-4)"},
    "pergamon.tables.century_count": {
        "en": "tiles: century {century} is on {found} tiles; PER-TILE-4 needs {needed} tiles per century",
        "es": "tiles: el siglo {century} está en {found} losetas; PER-TILE-4 exige {needed} losetas por siglo"},
    "pergamon.tables.right_half": {"en": "right half (left edge)", "es": "mitad derecha (borde izquierdo)"},
    "pergamon.tables.left_half": {"en": "left half (right edge)", "es": "mitad izquierda (borde derecho)"},
    "pergamon.tables.half_count": {
        "en": "tiles: the {half} of a {name!t} is on {found} tiles; PER-TILE-4 needs {needed}",
        "es": "tiles: la {half} de tipo {name!t} está en {found} losetas; PER-TILE-4 exige {needed}"},
    "pergamon.tables.same_find": {
        "en": "tiles[{other}] {first} and tiles[{i}] {second} are both find {find}: finds are named and ordered by "
              "century and number (PER-TILE-2), which must differ",
        "es": "tiles[{other}] {first} y tiles[{i}] {second} son ambas el hallazgo {find}: los hallazgos se nombran "
              "y ordenan por siglo y número (PER-TILE-2), que deben ser distintos"},
    "pergamon.tables.same_date": {
        "en": "tiles[{other}] {first} and tiles[{i}] {second} both number a {name!t}'s right half {number}: two "
              "{name!t}s would share a date (PER-DATA-1: dates are unique within an object type)",
        "es": "tiles[{other}] {first} y tiles[{i}] {second} dan ambas el número {number} a la mitad derecha de tipo "
              "{name!t}: dos objetos de ese tipo tendrían la misma fecha (PER-DATA-1: las fechas no se repiten "
              "dentro de un tipo de objeto)"},
    "pergamon.tables.track": {
        "en": "research_track: got {got}; allowed: a list of {count} spaces, P1 (rightmost) to P13",
        "es": "research_track: no se admite {got}; se admite: una lista de {count} espacios, de P1 (el de más a la "
              "derecha) a P13"},
    "pergamon.tables.space_entry": {
        "en": "{where}: got {got}; allowed: an object with keys space, coins, deepest_gallery and tomb_raider",
        "es": "{where}: no se admite {got}; se admite: un objeto con las claves space, coins, deepest_gallery y "
              "tomb_raider"},
    "pergamon.tables.space_name": {
        "en": "{where}: space is {got}, expected '{expected}' (spaces are listed from P1, rightmost, to P13, leftmost)",
        "es": "{where}: el espacio es {got}, se esperaba '{expected}' (los espacios van de P1, el de más a la "
              "derecha, a P13, el de más a la izquierda)"},
    "pergamon.tables.coins": {"en": "{where}: coins {got}; allowed: a whole number >= 0",
                              "es": "{where}: coins {got}; se admite: un número entero >= 0"},
    "pergamon.tables.gallery": {"en": "{where}: deepest_gallery {got}; allowed: {allowed}",
                                "es": "{where}: deepest_gallery {got}; se admite: {allowed}"},
    "pergamon.tables.raider": {"en": "{where}: tomb_raider {got}; allowed: null, {allowed}",
                               "es": "{where}: tomb_raider {got}; se admite: null, {allowed}"},
    "pergamon.tables.requests": {
        "en": "{where} requests {coins} coins, fewer than {previous}'s {fewer}: requests rise from right to left "
              "(PER-FUNDS-3)",
        "es": "{where} pide {coins:moneda|monedas}, menos que las {fewer} de {previous}: lo que se pide crece de "
              "derecha a izquierda (PER-FUNDS-3)"},
    "pergamon.tables.raider_count": {
        "en": "research_track: the tomb raider symbol {symbol} is on {spaces} space; PER-RAIDER-1 needs it on "
              "exactly one",
        "es": "research_track: el símbolo del saqueador de tumbas {symbol} está en los espacios {spaces}; "
              "PER-RAIDER-1 lo exige en uno exactamente"},
    "pergamon.tables.raider_missing": {
        "en": "research_track: the tomb raider symbol {symbol} is on no space; PER-RAIDER-1 needs it on exactly one",
        "es": "research_track: el símbolo del saqueador de tumbas {symbol} no está en ningún espacio; PER-RAIDER-1 "
              "lo exige en uno exactamente"},
    "pergamon.tables.bands": {
        "en": "museum_bands: got {got}; allowed: a list of bands {{\"first\", \"last\", \"vp\"}} covering "
              "spaces 1-{top}",
        "es": "museum_bands: no se admite {got}; se admite: una lista de franjas {{\"first\", \"last\", \"vp\"}} que "
              "cubran los espacios 1-{top}"},
    "pergamon.tables.band_entry": {
        "en": "museum_bands[{i}]: got {got}; allowed: an object with keys first, last, vp",
        "es": "museum_bands[{i}]: no se admite {got}; se admite: un objeto con las claves first, last, vp"},
    "pergamon.tables.band_spaces": {
        "en": "museum_bands[{i}]: spaces {first}-{last}; allowed: whole numbers with 1 <= first <= last <= {top}",
        "es": "museum_bands[{i}]: espacios {first}-{last}; se admite: números enteros con 1 <= first <= last <= {top}"},
    "pergamon.tables.band_vp": {
        "en": "museum_bands[{i}] ({first}-{last}): vp {got}; allowed: a whole number >= 1",
        "es": "museum_bands[{i}] ({first}-{last}): vp {got}; se admite: un número entero >= 1"},
    "pergamon.tables.band_overlap": {
        "en": "museum_bands[{other}] and museum_bands[{i}] both cover space {space}; the bands must cover each space "
              "1-{top} once (PER-EVAL-1)",
        "es": "museum_bands[{other}] y museum_bands[{i}] cubren ambas el espacio {space}; las franjas deben cubrir "
              "cada espacio 1-{top} una sola vez (PER-EVAL-1)"},
    "pergamon.tables.band_missing": {
        "en": "museum_bands: no band covers space {space}; the bands must cover each space 1-{top} once (PER-EVAL-1)",
        "es": "museum_bands: ninguna franja cubre el espacio {space}; las franjas deben cubrir cada espacio 1-{top} "
              "una sola vez (PER-EVAL-1)"},
})
