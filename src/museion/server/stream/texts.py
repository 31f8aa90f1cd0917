"""The words of the event stream's refusal, in English and Spanish (German: ``build/de-staging/stream.json``)."""

from __future__ import annotations

from museion.core import i18n

TEXTS = {
    "stream.too_many": {"en": "Too many event streams are open ({cap}, the limit): close one first.",
                        "es": "Hay demasiados flujos de eventos abiertos ({cap}, el límite): cierra uno primero."},
}
i18n.register(TEXTS)
