"""Game records: what PGN is to chess. JSON, one object per game, with every action (chance included).

A record stores the game name, its options, the package version, the players' names, every action id with its
notation, and the final scores, so it can be replayed exactly (``museion replay FILE``) without any seed.

A full record shows every chance outcome, so a game with hidden information is recorded in full only once it is
over. Before that, :func:`observed_record` gives what one observer has learned: the log of notation and events as
the game declared them for that observer (``museion.core.observe``), with no action ids.
"""

from __future__ import annotations

import json
import pathlib
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from museion.core.game import State
from museion.core.observe import Step, observe_history
from museion.core.registry import load
from museion.version import __version__


@dataclass
class Record:
    game: str
    options: dict[str, Any]
    players: list[str]
    actions: list[int]
    notation: list[str] = field(default_factory=list)
    scores: list[float] | None = None
    winners: list[int] | None = None
    version: str = ""
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_state(cls, state: State, players: Sequence[str] | None = None, **meta: Any) -> Record:
        """Record the game that led to ``state`` (finished or not)."""
        game = state.game
        names = list(players) if players else [f"player {i}" for i in range(game.num_players())]
        replay = game.new_initial_state()
        notation = []
        for action in state.history():
            notation.append(replay.action_to_string(action))
            replay.apply_action(action)
        over = state.is_terminal()
        return cls(
            game=game.name,
            options=game.options_json(),
            players=names,
            actions=state.history(),
            notation=notation,
            scores=list(state.scores()) if over else None,
            winners=list(state.winners()) if over else None,
            version=__version__,
            meta=dict(meta),
        )

    # -- JSON ----------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Record:
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        return cls(**known)

    @classmethod
    def from_json(cls, text: str) -> Record:
        return cls.from_dict(json.loads(text))

    def save(self, path: str | pathlib.Path) -> None:
        pathlib.Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | pathlib.Path) -> Record:
        """Load one record (a JSON object) or the first line of a JSON-lines file."""
        text = pathlib.Path(path).read_text(encoding="utf-8").strip()
        if text.startswith("{") and "\n{" in text:
            text = text.splitlines()[0]
        return cls.from_json(text)

    # -- replay --------------------------------------------------------------------------------------------
    def states(self) -> Iterator[tuple[int | None, State]]:
        """Yield ``(action, state after it)`` for each step, starting with ``(None, initial state)``."""
        game = load(self.game, **self.options)
        state = game.new_initial_state()
        yield None, state.clone()
        for action in self.actions:
            state.apply_action(action)
            yield action, state.clone()

    def final_state(self) -> State:
        """Replay every action (each is checked) and return the last state."""
        return load(self.game, **self.options).state_from_history(self.actions)


def observed_record(steps: Sequence[Step] | None, state: State, observer: int | None,
                    players: Sequence[str] | None = None, lang: str = "en", **meta: Any) -> dict[str, Any]:
    """What ``observer`` (a seat, or ``None`` for a spectator) has learned of the game that led to ``state``, as
    JSON: ``moves`` holds one log entry per action (``Step.entry``: notation as seen, visible events), without
    action ids, and ``complete`` is False. ``steps`` are the game's observed steps when the caller keeps them
    (the server does), else they are rebuilt from ``state``'s history."""
    game = state.game
    names = list(players) if players else [f"player {i}" for i in range(game.num_players())]
    steps = observe_history(state) if steps is None else steps
    return {
        "game": game.name, "options": game.options_json(), "players": names, "version": __version__,
        "complete": False, "observer": observer,
        "moves": [step.entry(observer, lang, names) for step in steps], "meta": dict(meta),
    }
