"""Nim's words in English (the catalogues translate them) (the descriptor's ``texts``): the lobby's description and
option labels (``nim.*``), the terminal's board (``nim.b.*``) and the web board (``web.nim.*``). Every text a player
reads exists in every language; the move notation (a number) needs no words."""

from museion.core.i18n import messages, msg, msgn

TEXTS = messages(
    msg("nim.description", "Take 1 or 2 stones; whoever takes the last one wins."),
    msg("nim.option.pile", "Stones in the pile"),
    msg("nim.option.pile.help", "How many stones the pile has at the start (1-20)."),
    msg("nim.won", "{player!p} takes the last stone and wins."),
    msg("nim.won.you", "You take the last stone and win."),
    msgn("nim.b.pile", "Pile: {n} stone", "Pile: {n} stones", "n"),
    msg("nim.b.to_move", "{player!p} to move: take 1 or 2."),
    msg("nim.b.over", "Game over: {player!p} took the last stone."),
    msgn("web.nim.pile", "A pile of {n} stone", "A pile of {n} stones", "n"),
    msg("web.nim.take", "Take {n}"),
)
