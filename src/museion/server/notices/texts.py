"""The words of the notices (the mails, the pushed notices, the account page's section and the API's refusals) in
English and Spanish, in the project's one catalogue (``GET /api/texts``). Spanish uses "tú" and the glossary's
words ("mesa", "partida", "te toca")."""

from __future__ import annotations

from typing import Any

from museion.core import i18n


def _both(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


MAIL = {
    "notices.mail.code.subject": _both("Your museion code: {code}", "Tu código de museion: {code}"),
    "notices.mail.code.body": _both(
        "Type this code on your account page to receive museion's notices at this address:\n\n    {code}\n\n"
        "It works for one hour. If you did not ask for it, do nothing: no other mail follows.",
        "Escribe este código en la página de tu cuenta para recibir los avisos de museion en esta dirección:\n\n"
        "    {code}\n\nSirve durante una hora. Si no lo pediste, no hagas nada: no recibirás más correos."),
    "notices.mail.turn.subject": _both("Your turn at {game} (table {table})", "Te toca en {game} (mesa {table})"),
    "notices.turn.body": _both("{mover} moved at table {table} of {game}: it is your turn. {left}",
                               "{mover} ha jugado en la mesa {table} de {game}: te toca. {left}"),
    "notices.turn.left": _both("Time left: {left}.", "Tiempo restante: {left}."),
    "notices.turn.no_clock": _both("No clock runs at this table.", "En esta mesa no corre el reloj."),
    "notices.mail.invite.subject": _both("{name} invites you to {game}", "{name} te invita a {game}"),
    "notices.invite.body": _both("{name} holds seat {n} of table {table} of {game} for you.",
                                 "{name} te reserva el asiento {n} de la mesa {table} de {game}."),
    "notices.mail.friend.subject": _both("{name} wants to be your friend", "{name} quiere ser tu amigo"),
    "notices.friend.body": _both("{name} sent you a friend request.", "{name} te ha enviado una solicitud de "
                                                                      "amistad."),
    "notices.mail.open": _both("Open it: {url}", "Ábrelo: {url}"),
    "notices.mail.digest.subject": _both("museion: {n} notices of the day", "museion: {n} avisos del día"),
    "notices.mail.footer": _both(
        "You receive this because you chose these notices on your account page: {account}\n"
        "Stop every museion mail in one click: {unsubscribe}",
        "Recibes este correo porque elegiste estos avisos en la página de tu cuenta: {account}\n"
        "Deja de recibir cualquier correo de museion con un clic: {unsubscribe}"),
    "notices.days": _both("{d} d {h} h", "{d} d {h} h"),
    "notices.hours": _both("{h} h {m} min", "{h} h {m} min"),
    "notices.minutes": _both("{m} min", "{m} min"),
}

PAGE = {
    "web.notices.heading": _both("Notices while you are away", "Avisos mientras no estás"),
    "web.notices.intro": _both(
        "Be told by e-mail or on this device when it is your turn at a turn-based table, and, if you want, of "
        "invitations and friend requests. No notice comes while you are watching that table.",
        "Recibe un aviso por correo o en este dispositivo cuando te toque en una mesa por turnos y, si quieres, "
        "de invitaciones y solicitudes de amistad. No llega ningún aviso mientras miras esa mesa."),
    "web.notices.no_smtp": _both("This server sends no e-mail (its operator has set no mail server).",
                                 "Este servidor no envía correos (su operador no ha configurado un servidor de "
                                 "correo)."),
    "web.notices.email": _both("E-mail address", "Dirección de correo"),
    "web.notices.send_code": _both("Send a code", "Enviar un código"),
    "web.notices.code": _both("Code from the mail", "Código del correo"),
    "web.notices.verify": _both("Confirm", "Confirmar"),
    "web.notices.remove": _both("Remove the address", "Quitar la dirección"),
    "web.notices.code_sent": _both("A code was sent to {email}: type it below.",
                                   "Se ha enviado un código a {email}: escríbelo abajo."),
    "web.notices.verified": _both("Notices go to {email}.", "Los avisos van a {email}."),
    "web.notices.unverified": _both("{email} is not confirmed yet.", "{email} aún no está confirmada."),
    "web.notices.stopped": _both("You stopped every mail (one-click unsubscribe): save your choices to receive them "
                                 "again.", "Dejaste de recibir correos (baja con un clic): guarda tus opciones para "
                                           "volver a recibirlos."),
    "web.notices.turn": _both("It is my turn at a turn-based table", "Me toca en una mesa por turnos"),
    "web.notices.invite": _both("A friend invites me to a seat", "Un amigo me invita a un asiento"),
    "web.notices.friend": _both("Someone sends me a friend request", "Alguien me envía una solicitud de amistad"),
    "web.notices.digest": _both("One mail a day with everything, instead of one mail each time",
                                "Un correo al día con todo, en vez de un correo cada vez"),
    "web.notices.save": _both("Save my choices", "Guardar mis opciones"),
    "web.notices.saved": _both("Saved.", "Guardado."),
    "web.notices.push": _both("Notify this browser", "Avisar en este navegador"),
    "web.notices.push_stop": _both("Stop notifying this browser", "Dejar de avisar en este navegador"),
    "web.notices.push_on": _both("This browser is notified.", "Este navegador recibe avisos."),
    "web.notices.push_none": _both("This browser cannot receive notices (no Web Push here, or notifications are "
                                   "blocked).", "Este navegador no puede recibir avisos (no admite Web Push o las "
                                                "notificaciones están bloqueadas)."),
    "web.notices.install": _both("Tip: add museion to your phone's home screen (the browser's menu) to be notified "
                                 "like an app.", "Consejo: añade museion a la pantalla de inicio de tu teléfono (el "
                                                 "menú del navegador) para recibir avisos como una aplicación."),
    "web.notices.unsubscribe_title": _both("Stop museion's mail", "Dejar de recibir correos de museion"),
    "web.notices.unsubscribe_button": _both("Stop every mail", "No enviarme más correos"),
    "web.notices.unsubscribed": _both("Done: no more mail will be sent to this address. Choose notices again on "
                                      "your account page whenever you want.",
                                      "Hecho: no se enviarán más correos a esta dirección. Puedes volver a elegir "
                                      "avisos en la página de tu cuenta cuando quieras."),
    "web.privacy.notices": _both(
        "If you add an e-mail address or let a browser be notified, kept are the address (never shown to anyone), "
        "your choices, the browsers' push addresses and the notices waiting to be sent (two days after sending, "
        "only that one went). They are in your data download and are deleted with your account.",
        "Si añades una dirección de correo o permites avisos en un navegador, se guardan la dirección (nunca se "
        "muestra a nadie), tus opciones, las direcciones de avisos de los navegadores y los avisos pendientes "
        "(dos días tras enviarse, solo que se enviaron). Están en la descarga de tus datos y se borran con tu "
        "cuenta."),
}

REASONS = {
    "web.code.bad_email": _both("This is not an e-mail address (name@domain, at most 254 characters).",
                                "Esto no es una dirección de correo (nombre@dominio, como mucho 254 caracteres)."),
    "web.code.no_mail": _both("This server sends no e-mail.", "Este servidor no envía correos."),
    "web.code.too_many_codes": _both("You asked for {n} codes in the last hour: wait, then ask again.",
                                     "Has pedido {n} códigos en la última hora: espera y vuelve a pedirlo."),
    "web.code.wrong_code": _both("This code is wrong.", "Este código no es correcto."),
    "web.code.code_expired": _both("This code has expired: ask for a new one.",
                                   "Este código ha caducado: pide uno nuevo."),
    "web.code.too_many_tries": _both("Too many wrong codes: ask for a new one.",
                                     "Demasiados códigos incorrectos: pide uno nuevo."),
    "web.code.no_address": _both("Add an e-mail address first.", "Añade primero una dirección de correo."),
    "web.code.bad_subscription": _both("This browser's subscription cannot be used: {why}.",
                                       "No se puede usar la suscripción de este navegador: {why}."),
}

TEXTS = {**MAIL, **PAGE, **REASONS}
i18n.register(TEXTS)


def say(key: str, lang: str, **args: Any) -> str:
    """A text of this catalogue in ``lang`` (English when it has none), its ``{names}`` filled in."""
    return TEXTS[key].get(lang, TEXTS[key]["en"]).format(**args)


def duration(seconds: float, lang: str) -> str:
    """Time left in words: days and hours, hours and minutes, or minutes."""
    minutes = max(0, int(seconds // 60))
    d, h, m = minutes // 1440, minutes // 60 % 24, minutes % 60
    if d:
        return say("notices.days", lang, d=d, h=h)
    return say("notices.hours", lang, h=h, m=m) if h else say("notices.minutes", lang, m=m)
