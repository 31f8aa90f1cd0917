"""The rules of Imhotep for players (``museion rules imhotep``, the rules page and the table's rules panel), in
English, Spanish and German, with pictures the board draws from prepared positions (the format:
:mod:`museion.core.lesson`).
The specification with its rule IDs is ``rules.py`` (``museion rules imhotep --spec``)."""

from museion.games.imhotep.tutorial import SETUP

TWO = {"players": 2, "start_player": 0}
LOADED = [*SETUP, "P3.1", "P3.2", "S", "P1.1", "P1.2", "P1.3"]
"""Ship 3 carries Black then White; ship 1 is loaded to its minimum of 3."""
SCORED = [*SETUP, "P3.1", "P3.2", "V3>PYR", "S", "S", "P4.1", "P1.1", "P1.2", "P1.3", "V4>TMP"]
"""The pyramid has Black's stone on its first space (2 points) and White's on the second (1); the temple one stone."""

GUIDE = [
    {"title": {"en": "The goal", "es": "El objetivo", "de": "Das Ziel"},
     "text": {
         "en": "2 to 4 players build the monuments of Egypt. Over 6 rounds you load stones on ships and sail them "
               "to five sites: the market, the pyramid, the temple, the burial chamber and the obelisks. Each site "
               "scores in its own way; the most points at the end wins.",
         "es": "De 2 a 4 jugadores construyen los monumentos de Egipto. Durante 6 rondas cargáis piedras en barcos "
               "y navegáis con ellos a cinco sitios: el mercado, la pirámide, el templo, la cámara funeraria y los "
               "obeliscos. Cada sitio puntúa a su manera; gana quien tenga más puntos al final.",
         "de": "2 bis 4 Personen bauen die Monumente Ägyptens. In 6 Runden ladet ihr Steine auf Schiffe und segelt "
               "sie zu fünf Orten: Markt, Pyramide, Tempel, Grabkammer und Obelisken. Jeder Ort wertet auf seine "
               "Weise; die meisten Punkte am Ende gewinnen."},
     "picture": {"options": TWO, "setup": SETUP, "mark": ["site:MKT", "site:PYR", "site:TMP", "site:BUR", "site:OBL"],
                 "caption": {"en": "The four ships of the round and the five sites (marked).",
                             "es": "Los cuatro barcos de la ronda y los cinco sitios (marcados).",
                             "de": "Die vier Schiffe der Runde und die fünf Orte (markiert)."}}},
    {"title": {"en": "Your turn", "es": "Tu turno", "de": "Dein Zug"},
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
               "• Jugar una carta de mercado azul que tomaste en un turno anterior.",
         "de": "Mache genau eines davon:\n"
               "• Neue Steine holen: bis zu 3 Steine aus deinem Steinbruch auf deinen Schlitten (er fasst höchstens "
               "5).\n"
               "• Einen Stein von deinem Schlitten auf ein leeres Feld eines Schiffs setzen, das noch nicht gesegelt "
               "ist.\n"
               "• Ein Schiff zu einem Ort segeln: Das Schiff muss seine Mindestladung tragen und der Ort frei sein "
               "(ein Schiff pro Ort und Runde). Du darfst auch ein Schiff ohne eigene Steine segeln.\n"
               "• Eine blaue Marktkarte ausspielen, die du in einem früheren Zug genommen hast."},
     "picture": {"options": TWO, "setup": LOADED, "mark": ["ship:1", "ship:3"],
                 "caption": {"en": "Ship 1 carries its minimum of 3 stones and may sail; ship 3 carries Black's "
                                   "stone at the bow, then White's.",
                             "es": "El barco 1 lleva su mínimo de 3 piedras y puede navegar; el barco 3 lleva la "
                                   "piedra de Negro en la proa y detrás la de Blanco.",
                             "de": "Schiff 1 trägt seine Mindestladung von 3 Steinen und darf segeln; Schiff 3 trägt "
                                   "am Bug den Stein von Schwarz, dahinter den von Weiß."}}},
    {"title": {"en": "Unloading", "es": "La descarga", "de": "Entladen"},
     "text": {
         "en": "A ship that sails is unloaded at once, from the bow to the stern: each stone goes to its owner's "
               "place at that site. The order matters at the pyramid and the market. When the fourth ship has "
               "sailed, the round ends.",
         "es": "Un barco que navega se descarga al momento, de la proa a la popa: cada piedra va al sitio para su "
               "dueño. El orden importa en la pirámide y en el mercado. Cuando ha navegado el cuarto barco, la "
               "ronda termina.",
         "de": "Ein Schiff, das segelt, wird sofort entladen, vom Bug zum Heck: Jeder Stein kommt an den Platz "
               "seines Besitzers an diesem Ort. Die Reihenfolge zählt an der Pyramide und am Markt. Ist das vierte "
               "Schiff gesegelt, endet die Runde."}},
    {"title": {"en": "The sites", "es": "Los sitios", "de": "Die Orte"},
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
               "jugadores: 12/6/1 y 15/10/5/1).",
         "de": "• Markt: Jeder Stein nimmt eine offene Karte, in Entladereihenfolge, und kommt zurück in seinen "
               "Steinbruch. Rote Karten wirken sofort (ein Stein auf die Pyramide, in die Grabkammer oder auf deinen "
               "Obelisken); blaue Karten werden später statt einer Aktion ausgespielt; grüne Verzierungen bringen 1 "
               "Punkt je 3 Steine an ihrem Ort; lila Statuen bringen 1, 3, 6, 10, 15 für 1 bis 5.\n"
               "• Pyramide: Jeder Stein bringt sofort den Wert des Feldes, das er füllt (1 bis 4).\n"
               "• Tempel: Steine füllen eine Reihe von links, neue Reihen verdecken alte; am Ende jeder Runde bringt "
               "jeder sichtbare Stein 1 Punkt.\n"
               "• Grabkammer: Am Ende bringt jede Gruppe zusammenhängender Steine einer Farbe 1, 3, 6, 10, 15 für 1 "
               "bis 5 Steine (+2 für jeden weiteren).\n"
               "• Obelisken: Jede Person baut ihren eigenen; am Ende bringt der höchste 10 und der andere 1 (zu "
               "dritt oder viert: 12/6/1 und 15/10/5/1)."},
     "picture": {"options": TWO, "setup": SCORED, "mark": ["site:PYR", "site:TMP"],
                 "caption": {"en": "A scoring example: at the pyramid Black's stone came first and scored 2, "
                                   "White's scored 1. White's stone in the temple will score 1 at the end of the "
                                   "round.",
                             "es": "Un ejemplo de puntuación: en la pirámide la piedra de Negro llegó primero y ganó "
                                   "2, la de Blanco 1. La piedra de Blanco en el templo ganará 1 punto al final de "
                                   "la ronda.",
                             "de": "Ein Wertungsbeispiel: An der Pyramide kam der Stein von Schwarz zuerst und "
                                   "brachte 2, der von Weiß 1. Der Stein von Weiß im Tempel bringt am Ende der Runde "
                                   "1."}}},
    {"title": {"en": "The end", "es": "El final", "de": "Das Ende"},
     "text": {
         "en": "After the 6th round (and its temple scoring) the burial chamber, the obelisks, the green and purple "
               "cards score, and each unused blue card is worth 1 point. The most points wins; if tied, the most "
               "stones left on the sled.",
         "es": "Tras la 6.ª ronda (y la puntuación de su templo) puntúan la cámara funeraria, los obeliscos y las "
               "cartas verdes y moradas, y cada carta azul sin usar vale 1 punto. Gana quien tenga más puntos; si "
               "hay empate, quien tenga más piedras en su trineo.",
         "de": "Nach der 6. Runde (und ihrer Tempelwertung) werden Grabkammer, Obelisken sowie grüne und lila Karten "
               "gewertet, und jede unbenutzte blaue Karte ist 1 Punkt wert. Die meisten Punkte gewinnen; bei "
               "Gleichstand die meisten Steine, die noch auf dem Schlitten liegen."}},
]
