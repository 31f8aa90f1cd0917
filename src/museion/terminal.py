"""What the terminal shows each human seat: the moves and events it may learn, and the table as it sees it.

``museion play`` drives a :class:`Screen`. Everything printed comes from the game's declarations: each step as the
watching seat learned it (``museion.core.observe``: notation as seen, visible events, in the chosen language) and
the table drawn from that seat's view. Who is watching:

* one human: that seat, live (a bot's move, a face-down card as ``card bag``, your own VP gains);
* no human: a spectator;
* two or more humans at one terminal (hot seat): nobody between turns. Each human's lines wait in their own
  buffer; when the turn passes to another human the screen is cleared and a "hand over to <seat>" prompt waits
  for Enter, then that seat sees what happened since its last turn, its table and its moves.

:func:`seat_transcript` renders the same screens for one seat from a history, so ``museion check`` can compare
the bytes a seat would see for a state and for ``resample(seat)``.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.panel import Panel

from museion.core.explain import explainer
from museion.core.game import State
from museion.core.i18n import text
from museion.core.observe import Step, observe_history
from museion.core.registry import entry


class Screen:
    """The terminal of one ``museion play`` session (see the module docstring)."""

    def __init__(self, console: Console, names: Sequence[str], humans: Sequence[int], lang: str = "en",
                 wait: Callable[[str], object] = input) -> None:
        self.console = console
        self.names = list(names)
        self.humans = list(humans)
        self.lang = lang
        self.wait = wait
        self.hot_seat = len(self.humans) > 1
        self.buffers: dict[int, list[str]] = {p: [] for p in self.humans}
        self.holder: int | None = None
        """The human who has the screen now (hot seat), or None before the first hand-over."""

    @property
    def live_observer(self) -> int | None:
        """Whose lines are printed as they happen: the only human, else a spectator (not used in hot seat)."""
        return self.humans[0] if len(self.humans) == 1 else None

    def step(self, step: Step) -> None:
        """Tell the watchers about one applied action."""
        if not self.hot_seat:
            for line in step.lines(self.live_observer, self.lang, self.names):
                self._print(line)
            return
        for p in self.humans:
            self.buffers[p].extend(step.lines(p, self.lang, self.names))

    def turn(self, state: State, player: int) -> None:
        """Before a human decides: the hand-over (hot seat), what happened since, the table and the moves."""
        if self.hot_seat:
            if self.holder != player:
                self._clear()
                self.wait(text("ui.hand_over", self.lang, self.names, player=player) + " ")
                self._clear()
                self.holder = player
            missed, self.buffers[player] = self.buffers[player], []
            if missed:
                self._print(text("ui.since_last_turn", self.lang))
                for line in missed:
                    self._print(line)
        self.board(state, player)
        if state.current_player() == player:
            self.moves(state)

    def board(self, state: State, player: int | None) -> None:
        """The table as ``player`` sees it (``None``: a spectator); titled when ``player`` is to move."""
        to_move = player is not None and state.current_player() == player
        title = text("ui.your_move", self.lang, self.names, player=player) if to_move else None
        board = entry(state.game).render_text(state, player, lang=self.lang)
        self.console.print(Panel(board, title=title), highlight=False)

    def moves(self, state: State) -> None:
        """The legal moves, numbered, each with its notation and in words."""
        legal = state.legal_actions()
        player = state.current_player()
        notations = [state.action_to_string(a) for a in legal]
        width = max(map(len, notations), default=0)
        for i, (a, notation) in enumerate(zip(legal, notations, strict=True)):
            words = explainer(state.game).describe(state, a, self.lang, player, self.names)
            self.console.print(f"[cyan]{i + 1:>3}[/cyan] {_escape(notation.ljust(width))}  {_escape(words)}",
                               highlight=False, soft_wrap=True)

    def legend(self, state: State) -> None:
        """What the table's symbols mean (the game's ``legend``)."""
        lines = explainer(state.game).legend(state, self.lang)
        if lines:
            self.console.print(Panel("\n".join(_escape(line) for line in lines), title=text("ui.legend", self.lang)),
                               highlight=False)

    def _clear(self) -> None:
        """Clear the screen and, on a real terminal, its scrollback: the previous seat's lines must not be a
        scroll away (``ESC [3J``, erase saved lines, understood by xterm-like terminals)."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def say(self, line: str) -> None:
        """A line for the humans watching now (a forced move's notice)."""
        if self.hot_seat:
            for p in self.humans:
                self.buffers[p].append(line)
        else:
            self._print(line)

    def _print(self, line: str) -> None:
        """A plain line (no markup, no highlighting, wrapped by the terminal itself)."""
        self.console.out(line, highlight=False)


def _escape(notation: str) -> str:
    from rich.markup import escape

    return escape(notation)


def seat_transcript(state: State, seat: int, steps: Sequence[Step] | None = None, lang: str = "en") -> bytes:
    """The text a terminal shows human ``seat`` during the game that led to ``state``: played alone against bots
    (every step live, then its table) and at a hot seat with every other seat human (its buffered lines and its
    table). No terminal needed: a recording console renders it without colour."""
    steps = observe_history(state) if steps is None else steps
    n = state.game.num_players()
    names = [f"player {p}" for p in range(n)]
    out = []
    for humans in ([seat], list(range(n))):
        console = Console(file=io.StringIO(), width=110, color_system=None, force_terminal=False, record=True)
        screen = Screen(console, names, humans, lang, wait=lambda _prompt: None)
        for step in steps:
            screen.step(step)
        screen.turn(state, seat)
        out.append(console.export_text())
    return "\f".join(out).encode()
