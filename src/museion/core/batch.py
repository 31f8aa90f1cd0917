"""Many games stepped in one call, in compiled code: the inner loop of the native vector env (``museion.envs.vector``).

A Python loop over N games pays the interpreter for every learner action, chance draw, random opponent move and
observation entry; here those run as compiled code (mypyc), and what leaves the loop is a few flat buffers of
machine integers that numpy reads as they are and writes into the caller's arrays at once. Everything else (new
games, rewards, opponents that are not uniformly random, illegal actions) stays with the caller, in Python: this
module knows no game, numpy or bot, only the contract of :class:`~museion.core.game.State`. The pure build runs
the same code, so both builds give the same trajectories.

Random opponents are given as their :class:`random.Random` and draw exactly as ``museion.bots.RandomBot`` does
(``legal[rng.randrange(len(legal))]``, :func:`below`), chance as ``State.sample_chance``: the same seeds give the
same games as one ``MuseionEnv`` per game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final, TypeVar

from librt.strings import BytesWriter, read_f64_le, read_i64_le, write_f64_le, write_i64_le

from museion.core.game import CHANCE, TERMINAL, State

ILLEGAL: Final = -100
"""Status of a game whose learner action was not legal (nothing was applied)."""

Entries = Callable[[State[Any], int, int, BytesWriter, BytesWriter, BytesWriter], None]
"""A game's ``observation_entries(state, player, base, ones, where, values)`` (its ``view.py``): writes
``base + k`` to ``ones`` for every entry ``k`` of the tensor that is 1, and ``base + k`` to ``where`` with the
value to ``values`` for the other entries that the position sets (the entries of ``observation_fixed`` left out);
indices as little-endian int64 (``write_i64_le``), values as float64 (``write_f64_le``).

Why writers and not lists: in a list every index is a boxed Python int (an allocation each, 15-30 ns; Pergamon
sets about 90 entries a position), and the list must then be packed for numpy; a ``librt.strings.BytesWriter``
(mypyc's runtime library) takes the machine integer as it is, in compiled code, and its bytes are numpy's
``int64`` array as they stand (``numpy.frombuffer``)."""


def legal(state: State[Any]) -> list[int]:
    """The state's cached legal actions (not a copy: read only)."""
    cached = state._legal
    if cached is None:
        cached = state._legal = state._legal_actions()
    return cached


def advance(state: State[Any], seat: int, chance: random.Random, opponents: list[random.Random | None]) -> int:
    """Chance outcomes and random opponents' moves until ``seat`` is to act or the game is over; returns ``seat``,
    ``TERMINAL``, or the seat of an opponent that is not random (``opponents[p] is None``: the caller moves it)."""
    while True:
        player = state.current_player()
        if player == seat or player == TERMINAL:
            return player
        if player == CHANCE:
            state.apply_chance(chance)
            continue
        rng = opponents[player]
        if rng is None:
            return player
        actions = legal(state)
        state.apply_unchecked(actions[below(rng, len(actions))])


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` (what ``RandomBot`` draws), the same number from the same generator: CPython's
    ``Random._randbelow`` (``getrandbits`` of ``n.bit_length()`` bits until below ``n``) without its two Python
    frames; a subclass of ``Random`` gets its own ``randrange``."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    k = n.bit_length()
    r: int = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def step(states: list[State[Any]], seats: list[int], actions: list[int], active: list[bool],
         chance: list[random.Random], opponents: list[list[random.Random | None]]) -> list[int]:
    """Each active game ``i``: the learner's ``actions[i]``, then :func:`advance`; returns the games whose status
    is not "the learner is to act", as ``[i, status, ...]`` (status: ``TERMINAL``, :data:`ILLEGAL` or the seat of
    an opponent the caller moves)."""
    special: list[int] = []
    for i in range(len(states)):
        if not active[i]:
            continue
        state, seat = states[i], seats[i]
        if state.current_player() != seat or actions[i] not in legal(state):
            special.append(i)
            special.append(ILLEGAL)
            continue
        state.apply_unchecked(actions[i])
        status = advance(state, seat, chance[i], opponents[i])
        if status != seat:
            special.append(i)
            special.append(status)
    return special


def write(states: list[State[Any]], seats: list[int], entries: Entries, size: int, num_actions: int,
          ones: BytesWriter, where: BytesWriter, values: BytesWriter, masks: BytesWriter, over: list[int]) -> None:
    """Every game's observation entries (rows of ``size``) and the flat indices of its learner's legal actions
    (rows of ``num_actions``, int64 into ``masks``) written; ``over``: the finished games (their mask rows allow
    all)."""
    for i in range(len(states)):
        state, seat = states[i], seats[i]
        entries(state, seat, i * size, ones, where, values)
        player = state.current_player()
        if player == seat:
            base = i * num_actions
            for a in legal(state):
                write_i64_le(masks, base + a)
        elif player == TERMINAL:
            over.append(i)


S = TypeVar("S", bound=State[Any])


def dense(entries: Callable[[S, int, int, BytesWriter, BytesWriter, BytesWriter], None], state: S, player: int,
          size: int, fixed: list[float] | None = None) -> list[float]:
    """The observation tensor as a list made of a game's ``observation_entries`` (and its ``observation_fixed``
    entries): how a game writes its tensor once for both paths."""
    ones, where, values = BytesWriter(), BytesWriter(), BytesWriter()
    entries(state, player, 0, ones, where, values)
    out = [0.0] * size if fixed is None else list(fixed)
    data = ones.getvalue()
    for j in range(0, len(data), 8):
        out[read_i64_le(data, j)] = 1.0
    data, numbers = where.getvalue(), values.getvalue()
    for j in range(0, len(data), 8):
        out[read_i64_le(data, j)] = read_f64_le(numbers, j)
    return out


def dense_entries(tensor: Callable[[State[Any], int], list[float]]) -> Entries:
    """``observation_entries`` made from a game's ``observation_tensor`` (for a game whose view has none)."""

    def entries(state: State[Any], player: int, base: int, ones: BytesWriter, where: BytesWriter,
                values: BytesWriter) -> None:
        for k, value in enumerate(tensor(state, player)):
            if value == 1.0:
                write_i64_le(ones, base + k)
            elif value != 0.0:
                write_i64_le(where, base + k)
                write_f64_le(values, value)

    return entries
