"""The ``ppo`` level: a policy trained by reinforcement learning (MaskablePPO) and played without a search.

The policy was trained by ``benchmarks/ppo_baselines.py`` against the bots through the Gymnasium adapter (the
learner saw exactly what ``MuseionEnv`` gives a seat: its observation tensor and the legal-action mask) and exported
to the numpy / pure-Python format of :mod:`museion.bots.network`, so no PyTorch is needed at play time and the pure
and the compiled builds load the same file. Each game ships it as ``models/policy-ppo-<players>p.json`` beside a
card saying how it was made and how strong it measured; the bot plays the legal action with the highest logit.

It reads only its seat's observation tensor (the observer's ``observation_tensor``: what the seat may see), so it
never sees hidden information. Its value head is not used (PPO's critic had its own layers and is left out of the
file). In a configuration without a trained policy (another player count, or options that change the tensor's
size) it plays as ``greedy``, which the level's documentation says: a level named in the lobby must play every game.
"""

from __future__ import annotations

import json
import pathlib

from museion.bots.base import Bot
from museion.bots.greedy import greedy_action
from museion.bots.network import PolicyValueNet
from museion.core import i18n
from museion.core.game import Game, State
from museion.core.i18n import messages, msg
from museion.core.registry import entry

MODEL_KIND = "policy-ppo"
"""The file stem before ``-<players>p.json`` in a game's models folder (``network`` and ``learned`` skip it)."""

TEXTS = messages(  # the level's name where a seat is named ("PPO bot"): the algorithm's name in every language
    msg("ui.level.ppo", "PPO"),
    msg("web.level.ppo", "PPO"),
)
i18n.register(TEXTS)

_CACHE: dict[tuple[str, int], PolicyValueNet | None] = {}


def load_ppo(game: Game) -> PolicyValueNet | None:
    """The PPO policy the game ships for this configuration, or ``None`` (none, or trained for another tensor
    size); cached by file, modification time and configuration."""
    found = game.model_file(MODEL_KIND)
    if found is None:
        return None
    key = (f"{pathlib.Path(found).resolve()}|{game!r}", found.stat().st_mtime_ns)
    if key not in _CACHE:
        try:
            _CACHE[key] = PolicyValueNet(json.loads(found.read_text(encoding="utf-8")), game)
        except ValueError:
            _CACHE[key] = None
    return _CACHE[key]


def best_action(net: PolicyValueNet, tensor: list[float], legal: list[int]) -> int:
    """The legal action of highest probability (the first on a tie, so the bot is deterministic)."""
    priors, _ = net.evaluate(tensor, legal)
    return legal[max(range(len(legal)), key=priors.__getitem__)]


class PPOBot(Bot):
    """Plays the shipped PPO policy's most likely legal action from the seat's observation tensor."""

    name = "ppo"
    network: PolicyValueNet | None = None
    """A policy to play instead of the shipped one (training checkpoints are measured this way)."""

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        player = state.current_player()
        net = self.network or load_ppo(state.game)
        if net is None:
            det = entry(state.game).observer.resample(state, player, self.rng)
            return greedy_action(det, player, self.rng)
        return best_action(net, entry(state.game).observer.observation_tensor(state, player), legal)
