"""Nim's rules summary, printed by ``museion rules nim`` and shown in the web table's rules panel, in
English, Spanish and German (the descriptor's ``rules``)."""

RULES = {
    "en": """\
NIM - 2 players. A pile of stones lies between the players (option pile, 1-20, default 10).
  Players take turns (option start_player: who moves first).
  On your turn you take 1 or 2 stones from the pile (moves: 1, 2).
  Whoever takes the last stone wins.
  A pile that is a multiple of 3 is lost for the player to move, whatever they take.""",
    "es": """\
NIM - 2 jugadores. Entre los jugadores hay un montón de piedras (opción pile, de 1 a 20; 10 por defecto).
  Los jugadores se turnan (opción start_player: quién empieza).
  En tu turno tomas 1 o 2 piedras del montón (jugadas: 1, 2).
  Gana quien toma la última piedra.
  Un montón múltiplo de 3 está perdido para quien juega, tome lo que tome.""",
    "de": """\
NIM - 2 Personen. Zwischen beiden liegt ein Haufen Steine (Option pile, 1-20, Vorgabe 10).
  Es wird abwechselnd gezogen (Option start_player: wer beginnt).
  In deinem Zug nimmst du 1 oder 2 Steine vom Haufen (Züge: 1, 2).
  Wer den letzten Stein nimmt, gewinnt.
  Ein Haufen, dessen Größe ein Vielfaches von 3 ist, ist für die Person am Zug verloren, was sie auch nimmt.""",
}
