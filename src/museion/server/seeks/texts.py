"""The words of quick pairing (the lobby's "play now", the open seeks, the API's refusals) and of the player search, in
English (the catalogues translate them), in the project's one catalogue (``GET /api/texts``). Spanish uses "tú"."""

from __future__ import annotations

from museion.core import i18n
from museion.core.i18n import messages, msg

TEXTS = messages(
    msg("web.code.no_seek", "This search for a game is over (or never existed)."),
    msg("web.code.too_many_seeks", "Your network has {cap} searches for a game waiting, the limit: cancel one first."),
    msg("web.seek.title", "Play now"),
    msg("web.seek.help",
        "Find an opponent in seconds: a live game, 10 minutes + 5 seconds per move; rated when you are signed in."),
    msg("web.seek.play", "Play {game} now"),
    msg("web.seek.waiting", "Looking for an opponent for {game}…"),
    msg("web.seek.cancel", "Cancel"),
    msg("web.seek.paired", "Opponent found: to the table!"),
    msg("web.seek.expired", "Nobody came in time. Try again?"),
    msg("web.seek.failed", "The table could not be made ({code}). Try again?"),
    msg("web.seek.open", "Players waiting"),
    msg("web.seek.none", "Nobody is waiting right now."),
    msg("web.seek.accept", "Play"),
    msg("web.seek.guest", "a guest"),
    msg("web.seek.entry", "{player}: {game}, {players} players{clock}{rated}"),
    msg("web.seek.open_tables", "Open tables"),
    msg("web.seek.create_link", "Or set up a table of your own"),
    msg("web.friends.online", "online"),
    msg("web.friends.playing", "playing"),
)
i18n.register(TEXTS)
