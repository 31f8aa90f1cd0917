"""The Imhotep tutorial ("Learn to play"): the first round of a 2-player game, each rule where it happens, on the real
engine (the format: :mod:`museion.core.lesson`). The learner is Black; White's replies and the cards are scripted."""

SETUP = ["R:4-3-2-2", "D:STATUE", "D:DECO_PYR", "D:LEVER", "D:ENTRANCE"]
"""Round 1's ships (capacities 4, 3, 2, 2) and its four market cards."""

TUTORIAL = {
    "options": {"players": 2, "start_player": 0},
    "seat": 0,
    "setup": SETUP,
    "bot": "easy",
    "steps": [
        {"say": {
            "en": "Welcome to Imhotep! You play Black against White. Over 6 rounds you ship stones to five sites "
                  "(market, pyramid, temple, burial chamber, obelisks) and score points there. On your turn you do "
                  "one thing: get new stones, place a stone on a ship, sail a ship to a site, or play a blue card.",
            "es": "¡Bienvenido a Imhotep! Juegas con Negro contra Blanco. Durante 6 rondas llevas piedras en barco a "
                  "cinco sitios (mercado, pirámide, templo, cámara funeraria, obeliscos) y allí ganas puntos. En tu "
                  "turno haces una sola cosa: conseguir piedras, colocar una piedra en un barco, navegar con un "
                  "barco a un sitio o jugar una carta azul.",
            "de": "Willkommen bei Imhotep! Du spielst Schwarz gegen Weiß. In 6 Runden bringst du Steine per Schiff "
                  "zu fünf Orten (Markt, Pyramide, Tempel, Grabkammer, Obelisken) und punktest dort. In deinem Zug "
                  "machst du genau eine Sache: neue Steine holen, einen Stein auf ein Schiff setzen, ein Schiff zu "
                  "einem Ort segeln oder eine blaue Karte ausspielen."}},
        {"say": {
            "en": "Your supply sled holds 2 stones. Place one on a ship: tap the front space (the bow) of ship 3.",
            "es": "Tu trineo tiene 2 piedras. Coloca una en un barco: toca el primer espacio (la proa) del barco 3.",
            "de": "Auf deinem Schlitten liegen 2 Steine. Setze einen auf ein Schiff: Tippe auf das vorderste Feld "
                  "(den Bug) von Schiff 3."},
         "do": "P3.1", "then": ["P3.2"]},
        {"say": {
            "en": "White placed a stone behind yours. A ship may sail once it carries its minimum load (shown on "
                  "it), and only one ship may dock at each site per round. Sail ship 3 to the pyramid: tap the "
                  "ship, then the pyramid.",
            "es": "Blanco ha colocado una piedra detrás de la tuya. Un barco puede navegar cuando lleva su carga "
                  "mínima (la indica el barco), y a cada sitio solo llega un barco por ronda. Navega con el barco 3 "
                  "a la pirámide: toca el barco y luego la pirámide.",
            "de": "Weiß hat einen Stein hinter deinen gesetzt. Ein Schiff darf segeln, sobald es seine Mindestladung "
                  "trägt (auf ihm angegeben), und an jedem Ort darf pro Runde nur ein Schiff anlegen. Segle Schiff 3 "
                  "zur Pyramide: Tippe auf das Schiff, dann auf die Pyramide."},
         "do": "V3>PYR", "then": ["S"]},
        {"say": {
            "en": "Stones are unloaded from the bow to the stern. At the pyramid each stone scores at once the "
                  "value of its space: your stone came first and scored 2, White's scored 1. White got new stones. "
                  "Your sled is almost empty: get new stones (up to 3, never more than 5 on the sled). Tap your "
                  "quarry.",
            "es": "Las piedras se descargan de la proa a la popa. En la pirámide cada piedra puntúa al momento el "
                  "valor de su espacio: la tuya llegó primero y ganó 2, la de Blanco 1. Blanco ha conseguido "
                  "piedras. Tu trineo está casi vacío: consigue piedras (hasta 3, nunca más de 5 en el trineo). "
                  "Toca tu cantera.",
            "de": "Steine werden vom Bug zum Heck entladen. An der Pyramide bringt jeder Stein sofort den Wert "
                  "seines Feldes: Dein Stein kam zuerst und brachte 2, der von Weiß 1. Weiß hat neue Steine geholt. "
                  "Dein Schlitten ist fast leer: Hole neue Steine (bis zu 3, nie mehr als 5 auf dem Schlitten). "
                  "Tippe auf deinen Steinbruch."},
         "do": "S", "then": ["P4.1"]},
        {"say": {
            "en": "Place a stone at the bow of ship 1. It needs 3 stones before it can sail.",
            "es": "Coloca una piedra en la proa del barco 1. Necesita 3 piedras para poder navegar.",
            "de": "Setze einen Stein auf den Bug von Schiff 1. Es braucht 3 Steine, bevor es segeln kann."},
         "do": "P1.1", "then": ["P1.2"]},
        {"say": {
            "en": "White joined you on ship 1. Fill its third space.",
            "es": "Blanco se ha subido también al barco 1. Ocupa su tercer espacio.",
            "de": "Weiß ist auf Schiff 1 dazugekommen. Fülle sein drittes Feld."},
         "do": "P1.3", "then": ["V4>TMP"]},
        {"say": {
            "en": "White sailed ship 4 to the temple. Temple stones fill a row from the left, and new rows cover "
                  "old ones; at the end of every round each visible stone scores 1 point. Anyone may sail any "
                  "ship, even one without their stones. Place a stone on ship 2.",
            "es": "Blanco ha navegado con el barco 4 al templo. Las piedras del templo llenan una fila desde la "
                  "izquierda y las filas nuevas tapan las viejas; al final de cada ronda cada piedra visible vale 1 "
                  "punto. Cualquiera puede navegar con cualquier barco, aunque no lleve piedras suyas. Coloca una "
                  "piedra en el barco 2.",
            "de": "Weiß hat Schiff 4 zum Tempel gesegelt. Tempelsteine füllen eine Reihe von links, neue Reihen "
                  "verdecken alte; am Ende jeder Runde bringt jeder sichtbare Stein 1 Punkt. Jede Person darf jedes "
                  "Schiff segeln, auch eines ohne eigene Steine. Setze einen Stein auf Schiff 2."},
         "do": "P2.1", "then": ["P2.2"]},
        {"say": {
            "en": "Ship 1 is ready. Sail it to the market: tap the ship, then the market.",
            "es": "El barco 1 está listo. Navega con él al mercado: toca el barco y luego el mercado.",
            "de": "Schiff 1 ist bereit. Segle es zum Markt: Tippe auf das Schiff, dann auf den Markt."},
         "do": "V1>MKT"},
        {"say": {
            "en": "At the market each stone takes one face-up card, in unloading order: you choose first. Red "
                  "cards act at once; take the Entrance: it puts one of your stones straight onto the pyramid.",
            "es": "En el mercado cada piedra toma una carta descubierta, en el orden de descarga: eliges tú "
                  "primero. Las cartas rojas actúan al momento; toma la Entrada: pone una de tus piedras "
                  "directamente en la pirámide.",
            "de": "Am Markt nimmt jeder Stein eine offene Karte, in Entladereihenfolge: Du wählst zuerst. Rote "
                  "Karten wirken sofort; nimm den Eingang: Er setzt einen deiner Steine direkt auf die Pyramide."},
         "do": "M:ENTRANCE", "then": ["M:STATUE"]},
        {"say": {
            "en": "White took a Statue: purple cards score at the end (1, 3, 6, 10... for 1, 2, 3, 4... statues), "
                  "green Decorations score 1 point per 3 stones at their site. Blue cards are kept and played "
                  "later instead of an action, or score 1 point each at the end. Take the Lever.",
            "es": "Blanco ha tomado una Estatua: las cartas moradas puntúan al final (1, 3, 6, 10... por 1, 2, 3, "
                  "4... estatuas) y las Decoraciones verdes dan 1 punto por cada 3 piedras de su sitio. Las cartas "
                  "azules se guardan y se juegan más tarde en lugar de una acción, o valen 1 punto cada una al "
                  "final. Toma la Palanca.",
            "de": "Weiß hat eine Statue genommen: Lila Karten punkten am Ende (1, 3, 6, 10 ... für 1, 2, 3, 4 ... "
                  "Statuen), grüne Verzierungen bringen 1 Punkt je 3 Steine an ihrem Ort. Blaue Karten behältst du "
                  "und spielst sie später statt einer Aktion aus, oder sie bringen am Ende je 1 Punkt. Nimm den "
                  "Hebel."},
         "do": "M:LEVER", "then": ["V2>OBL"]},
        {"say": {
            "en": "White sailed the last ship to the obelisks, so the round ends and the temple scores. At the end "
                  "of the game the tallest obelisk scores 10 (the other 1), and in the burial chamber every group "
                  "of touching stones of one colour scores 1, 3, 6, 10, 15 for 1 to 5 stones. Most points wins. "
                  "Now play a short game against the easy bot!",
            "es": "Blanco ha navegado con el último barco a los obeliscos, así que la ronda termina y puntúa el "
                  "templo. Al final de la partida el obelisco más alto gana 10 (el otro 1), y en la cámara "
                  "funeraria cada grupo de piedras de un color que se tocan da 1, 3, 6, 10, 15 por 1 a 5 piedras. "
                  "Gana quien tenga más puntos. ¡Ahora juega una partida corta contra el bot fácil!",
            "de": "Weiß hat das letzte Schiff zu den Obelisken gesegelt, also endet die Runde und der Tempel wird "
                  "gewertet. Am Spielende bringt der höchste Obelisk 10 Punkte (der andere 1), und in der Grabkammer "
                  "bringt jede Gruppe zusammenhängender Steine einer Farbe 1, 3, 6, 10, 15 Punkte für 1 bis 5 "
                  "Steine. Die meisten Punkte gewinnen. Spiel jetzt eine kurze Partie gegen den leichten Bot!"}},
    ],
}
