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
        "en": "Finds laid out: {finds}.",
        "es": "Hallazgos colocados: {finds}.",
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
    "pergamon.option.open_scores": {"en": "Open scores", "es": "Puntos a la vista"},
    "pergamon.option.open_scores.help": {
        "en": "Show every player's victory points during the game (hidden until the end otherwise).",
        "es": "Muestra las entradas de todos durante la partida (si no, quedan ocultas hasta el final).",
    },
}
