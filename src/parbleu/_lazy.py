"""Public names of a package, imported from their modules when first used (PEP 562).

A package's ``__init__`` lists where each of its names lives; ``import parbleu`` or the
command line then load only the modules they use (the command line starts in a fraction of
the time it takes to import every metric). A name, once imported, is bound in its package.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(
    package: str, names: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A package's ``__getattr__`` and ``__dir__`` for `names` (name to its module)."""

    def __getattr__(name: str) -> Any:  # noqa: N807 (the module hook's own name)
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        # Bound in the package once imported, so that later look-ups (``parbleu.sentence_bleu``
        # in a loop) are plain attribute reads instead of an import each.
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:  # noqa: N807
        return sorted({*vars(sys.modules[package]), *names})

    return __getattr__, __dir__
