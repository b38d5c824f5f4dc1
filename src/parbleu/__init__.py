"""parbleu: BLEU as Papineni et al. (2002) define it, scored exactly as sacreBLEU does, fast.

>>> import parbleu
>>> bleu = parbleu.BLEU([["The cat sat on the mat ."]])
>>> bleu.corpus_score(["The cat sat on the mat ."]).score  # bit-identical to sacreBLEU
100.00000000000004
"""

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
from parbleu.functional import (
    corpus_bleu,
    corpus_bleu_for_weights,
    sentence_bleu,
    sentence_bleu_scores,
)
from parbleu.metrics.bleu import BLEU
from parbleu.metrics.bleu_result import BleuScore
from parbleu.signature import Signature
from parbleu.stats import Stats

__all__ = [
    "BLEU",
    "BleuScore",
    "EncodingError",
    "InputError",
    "LengthMismatchError",
    "MissingDependencyError",
    "OptionError",
    "ParbleuError",
    "ReferenceShapeError",
    "Signature",
    "Stats",
    "__version__",
    "corpus_bleu",
    "corpus_bleu_for_weights",
    "sentence_bleu",
    "sentence_bleu_scores",
]
