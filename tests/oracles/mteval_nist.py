"""mteval-v13a.pl's NIST, transliterated into plain Python (the oracle of the NIST tests).

``MtevalNist`` follows the Perl subroutines of mteval-v13a.pl that make a NIST score,
``Words2Ngrams``, ``compute_ngram_info``, ``score_segment``, ``nist_score`` and
``nist_length_penalty``, statement by statement, on n-grams as space-joined strings in
dictionaries, as the Perl does; it shares no code with parbleu.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass


def words_to_ngrams(words: Sequence[str], max_ngram: int) -> Counter[str]:
    """``Words2Ngrams``: every n-gram of up to `max_ngram` words, joined by spaces, counted.

    mteval counts up to ``$max_Ngram = 9`` words; n-grams longer than the scored order change
    no score (the information of an n-gram depends on its own count and its prefix's only),
    so the oracle stops at the order to stay fast.
    """
    count: Counter[str] = Counter()
    for start in range(len(words)):
        ngram = None
        for word in words[start : start + max_ngram]:
            ngram = word if ngram is None else f"{ngram} {word}"
            count[ngram] += 1
    return count


def perl_true(text: str) -> bool:
    """Truth of a Perl string: only the empty string and ``"0"`` are false."""
    return text not in ("", "0")


def nist_length_penalty(ratio: float) -> float:
    """``nist_length_penalty``."""
    if ratio >= 1:
        return 1.0
    if ratio <= 0:
        return 0.0
    ratio_x, score_x = 1.5, 0.5
    beta = -math.log(score_x) / math.log(ratio_x) / math.log(ratio_x)
    return math.exp(-beta * math.log(ratio) * math.log(ratio))


@dataclass
class SegmentCounts:
    """What ``score_segment`` returns for NIST: per order (index n) test count, reference
    count and test information."""

    tst_count: list[int]
    ref_count: list[int]
    tst_info: list[float]


class MtevalNist:
    """NIST of mteval-v13a.pl for tokenized reference sets (each a list of N lines).

    ``perl_truth=False`` replaces the Perl test of the prefix (``$mgram ? ... : ...``) by a
    test for the empty prefix, i.e. Doddington's eq. 2 for every n-gram.
    """

    def __init__(
        self, ref_sets: Sequence[Sequence[str]], order: int = 5, *, perl_truth: bool = True
    ) -> None:
        self.ref_sets = [list(ref_set) for ref_set in ref_sets]
        self.order = order
        # compute_ngram_info
        ngram_count: Counter[str] = Counter()
        tot_wrds = 0
        for ref_set in self.ref_sets:
            for segment in ref_set:
                words = segment.split()
                tot_wrds += len(words)
                ngram_count.update(words_to_ngrams(words, order))
        self.info: dict[str, float] = {}
        for ngram, count in ngram_count.items():
            mgram = " ".join(ngram.split(" ")[:-1])
            has_prefix = perl_true(mgram) if perl_truth else mgram != ""
            ratio = count / ngram_count[mgram] if has_prefix else count / tot_wrds
            self.info[ngram] = -math.log(ratio) / math.log(2)

    def score_segment(self, tst_seg: str, ref_segs: Sequence[str]) -> SegmentCounts:
        """``score_segment``, keeping the NIST outputs."""
        order = self.order
        tst_wrds = tst_seg.split()
        tst_ngrams = words_to_ngrams(tst_wrds, order)
        orders = range(order + 1)  # index 0 unused, as in the Perl arrays
        tst_count = [len(tst_wrds) - j + 1 if 0 < j <= len(tst_wrds) else 0 for j in orders]
        ref_count = [0 for _ in orders]
        tst_info = [0.0 for _ in orders]
        ref_ngrams_max: dict[str, int] = {}
        for ref_seg in ref_segs:
            ref_wrds = ref_seg.split()
            for ngram, count in words_to_ngrams(ref_wrds, order).items():
                ref_ngrams_max[ngram] = max(ref_ngrams_max.get(ngram, count), count)
            for j in range(1, order + 1):
                ref_count[j] += len(ref_wrds) - j + 1 if j <= len(ref_wrds) else 0
        for ngram, count in tst_ngrams.items():
            if ngram not in ref_ngrams_max:
                continue
            n = len(ngram.split(" "))
            tst_info[n] += self.info[ngram] * min(count, ref_ngrams_max[ngram])
        return SegmentCounts(tst_count, ref_count, tst_info)

    def nist_score(self, counts: SegmentCounts) -> float:
        """``nist_score`` (the cumulative score at ``order``)."""
        nsys = len(self.ref_sets)
        score = 0.0
        for n in range(1, self.order + 1):
            score += counts.tst_info[n] / max(counts.tst_count[n], 1)
        return score * nist_length_penalty(counts.tst_count[1] / (counts.ref_count[1] / nsys))

    def counts(self, hypotheses: Sequence[str]) -> tuple[SegmentCounts, list[SegmentCounts]]:
        """``score_system`` over one document: the summed counts and every segment's counts."""
        size = self.order + 1
        total = SegmentCounts([0] * size, [0] * size, [0.0] * size)
        segments = []
        for index, hypothesis in enumerate(hypotheses):
            counts = self.score_segment(hypothesis, [refs[index] for refs in self.ref_sets])
            segments.append(counts)
            for j in range(size):
                total.tst_count[j] += counts.tst_count[j]
                total.ref_count[j] += counts.ref_count[j]
                total.tst_info[j] += counts.tst_info[j]
        return total, segments

    def score(self, hypotheses: Sequence[str]) -> tuple[float, list[float]]:
        """The corpus score and every segment's score (NaN where Perl would divide by 0)."""
        total, segments = self.counts(hypotheses)
        segment_scores = [
            self.nist_score(counts) if counts.ref_count[1] else math.nan for counts in segments
        ]
        return self.nist_score(total), segment_scores
