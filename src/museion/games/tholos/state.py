"""Tholos rules: the game configuration and the state (THO-* rule IDs).

Player 0 plays White, player 1 plays Black; a stone's colour code equals its owner's seat (grey is 2).
The state is plain data so that a step and a clone are cheap: columns are tuples (shared between clones),
the quarry is a list of 3 counts and the workshops a flat list of 6 counts (``player * 3 + colour``).

A turn is one decision (TAKE or PLACE) and, after an own-colour placement, at most one optional extra-action
decision by the same player (THO-PLACE-3/4); the turn is skipped forward when the extra action has no target
(THO-ACT-NONE), so every offered decision matters.
"""

from __future__ import annotations

import random
from typing import Any

from museion.core.errors import InvalidValue, OptionError, option_reason, shown
from museion.core.game import CHANCE, TERMINAL, Game, Option, Validator, bool_option, choice_option
from museion.games.tholos import actions as act
from museion.games.tholos import data, evaluate, view
from museion.games.tholos.data import EXTRA, GREY, LOCATIONS, MAIN, OVER, SETUP
from museion.games.tholos.rules import OPTION_HELP
from museion.games.tholos.scoring import column_heights, column_results, columns_won, ranking_winners
from museion.games.tholos.state_base import TholosStateBase


# -- options ---------------------------------------------------------------------------------------------
def _parse_ornaments(value: Any) -> int | dict[str, int] | None:
    """``None`` (mode default), a count 0-5, or an explicit placement such as ``{"C": 1}`` or ``"1@C,7@E"``."""
    allowed = 'None, a count 0-5, or a placement like {"C": 1, "E": 7} or "1@C,7@E"'
    if value is None:
        return None
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value <= data.MAX_ORNAMENTS:
            raise InvalidValue(f"got {value}; allowed: {allowed}", str(value), "tholos.allowed.ornaments")
        return value
    if isinstance(value, str):
        try:
            pairs = [part.split("@") for part in value.replace(" ", "").split(",") if part]
            value = {loc.upper(): int(k) for k, loc in pairs}
        except ValueError:
            raise InvalidValue(f"got {shown(value)}; allowed: {allowed}", shown(value),
                               "tholos.allowed.ornaments") from None
    if isinstance(value, dict):
        placement = {str(loc).upper(): k for loc, k in value.items()}
        got = _placement_text(placement)
        if any(loc not in LOCATIONS for loc in placement):
            raise InvalidValue(f"got {got}: locations must be among {LOCATIONS}", got,
                               "tholos.allowed.placement_locations", locations=LOCATIONS)
        if any(isinstance(k, bool) or k not in data.ORNAMENTS for k in placement.values()):
            raise InvalidValue(f"got {got}: ornaments are numbered 1-7", got, "tholos.allowed.numbers")
        if len(set(placement.values())) != len(placement) or len(placement) > data.MAX_ORNAMENTS:
            raise InvalidValue(f"got {got}: at most {data.MAX_ORNAMENTS} different ornaments", got,
                               "tholos.allowed.distinct", max=data.MAX_ORNAMENTS)
        return dict(sorted(placement.items()))
    raise InvalidValue(f"got {shown(value)}; allowed: {allowed}", shown(value), "tholos.allowed.ornaments")


def _placement_text(placement: dict[str, Any]) -> str:
    """A placement as the option writes it, "1@C,7@E" (ornament @ location), cut like any value shown."""
    text = ",".join(f"{shown(k).strip(chr(34))}@{loc}" for loc, k in placement.items())
    return text if len(text) <= 40 else text[:40] + "…"


def _parse_locations(value: Any) -> str:
    text = "".join(value) if isinstance(value, (list, tuple)) else str(value)
    text = "".join(sorted(set(text.upper().replace(",", "").replace(" ", ""))))
    if not text or any(ch not in LOCATIONS for ch in text):
        raise InvalidValue(f"got {shown(value)}; allowed: a non-empty set of locations among {LOCATIONS}", shown(value),
                           "tholos.allowed.locations", locations=LOCATIONS)
    return text


