"""The words of quick pairing (the lobby's "play now", the open seeks, the API's refusals) and of the player
search, in English and Spanish, in the project's one catalogue (``GET /api/texts``). Spanish uses "tú"."""

from __future__ import annotations

from museion.core import i18n


def _both(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


TEXTS = {
    "web.code.no_seek": _both("This search for a game is over (or never existed).",
                              "Esta búsqueda de partida ha terminado (o no existe)."),
    "web.code.too_many_seeks": _both("Your network has {cap} searches for a game waiting, the limit: cancel one "
                                     "first.",
                                     "Tu red tiene {cap} búsquedas de partida en espera, el límite: cancela una "
                                     "primero."),
    "web.seek.title": _both("Play now", "Jugar ya"),
    "web.seek.help": _both("Find an opponent in seconds: a live game, 10 minutes + 5 seconds per move; rated when "
                           "you are signed in.",
                           "Encuentra rival en segundos: una partida en vivo, 10 minutos + 5 segundos por jugada; "
                           "puntuable si has iniciado sesión."),
    "web.seek.play": _both("Play {game} now", "Jugar a {game} ya"),
    "web.seek.waiting": _both("Looking for an opponent for {game}…", "Buscando rival para {game}…"),
    "web.seek.cancel": _both("Cancel", "Cancelar"),
    "web.seek.paired": _both("Opponent found: to the table!", "¡Rival encontrado: a la mesa!"),
    "web.seek.expired": _both("Nobody came in time. Try again?", "No ha llegado nadie a tiempo. ¿Otra vez?"),
    "web.seek.failed": _both("The table could not be made ({code}). Try again?",
                             "No se ha podido crear la mesa ({code}). ¿Otra vez?"),
    "web.seek.open": _both("Players waiting", "Jugadores esperando"),
    "web.seek.none": _both("Nobody is waiting right now.", "Ahora mismo no espera nadie."),
    "web.seek.accept": _both("Play", "Jugar"),
    "web.seek.guest": _both("a guest", "un invitado"),
    "web.seek.entry": _both("{player}: {game}, {players} players{clock}{rated}",
                            "{player}: {game}, {players} jugadores{clock}{rated}"),
    "web.seek.open_tables": _both("Open tables", "Mesas abiertas"),
    "web.seek.create_link": _both("Or set up a table of your own", "O prepara tu propia mesa"),
    "web.friends.online": _both("online", "conectado"),
    "web.friends.playing": _both("playing", "jugando"),
}
i18n.register(TEXTS)
