"""Player-facing texts of Imhotep: the rules summary printed by ``museion rules imhotep`` and the table's rules
panel, in English, Spanish and German (our words, the German edition's terms; the same rule IDs in the same order,
as in the tests), and the help of each option."""

OPTION_HELP = {
    "players": "number of players, 2-4",
    "wrath": "variant Wrath of the Pharaoh (rulebook): -5 without a stone at each of 4 sites (IMH-WRATH-1)",
    "start_player": "start player: a seat 0-3, a colour (black, white, brown, grey) or 'random' (IMH-SETUP-7)",
}

RULES_EN = """\
IMHOTEP - 2 to 4 players (Phil Walker-Harding, KOSMOS 2016). A sides of the sites. Ship stones to five
building sites over 6 rounds and score the most points.

SET-UP
  IMH-SETUP-1  Seats 0-3 play black, white, brown, grey. 29 playable stones each (1 more marks the score).
  IMH-SETUP-2  Sleds hold at most 5 stones; clockwise from the start player they start with 2, 3, 4, 5.
  IMH-SETUP-3  Sites: market (MKT), pyramid (PYR), temple (TMP), burial chamber (BUR), obelisks (OBL).
  IMH-SETUP-4  34 market cards, shuffled (each card dealt is a chance outcome among the unseen cards).
  IMH-SETUP-5  7 round cards per player count; 6 are used, drawn one per round at a chance node (R:4-3-2-2).
  IMH-SETUP-6  Ships of capacity 4/3/2/1 need at least 3/2/1/1 stones to sail. Space 1 is the bow.
  IMH-SETUP-7  Start player: option start_player (a seat, default 0, or "random": a chance node).

ROUND (6 rounds)
  IMH-ROUND-1  Reveal the round card (4 ships), deal 4 market cards face up (an empty draw pile is refilled
               from the discard pile).
  IMH-ROUND-2  Turns clockwise from the start player, one action each, until the 4th ship has sailed and been
               unloaded.
  IMH-ROUND-3  Then the temple scores; leftover market cards are discarded; ships return.
  IMH-ROUND-4  The next start player sits left of whoever sailed the 4th ship.

ACTIONS (one per turn)
  IMH-ACT-STONES  S: min(3, room on the sled, stones in the quarry) stones to the sled; illegal if 0.
  IMH-ACT-PLACE   P<ship>.<space>: a sled stone on an empty space of a ship still in the harbour.
  IMH-ACT-SAIL    V<ship>><site>: the ship holds its minimum and no ship docked at that site this round.
  IMH-ACT-CARD    C:<card>: play a blue card held from an earlier turn, then discard it.
  IMH-ACT-PASS    PASS only when nothing else is legal; when every player passes in succession the round ends
                  (next start player: left of the last player who acted; stones on unsailed ships go back to
                  their quarries).

UNLOADING
  IMH-UNLOAD-1  Bow to stern, skipping empty spaces; each stone goes to the site by its rules (Lever: its
                player chooses the order stone by stone: U:<colour>).
  IMH-UNLOAD-2  The ship stays docked until the round ends.

SITES (A sides)
  IMH-MARKET-1  Each stone's owner takes 1 face-up card, in unloading order (M:<card>; compulsory; automatic
                when all cards left are alike); the stone then goes back to its owner's quarry.
  IMH-MARKET-2  Cards are public. Red: resolve at once, discard. Blue: keep for a later turn. Green, purple:
                score at game end.
  IMH-PYR-1     14 spaces filled in order, scoring at once 2 1 3 2 4 3 2 1 3 | 2 3 1 3 | 4.
  IMH-PYR-2     Further stones go beside the pyramid for 1 point each.
  IMH-TEMPLE-1  4 columns wide with 2 players, 5 with 3-4.
  IMH-TEMPLE-2  Filled left to right in layers; the visible stones are the last <width> placed.
  IMH-TEMPLE-3  At every round end each visible stone scores 1 point.
  IMH-BURIAL-1  3 rows; the k-th stone goes to column k // 3, row k % 3.
  IMH-BURIAL-2  Game end: each orthogonally connected one-colour group scores 1/3/6/10/15 for 1-5 stones,
                +2 per further stone.
  IMH-OBEL-1    Own obelisk per player; game end ranking (players with a stone): 10/1, 12/6/1, 15/10/5/1.
  IMH-OBEL-2    Ties share the points of the places they occupy, rounded down (4/3/3/0 -> 15/7/7/0).

MARKET CARDS (34)
  IMH-CARD-RED-1       ENTRANCE, SARCOPHAGUS, PAVED_PATH (2 each): a quarry stone at once to the pyramid,
                       burial chamber, own obelisk; no effect with an empty quarry.
  IMH-CARD-GREEN-1     DECO_PYR, DECO_TMP, DECO_BUR, DECO_OBL (2 each): 1 point per 3 stones at that site.
  IMH-CARD-PURPLE-1    STATUE (10): 1/3/6/10/15 points for 1-5 statues, +2 per further statue.
  IMH-CARD-BLUE-LEVER  LEVER (2): sail a ship and choose the unloading order stone by stone (U:<colour>):
                       each next stone after the previous one was placed (at the market: after its owner
                       picked a card), so the choice can use what happened; it is also the market pick order.
  IMH-CARD-BLUE-HAMMER HAMMER (2): get stones as S (maybe 0), then place 1 stone if possible; playable when
                       either part does something.
  IMH-CARD-BLUE-SAIL   SAIL (3): place 1 stone, then sail that ship (it must reach its minimum).
  IMH-CARD-BLUE-CHISEL CHISEL (3): place 2 stones (needs 2 on the sled and 2 free spaces).
  IMH-CARD-BLUE-2      One blue card per turn, never on the turn it was taken; unused ones score 1 point.

GAME END
  IMH-END-1    After round 6 and its temple scoring: burial chamber, obelisks, green, purple, unused blue.
  IMH-END-2    Highest score wins; tie: most stones on the sled; still tied: shared win.
  IMH-WRATH-1  Option wrath: -5 for a player without a stone at any one of pyramid, temple, burial, obelisks.

HIDDEN INFORMATION
  IMH-HIDDEN-1  The draw pile order, the round card order and the removed round card are hidden: no state
                stores them (chance nodes draw them), so views show everything else.
"""

