"""The coach's texts (issue 42): what a hint says when the search cannot tell a move from the best one."""

from museion.core import i18n
from museion.core.i18n import messages, msg

TEXTS = messages(
    msg("coach.tied", "the search cannot tell it from move {first}"),
)
i18n.register(TEXTS)
