"""Small helpers for the Imhotep tests: play moves by notation and build positions."""

from __future__ import annotations

from typing import Any

import museion
from museion.games.imhotep import data
from museion.games.imhotep.state import ROUND, ImhotepState

ROUND_CARDS = {n: ["-".join(map(str, c)) for c in cards] for n, cards in data.ROUND_CARDS.items()}
DEFAULT_MARKET = ("STATUE", "LEVER", "DECO_PYR", "SAIL")


def new(players: int = 2, **options: Any) -> ImhotepState:
    return museion.load("imhotep", players=players, **options).new_initial_state()


def play(state: ImhotepState, *moves: str) -> ImhotepState:
    """Apply moves given in notation (several may be given in one space-separated string)."""
    for text in moves:
        for move in text.split():
            state.apply_action(state.string_to_action(move))
    return state


def legal(state: ImhotepState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def round_start(players: int = 2, card: str | None = None, market=DEFAULT_MARKET, **options: Any) -> ImhotepState:
    """A game at the first turn of round 1 with the given round card and face-up market cards."""
    state = new(players, **options)
    if options.get("start_player") == "random":
        return state
    play(state, "R:" + (card or ROUND_CARDS[players][0]), *("D:" + c for c in market))
    return state


def deal(state: ImhotepState, card: str, market=None) -> ImhotepState:
    """At a round-card chance node: reveal ``card`` and deal ``market`` (default: the first unseen types)."""
    play(state, "R:" + card)
    if market is None:
        while state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        return state
    return play(state, *("D:" + c for c in market))


def edit(state: ImhotepState, **fields: Any) -> ImhotepState:
    """Set state fields directly to build a position (and forget the cached legal actions)."""
    for name, value in fields.items():
        setattr(state, name, value)
    state._legal = None
    return state


def last_round(state: ImhotepState) -> ImhotepState:
    """Pretend rounds 1-5 are over (the 5 other... cards revealed), so the current round is the 6th."""
    current = state.round_cards_revealed[-1]
    others = [c for c in range(7) if c != current][:5]
    return edit(state, rounds_played=5, round_cards_revealed=(*others, current),
                round_cards_used=sum(1 << c for c in (*others, current)))


def no_stones(state: ImhotepState, *players: int) -> ImhotepState:
    """Empty the quarry and sled of ``players`` (their stones go to their obelisks, keeping 29 in play)."""
    for p in players:
        state.obelisks[p] += state.quarry[p] + state.sled[p]
        state.quarry[p] = state.sled[p] = 0
    state._legal = None
    return state


def finish_round(state: ImhotepState) -> ImhotepState:
    """Play on with a simple fixed policy (sail if possible, else place, else anything) until the round ends."""
    done = state.rounds_played
    while state.rounds_played == done and not state.is_terminal():
        names = legal(state)
        choice = next((m for m in names if m.startswith("V")), None) or next(
            (m for m in names if m.startswith("P")), names[0])
        play(state, choice)
    return state


def at_round_chance(state: ImhotepState) -> bool:
    return state.phase == ROUND and state.is_chance_node()


def give(state: ImhotepState, player: int, *cards: str) -> ImhotepState:
    """Hand market cards (taken from the unseen cards) to ``player``."""
    for code in cards:
        t = data.CARD_CODES.index(code)
        state.draw_pile[t] -= 1
        state.draw_pile_size -= 1
        state.hands[player * data.NUM_CARD_TYPES + t] += 1
    state._legal = None
    return state
