"""The words of the event stream's refusal, in English here (Spanish and German: the ``museion`` gettext
catalogues)."""

from __future__ import annotations

from museion.core import i18n
from museion.core.i18n import messages, msg

TEXTS = messages(
    msg("stream.too_many", "Too many event streams are open ({cap}, the limit): close one first."),
)
i18n.register(TEXTS)
