"""Player-facing texts of Pergamon: the rules summary with the rule IDs (printed by ``museion rules pergamon``
and the table's rules panel, with the tables in use), in English, Spanish and German (the same rule IDs in the same
order, as in the tests), and the help of each option."""

from __future__ import annotations

from typing import Any

from museion.games.pergamon import tables

OPTION_HELP = {
    "players": "number of players, 2-4 (2 players play with the tomb raider)",
    "open_scores": "house rule: show every player's victory points during the game (the rulebook hides them)",
    "start_player": "seat of the first player (the rulebook: the oldest player), or 'random' (PER-SETUP-5)",
    "storage_fee": (
        "storage beyond 3 finds (PER-STORE-1; the rulebook leaves the rounding open): started_group (default: "
        "4-6 finds cost 1 coin, 7-9 cost 2) or full_group (4-5 free, 6-8 cost 1, 9-11 cost 2)"
    ),
    "payout_shortage": (
        "research funds running short (PER-FUNDS-2; the rulebook can be read both ways): take_rest (default: "
        "a player takes what is left) or nothing (a request that cannot be met in full gets nothing)"
    ),
    "tables": (
        "a JSON file with the printed research track, museum bands and tiles, replacing museion's RECONSTRUCTED "
        "ones (format: docs/pergamon.md; example: museion/games/pergamon/reconstructed.json)"
    ),
}

RULES_EN = """\
PERGAMON (2-4 players, 12 turns). Collect finds, exhibit them as collections, earn admission tickets (VP).

Setup
  PER-SETUP-1  60 find tiles in 12 calendar piles of 5 (here: drawn at chance nodes from the tiles not yet seen;
               the undrawn rest of each pile is counted into the box unseen).
  PER-SETUP-2  24 funds cards, 3 of each value 1-8; backs public: bag (1-4) or chest (5-8).
  PER-SETUP-3  Coins and VP unlimited; everyone starts with 0 of both.
  PER-SETUP-4  Each player: a figure and collection markers I, II, III.
  PER-SETUP-5  First player: option start_player (a seat, or "random").
  PER-SETUP-6  2 players: with the tomb raider. 3-4 players: normal rules.

Finds
  PER-TILE-1   A find shows, at its left edge, the right half of an object (vase V, jug J, bracelet B, mask M)
               with a two-digit number, and at its right edge the left half of another object with a century 1-5.
               Written V63|4J; named by century.number, e.g. 4.63.
  PER-TILE-2   Age: century first, then the number; larger is older.
  PER-TILE-3   X directly left of Y with matching halves make one object dated X's century + Y's number (463).
  PER-TILE-4   The tile list is RECONSTRUCTED (12 per century, every type 15x per half, distinct numbers).
  PER-DATA-1   Dates are unique within an object type, so "oldest" never ties (custom tables that break it
               are refused).

A turn
  PER-LAYOUT-1 Count the galleries I-V holding fewer than 4 finds, draw that many finds, sort youngest to oldest
               and lay one in each such gallery, youngest in the shallowest.
  PER-FUNDS-1  Two funds cards are drawn face down; from the first player clockwise each puts the figure on a free
               space P1 (right) ... P13 (left).
  PER-FUNDS-2  The cards are revealed; from the rightmost figure leftwards each takes the coins of the space while
               coins remain; the leftmost figure takes all that is left. Short of coins, a player takes what
               is left (option payout_shortage = take_rest, default) or nothing (= nothing).
  PER-FUNDS-3  Track (coins, deepest gallery) per space is RECONSTRUCTED: see docs/pergamon.md.
  PER-DIG-1    From the rightmost figure leftwards, each player: excavate (optional, first), exhibit (any number),
               store (mandatory).
  PER-DIG-2    Excavate: all finds of one non-empty gallery your space allows; pay its number in coins; once a turn.
  PER-EXH-1    A collection is a closed ring of at least 2 own finds: every touching pair and the two ends match.
               Built find by find (+4.63 ...), then close; no choice ever leads to a dead end, and cancel
               always stops building (finds kept). Nothing is ever built or exhibited for you; after 3
               cancels in a turn no new collection can be started that turn.
  PER-EXH-2    Value = sum of the centuries + polish.
  PER-EXH-3    Polish: +1 per coin paid, at most 3 (unlimited in turn 12). Exhibited collections are final.
  PER-EXH-4    The marker goes on the space equal to the value (max 24); first every marker on a space <= the
               value moves down one.
  PER-EXH-5    +1 VP for each newly exhibited collection.
  PER-EXH-6    A marker pushed below space 1 leaves: marker back to its owner, finds to the box.
  PER-EXH-7    At most 3 collections on display; to exhibit a 4th, break one up (finds to the box).
  PER-STORE-1  End of your turn: 3 finds are free, then 1 coin per group of 3 more: per started group
               (option storage_fee = started_group, default: 4-6 cost 1) or per full group (= full_group:
               6-8 cost 1); instead of paying, discard finds; who cannot pay must discard.

Evaluations (after turns 5, 7, 9, 12)
  PER-EVAL-1   Each collection scores VP by its space (bands RECONSTRUCTED: 1-4:1, 5-8:2, ... 21-24:6).
  PER-EVAL-2   2 VP for the oldest exhibited vase (5), jug (7), mask (9), bracelet (12).
  PER-EVAL-3   Then all markers move down 3 (turn 5), 4 (turn 7), 5 (turn 9).
  PER-EVAL-4   VP are hidden from the opponents (option open_scores shows them).

End of a turn and of the game
  PER-TURN-1   Funds cards to the box (each used once); the leftmost player figure becomes first player.
  PER-END-1    After turn 12: the oldest exhibited object 3 VP, the second 2, the third 1.
  PER-END-2    Most VP wins; tie: whoever exhibits the oldest object; still tied: shared victory.

Two players: the tomb raider
  PER-RAIDER-1 Placed before the players by the card backs: 2 bags P5, bag + chest P7, 2 chests P9.
  PER-RAIDER-2 Takes funds like a figure and keeps its coins (starts with 0).
  PER-RAIDER-3 In its turn it pays for and loots (to the box) the deepest affordable gallery its space allows
               that holds finds.
  PER-RAIDER-4 Never exhibits, stores, scores or becomes first player.

Hidden information
  PER-HIDDEN-1 Hidden: calendar piles, the deck, the two cards' values until revealed; opponents' VP.

Invariants
  PER-INV-1    Tiles conserved: calendar + galleries + supplies + exhibited + box = 60.
  PER-INV-2    One marker per museum space; every collection is a valid closed ring.
  PER-INV-3    Coins never negative; each funds card used exactly once.

Notation: start 1 | draw 4.63 | card 7 | P5 | dig III | +4.63 | close | break II | polish 2 | cancel | end |
          pay | drop 4.63

Tables in use (PER-FUNDS-3, PER-EVAL-1, PER-TILE-4; option tables=FILE replaces the RECONSTRUCTED ones):
"""


