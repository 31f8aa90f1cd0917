"""The words of the bots' ladder (its page), in the ``museion`` catalogue (Spanish and German in its .po files)."""

from __future__ import annotations

from museion.core import i18n
from museion.core.i18n import messages, msg

TEXTS = messages(
    msg("web.ladder.title", "{game}: the bots' ladder"),
    msg("web.ladder.help", "Bot accounts rated by their rated games against people and against each other; the "
                           "server's own bot levels (fixed ratings) beside them."),
    msg("web.ladder.bot", "Bot"),
    msg("web.ladder.level", "{level} (fixed)"),
    msg("web.ladder.none", "No bot account has finished a rated game of this kind yet."),
)
i18n.register(TEXTS)
