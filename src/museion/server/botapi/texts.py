"""The words of bot accounts and personal API tokens (the account page's section, the API's refusals), in
English and Spanish in the project's one catalogue (``GET /api/texts``); German waits in
``build/de-staging/botapi.json`` for the catalogues (issue 43 item 2). Spanish uses "tú"."""

from __future__ import annotations

from museion.core import i18n


def _both(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


TEXTS = {
    "botapi.played_before": _both("An account that has played cannot become a bot account: make a new account "
                                  "for your bot.",
                                  "Una cuenta que ya ha jugado no puede convertirse en cuenta de bot: crea una "
                                  "cuenta nueva para tu bot."),
    "botapi.too_many_tokens": _both("An account holds at most {cap} tokens: revoke one first.",
                                    "Una cuenta tiene como máximo {cap} tokens: revoca uno primero."),
    "botapi.no_token": _both("This token is no longer there.", "Este token ya no existe."),
    "botapi.title": _both("API tokens", "Tokens de API"),
    "botapi.help": _both("A token lets a program act for this account (docs: Bot API). It is shown once: copy it "
                         "then. Anyone who holds it acts as you within its scopes.",
                         "Un token permite a un programa actuar por esta cuenta (documentación: API de bots). Se "
                         "muestra una sola vez: cópialo entonces. Quien lo tenga actúa como tú dentro de sus "
                         "permisos."),
    "botapi.name": _both("Name", "Nombre"),
    "botapi.scopes": _both("Scopes", "Permisos"),
    "botapi.scope.read": _both("read: events and pages", "read: eventos y páginas"),
    "botapi.scope.play": _both("play: sit and move at tables", "play: sentarse y mover en las mesas"),
    "botapi.scope.challenge": _both("challenge: send and answer challenges", "challenge: enviar y responder "
                                                                             "desafíos"),
    "botapi.create": _both("Create a token", "Crear un token"),
    "botapi.created": _both("Your new token (shown only now): {token}", "Tu nuevo token (solo se muestra ahora): "
                                                                        "{token}"),
    "botapi.revoke": _both("Revoke", "Revocar"),
    "botapi.none": _both("No tokens.", "No hay tokens."),
    "botapi.line": _both("{name} · {scopes} · made {created} · last used {used}",
                         "{name} · {scopes} · creado {created} · último uso {used}"),
    "botapi.never": _both("never", "nunca"),
    "botapi.bot": _both("bot", "bot"),
    "botapi.become": _both("Make this a bot account", "Convertir en cuenta de bot"),
    "botapi.become_help": _both("A bot account is played by a program, is shown as a bot everywhere and is never "
                                "paired with people by Play now. It cannot be undone, and only an account that "
                                "never played may become one.",
                                "Una cuenta de bot la juega un programa, se muestra como bot en todas partes y "
                                "Jugar ya nunca la empareja con personas. No se puede deshacer, y solo puede "
                                "convertirse una cuenta que nunca ha jugado."),
    "botapi.no_seeks": _both("A bot account is never paired with people by Play now: it plays challenges.",
                             "Jugar ya nunca empareja una cuenta de bot con personas: juega desafíos."),
    "botapi.is_bot": _both("This is a bot account.", "Esta es una cuenta de bot."),
}
i18n.register(TEXTS)