RULES_ES = """\
PERGAMON (de 2 a 4 jugadores, 12 turnos). Reúne hallazgos, expónlos en colecciones y gana entradas del museo (PV).

Preparación
  PER-SETUP-1  60 hallazgos en 12 pilas del calendario de 5 (aquí: se sacan en nodos de azar entre los hallazgos
               aún no vistos; el resto no sacado de cada pila va a la caja sin verse).
  PER-SETUP-2  24 cartas de fondos, 3 de cada valor 1-8; dorso público: bolsa (1-4) o cofre (5-8).
  PER-SETUP-3  Monedas y PV ilimitados; todos empiezan con 0 de ambos.
  PER-SETUP-4  Cada jugador: una figura y los marcadores de colección I, II, III.
  PER-SETUP-5  Jugador inicial: opción start_player (un asiento, o "random": al azar).
  PER-SETUP-6  2 jugadores: con el saqueador de tumbas. 3-4 jugadores: reglas normales.

Hallazgos
  PER-TILE-1   Un hallazgo muestra en su borde izquierdo la mitad derecha de un objeto (jarrón V, jarra J,
               brazalete B, máscara M) con un número de dos cifras, y en su borde derecho la mitad izquierda de
               otro objeto con un siglo 1-5. Se escribe V63|4J; se nombra por siglo.número, p. ej. 4.63.
  PER-TILE-2   Antigüedad: primero el siglo, luego el número; mayor es más antiguo.
  PER-TILE-3   X justo a la izquierda de Y con mitades que encajan forman un objeto con fecha siglo de X + número
               de Y (463).
  PER-TILE-4   La lista de hallazgos es RECONSTRUCTED (reconstruida: 12 por siglo, cada tipo 15 veces por mitad,
               números distintos).
  PER-DATA-1   Las fechas son únicas dentro de un tipo de objeto, así que "el más antiguo" nunca empata (se
               rechazan las tablas propias que lo incumplen).

Un turno
  PER-LAYOUT-1 Cuenta las galerías I-V con menos de 4 hallazgos, saca tantos hallazgos, ordénalos del más reciente
               al más antiguo y pon uno en cada una de esas galerías, el más reciente en la menos profunda.
  PER-FUNDS-1  Se sacan dos cartas de fondos boca abajo; desde el jugador inicial en el sentido de las agujas del
               reloj, cada uno pone su figura en un espacio de investigación libre P1 (derecha) ... P13 (izquierda).
  PER-FUNDS-2  Se revelan las cartas; desde la figura más a la derecha hacia la izquierda, cada uno toma las
               monedas de su espacio mientras queden; la figura más a la izquierda se lleva todo lo que quede.
               Si faltan monedas, un jugador toma lo que quede (opción payout_shortage = take_rest, por defecto)
               o nada (= nothing).
  PER-FUNDS-3  La investigación (monedas, galería más profunda) por espacio es RECONSTRUCTED: ver docs/pergamon.md.
  PER-DIG-1    Desde la figura más a la derecha hacia la izquierda, cada jugador: excavar (opcional, primero),
               exponer (las veces que quiera), almacenar (obligatorio).
  PER-DIG-2    Excavar: todos los hallazgos de una galería no vacía que tu espacio permita; pagas su número en
               monedas; una vez por turno.
  PER-EXH-1    Una colección es un anillo cerrado de al menos 2 hallazgos propios: cada par que se toca y los dos
               extremos encajan. Se forma hallazgo a hallazgo (+4.63 ...) y luego se cierra; ninguna elección
               lleva a un callejón sin salida, y cancelar siempre deja de formarla (te quedas los hallazgos).
               Nunca se forma ni se expone nada por ti; tras 3 cancelaciones en un turno no puedes empezar
               ninguna colección nueva ese turno.
  PER-EXH-2    Valor = suma de los siglos + pulido.
  PER-EXH-3    Pulir: +1 por moneda pagada, como mucho 3 (sin límite en el turno 12). Las colecciones expuestas
               son definitivas.
  PER-EXH-4    El marcador va al espacio igual al valor (máx. 24); antes, cada marcador en un espacio <= el valor
               baja uno.
  PER-EXH-5    +1 PV por cada colección recién expuesta.
  PER-EXH-6    Un marcador empujado por debajo del espacio 1 sale: el marcador vuelve a su dueño y los hallazgos
               a la caja.
  PER-EXH-7    Como mucho 3 colecciones expuestas; para exponer una 4.ª, deshaz una (hallazgos a la caja).
  PER-STORE-1  Al final de tu turno: 3 hallazgos son gratis, luego 1 moneda por cada grupo de 3 más: por grupo
               empezado (opción storage_fee = started_group, por defecto: 4-6 cuestan 1) o por grupo completo
               (= full_group: 6-8 cuestan 1); en vez de pagar puedes descartar hallazgos; quien no puede pagar
               debe descartar.

Evaluaciones (tras los turnos 5, 7, 9, 12)
  PER-EVAL-1   Cada colección da PV según su espacio (franjas RECONSTRUCTED: 1-4:1, 5-8:2, ... 21-24:6).
  PER-EVAL-2   2 PV por el jarrón (5), la jarra (7), la máscara (9) y el brazalete (12) expuestos más antiguos.
  PER-EVAL-3   Después todos los marcadores bajan 3 (turno 5), 4 (turno 7), 5 (turno 9).
  PER-EVAL-4   Los PV están ocultos para los rivales (la opción open_scores los muestra).

Final de un turno y de la partida
  PER-TURN-1   Las cartas de fondos van a la caja (cada una se usa una vez); la figura de jugador más a la
               izquierda pasa a ser el jugador inicial.
  PER-END-1    Tras el turno 12: el objeto expuesto más antiguo 3 PV, el segundo 2, el tercero 1.
  PER-END-2    Gana quien tiene más PV; empate: quien expone el objeto más antiguo; si sigue el empate, victoria
               compartida.

Dos jugadores: el saqueador de tumbas
  PER-RAIDER-1 Se coloca antes que los jugadores según los dorsos: 2 bolsas P5, bolsa + cofre P7, 2 cofres P9.
  PER-RAIDER-2 Toma fondos como una figura y se queda sus monedas (empieza con 0).
  PER-RAIDER-3 En su turno paga y saquea (a la caja) la galería más profunda que pueda pagar, que su espacio
               permita y que tenga hallazgos.
  PER-RAIDER-4 Nunca expone, almacena, puntúa ni pasa a ser jugador inicial.

Información oculta
  PER-HIDDEN-1 Oculto: las pilas del calendario, el mazo, los valores de las dos cartas hasta revelarlas; los PV
               de los rivales.

Invariantes
  PER-INV-1    Los hallazgos se conservan: calendario + galerías + reservas + expuestos + caja = 60.
  PER-INV-2    Un marcador por espacio del museo; cada colección es un anillo cerrado válido.
  PER-INV-3    Las monedas nunca son negativas; cada carta de fondos se usa exactamente una vez.

Notación: start 1 | draw 4.63 | card 7 | P5 | dig III | +4.63 | close | break II | polish 2 | cancel | end |
          pay | drop 4.63

Tablas en uso (PER-FUNDS-3, PER-EVAL-1, PER-TILE-4; la opción tables=ARCHIVO sustituye las RECONSTRUCTED):
"""

