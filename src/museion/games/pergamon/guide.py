"""The rules of Pergamon for players (``museion rules pergamon``, the rules page and the table's rules panel), in
English, Spanish and German, with pictures the board draws from prepared positions (the format:
:mod:`museion.core.lesson`).
The specification with its rule IDs is ``rules.py`` (``museion rules pergamon --spec``)."""

from museion.games.pergamon.tutorial import TURN_1, TURN_2

TWO = {"players": 2, "start_player": 0}
EXHIBITED = [*TURN_1, "P2", "P4", "dig I", "dig II", *TURN_2, "P4", "P2", "dig I", "+1.83", "+1.02", "close",
             "polish 0"]
"""The first seat has exhibited a collection of two century-1 finds (value 2) on museum space 2."""

GUIDE = [
    {"title": {"en": "The goal", "es": "El objetivo", "de": "Das Ziel"},
     "text": {
         "en": "2 to 4 archaeologists dig up finds at Pergamon for 12 turns, put them together into collections "
               "and exhibit them in the museum. Exhibits earn victory points (admission tickets); the most points "
               "at the end wins.",
         "es": "De 2 a 4 arqueólogos excavan hallazgos en Pergamon durante 12 turnos, forman con ellos colecciones "
               "y las exponen en el museo. Las exposiciones dan puntos de victoria (entradas del museo); gana quien "
               "tenga más puntos al final.",
         "de": "2 bis 4 Archäologen graben 12 Runden lang in Pergamon Fundstücke aus, fügen sie zu Ausstellungen "
               "zusammen und stellen sie im Museum aus. Ausstellungen bringen Ruhmespunkte; die meisten Punkte am "
               "Ende gewinnen."},
     "picture": {"options": TWO, "setup": [*TURN_1, "P2"], "mark": ["gallery:I", "gallery:II", "gallery:III",
                                                                   "gallery:IV", "gallery:V"],
                 "caption": {"en": "The excavation site with galleries I to V (marked), the research funds track "
                                   "and the museum.",
                             "es": "El sitio de excavación con las galerías I a V (marcadas), el marcador de fondos "
                                   "de investigación y el museo.",
                             "de": "Die Ausgrabungsstätte mit den Stollen I bis V (markiert), die Leiste der "
                                   "Forschungsgelder und das Museum."}}},
    {"title": {"en": "A turn", "es": "Un turno", "de": "Eine Runde"},
     "text": {
         "en": "1. New finds: one find goes to each gallery that holds fewer than 4, the youngest in gallery I.\n"
               "2. Research funds: two funds cards are drawn (their backs show a bag for 1–4 or a chest for 5–8). "
               "Each player puts their figure on a free space of the track. The cards are turned over and their "
               "sum is paid out from the rightmost figure to the left, each taking the coins of their space while "
               "coins remain; the leftmost figure takes whatever is left.\n"
               "3. From the rightmost figure to the leftmost, each player may excavate, then exhibit, then stores "
               "their finds.\n"
               "4. The figure furthest left starts the next turn.",
         "es": "1. Hallazgos nuevos: va un hallazgo a cada galería que tenga menos de 4, el más joven a la "
               "galería I.\n"
               "2. Fondos de investigación: se roban dos cartas de fondos (su dorso muestra una bolsa de dinero "
               "para 1–4 o un cofre para 5–8). Cada jugador pone su figura en un espacio libre del marcador. Se "
               "revelan las cartas y su suma se reparte desde la figura de más a la derecha hacia la izquierda: "
               "cada uno toma las monedas de su espacio mientras queden; la figura de más a la izquierda se lleva "
               "lo que sobre.\n"
               "3. Desde la figura de más a la derecha hasta la de más a la izquierda, cada jugador puede excavar, "
               "luego exponer, y por último guarda sus hallazgos.\n"
               "4. La figura de más a la izquierda empieza el turno siguiente.",
         "de": "1. Neue Fundstücke: Jeder Stollen mit weniger als 4 erhält ein Fundstück, das jüngste in Stollen I.\n"
               "2. Forschungsgelder: Zwei Geldkarten werden gezogen (ihre Rückseite zeigt einen Beutel für 1–4 oder "
               "eine Truhe für 5–8). Alle stellen ihre Figur auf ein freies Feld der Leiste. Die Karten werden "
               "umgedreht, und ihre Summe wird von der Figur ganz rechts nach links ausgezahlt: Jede erhält die "
               "Münzen ihres Feldes, solange Münzen übrig sind; die Figur ganz links erhält den Rest.\n"
               "3. Von der Figur ganz rechts bis zur Figur ganz links darf jede Person ausgraben, dann ausstellen, "
               "dann lagert sie ihre Fundstücke.\n"
               "4. Die Figur ganz links beginnt die nächste Runde."}},
    {"title": {"en": "Excavating and storing", "es": "Excavar y guardar", "de": "Ausgraben und Lagern"},
     "text": {
         "en": "Excavate once per turn: take all the finds of one gallery your space allows and pay its number in "
               "coins (gallery I costs 1, gallery V costs 5). At the end of your turn you keep up to 3 finds that "
               "are not exhibited for free; each further 3 (or part of 3) cost 1 coin, or you discard finds.",
         "es": "Excava una vez por turno: toma todos los hallazgos de una galería que permita tu espacio y paga su "
               "número en monedas (la galería I cuesta 1, la V cuesta 5). Al final de tu turno guardas gratis hasta "
               "3 hallazgos sin exponer; cada 3 más (o parte de 3) cuestan 1 moneda, o descartas hallazgos.",
         "de": "Grabe einmal pro Runde aus: Nimm alle Fundstücke eines Stollens, den dein Feld erlaubt, und zahle "
               "seine Nummer in Münzen (Stollen I kostet 1, Stollen V kostet 5). Am Ende deines Zuges behältst du "
               "bis zu 3 nicht ausgestellte Fundstücke kostenlos; je weitere 3 (oder ein Teil davon) kosten 1 Münze, "
               "oder du wirfst Fundstücke ab."}},
    {"title": {"en": "Collections", "es": "Colecciones", "de": "Ausstellungen"},
     "text": {
         "en": "Each find shows two half-objects (vase, jug, bracelet, mask) and a date: a century from 1 to 5 and "
               "a number. A collection is a row of at least 2 of your finds in which touching halves form whole "
               "objects and the two ends match too. Its value is the sum of its finds' centuries, plus polish: "
               "each coin you pay adds 1, at most 3 (no limit in turn 12). You may have 3 collections on display.",
         "es": "Cada hallazgo muestra dos mitades de objeto (jarrón, jarra, brazalete, máscara) y una fecha: un "
               "siglo del 1 al 5 y un número. Una colección es una fila de al menos 2 de tus hallazgos en la que "
               "las mitades que se tocan forman objetos completos y los dos extremos también encajan. Su valor es "
               "la suma de los siglos de sus hallazgos, más el pulido: cada moneda que pagas suma 1, como mucho 3 "
               "(sin límite en el turno 12). Puedes tener 3 colecciones expuestas.",
         "de": "Jedes Fundstück zeigt zwei Objekthälften (Vase, Krug, Armreif, Maske) und ein Datum: ein Jahrhundert "
               "von 1 bis 5 und eine Nummer. Eine Ausstellung ist eine Reihe aus mindestens 2 deiner Fundstücke, in "
               "der aneinanderliegende Hälften ganze Objekte bilden und auch die beiden Enden zusammenpassen. Ihr "
               "Wert ist die Summe der Jahrhunderte ihrer Fundstücke, plus Polieren: Jede gezahlte Münze bringt 1 "
               "mehr, höchstens 3 (in Runde 12 unbegrenzt). Du darfst 3 Ausstellungen gleichzeitig zeigen."},
     "picture": {"options": TWO, "setup": EXHIBITED, "mark": ["coll0:I"],
                 "caption": {"en": "A collection of two finds of century 1: a mask in the middle and a bracelet "
                                   "at the ends, worth 1 + 1 = 2, on museum space 2.",
                             "es": "Una colección de dos hallazgos del siglo 1: una máscara en el centro y un "
                                   "brazalete en los extremos; vale 1 + 1 = 2 y está en el espacio 2 del museo.",
                             "de": "Eine Ausstellung aus zwei Fundstücken des 1. Jahrhunderts: eine Maske in der "
                                   "Mitte und ein Armreif an den Enden, Wert 1 + 1 = 2, auf Museumsfeld 2."}}},
    {"title": {"en": "The museum and scoring", "es": "El museo y la puntuación", "de": "Museum und Wertung"},
     "text": {
         "en": "An exhibited collection goes on the museum space equal to its value (24 at most) and earns 1 "
               "victory point at once; the markers on spaces up to that value move down one space first. After "
               "turns 5, 7, 9 and 12 there is an evaluation: every exhibit scores 1 to 6 points by its space, the "
               "owner of the oldest exhibited vase (turn 5), jug (7), mask (9) or bracelet (12) gets 2 points, "
               "then every marker moves down 3, 4 or 5 spaces (not after turn 12); a collection pushed below "
               "space 1 leaves the game. At the end the three oldest exhibited objects score 3, 2 and 1. Points "
               "stay hidden from the other players until the end.",
         "es": "Una colección expuesta va al espacio del museo igual a su valor (24 como mucho) y da 1 punto de "
               "victoria al momento; antes bajan un espacio los marcadores de los espacios hasta ese valor. Tras los "
               "turnos 5, 7, 9 y 12 hay una evaluación: cada exposición da de 1 a 6 puntos según su espacio, el "
               "dueño del jarrón (turno 5), la jarra (7), la máscara (9) o el brazalete (12) expuesto más antiguo "
               "gana 2 puntos y luego todos los marcadores bajan 3, 4 o 5 espacios (no tras el turno 12); una "
               "colección que baja del espacio 1 sale del juego. Al final los tres objetos expuestos más antiguos "
               "dan 3, 2 y 1. Los puntos están ocultos a los demás jugadores hasta el final.",
         "de": "Eine ausgestellte Ausstellung kommt auf das Museumsfeld, das ihrem Wert entspricht (höchstens 24), "
               "und bringt sofort 1 Ruhmespunkt; die Marker auf den Feldern bis zu diesem Wert rücken vorher ein "
               "Feld nach unten. Nach den Runden 5, 7, 9 und 12 gibt es eine Wertung: Jede Ausstellung bringt je "
               "nach Feld 1 bis 6 Punkte, wer die älteste ausgestellte Vase (Runde 5), den ältesten Krug (7), die "
               "älteste Maske (9) oder den ältesten Armreif (12) besitzt, erhält 2 Punkte, dann rücken alle Marker "
               "3, 4 oder 5 Felder nach unten (nicht nach Runde 12); eine Ausstellung, die unter Feld 1 rutscht, "
               "verlässt das Spiel. Am Ende bringen die drei ältesten ausgestellten Objekte 3, 2 und 1. Die Punkte "
               "bleiben den anderen bis zum Ende verborgen."}},
    {"title": {"en": "Two players: the tomb raider", "es": "Dos jugadores: el saqueador de tumbas",
                                                     "de": "Zu zweit: der Grabräuber"},
     "text": {
         "en": "With 2 players the tomb raider takes a space on the track chosen by the funds cards' backs, takes "
               "coins like a player and loots the deepest gallery it can afford; its finds leave the game.",
         "es": "Con 2 jugadores, el saqueador de tumbas ocupa un espacio del marcador que eligen los dorsos de las "
               "cartas de fondos, toma monedas como un jugador y saquea la galería más honda que pueda pagar; sus "
               "hallazgos salen del juego.",
         "de": "Zu zweit besetzt der Grabräuber ein Feld der Leiste, das die Rückseiten der Geldkarten bestimmen, "
               "nimmt Münzen wie eine Person und plündert den tiefsten Stollen, den er bezahlen kann; seine "
               "Fundstücke verlassen das Spiel."}},
]
