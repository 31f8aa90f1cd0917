"""The table chat's texts (``web.chat.*`` and its refusals' ``web.code.*``) in English and Spanish; ``web_texts.py``
registers them in the project's one catalogue with the rest of the web client's."""

from __future__ import annotations


def _both(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


CHAT = {
    "web.chat.title": _both("Chat", "Chat"),
    "web.chat.show": _both("Show the chat", "Mostrar el chat"),
    "web.chat.hide": _both("Hide the chat", "Ocultar el chat"),
    "web.chat.players": _both("Players", "Jugadores"),
    "web.chat.spectators": _both("Spectators", "Espectadores"),
    "web.chat.players_only": _both("Only the seated players read and write here.",
                                   "Aquí solo leen y escriben los jugadores sentados."),
    "web.chat.spectators_only": _both("Only spectators read and write here: players do not see it during the game.",
                                      "Aquí solo leen y escriben los espectadores: los jugadores no lo ven durante "
                                      "la partida."),
    "web.chat.empty": _both("No messages yet.", "Todavía no hay mensajes."),
    "web.chat.message": _both("Message", "Mensaje"),
    "web.chat.send": _both("Send", "Enviar"),
    "web.chat.left": _both("{n:character left|characters left}", "{n:carácter restante|caracteres restantes}"),
    "web.chat.spectator": _both("spectator {label}", "espectador {label}"),
    "web.chat.you": _both("{name} (you)", "{name} (tú)"),
    "web.chat.mute": _both("Mute {name}", "Silenciar a {name}"),
    "web.chat.unmute": _both("Unmute {name}", "Dejar de silenciar a {name}"),
    "web.chat.muted": _both("{n:message|messages} hidden from muted players",
                            "{n:mensaje oculto|mensajes ocultos} de jugadores silenciados"),
    "web.chat.report": _both("Report this message from {name}", "Denunciar este mensaje de {name}"),
    "web.chat.report_short": _both("Report", "Denunciar"),
    "web.chat.mute_short": _both("Mute", "Silenciar"),
    "web.chat.unmute_short": _both("Unmute", "Quitar silencio"),
    "web.chat.reported": _both("Thank you: the message was reported to the operator.",
                               "Gracias: el mensaje se ha enviado al administrador."),
    "web.chat.new": _both("{name} says: {text}", "{name} dice: {text}"),
    "web.code.chat_empty": _both("Write something before sending.", "Escribe algo antes de enviar."),
    "web.code.chat_too_long": _both("A chat message has at most 300 characters.",
                                    "Un mensaje de chat tiene como máximo 300 caracteres."),
    "web.code.chat_bad_character": _both(
        "The message has a control character or an invisible one (zero-width, direction mark): remove it.",
        "El mensaje tiene un carácter de control o uno invisible (de ancho cero, marca de dirección): quítalo."),
    "web.code.chat_channel": _both("You can only write in your own channel (players or spectators).",
                                   "Solo puedes escribir en tu propio canal (jugadores o espectadores)."),
    "web.code.no_message": _both("That message is no longer there.", "Ese mensaje ya no está."),
}
