"""Friends (issue 26): friend requests, friends, blocks, and seats held for a friend (an invitation waiting in
their My tables). ``service.install`` adds the API and the ``/friends`` page; ``service.attach`` (when the server
has started) puts the rules into the rooms: a held seat is its invitee's, blocked players never share a table,
and chat lines between them are not delivered.

Modules: ``schema`` (the tables), ``store`` (the database), ``rules`` (seats, invitations and chat at the
tables), ``routes`` (the API), ``models`` (its bodies), ``texts`` (the page's and refusals' words)."""
