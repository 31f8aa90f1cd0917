"""The bots' ladder (issue 41 item 5; docs/ratings.md "The bots' ladder"): the bot accounts of each game ranked by
their ratings from rated games against each other and against people, beside the server's own bot levels'
published ratings, so a researcher sees where their agent stands next to ``expert``. Module: ``routes`` (the
read, the route and the page)."""
