"""Player-facing texts of Tholos: the rules summary printed by ``museion rules tholos`` and the table's rules panel,
in English, Spanish and German (our words; the same rule IDs in the same order, as in the tests), and the help of
each option."""

OPTION_HELP = {
    "advanced": "advanced mode: the board side with ornaments (THO-ORN-*)",
    "ornaments": (
        "ornaments in the advanced game: 2 by the rulebook (the default); 3-5 are a house rule the rulebook allows "
        "by agreement, 0 and 1 house rules; or a fixed placement such as 1@C,7@E (THO-ORN-SETUP-1/2)"
    ),
    "ornament_locations": (
        "locations ornaments may be drawn for (DECISION: the printed location tokens are unknown; THO-ORN-SETUP-2)"
    ),
    "end_check": (
        "when the full temple ends the game: immediate (the rulebook, default) or after_turn (the online "
        "adaptation, a departure from the rulebook: a C action on the last slot can reopen a column) (THO-END-2)"
    ),
    "start_player": "who starts: 0/white (default), 1/black or random (THO-SETUP-5)",
    "players": "number of players: Tholos is for 2",
}

RULES_EN = """\
THOLOS - 2 players (David Bernal, Perro Loko Games, 2021). Build the temple's seven columns and win them.

SET-UP
  THO-SETUP-1  15 white (W), 15 black (B) and 10 grey (G) stones are in play (one W and one B mark the score).
  THO-SETUP-2  Player 0 is White, player 1 is Black. Each has a workshop of 3 spaces holding 2 own stones.
  THO-SETUP-3  The quarry holds 13 W, 13 B, 10 G.
  THO-SETUP-4  The temple has 7 locations A-G clockwise from the top, each with an empty column. No rule uses
               adjacency.
  THO-SETUP-5  Start player: option start_player = white (default), black or random.

A TURN: exactly one of TAKE or PLACE; passing is not allowed (THO-TURN-1).
  TAKE (T<n><colour>, e.g. T2W): stones of one colour from the quarry into your workshop (THO-TAKE-1):
  THO-TAKE-2  own colour 1-3, grey 1-2, rival colour exactly 1;
  THO-TAKE-3  never more than your free workshop spaces; THO-TAKE-4 never more than the quarry holds.
  PLACE (P<location>:<colour>, e.g. PC:B): one stone from your workshop on top of a free column.
  THO-PLACE-1  Any colour may be placed on any free location.
  THO-PLACE-2  A column is free below 5 stones (7 under ornament 7); a full column takes no stone at all.
  THO-PLACE-3  Only a stone of your own colour triggers the location's extra action, which is optional
               (grey triggers under ornament 5).
  THO-PLACE-4  No chaining: stones moved or added by an extra action trigger nothing; one extra action a turn.
  THO-PLACE-5  Columns lowered by an extra action are free again; extra actions may take from full columns.

EXTRA ACTIONS (notation x<location>:..., decline with x-)
  THO-ACT-A  A: move the grey top stone of another location onto a third, free location (xA:E>F).
  THO-ACT-B  B: the same with a white top stone.     THO-ACT-G  G: the same with a black top stone.
  THO-ACT-C  C: return the top stone of another location to the quarry (xC:A).
  THO-ACT-D  D: take 1 stone of any colour from the quarry into your workshop (xD:G).
  THO-ACT-E  E: take 1 stone of any colour from the rival's workshop into yours (xE:W).
  THO-ACT-F  F: place 1 more stone from your workshop on another free location (xF:B>D).
  THO-ACT-NONE  No valid target: no effect (the game skips the decision). Declining is always allowed.

END AND SCORING
  THO-END-1  The game ends when every column is full (35 stones; 37 with ornament 7).
  THO-END-2  The game ends the moment the last slot is filled, before any extra action (end_check =
             immediate, the rulebook, default). Option end_check = after_turn (the online adaptation, a
             departure from the rulebook) ends it after the whole turn, so an own stone on the last slot at C
             may reopen a column with C's action; no other extra action is offered then, as it could change
             nothing.
  THO-SCORE-1  Each column goes to the player with more stones of their colour in it (grey ignored);
               equal counts, 0-0 included, score for nobody.
  THO-SCORE-2  Its winner scores +1 per own stone, +3 per rival stone, -2 per grey stone (may be negative).
               Examples: W,W,G,B,G -> White 1; W,B,B,W,W -> White 9; G,W,W,G,W -> White -1.
  THO-SCORE-3  Highest total wins; tie-break: more columns won (also those won with 0 or fewer points);
               still tied: a draw.

ADVANCED MODE: ORNAMENTS (option advanced=True)
  THO-ORN-SETUP-1  Ornament tiles 1-7 each go on a different location; the rulebook deals 2 (the default)
                   and allows more by agreement.
  THO-ORN-SETUP-2  They are drawn at random among option ornament_locations (default all seven; the printed
                   location tokens are unknown), or fixed with ornaments={"C": 1, "E": 7} (or "1@C,7@E");
                   ornaments=N sets how many are drawn: 2 is the rulebook's count, 3-5 a house rule by
                   agreement, 0 and 1 house rules.
  THO-ORN-1  The column's winner gets 3 more points.
  THO-ORN-2  The column is won by the player with FEWER stones of their colour (equal: nobody); the winner
             scores the usual values from their own side (W0 B3 G2: White 0+9-4 = 5).
  THO-ORN-3  Grey stones in this column are worth +2.      THO-ORN-4  Grey stones here are worth -3.
  THO-ORN-5  A grey stone placed here also triggers the location's extra action.
  THO-ORN-6  When this location's action triggers, you may instead move a grey stone from the quarry onto a
             different free location (xL:Q>D).
  THO-ORN-7  This column holds 7 stones.

INVARIANTS (checked by museion check tholos)
  THO-INV-1  Quarry + workshops + temple = 15 W, 15 B, 10 G at every step.
  THO-INV-2  No workshop holds more than 3 stones; no column exceeds its height.
  THO-INV-3  Every game ends (the engine proves a bound: max_game_length()).
"""

