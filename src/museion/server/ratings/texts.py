"""The words of rated tables, the leaderboard and the player pages, in English (the catalogues translate them), in the
project's one catalogue (``GET /api/texts``). Spanish: "nivel" for a rating (the final screen says "puntuación" for
points already), "partida puntuable" for a rated game, "clasificación" for the leaderboard; "tú" like the rest."""

from __future__ import annotations

from museion.core import i18n
from museion.core.i18n import messages, msg, msgn

TEXTS = messages(
    msg("web.privacy.ratings",
        "With an account you may play rated tables: kept are your rating in each game and player count, its change "
        "after every rated game, and what your player page shows. Ratings are public, as on every rating site: your "
        "page shows them and, after rated games against three different opponents, the leaderboards list you (you "
        "may hide from them); your games and languages only if you choose. They are in your data download and are "
        "deleted with your account."),
    # refusals (the REST errors' codes and reasons)
    msg("web.code.sign_in_needed", "This table is rated: sign in (or sign up) to take a seat. Guests can watch."),
    msg("web.code.bot_not_rated",
        "The {bot} bot has no published rating for this game and number of players; a rated table may seat: {levels}."),
    msg("web.code.rated_undo", "A rated table allows no take-backs."),
    msg("web.code.rated_hints", "A rated table offers no hints from the coach."),
    msg("web.code.rated_no_humans", "A rated table needs at least one human seat."),
    msg("web.code.already_seated", "You already have a seat at this rated table."),
    msg("web.code.rated_started", "This rated game has started: nobody can leave it or be invited to it."),
    msg("web.code.no_player", "No player has this name."),
    msg("web.code.bad_players", "This game cannot be played with that many players."),
    # the lobby and the table
    msg("web.rated", "Rated"),
    msg("web.rated_choice", "Rated game"),
    msg("web.rated.off", "No (friendly game)"),
    msg("web.rated.on", "Yes (signed-in players; no hints, no take-backs)"),
    msg("web.rating.title", "Your rating"),
    msg("web.rating.provisional", "Provisional: {games} of 10 rated games."),
    msg("web.rating.abandoned", "Your clock ran out and a bot finished the game for you: it counts as a loss."),
    msg("web.rating.resigned", "You resigned: it counts as a loss."),
    msg("web.rating.claimed",
        "Another player claimed the game after you ran out of time or left: it counts as a loss."),
    msg("web.rating.leaderboard", "Leaderboard"),
    msg("web.rating.not_counted",
        "This game did not change your rating: it was your fourth rated game (or more) against the same player "
        "within 24 hours."),
    msg("web.code.unrated_network",
        "This game is not rated: two of its players joined from the same network. You can still play it."),
    msg("notice.unrated_network",
        "{player!p} joined from the same network as another player: this game is no longer rated."),
    msg("web.ratings.opponents", "Listed after rated games against {n} different opponents."),
    # the leaderboard page
    msg("web.ratings.title", "{game} leaderboard"),
    msg("web.ratings.players", "Players"),
    msg("web.ratings.rank", "#"),
    msg("web.ratings.player", "Player"),
    msg("web.ratings.rating", "Rating"),
    msg("web.ratings.games", "Rated games"),
    msg("web.ratings.provisional", "? provisional: fewer than {n} rated games"),
    msg("web.ratings.none", "Nobody shows a rating here yet."),
    msg("web.ratings.bots", "Bots (fixed ratings)"),
    msg("web.ratings.previous", "Previous"),
    msg("web.ratings.next", "Next"),
    msgn("web.ratings.count", "{n} player", "{n} players", "n"),
    # the player page
    msg("web.profile.title", "Player {name}"),
    msg("web.profile.private", "This player has no rating yet."),
    msg("web.profile.languages", "Languages"),
    msg("web.profile.ratings", "Ratings"),
    msg("web.profile.chart", "{game}, {n} players: rating after each rated game"),
    msg("web.profile.games", "Games"),
    msg("web.profile.game", "Game"),
    msg("web.profile.played", "Played"),
    msg("web.profile.won", "Won"),
    msg("web.profile.recent", "Recent games"),
    msg("web.profile.result_won", "won"),
    msg("web.profile.result_lost", "lost"),
    msg("web.profile.replay", "Replay and analysis"),
    msg("web.profile.when", "Finished"),
    msg("web.profile.result", "Result"),
    msg("web.profile.score", "Points"),
    # the account page's settings
    msg("web.profile.settings", "Your public page"),
    msg("web.profile.settings_help",
        "Your page shows your name and your ratings, as on every rating site; choose what else others see."),
    msg("web.profile.show_ratings", "Show me on the leaderboards"),
    msg("web.profile.show_games", "Show my games and results"),
    msg("web.profile.show_languages", "Show the languages I speak"),
    msg("web.profile.spoken", "Languages I speak (codes such as es, en; separated by commas)"),
    msg("web.profile.save", "Save"),
    msg("web.profile.saved", "Saved."),
    msg("web.profile.see", "See your page"),
)
i18n.register(TEXTS)
