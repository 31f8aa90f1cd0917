"""The words of the friends page, of invitations (My tables, the lobby's notice) and of the friends API's
refusals, in English and Spanish, in the project's one catalogue (``GET /api/texts``). Spanish uses "tú"."""

from __future__ import annotations

from museion.core import i18n


def _both(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


REASONS = {
    "web.code.no_player": _both("No player has that username.", "Ningún jugador tiene ese nombre de usuario."),
    "web.code.self_request": _both("You cannot ask yourself to be friends.",
                                   "No puedes pedirte amistad a ti mismo."),
    "web.code.self_block": _both("You cannot block yourself.", "No puedes bloquearte a ti mismo."),
    "web.code.you_blocked": _both("You have blocked {name}: unblock them first.",
                                  "Has bloqueado a {name}: desbloquéalo primero."),
    "web.code.already_friends": _both("You are friends with {name} already.", "Ya eres amigo de {name}."),
    "web.code.no_request": _both("There is no such friend request.", "No hay esa solicitud de amistad."),
    "web.code.not_friends": _both("You may invite your friends only, and this player is not one.",
                                  "Solo puedes invitar a tus amigos, y este jugador no lo es."),
    "web.code.not_blocked": _both("You have not blocked this player.", "No has bloqueado a este jugador."),
    "web.code.too_many_requests": _both("You have {cap} friend requests waiting, the limit: withdraw one first.",
                                        "Tienes {cap} solicitudes de amistad pendientes, el límite: retira una "
                                        "primero."),
    "web.code.too_many_friends": _both("You have {cap} friends, the limit.", "Tienes {cap} amigos, el límite."),
    "web.code.their_friends_full": _both("This player has {cap} friends, the limit.",
                                         "Este jugador tiene {cap} amigos, el límite."),
    "web.code.too_many_blocks": _both("You have blocked {cap} players, the limit.",
                                      "Has bloqueado a {cap} jugadores, el límite."),
    "web.code.too_many_invitations": _both("You have {cap} invitations waiting, the limit.",
                                           "Tienes {cap} invitaciones pendientes, el límite."),
    "web.code.their_invitations_full": _both("Your friend has {cap} invitations waiting, the limit.",
                                             "Tu amigo tiene {cap} invitaciones pendientes, el límite."),
    "web.code.already_seated": _both("{name} has a seat at this table already.",
                                     "{name} ya tiene un asiento en esta mesa."),
    "web.code.seat_held": _both("Seat {n} is held for an invited player: choose another seat.",
                                "El asiento {n} está reservado para un jugador invitado: elige otro asiento."),
    "web.code.blocked": _both("You cannot sit at this table: between you and one of its players there is a block.",
                              "No puedes sentarte en esta mesa: entre tú y uno de sus jugadores hay un bloqueo."),
    "web.code.not_seated": _both("Only a player seated at this table (signed in) may invite to it.",
                                 "Solo un jugador sentado en esta mesa (con la sesión iniciada) puede invitar a "
                                 "ella."),
    "web.code.no_invitation": _both("This invitation is no longer there.", "Esta invitación ya no existe."),
}

PAGES = {
    "web.friends.title": _both("Friends", "Amigos"),
    "web.friends.link": _both("Friends", "Amigos"),
    "web.friends.signed_out": _both("Sign in to have friends, invite them to your tables and block players.",
                                    "Inicia sesión para tener amigos, invitarlos a tus mesas y bloquear a "
                                    "jugadores."),
    "web.friends.add": _both("Add a friend", "Añadir un amigo"),
    "web.friends.username": _both("Their username", "Su nombre de usuario"),
    "web.friends.send": _both("Send a friend request", "Enviar una solicitud de amistad"),
    "web.friends.sent": _both("Request sent to {name}.", "Solicitud enviada a {name}."),
    "web.friends.now_friends": _both("You and {name} are friends now.", "{name} y tú ya sois amigos."),
    "web.friends.incoming": _both("Friend requests for you", "Solicitudes de amistad para ti"),
    "web.friends.outgoing": _both("Your requests waiting for an answer", "Tus solicitudes pendientes"),
    "web.friends.friends": _both("Your friends", "Tus amigos"),
    "web.friends.blocked": _both("Blocked players", "Jugadores bloqueados"),
    "web.friends.none": _both("The list is empty.", "La lista está vacía."),
    "web.friends.accept": _both("Accept", "Aceptar"),
    "web.friends.decline": _both("Decline", "Rechazar"),
    "web.friends.withdraw": _both("Withdraw", "Retirar"),
    "web.friends.unfriend": _both("Remove friend", "Quitar de amigos"),
    "web.friends.block": _both("Block", "Bloquear"),
    "web.friends.unblock": _both("Unblock", "Desbloquear"),
    "web.friends.block_name": _both("Block a player", "Bloquear a un jugador"),
    "web.friends.block_help": _both(
        "A blocked player cannot send you requests or invitations, sit at a table where you sit, or chat with "
        "you; you are not told of their requests and they are not told they are blocked.",
        "Un jugador bloqueado no puede enviarte solicitudes ni invitaciones, sentarse en una mesa donde estés "
        "sentado ni chatear contigo; no se te avisa de sus solicitudes y no se le dice que está bloqueado."),
    "web.friends.invite": _both("Invite to a table", "Invitar a una mesa"),
    "web.friends.invite_to": _both("Invite {name} to", "Invitar a {name} a"),
    "web.friends.invite_seat": _both("{title} · {table}, seat {n}", "{title} · {table}, asiento {n}"),
    "web.friends.no_free_seat": _both(
        "To invite, sit at a table with a free seat first (create one in the lobby).",
        "Para invitar, siéntate antes en una mesa con un asiento libre (crea una en la sala)."),
    "web.friends.invited": _both("{name} is invited: the seat is held for them.",
                                 "{name} está invitado: el asiento queda reservado para él."),
    "web.friends.your_invitations": _both("Seats you hold for friends", "Asientos que reservas para amigos"),
    "web.friends.invitation_out": _both("{name}: {title} · {table}, seat {n}",
                                        "{name}: {title} · {table}, asiento {n}"),
    "web.friends.settings": _both("Notifications", "Avisos"),
    "web.friends.notify_invites": _both("Tell me when a friend invites me to a seat (here and, if my browser "
                                        "allows it, as a notification)",
                                        "Avisarme cuando un amigo me invite a un asiento (aquí y, si mi "
                                        "navegador lo permite, con una notificación)"),
    "web.friends.saved": _both("Saved.", "Guardado."),
    "web.friends.since": _both("since {date}", "desde {date}"),
    "web.invite.title": _both("Invitations", "Invitaciones"),
    "web.invite.line": _both("{name} invites you to {title} (table {table}, seat {n})",
                             "{name} te invita a {title} (mesa {table}, asiento {n})"),
    "web.invite.take": _both("Take the seat", "Ocupar el asiento"),
    "web.invite.decline": _both("Decline", "Rechazar"),
    "web.invite.toast": _both("{name} invites you to a table of {title}.",
                              "{name} te invita a una mesa de {title}."),
    "web.invite.see": _both("See the invitation", "Ver la invitación"),
    "web.invite.dismiss": _both("Close", "Cerrar"),
    "web.invite.count": _both("{n} invitations", "{n} invitaciones"),
    "web.privacy.friends": _both(
        "With an account you may have friends: kept are your friendships, the friend requests you sent and "
        "received, the players you blocked, the seats you and your friends hold for one another, and whether you "
        "want invitations announced. They are in your data download and are deleted with your account.",
        "Con una cuenta puedes tener amigos: se guardan tus amistades, las solicitudes de amistad que enviaste y "
        "recibiste, los jugadores que bloqueaste, los asientos que tus amigos y tú os reserváis y si quieres que "
        "se te avisen las invitaciones. Están en la descarga de tus datos y se borran con tu cuenta."),
}

TEXTS = {**REASONS, **PAGES}
i18n.register(TEXTS)
