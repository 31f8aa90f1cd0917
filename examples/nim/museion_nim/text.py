"""Nim's words in English and Spanish (the descriptor's ``texts``): the lobby's description and option labels
(``nim.*``), the terminal's board (``nim.b.*``) and the web board (``web.nim.*``). Every text a player reads
exists in both languages; the move notation (a number) needs no words."""

TEXTS = {
    "nim.description": {"en": "Take 1 or 2 stones; whoever takes the last one wins.",
                        "es": "Toma 1 o 2 piedras; gana quien tome la última."},
    "nim.option.pile": {"en": "Stones in the pile", "es": "Piedras del montón"},
    "nim.option.pile.help": {"en": "How many stones the pile has at the start (1-20).",
                             "es": "Cuántas piedras tiene el montón al empezar (de 1 a 20)."},
    "nim.won": {"en": "{player!p} takes the last stone and wins.", "es": "{player!p} toma la última piedra y gana."},
    "nim.won.you": {"en": "You take the last stone and win.", "es": "Tomas la última piedra y ganas."},
    "nim.b.pile": {"en": "Pile: {n:stone|stones}", "es": "Montón: {n:piedra|piedras}"},
    "nim.b.to_move": {"en": "{player!p} to move: take 1 or 2.", "es": "Juega {player!p}: toma 1 o 2."},
    "nim.b.over": {"en": "Game over: {player!p} took the last stone.",
                   "es": "Fin de la partida: {player!p} tomó la última piedra."},
    "web.nim.pile": {"en": "A pile of {n:stone|stones}", "es": "Un montón de {n:piedra|piedras}"},
    "web.nim.take": {"en": "Take {n}", "es": "Tomar {n}"},
}
