"""sacreBLEU 2.6.0's ``BLEU`` and ``BLEUScore``, computed by `parbleu.BLEU`.

Same constructor (``lowercase``, ``force``, ``tokenize``, ``smooth_method``, ``smooth_value``,
``max_ngram_order``, ``effective_order``, ``trg_lang``, ``references``), same tokenizer
choice from ``trg_lang`` (``zh``, ``ja-mecab``, ``ko-mecab``), same warnings on the
``sacrebleu`` logger, same static ``compute_bleu``; scores are bit-identical. spBLEU's
tokenizers take their SentencePiece model file as the keyword ``spm_model`` (sacreBLEU
downloads it).

    >>> bleu = BLEU()
    >>> bleu.corpus_score(["The cat sat on the mat."], [["The cat sat on the mat."]]).score
    100.00000000000004
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, ClassVar, cast

import numpy as np

import parbleu
from parbleu.compat.metrics.base import Metric, sacrelogger
from parbleu.compat.metrics.score import BLEUScore
from parbleu.compat.metrics.signature import BLEUSignature, Signature
from parbleu.compat.tokenizers.bleu_tokenizers import TOKENIZERS, BaseTokenizer, tokenizer_for
from parbleu.errors import InputError
from parbleu.metrics.bleu import BleuOptions

__all__ = ["BLEU", "MAX_NGRAM_ORDER", "BLEUScore", "BLEUSignature"]

#: sacreBLEU's default maximum n-gram order.
MAX_NGRAM_ORDER = 4

#: Smoothing methods that ignore ``smooth_value`` (sacreBLEU drops it for them).
_VALUELESS = ("none", "exp")


def _smooth_value(smooth_method: str, smooth_value: float | None) -> float | None:
    return None if smooth_method in _VALUELESS else smooth_value


class BLEU(Metric):
    """BLEU (Papineni et al., 2002) with sacreBLEU's interface; see the module docstring."""

    SMOOTH_DEFAULTS: ClassVar[dict[str, float | None]] = {
        "none": None,
        "floor": 0.1,
        "add-k": 1,
        "exp": None,
    }
    TOKENIZERS: ClassVar[tuple[str, ...]] = TOKENIZERS
    TOKENIZER_DEFAULT: ClassVar[str] = "13a"
    _TOKENIZER_MAP: ClassVar[dict[str, str]] = {"zh": "zh", "ja": "ja-mecab", "ko": "ko-mecab"}
    _SIGNATURE_TYPE: ClassVar[type[Signature]] = BLEUSignature

    def __init__(
        self,
        lowercase: bool = False,
        force: bool = False,
        tokenize: str | None = None,
        smooth_method: str = "exp",
        smooth_value: float | None = None,
        max_ngram_order: int = MAX_NGRAM_ORDER,
        effective_order: bool = False,
        trg_lang: str = "",
        references: Sequence[Sequence[str]] | None = None,
        *,
        spm_model: str | os.PathLike[str] | None = None,
    ) -> None:
        self._trg_lang = trg_lang
        settings: dict[str, Any] = {
            "tokenize": self._choose_tokenizer(tokenize, trg_lang),
            "lowercase": lowercase,
            "smooth_method": smooth_method,
            "smooth_value": _smooth_value(smooth_method, smooth_value),
            "max_ngram_order": max_ngram_order,
            "effective_order": effective_order,
            "spm_model": spm_model,
        }
        engine = parbleu.BLEU(references, options=BleuOptions(**settings))
        self._tokenizer = tokenizer_for(engine.tokenizer)
        self._smooth_method = smooth_method
        self._smooth_value = smooth_value
        self._max_ngram_order = max_ngram_order
        self._options = engine.options
        super().__init__(engine, cached=references is not None)
        self._force = force

    @classmethod
    def _choose_tokenizer(cls, tokenize: str | None, trg_lang: str) -> str:
        """SacreBLEU's rule: the target language's tokenizer unless one is given."""
        if tokenize is None:
            return cls._TOKENIZER_MAP.get(trg_lang, cls.TOKENIZER_DEFAULT)
        advice = {"zh": "'zh'", "ja": "'ja-mecab'", "ko": "'ko-mecab'"}
        language = {"zh": "Chinese", "ja": "Japanese", "ko": "Korean"}
        if trg_lang in advice and tokenize != cls._TOKENIZER_MAP[trg_lang]:
            sacrelogger.warning(
                "Consider using the %s or 'spm' tokenizer for %s.",
                advice[trg_lang],
                language[trg_lang],
            )
        return tokenize

    # -- sacreBLEU's attributes, read-only ----------------------------------------------------

    @property
    def lowercase(self) -> bool:
        """Compare lowercased text."""
        return self._options.lowercase

    @property
    def smooth_method(self) -> str:
        """``exp``, ``floor``, ``add-k`` or ``none``."""
        return self._smooth_method

    @property
    def smooth_value(self) -> float | None:
        """The smoothing value as given (``None``: the method's default)."""
        return self._smooth_value

    @property
    def max_ngram_order(self) -> int:
        """Largest n-gram order."""
        return self._max_ngram_order

    @property
    def effective_order(self) -> bool:
        """Average only over the orders the hypothesis has n-grams of."""
        return self._options.effective_order

    @property
    def trg_lang(self) -> str:
        """The target language given (it chose the tokenizer if none was given)."""
        return self._trg_lang

    @property
    def tokenizer(self) -> BaseTokenizer:
        """The tokenizer, callable on a line as sacreBLEU's are."""
        return self._tokenizer

    @property
    def tokenizer_signature(self) -> str:
        """The ``tok:`` value of the signature."""
        return self._tokenizer.signature()

    # -- scoring ----------------------------------------------------------------------------------

    def _to_score(self, result: Any) -> BLEUScore:
        return BLEUScore.from_parbleu(result)

    def _check_hypotheses(self, hypotheses: Sequence[str]) -> None:
        if self._force or not isinstance(hypotheses, Sequence):
            return
        tokenized = sum(1 for line in hypotheses if isinstance(line, str) and line.endswith(" ."))
        if tokenized >= 100:
            sacrelogger.warning("That's 100 lines that end in a tokenized period ('.')")
            sacrelogger.warning(
                "It looks like you forgot to detokenize your test data, which may hurt your score."
            )
            sacrelogger.warning(
                "If you insist your data is detokenized, or don't care, you can suppress this "
                "message with the `force` parameter."
            )

    def sentence_score(self, hypothesis: str, references: Sequence[str]) -> BLEUScore:
        """BLEU of one sentence; warns, as sacreBLEU does, without ``effective_order``."""
        if not self.effective_order:
            sacrelogger.warning(
                "It is recommended to enable `effective_order` for sentence-level BLEU."
            )
        return cast(BLEUScore, super().sentence_score(hypothesis, references))

    @staticmethod
    def compute_bleu(
        correct: Sequence[int],
        total: Sequence[int],
        sys_len: int,
        ref_len: int,
        smooth_method: str = "none",
        smooth_value: float | None = None,
        effective_order: bool = False,
        max_ngram_order: int = MAX_NGRAM_ORDER,
    ) -> BLEUScore:
        """BLEU from its sufficient statistics, as sacreBLEU's ``BLEU.compute_bleu``.

        ``correct`` and ``total`` are the matches and hypothesis n-grams of orders 1 to
        ``max_ngram_order``; the arguments are never modified (sacreBLEU adds k to them in
        place with ``add-k``).
        """
        settings: dict[str, Any] = {
            "smooth_method": smooth_method,
            "smooth_value": _smooth_value(smooth_method, smooth_value),
            "effective_order": effective_order,
            "max_ngram_order": max_ngram_order,
        }
        metric = parbleu.BLEU(options=BleuOptions(**settings))
        order = metric.options.max_ngram_order
        for name, values in (("correct", correct), ("total", total)):
            if len(values) < order:
                raise InputError(
                    f"{name} must hold a count for each of the {order} n-gram orders; "
                    f"got {len(values)}: {list(values)!r}"
                )
        row = metric.layout.assemble(
            {
                "sys_len": [sys_len],
                "ref_len": [ref_len],
                "match": [list(correct[:order])],
                "total": [list(total[:order])],
            },
            dtype=np.int64,
        )
        return BLEUScore.from_parbleu(metric.score_totals(row))
