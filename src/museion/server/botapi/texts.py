"""The words of bot accounts and personal API tokens (the account page's section, the API's refusals), in
English here; Spanish and German in the ``museion`` gettext catalogues (docs/translating.md)."""

from __future__ import annotations

from museion.core import i18n
from museion.core.i18n import messages, msg

TEXTS = messages(
    msg("botapi.played_before",
        "An account that has played cannot become a bot account: make a new account for your bot."),
    msg("botapi.too_many_tokens", "An account holds at most {cap} tokens: revoke one first."),
    msg("botapi.no_token", "This token is no longer there."),
    msg("botapi.title", "API tokens"),
    msg("botapi.help",
        "A token lets a program act for this account (docs: Bot API). It is shown once: copy it then. Anyone who "
        "holds it acts as you within its scopes."),
    msg("botapi.name", "Name"),
    msg("botapi.scopes", "Scopes"),
    msg("botapi.scope.read", "read: events and pages"),
    msg("botapi.scope.play", "play: sit and move at tables"),
    msg("botapi.scope.challenge", "challenge: send and answer challenges"),
    msg("botapi.create", "Create a token"),
    msg("botapi.created", "Your new token (shown only now): {token}"),
    msg("botapi.revoke", "Revoke"),
    msg("botapi.none", "No tokens."),
    msg("botapi.line", "{name} · {scopes} · made {created} · last used {used}"),
    msg("botapi.never", "never"),
    msg("botapi.bot", "bot"),
    msg("botapi.become", "Make this a bot account"),
    msg("botapi.become_help",
        "A bot account is played by a program, is shown as a bot everywhere and is never paired with people by Play "
        "now. It cannot be undone, and only an account that never played may become one."),
    msg("botapi.no_seeks", "A bot account is never paired with people by Play now: it plays challenges."),
    msg("web.bot_account_name", "{name} (bot)"),
    msg("botapi.is_bot", "This is a bot account."),
)
i18n.register(TEXTS)
