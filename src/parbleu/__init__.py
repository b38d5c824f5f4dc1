"""parbleu: BLEU as Papineni et al. (2002) define it, scored exactly as sacreBLEU does, fast.

>>> import parbleu
>>> bleu = parbleu.BLEU([["The cat sat on the mat ."]])
>>> bleu.corpus_score(["The cat sat on the mat ."]).score  # bit-identical to sacreBLEU
100.00000000000004
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from parbleu._version import __version__
from parbleu.errors import (
    EncodingError,
    InputError,
    LengthMismatchError,
    MissingDependencyError,
    OptionError,
    ParbleuError,
    ReferenceShapeError,
)

if TYPE_CHECKING:
    from parbleu.functional import (
        corpus_bleu,
        corpus_bleu_for_weights,
        corpus_chrf,
        corpus_nist,
        corpus_ter,
        sentence_bleu,
        sentence_bleu_scores,
        sentence_chrf,
        sentence_ter,
    )
    from parbleu.metrics.bleu.metric import BLEU
    from parbleu.metrics.bleu.result import BleuScore
    from parbleu.metrics.chrf.metric import CHRF
    from parbleu.metrics.chrf.result import ChrfScore
    from parbleu.metrics.nist.metric import NIST
    from parbleu.metrics.nist.result import NistScore
    from parbleu.metrics.ter.metric import TER
    from parbleu.metrics.ter.result import TerScore
    from parbleu.signature import Signature
    from parbleu.stats import Stats

#: Where each public name lives; a module is imported when one of its names is first used,
#: so that ``import parbleu`` (and the command line) load only what they need (PEP 562).
_LAZY = {
    **dict.fromkeys(
        (
            "corpus_bleu",
            "corpus_bleu_for_weights",
            "corpus_chrf",
            "corpus_nist",
            "corpus_ter",
            "sentence_bleu",
            "sentence_bleu_scores",
            "sentence_chrf",
            "sentence_ter",
        ),
        "parbleu.functional",
    ),
    "BLEU": "parbleu.metrics.bleu.metric",
    "BleuScore": "parbleu.metrics.bleu.result",
    "CHRF": "parbleu.metrics.chrf.metric",
    "ChrfScore": "parbleu.metrics.chrf.result",
    "NIST": "parbleu.metrics.nist.metric",
    "NistScore": "parbleu.metrics.nist.result",
    "TER": "parbleu.metrics.ter.metric",
    "TerScore": "parbleu.metrics.ter.result",
    "Signature": "parbleu.signature",
    "Stats": "parbleu.stats",
}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'parbleu' has no attribute {name!r}")
    return getattr(importlib.import_module(_LAZY[name]), name)


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "BLEU",
    "CHRF",
    "NIST",
    "TER",
    "BleuScore",
    "ChrfScore",
    "EncodingError",
    "InputError",
    "LengthMismatchError",
    "MissingDependencyError",
    "NistScore",
    "OptionError",
    "ParbleuError",
    "ReferenceShapeError",
    "Signature",
    "Stats",
    "TerScore",
    "__version__",
    "corpus_bleu",
    "corpus_bleu_for_weights",
    "corpus_chrf",
    "corpus_nist",
    "corpus_ter",
    "sentence_bleu",
    "sentence_bleu_scores",
    "sentence_chrf",
    "sentence_ter",
]