def _parse_start(value: Any) -> int | str:
    names: dict[str, int | str] = {"white": 0, "w": 0, "0": 0, "black": 1, "b": 1, "1": 1, "random": "random"}
    key = str(value).lower() if not isinstance(value, bool) else "?"
    if key not in names:
        raise InvalidValue(f"got {shown(value)}; allowed: 0 or 'white', 1 or 'black', 'random'", shown(value),
                           "tholos.allowed.start")
    return names[key]


def _parse_players(value: Any) -> int:
    """Accepted so that ``--players 2`` works for every game; Tholos is for exactly 2."""
    if isinstance(value, bool) or str(value).strip() != "2":
        raise InvalidValue(f"got {shown(value)}; Tholos is for exactly 2 players", shown(value),
                           "tholos.allowed.players")
    return 2


class TholosState(TholosStateBase["TholosGame"]):
    """One Tholos position: the fields are declared in ``fields.py`` (``state_base.py`` holds them)."""

    __slots__ = ()

    def _start(self) -> None:
        game = self.game
        self.columns = [()] * 7
        orn = [0] * 7
        for loc, k in game.fixed_ornaments.items():
            orn[loc] = k
        self.ornaments = tuple(orn)
        self.max_heights = column_heights(self.ornaments)
        self.temple_capacity = sum(self.max_heights)
        self.stones_in_temple = 0
        self.quarry = list(data.QUARRY_START)
        self.workshops = [data.WORKSHOP_START, 0, 0, 0, data.WORKSHOP_START, 0]
        self.phase = SETUP
        self.extra_location = -1
        self.turns = 0
        self.ornament_draws = game.ornament_draws
        self.undrawn_ornaments = tuple(k for k in data.ORNAMENTS if k not in game.fixed_ornaments.values())
        self.undrawn_locations = tuple(loc for loc in game.eligible if loc not in game.fixed_ornaments)
        self.start_player_pending = game.options["start_player"] == "random"
        self.to_move = CHANCE
        self._after_setup_step()

    # -- contract --------------------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.to_move

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.to_move != CHANCE:
            return []
        if self.ornament_draws:
            p = 1.0 / (len(self.undrawn_ornaments) * len(self.undrawn_locations))
            return [(act.ornament(k, loc), p) for k in self.undrawn_ornaments for loc in self.undrawn_locations]
        return [(0, 0.5), (1, 0.5)]

    def _legal_actions(self) -> list[int]:
        if self.phase == MAIN:
            return self._main_actions()
        if self.phase == EXTRA:
            return self._extra_actions(self.extra_location)
        if self.phase == SETUP:
            return [a for a, _ in self.chance_outcomes()]
        return []

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == MAIN:
            if action < act.PLACE:
                self._take(action)
            else:
                self._place(action)
        elif phase == EXTRA:
            self._extra(action)
        else:
            self._setup(action)

    def action_to_string(self, action: int) -> str:
        if self.to_move == CHANCE:
            return act.chance_string(action)
        return act.player_action_string(action, self.extra_location if self.extra_location >= 0 else None)

    # -- setup (chance) --------------------------------------------------------------------------------
    def _setup(self, outcome: int) -> None:
        if self.ornament_draws:
            k, loc = divmod(outcome - act.CHANCE_ORNAMENT, 7)
            orn = list(self.ornaments)
            orn[loc] = k + 1
            self.ornaments = tuple(orn)
            self.max_heights = column_heights(self.ornaments)
            self.temple_capacity = sum(self.max_heights)
            self.undrawn_ornaments = tuple(x for x in self.undrawn_ornaments if x != k + 1)
            self.undrawn_locations = tuple(x for x in self.undrawn_locations if x != loc)
            self.ornament_draws -= 1
        else:
            self.start_player_pending = False
            self.to_move = outcome
            self.phase = MAIN
            return
        self._after_setup_step()

    def _after_setup_step(self) -> None:
        if self.ornament_draws or self.start_player_pending:
            return
        self.to_move = self.game.options["start_player"]
        self.phase = MAIN

    # -- TAKE and PLACE --------------------------------------------------------------------------------
    def _main_actions(self) -> list[int]:
        p = self.to_move
        ws, base = self.workshops, 3 * p
        free = data.WORKSHOP_SIZE - ws[base] - ws[base + 1] - ws[base + 2]
        out: list[int] = []
        if free > 0:  # THO-TAKE-1..4
            quarry = self.quarry
            for c in range(3):
                n = data.TAKE_LIMIT_OWN if c == p else data.TAKE_LIMIT_GREY if c == GREY else data.TAKE_LIMIT_RIVAL
                n = min(n, free)
                n = min(n, quarry[c])
                for a in range(3 * c, 3 * c + n):
                    out.append(a)
        free_locs = self._free_locations(-1)
        for c in range(3):  # THO-PLACE-1
            if ws[base + c]:
                first = act.PLACE + 7 * c
                for loc in free_locs:
                    out.append(first + loc)
        return out

    def _free_locations(self, skip: int) -> list[int]:
        """The locations (but ``skip``) whose column is below its maximum height."""
        cols, maxh = self.columns, self.max_heights
        return [loc for loc in range(7) if loc != skip and len(cols[loc]) < maxh[loc]]

    def _take(self, action: int) -> None:
        c = action // 3  # (divmod is a generic call in the compiled build; // and % are native)
        n = action % 3 + 1
        self.quarry[c] -= n
        self.workshops[3 * self.to_move + c] += n
        self._end_turn()

    def _place(self, action: int) -> None:
        c = (action - act.PLACE) // 7
        loc = (action - act.PLACE) % 7
        p = self.to_move
        self.workshops[3 * p + c] -= 1
        self.columns[loc] += (c,)
        self.stones_in_temple += 1
        if self.game.end_immediate and self.stones_in_temple == self.temple_capacity:  # THO-END-2: ends right now
            self._end_turn()
            return
        triggers = c == p or (c == GREY and self.ornaments[loc] == 5)  # THO-PLACE-3, THO-ORN-5
        if triggers and self._extra_actions(loc):
            self.phase = EXTRA
            self.extra_location = loc
        else:
            self._end_turn()

    # -- extra actions ---------------------------------------------------------------------------------
    def _extra_actions(self, at: int) -> list[int]:
        """Targets of the extra action at ``at`` (THO-ACT-*), plus ornament 6 and DECLINE; [] when none.

        With the temple full (possible here only under ``end_check="after_turn"``) the game ends with this turn
        unless a column reopens, which only C's action can do: every other target would change nothing, so it is
        not offered (THO-END-2)."""
        if self.stones_in_temple == self.temple_capacity and at != 2:
            return []
        cols, p, ws = self.columns, self.to_move, self.workshops
        out: list[int] = []
        free_locs = self._free_locations(at)
        colour = data.MOVED_COLOUR_AT[at]
        if colour >= 0:  # THO-ACT-A, THO-ACT-B, THO-ACT-G
            for src in range(7):
                col = cols[src]
                if src != at and col and col[-1] == colour:
                    first = act.MOVE + 7 * src
                    for dst in free_locs:
                        if dst != src:
                            out.append(first + dst)
        elif at == 2:  # THO-ACT-C
            for src in range(7):
                if src != at and cols[src]:
                    out.append(act.RETURN + src)
        elif at == 3:  # THO-ACT-D (the free space it needs: the placement that triggered it just made one)
            quarry = self.quarry
            for c in range(3):
                if quarry[c]:
                    out.append(act.QUARRY + c)
        elif at == 4:  # THO-ACT-E (the free space likewise)
            rival = 3 * (1 - p)
            for c in range(3):
                if ws[rival + c]:
                    out.append(act.STEAL + c)
        else:  # THO-ACT-F
            base = 3 * p
            for c in range(3):
                if ws[base + c]:
                    first = act.SECOND + 7 * c
                    for dst in free_locs:
                        out.append(first + dst)
        if self.ornaments[at] == 6 and self.quarry[GREY]:  # THO-ORN-6
            for dst in free_locs:
                out.append(act.GREY_QUARRY + dst)
        if out:
            out.append(act.DECLINE)  # THO-ACT-NONE: declining is always allowed
        return out

    def _extra(self, action: int) -> None:
        p, cols = self.to_move, self.columns
        if action < act.RETURN:  # move a top stone (A/B/G)
            src = (action - act.MOVE) // 7
            dst = (action - act.MOVE) % 7
            stone = cols[src][-1]
            cols[src] = cols[src][:-1]
            cols[dst] += (stone,)
        elif action < act.QUARRY:  # C
            src = action - act.RETURN
            stone = cols[src][-1]
            cols[src] = cols[src][:-1]
            self.quarry[stone] += 1
            self.stones_in_temple -= 1
        elif action < act.STEAL:  # D
            c = action - act.QUARRY
            self.quarry[c] -= 1
            self.workshops[3 * p + c] += 1
        elif action < act.SECOND:  # E
            c = action - act.STEAL
            self.workshops[3 * (1 - p) + c] -= 1
            self.workshops[3 * p + c] += 1
        elif action < act.GREY_QUARRY:  # F (THO-PLACE-4: the second stone triggers nothing)
            c = (action - act.SECOND) // 7
            dst = (action - act.SECOND) % 7
            self.workshops[3 * p + c] -= 1
            cols[dst] += (c,)
            self.stones_in_temple += 1
        elif action < act.DECLINE:  # ornament 6
            self.quarry[GREY] -= 1
            cols[action - act.GREY_QUARRY] += (GREY,)
            self.stones_in_temple += 1
        self.extra_location = -1
        self._end_turn()

    def _end_turn(self) -> None:
        self.turns += 1
        self.phase = MAIN
        if self.stones_in_temple == self.temple_capacity:  # THO-END-1 (THO-END-2 under after_turn: after the extra)
            self.to_move = TERMINAL
            self.phase = OVER
        else:
            self.to_move = 1 - self.to_move

    # -- scoring ---------------------------------------------------------------------------------------
    def column_results(self) -> list[tuple[int, int]]:
        """``(winner or -1, points)`` for each column, as if the game ended now (THO-SCORE-1/2, THO-ORN-1..4)."""
        return column_results(self.columns, self.ornaments)

    def scores(self) -> list[float]:
        totals = [0, 0]
        for winner, points in self.column_results():
            if winner >= 0:
                totals[winner] += points
        return [float(t) for t in totals]

    def columns_won(self) -> list[int]:
        return columns_won(self.column_results())

    def winners(self) -> list[int]:
        if self.to_move != TERMINAL:
            return []
        return ranking_winners(self.scores(), self.columns_won())

    # -- chance (drawn directly, for the search loops) ---------------------------------------------------
    def sample_chance(self, rng: random.Random) -> int:
        """A chance outcome drawn directly, in the order of ``chance_outcomes()`` (same outcome for the same number)."""
        r = rng.random()
        if self.ornament_draws:
            locs = self.undrawn_locations
            count = len(self.undrawn_ornaments) * len(locs)
            i = min(int(r * count), count - 1)
            k, loc = divmod(i, len(locs))
            return act.ornament(self.undrawn_ornaments[k], locs[loc])
        return act.CHANCE_START if r < 0.5 else act.CHANCE_START + 1

    def invariant_violations(self) -> list[str]:
        problems = []
        counts = [self.quarry[c] + self.workshops[c] + self.workshops[3 + c] for c in (0, 1, 2)]
        for col in self.columns:
            for stone in col:
                counts[stone] += 1
        if tuple(counts) != data.STONES_IN_PLAY:  # THO-INV-1
            problems.append(f"stones W/B/G = {counts}, expected {data.STONES_IN_PLAY}")
        if any(sum(self.workshops[3 * p:3 * p + 3]) > data.WORKSHOP_SIZE for p in (0, 1)):  # THO-INV-2
            problems.append(f"a workshop holds more than {data.WORKSHOP_SIZE} stones: {self.workshops}")
        if any(len(col) > h for col, h in zip(self.columns, self.max_heights, strict=True)):
            problems.append("a column exceeds its maximum height")
        if min(self.quarry) < 0 or min(self.workshops) < 0:
            problems.append("a negative stone count")
        if self.stones_in_temple != sum(map(len, self.columns)):
            problems.append("the count of stones in the temple is out of step")
        if self.phase == MAIN and not self._main_actions():  # THO-TURN-1
            problems.append("no legal action in a running game")
        return problems


