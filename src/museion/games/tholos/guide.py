"""The rules of Tholos for players (``museion rules tholos``, the rules page and the table's rules panel), in
English, Spanish and German, with pictures the board draws from prepared positions (the format:
:mod:`museion.core.lesson`).
The specification with its rule IDs is ``rules.py`` (``museion rules tholos --spec``)."""

SCORING = ["T1W", "T1B", "PD:W", "xD:G", "PA:B", "PA:G", "T1W", "PE:W", "xE:B", "PE:B", "xE:W", "T2W", "T1G",
           "PC:W", "xC:E", "PF:W", "PD:W", "x-", "T1B", "PD:B"]
"""A position reached in the tutorial: D is White's with 2 white and 1 black stone (5 points), A Black's with a
grey stone (−1)."""

GUIDE = [
    {"title": {"en": "The goal", "es": "El objetivo", "de": "Das Ziel"},
     "text": {
         "en": "Two players build the seven columns of a temple together, one stone at a time, and each tries to "
               "win as many of them as possible. You play White or Black; grey stones belong to nobody.",
         "es": "Dos jugadores construyen juntos las siete columnas de un templo, piedra a piedra, y cada uno "
               "intenta ganar el mayor número posible. Juegas con Blanco o con Negro; las piedras grises no son de "
               "nadie.",
         "de": "Zwei Personen bauen gemeinsam die sieben Säulen eines Tempels, Stein für Stein, und jede versucht, "
               "möglichst viele davon zu gewinnen. Du spielst Weiß oder Schwarz; graue Steine gehören niemandem."},
     "picture": {"setup": [], "mark": ["quarry:W", "quarry:B", "quarry:G"],
                 "caption": {"en": "The temple with its locations A to G, the quarry (marked) and both workshops.",
                             "es": "El templo con sus localizaciones de la A a la G, la cantera (marcada) y los "
                                   "dos talleres.",
                             "de": "Der Tempel mit seinen Plätzen A bis G, der Steinbruch (markiert) und beide "
                                   "Werkstätten."}}},
    {"title": {"en": "Your turn", "es": "Tu turno", "de": "Dein Zug"},
     "text": {
         "en": "Do exactly one of these (you may not pass):\n"
               "• Take stones from the quarry into your workshop: 1 to 3 of your colour, 1 or 2 grey, or exactly "
               "1 of your rival's colour. Your workshop has 3 spaces; you start with 2 stones of your colour.\n"
               "• Place one stone from your workshop on top of any column that is not full (a column is full at 5 "
               "stones). Any colour may go on any location.",
         "es": "Haz exactamente una de estas cosas (no se puede pasar):\n"
               "• Tomar piedras de la cantera y llevarlas a tu taller: de 1 a 3 de tu color, 1 o 2 grises, o "
               "exactamente 1 del color rival. Tu taller tiene 3 espacios; empiezas con 2 piedras de tu color.\n"
               "• Colocar una piedra de tu taller encima de una columna que no esté completa (una columna está "
               "completa con 5 piedras). Cualquier color puede ir en cualquier localización.",
         "de": "Mache genau eines davon (passen ist nicht erlaubt):\n"
               "• Steine aus dem Steinbruch in deine Werkstatt nehmen: 1 bis 3 deiner Farbe, 1 oder 2 graue oder "
               "genau 1 der gegnerischen Farbe. Deine Werkstatt hat 3 Felder; du beginnst mit 2 Steinen deiner "
               "Farbe.\n"
               "• Einen Stein aus deiner Werkstatt oben auf eine Säule setzen, die nicht voll ist (eine Säule ist "
               "bei 5 Steinen voll). Jede Farbe darf auf jeden Platz."}},
    {"title": {"en": "Extra actions", "es": "Acciones adicionales de templo", "de": "Zusatzaktionen"},
     "text": {
         "en": "When you place a stone of your own colour, you may also use that location's extra action (or "
               "decline it). Stones moved by an action never trigger another one.\n"
               "• A, B, G: move the grey (A), white (B) or black (G) top stone of another location onto a third, "
               "free location.\n"
               "• C: return the top stone of another location to the quarry.\n"
               "• D: take 1 stone of any colour from the quarry.\n"
               "• E: take 1 stone from your rival's workshop.\n"
               "• F: place one more stone from your workshop on another free location.",
         "es": "Cuando colocas una piedra de tu color, puedes usar además la acción adicional de esa localización "
               "(o renunciar a ella). Las piedras que mueve una acción nunca activan otra.\n"
               "• A, B, G: mueve la piedra de arriba gris (A), blanca (B) o negra (G) de otra localización a una "
               "tercera localización libre.\n"
               "• C: devuelve a la cantera la piedra de arriba de otra localización.\n"
               "• D: toma 1 piedra de cualquier color de la cantera.\n"
               "• E: toma 1 piedra del taller de tu rival.\n"
               "• F: coloca otra piedra de tu taller en otra localización libre.",
         "de": "Setzt du einen Stein deiner eigenen Farbe, darfst du auch die Zusatzaktion dieses Platzes nutzen "
               "(oder darauf verzichten). Steine, die eine Aktion bewegt, lösen nie eine weitere aus.\n"
               "• A, B, G: den grauen (A), weißen (B) oder schwarzen (G) obersten Stein eines anderen Platzes auf "
               "einen dritten, freien Platz versetzen.\n"
               "• C: den obersten Stein eines anderen Platzes in den Steinbruch zurücklegen.\n"
               "• D: 1 Stein beliebiger Farbe aus dem Steinbruch nehmen.\n"
               "• E: 1 Stein aus der gegnerischen Werkstatt nehmen.\n"
               "• F: einen weiteren Stein aus deiner Werkstatt auf einen anderen freien Platz setzen."}},
    {"title": {"en": "Scoring", "es": "Puntuación", "de": "Wertung"},
     "text": {
         "en": "A column goes to the player with more stones of their colour in it (grey stones do not count; "
               "a tie scores for nobody). Its winner scores +1 for each own stone, +3 for each rival stone and "
               "−2 for each grey stone, so a column can be worth less than nothing.",
         "es": "Una columna es del jugador con más piedras de su color en ella (mayor influencia; las grises no "
               "cuentan y un empate no puntúa para nadie). Quien la gana suma +1 por cada piedra propia, +3 por "
               "cada piedra rival y −2 por cada piedra gris, así que una columna puede restar puntos.",
         "de": "Eine Säule gewinnt, wer mehr Steine seiner Farbe darin hat (graue Steine zählen nicht; bei "
               "Gleichstand punktet niemand). Wer sie gewinnt, erhält +1 für jeden eigenen Stein, +3 für jeden "
               "gegnerischen und −2 für jeden grauen Stein; eine Säule kann also weniger als nichts wert sein."},
     "picture": {"setup": SCORING, "mark": ["col:D", "col:A"],
                 "caption": {"en": "D is White's: 1 + 1 + 3 = 5 points. A is Black's: 1 − 2 = −1 point.",
                             "es": "D es de Blanco: 1 + 1 + 3 = 5 puntos. A es de Negro: 1 − 2 = −1 punto.",
                             "de": "D gehört Weiß: 1 + 1 + 3 = 5 Punkte. A gehört Schwarz: 1 − 2 = −1 Punkt."}}},
    {"title": {"en": "The end", "es": "El final", "de": "Das Ende"},
     "text": {
         "en": "The game ends the moment every column is full (35 stones). The player with more points wins; if "
               "tied, the one who won more columns; otherwise the game is a draw.",
         "es": "La partida termina en cuanto todas las columnas están completas (35 piedras). Gana el jugador con "
               "más puntos; si hay empate, el que ganó más columnas; si no, la partida queda en tablas.",
         "de": "Das Spiel endet, sobald alle Säulen voll sind (35 Steine). Wer mehr Punkte hat, gewinnt; bei "
               "Gleichstand, wer mehr Säulen gewonnen hat; sonst endet das Spiel unentschieden."}},
    {"title": {"en": "Advanced mode", "es": "Modo avanzado", "de": "Profimodus"},
     "text": {
         "en": "In the advanced mode, ornament tiles change how some columns score (more points, the fewest "
               "stones wins, grey stones worth more or less...). Each tile's effect is shown beside the board.",
         "es": "En el modo avanzado, las losetas de ornamentación cambian cómo puntúan algunas columnas (más "
               "puntos, gana quien tenga menos piedras, piedras grises que valen más o menos...). El efecto de "
               "cada loseta se muestra junto al tablero.",
         "de": "Im Profimodus ändern Ornamentplättchen die Wertung einiger Säulen (mehr Punkte, die wenigsten Steine "
               "gewinnen, graue Steine zählen mehr oder weniger ...). Die Wirkung jedes Plättchens steht neben dem "
               "Spielplan."}},
]
