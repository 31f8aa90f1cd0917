"""The words of tournaments (the page, the API's refusals) in English and Spanish, in the project's one catalogue
(``GET /api/texts``); their German waits in build/de-staging/tournaments.json for the gettext catalogues. Spanish
uses "tú", "torneo", "ronda", "descanso" for a bye, "partida puntuable" for a rated game."""

from __future__ import annotations

from museion.core import i18n


def _both(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


TEXTS = {
    "web.code.no_tournament": _both("No tournament has this id.", "Ningún torneo tiene este identificador."),
    "web.code.tournament_over": _both("The tournament has finished.", "El torneo ha terminado."),
    "web.code.bots_not_allowed": _both("This tournament admits no bot accounts.",
                                       "Este torneo no admite cuentas de bot."),
    "web.code.tournament_full": _both("The tournament has {cap} players, its limit.",
                                      "El torneo tiene {cap} jugadores, su límite."),
    "web.code.game_in_progress": _both("Your game of this round is being played: finish it (or resign) first.",
                                       "Tu partida de esta ronda sigue en juego: termínala (o abandona) antes."),
    "web.code.not_entered": _both("You have not entered this tournament.", "No te has inscrito en este torneo."),
    "web.code.too_many_tournaments": _both("You have {cap} tournaments not finished yet, the limit.",
                                           "Tienes {cap} torneos sin terminar, el límite."),
    "web.code.bad_format": _both("This format has {low} to {high} players at a table.",
                                 "Este formato tiene de {low} a {high} jugadores por mesa."),
    "web.code.bad_rounds": _both("A tournament has 1 to {high} rounds.", "Un torneo tiene de 1 a {high} rondas."),
    "web.code.bad_start": _both("The start must be between now and 30 days ahead.",
                                "El inicio debe estar entre ahora y dentro de 30 días."),
    "web.tournament.title": _both("{game} tournament", "Torneo de {game}"),
    "web.tournament.format.swiss": _both("Swiss, {rounds} rounds", "Suizo, {rounds} rondas"),
    "web.tournament.format.groups": _both("Groups of {players}, {rounds} rounds",
                                          "Grupos de {players}, {rounds} rondas"),
    "web.tournament.format.arena": _both("Arena, {rounds} minutes", "Arena, {rounds} minutos"),
    "web.tournament.rated": _both("rated", "puntuable"),
    "web.tournament.casual": _both("not rated", "no puntuable"),
    "web.tournament.bots": _both("bots welcome", "se admiten bots"),
    "web.tournament.waiting": _both("Starts {when}", "Empieza {when}"),
    "web.tournament.running": _both("Round {round}", "Ronda {round}"),
    "web.tournament.finished": _both("Finished", "Terminado"),
    "web.tournament.entrants": _both("{n} players", "{n} jugadores"),
    "web.tournament.join": _both("Join", "Inscribirme"),
    "web.tournament.withdraw": _both("Withdraw", "Retirarme"),
    "web.tournament.sign_in": _both("Sign in to join.", "Inicia sesión para inscribirte."),
    "web.tournament.present": _both("Keep this page open: a player away when a round starts loses that round.",
                                    "Mantén esta página abierta: quien no esté al empezar una ronda la pierde."),
    "web.tournament.your_table": _both("Your table of round {round}: play now",
                                       "Tu mesa de la ronda {round}: juega ya"),
    "web.tournament.standings": _both("Standings", "Clasificación"),
    "web.tournament.rank": _both("#", "#"),
    "web.tournament.player": _both("Player", "Jugador"),
    "web.tournament.points": _both("Points", "Puntos"),
    "web.tournament.buchholz": _both("Buchholz", "Buchholz"),
    "web.tournament.scores": _both("Game points", "Puntos de partida"),
    "web.tournament.withdrawn": _both("withdrawn", "retirado"),
    "web.tournament.playing": _both("playing", "jugando"),
    "web.tournament.rounds": _both("Rounds", "Rondas"),
    "web.tournament.round": _both("Round {round}", "Ronda {round}"),
    "web.tournament.bye": _both("{player}: bye", "{player}: descanso"),
    "web.tournament.absent": _both("{player}: absent (a loss)", "{player}: ausente (derrota)"),
    "web.tournament.watch": _both("table", "mesa"),
    "web.tournament.none": _both("Nobody has joined yet.", "Todavía no se ha inscrito nadie."),
}
i18n.register(TEXTS)
