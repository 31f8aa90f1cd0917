"""The words of tournaments (the page, the API's refusals) in English (the catalogues translate them), in the project's
one catalogue (``GET /api/texts``); their German waits in build/de-staging/tournaments.json for the gettext catalogues.
Spanish uses "tú", "torneo", "ronda", "descanso" for a bye, "partida puntuable" for a rated game."""

from __future__ import annotations

from museion.core import i18n
from museion.core.i18n import messages, msg

TEXTS = messages(
    msg("web.code.no_tournament", "No tournament has this id."),
    msg("web.code.tournament_over", "The tournament has finished."),
    msg("web.code.bots_not_allowed", "This tournament admits no bot accounts."),
    msg("web.code.tournament_full", "The tournament has {cap} players, its limit."),
    msg("web.code.game_in_progress", "Your game of this round is being played: finish it (or resign) first."),
    msg("web.code.not_entered", "You have not entered this tournament."),
    msg("web.code.too_many_tournaments", "You have {cap} tournaments not finished yet, the limit."),
    msg("web.code.bad_format", "This format has {low} to {high} players at a table."),
    msg("web.code.bad_rounds", "A tournament has 1 to {high} rounds."),
    msg("web.code.bad_start", "The start must be between now and 30 days ahead."),
    msg("web.tournament.title", "{game} tournament"),
    msg("web.tournament.format.swiss", "Swiss, {rounds} rounds"),
    msg("web.tournament.format.groups", "Groups of {players}, {rounds} rounds"),
    msg("web.tournament.format.arena", "Arena, {rounds} minutes"),
    msg("web.tournament.rated", "rated"),
    msg("web.tournament.casual", "not rated"),
    msg("web.tournament.bots", "bots welcome"),
    msg("web.tournament.waiting", "Starts {when}"),
    msg("web.tournament.running", "Round {round}"),
    msg("web.tournament.finished", "Finished"),
    msg("web.tournament.entrants", "{n} players"),
    msg("web.tournament.join", "Join"),
    msg("web.tournament.withdraw", "Withdraw"),
    msg("web.tournament.sign_in", "Sign in to join."),
    msg("web.tournament.present", "Keep this page open: a player away when a round starts loses that round."),
    msg("web.tournament.your_table", "Your table of round {round}: play now"),
    msg("web.tournament.standings", "Standings"),
    msg("web.tournament.rank", "#"),
    msg("web.tournament.player", "Player"),
    msg("web.tournament.points", "Points"),
    msg("web.tournament.buchholz", "Buchholz"),
    msg("web.tournament.scores", "Game points"),
    msg("web.tournament.withdrawn", "withdrawn"),
    msg("web.tournament.playing", "playing"),
    msg("web.tournament.rounds", "Rounds"),
    msg("web.tournament.round", "Round {round}"),
    msg("web.tournament.bye", "{player}: bye"),
    msg("web.tournament.absent", "{player}: absent (a loss)"),
    msg("web.tournament.watch", "table"),
    msg("web.tournament.none", "Nobody has joined yet."),
)
i18n.register(TEXTS)
