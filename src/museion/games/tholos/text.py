"""Tholos's texts in English and Spanish (the events of ``events.py``), with the publisher's Spanish words
(localización, columna, piedra, puntos de victoria); the player is addressed as "tú"."""

TEXTS = {
    "tholos.column_full": {
        "en": "Location {loc} is complete ({height:stone|stones}).",
        "es": "La localización {loc} está completa ({height:piedra|piedras}).",
    },
    "tholos.column_won": {
        "en": "Location {loc}: {player!p} has the most influence and scores {points} VP.",
        "es": "Localización {loc}: {player!p} tiene la mayor influencia y gana {points} PV.",
    },
    "tholos.column_won.you": {
        "en": "Location {loc}: you have the most influence and score {points} VP.",
        "es": "Localización {loc}: tienes la mayor influencia y ganas {points} PV.",
    },
    "tholos.column_tied": {
        "en": "Location {loc}: equal influence, nobody scores.",
        "es": "Localización {loc}: influencia igualada, nadie puntúa.",
    },
    "tholos.final_score": {
        "en": "{player!p}: {points} VP, columns won: {columns}.",
        "es": "{player!p}: {points} PV, columnas ganadas: {columns}.",
    },
    "tholos.final_score.you": {
        "en": "You: {points} VP, columns won: {columns}.",
        "es": "Tú: {points} PV, columnas ganadas: {columns}.",
    },
}
