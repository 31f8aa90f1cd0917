"""The one refusal every room raises: a request that cannot be honoured, said precisely (REST and WebSocket)."""

from __future__ import annotations

from museion.core.errors import Reason


class TableError(Exception):
    """A request that cannot be honoured; ``code`` is machine-readable, the message says (in English) what is
    allowed, and ``reason`` (``{"key", "args"}``, see :data:`museion.core.errors.Reason`) says the same through
    the texts catalogue, so a client says it in its player's language (the lobby, docs/web.md)."""

    def __init__(self, code: str, message: str, status: int = 400, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.reason = reason
