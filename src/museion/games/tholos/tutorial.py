"""The Tholos tutorial ("Learn to play"): a first game's rules, each where it happens, on the real engine
(the format: :mod:`museion.core.lesson`). The learner is White; Black's replies are scripted."""

TUTORIAL = {
    "options": {},
    "seat": 0,
    "setup": [],
    "bot": "easy",
    "steps": [
        {"say": {
            "en": "Welcome to Tholos! You and your rival build the temple's seven columns, A to G, and try to win "
                  "them. You play White, your rival Black. On your turn you do one thing: take stones from the "
                  "quarry, or place a stone in the temple.",
            "es": "¡Bienvenido a Tholos! Tu rival y tú construís las siete columnas del templo, de la A a la G, e "
                  "intentáis ganarlas. Tú juegas con Blanco y tu rival con Negro. En tu turno haces una sola cosa: "
                  "tomar piedras de la cantera o colocar una piedra en el templo.",
            "de": "Willkommen bei Tholos! Du und dein Gegenüber baut die sieben Säulen des Tempels, A bis G, und "
                  "versucht, sie zu gewinnen. Du spielst Weiß, dein Gegenüber Schwarz. In deinem Zug machst du genau "
                  "eine Sache: Steine aus dem Steinbruch nehmen oder einen Stein in den Tempel setzen."}},
        {"say": {
            "en": "Your workshop has 3 spaces and holds 2 white stones. Take stones from the quarry: 1 to 3 of your "
                  "colour, 1 or 2 grey, or exactly 1 of your rival's colour, never more than your free spaces. "
                  "Tap the white stones in the quarry to take one.",
            "es": "Tu taller tiene 3 espacios y 2 piedras blancas. Toma piedras de la cantera: de 1 a 3 de tu "
                  "color, 1 o 2 grises, o exactamente 1 del color rival, nunca más que tus espacios libres. Toca "
                  "las piedras blancas de la cantera para tomar una.",
            "de": "Deine Werkstatt hat 3 Felder und enthält 2 weiße Steine. Nimm Steine aus dem Steinbruch: 1 bis 3 "
                  "deiner Farbe, 1 oder 2 graue oder genau 1 der gegnerischen Farbe, nie mehr als du freie Felder "
                  "hast. Tippe auf die weißen Steine im Steinbruch, um einen zu nehmen."},
         "do": "T1W", "then": ["T1B"]},
        {"say": {
            "en": "Black took a black stone. Now place a stone: tap a white stone in your workshop, then column D. "
                  "A stone of your own colour also lets you use the location's extra action.",
            "es": "Negro ha tomado una piedra negra. Ahora coloca una piedra: toca una piedra blanca de tu taller y "
                  "luego la columna D. Una piedra de tu color te deja usar además la acción adicional de la "
                  "localización.",
            "de": "Schwarz hat einen schwarzen Stein genommen. Setze jetzt einen Stein: Tippe auf einen weißen Stein "
                  "in deiner Werkstatt, dann auf Säule D. Ein Stein deiner eigenen Farbe erlaubt dir außerdem die "
                  "Zusatzaktion des Platzes."},
         "do": "PD:W"},
        {"say": {
            "en": "D's action: take 1 stone of any colour from the quarry. Extra actions are optional. Tap the "
                  "grey stones in the quarry.",
            "es": "Acción de D: toma 1 piedra de cualquier color de la cantera. Las acciones adicionales son "
                  "opcionales. Toca las piedras grises de la cantera.",
            "de": "Aktion von D: Nimm 1 Stein beliebiger Farbe aus dem Steinbruch. Zusatzaktionen sind freiwillig. "
                  "Tippe auf die grauen Steine im Steinbruch."},
         "do": "xD:G", "then": ["PA:B"]},
        {"say": {
            "en": "Black placed a stone on A. A column goes to the player with more stones of their colour in it. "
                  "Its winner scores +1 for each own stone, +3 for each rival stone and −2 for each grey stone. "
                  "Put your grey stone on A: Black's A will be worth 1 − 2 = −1.",
            "es": "Negro ha colocado una piedra en A. Una columna es del jugador con más piedras de su color (mayor "
                  "influencia). Quien la gana suma +1 por cada piedra propia, +3 por cada piedra rival y −2 por "
                  "cada piedra gris. Coloca tu piedra gris en A: la A de Negro valdrá 1 − 2 = −1.",
            "de": "Schwarz hat einen Stein auf A gesetzt. Eine Säule gewinnt, wer mehr Steine seiner Farbe darin "
                  "hat. Wer sie gewinnt, erhält +1 für jeden eigenen Stein, +3 für jeden gegnerischen und −2 für "
                  "jeden grauen Stein. Setze deinen grauen Stein auf A: Das A von Schwarz ist dann 1 − 2 = −1 wert."},
         "do": "PA:G", "then": ["T1W"]},
        {"say": {
            "en": "Black took one of your white stones. Place a white stone on E: E's action takes 1 stone from "
                  "your rival's workshop.",
            "es": "Negro ha tomado una de tus piedras blancas. Coloca una piedra blanca en E: la acción de E toma 1 "
                  "piedra del taller de tu rival.",
            "de": "Schwarz hat dir einen weißen Stein weggenommen. Setze einen weißen Stein auf E: Die Aktion von E "
                  "nimmt 1 Stein aus der gegnerischen Werkstatt."},
         "do": "PE:W"},
        {"say": {
            "en": "Take the black stone from Black's workshop: tap it.",
            "es": "Toma la piedra negra del taller de Negro: tócala.",
            "de": "Nimm den schwarzen Stein aus der Werkstatt von Schwarz: Tippe darauf."},
         "do": "xE:B", "then": ["PE:B", "xE:W"]},
        {"say": {
            "en": "Black answered on E: 1 against 1, a tie, so nobody scores E. Stones moved by an action never "
                  "trigger another one. Now take 2 white stones: you have 2 free spaces.",
            "es": "Negro ha respondido en E: 1 contra 1, un empate, así que E no puntúa para nadie. Las piedras que "
                  "mueve una acción nunca activan otra. Ahora toma 2 piedras blancas: tienes 2 espacios libres.",
            "de": "Schwarz hat auf E geantwortet: 1 gegen 1, Gleichstand, also punktet niemand mit E. Steine, die "
                  "eine Aktion bewegt, lösen nie eine weitere aus. Nimm jetzt 2 weiße Steine: Du hast 2 freie "
                  "Felder."},
         "do": "T2W", "then": ["T1G"]},
        {"say": {
            "en": "Place a white stone on C. C's action returns the top stone of another location to the quarry.",
            "es": "Coloca una piedra blanca en C. La acción de C devuelve a la cantera la piedra de arriba de otra "
                  "localización.",
            "de": "Setze einen weißen Stein auf C. Die Aktion von C legt den obersten Stein eines anderen Platzes in "
                  "den Steinbruch zurück."},
         "do": "PC:W"},
        {"say": {
            "en": "Remove Black's stone from the top of E: tap column E. E becomes yours.",
            "es": "Quita la piedra negra de arriba de E: toca la columna E. E pasa a ser tuya.",
            "de": "Entferne den Stein von Schwarz oben auf E: Tippe auf Säule E. E gehört dann dir."},
         "do": "xC:E", "then": ["PF:W"]},
        {"say": {
            "en": "Black placed a white stone on F: only a stone of your own colour triggers the action, so "
                  "nothing more happens, and F counts for you. Place a white stone on D.",
            "es": "Negro ha colocado una piedra blanca en F: solo una piedra de tu color activa la acción, así que "
                  "no pasa nada más, y F cuenta para ti. Coloca una piedra blanca en D.",
            "de": "Schwarz hat einen weißen Stein auf F gesetzt: Nur ein Stein der eigenen Farbe löst die Aktion "
                  "aus, also passiert nichts weiter, und F zählt für dich. Setze einen weißen Stein auf D."},
         "do": "PD:W"},
        {"say": {
            "en": "You may always decline an extra action: tap “Decline the extra action”.",
            "es": "Siempre puedes renunciar a una acción adicional: toca «Renunciar a la acción adicional».",
            "de": "Auf eine Zusatzaktion darfst du immer verzichten: Tippe auf „Auf Zusatzaktion verzichten“."},
         "do": "x-", "then": ["T1B"]},
        {"say": {
            "en": "A rival stone in a column you win is worth +3: put the black stone from your workshop on D, "
                  "where you lead 2 to 0. D will be worth 1 + 1 + 3 = 5.",
            "es": "Una piedra rival en una columna que ganas vale +3: pon la piedra negra de tu taller en D, donde "
                  "ganas 2 a 0. D valdrá 1 + 1 + 3 = 5.",
            "de": "Ein gegnerischer Stein in einer Säule, die du gewinnst, ist +3 wert: Setze den schwarzen Stein "
                  "aus deiner Werkstatt auf D, wo du 2 zu 0 führst. D ist dann 1 + 1 + 3 = 5 wert."},
         "do": "PD:B"},
        {"say": {
            "en": "The other actions: A, B and G move a grey, white or black top stone from another location onto "
                  "a third, free one; F places one more stone from your workshop. A column is full at 5 stones. "
                  "The game ends the moment every column is full: the most points wins, then the most columns "
                  "won; otherwise it is a draw. Now play a short game against the easy bot!",
            "es": "Las otras acciones: A, B y G mueven una piedra de arriba gris, blanca o negra de otra "
                  "localización a una tercera libre; F coloca otra piedra de tu taller. Una columna está completa "
                  "con 5 piedras. La partida termina en cuanto todas las columnas están completas: gana quien "
                  "tenga más puntos y, si hay empate, más columnas; si no, la partida queda en tablas. ¡Ahora "
                  "juega una partida corta contra el bot fácil!",
            "de": "Die anderen Aktionen: A, B und G versetzen einen grauen, weißen oder schwarzen obersten Stein "
                  "eines anderen Platzes auf einen dritten, freien Platz; F setzt einen weiteren Stein aus deiner "
                  "Werkstatt. Eine Säule ist bei 5 Steinen voll. Das Spiel endet, sobald alle Säulen voll sind: Die "
                  "meisten Punkte gewinnen, danach die meisten gewonnenen Säulen; sonst ist es unentschieden. Spiel "
                  "jetzt eine kurze Partie gegen den leichten Bot!"}},
    ],
}
