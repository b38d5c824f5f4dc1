"""``--option NAME=VALUE``: one metric option of ``parbleu mbr`` and ``parbleu serve``.

The value is read as JSON (``word_order=2``, ``lowercase=true``, ``weights=[0.5,0.5]``), or
kept as a string when it is not JSON (``tokenize=intl``); the metric's options dataclass
checks it (`parbleu.options`).
"""

from __future__ import annotations

import json
from typing import Any

from parbleu.errors import OptionError

__all__ = ["metric_option"]


def metric_option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` as ``(name, value)``.

    Raises:
        OptionError: no ``=`` or an empty name.
    """
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise OptionError(f"--option expects NAME=VALUE; got {text!r}", option="option")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value
