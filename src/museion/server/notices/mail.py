"""Composing and sending the mails (standard library: ``email`` and ``smtplib``; the sender runs this in a
thread, never on the event loop).

Every mail but the code's carries the one-click unsubscribe of RFC 8058: ``List-Unsubscribe`` with the address's
own URL (an unguessable token, the only place a secret is put in a URL, as the RFC requires) and
``List-Unsubscribe-Post: List-Unsubscribe=One-Click``; the same link ends the text."""

from __future__ import annotations

import smtplib
import urllib.parse
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

TIMEOUT = 30.0


@dataclass(frozen=True)
class Smtp:
    """Where mail goes: ``smtp://[user:password@]host[:port]`` (STARTTLS when the server offers it) or
    ``smtps://…`` (TLS from the start)."""

    host: str
    port: int
    tls: bool
    user: str | None = None
    password: str | None = None

    @classmethod
    def parse(cls, url: str) -> Smtp:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError(f"--smtp-url must look like smtp://host:port or smtps://host:port, not {parts.scheme!r}")
        tls = parts.scheme == "smtps"
        return cls(parts.hostname, parts.port or (465 if tls else 25), tls,
                   urllib.parse.unquote(parts.username) if parts.username else None,
                   urllib.parse.unquote(parts.password) if parts.password else None)

    def send(self, message: EmailMessage) -> None:
        """Hand one message to the SMTP server; raises what went wrong (the sender retries)."""
        client: smtplib.SMTP = (smtplib.SMTP_SSL(self.host, self.port, timeout=TIMEOUT) if self.tls
                                else smtplib.SMTP(self.host, self.port, timeout=TIMEOUT))
        with client:
            client.ehlo()
            if not self.tls and client.has_extn("starttls"):
                client.starttls()
                client.ehlo()
            if self.user:
                client.login(self.user, self.password or "")
            client.send_message(message)


def compose(sender: str, to: str, subject: str, text: str, unsubscribe: str | None, row_id: int) -> EmailMessage:
    """One plain-text mail; ``unsubscribe``: the one-click URL (RFC 8058), none for the code's mail (the address
    is not confirmed: nothing else is sent to it). Its Message-ID names the outbox row, so a receiver that got it
    twice (a server that died between sending and recording) sees one message."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, subject
    message["Date"] = formatdate(localtime=False)
    domain = sender.rpartition("@")[2].strip(">") or "museion.invalid"
    message["Message-ID"] = make_msgid(f"notice{row_id}", domain=domain)
    message["Auto-Submitted"] = "auto-generated"  # RFC 3834: no vacation replies
    if unsubscribe is not None:
        message["List-Unsubscribe"] = f"<{unsubscribe}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message.set_content(text)
    return message


def unsubscribe_token(key: str, account_id: int, nonce: str) -> str:
    """The address's one-click token: an HMAC of the account and the address's nonce under the server's key, so
    only its hash is stored (to find the address) and a new address gets a new token."""
    import base64
    import hashlib
    import hmac

    mac = hmac.new(base64.b64decode(key), f"{account_id}.{nonce}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()