RULES_DE = """\
PERGAMON (2-4 Personen, 12 Runden). Fundstücke sammeln, als Ausstellungen zeigen, Ruhmespunkte (RP) erhalten.

Spielaufbau
  PER-SETUP-1  60 Fundplättchen in 12 Kalenderstapeln zu je 5 (hier: an Zufallsknoten aus den noch nicht
               gesehenen Plättchen gezogen; der nicht gezogene Rest jedes Stapels kommt ungesehen in die Schachtel).
  PER-SETUP-2  24 Geldkarten, je 3 der Werte 1-8; Rückseiten offen: Beutel (1-4) oder Truhe (5-8).
  PER-SETUP-3  Münzen und RP unbegrenzt; alle beginnen mit 0 von beidem.
  PER-SETUP-4  Jede Person: eine Figur und die Ausstellungsmarker I, II, III.
  PER-SETUP-5  Startspieler: Option start_player (ein Platz oder "random").
  PER-SETUP-6  2 Personen: mit dem Grabräuber. 3-4 Personen: normale Regeln.

Fundstücke
  PER-TILE-1   Ein Fundstück zeigt am linken Rand die rechte Hälfte eines Objekts (Vase V, Krug J, Armreif B,
               Maske M) mit einer zweistelligen Nummer und am rechten Rand die linke Hälfte eines anderen Objekts
               mit einem Jahrhundert 1-5. Geschrieben V63|4J; benannt als Jahrhundert.Nummer, z. B. 4.63.
  PER-TILE-2   Alter: zuerst das Jahrhundert, dann die Nummer; größer ist älter.
  PER-TILE-3   X direkt links von Y mit passenden Hälften ergibt ein Objekt mit dem Datum Jahrhundert von X +
               Nummer von Y (463).
  PER-TILE-4   Die Plättchenliste ist REKONSTRUIERT (12 je Jahrhundert, jeder Typ 15x je Hälfte, verschiedene
               Nummern).
  PER-DATA-1   Daten sind je Objekttyp eindeutig, daher gibt es beim "ältesten" nie Gleichstand (eigene
               Tabellen, die das verletzen, werden abgelehnt).

Eine Runde
  PER-LAYOUT-1 Die Stollen I-V mit weniger als 4 Fundstücken zählen, so viele Fundstücke ziehen, vom jüngsten
               zum ältesten sortieren und in jeden dieser Stollen eines legen, das jüngste in den flachsten.
  PER-FUNDS-1  Zwei Geldkarten werden verdeckt gezogen; ab dem Startspieler im Uhrzeigersinn stellt jede Person
               die Figur auf ein freies Feld P1 (rechts) ... P13 (links).
  PER-FUNDS-2  Die Karten werden aufgedeckt; von der Figur ganz rechts nach links nimmt jede die Münzen ihres
               Feldes, solange Münzen übrig sind; die Figur ganz links nimmt den ganzen Rest. Reicht das Geld
               nicht, nimmt man den Rest (Option payout_shortage = take_rest, Vorgabe) oder nichts (= nothing).
  PER-FUNDS-3  Die Leiste (Münzen, tiefster Stollen) je Feld ist REKONSTRUIERT: siehe docs/pergamon.md.
  PER-DIG-1    Von der Figur ganz rechts nach links macht jede Person: ausgraben (freiwillig, zuerst),
               ausstellen (beliebig oft), lagern (Pflicht).
  PER-DIG-2    Ausgraben: alle Fundstücke eines nicht leeren Stollens, den dein Feld erlaubt; seine Nummer in
               Münzen zahlen; einmal pro Runde.
  PER-EXH-1    Eine Ausstellung ist ein geschlossener Ring aus mindestens 2 eigenen Fundstücken: jedes
               benachbarte Paar und die beiden Enden passen zusammen. Fundstück für Fundstück aufgebaut
               (+4.63 ...), dann close; keine Wahl führt je in eine Sackgasse, und cancel beendet den Aufbau
               immer (Fundstücke bleiben). Nichts wird je für dich gebaut oder ausgestellt; nach 3 Abbrüchen in
               einer Runde kann in dieser Runde keine neue Ausstellung begonnen werden.
  PER-EXH-2    Wert = Summe der Jahrhunderte + Polieren.
  PER-EXH-3    Polieren: +1 je gezahlte Münze, höchstens 3 (in Runde 12 unbegrenzt). Ausgestellte
               Ausstellungen sind endgültig.
  PER-EXH-4    Der Marker kommt auf das Feld, das dem Wert entspricht (höchstens 24); zuvor rückt jeder Marker
               auf einem Feld <= dem Wert eins nach unten.
  PER-EXH-5    +1 RP für jede neu ausgestellte Ausstellung.
  PER-EXH-6    Ein unter Feld 1 geschobener Marker verlässt das Museum: Marker zurück an seinen Besitzer,
               Fundstücke in die Schachtel.
  PER-EXH-7    Höchstens 3 Ausstellungen gleichzeitig; um eine 4. auszustellen, eine auflösen (Fundstücke in die
               Schachtel).
  PER-STORE-1  Ende deines Zuges: 3 Fundstücke sind frei, dann 1 Münze je Gruppe von 3 weiteren: je
               angefangene Gruppe (Option storage_fee = started_group, Vorgabe: 4-6 kosten 1) oder je volle
               Gruppe (= full_group: 6-8 kosten 1); statt zu zahlen, Fundstücke abwerfen; wer nicht zahlen
               kann, muss abwerfen.

Wertungen (nach den Runden 5, 7, 9, 12)
  PER-EVAL-1   Jede Ausstellung bringt RP nach ihrem Feld (Bereiche REKONSTRUIERT: 1-4:1, 5-8:2, ... 21-24:6).
  PER-EVAL-2   2 RP für die älteste ausgestellte Vase (5), den Krug (7), die Maske (9), den Armreif (12).
  PER-EVAL-3   Dann rücken alle Marker 3 (Runde 5), 4 (Runde 7), 5 (Runde 9) nach unten.
  PER-EVAL-4   RP sind vor den anderen verborgen (Option open_scores zeigt sie).

Ende einer Runde und des Spiels
  PER-TURN-1   Geldkarten in die Schachtel (jede wird einmal benutzt); die Figur ganz links wird Startspieler.
  PER-END-1    Nach Runde 12: das älteste ausgestellte Objekt 3 RP, das zweite 2, das dritte 1.
  PER-END-2    Die meisten RP gewinnen; Gleichstand: wer das älteste Objekt ausstellt; weiterhin gleich:
               geteilter Sieg.

Zu zweit: der Grabräuber
  PER-RAIDER-1 Wird vor den Personen nach den Kartenrückseiten platziert: 2 Beutel P5, Beutel + Truhe P7,
               2 Truhen P9.
  PER-RAIDER-2 Nimmt Geld wie eine Figur und behält seine Münzen (beginnt mit 0).
  PER-RAIDER-3 In seinem Zug bezahlt und plündert er (in die Schachtel) den tiefsten bezahlbaren Stollen mit
               Fundstücken, den sein Feld erlaubt.
  PER-RAIDER-4 Stellt nie aus, lagert nie, punktet nie und wird nie Startspieler.

Verdeckte Information
  PER-HIDDEN-1 Verdeckt: die Kalenderstapel, der Kartenstapel, die Werte der beiden Karten bis zum Aufdecken;
               die RP der anderen.

Invarianten
  PER-INV-1    Plättchen bleiben erhalten: Kalender + Stollen + Vorräte + ausgestellt + Schachtel = 60.
  PER-INV-2    Ein Marker je Museumsfeld; jede Ausstellung ist ein gültiger geschlossener Ring.
  PER-INV-3    Münzen nie negativ; jede Geldkarte genau einmal benutzt.

Notation: start 1 | draw 4.63 | card 7 | P5 | dig III | +4.63 | close | break II | polish 2 | cancel | end |
          pay | drop 4.63

Benutzte Tabellen (PER-FUNDS-3, PER-EVAL-1, PER-TILE-4; Option tables=DATEI ersetzt die REKONSTRUIERTEN):
"""

RULES = {"en": RULES_EN, "es": RULES_ES, "de": RULES_DE}
"""The rules summary in each language, without the tables in use (:func:`rules_text` adds them)."""


def rules_text(game: Any, lang: str = "en") -> str:
    """The summary for one configuration in ``lang``: it ends by saying which tables the game plays with."""
    return RULES.get(lang, RULES_EN) + tables.describe(game.chosen_tables, lang) + "\n"
