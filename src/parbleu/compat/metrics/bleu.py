"""sacreBLEU 2.6.0's ``BLEU`` and ``BLEUScore``, computed by `parbleu.BLEU`.

Same constructor (``lowercase``, ``force``, ``tokenize``, ``smooth_method``, ``smooth_value``,
``max_ngram_order``, ``effective_order``, ``trg_lang``, ``references``), same tokenizer
choice from ``trg_lang`` (``zh``, ``ja-mecab``, ``ko-mecab``), same warnings on the
``sacrebleu`` logger, same static ``compute_bleu``; scores are bit-identical, and with
``add-k`` the counts and totals carry k as sacreBLEU's do. spBLEU's tokenizers take their
SentencePiece model file as the keyword ``spm_model`` (sacreBLEU downloads it).

The module also holds sacreBLEU's ``_TOKENIZERS`` (name to ``module.Class``) and
``_get_tokenizer`` (the class of a name), which evaluate's ``sari`` and MATEO use, and the
metric's internals (``_preprocess_segment``, ``_extract_reference_info``,
``_compute_segment_statistics``, ``_compute_score_from_stats``) with sacreBLEU's layouts:
``[sys_len, ref_len, correct_1..N, total_1..N]`` per segment, n-grams as tuples of tokens.

    >>> bleu = BLEU()
    >>> bleu.corpus_score(["The cat sat on the mat."], [["The cat sat on the mat."]]).score
    100.00000000000004
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, ClassVar, cast

import parbleu
from parbleu.compat.metrics.base import Metric, sacrelogger
from parbleu.compat.metrics.helpers import extract_all_word_ngrams
from parbleu.compat.metrics.score import BLEUScore
from parbleu.compat.metrics.signature import BLEUSignature, Signature
from parbleu.compat.tokenizers import bleu_tokenizers
from parbleu.compat.tokenizers.bleu_tokenizers import TOKENIZERS, BaseTokenizer, tokenizer_for
from parbleu.errors import InputError, OptionError
from parbleu.metrics.bleu import BleuOptions
from parbleu.metrics.bleu.options import RefLength, Smoothing
from parbleu.metrics.bleu.scalar import scalar_bleu
from parbleu.metrics.bleu.small import closest_length
from parbleu.options import coerce_enum
from parbleu.stats import Stats

__all__ = ["BLEU", "MAX_NGRAM_ORDER", "BLEUScore", "BLEUSignature"]

#: sacreBLEU's default maximum n-gram order.
MAX_NGRAM_ORDER = 4

#: sacreBLEU's tokenizer names and the ``module.Class`` of each (its ``_TOKENIZERS``).
_TOKENIZERS: dict[str, str] = {
    "none": "tokenizer_none.NoneTokenizer",
    "zh": "tokenizer_zh.TokenizerZh",
    "13a": "tokenizer_13a.Tokenizer13a",
    "intl": "tokenizer_intl.TokenizerV14International",
    "char": "tokenizer_char.TokenizerChar",
    "ja-mecab": "tokenizer_ja_mecab.TokenizerJaMecab",
    "ko-mecab": "tokenizer_ko_mecab.TokenizerKoMecab",
    "spm": "tokenizer_spm.TokenizerSPM",
    "flores101": "tokenizer_spm.Flores101Tokenizer",
    "flores200": "tokenizer_spm.Flores200Tokenizer",
    "spBLEU-1K": "tokenizer_spm.spBLEU1KTokenizer",
}

#: Smoothing methods that ignore ``smooth_value`` (sacreBLEU drops it for them).
_VALUELESS = ("none", "exp")


def _get_tokenizer(name: str) -> type[BaseTokenizer]:
    """The tokenizer class of a sacreBLEU tokenizer name (call it, then call the result).

    Raises:
        KeyError: an unknown name, as sacreBLEU.
    """
    class_name = _TOKENIZERS[name].rsplit(".", 1)[1]
    return cast(type[BaseTokenizer], getattr(bleu_tokenizers, class_name))


def _smooth_value(smooth_method: str, smooth_value: float | None) -> float | None:
    return None if smooth_method in _VALUELESS else smooth_value


def _smoothed_counts(
    correct: Sequence[Any], total: Sequence[Any], smooth_method: str, value: Any
) -> tuple[list[Any], list[Any]]:
    """The counts and totals sacreBLEU returns: with ``add-k``, k added from order 2 on.

    sacreBLEU adds k inside its loop over orders, which ends at the first order without
    hypothesis n-grams, and only when some n-gram matched. Here new lists are returned and
    the arguments are left alone.
    """
    correct, total = list(correct), list(total)
    if smooth_method != "add-k" or not any(correct):
        return correct, total
    for n in range(1, len(correct)):
        correct[n] += value
        total[n] += value
        if total[n] == 0:
            break
    return correct, total


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
        score = BLEUScore.from_parbleu(result)
        if self._smooth_method == "add-k":
            value = (
                self.SMOOTH_DEFAULTS["add-k"] if self._smooth_value is None else self._smooth_value
            )
            score.counts, score.totals = _smoothed_counts(
                score.counts, score.totals, "add-k", value
            )
        return score

    # -- sacreBLEU's internals, in its layouts ------------------------------------------------

    def _rows(self, stats: Stats) -> list[list[Any]]:
        layout = self._engine.layout
        order = self._max_ngram_order
        columns = [
            layout.index("sys_len"),
            layout.index("ref_len"),
            *layout.indices("match", order),
            *layout.indices("total", order),
        ]
        rows: list[list[Any]] = stats.values[:, columns].tolist()
        return rows

    def _preprocess_segment(self, sent: str) -> str:
        """Lowercased (if asked), right-stripped and tokenized: sacreBLEU's tokenized string."""
        if self.lowercase:
            sent = sent.lower()
        return self._tokenizer(sent.rstrip())

    def _extract_reference_info(self, refs: Sequence[str]) -> dict[str, Any]:
        """``ref_ngrams`` (each n-gram's largest count in one reference) and ``ref_lens``."""
        ngrams: Any = None
        ref_lens = []
        for ref in refs:
            counts, length = extract_all_word_ngrams(ref, 1, self._max_ngram_order)
            ref_lens.append(length)
            if ngrams is None:
                ngrams = counts
            else:
                ngrams |= counts
        return {"ref_ngrams": ngrams, "ref_lens": ref_lens}

    def _get_closest_ref_len(self, hyp_len: int, ref_lens: Sequence[int]) -> int:
        """The reference length nearest `hyp_len` (the shorter on a tie); -1 for none."""
        return closest_length(hyp_len, ref_lens, RefLength.CLOSEST) if ref_lens else -1

    def _compute_segment_statistics(self, hypothesis: str, ref_kwargs: dict[str, Any]) -> list[Any]:
        """``[hyp_len, ref_len, correct_1..N, total_1..N]`` of a tokenized hypothesis."""
        ref_ngrams, order = ref_kwargs["ref_ngrams"], self._max_ngram_order
        hyp_ngrams, hyp_len = extract_all_word_ngrams(hypothesis, 1, order)
        correct: list[Any] = [0] * order
        total: list[Any] = [0] * order
        for ngram, count in hyp_ngrams.items():
            total[len(ngram) - 1] += count
            if ngram in ref_ngrams:
                correct[len(ngram) - 1] += min(count, ref_ngrams[ngram])
        ref_len = self._get_closest_ref_len(hyp_len, ref_kwargs["ref_lens"])
        return [hyp_len, ref_len, *correct, *total]

    def _compute_score_from_stats(self, stats: Sequence[Any]) -> BLEUScore:
        """The score of summed ``[sys_len, ref_len, correct.., total..]`` statistics."""
        order = self._max_ngram_order
        return self.compute_bleu(
            correct=stats[2 : 2 + order],
            total=stats[2 + order :],
            sys_len=int(stats[0]),
            ref_len=int(stats[1]),
            smooth_method=self._smooth_method,
            smooth_value=self._smooth_value,
            effective_order=self.effective_order,
            max_ngram_order=order,
        )

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
        correct: Sequence[Any],
        total: Sequence[Any],
        sys_len: Any,
        ref_len: Any,
        smooth_method: str = "none",
        smooth_value: float | None = None,
        effective_order: bool = False,
        max_ngram_order: int = MAX_NGRAM_ORDER,
    ) -> BLEUScore:
        """BLEU from its sufficient statistics, as sacreBLEU's ``BLEU.compute_bleu``.

        ``correct`` and ``total`` are the matches and hypothesis n-grams of orders 1 to
        ``max_ngram_order`` (lists, arrays, integers or floats: the arithmetic is sacreBLEU's
        on the values as given, `parbleu.metrics.bleu.scalar`). The returned counts and
        totals carry k with ``add-k``, as sacreBLEU's do; the arguments are never modified
        (sacreBLEU adds k to them in place).

        Raises:
            parbleu.OptionError: an unknown smoothing method (sacreBLEU asserts).
        """
        method = coerce_enum(Smoothing, smooth_method, "smooth_method")
        if str(method) not in BLEU.SMOOTH_DEFAULTS:
            raise OptionError(f"Unknown smooth_method {smooth_method!r}")
        options = BleuOptions(
            smooth_method=method,
            smooth_value=_smooth_value(smooth_method, smooth_value),
            effective_order=effective_order,
            max_ngram_order=max_ngram_order,
        )
        order = options.max_ngram_order
        for name, values in (("correct", correct), ("total", total)):
            if len(values) < order:
                raise InputError(
                    f"{name} must hold a count for each of the {order} n-gram orders; "
                    f"got {len(values)}: {list(values)!r}"
                )
        one = scalar_bleu(sys_len, ref_len, correct[:order], total[:order], options)
        value = BLEU.SMOOTH_DEFAULTS[smooth_method] if smooth_value is None else smooth_value
        counts, totals = _smoothed_counts(correct, total, smooth_method, value)
        if not any(correct):
            return BLEUScore(0.0, counts, totals, [0.0] * order, one.bp, sys_len, ref_len)
        return BLEUScore(one.score, counts, totals, list(one.precisions), one.bp, sys_len, ref_len)
