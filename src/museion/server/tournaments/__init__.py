"""Tournaments (issue 41 item 4; docs/organized-play.md "Tournaments"): Swiss for two players, seat-balanced rounds
for three or four, and a time-limited arena; rounds start by themselves.

Modules: ``schema`` (the ``tournaments``, ``tournament_players`` and ``tournament_games`` tables), ``pairing`` (who
plays whom and in which seat, and the standings: no database), ``store`` (the database: every step that must
happen once on a cluster is a conditional ``UPDATE``), ``service`` (the background loop that starts rounds and
records results), ``routes`` (the API and the page), ``texts`` (the words)."""
