"""The rules of Imhotep for players (``museion rules imhotep``, the rules page and the table's rules panel), in
English and Spanish, with pictures the board draws from prepared positions (the format: :mod:`museion.core.lesson`).
The specification with its rule IDs is ``rules.py`` (``museion rules imhotep --spec``)."""

from museion.games.imhotep.tutorial import SETUP

TWO = {"players": 2, "start_player": 0}
LOADED = [*SETUP, "P3.1", "P3.2", "S", "P1.1", "P1.2", "P1.3"]
"""Ship 3 carries Black then White; ship 1 is loaded to its minimum of 3."""
SCORED = [*SETUP, "P3.1", "P3.2", "V3>PYR", "S", "S", "P4.1", "P1.1", "P1.2", "P1.3", "V4>TMP"]
"""The pyramid has Black's stone on its first space (2 points) and White's on the second (1); the temple one stone."""

GUIDE = [
    {"title": {"en": "The goal", "es": "El objetivo"},
     "text": {
         "en": "2 to 4 players build the monuments of Egypt. Over 6 rounds you load stones on ships and sail them "
               "to five sites: the market, the pyramid, the temple, the burial chamber and the obelisks. Each site "
               "scores in its own way; the most points at the end wins.",
         "es": "De 2 a 4 jugadores construyen los monumentos de Egipto. Durante 6 rondas cargáis piedras en barcos "
               "y navegáis con ellos a cinco sitios: el mercado, la pirámide, el templo, la cámara funeraria y los "
               "obeliscos. Cada sitio puntúa a su manera; gana quien tenga más puntos al final."},
     "picture": {"options": TWO, "setup": SETUP, "mark": ["site:MKT", "site:PYR", "site:TMP", "site:BUR", "site:OBL"],
                 "caption": {"en": "The four ships of the round and the five sites (marked).",
                             "es": "Los cuatro barcos de la ronda y los cinco sitios (marcados)."}}},
    {"title": {"en": "Your turn", "es": "Tu turno"},
     "text": {
         "en": "Do exactly one of these:\n"
               "• Get new stones: up to 3 stones from your quarry onto your supply sled (it holds at most 5).\n"
               "• Place a stone from your sled on any empty space of a ship that has not sailed.\n"
               "• Sail a ship to a site: the ship must carry its minimum load and the site must be free (one ship "
               "per site each round). You may sail a ship without any of your stones.\n"
               "• Play a blue market card you took on an earlier turn.",
         "es": "Haz exactamente una de estas cosas:\n"
               "• Conseguir piedras: hasta 3 piedras de tu cantera a tu trineo (caben 5 como mucho).\n"
               "• Colocar una piedra de tu trineo en un espacio vacío de un barco que no haya navegado.\n"
               "• Navegar con un barco a un sitio: el barco debe llevar su carga mínima y el sitio debe estar libre "
               "(un barco por sitio en cada ronda). Puedes navegar con un barco sin piedras tuyas.\n"
               "• Jugar una carta de mercado azul que tomaste en un turno anterior."},
     "picture": {"options": TWO, "setup": LOADED, "mark": ["ship:1", "ship:3"],
                 "caption": {"en": "Ship 1 carries its minimum of 3 stones and may sail; ship 3 carries Black's "
                                   "stone at the bow, then White's.",
                             "es": "El barco 1 lleva su mínimo de 3 piedras y puede navegar; el barco 3 lleva la "
                                   "piedra de Negro en la proa y detrás la de Blanco."}}},
    {"title": {"en": "Unloading", "es": "La descarga"},
     "text": {
         "en": "A ship that sails is unloaded at once, from the bow to the stern: each stone goes to its owner's "
               "place at that site. The order matters at the pyramid and the market. When the fourth ship has "
               "sailed, the round ends.",
         "es": "Un barco que navega se descarga al momento, de la proa a la popa: cada piedra va al sitio para su "
               "dueño. El orden importa en la pirámide y en el mercado. Cuando ha navegado el cuarto barco, la "
               "ronda termina."}},
    {"title": {"en": "The sites", "es": "Los sitios"},
     "text": {
         "en": "• Market: each stone takes one face-up card, in unloading order, and goes back to its quarry. Red "
               "cards act at once (a stone onto the pyramid, the burial chamber or your obelisk); blue cards are "
               "played later instead of an action; green Decorations score 1 point per 3 stones at their site; "
               "purple Statues score 1, 3, 6, 10, 15 for 1 to 5.\n"
               "• Pyramid: each stone scores at once the value of the space it fills (1 to 4).\n"
               "• Temple: stones fill a row from the left and new rows cover old ones; at the end of every round "
               "each visible stone scores 1.\n"
               "• Burial chamber: at the end, every group of touching stones of one colour scores 1, 3, 6, 10, 15 "
               "for 1 to 5 stones (+2 for each more).\n"
               "• Obelisks: each player builds their own; at the end the tallest scores 10 and the other 1 (with 3 "
               "or 4 players: 12/6/1 and 15/10/5/1).",
         "es": "• Mercado: cada piedra toma una carta descubierta, en el orden de descarga, y vuelve a su cantera. "
               "Las cartas rojas actúan al momento (una piedra a la pirámide, a la cámara funeraria o a tu "
               "obelisco); las azules se juegan más tarde en lugar de una acción; las Decoraciones verdes dan 1 "
               "punto por cada 3 piedras de su sitio; las Estatuas moradas dan 1, 3, 6, 10, 15 por 1 a 5.\n"
               "• Pirámide: cada piedra puntúa al momento el valor del espacio que ocupa (de 1 a 4).\n"
               "• Templo: las piedras llenan una fila desde la izquierda y las filas nuevas tapan las viejas; al "
               "final de cada ronda cada piedra visible vale 1 punto.\n"
               "• Cámara funeraria: al final, cada grupo de piedras de un color que se tocan da 1, 3, 6, 10, 15 por "
               "1 a 5 piedras (+2 por cada una más).\n"
               "• Obeliscos: cada jugador construye el suyo; al final el más alto gana 10 y el otro 1 (con 3 o 4 "
               "jugadores: 12/6/1 y 15/10/5/1)."},
     "picture": {"options": TWO, "setup": SCORED, "mark": ["site:PYR", "site:TMP"],
                 "caption": {"en": "A scoring example: at the pyramid Black's stone came first and scored 2, "
                                   "White's scored 1. White's stone in the temple will score 1 at the end of the "
                                   "round.",
                             "es": "Un ejemplo de puntuación: en la pirámide la piedra de Negro llegó primero y ganó "
                                   "2, la de Blanco 1. La piedra de Blanco en el templo ganará 1 punto al final de "
                                   "la ronda."}}},
    {"title": {"en": "The end", "es": "El final"},
     "text": {
         "en": "After the 6th round (and its temple scoring) the burial chamber, the obelisks, the green and purple "
               "cards score, and each unused blue card is worth 1 point. The most points wins; if tied, the most "
               "stones left on the sled.",
         "es": "Tras la 6.ª ronda (y la puntuación de su templo) puntúan la cámara funeraria, los obeliscos y las "
               "cartas verdes y moradas, y cada carta azul sin usar vale 1 punto. Gana quien tenga más puntos; si "
               "hay empate, quien tenga más piedras en su trineo."}},
]
