"""Challenges (issue 41 item 1; docs/organized-play.md "Challenges"): a signed-in player (or a bot account's
program) asks an account for a game of two with options, clock and rated or not; the challenged accepts (a table
with both seats bound to the two accounts) or declines; a challenge expires after ten minutes.

Modules: ``schema`` (the table), ``store`` (the database), ``routes`` (the API, the expiry sweep and ``install``),
``texts`` (the words of the refusals, the player page's button and the lobby's list)."""
