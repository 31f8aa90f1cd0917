"""Nim's rules summary, printed by ``museion rules nim`` and shown in the web table's rules panel (the
descriptor's ``rules``): the English here, its Spanish and German in the game's catalogues."""

from museion.core.i18n import messages, msg

SUMMARY = messages(msg("nim.rules.summary", """\
NIM - 2 players. A pile of stones lies between the players (option pile, 1-20, default 10).
  Players take turns (option start_player: who moves first).
  On your turn you take 1 or 2 stones from the pile (moves: 1, 2).
  Whoever takes the last stone wins.
  A pile that is a multiple of 3 is lost for the player to move, whatever they take."""))