RULES_ES = """\
IMHOTEP - de 2 a 4 jugadores (Phil Walker-Harding, KOSMOS 2016). Cara A de los sitios. Lleva piedras en barco a
cinco sitios de construcción durante 6 rondas y consigue más puntos que nadie.

PREPARACIÓN
  IMH-SETUP-1  Los asientos 0-3 juegan con negro, blanco, marrón y gris. 29 piedras jugables cada uno (1 más
               marca los puntos).
  IMH-SETUP-2  En un trineo caben como mucho 5 piedras; en el sentido de las agujas del reloj desde el jugador
               inicial empiezan con 2, 3, 4, 5.
  IMH-SETUP-3  Sitios: mercado (MKT), pirámide (PYR), templo (TMP), cámara funeraria (BUR), obeliscos (OBL).
  IMH-SETUP-4  34 cartas de mercado, barajadas (cada carta repartida es un resultado del azar entre las cartas
               no vistas).
  IMH-SETUP-5  7 cartas de ronda por número de jugadores; se usan 6, una por ronda en un nodo de azar (R:4-3-2-2).
  IMH-SETUP-6  Los barcos de capacidad 4/3/2/1 necesitan al menos 3/2/1/1 piedras para navegar. El espacio 1 es
               la proa.
  IMH-SETUP-7  Jugador inicial: opción start_player (un asiento, 0 por defecto, o "random": un nodo de azar).

RONDA (6 rondas)
  IMH-ROUND-1  Se revela la carta de ronda (4 barcos) y se reparten 4 cartas de mercado boca arriba (un mazo
               vacío se rellena con los descartes).
  IMH-ROUND-2  Turnos en el sentido de las agujas del reloj desde el jugador inicial, una acción cada uno, hasta
               que el 4.º barco ha navegado y se ha descargado.
  IMH-ROUND-3  Después puntúa el templo; las cartas de mercado que quedan se descartan; los barcos vuelven.
  IMH-ROUND-4  El siguiente jugador inicial se sienta a la izquierda de quien navegó con el 4.º barco.

ACCIONES (una por turno)
  IMH-ACT-STONES  S: conseguir min(3, sitio en el trineo, piedras en la cantera) piedras para el trineo; no se
                  puede si son 0.
  IMH-ACT-PLACE   P<barco>.<espacio>: colocar una piedra del trineo en un espacio vacío de un barco que sigue en
                  el puerto.
  IMH-ACT-SAIL    V<barco>><sitio>: navegar con un barco que lleva su mínimo a un sitio donde ningún barco ha
                  atracado esta ronda.
  IMH-ACT-CARD    C:<carta>: jugar una carta azul conseguida en un turno anterior y descartarla.
  IMH-ACT-PASS    PASS (pasar) solo cuando no hay nada más legal; si todos los jugadores pasan seguidos, la ronda
                  termina (siguiente jugador inicial: a la izquierda del último que actuó; las piedras de los
                  barcos que no navegaron vuelven a sus canteras).

DESCARGA
  IMH-UNLOAD-1  De proa a popa, saltando los espacios vacíos; cada piedra va al sitio según sus reglas (Palanca:
                su jugador elige el orden piedra a piedra: U:<color>).
  IMH-UNLOAD-2  El barco sigue atracado hasta que termina la ronda.

SITIOS (cara A)
  IMH-MARKET-1  El dueño de cada piedra toma 1 carta boca arriba, en el orden de descarga (M:<carta>;
                obligatorio; automático si todas las cartas que quedan son iguales); la piedra vuelve luego a la
                cantera de su dueño.
  IMH-MARKET-2  Las cartas son públicas. Rojas: se resuelven enseguida y se descartan. Azules: se guardan para
                un turno posterior. Verdes y moradas: puntúan al final de la partida.
  IMH-PYR-1     14 espacios que se llenan en orden y puntúan enseguida 2 1 3 2 4 3 2 1 3 | 2 3 1 3 | 4.
  IMH-PYR-2     Las piedras siguientes van junto a la pirámide por 1 punto cada una.
  IMH-TEMPLE-1  4 columnas de ancho con 2 jugadores, 5 con 3-4.
  IMH-TEMPLE-2  Se llena de izquierda a derecha por capas; las piedras visibles son las últimas <ancho>
                colocadas.
  IMH-TEMPLE-3  Al final de cada ronda cada piedra visible puntúa 1 punto.
  IMH-BURIAL-1  3 filas; la k-ésima piedra va a la columna k // 3, fila k % 3.
  IMH-BURIAL-2  Final de la partida: cada grupo de un color unido en horizontal o vertical puntúa 1/3/6/10/15
                por 1-5 piedras, +2 por cada piedra más.
  IMH-OBEL-1    Un obelisco propio por jugador; clasificación al final (jugadores con alguna piedra): 10/1,
                12/6/1, 15/10/5/1.
  IMH-OBEL-2    Los empates reparten los puntos de los puestos que ocupan, redondeando hacia abajo
                (4/3/3/0 -> 15/7/7/0).

CARTAS DE MERCADO (34)
  IMH-CARD-RED-1       Entrada, Sarcófago, Camino pavimentado (ENTRANCE, SARCOPHAGUS, PAVED_PATH; 2 de cada):
                       una piedra de la cantera enseguida a la pirámide, la cámara funeraria, tu obelisco; sin
                       efecto con la cantera vacía.
  IMH-CARD-GREEN-1     Decoraciones (DECO_PYR, DECO_TMP, DECO_BUR, DECO_OBL; 2 de cada): 1 punto por cada 3
                       piedras en ese sitio.
  IMH-CARD-PURPLE-1    Estatua (STATUE, 10): 1/3/6/10/15 puntos por 1-5 estatuas, +2 por cada estatua más.
  IMH-CARD-BLUE-LEVER  Palanca (LEVER, 2): navegar con un barco y elegir el orden de descarga piedra a piedra
                       (U:<color>): cada piedra después de colocar la anterior (en el mercado: después de que su
                       dueño tome una carta), así que la elección puede tener en cuenta lo ocurrido; también es el
                       orden en que se eligen las cartas del mercado.
  IMH-CARD-BLUE-HAMMER Martillo (HAMMER, 2): conseguir piedras como con S (quizá 0) y luego colocar 1 piedra si
                       se puede; se puede jugar si alguna de las dos partes hace algo.
  IMH-CARD-BLUE-SAIL   Vela (SAIL, 3): colocar 1 piedra y luego navegar con ese barco (debe llegar a su mínimo).
  IMH-CARD-BLUE-CHISEL Cincel (CHISEL, 3): colocar 2 piedras (necesita 2 en el trineo y 2 espacios libres).
  IMH-CARD-BLUE-2      Una carta azul por turno, nunca en el turno en que se consiguió; las no usadas puntúan
                       1 punto.

FINAL DE LA PARTIDA
  IMH-END-1    Tras la ronda 6 y la puntuación de su templo: cámara funeraria, obeliscos, verdes, moradas, azules
               no usadas.
  IMH-END-2    Gana la puntuación más alta; desempate: más piedras en el trineo; si sigue el empate, victoria
               compartida.
  IMH-WRATH-1  Opción wrath (Ira del faraón): -5 para un jugador sin piedras en alguno de pirámide, templo,
               cámara funeraria, obeliscos.

INFORMACIÓN OCULTA
  IMH-HIDDEN-1  El orden del mazo, el de las cartas de ronda y la carta de ronda retirada están ocultos: ningún
                estado los guarda (los sacan nodos de azar), así que las vistas muestran todo lo demás.
"""

