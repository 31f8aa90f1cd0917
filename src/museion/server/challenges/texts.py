"""The words of challenges (the player page's button and form, the lobby's list, the API's refusals), in English
and Spanish in the project's one catalogue (``GET /api/texts``); German waits in
``build/de-staging/challenges.json`` for the catalogues (issue 43 item 2). Spanish uses "tú" and the glossary's
"desafío", "partida", "puntuable"."""

from __future__ import annotations

from museion.core import i18n


def _both(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


TEXTS = {
    "challenges.code.no_challenge": _both("This challenge is no longer there.", "Este desafío ya no existe."),
    "challenges.code.self_challenge": _both("You cannot challenge yourself.", "No puedes desafiarte a ti mismo."),
    "challenges.code.bot_challenge": _both("A bot account challenges bot accounts only.",
                                           "Una cuenta de bot solo desafía a cuentas de bot."),
    "challenges.code.too_many_challenges": _both("You have {cap} challenges waiting for an answer, the limit: "
                                                 "cancel one first.",
                                                 "Tienes {cap} desafíos esperando respuesta, el límite: cancela uno "
                                                 "primero."),
    "challenges.code.their_challenges_full": _both("This player has {cap} challenges waiting, the limit: try "
                                                   "later.",
                                                   "Este jugador tiene {cap} desafíos esperando, el límite: "
                                                   "inténtalo más tarde."),
    "challenges.code.already_challenged": _both("You have challenged this player already: wait for the answer.",
                                                "Ya has desafiado a este jugador: espera la respuesta."),
    "challenges.code.challenge_settled": _both("This challenge has been answered already.",
                                               "Este desafío ya tiene respuesta."),
    "challenges.button": _both("Challenge", "Desafiar"),
    "challenges.title": _both("Challenge {name}", "Desafiar a {name}"),
    "challenges.game": _both("Game", "Juego"),
    "challenges.clock": _both("Clock", "Reloj"),
    "challenges.clock.none": _both("No clock", "Sin reloj"),
    "challenges.clock.live": _both("Live: 10 minutes + 5 seconds per move", "En vivo: 10 minutos + 5 segundos por "
                                                                          "jugada"),
    "challenges.clock.turn": _both("Turn-based: a day per move", "Por turnos: un día por jugada"),
    "challenges.rated": _both("Rated", "Puntuable"),
    "challenges.send": _both("Send the challenge", "Enviar el desafío"),
    "challenges.sent": _both("Challenge sent: {name} has ten minutes to answer.",
                             "Desafío enviado: {name} tiene diez minutos para responder."),
    "challenges.incoming": _both("Challenges", "Desafíos"),
    "challenges.line": _both("{name} challenges you to {game}{clock}{rated}",
                             "{name} te desafía a {game}{clock}{rated}"),
    "challenges.accept": _both("Accept", "Aceptar"),
    "challenges.decline": _both("Decline", "Rechazar"),
    "challenges.declined": _both("{name} declined your challenge.", "{name} ha rechazado tu desafío."),
    "challenges.expired": _both("A challenge expired.", "Un desafío ha caducado."),
    "challenges.sign_in": _both("Sign in to challenge this player.", "Inicia sesión para desafiar a este jugador."),
}
i18n.register(TEXTS)
