"""The words of Tholos's board on the web table (``web.tholos.*`` keys, used by ``web/board.js``), in
English (the catalogues translate them with the rulebook's words)."""

from museion.core.i18n import messages, msg

TEXTS = messages(
    msg("web.tholos.temple", "Temple"),
    msg("web.tholos.workshop", "Workshop of {name}"),
    msg("web.tholos.column_label", "Location {loc} ({action}): {stones}"),
    msg("web.tholos.quarry_pile", "Quarry: {n} {colour}"),
    msg("web.tholos.extra_at", "Extra action of location {loc}"),
    msg("web.tholos.decline", "Decline the extra action"),
    msg("web.tholos.ornament", "Ornament {n}"),
    msg("web.tholos.action.A", "move grey"),
    msg("web.tholos.action.B", "move white"),
    msg("web.tholos.action.C", "return"),
    msg("web.tholos.action.D", "from quarry"),
    msg("web.tholos.action.E", "steal"),
    msg("web.tholos.action.F", "place again"),
    msg("web.tholos.action.G", "move black"),
    msg("web.tholos.ornament.1", "winner +3"),
    msg("web.tholos.ornament.2", "fewer stones wins"),
    msg("web.tholos.ornament.3", "grey +2"),
    msg("web.tholos.ornament.4", "grey −3"),
    msg("web.tholos.ornament.5", "grey triggers"),
    msg("web.tholos.ornament.6", "grey from quarry"),
    msg("web.tholos.ornament.7", "holds 7"),
)