class TholosGame(Game):
    """Tholos for 2 players. Options: ``advanced``, ``ornaments``, ``ornament_locations``, ``end_check``,
    ``start_player`` (see docs/tholos.md)."""

    name = "tholos"
    state_class = TholosState
    SEAT_COLOURS = ("white", "black")
    title = "Tholos"
    shared_observations = True
    OPTIONS = {
        "advanced": Option(False, OPTION_HELP["advanced"], bool_option),
        "ornaments": Option(None, OPTION_HELP["ornaments"], Validator(_parse_ornaments, "placement")),
        "ornament_locations": Option("ABCDEFG", OPTION_HELP["ornament_locations"], _parse_locations),
        "end_check": Option("immediate", OPTION_HELP["end_check"], choice_option("immediate", "after_turn")),
        "start_player": Option("white", OPTION_HELP["start_player"],
                               Validator(_parse_start, "choice", choices=("white", "black", "random"))),
        "players": Option(2, OPTION_HELP["players"], Validator(_parse_players, "int", bounds=(2, 2))),
    }

    def _configure(self) -> None:
        opts = self.options
        orn = opts["ornaments"]
        if orn is None:
            orn = data.DEFAULT_ORNAMENTS_ADVANCED if opts["advanced"] else 0
        if orn and not opts["advanced"]:
            raise OptionError("option 'ornaments' of tholos: ornaments need advanced=True (the basic board has none)",
                              option_reason("ornaments", orn, "tholos.allowed.need_advanced"))
        self.fixed_ornaments: dict[int, int] = {}
        self.ornament_draws = 0
        if isinstance(orn, dict):
            self.fixed_ornaments = {LOCATIONS.index(loc): k for loc, k in orn.items()}
        else:
            self.ornament_draws = orn
            if orn > len(opts["ornament_locations"]):
                raise OptionError(
                    f"option 'ornament_locations' of tholos: {orn} ornaments need at least {orn} locations, "
                    f"got {opts['ornament_locations']}",
                    option_reason("ornament_locations", opts["ornament_locations"], "tholos.allowed.enough",
                                  n=orn))
        self.eligible = tuple(LOCATIONS.index(ch) for ch in opts["ornament_locations"])
        self.end_immediate = opts["end_check"] == "immediate"

    def num_players(self) -> int:
        return 2

    def num_distinct_actions(self) -> int:
        return act.NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return act.NUM_CHANCE

    def max_game_length(self) -> int:
        """A proven bound (THO-INV-3). Let P = 2 x (stones in the temple) + (stones in column C), at most
        2 x 37 + 7 = 81. Every turn with a placement raises P by at least 1 (the C action removes a stone but
        its own placement went onto C; a move off C follows a placement elsewhere), and a player can TAKE at most
        3 turns in a row before the workshop is full and they must place. So a player has at most
        4 x (81 + 1) turns, each of at most 2 decisions, plus at most 6 chance outcomes."""
        return 2 * 2 * 4 * 82 + 6

    def observation_tensor_size(self) -> int:
        return view.OBSERVATION.size

    def evaluation_scale(self) -> float:
        return evaluate.SCALE

    def feature_names(self) -> list[str]:
        return list(evaluate.FEATURES)
