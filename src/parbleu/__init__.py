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
