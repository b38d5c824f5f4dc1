"""parbleu: BLEU as Papineni et al. (2002) define it, scored exactly as sacreBLEU does, fast.

>>> import parbleu
>>> bleu = parbleu.BLEU([["The cat sat on the mat ."]])
>>> bleu.corpus_score(["The cat sat on the mat ."]).score  # bit-identical to sacreBLEU
100.00000000000004

Names are imported from their modules when first used (PEP 562), so that ``import parbleu``
and the command line load only the metrics they use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports
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
        corpus_cer,
        corpus_chrf,
        corpus_nist,
        corpus_ter,
        corpus_wer,
        sentence_bleu,
        sentence_bleu_scores,
        sentence_cer,
        sentence_chrf,
        sentence_ter,
        sentence_wer,
    )
    from parbleu.metrics.bleu.metric import BLEU
    from parbleu.metrics.bleu.result import BleuScore
    from parbleu.metrics.chrf.metric import CHRF
    from parbleu.metrics.chrf.result import ChrfScore
    from parbleu.metrics.meteor.metric import METEOR
    from parbleu.metrics.meteor.result import MeteorScore
    from parbleu.metrics.nist.metric import NIST
    from parbleu.metrics.nist.result import NistScore
    from parbleu.metrics.rouge.metric import ROUGE
    from parbleu.metrics.rouge.result import RougeScore
    from parbleu.metrics.ter.metric import TER
    from parbleu.metrics.ter.result import TerScore
    from parbleu.metrics.wer.metric import CER, WER
    from parbleu.metrics.wer.result import CerScore, WerScore
    from parbleu.signature import Signature
    from parbleu.stats import Stats

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        **dict.fromkeys(
            (
                "corpus_bleu",
                "corpus_bleu_for_weights",
                "corpus_cer",
                "corpus_chrf",
                "corpus_nist",
                "corpus_ter",
                "corpus_wer",
                "sentence_bleu",
                "sentence_bleu_scores",
                "sentence_cer",
                "sentence_chrf",
                "sentence_ter",
                "sentence_wer",
            ),
            "parbleu.functional",
        ),
        "BLEU": "parbleu.metrics.bleu.metric",
        "BleuScore": "parbleu.metrics.bleu.result",
        "CHRF": "parbleu.metrics.chrf.metric",
        "ChrfScore": "parbleu.metrics.chrf.result",
        "METEOR": "parbleu.metrics.meteor.metric",
        "MeteorScore": "parbleu.metrics.meteor.result",
        "NIST": "parbleu.metrics.nist.metric",
        "NistScore": "parbleu.metrics.nist.result",
        "ROUGE": "parbleu.metrics.rouge.metric",
        "RougeScore": "parbleu.metrics.rouge.result",
        "TER": "parbleu.metrics.ter.metric",
        "TerScore": "parbleu.metrics.ter.result",
        "WER": "parbleu.metrics.wer.metric",
        "CER": "parbleu.metrics.wer.metric",
        "WerScore": "parbleu.metrics.wer.result",
        "CerScore": "parbleu.metrics.wer.result",
        "Signature": "parbleu.signature",
        "Stats": "parbleu.stats",
    },
)

__all__ = [
    "BLEU",
    "CER",
    "CHRF",
    "METEOR",
    "NIST",
    "ROUGE",
    "TER",
    "WER",
    "BleuScore",
    "CerScore",
    "ChrfScore",
    "EncodingError",
    "InputError",
    "LengthMismatchError",
    "MeteorScore",
    "MissingDependencyError",
    "NistScore",
    "OptionError",
    "ParbleuError",
    "ReferenceShapeError",
    "RougeScore",
    "Signature",
    "Stats",
    "TerScore",
    "WerScore",
    "__version__",
    "corpus_bleu",
    "corpus_bleu_for_weights",
    "corpus_cer",
    "corpus_chrf",
    "corpus_nist",
    "corpus_ter",
    "corpus_wer",
    "sentence_bleu",
    "sentence_bleu_scores",
    "sentence_cer",
    "sentence_chrf",
    "sentence_ter",
    "sentence_wer",
]
