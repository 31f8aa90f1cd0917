"""Adapters to the reinforcement-learning ecosystem (extra ``rl``): import the one you need.

* :mod:`museion.envs.pettingzoo` -- ``env(game, **options)`` / ``raw_env``: PettingZoo AEC environments;
* :mod:`museion.envs.gymnasium` -- ``MuseionEnv``: one seat against museion bots (``museion/Museion-v0``);
* :mod:`museion.envs.openspiel` -- registers ``python_museion_<game>`` with OpenSpiel on import.

Nothing is imported here, so using one adapter never loads the others' libraries.
"""
