"""Notices while away (issue 40): a player who is not watching a table is told by e-mail or Web Push that it is
their turn, that a friend invited them to a seat or that someone asked to be their friend, in their language.

``service.install`` adds the API (``/api/me/email``, ``/api/me/notifications``, ``/api/me/push``), the one-click
unsubscribe (RFC 8058), the service worker and the web app manifest; ``service.attach`` (when the server has
started) hooks the turn changes and starts the sender. Every notice is a row of the database's outbox, claimed
by one process, sent off the event loop, retried with backoff and never sent twice.

Modules: ``schema`` (the tables), ``store`` (the database), ``models`` (the API's bodies), ``routes`` (the API),
``texts`` (the words), ``mail`` (composing and sending mail), ``push`` (VAPID and Web Push), ``sender`` (the
background task), ``events`` (what happened, turned into outbox rows)."""
