"""sacreBLEU 2.6.0's ``CHRF`` and ``CHRFScore``, computed by `parbleu.CHRF`.

Same constructor (``char_order``, ``word_order``, ``beta``, ``lowercase``, ``whitespace``,
``eps_smoothing``, ``references``) and class constants; scores are bit-identical. ``beta``
may be any number >= 0, as in sacreBLEU (``CHRF(beta=1.5)`` scores ``chrF1.5``).

The metric's internals have sacreBLEU's layouts, for code that calls them (mbrs):
``_remove_punctuation`` (chrF++'s words), ``_get_match_statistics`` (``[hyp, ref, match]``
of two Counters, float counts welcome), ``_compute_f_score`` (the score of a flat list of
such triples, `parbleu.metrics.chrf.scalar`), ``_extract_reference_info`` and
``_compute_segment_statistics``.

    >>> CHRF().corpus_score(["a b c"], [["a b c"]]).score
    100.0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import parbleu
from parbleu.compat.metrics.base import Metric
from parbleu.compat.metrics.helpers import extract_all_char_ngrams, extract_word_ngrams
from parbleu.compat.metrics.score import CHRFScore
from parbleu.compat.metrics.signature import CHRFSignature, Signature
from parbleu.metrics.chrf import ChrfOptions
from parbleu.metrics.chrf.formula import chrf_orders
from parbleu.metrics.chrf.scalar import scalar_chrf
from parbleu.stats import Stats
from parbleu.tokenizers.chrf_words import PUNCTUATION, split_word

__all__ = ["CHRF", "CHRFScore", "CHRFSignature"]


class CHRF(Metric):
    """chrF (Popović 2015) and chrF++ (Popović 2017) with sacreBLEU's interface."""

    CHAR_ORDER: ClassVar[int] = 6
    WORD_ORDER: ClassVar[int] = 0
    BETA: ClassVar[int] = 2
    _PUNCTS: ClassVar[frozenset[str]] = PUNCTUATION
    _SIGNATURE_TYPE: ClassVar[type[Signature]] = CHRFSignature

    def __init__(
        self,
        char_order: int = CHAR_ORDER,
        word_order: int = WORD_ORDER,
        beta: float = BETA,
        lowercase: bool = False,
        whitespace: bool = False,
        eps_smoothing: bool = False,
        references: Sequence[Sequence[str]] | None = None,
    ) -> None:
        options = ChrfOptions(
            char_order=char_order,
            word_order=word_order,
            beta=beta,
            lowercase=lowercase,
            whitespace=whitespace,
            eps_smoothing=eps_smoothing,
        )
        self._options = options
        self._beta = beta
        super().__init__(parbleu.CHRF(references, options=options), cached=references is not None)

    @property
    def char_order(self) -> int:
        """Largest character n-gram order."""
        return self._options.char_order

    @property
    def word_order(self) -> int:
        """Largest word n-gram order (2 for chrF++)."""
        return self._options.word_order

    @property
    def beta(self) -> float:
        """Recall weighs beta times as much as precision (as given)."""
        return self._beta

    @property
    def order(self) -> int:
        """Character and word orders together."""
        return self.char_order + self.word_order

    @property
    def lowercase(self) -> bool:
        """Compare lowercased text."""
        return self._options.lowercase

    @property
    def whitespace(self) -> bool:
        """Keep whitespace in character n-grams."""
        return self._options.whitespace

    @property
    def eps_smoothing(self) -> bool:
        """chrF++.py's epsilon smoothing instead of the effective order."""
        return self._options.eps_smoothing

    def _to_score(self, result: Any) -> CHRFScore:
        return CHRFScore(result.score, result.char_order, result.word_order, self._beta)

    # -- sacreBLEU's internals, in its layouts ------------------------------------------------

    def _rows(self, stats: Stats) -> list[list[Any]]:
        layout = self._engine.layout
        columns = [
            layout.index(f"{order}_{kind}")
            for order in chrf_orders(self.char_order, self.word_order)
            for kind in ("hyp", "ref", "match")
        ]
        rows: list[list[Any]] = stats.values[:, columns].tolist()
        return rows

    @staticmethod
    def _get_match_statistics(
        hyp_ngrams: Mapping[Any, Any], ref_ngrams: Mapping[Any, Any]
    ) -> list[Any]:
        """``[hyp, ref, match]`` of one order, added up in the hypothesis' order.

        The hypothesis n-grams (0 if the reference has none), the reference n-grams, and each
        shared n-gram's smaller count; counts may be floats, as mbrs gives them.
        """
        hyp_count: Any = 0
        match_count: Any = 0
        for ngram, count in hyp_ngrams.items():  # one addition at a time, as sacreBLEU adds
            hyp_count += count
            if ngram in ref_ngrams:
                match_count += min(count, ref_ngrams[ngram])
        return [hyp_count if ref_ngrams else 0, sum(ref_ngrams.values()), match_count]

    def _remove_punctuation(self, sent: str) -> list[str]:
        """chrF++'s words: one punctuation mark split off an end of each longer word."""
        return [token for word in sent.split() for token in split_word(word)]

    def _preprocess_segment(self, sent: str) -> str:
        """The segment, lowercased if asked."""
        return sent.lower() if self.lowercase else sent

    def _compute_f_score(self, statistics: Sequence[Any]) -> float:
        """The chrF of a flat ``[hyp, ref, match] * order`` list (sacreBLEU's arithmetic)."""
        triples = (tuple(statistics[3 * i : 3 * i + 3]) for i in range(self.order))
        return scalar_chrf(triples, self._beta, eps_smoothing=self.eps_smoothing)

    def _compute_score_from_stats(self, stats: Sequence[Any]) -> CHRFScore:
        """The score of summed statistics."""
        return CHRFScore(self._compute_f_score(stats), self.char_order, self.word_order, self._beta)

    def _ngrams(self, sent: str) -> list[Counter[str]]:
        """Character n-gram Counters of every order, then chrF++'s word n-gram Counters."""
        counts: list[Counter[str]] = extract_all_char_ngrams(sent, self.char_order, self.whitespace)
        if self.word_order > 0:
            words = self._remove_punctuation(sent)
            counts += [extract_word_ngrams(words, n) for n in range(1, self.word_order + 1)]
        return counts

    def _extract_reference_info(self, refs: Sequence[str]) -> dict[str, Any]:
        """``ref_ngrams``: per reference, its n-gram Counters of every order."""
        return {"ref_ngrams": [self._ngrams(ref) for ref in refs]}

    def _compute_segment_statistics(self, hypothesis: str, ref_kwargs: dict[str, Any]) -> list[Any]:
        """The statistics against the reference with the best chrF (the first on a tie)."""
        hypothesis_ngrams = self._ngrams(hypothesis)
        best: list[Any] = []
        best_score = -1.0
        for reference in ref_kwargs["ref_ngrams"]:
            stats = [
                value
                for mine, theirs in zip(hypothesis_ngrams, reference, strict=False)
                for value in self._get_match_statistics(mine, theirs)
            ]
            score = self._compute_f_score(stats)
            if score > best_score:
                best, best_score = stats, score
        return best
