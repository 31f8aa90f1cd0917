"""Rated tables, ratings and profiles (issue 26): OpenSkill ratings per account, game and player count, updated
when a rated game ends; the bots' published ratings; the leaderboard; a page per player whose public parts the
player chooses. docs/ratings.md says what players and operators see.

Modules: ``model`` (the rating model, the display scale, the bots' published ratings, a finished game's ranks),
``schema`` (the tables), ``store`` (settling a game in its final transaction; leaderboard, profile, export),
``rules`` (what a rated table refuses), ``routes`` (the API and pages), ``texts`` (their words)."""
