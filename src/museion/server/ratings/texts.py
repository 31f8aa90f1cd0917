"""The words of rated tables, the leaderboard and the player pages, in English and Spanish, in the project's one
catalogue (``GET /api/texts``). Spanish: "nivel" for a rating (the final screen says "puntuación" for points
already), "partida puntuable" for a rated game, "clasificación" for the leaderboard; "tú" like the rest."""

from __future__ import annotations

from museion.core import i18n


def _both(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


TEXTS = {
    "web.privacy.ratings": _both(
        "With an account you may play rated tables: kept are your rating in each game and player count, its "
        "change after every rated game, and what your player page shows. Ratings are public, as on every rating "
        "site: your page shows them and, after rated games against three different opponents, the leaderboards "
        "list you (you may hide from them); your games and languages only if you choose. They are in your data "
        "download and are deleted with your account.",
        "Con una cuenta puedes jugar en mesas puntuables: se guardan tu puntuación en cada juego y número de "
        "jugadores, su cambio tras cada partida puntuable y lo que muestra tu página de jugador. Los niveles son "
        "públicos, como en todo sitio con niveles: tu página los muestra y, tras partidas puntuables contra tres "
        "rivales distintos, las clasificaciones te incluyen (puedes ocultarte); tus partidas e idiomas, solo si "
        "lo eliges. Están en la descarga de tus datos y se borran con tu cuenta."),
    # refusals (the REST errors' codes and reasons)
    "web.code.sign_in_needed": _both("This table is rated: sign in (or sign up) to take a seat. Guests can watch.",
                                     "Esta mesa es puntuable: inicia sesión (o regístrate) para sentarte. Los "
                                     "invitados pueden mirar."),
    "web.code.bot_not_rated": _both("The {bot} bot has no published rating for this game and number of players; a "
                                    "rated table may seat: {levels}.",
                                    "El bot {bot} no tiene nivel publicado para este juego y número de jugadores; "
                                    "una mesa puntuable admite: {levels}."),
    "web.code.rated_undo": _both("A rated table allows no take-backs.", "Una mesa puntuable no permite deshacer."),
    "web.code.rated_hints": _both("A rated table offers no hints from the coach.",
                                  "Una mesa puntuable no ofrece pistas del entrenador."),
    "web.code.rated_no_humans": _both("A rated table needs at least one human seat.",
                                      "Una mesa puntuable necesita al menos un asiento humano."),
    "web.code.already_seated": _both("You already have a seat at this rated table.",
                                     "Ya tienes un asiento en esta mesa puntuable."),
    "web.code.rated_started": _both("This rated game has started: nobody can leave it or be invited to it.",
                                    "Esta partida puntuable ha empezado: nadie puede dejarla ni ser invitado."),
    "web.code.no_player": _both("No player has this name.", "Ningún jugador tiene este nombre."),
    "web.code.bad_players": _both("This game cannot be played with that many players.",
                                  "Este juego no se puede jugar con ese número de jugadores."),
    # the lobby and the table
    "web.rated": _both("Rated", "Puntuable"),
    "web.rated_choice": _both("Rated game", "Partida puntuable"),
    "web.rated.off": _both("No (friendly game)", "No (partida amistosa)"),
    "web.rated.on": _both("Yes (signed-in players; no hints, no take-backs)",
                          "Sí (jugadores con sesión iniciada; sin pistas ni deshacer)"),
    "web.rating.title": _both("Your rating", "Tu nivel"),
    "web.rating.provisional": _both("Provisional: {games} of 10 rated games.",
                                    "Provisional: {games} de 10 partidas puntuables."),
    "web.rating.abandoned": _both("Your clock ran out and a bot finished the game for you: it counts as a loss.",
                                  "Se te acabó el tiempo y un bot terminó la partida por ti: cuenta como derrota."),
    "web.rating.resigned": _both("You resigned: it counts as a loss.",
                                 "Has abandonado la partida: cuenta como derrota."),
    "web.rating.claimed": _both("Another player claimed the game after you ran out of time or left: it counts as a "
                                "loss.", "Otro jugador ha reclamado la partida porque se te acabó el tiempo o la "
                                         "dejaste: cuenta como derrota."),
    "web.rating.leaderboard": _both("Leaderboard", "Clasificación"),
    "web.rating.not_counted": _both(
        "This game did not change your rating: it was your fourth rated game (or more) against the same player "
        "within 24 hours.",
        "Esta partida no ha cambiado tu nivel: era tu cuarta partida puntuable (o más) contra el mismo jugador en "
        "24 horas."),
    "web.code.unrated_network": _both(
        "This game is not rated: two of its players joined from the same network. You can still play it.",
        "Esta partida no es puntuable: dos de sus jugadores se han unido desde la misma red. Puedes jugarla igual."),
    "notice.unrated_network": _both(
        "{player!p} joined from the same network as another player: this game is no longer rated.",
        "{player!p} se ha unido desde la misma red que otro jugador: esta partida ya no es puntuable."),
    "web.ratings.opponents": _both("Listed after rated games against {n} different opponents.",
                                   "Aparece tras partidas puntuables contra {n} rivales distintos."),
    # the leaderboard page
    "web.ratings.title": _both("{game} leaderboard", "Clasificación de {game}"),
    "web.ratings.players": _both("Players", "Jugadores"),
    "web.ratings.rank": _both("#", "#"),
    "web.ratings.player": _both("Player", "Jugador"),
    "web.ratings.rating": _both("Rating", "Nivel"),
    "web.ratings.games": _both("Rated games", "Partidas puntuables"),
    "web.ratings.provisional": _both("? provisional: fewer than {n} rated games",
                                     "? provisional: menos de {n} partidas puntuables"),
    "web.ratings.none": _both("Nobody shows a rating here yet.", "Aún nadie muestra aquí su nivel."),
    "web.ratings.bots": _both("Bots (fixed ratings)", "Bots (nivel fijo)"),
    "web.ratings.previous": _both("Previous", "Anterior"),
    "web.ratings.next": _both("Next", "Siguiente"),
    "web.ratings.count": _both("{n:player|players}", "{n:jugador|jugadores}"),
    # the player page
    "web.profile.title": _both("Player {name}", "Jugador {name}"),
    "web.profile.private": _both("This player has no rating yet.", "Este jugador aún no tiene nivel."),
    "web.profile.languages": _both("Languages", "Idiomas"),
    "web.profile.ratings": _both("Ratings", "Niveles"),
    "web.profile.chart": _both("{game}, {n} players: rating after each rated game",
                               "{game}, {n} jugadores: nivel tras cada partida puntuable"),
    "web.profile.games": _both("Games", "Partidas"),
    "web.profile.game": _both("Game", "Juego"),
    "web.profile.played": _both("Played", "Jugadas"),
    "web.profile.won": _both("Won", "Ganadas"),
    "web.profile.recent": _both("Recent games", "Partidas recientes"),
    "web.profile.result_won": _both("won", "ganada"),
    "web.profile.result_lost": _both("lost", "perdida"),
    "web.profile.replay": _both("Replay and analysis", "Repetición y análisis"),
    "web.profile.when": _both("Finished", "Terminada"),
    "web.profile.result": _both("Result", "Resultado"),
    "web.profile.score": _both("Points", "Puntos"),
    # the account page's settings
    "web.profile.settings": _both("Your public page", "Tu página pública"),
    "web.profile.settings_help": _both("Your page shows your name and your ratings, as on every rating site; "
                                       "choose what else others see.",
                                       "Tu página muestra tu nombre y tus niveles, como en todo sitio con niveles; "
                                       "elige qué más ven los demás."),
    "web.profile.show_ratings": _both("Show me on the leaderboards", "Aparecer en las clasificaciones"),
    "web.profile.show_games": _both("Show my games and results", "Mostrar mis partidas y resultados"),
    "web.profile.show_languages": _both("Show the languages I speak", "Mostrar los idiomas que hablo"),
    "web.profile.spoken": _both("Languages I speak (codes such as es, en; separated by commas)",
                                "Idiomas que hablo (códigos como es, en; separados por comas)"),
    "web.profile.save": _both("Save", "Guardar"),
    "web.profile.saved": _both("Saved.", "Guardado."),
    "web.profile.see": _both("See your page", "Ver tu página"),
}
i18n.register(TEXTS)
