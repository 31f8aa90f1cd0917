"""The Pergamon tutorial ("Learn to play"): two turns of a 2-player game, from the research funds to a first
exhibition, each rule where it happens, on the real engine (the format: :mod:`museion.core.lesson`). The learner is
the first seat; the rival's moves, the finds and the funds cards are scripted."""

TURN_1 = ["draw 1.02", "draw 1.07", "draw 1.21", "draw 1.31", "draw 1.37", "card 3", "card 4"]
"""Turn 1's finds (the youngest, 1.02, goes to gallery I) and its funds cards (two bags: 3 + 4 coins)."""
TURN_2 = ["draw 1.83", "draw 1.93", "draw 2.04", "draw 2.06", "draw 2.14", "card 1", "card 2"]
"""Turn 2's finds (1.83, which completes a collection with 1.02, goes to gallery I) and funds cards (1 + 2)."""

TUTORIAL = {
    "options": {"players": 2, "start_player": 0},
    "seat": 0,
    "setup": TURN_1,
    "bot": "easy",
    "steps": [
        {"say": {
            "en": "Welcome to Pergamon! For 12 turns you and your rival excavate ancient finds, put them together "
                  "into collections and exhibit them in the museum, which earns victory points (the museum's "
                  "admission tickets). New finds were just laid out in galleries I to V, the youngest in gallery I.",
            "es": "¡Bienvenido a Pergamon! Durante 12 turnos tu rival y tú excaváis hallazgos antiguos, formáis con "
                  "ellos colecciones y las exponéis en el museo, que da puntos de victoria (las entradas del museo). "
                  "Se acaban de colocar hallazgos nuevos en las galerías I a V, el más joven en la galería I.",
            "de": "Willkommen bei Pergamon! 12 Runden lang grabt ihr, du und dein Gegenüber, antike Fundstücke aus, "
                  "fügt sie zu Ausstellungen zusammen und stellt sie im Museum aus; das bringt Ruhmespunkte (RP). "
                  "Gerade wurden neue Fundstücke in die Stollen I bis V gelegt, die jüngsten in Stollen I."}},
        {"say": {
            "en": "First the research funds: two funds cards were drawn; their sum is this turn's money. Put your "
                  "figure on a research space: spaces further left ask for more coins and let you dig deeper, but "
                  "coins are paid from the right while they last. Tap space P2 (1 coin, galleries I to III).",
            "es": "Primero, los fondos de investigación: se han robado dos cartas de fondos y su suma es el dinero "
                  "del turno. Pon tu figura en un espacio de investigación: los de más a la izquierda piden más "
                  "monedas y dejan excavar más hondo, pero las monedas se pagan desde la derecha mientras queden. "
                  "Toca el espacio P2 (1 moneda, galerías I a III).",
            "de": "Zuerst die Forschungsgelder: Zwei Geldkarten wurden gezogen; ihre Summe ist das Geld dieser "
                  "Runde. Stelle deine Figur auf ein Forschungsfeld: Felder weiter links beantragen mehr Münzen und "
                  "erlauben tieferes Graben, aber ausgezahlt wird von rechts, solange das Geld reicht. Tippe auf "
                  "Feld P2 (1 Münze, Stollen I bis III)."},
         "do": "P2", "then": ["P4"]},
        {"say": {
            "en": "Your rival chose P4. The figure furthest right acts first: you. Excavate: take all the finds of "
                  "one gallery your space allows and pay its number in coins (gallery I costs 1). Tap gallery I.",
            "es": "Tu rival ha elegido P4. Actúa primero la figura más a la derecha: la tuya. Excava: toma todos "
                  "los hallazgos de una galería que permita tu espacio y paga su número en monedas (la galería I "
                  "cuesta 1). Toca la galería I.",
            "de": "Dein Gegenüber hat P4 gewählt. Die Figur ganz rechts ist zuerst dran: du. Grabe aus: Nimm alle "
                  "Fundstücke eines Stollens, den dein Feld erlaubt, und zahle seine Nummer in Münzen (Stollen I "
                  "kostet 1). Tippe auf Stollen I."},
         "do": "dig I", "then": ["dig II", *TURN_2, "P4"]},
        {"say": {
            "en": "Your rival dug gallery II, and the tomb raider (it plays in 2-player games) looted gallery III: "
                  "those finds leave the game. A new turn: new finds and funds cards, and the player whose figure "
                  "stood furthest left starts. Your rival chose P4 again. Tap space P2.",
            "es": "Tu rival ha excavado la galería II y el saqueador de tumbas (juega en las partidas de 2) ha "
                  "saqueado la galería III: esos hallazgos salen del juego. Nuevo turno: hallazgos y cartas de "
                  "fondos nuevos, y empieza el jugador cuya figura estaba más a la izquierda. Tu rival ha vuelto a "
                  "elegir P4. Toca el espacio P2.",
            "de": "Dein Gegenüber hat Stollen II ausgegraben, und der Grabräuber (er spielt bei 2 Personen mit) hat "
                  "Stollen III geplündert: Diese Fundstücke verlassen das Spiel. Eine neue Runde: neue Fundstücke "
                  "und Geldkarten, und wessen Figur ganz links stand, beginnt. Dein Gegenüber hat wieder P4 gewählt. "
                  "Tippe auf Feld P2."},
         "do": "P2"},
        {"say": {
            "en": "Each find shows two half-objects (vase, jug, bracelet, mask) and a date: its century and a "
                  "number. The new find in gallery I fits yours. Excavate gallery I.",
            "es": "Cada hallazgo muestra dos mitades de objeto (jarrón, jarra, brazalete, máscara) y una fecha: su "
                  "siglo y un número. El hallazgo nuevo de la galería I encaja con el tuyo. Excava la galería I.",
            "de": "Jedes Fundstück zeigt zwei Objekthälften (Vase, Krug, Armreif, Maske) und ein Datum: sein "
                  "Jahrhundert und eine Nummer. Das neue Fundstück in Stollen I passt zu deinem. Grabe Stollen I "
                  "aus."},
         "do": "dig I"},
        {"say": {
            "en": "A collection is a row of at least 2 finds in which touching halves form whole objects, and the "
                  "two ends match too. Tap your new find to start a collection.",
            "es": "Una colección es una fila de al menos 2 hallazgos en la que las mitades que se tocan forman "
                  "objetos completos, y los dos extremos también encajan. Toca tu hallazgo nuevo para empezar una "
                  "colección.",
            "de": "Eine Ausstellung ist eine Reihe aus mindestens 2 Fundstücken, in der aneinanderliegende Hälften "
                  "ganze Objekte bilden und auch die beiden Enden zusammenpassen. Tippe auf dein neues Fundstück, um "
                  "eine Ausstellung zu beginnen."},
         "do": "+1.83"},
        {"say": {
            "en": "Add your other find: the mask halves meet in the middle and the bracelet halves at the ends.",
            "es": "Añade tu otro hallazgo: las mitades de la máscara se juntan en el centro y las del brazalete en "
                  "los extremos.",
            "de": "Füge dein anderes Fundstück hinzu: Die Maskenhälften treffen sich in der Mitte, die "
                  "Armreifhälften an den Enden."},
         "do": "+1.02"},
        {"say": {
            "en": "The collection is complete: close it.",
            "es": "La colección está completa: ciérrala.",
            "de": "Die Ausstellung ist vollständig: Schließe sie."},
         "do": "close"},
        {"say": {
            "en": "A collection is worth the sum of its finds' centuries (here 1 + 1), plus polish: each coin you "
                  "pay adds 1, at most 3 (no limit in turn 12). You have no coins left: exhibit it as it is.",
            "es": "Una colección vale la suma de los siglos de sus hallazgos (aquí 1 + 1), más el pulido: cada "
                  "moneda que pagas suma 1, como mucho 3 (sin límite en el turno 12). No te quedan monedas: "
                  "exponla tal cual.",
            "de": "Eine Ausstellung ist die Summe der Jahrhunderte ihrer Fundstücke wert (hier 1 + 1), plus "
                  "Polieren: Jede gezahlte Münze bringt 1 mehr, höchstens 3 (in Runde 12 unbegrenzt). Du hast keine "
                  "Münzen mehr: Stelle sie aus, wie sie ist."},
         "do": "polish 0"},
        {"say": {
            "en": "Your collection went to museum space 2 and earned 1 victory point at once. After turns 5, 7, 9 "
                  "and 12 every exhibit scores by its museum space, the oldest object of one type earns a prize, "
                  "and then all markers move down (below space 1 a collection leaves). You keep 3 unexhibited finds "
                  "for free; more cost coins. Your points are hidden from your rival until the end, when the 3 "
                  "oldest objects on display score 3, 2 and 1. Now play a short game against the easy bot!",
            "es": "Tu colección ha ido al espacio 2 del museo y te ha dado 1 punto de victoria al momento. Tras los "
                  "turnos 5, 7, 9 y 12 cada exposición puntúa según su espacio del museo, el objeto más antiguo de "
                  "un tipo gana un premio y luego todos los marcadores bajan (por debajo del espacio 1 la colección "
                  "sale). Guardas 3 hallazgos sin exponer gratis; más cuestan monedas. Tus puntos están ocultos a tu "
                  "rival hasta el final, cuando los 3 objetos expuestos más antiguos dan 3, 2 y 1. ¡Ahora juega una "
                  "partida corta contra el bot fácil!",
            "de": "Deine Ausstellung kam auf Museumsfeld 2 und brachte sofort 1 Ruhmespunkt. Nach den Runden 5, 7, 9 "
                  "und 12 punktet jede Ausstellung nach ihrem Museumsfeld, das älteste Objekt eines Typs erhält "
                  "einen Preis, und dann rücken alle Marker nach unten (unter Feld 1 verlässt eine Ausstellung das "
                  "Museum). 3 nicht ausgestellte Fundstücke behältst du kostenlos; mehr kosten Münzen. Deine Punkte "
                  "bleiben deinem Gegenüber bis zum Ende verborgen; dann bringen die 3 ältesten ausgestellten "
                  "Objekte 3, 2 und 1. Spiel jetzt eine kurze Partie gegen den leichten Bot!"}},
    ],
}
