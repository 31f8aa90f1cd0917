"""The words of Tholos's board on the web table (``web.tholos.*`` keys, used by ``web/board.js``), in
English and Spanish (the rulebook's words, the glossary's Spanish)."""

TEXTS = {
    "web.tholos.temple": {"en": "Temple", "es": "Templo"},
    "web.tholos.workshop": {"en": "Workshop of {name}", "es": "Taller de {name}"},
    "web.tholos.column_label": {
        "en": "Location {loc} ({action}): {stones}",
        "es": "Localización {loc} ({action}): {stones}",
    },
    "web.tholos.quarry_pile": {"en": "Quarry: {n} {colour}", "es": "Cantera: {n} de color {colour}"},
    "web.tholos.extra_at": {"en": "Extra action of location {loc}", "es": "Acción adicional de la localización {loc}"},
    "web.tholos.decline": {"en": "Decline the extra action", "es": "Renunciar a la acción adicional"},
    "web.tholos.ornament": {"en": "Ornament {n}", "es": "Ornamentación {n}"},
    "web.tholos.action.A": {"en": "move grey", "es": "mover gris"},
    "web.tholos.action.B": {"en": "move white", "es": "mover blanca"},
    "web.tholos.action.C": {"en": "return", "es": "devolver"},
    "web.tholos.action.D": {"en": "from quarry", "es": "de la cantera"},
    "web.tholos.action.E": {"en": "steal", "es": "robar"},
    "web.tholos.action.F": {"en": "place again", "es": "colocar otra"},
    "web.tholos.action.G": {"en": "move black", "es": "mover negra"},
    "web.tholos.ornament.1": {"en": "winner +3", "es": "ganador +3"},
    "web.tholos.ornament.2": {"en": "fewer stones wins", "es": "gana quien tenga menos piedras"},
    "web.tholos.ornament.3": {"en": "grey +2", "es": "gris +2"},
    "web.tholos.ornament.4": {"en": "grey −3", "es": "gris −3"},
    "web.tholos.ornament.5": {"en": "grey triggers", "es": "la gris activa la acción"},
    "web.tholos.ornament.6": {"en": "grey from quarry", "es": "gris de la cantera"},
    "web.tholos.ornament.7": {"en": "holds 7", "es": "admite 7"},
}
