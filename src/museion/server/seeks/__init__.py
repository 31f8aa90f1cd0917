"""Quick pairing (issue 40 item 3; docs/web.md "Quick pairing"): a player asks for a game (a *seek*: game, player
count, options, clock, rated) and the server pairs seeks that fit into a new table within seconds.

Modules: ``schema`` (the ``seeks`` table), ``store`` (the database: a seek added, fitting seeks found and claimed
atomically, so that no seek is paired twice by any process of a PostgreSQL cluster), ``routes`` (the API, the
pairing loop and the long poll that tells the lobby), ``texts`` (the words)."""
