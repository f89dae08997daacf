"""Names a package exports but loads on first use (PEP 562): one ``__getattr__`` for every package that defers.

At the bottom with the errors: it imports nothing of roads, so the model may use it too.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module


def lazy_names(package: str, homes: Mapping[str, str]) -> Callable[[str], object]:
    """Return a module ``__getattr__`` for ``package`` that loads each name of ``homes`` from its module on first use.

    ``homes`` maps a name to the dotted name of the module it lives in. The value is then kept in the
    package, so later lookups never reach the function; any other name is the usual AttributeError.
    """

    def __getattr__(name: str) -> object:
        """Return ``name``, importing the module it lives in on first use."""
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(home), name)
        setattr(sys.modules[package], name, value)  # later lookups skip this function
        return value

    return __getattr__
