"""The games: one sub-package per game, each registering itself when imported (see ``core.registry``).

Importing a game sets ``museion.games`` to this package, which would shadow the public function
``museion.games()``; so the package itself is callable and returns the same list.
"""

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from museion.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