RULES_ES = """\
THOLOS - 2 jugadores (David Bernal, Perro Loko Games, 2021). Construye las siete columnas del templo y gánalas.

PREPARACIÓN
  THO-SETUP-1  Se juega con 15 piedras blancas (W), 15 negras (B) y 10 grises (G) (una W y una B marcan los puntos).
  THO-SETUP-2  El jugador 0 es Blanco, el jugador 1 es Negro. Cada uno tiene un taller de 3 espacios con 2
               piedras propias.
  THO-SETUP-3  La cantera tiene 13 W, 13 B, 10 G.
  THO-SETUP-4  El templo tiene 7 localizaciones A-G en el sentido de las agujas del reloj desde arriba, cada una
               con una columna vacía. Ninguna regla usa la adyacencia.
  THO-SETUP-5  Jugador inicial: opción start_player = white (blanco, por defecto), black (negro) o random (al azar).

UN TURNO: exactamente una de TOMAR o COLOCAR; no se puede pasar (THO-TURN-1).
  TOMAR (T<n><color>, p. ej. T2W): piedras de un color de la cantera a tu taller (THO-TAKE-1):
  THO-TAKE-2  de tu color 1-3, grises 1-2, del color rival exactamente 1;
  THO-TAKE-3  nunca más que tus espacios libres del taller; THO-TAKE-4 nunca más de las que tiene la cantera.
  COLOCAR (P<localización>:<color>, p. ej. PC:B): una piedra de tu taller encima de una columna libre.
  THO-PLACE-1  Cualquier color puede colocarse en cualquier localización libre.
  THO-PLACE-2  Una columna está libre con menos de 5 piedras (7 con la ornamentación 7); una columna completa no
               admite ninguna piedra.
  THO-PLACE-3  Solo una piedra de tu color activa la acción adicional de templo de la localización, que es
               opcional (la gris la activa con la ornamentación 5).
  THO-PLACE-4  Sin encadenar: las piedras movidas o añadidas por una acción adicional no activan nada; una
               acción adicional por turno.
  THO-PLACE-5  Las columnas que baja una acción adicional vuelven a estar libres; las acciones adicionales pueden
               tomar de columnas completas.

ACCIONES ADICIONALES DE TEMPLO (notación x<localización>:..., renunciar con x-)
  THO-ACT-A  A: mueve la piedra gris de arriba de otra localización a una tercera localización libre (xA:E>F).
  THO-ACT-B  B: lo mismo con una piedra blanca de arriba.     THO-ACT-G  G: lo mismo con una piedra negra de arriba.
  THO-ACT-C  C: devuelve a la cantera la piedra de arriba de otra localización (xC:A).
  THO-ACT-D  D: toma 1 piedra de cualquier color de la cantera para tu taller (xD:G).
  THO-ACT-E  E: toma 1 piedra de cualquier color del taller rival para el tuyo (xE:W).
  THO-ACT-F  F: coloca 1 piedra más de tu taller en otra localización libre (xF:B>D).
  THO-ACT-NONE  Sin objetivo válido: no tiene efecto (la partida se salta la decisión). Siempre puedes renunciar.

FINAL Y PUNTUACIÓN
  THO-END-1  La partida termina cuando todas las columnas están completas (35 piedras; 37 con la ornamentación 7).
  THO-END-2  La partida termina en cuanto se llena el último hueco, antes de cualquier acción adicional
             (end_check = immediate, el reglamento, por defecto). La opción end_check = after_turn (la
             adaptación en línea, que se aparta del reglamento) la termina tras el turno completo, así que una
             piedra propia en el último hueco en C puede reabrir una columna con la acción de C; entonces no se
             ofrece ninguna otra acción adicional, porque no cambiaría nada.
  THO-SCORE-1  Cada columna es para el jugador con mayor influencia: más piedras de su color en ella (las grises
               no cuentan); con empate, 0-0 incluido, no puntúa nadie.
  THO-SCORE-2  Quien la gana suma +1 por piedra propia, +3 por piedra rival, -2 por piedra gris (puede ser
               negativo). Ejemplos: W,W,G,B,G -> Blanco 1; W,B,B,W,W -> Blanco 9; G,W,W,G,W -> Blanco -1.
  THO-SCORE-3  Gana el total más alto; desempate: más columnas ganadas (también las ganadas con 0 puntos o
               menos); si sigue el empate, la partida queda en tablas.

MODO AVANZADO: ORNAMENTACIONES (opción advanced=True)
  THO-ORN-SETUP-1  Las losetas de ornamentación 1-7 van cada una a una localización distinta; el reglamento
                   reparte 2 (por defecto) y permite más de mutuo acuerdo.
  THO-ORN-SETUP-2  Se sortean entre las localizaciones de la opción ornament_locations (por defecto las siete;
                   no se conocen las fichas de localización impresas), o se fijan con ornaments={"C": 1, "E": 7}
                   (o "1@C,7@E"); ornaments=N dice cuántas se sortean: 2 es lo del reglamento, 3-5 una regla de
                   la casa de mutuo acuerdo, 0 y 1 reglas de la casa.
  THO-ORN-1  Quien gana la columna recibe 3 puntos más.
  THO-ORN-2  Gana la columna el jugador con MENOS piedras de su color (con empate, nadie); quien la gana suma
             los valores habituales desde su lado (W0 B3 G2: Blanco 0+9-4 = 5).
  THO-ORN-3  Las piedras grises de esta columna valen +2.      THO-ORN-4  Aquí las piedras grises valen -3.
  THO-ORN-5  Una piedra gris colocada aquí también activa la acción adicional de la localización.
  THO-ORN-6  Cuando se activa la acción de esta localización, puedes en su lugar mover una piedra gris de la
             cantera a otra localización libre (xL:Q>D).
  THO-ORN-7  Esta columna admite 7 piedras.

INVARIANTES (los comprueba museion check tholos)
  THO-INV-1  Cantera + talleres + templo = 15 W, 15 B, 10 G en cada paso.
  THO-INV-2  Ningún taller tiene más de 3 piedras; ninguna columna pasa de su altura.
  THO-INV-3  Toda partida termina (el motor demuestra una cota: max_game_length()).
"""

