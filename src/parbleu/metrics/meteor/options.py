"""METEOR options as one validated, frozen value, and the signature fields they produce.

The WordNet folder is a `pathlib.Path`; `pathlib` is imported only when one is given, so that
the command line, which reads these options' type hints (`parbleu.cli.options`) whatever the
metrics asked for, starts without it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from parbleu.errors import OptionError
from parbleu.options import check_number, coerce_enum
from parbleu.tokenizers import TokenizerName

if TYPE_CHECKING:
    from pathlib import Path

    _Folder = Path
else:
    _Folder = os.PathLike  # what the type hints say at run time: Path without pathlib

__all__ = ["DEBIAN_WORDNET_FOLDER", "MeteorOptions"]

#: Where Debian's ``wordnet-base`` package puts the WordNet 3.0 database.
DEBIAN_WORDNET_FOLDER = "/usr/share/wordnet"


def _folder(value: object) -> Path | None:
    if value is None:
        return None
    from pathlib import Path  # noqa: PLC0415 (see the module docstring)

    if isinstance(value, Path):
        return value
    if isinstance(value, (str, os.PathLike)):
        return Path(value)
    raise OptionError(
        f"wordnet must be the path of a WordNet 3.0 folder; got {value!r}",
        option="wordnet",
        expected="the path of a WordNet 3.0 folder",
        received=value,
    )


@dataclass(frozen=True)
class MeteorOptions:
    """Every setting that changes a METEOR score, checked when the value is made.

    Attributes:
        wordnet: the folder of a WordNet 3.0 database (Debian's ``wordnet-base`` installs
            one in ``/usr/share/wordnet``, `parbleu.metrics.meteor.DEBIAN_WORDNET`). It must
            be given: parbleu has no default database (the command line defaults to
            Debian's folder).
        tokenize: the tokenizer that splits text into the words NLTK takes pre-tokenized.
        alpha: weight of precision against recall, in [0, 1] (NLTK: 0.9).
        beta: shape of the fragmentation penalty, >= 0 (NLTK: 3.0).
        gamma: weight of the fragmentation penalty, in [0, 1] (NLTK: 0.5).

    ``alpha``, ``beta`` and ``gamma`` are Lavie and Agarwal's (2007), as NLTK names them, in
    the ranges their tuning explores: the penalty ``gamma * frag ** beta`` (``frag`` in
    (0, 1]) then lies in [0, 1] and the score in [0, 1] (``beta = -1`` or ``gamma = 1e308``
    gave negative scores and -infinity).

    Raises:
        OptionError: naming the option, the accepted values and the value received.
    """

    wordnet: _Folder | None = None
    tokenize: TokenizerName = TokenizerName.MTEVAL_13A
    alpha: float = 0.9
    beta: float = 3.0
    gamma: float = 0.5

    def __post_init__(self) -> None:
        values = {
            "wordnet": _folder(self.wordnet),
            "tokenize": coerce_enum(TokenizerName, self.tokenize, "tokenize"),
            "alpha": check_number(self.alpha, "alpha", minimum=0, maximum=1),
            "beta": check_number(self.beta, "beta", minimum=0),
            "gamma": check_number(self.gamma, "gamma", minimum=0, maximum=1),
        }
        for name, normalized in values.items():
            object.__setattr__(self, name, normalized)

    def signature_fields(self, wordnet_version: str) -> list[tuple[str, str, str]]:
        """tok, alpha, beta, gamma and the WordNet version (not its folder)."""
        return [
            ("tok", "tok", self.tokenize.value),
            ("alpha", "a", repr(self.alpha)),
            ("beta", "b", repr(self.beta)),
            ("gamma", "g", repr(self.gamma)),
            ("wordnet", "wn", wordnet_version),
        ]
