"""The background task that sends the outbox: it claims due rows (``NoticeStore.claim``), sends each in a thread
(SMTP and HTTP never run on the event loop), records it sent, or puts it back with a backoff. A mail over the
address's hourly limit waits in the queue; a digest account's mails go as one a day.

Nothing here logs an address, a code or a token: a log line names the outbox row and the account's id."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from typing import Any

from museion.server.notices import mail, push, words
from museion.server.notices.store import NoticeStore, Row
from museion.server.notices.texts import say

log = logging.getLogger("museion.server")
POLL = 5.0
"""Seconds between two looks at the outbox when nothing woke the sender (rows other processes queued, retries)."""
PURGE_EVERY = 3600.0


class Sender:
    def __init__(self, store: NoticeStore, smtp: mail.Smtp | None, mail_from: str, per_hour: int,
                 vapid: Any, unsubscribe_key: str) -> None:
        self.store, self.smtp, self.mail_from, self.per_hour = store, smtp, mail_from, per_hour
        self.vapid, self.unsubscribe_key = vapid, unsubscribe_key
        self.claim = secrets.token_hex(8)
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.purged = 0.0

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self.run_forever())

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def run_forever(self) -> None:
        while True:
            try:
                busy = await asyncio.to_thread(self.round)
            except Exception:  # noqa: BLE001 - a database hiccup: the next round tries again
                log.exception("sending notices failed")
                busy = False
            if not busy:
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), POLL)
                self.wake.clear()

    def round(self) -> bool:
        """Send what is due (in a thread); True when rows were taken (there may be more)."""
        if time.time() - self.purged > PURGE_EVERY:
            self.store.purge()
            self.purged = time.time()
        rows = self.store.claim(self.claim, channels=("mail", "push") if self.smtp else ("push",))
        done: set[int] = set()
        for row in rows:
            if row.id in done:  # went in a digest already
                continue
            try:
                done |= self.deliver(row)
            except Exception:  # noqa: BLE001 - one row's failure must not stop the others
                log.exception("notice %d could not be sent", row.id)
                self.store.retry([row.id], row.attempts, "error")
        return bool(rows)

    def deliver(self, row: Row) -> set[int]:
        """Send one row (a mail may take an account's other rows into its digest): the rows dealt with."""
        if row.channel == "push":
            self.push(row)
            return {row.id}
        return self.mail(row)

    def mail(self, row: Row) -> set[int]:
        assert self.smtp is not None
        address = self.store.address(row.account_id)
        chosen = self.store.settings(row.account_id)
        if address is None or (row.kind != "code" and (address.verified is None or chosen["mail_off"])):
            self.store.give_up([row.id], "no address")
            return {row.id}
        sent = self.store.mails_since(row.account_id, time.time() - 3600)
        if len(sent) >= self.per_hour:
            self.store.defer([row.id], sent[0] + 3600)
            return {row.id}
        rows = [row] + ([r for r in self.store.claim_digest(self.claim, row.account_id) if r.id != row.id]
                        if chosen["digest"] and row.kind != "code" else [])
        message = self.compose(address, rows)
        try:
            self.smtp.send(message)
        except Exception as exc:  # noqa: BLE001 - refused, unreachable, timed out: retried with a backoff
            log.warning("mail notice %d to account %d not sent (attempt %d): %s", row.id, row.account_id,
                        row.attempts + 1, type(exc).__name__)
            self.store.retry([r.id for r in rows], row.attempts, type(exc).__name__)
        else:
            self.store.sent([r.id for r in rows])
        return {r.id for r in rows}

    def compose(self, address: Any, rows: list[Row]) -> Any:
        lang, base = address.lang, address.base_url
        if rows[0].kind == "code":
            code = rows[0].args["code"]
            return mail.compose(self.mail_from, address.email, say("notices.mail.code.subject", lang, code=code),
                                say("notices.mail.code.body", lang, code=code), None, rows[0].id)
        token = mail.unsubscribe_token(self.unsubscribe_key, address.account_id, address.nonce)
        unsubscribe = f"{base.rstrip('/')}/unsubscribe/{token}"
        items = [(r.kind, r.args) for r in rows]
        title = (words.subject(rows[0].kind, rows[0].args, lang) if len(rows) == 1
                 else say("notices.mail.digest.subject", lang, n=len(rows)))
        return mail.compose(self.mail_from, address.email, title, words.mail_text(items, lang, base, unsubscribe),
                            unsubscribe, rows[0].id)

    def push(self, row: Row) -> None:
        browsers = self.store.browsers(row.account_id)
        results = []
        for browser in browsers:
            payload = json.dumps({"title": words.subject(row.kind, row.args, browser.lang),
                                  "body": words.body(row.kind, row.args, browser.lang),
                                  "url": words.link("", row.kind, row.args), "tag": f"museion-{row.kind}"})
            result = push.send(self.vapid, self.subject(), browser, payload)
            if result.gone:
                self.store.drop_endpoint(browser.endpoint)
            results.append(result)
        if not browsers or any(r.ok for r in results) or all(r.gone for r in results):
            self.store.sent([row.id])  # (a browser that failed while another got it is not retried: no doubles)
        else:
            log.warning("push notice %d to account %d not sent (attempt %d): %s", row.id, row.account_id,
                        row.attempts + 1, results[0].why)
            self.store.retry([row.id], row.attempts, results[0].why)

    def subject(self) -> str:
        """VAPID's ``sub``: how a push service reaches the operator (the mail sender's address)."""
        return f"mailto:{self.mail_from.rpartition('<')[2].strip('>') or 'notices@museion.invalid'}"
