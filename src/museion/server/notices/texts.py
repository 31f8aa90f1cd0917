"""The words of the notices (the mails, the pushed notices, the account page's section and the API's refusals) in
English and Spanish, in the project's one catalogue (``GET /api/texts``). Spanish uses "tú" and the glossary's
words ("mesa", "partida", "te toca")."""

from __future__ import annotations

from typing import Any

from museion.core import i18n
from museion.core.i18n import messages, msg

MAIL = messages(
    msg("notices.mail.code.subject", "Your museion code: {code}"),
    msg("notices.mail.code.body",
        "Type this code on your account page to receive museion's notices at this address:\n\n    {code}\n\nIt works "
        "for one hour. If you did not ask for it, do nothing: no other mail follows."),
    msg("notices.mail.turn.subject", "Your turn at {game} (table {table})"),
    msg("notices.turn.body", "{mover} moved at table {table} of {game}: it is your turn. {left}"),
    msg("notices.turn.left", "Time left: {left}."),
    msg("notices.turn.no_clock", "No clock runs at this table."),
    msg("notices.mail.invite.subject", "{name} invites you to {game}"),
    msg("notices.invite.body", "{name} holds seat {n} of table {table} of {game} for you."),
    msg("notices.mail.friend.subject", "{name} wants to be your friend"),
    msg("notices.friend.body", "{name} sent you a friend request."),
    msg("notices.mail.open", "Open it: {url}"),
    msg("notices.mail.digest.subject", "museion: {n} notices of the day"),
    msg("notices.mail.footer",
        "You receive this because you chose these notices on your account page: {account}\nStop every museion mail "
        "in one click: {unsubscribe}"),
    msg("notices.days", "{d} d {h} h"),
    msg("notices.hours", "{h} h {m} min"),
    msg("notices.minutes", "{m} min"),
)

PAGE = messages(
    msg("web.notices.heading", "Notices while you are away"),
    msg("web.notices.intro",
        "Be told by e-mail or on this device when it is your turn at a turn-based table, and, if you want, of "
        "invitations and friend requests. No notice comes while you are watching that table."),
    msg("web.notices.no_smtp", "This server sends no e-mail (its operator has set no mail server)."),
    msg("web.notices.email", "E-mail address"),
    msg("web.notices.send_code", "Send a code"),
    msg("web.notices.code", "Code from the mail"),
    msg("web.notices.verify", "Confirm"),
    msg("web.notices.remove", "Remove the address"),
    msg("web.notices.code_sent", "A code was sent to {email}: type it below."),
    msg("web.notices.verified", "Notices go to {email}."),
    msg("web.notices.unverified", "{email} is not confirmed yet."),
    msg("web.notices.stopped",
        "You stopped every mail (one-click unsubscribe): save your choices to receive them again."),
    msg("web.notices.turn", "It is my turn at a turn-based table"),
    msg("web.notices.invite", "A friend invites me to a seat"),
    msg("web.notices.friend", "Someone sends me a friend request"),
    msg("web.notices.digest", "One mail a day with everything, instead of one mail each time"),
    msg("web.notices.save", "Save my choices"),
    msg("web.notices.saved", "Saved."),
    msg("web.notices.push", "Notify this browser"),
    msg("web.notices.push_stop", "Stop notifying this browser"),
    msg("web.notices.push_on", "This browser is notified."),
    msg("web.notices.push_none",
        "This browser cannot receive notices (no Web Push here, or notifications are blocked)."),
    msg("web.notices.install",
        "Tip: add museion to your phone's home screen (the browser's menu) to be notified like an app."),
    msg("web.notices.unsubscribe_title", "Stop museion's mail"),
    msg("web.notices.unsubscribe_button", "Stop every mail"),
    msg("web.notices.unsubscribed",
        "Done: no more mail will be sent to this address. Choose notices again on your account page whenever you "
        "want."),
    msg("web.privacy.notices",
        "If you add an e-mail address or let a browser be notified, kept are the address (never shown to anyone), "
        "your choices, the browsers' push addresses and the notices waiting to be sent (two days after sending, only "
        "that one went). They are in your data download and are deleted with your account."),
)

REASONS = messages(
    msg("web.code.bad_email", "This is not an e-mail address (name@domain, at most 254 characters)."),
    msg("web.code.no_mail", "This server sends no e-mail."),
    msg("web.code.too_many_codes", "You asked for {n} codes in the last hour: wait, then ask again."),
    msg("web.code.wrong_code", "This code is wrong."),
    msg("web.code.code_expired", "This code has expired: ask for a new one."),
    msg("web.code.too_many_tries", "Too many wrong codes: ask for a new one."),
    msg("web.code.no_address", "Add an e-mail address first."),
    msg("web.code.bad_subscription", "This browser's subscription cannot be used: {why}."),
)

TEXTS = {**MAIL, **PAGE, **REASONS}
i18n.register(TEXTS)


def say(key: str, lang: str, **args: Any) -> str:
    """A text of this catalogue in ``lang`` (English when it has none), its ``{names}`` filled in."""
    return i18n.text(key, lang, **args)


def duration(seconds: float, lang: str) -> str:
    """Time left in words: days and hours, hours and minutes, or minutes."""
    minutes = max(0, int(seconds // 60))
    d, h, m = minutes // 1440, minutes // 60 % 24, minutes % 60
    if d:
        return say("notices.days", lang, d=d, h=h)
    return say("notices.hours", lang, h=h, m=m) if h else say("notices.minutes", lang, m=m)
