"""The seed of the tests: ``--seed``, else ``$SACREBLEU_SEED``, else sacreBLEU's 12345.

The seed is the one piece of configuration read from the environment, here at the edge
(when the command line builds its request) and nowhere in the library. ``none`` draws fresh
entropy.
"""

from __future__ import annotations

from collections.abc import Mapping

from parbleu.defaults import DEFAULT_SEED
from parbleu.errors import OptionError

__all__ = ["SEED_VARIABLE", "resolve_seed"]

#: sacreBLEU's environment variable for the seed.
SEED_VARIABLE = "SACREBLEU_SEED"


def _parse_seed(text: str, source: str) -> int | None:
    if text.strip().lower() == "none":
        return None
    try:
        seed = int(text)
    except ValueError:
        seed = -1
    if seed < 0:
        raise OptionError(f"{source} must be a non-negative integer or 'none'; got {text!r}")
    return seed


def resolve_seed(option: str | None, environ: Mapping[str, str]) -> int | None:
    """``--seed``, else ``$SACREBLEU_SEED``, else 12345; ``none`` means fresh entropy.

    >>> resolve_seed(None, {}), resolve_seed("7", {"SACREBLEU_SEED": "1"})
    (12345, 7)
    >>> resolve_seed(None, {"SACREBLEU_SEED": "None"}) is None
    True
    """
    if option is not None:
        return _parse_seed(option, "--seed")
    if SEED_VARIABLE in environ:
        return _parse_seed(environ[SEED_VARIABLE], SEED_VARIABLE)
    return DEFAULT_SEED
