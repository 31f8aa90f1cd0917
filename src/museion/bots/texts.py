"""The coach's texts (issue 42): what a hint says when the search cannot tell a move from the best one."""

from museion.core import i18n

TEXTS = {
    "coach.tied": {"en": "the search cannot tell it from move {first}",
                   "es": "la búsqueda no la distingue de la jugada {first}"},
}
i18n.register(TEXTS)
