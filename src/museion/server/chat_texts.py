"""The table chat's texts (``web.chat.*`` and its refusals' ``web.code.*``) in English (the catalogues translate them);
``web_texts.py`` registers them in the project's one catalogue with the rest of the web client's."""

from __future__ import annotations

from museion.core.i18n import messages, msg, msgn

CHAT = messages(
    msg("web.chat.title", "Chat"),
    msg("web.chat.show", "Show the chat"),
    msg("web.chat.hide", "Hide the chat"),
    msg("web.chat.players", "Players"),
    msg("web.chat.spectators", "Spectators"),
    msg("web.chat.players_only", "Only the seated players read and write here."),
    msg("web.chat.spectators_only", "Only spectators read and write here: players do not see it during the game."),
    msg("web.chat.empty", "No messages yet."),
    msg("web.chat.message", "Message"),
    msg("web.chat.send", "Send"),
    msgn("web.chat.left", "{n} character left", "{n} characters left", "n"),
    msg("web.chat.spectator", "spectator {label}"),
    msg("web.chat.you", "{name} (you)"),
    msg("web.chat.mute", "Mute {name}"),
    msg("web.chat.unmute", "Unmute {name}"),
    msgn("web.chat.muted", "{n} message hidden from muted players", "{n} messages hidden from muted players", "n"),
    msg("web.chat.report", "Report this message from {name}"),
    msg("web.chat.report_short", "Report"),
    msg("web.chat.mute_short", "Mute"),
    msg("web.chat.unmute_short", "Unmute"),
    msg("web.chat.reported", "Thank you: the message was reported to the operator."),
    msg("web.chat.new", "{name} says: {text}"),
    msg("web.code.chat_empty", "Write something before sending."),
    msg("web.code.chat_too_long", "A chat message has at most 300 characters."),
    msg("web.code.chat_bad_character",
        "The message has a control character or an invisible one (zero-width, direction mark): remove it."),
    msg("web.code.chat_channel", "You can only write in your own channel (players or spectators)."),
    msg("web.code.no_message", "That message is no longer there."),
)
