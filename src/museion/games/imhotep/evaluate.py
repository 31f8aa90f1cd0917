"""Imhotep for bots: the evaluation, the feature vector of the learned value and direct chance draws.

Read by the contract hooks of :class:`~museion.games.imhotep.state.ImhotepStateBase[Any]` (``evaluate``, ``features``,
``sample_chance``). Everything here reads the state's fields and ``data.py`` directly (no ``view()`` dict), which
is what makes a search simulation cheap. Imhotep stores nothing hidden (IMH-HIDDEN-1), so every field may be read
from any seat.
"""

from __future__ import annotations

from typing import Any, Final

from museion.games.imhotep import data
from museion.games.imhotep.scoring import burial_points, site_stones, statue_points
from museion.games.imhotep.state_base import ImhotepStateBase

SCALE: Final = 6.0
"""Points margin that counts as clearly ahead (the logistic scale of searching bots)."""

ON_SHIP: Final = 0.9
SLED_FIRST: Final = 0.4
SLED_FIRST_COUNT: Final = 2
SLED_MORE: Final = 0.1
MARKET_PICK_PENDING: Final = 1.5
"""Stones on ships will reach a site (0.9 each); on the sled the first two count 0.4 (enough stones to act
matter), further ones 0.1 (a hoard does not); a market card still to pick 1.5 (else sailing to the market looks
like a loss one step ahead)."""

NT: Final = data.NUM_CARD_TYPES
DECORATIONS: Final = data.DECORATION_SITE
SITES_WITH_STONES: Final = (data.PYRAMID, data.TEMPLE, data.BURIAL, data.OBELISK)


_BURIAL: Final[dict[tuple[int, ...], list[int]]] = {}
"""Burial chamber -> points per player (a chamber changes seldom during a search; the cache is bounded)."""
_BURIAL_CACHE_SIZE: Final = 100_000


def _burial_points(burial: list[int], n: int) -> list[int]:
    key = (n, *burial)
    found = _BURIAL.get(key)
    if found is None:
        if len(_BURIAL) >= _BURIAL_CACHE_SIZE:
            _BURIAL.clear()
        found = _BURIAL[key] = burial_points(burial, n)
    return found