RULES_DE = """\
IMHOTEP - 2 bis 4 Personen (Phil Walker-Harding, KOSMOS 2016). A-Seiten der Orte. Bringt in 6 Runden Steine
per Schiff zu fünf Bauplätzen und erzielt die meisten Punkte.

SPIELAUFBAU
  IMH-SETUP-1  Die Plätze 0-3 spielen Schwarz, Weiß, Braun, Grau. Je 29 spielbare Steine (1 weiterer markiert
               die Punkte).
  IMH-SETUP-2  Schlitten fassen höchstens 5 Steine; im Uhrzeigersinn ab dem Startspieler beginnen sie mit 2,
               3, 4, 5.
  IMH-SETUP-3  Orte: Markt (MKT), Pyramide (PYR), Tempel (TMP), Grabkammer (BUR), Obelisken (OBL).
  IMH-SETUP-4  34 Marktkarten, gemischt (jede ausgelegte Karte ist ein Zufallsergebnis unter den ungesehenen).
  IMH-SETUP-5  7 Rundenkarten je Personenzahl; 6 werden benutzt, eine pro Runde an einem Zufallsknoten gezogen
               (R:4-3-2-2).
  IMH-SETUP-6  Schiffe mit 4/3/2/1 Feldern brauchen mindestens 3/2/1/1 Steine zum Segeln. Feld 1 ist der Bug.
  IMH-SETUP-7  Startspieler: Option start_player (ein Platz, Vorgabe 0, oder "random": ein Zufallsknoten).

RUNDE (6 Runden)
  IMH-ROUND-1  Die Rundenkarte aufdecken (4 Schiffe), 4 Marktkarten offen auslegen (ein leerer Nachziehstapel
               wird aus dem Ablagestapel aufgefüllt).
  IMH-ROUND-2  Züge im Uhrzeigersinn ab dem Startspieler, je eine Aktion, bis das 4. Schiff gesegelt und
               entladen ist.
  IMH-ROUND-3  Dann wird der Tempel gewertet; übrige Marktkarten werden abgelegt; die Schiffe kehren zurück.
  IMH-ROUND-4  Neuer Startspieler ist, wer links von der Person sitzt, die das 4. Schiff gesegelt hat.

AKTIONEN (eine pro Zug)
  IMH-ACT-STONES  S: min(3, Platz auf dem Schlitten, Steine im Steinbruch) Steine auf den Schlitten; verboten
                  bei 0.
  IMH-ACT-PLACE   P<Schiff>.<Feld>: ein Schlittenstein auf ein leeres Feld eines Schiffs, das noch im Hafen ist.
  IMH-ACT-SAIL    V<Schiff>><Ort>: das Schiff trägt seine Mindestladung und an diesem Ort hat in dieser Runde
                  noch kein Schiff angelegt.
  IMH-ACT-CARD    C:<Karte>: eine blaue Karte aus einem früheren Zug ausspielen, dann ablegen.
  IMH-ACT-PASS    PASS nur, wenn nichts anderes erlaubt ist; passen alle nacheinander, endet die Runde
                  (neuer Startspieler: links von der Person, die zuletzt gehandelt hat; Steine auf nicht
                  gesegelten Schiffen kommen zurück in ihren Steinbruch).

ENTLADEN
  IMH-UNLOAD-1  Vom Bug zum Heck, leere Felder werden übersprungen; jeder Stein kommt nach den Regeln des Ortes
                dorthin (Hebel: wer ihn spielt, wählt die Reihenfolge Stein für Stein: U:<Farbe>).
  IMH-UNLOAD-2  Das Schiff bleibt bis zum Rundenende angelegt.

ORTE (A-Seiten)
  IMH-MARKET-1  Wem ein Stein gehört, nimmt 1 offene Karte, in Entladereihenfolge (M:<Karte>; Pflicht;
                automatisch, wenn alle übrigen Karten gleich sind); der Stein kommt dann zurück in den
                Steinbruch seines Besitzers.
  IMH-MARKET-2  Karten sind offen. Rot: sofort ausführen, ablegen. Blau: für einen späteren Zug behalten. Grün,
                lila: werden am Spielende gewertet.
  IMH-PYR-1     14 Felder werden der Reihe nach gefüllt und werten sofort 2 1 3 2 4 3 2 1 3 | 2 3 1 3 | 4.
  IMH-PYR-2     Weitere Steine kommen neben die Pyramide, für je 1 Punkt.
  IMH-TEMPLE-1  4 Spalten breit bei 2 Personen, 5 bei 3-4.
  IMH-TEMPLE-2  Von links nach rechts in Lagen gefüllt; sichtbar sind die zuletzt gesetzten <Breite> Steine.
  IMH-TEMPLE-3  Am Ende jeder Runde bringt jeder sichtbare Stein 1 Punkt.
  IMH-BURIAL-1  3 Reihen; der k-te Stein kommt in Spalte k // 3, Reihe k % 3.
  IMH-BURIAL-2  Spielende: jede orthogonal zusammenhängende einfarbige Gruppe bringt 1/3/6/10/15 für 1-5
                Steine, +2 je weiteren Stein.
  IMH-OBEL-1    Ein eigener Obelisk pro Person; Rangfolge am Spielende (Personen mit einem Stein): 10/1,
                12/6/1, 15/10/5/1.
  IMH-OBEL-2    Gleichstände teilen die Punkte der belegten Ränge, abgerundet (4/3/3/0 -> 15/7/7/0).

MARKTKARTEN (34)
  IMH-CARD-RED-1       EINGANG, SARKOPHAG, PFLASTERWEG (je 2): sofort ein Stein aus dem Steinbruch auf die
                       Pyramide, in die Grabkammer, auf den eigenen Obelisken; ohne Wirkung bei leerem
                       Steinbruch.
  IMH-CARD-GREEN-1     Verzierungen DECO_PYR, DECO_TMP, DECO_BUR, DECO_OBL (je 2): 1 Punkt je 3 Steine an
                       diesem Ort.
  IMH-CARD-PURPLE-1    STATUE (10): 1/3/6/10/15 Punkte für 1-5 Statuen, +2 je weitere Statue.
  IMH-CARD-BLUE-LEVER  HEBEL (2): ein Schiff segeln und die Entladereihenfolge Stein für Stein wählen
                       (U:<Farbe>): jeder nächste Stein, nachdem der vorige platziert wurde (am Markt:
                       nachdem sein Besitzer eine Karte gewählt hat), sodass die Wahl das Geschehene nutzen
                       kann; das ist auch die Reihenfolge der Kartenwahl am Markt.
  IMH-CARD-BLUE-HAMMER HAMMER (2): Steine holen wie bei S (vielleicht 0), dann wenn möglich 1 Stein setzen;
                       spielbar, wenn einer der Teile etwas bewirkt.
  IMH-CARD-BLUE-SAIL   SEGEL (3): 1 Stein setzen, dann dieses Schiff segeln (es muss seine Mindestladung
                       erreichen).
  IMH-CARD-BLUE-CHISEL MEISSEL (3): 2 Steine setzen (braucht 2 auf dem Schlitten und 2 freie Felder).
  IMH-CARD-BLUE-2      Eine blaue Karte pro Zug, nie in dem Zug, in dem sie genommen wurde; unbenutzte bringen
                       1 Punkt.

SPIELENDE
  IMH-END-1    Nach Runde 6 und ihrer Tempelwertung: Grabkammer, Obelisken, grüne, lila, unbenutzte blaue
               Karten.
  IMH-END-2    Die höchste Punktzahl gewinnt; Gleichstand: die meisten Steine auf dem Schlitten; weiterhin
               gleich: geteilter Sieg.
  IMH-WRATH-1  Option wrath (Zorn des Pharaos): -5 für alle, die an einem der Orte Pyramide, Tempel,
               Grabkammer, Obelisken keinen Stein haben.

VERDECKTE INFORMATION
  IMH-HIDDEN-1  Die Reihenfolge des Nachziehstapels, die der Rundenkarten und die aussortierte Rundenkarte sind
                verdeckt: kein Zustand speichert sie (Zufallsknoten ziehen sie), daher zeigen die Ansichten
                alles andere.
"""

RULES = {"en": RULES_EN, "es": RULES_ES, "de": RULES_DE}
"""The rules summary in each language (``museion rules imhotep --lang es``, the table's rules panel)."""
