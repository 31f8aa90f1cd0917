"""The words of the tutorial page (/learn/GAME), the rules page (/rules/GAME) and their links, in English and
Spanish (``web.learn.*``, ``web.guide.*``), in the project's one catalogue like the rest of the client's texts."""

from __future__ import annotations

from museion.core import i18n


def _both(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


TEXTS = {
    "web.learn.link": _both("Learn to play", "Aprende a jugar"),
    "web.learn.title": _both("Learn to play {game}", "Aprende a jugar a {game}"),
    "web.learn.rules_link": _both("Rules", "Reglas"),
    "web.learn.step": _both("Step {n} of {total}", "Paso {n} de {total}"),
    "web.learn.tap": _both("Tap the highlighted place on the board.", "Toca el lugar resaltado del tablero."),
    "web.learn.back": _both("Back", "Atrás"),
    "web.learn.next": _both("Next", "Siguiente"),
    "web.learn.play_it": _both("Make this move", "Hacer esta jugada"),
    "web.learn.play_bot": _both("Play a game against the easy bot", "Jugar una partida contra el bot fácil"),
    "web.learn.restart": _both("Start over", "Empezar de nuevo"),
    "web.guide.title": _both("Rules of {game}", "Reglas de {game}"),
    "web.guide.link": _both("Rules with pictures", "Reglas con dibujos"),
}
i18n.register(TEXTS)