RULES_DE = """\
THOLOS - 2 Personen (David Bernal, Perro Loko Games, 2021). Baut die sieben Säulen des Tempels und gewinnt sie.

SPIELAUFBAU
  THO-SETUP-1  15 weiße (W), 15 schwarze (B) und 10 graue (G) Steine sind im Spiel (je ein W und ein B
               markieren die Punkte).
  THO-SETUP-2  Person 0 ist Weiß, Person 1 Schwarz. Jede hat eine Werkstatt mit 3 Feldern und 2 eigenen Steinen.
  THO-SETUP-3  Der Steinbruch enthält 13 W, 13 B, 10 G.
  THO-SETUP-4  Der Tempel hat 7 Plätze A-G im Uhrzeigersinn von oben, jeder mit einer leeren Säule. Keine Regel
               nutzt Nachbarschaft.
  THO-SETUP-5  Startspieler: Option start_player = white (Vorgabe), black oder random.

EIN ZUG: genau eines von NEHMEN oder SETZEN; Passen ist nicht erlaubt (THO-TURN-1).
  NEHMEN (T<n><Farbe>, z. B. T2W): Steine einer Farbe aus dem Steinbruch in deine Werkstatt (THO-TAKE-1):
  THO-TAKE-2  eigene Farbe 1-3, grau 1-2, gegnerische Farbe genau 1;
  THO-TAKE-3  nie mehr als deine freien Werkstattfelder; THO-TAKE-4 nie mehr, als der Steinbruch enthält.
  SETZEN (P<Platz>:<Farbe>, z. B. PC:B): ein Stein aus deiner Werkstatt oben auf eine freie Säule.
  THO-PLACE-1  Jede Farbe darf auf jeden freien Platz gesetzt werden.
  THO-PLACE-2  Eine Säule ist frei unter 5 Steinen (7 mit Ornament 7); eine volle Säule nimmt keinen Stein mehr.
  THO-PLACE-3  Nur ein Stein der eigenen Farbe löst die Zusatzaktion des Platzes aus; sie ist freiwillig
               (mit Ornament 5 löst auch Grau aus).
  THO-PLACE-4  Keine Ketten: von einer Zusatzaktion bewegte oder hinzugefügte Steine lösen nichts aus; eine
               Zusatzaktion pro Zug.
  THO-PLACE-5  Durch eine Zusatzaktion niedrigere Säulen sind wieder frei; Zusatzaktionen dürfen von vollen
               Säulen nehmen.

ZUSATZAKTIONEN (Notation x<Platz>:..., verzichten mit x-)
  THO-ACT-A  A: den grauen obersten Stein eines anderen Platzes auf einen dritten, freien Platz versetzen
             (xA:E>F).
  THO-ACT-B  B: dasselbe mit einem weißen obersten Stein.   THO-ACT-G  G: dasselbe mit einem schwarzen.
  THO-ACT-C  C: den obersten Stein eines anderen Platzes in den Steinbruch zurücklegen (xC:A).
  THO-ACT-D  D: 1 Stein beliebiger Farbe aus dem Steinbruch in deine Werkstatt nehmen (xD:G).
  THO-ACT-E  E: 1 Stein beliebiger Farbe aus der gegnerischen Werkstatt in deine nehmen (xE:W).
  THO-ACT-F  F: 1 weiteren Stein aus deiner Werkstatt auf einen anderen freien Platz setzen (xF:B>D).
  THO-ACT-NONE  Kein gültiges Ziel: keine Wirkung (das Spiel überspringt die Entscheidung). Verzichten ist
                immer erlaubt.

SPIELENDE UND WERTUNG
  THO-END-1  Das Spiel endet, wenn alle Säulen voll sind (35 Steine; 37 mit Ornament 7).
  THO-END-2  Das Spiel endet, sobald das letzte Feld gefüllt ist, vor jeder Zusatzaktion (end_check =
             immediate, die Spielregel, Vorgabe). Die Option end_check = after_turn (die Online-Anpassung,
             eine Abweichung von der Spielregel) beendet es nach dem ganzen Zug, sodass ein eigener Stein auf
             dem letzten Feld bei C mit der Aktion von C eine Säule wieder öffnen kann; eine andere
             Zusatzaktion wird dann nicht angeboten, da sie nichts ändern könnte.
  THO-SCORE-1  Jede Säule gewinnt, wer mehr Steine seiner Farbe darin hat (Grau zählt nicht); bei Gleichstand,
               auch 0-0, punktet niemand.
  THO-SCORE-2  Wer sie gewinnt, erhält +1 je eigenem Stein, +3 je gegnerischem, -2 je grauem Stein (auch
               negativ). Beispiele: W,W,G,B,G -> Weiß 1; W,B,B,W,W -> Weiß 9; G,W,W,G,W -> Weiß -1.
  THO-SCORE-3  Die höchste Summe gewinnt; Gleichstand: mehr gewonnene Säulen (auch solche mit 0 oder weniger
               Punkten); weiterhin gleich: unentschieden.

PROFIMODUS: ORNAMENTE (Option advanced=True)
  THO-ORN-SETUP-1  Die Ornamentplättchen 1-7 kommen jeweils auf einen anderen Platz; die Spielregel teilt 2 aus
                   (die Vorgabe) und erlaubt nach Absprache mehr.
  THO-ORN-SETUP-2  Sie werden zufällig auf die Plätze der Option ornament_locations verteilt (Vorgabe alle
                   sieben; die gedruckten Platzmarker sind unbekannt) oder fest mit ornaments={"C": 1, "E": 7}
                   (oder "1@C,7@E"); ornaments=N legt fest, wie viele gezogen werden: 2 ist die Anzahl der
                   Spielregel, 3-5 eine Hausregel nach Absprache, 0 und 1 Hausregeln.
  THO-ORN-1  Wer die Säule gewinnt, erhält 3 Punkte mehr.
  THO-ORN-2  Die Säule gewinnt, wer WENIGER Steine seiner Farbe darin hat (gleich: niemand); wer gewinnt,
             wertet die üblichen Werte von der eigenen Seite aus (W0 B3 G2: Weiß 0+9-4 = 5).
  THO-ORN-3  Graue Steine in dieser Säule zählen +2.      THO-ORN-4  Graue Steine hier zählen -3.
  THO-ORN-5  Ein hier gesetzter grauer Stein löst auch die Zusatzaktion des Platzes aus.
  THO-ORN-6  Wenn die Aktion dieses Platzes ausgelöst wird, darfst du stattdessen einen grauen Stein aus dem
             Steinbruch auf einen anderen freien Platz setzen (xL:Q>D).
  THO-ORN-7  Diese Säule fasst 7 Steine.

INVARIANTEN (geprüft von museion check tholos)
  THO-INV-1  Steinbruch + Werkstätten + Tempel = 15 W, 15 B, 10 G bei jedem Schritt.
  THO-INV-2  Keine Werkstatt enthält mehr als 3 Steine; keine Säule überschreitet ihre Höhe.
  THO-INV-3  Jedes Spiel endet (die Engine beweist eine Grenze: max_game_length()).
"""

RULES = {"en": RULES_EN, "es": RULES_ES, "de": RULES_DE}
"""The rules summary in each language (``museion rules tholos --lang es``, the table's rules panel)."""
