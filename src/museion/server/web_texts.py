"""The browser client's texts (``web.*`` keys) in English and Spanish, in the project's one catalogue
(:mod:`museion.core.i18n`). The server hands the catalogue to the browser in the page's language
(``GET /api/texts``), so the JavaScript has no texts of its own; ``tests/server/test_texts.py`` checks that every key
the client uses exists here in both languages. Spanish uses the rulebooks' words (the glossary) and "tú"."""

from __future__ import annotations

from museion.core import i18n


def _both(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


PAGES = {
    "web.language_name": _both("English", "Español"),
    "web.language": _both("Language", "Idioma"),
    "web.lobby_title": _both("Museion — board games", "Museion — juegos de mesa"),
    "web.back_to_lobby": _both("← Lobby", "← Sala"),
    "web.error": _both("Error: {message}", "Error: {message}"),
    "web.none": _both("none", "ninguna"),
    "web.more": _both("Show more", "Mostrar más"),
    "web.default_value": _both("default", "por defecto"),
    # lobby
    "web.new_table": _both("New table", "Nueva mesa"),
    "web.game": _both("Game", "Juego"),
    "web.options": _both("Options", "Opciones"),
    "web.players": _both("Players", "Jugadores"),
    "web.player_n": _both("Player {n}", "Jugador {n}"),
    "web.human": _both("Human", "Persona"),
    "web.bot_name": _both("{level} bot", "bot {level}"),
    "web.level.random": _both("random", "aleatorio"),
    "web.level.greedy": _both("greedy", "codicioso"),
    "web.level.easy": _both("easy", "fácil"),
    "web.level.medium": _both("medium", "medio"),
    "web.level.hard": _both("hard", "difícil"),
    "web.your_name": _both("Your name", "Tu nombre"),
    "web.sit_at": _both("I sit as", "Me siento como"),
    "web.nowhere": _both("nobody (I only watch)", "nadie (solo miro)"),
    "web.create": _both("Create table", "Crear mesa"),
    "web.tables": _both("Tables", "Mesas"),
    "web.list.open": _both("Open tables (free seats)", "Mesas abiertas (con asientos libres)"),
    "web.list.running": _both("Games in progress", "Partidas en curso"),
    "web.list.finished": _both("Finished games", "Partidas terminadas"),
    "web.list_action.open": _both("Join", "Unirse"),
    "web.list_action.running": _both("Watch", "Mirar"),
    "web.list_action.finished": _both("Replay", "Repetición"),
    "web.free_seat": _both("free seat", "asiento libre"),
    "web.versus": _both(" vs ", " contra "),
    # table page
    "web.table_title": _both("{game} — {players}", "{game} — {players}"),
    "web.table_id": _both("table {id}", "mesa {id}"),
    "web.status.open": _both("waiting for players", "esperando jugadores"),
    "web.status.running": _both("in progress", "en curso"),
    "web.status.finished": _both("finished", "terminada"),
    "web.skip_to_game": _both("Skip to the game panel", "Saltar al panel de la partida"),
    "web.board": _both("Board", "Tablero"),
    "web.board_of": _both("{game} board", "Tablero de {game}"),
    "web.connecting": _both("Connecting…", "Conectando…"),
    "web.offline": _both(
        "The server cannot be reached. Reconnecting… The board is disabled until the connection is back.",
        "No se puede contactar con el servidor. Reconectando… El tablero queda desactivado hasta que vuelva la "
        "conexión."),
    "web.offline_short": _both("Offline: reconnecting…", "Sin conexión: reconectando…"),
    "web.your_turn": _both("Your turn", "Te toca"),
    "web.sending": _both("Sending your move…", "Enviando tu jugada…"),
    "web.waiting_for": _both("Waiting for {name}", "Esperando a {name}"),
    "web.game_over": _both("Game over", "Partida terminada"),
    "web.replaying": _both("Replay of the game", "Repetición de la partida"),
    "web.spectating": _both("You are watching", "Estás mirando"),
    "web.playing_as": _both("You play {name}", "Juegas como {name}"),
    "web.you": _both("you", "tú"),
    "web.to_move": _both("to move", "le toca"),
    "web.free": _both("free", "libre"),
    "web.empty": _both("empty", "vacía"),
    "web.name_colour": _both("{name} ({colour})", "{name} ({colour})"),
    "web.name_number": _both("{name} {n}", "{name} {n}"),
    "web.join_seat": _both("Sit as player {n}", "Sentarte como jugador {n}"),
    "web.invite_link": _both("Invite link for player {n}", "Enlace de invitación para el jugador {n}"),
    "web.leave": _both("Leave my seat", "Dejar mi asiento"),
    "web.your_moves": _both("Your moves", "Tus jugadas"),
    "web.moves_hint": _both("Click the board or choose a move below. Hover or focus a move to see it on the board.",
                            "Haz clic en el tablero o elige una jugada aquí. Pasa el ratón o el foco por una jugada "
                            "para verla en el tablero."),
    "web.moves_hint_list": _both("Choose a move.", "Elige una jugada."),
    "web.choose_move": _both("Which move do you mean?", "¿Qué jugada quieres hacer?"),
    "web.cancel": _both("Cancel", "Cancelar"),
    "web.preview": _both("Preview: {move}", "Vista previa: {move}"),
    "web.rejected": _both("Move refused: {message}", "Jugada rechazada: {message}"),
    "web.log": _both("Moves", "Jugadas"),
    "web.chance": _both("chance", "azar"),
    "web.rules": _both("Rules summary", "Resumen de las reglas"),
    "web.view_as_data": _both("The table (as data)", "La mesa (como datos)"),
    "web.zoom_in": _both("Zoom in", "Acercar"),
    "web.zoom_out": _both("Zoom out", "Alejar"),
    "web.zoom_fit": _both("Fit", "Ajustar"),
    # the end
    "web.final_scoring": _both("Final scoring", "Puntuación final"),
    "web.winner": _both("Winner: {names}", "Gana: {names}"),
    "web.shared_victory": _both("Shared victory: {names}", "Victoria compartida: {names}"),
    "web.draw": _both("Draw", "Tablas"),
    "web.points": _both("Points", "Puntos"),
    "web.total": _both("Total", "Total"),
    "web.score": _both("Score", "Puntos"),
    "web.scores": _both("Scores", "Puntuaciones"),
    "web.replay": _both("Replay", "Repetición"),
    "web.step": _both("Step {n} of {total}", "Paso {n} de {total}"),
    "web.first": _both("« First", "« Inicio"),
    "web.back": _both("◀ Back", "◀ Atrás"),
    "web.forward": _both("Forward ▶", "Adelante ▶"),
    "web.last": _both("Last »", "Final »"),
    # colours of seats and stones
    "web.colour.white": _both("white", "blanco"),
    "web.colour.black": _both("black", "negro"),
    "web.colour.grey": _both("grey", "gris"),
    "web.colour.brown": _both("brown", "marrón"),
    "web.colour.red": _both("red", "rojo"),
    "web.colour.blue": _both("blue", "azul"),
    "web.colour.green": _both("green", "verde"),
    "web.colour.yellow": _both("yellow", "amarillo"),
    "web.quarry": _both("Quarry", "Cantera"),
}

THOLOS = {
    "web.tholos.temple": _both("Temple", "Templo"),
    "web.tholos.workshop": _both("Workshop of {name}", "Taller de {name}"),
    "web.tholos.column_label": _both("Location {loc} ({action}): {stones}", "Localización {loc} ({action}): {stones}"),
    "web.tholos.quarry_pile": _both("Quarry: {n} {colour}", "Cantera: {n} de color {colour}"),
    "web.tholos.extra_at": _both("Extra action of location {loc}", "Acción adicional de la localización {loc}"),
    "web.tholos.decline": _both("Decline the extra action", "Renunciar a la acción adicional"),
    "web.tholos.ornament": _both("Ornament {n}", "Ornamentación {n}"),
    "web.tholos.action.A": _both("move grey", "mover gris"),
    "web.tholos.action.B": _both("move white", "mover blanca"),
    "web.tholos.action.C": _both("return", "devolver"),
    "web.tholos.action.D": _both("from quarry", "de la cantera"),
    "web.tholos.action.E": _both("steal", "robar"),
    "web.tholos.action.F": _both("place again", "colocar otra"),
    "web.tholos.action.G": _both("move black", "mover negra"),
    "web.tholos.ornament.1": _both("winner +3", "ganador +3"),
    "web.tholos.ornament.2": _both("fewer stones wins", "gana quien tenga menos piedras"),
    "web.tholos.ornament.3": _both("grey +2", "gris +2"),
    "web.tholos.ornament.4": _both("grey −3", "gris −3"),
    "web.tholos.ornament.5": _both("grey triggers", "la gris activa la acción"),
    "web.tholos.ornament.6": _both("grey from quarry", "gris de la cantera"),
    "web.tholos.ornament.7": _both("holds 7", "admite 7"),
}

IMHOTEP = {
    "web.imhotep.site.MKT": _both("Market", "Mercado"),
    "web.imhotep.site.PYR": _both("Pyramid", "Pirámide"),
    "web.imhotep.site.TMP": _both("Temple", "Templo"),
    "web.imhotep.site.BUR": _both("Burial chamber", "Cámara funeraria"),
    "web.imhotep.site.OBL": _both("Obelisks", "Obeliscos"),
    "web.imhotep.card_short.ENTRANCE": _both("Entrance", "Entrada"),
    "web.imhotep.card_short.SARCOPHAGUS": _both("Sarcophagus", "Sarcófago"),
    "web.imhotep.card_short.PAVED_PATH": _both("Paved path", "Camino"),
    "web.imhotep.card_short.DECO_PYR": _both("Deco: pyramid", "Dec.: pirámide"),
    "web.imhotep.card_short.DECO_TMP": _both("Deco: temple", "Dec.: templo"),
    "web.imhotep.card_short.DECO_BUR": _both("Deco: burial", "Dec.: cámara"),
    "web.imhotep.card_short.DECO_OBL": _both("Deco: obelisks", "Dec.: obeliscos"),
    "web.imhotep.card_short.STATUE": _both("Statue", "Estatua"),
    "web.imhotep.card_short.LEVER": _both("Lever", "Palanca"),
    "web.imhotep.card_short.HAMMER": _both("Hammer", "Martillo"),
    "web.imhotep.card_short.SAIL": _both("Sail", "Vela"),
    "web.imhotep.card_short.CHISEL": _both("Chisel", "Cincel"),
    "web.imhotep.draw_pile": _both("draw pile", "mazo"),
    "web.imhotep.stones_total": _both("stones in all", "piedras en total"),
    "web.imhotep.ship": _both("Ship {n}", "Barco {n}"),
    "web.imhotep.ship_line": _both("Ship {n} · {capacity:space|spaces} (min. {minimum})",
                                   "Barco {n} · {capacity:espacio|espacios} (mín. {minimum})"),
    "web.imhotep.space_label": _both("Ship {n}, space {space}: {content}", "Barco {n}, espacio {space}: {content}"),
    "web.imhotep.quarry_sled": _both("Quarry {quarry}, sled {sled}", "Cantera {quarry}, trineo {sled}"),
    "web.imhotep.sled": _both("Sled", "Trineo"),
    "web.imhotep.stones_at": _both("Stones: pyramid {pyramid} · temple {temple}",
                                   "Piedras: pirámide {pyramid} · templo {temple}"),
    "web.imhotep.stones_at2": _both("burial chamber {burial} · obelisks {obelisks}",
                                    "cámara funeraria {burial} · obeliscos {obelisks}"),
    "web.imhotep.round": _both("Round {n} of 6", "Ronda {n} de 6"),
    "web.imhotep.round_cards": _both("round cards", "cartas de ronda"),
    "web.imhotep.wrath": _both("Wrath of the Pharaoh: −5 without a stone at each site",
                               "Ira del faraón: −5 si no tienes piedra en cada sitio"),
    "web.imhotep.lever_order": _both("Unload next (Lever):", "Descargar a continuación (Palanca):"),
    "web.imhotep.pass": _both("Pass", "Pasar"),
    "web.imhotep.phase.start player": _both("choosing the start player", "eligiendo al jugador inicial"),
    "web.imhotep.phase.round card": _both("revealing the round card", "revelando la carta de ronda"),
    "web.imhotep.phase.market deal": _both("dealing the market", "repartiendo el mercado"),
    "web.imhotep.phase.turn": _both("turns", "turnos"),
    "web.imhotep.phase.lever: sail": _both("Lever: sail", "Palanca: navegar"),
    "web.imhotep.phase.lever: unloading order": _both("Lever: unloading order", "Palanca: orden de descarga"),
    "web.imhotep.phase.hammer: place": _both("Hammer: place", "Martillo: colocar"),
    "web.imhotep.phase.sail card: place": _both("Sail: place", "Vela: colocar"),
    "web.imhotep.phase.sail card: sail": _both("Sail: sail", "Vela: navegar"),
    "web.imhotep.phase.chisel: first stone": _both("Chisel: first stone", "Cincel: primera piedra"),
    "web.imhotep.phase.chisel: second stone": _both("Chisel: second stone", "Cincel: segunda piedra"),
    "web.imhotep.phase.market pick": _both("market: picking cards", "mercado: elegir cartas"),
    "web.imhotep.phase.game over": _both("game over", "partida terminada"),
}

PERGAMON = {
    "web.pergamon.research_track": _both("Research funds", "Fondos de investigación"),
    "web.pergamon.track_space": _both("{space}: {coins} coins requested, deepest gallery {deepest}",
                                      "{space}: se piden {coins} monedas, galería más profunda {deepest}"),
    "web.pergamon.raider_symbol": _both("the tomb raider goes here when the funds cards show {cards}",
                                        "el saqueador de tumbas va aquí cuando las cartas de fondos muestran {cards}"),
    "web.pergamon.raider_cards0": _both("2 bags", "2 bolsas"),
    "web.pergamon.raider_cards1": _both("a bag and a chest", "una bolsa y un cofre"),
    "web.pergamon.raider_cards2": _both("2 chests", "2 cofres"),
    "web.pergamon.raider_letter": _both("R", "S"),
    "web.pergamon.raider_coins": _both("tomb raider: {n:coin|coins}", "saqueador de tumbas: {n:moneda|monedas}"),
    "web.pergamon.funds_cards": _both("Funds cards", "Cartas de fondos"),
    "web.pergamon.bag": _both("bag", "bolsa"),
    "web.pergamon.chest": _both("chest", "cofre"),
    "web.pergamon.galleries": _both("Galleries", "Galerías"),
    "web.pergamon.gallery_label": _both("Gallery {n}: {finds}", "Galería {n}: {finds}"),
    "web.pergamon.laying_out": _both("Being laid out", "Colocándose"),
    "web.pergamon.museum": _both("Museum", "Museo"),
    "web.pergamon.marker_title": _both("{name}: collection {marker} on museum space {space}",
                                       "{name}: colección {marker} en el espacio {space} del museo"),
    "web.pergamon.coins": _both("{n:coin|coins}", "{n:moneda|monedas}"),
    "web.pergamon.vp": _both("VP {vp}", "PV {vp}"),
    "web.pergamon.space": _both("space {space}", "espacio {space}"),
    "web.pergamon.supply": _both("Finds", "Hallazgos"),
    "web.pergamon.collections": _both("Collections", "Colecciones"),
    "web.pergamon.collection_title": _both(
        "Collection {marker} on museum space {space}, value {value}: {finds}",
        "Colección {marker} en el espacio {space} del museo, valor {value}: {finds}"),
    "web.pergamon.value_short": _both("value {value}", "valor {value}"),
    "web.pergamon.building": _both("Collection being built", "Colección en construcción"),
    "web.pergamon.break_up": _both("breaking up {marker}", "deshaciendo {marker}"),
    "web.pergamon.cancels_left": _both("cancels left: {n}", "cancelaciones restantes: {n}"),
    "web.pergamon.ring_closes": _both("the ring closes", "el anillo se cierra"),
    "web.pergamon.status": _both("Turn {turn} of 12 · {stage} · calendar {calendar} · box {box}",
                                 "Turno {turn} de 12 · {stage} · calendario {calendar} · caja {box}"),
    "web.pergamon.stage.start": _both("choosing the first player", "eligiendo al jugador inicial"),
    "web.pergamon.stage.layout": _both("laying out finds", "colocando hallazgos"),
    "web.pergamon.stage.cards": _both("drawing funds cards", "robando cartas de fondos"),
    "web.pergamon.stage.space": _both("choosing research spaces", "eligiendo espacios de investigación"),
    "web.pergamon.stage.main": _both("excavating and exhibiting", "excavar y exponer"),
    "web.pergamon.stage.build": _both("building a collection", "formando una colección"),
    "web.pergamon.stage.break": _both("breaking up a collection", "deshaciendo una colección"),
    "web.pergamon.stage.polish": _both("polishing", "puliendo"),
    "web.pergamon.stage.store": _both("storage", "almacenamiento"),
    "web.pergamon.stage.over": _both("game over", "partida terminada"),
    "web.pergamon.type.V": _both("vase", "jarrón"),
    "web.pergamon.type.J": _both("jug", "jarra"),
    "web.pergamon.type.B": _both("bracelet", "brazalete"),
    "web.pergamon.type.M": _both("mask", "máscara"),
    "web.pergamon.button.close": _both("Close the ring", "Cerrar el anillo"),
    "web.pergamon.button.cancel": _both("Cancel collection", "Cancelar colección"),
    "web.pergamon.button.end": _both("End my turn", "Terminar mi turno"),
    "web.pergamon.button.pay": _both("Pay", "Pagar"),
    "web.pergamon.button.polish": _both("Polish…", "Pulir…"),
}

TEXTS = {**PAGES, **THOLOS, **IMHOTEP, **PERGAMON}
i18n.register(TEXTS)

# -- the lobby: each game's description and each option's label, help and choices ---------------------------
# Until the games describe their options themselves, the lobby's words live here; ``lobby_options`` lays them over
# the options' own metadata (name, default, kind), and a game's own label or choices win when it has them.
LOBBY = {
    "web.game.tholos": _both(
        "Two architects raise the columns of a round temple: each stone placed triggers the action of its "
        "location; whoever tops most columns wins the points.",
        "Dos arquitectos levantan las columnas de un templo redondo: cada piedra colocada activa la acción de su "
        "localización; gana puntos quien corona más columnas."),
    "web.game.imhotep": _both(
        "Egyptian builders ship stones to five sites on the Nile; where and when a ship lands decides who scores.",
        "Constructores egipcios llevan piedras en barco a cinco sitios del Nilo; dónde y cuándo atraca cada barco "
        "decide quién puntúa."),
    "web.game.pergamon": _both(
        "Archaeologists bid for research funds, dig finds out of the galleries and exhibit them as collections "
        "in the museum.",
        "Arqueólogos piden fondos de investigación, excavan hallazgos en las galerías y los exponen como "
        "colecciones en el museo."),
    "web.option.players": _both("Players", "Jugadores"),
    "web.option.players.help": _both("How many sit at the table.", "Cuántos se sientan a la mesa."),
    "web.option.start_player": _both("Start player", "Jugador inicial"),
    "web.option.start_player.help": _both("Who makes the first move.", "Quién hace la primera jugada."),
    "web.option.random": _both("drawn at random", "al azar"),
    "web.option.seat": _both("player {n}", "jugador {n}"),
    "web.option.tholos.advanced": _both("Advanced game (ornaments)", "Juego avanzado (ornamentaciones)"),
    "web.option.tholos.advanced.help": _both(
        "The board side with ornaments: tiles that change how a column scores or what its location does.",
        "La cara del tablero con ornamentaciones: losetas que cambian cómo puntúa una columna o qué hace su "
        "localización."),
    "web.option.tholos.ornaments": _both("Ornaments", "Ornamentaciones"),
    "web.option.tholos.ornaments.help": _both(
        "How many ornament tiles are drawn at random for the locations.",
        "Cuántas losetas de ornamentación se sortean para las localizaciones."),
    "web.option.tholos.ornaments.default": _both("standard (none in the basic game, 2 in the advanced)",
                                                 "estándar (ninguna en el juego básico, 2 en el avanzado)"),
    "web.option.tholos.ornament_locations": _both("Locations for ornaments", "Localizaciones con ornamentación"),
    "web.option.tholos.ornament_locations.help": _both(
        "The location letters (A–G) where ornaments may be drawn.",
        "Las letras de localización (A–G) donde puede caer una ornamentación."),
    "web.option.tholos.end_check": _both("End of the game", "Fin de la partida"),
    "web.option.tholos.end_check.help": _both(
        "When the full temple ends the game.", "Cuándo termina la partida al llenarse el templo."),
    "web.option.tholos.end_check.after_turn": _both("after the turn that fills the temple",
                                                    "tras el turno que llena el templo"),
    "web.option.tholos.end_check.immediate": _both("as soon as the temple is full",
                                                   "en cuanto el templo está lleno"),
    "web.option.imhotep.wrath": _both("Wrath of the Pharaoh", "Ira del faraón"),
    "web.option.imhotep.wrath.help": _both(
        "Variant: −5 points at the end for each player without a stone at each of the four sites.",
        "Variante: −5 puntos al final para quien no tenga piedra en cada uno de los cuatro sitios."),
    "web.option.pergamon.open_scores": _both("Open scores", "Puntos a la vista"),
    "web.option.pergamon.open_scores.help": _both(
        "Show every player's victory points during the game (hidden otherwise).",
        "Mostrar los puntos de victoria de todos durante la partida (ocultos si no)."),
}
i18n.register(LOBBY)

# The choices of options that take one of a few values: (value, text key, parameters).
_SEATS = [(n, "web.option.seat", {"n": n + 1}) for n in range(4)]
CHOICES: dict[tuple[str, str], list[tuple[object, str, dict]]] = {
    ("tholos", "ornaments"): [(None, "web.option.tholos.ornaments.default", {})]
    + [(n, "", {"n": n}) for n in range(6)],
    ("tholos", "end_check"): [(v, f"web.option.tholos.end_check.{v}", {}) for v in ("after_turn", "immediate")],
    ("tholos", "start_player"): [("white", "web.colour.white", {}), ("black", "web.colour.black", {}),
                                 ("random", "web.option.random", {})],
    ("imhotep", "start_player"): _SEATS + [("random", "web.option.random", {})],
    ("pergamon", "start_player"): _SEATS + [("random", "web.option.random", {})],
}
BOUNDS = {("imhotep", "players"): (2, 4), ("pergamon", "players"): (2, 4), ("tholos", "players"): (2, 2)}


def lobby_options(game: str, options: list[dict], lang: str) -> list[dict]:
    """The lobby's form for ``game``: each option with a ``label``, a ``help`` and, where it takes one of a few
    values, ``choices`` ({value, label}) in ``lang``. An option without words here keeps its name and its own
    documentation; the game's own metadata wins over what is written here."""
    out = []
    for opt in options:
        name = opt["name"]
        key = next((k for k in (f"web.option.{game}.{name}", f"web.option.{name}") if i18n.template(k)), None)
        extra: dict = {}
        if key:
            extra = {"label": i18n.text(key, lang), "help": i18n.text(f"{key}.help", lang)}
        if (game, name) in CHOICES:
            extra["choices"] = [{"value": v, "label": i18n.text(k, lang, **p) if k else str(p["n"])}
                                for v, k, p in CHOICES[game, name]]
        if (game, name) in BOUNDS:
            extra["min"], extra["max"] = BOUNDS[game, name]
        out.append({**extra, **{k: v for k, v in opt.items() if v is not None or k == "default"}})
    return out


def description(game: str, lang: str) -> str:
    """A short description of ``game`` for the lobby ("" for a game without one)."""
    key = f"web.game.{game}"
    return i18n.text(key, lang) if i18n.template(key) else ""
