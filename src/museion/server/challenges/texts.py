"""The words of challenges (the player page's button and form, the lobby's list, the API's refusals), in English
here; Spanish ("tú", "desafío", "puntuable") and German in the ``museion`` gettext catalogues
(docs/translating.md)."""

from __future__ import annotations

from museion.core import i18n
from museion.core.i18n import messages, msg

TEXTS = messages(
    msg("challenges.code.no_challenge", "This challenge is no longer there."),
    msg("challenges.code.self_challenge", "You cannot challenge yourself."),
    msg("challenges.code.bot_challenge", "A bot account challenges bot accounts only."),
    msg("challenges.code.too_many_challenges",
        "You have {cap} challenges waiting for an answer, the limit: cancel one first."),
    msg("challenges.code.their_challenges_full", "This player has {cap} challenges waiting, the limit: try later."),
    msg("challenges.code.already_challenged", "You have challenged this player already: wait for the answer."),
    msg("challenges.code.challenge_settled", "This challenge has been answered already."),
    msg("notices.mail.challenge.subject", "{name} challenges you to {game}"),
    msg("notices.challenge.body", "{name} challenges you to a game of {game}: accept or decline it in the lobby "
        "within ten minutes."),
    msg("challenges.button", "Challenge"),
    msg("challenges.title", "Challenge {name}"),
    msg("challenges.game", "Game"),
    msg("challenges.clock", "Clock"),
    msg("challenges.clock.none", "No clock"),
    msg("challenges.clock.live", "Live: 10 minutes + 5 seconds per move"),
    msg("challenges.clock.turn", "Turn-based: a day per move"),
    msg("challenges.rated", "Rated"),
    msg("challenges.send", "Send the challenge"),
    msg("challenges.sent", "Challenge sent: {name} has ten minutes to answer."),
    msg("challenges.incoming", "Challenges"),
    msg("challenges.line", "{name} challenges you to {game}{clock}{rated}"),
    msg("challenges.accept", "Accept"),
    msg("challenges.decline", "Decline"),
    msg("challenges.declined", "{name} declined your challenge."),
    msg("challenges.expired", "A challenge expired."),
    msg("challenges.sign_in", "Sign in to challenge this player."),
)
i18n.register(TEXTS)
