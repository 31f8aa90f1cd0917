"""An outbox row in words: the subject, the text and the link of a notice, in the player's language."""

from __future__ import annotations

from typing import Any

from museion.server.notices.texts import duration, say


def link(base: str, kind: str, args: dict[str, Any]) -> str:
    """Where the notice leads: the table for a turn, My tables for an invitation, the friends page for a request."""
    path = {"turn": f"/table/{args.get('table', '')}", "invite": "/tables/mine", "friend": "/friends",
            "challenge": "/"}[kind]  # the lobby lists the challenges waiting
    return base.rstrip("/") + path


def subject(kind: str, args: dict[str, Any], lang: str) -> str:
    if kind == "turn":
        return say("notices.mail.turn.subject", lang, game=args["game"], table=args["table"])
    if kind == "invite":
        return say("notices.mail.invite.subject", lang, name=args["name"], game=args["game"])
    if kind == "challenge":
        return say("notices.mail.challenge.subject", lang, name=args["name"], game=args["game"])
    return say("notices.mail.friend.subject", lang, name=args["name"])


def body(kind: str, args: dict[str, Any], lang: str) -> str:
    """One line: which table, which game, who moved, the time left (a turn); who invites or asks (the others)."""
    if kind == "turn":
        left = (say("notices.turn.left", lang, left=duration(args["left"], lang)) if args.get("left") is not None
                else say("notices.turn.no_clock", lang))
        mover = args["mover"].get(lang, args["mover"]["en"])
        return say("notices.turn.body", lang, mover=mover, table=args["table"], game=args["game"], left=left)
    if kind == "invite":
        return say("notices.invite.body", lang, name=args["name"], n=args["n"], table=args["table"],
                   game=args["game"])
    if kind == "challenge":
        return say("notices.challenge.body", lang, name=args["name"], game=args["game"])
    return say("notices.friend.body", lang, name=args["name"])


def mail_text(items: list[tuple[str, dict[str, Any]]], lang: str, base: str, unsubscribe: str) -> str:
    """The text of a mail of one notice or of a digest: each notice and its link, then the footer."""
    parts = [body(kind, args, lang) + "\n" + say("notices.mail.open", lang, url=link(base, kind, args))
             for kind, args in items]
    footer = say("notices.mail.footer", lang, account=base.rstrip("/") + "/account", unsubscribe=unsubscribe)
    return "\n\n".join(parts) + "\n\n-- \n" + footer + "\n"
