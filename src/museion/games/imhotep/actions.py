"""Imhotep action ids <-> notation.

Player action ids are the same for every configuration (58 in all):

=======  ==========================  ================  ===================================================
ids      move                        notation          meaning
=======  ==========================  ================  ===================================================
0        GET STONES                  ``S``             up to 3 stones from your quarry to your sled
1-16     PLACE on ship i, space j    ``P2.3``          a sled stone on ship 2, space 3 (1 = bow)
17-36    SAIL ship i to site s       ``V1>PYR``        sail ship 1 to MKT/PYR/TMP/BUR/OBL
37-40    PLAY blue card              ``C:LEVER``       play LEVER, HAMMER, SAIL or CHISEL
41-52    MARKET pick                 ``M:STATUE``      take a face-up market card of that type
53-56    LEVER order                 ``U:WHITE``       unload a stone of that colour next
57       PASS                        ``PASS``          only when nothing else is legal
=======  ==========================  ================  ===================================================

Chance outcome ids depend on the chance node (``max_chance_outcomes() == 12``):

* start player (option ``start_player="random"``): seat 0-3, ``F:BLACK`` .. ``F:GREY``;
* round card: index 0-6 in the player count's list, ``R:4-3-2-2`` (the ship capacities);
* market card dealt: card type 0-11, ``D:ENTRANCE`` .. ``D:CHISEL``.
"""

from __future__ import annotations

from typing import Final

from museion.games.imhotep.data import (
    BLUE_CARDS,
    CARD_CODES,
    COLOURS,
    MAX_SHIP_CAPACITY,
    NUM_CARD_TYPES,
    ROUND_CARDS,
    SHIPS_PER_ROUND,
    SITE_CODES,
)

GET: Final = 0
PLACE: Final = 1
SAIL: Final = PLACE + SHIPS_PER_ROUND * MAX_SHIP_CAPACITY  # 17
CARD: Final = SAIL + SHIPS_PER_ROUND * len(SITE_CODES)  # 37
PICK: Final = CARD + 4  # 41
ORDER: Final = PICK + NUM_CARD_TYPES  # 53
PASS: Final = ORDER + len(COLOURS)  # 57
NUM_ACTIONS: Final = PASS + 1  # 58

NUM_CHANCE: Final = max(NUM_CARD_TYPES, 7, len(COLOURS))
BLUE_NAMES: Final = ("LEVER", "HAMMER", "SAIL", "CHISEL")


def place(ship: int, space: int) -> int:
    """Action id: place a sled stone on ``ship`` (0-3), ``space`` (0-3, 0 = bow)."""
    return PLACE + ship * MAX_SHIP_CAPACITY + space


def sail(ship: int, site: int) -> int:
    """Action id: sail ``ship`` (0-3) to ``site`` (0-4)."""
    return SAIL + ship * len(SITE_CODES) + site


def decode(action: int) -> tuple[str, int, int]:
    """``(kind, a, b)`` of a player action id: get, place (ship, space), sail (ship, site), card (blue index),
    pick (card type), order (colour), pass."""
    if action == GET:
        return "get", 0, 0
    if action < SAIL:
        return ("place", *divmod(action - PLACE, MAX_SHIP_CAPACITY))
    if action < CARD:
        return ("sail", *divmod(action - SAIL, len(SITE_CODES)))
    if action < PICK:
        return "card", BLUE_CARDS[action - CARD], 0
    if action < ORDER:
        return "pick", action - PICK, 0
    if action < PASS:
        return "order", action - ORDER, 0
    return "pass", 0, 0


def _player_names() -> tuple[str, ...]:
    names = ["S"]
    names += [f"P{i + 1}.{j + 1}" for i in range(SHIPS_PER_ROUND) for j in range(MAX_SHIP_CAPACITY)]
    names += [f"V{i + 1}>{code}" for i in range(SHIPS_PER_ROUND) for code in SITE_CODES]
    names += [f"C:{name}" for name in BLUE_NAMES]
    names += [f"M:{code}" for code in CARD_CODES]
    names += [f"U:{colour.upper()}" for colour in COLOURS]
    names.append("PASS")
    assert len(names) == NUM_ACTIONS
    return tuple(names)


PLAYER_NAMES: Final = _player_names()
"""Notation of every player action id."""
PLAYER_IDS: Final = {name: i for i, name in enumerate(PLAYER_NAMES)}

START_NAMES: Final = tuple(f"F:{colour.upper()}" for colour in COLOURS)
DEAL_NAMES: Final = tuple(f"D:{code}" for code in CARD_CODES)
ROUND_NAMES: Final = {n: tuple("R:" + "-".join(map(str, card)) for card in cards) for n, cards in ROUND_CARDS.items()}


def norm(text: str) -> str:
    """Notation is case-insensitive and ignores spaces."""
    return "".join(text.split()).upper()