def evaluate(state: ImhotepStateBase[Any], player: int) -> list[float]:
    """Every player's points now plus the end-game scoring as if the game ended now, plus positional terms.

    * burial chamber groups; obelisk ranking, blended with a share by stones while rounds remain (rank points
      x progress + share x (1 - progress)); decoration cards (1 per 3 of the player's *own* stones at the site:
      the rules count all stones, but this is the evaluation the ``hard`` level was measured with, kept as the
      fixed reference); statues; unused blue cards (1 each); the visible temple stones' next scoring (1 each);
    * stones on ships, on the sled and market cards still to pick (see the constants above); wrath: -5 per
      missing site weighted by progress.
    """
    n = state.player_count
    values = [float(s) for s in state.score_track]
    if state.final_score_rows:
        return values
    progress = state.rounds_played / data.ROUNDS
    burial = _burial_points(state.burial_chamber, n)
    counts = state.obelisks
    ranked = sorted(((count, p) for p, count in enumerate(counts)), reverse=True)
    table: tuple[int, ...] = state.game.obelisk_points
    total, stones = sum(table), sum(counts) + n
    for count, p in ranked:
        if count:
            tied = [k for k, (c, _) in enumerate(ranked) if c == count]
            rank_points = sum(table[k] for k in tied) / len(tied)
            values[p] += progress * rank_points + (1 - progress) * (total * count / stones)
    width: int = state.game.width
    visible = state.temple[-width:]
    ships, hands, queue = state.ship_spaces, state.hands, state.market_queue
    wrath: bool = state.game.wrath
    lever, hammer, sail, chisel = data.BLUE_CARDS
    for p in range(n):
        hand = hands[p * NT:(p + 1) * NT]
        value = values[p] + burial[p]
        own_at = (site_stones(state.pyramid, state.temple, state.burial_chamber, state.obelisks, p)
                  if wrath or any(hand[card] for card in DECORATIONS) else ())
        for card, site in DECORATIONS.items():
            if hand[card]:
                value += hand[card] * (own_at[site - data.PYRAMID] // data.DECORATION_DIVISOR)
        value += statue_points(hand[data.STATUE]) + (hand[lever] + hand[hammer] + hand[sail] + hand[chisel])
        value += visible.count(p)
        sled = state.sled[p]
        value += SLED_FIRST * min(sled, SLED_FIRST_COUNT) + SLED_MORE * max(0, sled - SLED_FIRST_COUNT)
        value += ON_SHIP * ships.count(p)
        value += MARKET_PICK_PENDING * queue.count(p)
        if wrath:
            value -= data.WRATH_PENALTY * progress * sum(1 for v in own_at if v == 0)
        values[p] = value
    return values


FEATURES: Final = (
    "bias", "evaluation margin over the best rival / 20", "progress (rounds and ships sailed) / 6",
    "evaluation margin x progress", "evaluation minus the rivals' mean / 20", "score margin over the best rival / 20",
    "sled / 5", "rivals' mean sled / 5", "quarry / 29", "stones on ships / 4", "rivals' mean stones on ships / 4",
    "statues / 5", "blue cards / 3", "decoration points by the rules / 10",
    "obelisk stones minus the most of a rival / 10", "burial points minus the most of a rival / 10",
    "pyramid stones / 10", "visible temple stones minus the most of a rival / 5",
    "to move", "whose turn", "seats after the round's start player / players", "market cards face up / 4",
    "market picks pending", "missing sites / 4 (wrath variant only)",
)
"""The learned value's inputs, relative to the evaluated player ("own") and the rivals."""


def seat_features(state: ImhotepStateBase[Any]) -> list[list[float]]:
    """The numbers named in :data:`FEATURES`, one vector per seat (shared parts computed once)."""
    n = state.player_count
    values = evaluate(state, 0)
    progress = (state.rounds_played + state.ships_sailed / data.SHIPS_PER_ROUND) / data.ROUNDS
    hands, ships, score, sled, obelisk = state.hands, state.ship_spaces, state.score_track, state.sled, state.obelisks
    totals = (len(state.pyramid), len(state.temple), len(state.burial_chamber), sum(obelisk))
    burial = _burial_points(state.burial_chamber, n)
    width: int = state.game.width
    visible = state.temple[-width:]
    seen = [visible.count(p) for p in range(n)]
    aboard = [ships.count(p) for p in range(n)]
    wrath: bool = state.game.wrath
    out = []
    for player in range(n):
        rivals = [p for p in range(n) if p != player]
        k = len(rivals)
        margin = (values[player] - max(values[p] for p in rivals)) / 20.0
        hand = player * NT
        decoration = sum(hands[hand + card] * (totals[site - data.PYRAMID] // data.DECORATION_DIVISOR)
                         for card, site in data.DECORATION_SITE.items())
        at = site_stones(state.pyramid, state.temple, state.burial_chamber, state.obelisks, player)
        out.append([
            1.0, margin, progress, margin * progress,
            (values[player] - sum(values[p] for p in rivals) / k) / 20.0,
            (score[player] - max(score[p] for p in rivals)) / 20.0,
            sled[player] / 5.0, sum(sled[p] for p in rivals) / k / 5.0,
            state.quarry[player] / 29.0, aboard[player] / 4.0, sum(aboard[p] for p in rivals) / k / 4.0,
            hands[hand + data.STATUE] / 5.0, sum(hands[hand + b] for b in data.BLUE_CARDS) / 3.0, decoration / 10.0,
            (obelisk[player] - max(obelisk[p] for p in rivals)) / 10.0,
            (burial[player] - max(burial[p] for p in rivals)) / 10.0,
            at[0] / 10.0, (seen[player] - max(seen[p] for p in rivals)) / 5.0,
            1.0 if state.to_move == player else 0.0, 1.0 if state.turn_player == player else 0.0,
            ((player - state.round_start_player) % n) / n, state.market_size / 4.0,
            float(state.market_queue.count(player)),
            (sum(1 for v in at if v == 0) if wrath else 0) / 4.0,
        ])
    return out
