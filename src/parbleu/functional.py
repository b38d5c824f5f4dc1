"""One-call scoring functions, named and shaped like sacreBLEU's.

Each function builds the metric object with the given options and scores once. References
given to one call serve that call only, so the metric takes its fastest path for them
(`parbleu.metrics.base.Metric.call_statistics`): a few segments in plain Python, more chunk
by chunk through the metric's ``chunk_statistics`` (BLEU counts both sides in one pass), in
memory bounded by one chunk; NIST, whose weights need every reference, prepares them all.
The scores are the same on every path. To score many systems against the same references,
build the metric object once instead: it prepares the references a single time.

    >>> from parbleu import corpus_bleu
    >>> hyps = ["The cat sat on the mat."]
    >>> round(corpus_bleu(hyps, [["The cat sat on the mat."]]).score, 1)
    100.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.errors import OptionError
from parbleu.metrics.bleu.metric import BLEU
from parbleu.metrics.bleu.result import BleuScore
from parbleu.metrics.chrf.metric import CHRF
from parbleu.metrics.chrf.result import ChrfScore
from parbleu.metrics.nist.metric import NIST
from parbleu.metrics.nist.result import NistScore
from parbleu.metrics.ter.metric import TER
from parbleu.metrics.ter.result import TerScore
from parbleu.metrics.wer.metric import CER, WER
from parbleu.metrics.wer.result import CerScore, WerScore
from parbleu.references import check_hypotheses, resolve_references

__all__ = [
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


def corpus_bleu(
    hypotheses: Sequence[str],
    references: Any = None,
    *,
    ref_streams: Any = None,
    segment_refs: Any = None,
    **options: Any,
) -> BleuScore:
    """Corpus BLEU of `hypotheses` (options as for `parbleu.BLEU`).

    References are reference streams (K sequences of N strings, as in sacreBLEU), or
    ``segment_refs=`` (N sequences with the references of each segment).
    """
    return BLEU(**options).corpus_score(
        hypotheses, references, ref_streams=ref_streams, segment_refs=segment_refs
    )


def sentence_bleu(hypothesis: str, references: Sequence[str], **options: Any) -> BleuScore:
    """BLEU of one sentence against its references, with effective order unless told otherwise.

    Like sacreBLEU's ``sentence_bleu``, ``effective_order`` defaults to True here.
    """
    options.setdefault("effective_order", True)
    return BLEU(**options).sentence_score(hypothesis, references)


def sentence_bleu_scores(
    hypotheses: Sequence[str],
    references: Any = None,
    *,
    ref_streams: Any = None,
    segment_refs: Any = None,
    **options: Any,
) -> npt.NDArray[np.float64]:
    """Sentence BLEU of every segment as one array (effective order unless told otherwise)."""
    options.setdefault("effective_order", True)
    return BLEU(**options).sentence_scores(
        hypotheses, references, ref_streams=ref_streams, segment_refs=segment_refs
    )


def corpus_chrf(
    hypotheses: Sequence[str],
    references: Any = None,
    *,
    ref_streams: Any = None,
    segment_refs: Any = None,
    **options: Any,
) -> ChrfScore:
    """Corpus chrF (chrF++ with ``word_order=2``; options as for `parbleu.CHRF`).

    >>> round(corpus_chrf(["The cat sat."], [["The cat sat."]]).score, 1)
    100.0
    """
    return CHRF(**options).corpus_score(
        hypotheses, references, ref_streams=ref_streams, segment_refs=segment_refs
    )


def sentence_chrf(hypothesis: str, references: Sequence[str], **options: Any) -> ChrfScore:
    """ChrF of one sentence against its references (options as for `parbleu.CHRF`)."""
    return CHRF(**options).sentence_score(hypothesis, references)


def corpus_ter(
    hypotheses: Sequence[str],
    references: Any = None,
    *,
    ref_streams: Any = None,
    segment_refs: Any = None,
    **options: Any,
) -> TerScore:
    """Corpus TER (options as for `parbleu.TER`); lower is better.

    >>> corpus_ter(["the cat sat"], [["the cat sat down"]]).score
    25.0
    """
    return TER(**options).corpus_score(
        hypotheses, references, ref_streams=ref_streams, segment_refs=segment_refs
    )


def sentence_ter(hypothesis: str, references: Sequence[str], **options: Any) -> TerScore:
    """TER of one sentence against its references (options as for `parbleu.TER`)."""
    return TER(**options).sentence_score(hypothesis, references)


def corpus_nist(
    hypotheses: Sequence[str],
    references: Any = None,
    *,
    ref_streams: Any = None,
    segment_refs: Any = None,
    **options: Any,
) -> NistScore:
    """Corpus NIST as mteval-v13a computes it (options as for `parbleu.NIST`)."""
    return NIST(**options).corpus_score(
        hypotheses, references, ref_streams=ref_streams, segment_refs=segment_refs
    )


def corpus_bleu_for_weights(
    hypotheses: Sequence[str],
    references: Any = None,
    *,
    weights: Sequence[Sequence[float]],
    ref_streams: Any = None,
    segment_refs: Any = None,
    **options: Any,
) -> list[BleuScore]:
    """Corpus BLEU for several weight vectors from one counting pass (e.g. BLEU-1 to BLEU-4).

    The n-grams are counted once up to the longest weight vector's order; each weight vector
    then gives its own score, as NLTK's ``corpus_bleu`` does for a list of weights.
    """
    if not weights or isinstance(weights[0], (int, float)):
        raise OptionError("weights must be a list of weight vectors, e.g. [(1.0,), (0.5, 0.5)]")
    lines = check_hypotheses(hypotheses)
    reference_set = resolve_references(
        len(lines), references, ref_streams=ref_streams, segment_refs=segment_refs
    )
    longest = max(len(vector) for vector in weights)
    counting = BLEU(max_ngram_order=longest, **options)
    counting = counting.with_prepared(counting.prepare(reference_set))
    totals = counting.statistics(lines).total()
    results = []
    for vector in weights:
        metric = counting.with_weights(vector)  # reads the same columns, by name
        results.append(metric.score_totals(totals, metric.signature(reference_set.nrefs)))
    return results


def corpus_wer(
    hypotheses: Sequence[str],
    references: Any = None,
    *,
    ref_streams: Any = None,
    segment_refs: Any = None,
    **options: Any,
) -> WerScore:
    """Corpus word error rate, jiwer's ``wer`` times 100 (options as for `parbleu.WER`).

    >>> corpus_wer(["the cat sat"], [["the cat sat down"]]).score
    25.0
    """
    return WER(**options).corpus_score(
        hypotheses, references, ref_streams=ref_streams, segment_refs=segment_refs
    )


def sentence_wer(hypothesis: str, references: Sequence[str], **options: Any) -> WerScore:
    """Word error rate of one sentence against its references (options as for `parbleu.WER`)."""
    return WER(**options).sentence_score(hypothesis, references)


def corpus_cer(
    hypotheses: Sequence[str],
    references: Any = None,
    *,
    ref_streams: Any = None,
    segment_refs: Any = None,
    **options: Any,
) -> CerScore:
    """Corpus character error rate, jiwer's ``cer`` times 100 (options as for `parbleu.CER`)."""
    return CER(**options).corpus_score(
        hypotheses, references, ref_streams=ref_streams, segment_refs=segment_refs
    )


def sentence_cer(hypothesis: str, references: Sequence[str], **options: Any) -> CerScore:
    """Character error rate of one sentence against its references (as for `parbleu.CER`)."""
    return CER(**options).sentence_score(hypothesis, references)
