"""The conformance checker: plays seeded random games and verifies the game contract at every step.

``museion check GAME --games N --seed S`` runs :func:`check_game`. On the first violation it raises
:class:`ConformanceError` carrying a game record that reproduces the failing position.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from museion.core import i18n
from museion.core.errors import ConformanceError, IllegalActionError, Reason
from museion.core.game import CHANCE, TERMINAL, Game, State
from museion.core.play import sample_chance
from museion.core.record import Record
from museion.core.registry import entry


@dataclass
class CheckReport:
    game: str
    options: dict[str, Any]
    games: int = 0
    steps: int = 0
    chance_steps: int = 0
    longest: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)
    draws: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def check_game(
    game: Game,
    games: int = 100,
    seed: int = 0,
    on_game: Callable[[int], None] | None = None,
) -> CheckReport:
    """Play ``games`` random games (game i uses seed ``seed + i``) checking every step; raise on a violation."""
    report = CheckReport(game.name, game.options_json(), wins=[0] * game.num_players())
    start = time.perf_counter()
    for i in range(games):
        state = _check_one(game, random.Random(seed + i), report)
        won = state.winners()
        if len(won) == game.num_players() or len(won) > 1:
            report.draws += 1
        for p in won:
            if len(won) == 1:
                report.wins[p] += 1
        report.games += 1
        if on_game is not None:
            on_game(i)
    report.seconds = time.perf_counter() - start
    return report


def _check_one(game: Game, rng: random.Random, report: CheckReport) -> State:
    state = game.new_initial_state()
    while True:
        check_state(state, rng)
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = sample_chance(state, rng)
            report.chance_steps += 1
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        report.steps += 1
        if len(state.history()) > game.max_game_length():
            _fail(state, "check.too_long", limit=game.max_game_length())
    report.longest = max(report.longest, len(state.history()))
    return state


def check_state(state: State, rng: random.Random) -> None:
    """Every contract check on one state (the state itself is left unchanged)."""
    game = state.game
    key = state.key()
    player = state.current_player()
    legal = state.legal_actions()
    _check_legal_list(state, player, legal)
    _check_notation(state, legal)
    _check_clone(state, key, legal, rng)
    _check_json(state, key, legal)
    _check_illegal(state, key, legal, rng)
    _check_views(state, rng)
    _check_observations(state, legal)
    if state.game.hidden_information:
        _check_reveals(state, legal, rng)
    problems = state.invariant_violations()
    if problems:
        _fail(state, "check.invariant", problems="; ".join(problems))
    if state.is_terminal():
        scores, winners, returns = state.scores(), state.winners(), state.returns()
        if len(scores) != game.num_players() or not winners or len(returns) != game.num_players():
            _fail(state, "check.bad_results", scores=scores, winners=winners, returns=returns)
    if state.key() != key:
        _fail(state, "check.state_changed")


def _check_legal_list(state: State, player: int, legal: list[int]) -> None:
    game = state.game
    if player == TERMINAL:
        if legal:
            _fail(state, "check.terminal_legal", legal=legal)
        return
    if not legal:
        _fail(state, "check.no_legal")
    if legal != sorted(set(legal)):
        _fail(state, "check.legal_unsorted", legal=legal)
    bound = game.max_chance_outcomes() if player == CHANCE else game.num_distinct_actions()
    if legal[0] < 0 or legal[-1] >= bound:
        _fail(state, "check.legal_range", legal=legal, bound=bound)
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        total = sum(p for _, p in outcomes)
        if abs(total - 1.0) > 1e-9 or any(p <= 0 for _, p in outcomes):
            _fail(state, "check.chance_sum", outcomes=outcomes, total=total)
        if sorted(a for a, _ in outcomes) != legal:
            _fail(state, "check.chance_outcomes")
    elif not 0 <= player < game.num_players():
        _fail(state, "check.not_a_player", player=player)


def _check_notation(state: State, legal: list[int]) -> None:
    seen: dict[str, int] = {}
    for action in legal:
        text = state.action_to_string(action)
        if text in seen:
            _fail(state, "check.shared_notation", first=seen[text], second=action, text=text)
        seen[text] = action
        try:
            back = state.string_to_action(text)
        except IllegalActionError as exc:
            _fail(state, "check.notation_unparsed", text=text, action=action, error=str(exc))
        if back != action:
            _fail(state, "check.notation_parses_to", text=text, action=action, back=back)


def _check_clone(state: State, key: tuple[Any, ...], legal: list[int], rng: random.Random) -> None:
    copy = state.clone()
    if copy.key() != key or copy.history() != state.history():
        _fail(state, "check.clone_differs")
    if legal:
        copy.apply_action(legal[rng.randrange(len(legal))])
        if state.key() != key or state.legal_actions() != legal:
            _fail(state, "check.clone_changed_original")


def _check_json(state: State, key: tuple[Any, ...], legal: list[int]) -> None:
    text = state.to_json()
    back = state.game.state_from_json(json.loads(json.dumps(json.loads(text))))
    if back.key() != key or back.legal_actions() != legal or back.history() != state.history():
        _fail(state, "check.json_round_trip")


def _check_illegal(state: State, key: tuple[Any, ...], legal: list[int], rng: random.Random) -> None:
    game = state.game
    bound = game.max_chance_outcomes() if state.is_chance_node() else game.num_distinct_actions()
    candidates = [-1, bound, 10**9]
    outside = [a for a in range(bound) if a not in set(legal)]
    if outside:
        candidates.append(outside[rng.randrange(len(outside))])
    for action in candidates:
        try:
            state.apply_action(action)
        except IllegalActionError:
            pass
        else:
            _fail(state, "check.illegal_accepted", action=action)
        if state.key() != key or state.legal_actions() != legal:
            _fail(state, "check.illegal_changed", action=action)


def _check_views(state: State, rng: random.Random) -> None:
    game = state.game
    observer = entry(game).observer
    for viewer in [*range(game.num_players()), None]:
        view = observer.view(state, viewer)
        try:
            json.dumps(view)
        except TypeError as exc:
            _fail(state, "check.view_not_json", viewer=viewer, error=str(exc))
        if viewer is None:
            continue
        other = observer.resample(state, viewer, random.Random(rng.random()))
        if observer.view(other, viewer) != view:
            _fail(state, "check.resample_view", viewer=viewer)
        if viewer == state.current_player() and other.legal_actions() != state.legal_actions():
            _fail(state, "check.resample_legal", viewer=viewer)
        if other.key() != state.key() and game.state_from_history(other.history()).key() != other.key():
            _fail(state, "check.resample_history", viewer=viewer)


def _check_observations(state: State, legal: list[int]) -> None:
    """``observed_action`` declares what each observer learns: with shared observations it may not depend on the
    observer, and two actions that look the same to an observer must leave that observer the same view (so the
    strings of a history, concatenated, tell everything the observer learned). Events must be JSON-able, name
    a text of the catalogue and speak to real seats."""
    game = state.game
    parts = entry(game)
    observers: list[int | None] = [*range(game.num_players()), None]
    for observer in observers:
        groups: dict[str, list[int]] = {}
        for action in legal:
            seen = state.observed_action(action, observer)
            if not isinstance(seen, str) or not seen:
                _fail(state, "check.observed_not_string", action=action, observer=observer, seen=seen)
            if game.shared_observations and seen != state.observed_action(action, None):
                _fail(state, "check.observed_not_shared", observer=observer, seen=seen, action=action,
                      spectator=state.observed_action(action, None))
            groups.setdefault(seen, []).append(action)
        for seen, actions in groups.items():
            if len(actions) > 1:
                views = {json.dumps(parts.observer.view(_after(state, a), observer), sort_keys=True) for a in actions}
                if len(views) > 1:
                    _fail(state, "check.observed_hides", actions=actions, seen=seen, observer=observer)
    if legal:
        action = legal[len(state.history()) % len(legal)]
        for event in parts.events(state, action):
            try:
                json.dumps(event.to_json())
            except TypeError as exc:
                _fail(state, "check.event_not_json", event=str(event), error=str(exc))
            if not i18n.has(event.key):
                _fail(state, "check.event_no_text", event_key=event.key)
            if event.audience is not None and not set(event.audience) <= set(range(game.num_players())):
                _fail(state, "check.event_seats", event=str(event))


def _check_reveals(state: State, legal: list[int], rng: random.Random, tries: int = 3) -> None:
    """What an action reveals is part of what it is observed as: from a state the seat cannot tell from this one
    (``resample(seat)``), an action the seat sees the same way must leave the seat the same view. And a player's
    action that reveals something is observed as more than its notation: take-backs (``museion.core.takeback``)
    treat a step everyone observed as its bare notation as one that showed nothing beyond the move."""
    observer = entry(state.game).observer
    for seat in range(state.game.num_players()):
        other = observer.resample(state, seat, random.Random(rng.random()))
        if other.key() == state.key():
            continue
        common = sorted(set(legal) & set(other.legal_actions()))
        for action in (common[rng.randrange(len(common))] for _ in range(min(tries, len(common)))):
            seen = state.observed_action(action, seat)
            if other.observed_action(action, seat) != seen:
                if not state.is_chance_node() and seen == state.action_to_string(action):
                    _fail(state, "check.reveal_in_notation", action=action, seen=seen, seat=seat)
                continue  # the action reveals something: it is observed differently, as it should be
            if observer.view(_after(state, action), seat) != observer.view(_after(other, action), seat):
                _fail(state, "check.reveal_hidden", action=action, seen=seen, seat=seat)


def _after(state: State, action: int) -> State:
    child = state.clone()
    child.apply_action(action)
    return child


def _fail(state: State, key: str, **args: Any) -> None:
    """Raise the violation ``key`` (a ``check.*`` text of the catalogue) with ``args``: the exception's message and
    the record's ``violation`` are English, its ``reason`` (also in the record) lets a report say it in any language."""
    reason: Reason = {"key": "check.violation",
                      "args": {"game": state.game.name, "violation": {"key": key, "args": args},
                               "actions": len(state.history())}}
    record = Record.from_state(state, violation=i18n.say(reason["args"]["violation"]), reason=reason).to_dict()
    raise ConformanceError(i18n.say(reason), record, reason)
