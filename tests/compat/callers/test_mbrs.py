"""mbrs (naist-nlp/mbrs, commit 6a6dc0b): its metrics modules on sacreBLEU's internals.

Reproduced patterns (oracle: the same pattern run with sacreBLEU 2.6.0):

* ``mbrs/metrics/bleu.py:11-12``: ``from sacrebleu.metrics.bleu import BLEU, MAX_NGRAM_ORDER``
  and ``from sacrebleu.metrics.helpers import extract_all_word_ngrams`` (before issue 23,
  mbrs could not import this module on parbleu);
* ``bleu.py:92`` and ``chrf.py:136``, ``ter.py:71``: one metric object, ``sentence_score(h,
  [r]).score`` for every candidate against every other (the pairwise matrix of MBR);
* ``bleu.py:310-335``: ``_cache_references([references])`` of the pseudo-references, their
  n-gram counts rescaled to floats in place and summed (reference aggregation);
* ``bleu.py:360-392``: ``_preprocess_segment``, ``extract_all_word_ngrams`` and mbrs's own
  copy of ``compute_bleu`` with the scorer's ``smooth_method``, ``smooth_value``,
  ``effective_order`` and ``max_ngram_order``;
* ``chrf.py:240-255`` and ``chrf.py:299-319``: ``_cache_references([[ref] for ref in refs])``
  (one segment holding every reference), float counts, ``_preprocess_segment``,
  ``extract_all_char_ngrams``, ``_remove_punctuation``, ``extract_word_ngrams``,
  ``_get_match_statistics`` and ``_compute_f_score``.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from typing import Any

import pytest

from tests.compat.callers.conftest import Corpus
from tests.compat.callers.patterns import assert_identical, run_both

pytestmark = pytest.mark.shared_data

#: Candidates per segment and segments of the MBR patterns.
CANDIDATES, SEGMENTS = 6, 8


def _candidates(corpus: Corpus) -> list[list[str]]:
    """Per segment, the systems' outputs and the references: MBR's samples."""
    lists = []
    for i in range(SEGMENTS):
        pool = [system[i] for system in corpus.systems.values()]
        pool += [refs[i] for refs in corpus.refs.values()]
        lists.append(pool[:CANDIDATES])
    return lists


def test_the_metrics_modules_import(ende: Corpus) -> None:
    def pattern() -> tuple[Any, ...]:
        from sacrebleu.metrics.bleu import BLEU, MAX_NGRAM_ORDER  # noqa: PLC0415
        from sacrebleu.metrics.chrf import CHRF  # noqa: PLC0415
        from sacrebleu.metrics.helpers import (  # noqa: PLC0415
            extract_all_char_ngrams,
            extract_all_word_ngrams,
            extract_word_ngrams,
        )
        from sacrebleu.metrics.ter import TER  # noqa: PLC0415

        tokens = ende.ref[0]
        return (
            MAX_NGRAM_ORDER,
            sorted(BLEU.SMOOTH_DEFAULTS),
            extract_all_word_ngrams(tokens, 1, 4),
            extract_all_char_ngrams(tokens, 6, False),
            extract_word_ngrams(tokens.split(), 2),
            CHRF.CHAR_ORDER,
            TER.__name__,
        )

    assert_identical(*run_both(pattern))


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("BLEU", {"effective_order": True}),  # mbrs's MetricBLEU.Config defaults
        ("BLEU", {"effective_order": True, "smooth_method": "floor", "tokenize": "intl"}),
        ("CHRF", {}),
        ("CHRF", {"word_order": 2}),
        ("TER", {}),
    ],
)
def test_pairwise_matrix(ende: Corpus, name: str, options: dict[str, Any]) -> None:
    lists = _candidates(ende)[: 2 if name == "TER" else SEGMENTS]  # sacreBLEU's TER is slow

    def pattern() -> list[list[float]]:
        import sacrebleu.metrics  # noqa: PLC0415

        scorer = getattr(sacrebleu.metrics, name)(**options)
        return [[scorer.sentence_score(h, [r]).score for h in pool for r in pool] for pool in lists]

    assert_identical(*run_both(pattern))


def _compute_bleu(
    correct: list[float],
    total: list[float],
    sys_len: float,
    ref_len: float,
    smooth_method: str,
    smooth_value: float | None,
    effective_order: bool,
    max_ngram_order: int,
    defaults: dict[str, Any],
) -> float:
    """mbrs's copy of ``compute_bleu`` over expected (float) counts (our own transcription)."""
    value = defaults[smooth_method] if smooth_value is None else smooth_value
    bp = 1.0 if sys_len >= ref_len else (math.exp(1 - ref_len / sys_len) if sys_len > 0 else 0.0)
    precisions = [0.0] * max_ngram_order
    if not any(correct):
        return 0.0
    halving, orders = 1.0, max_ngram_order
    for n in range(max_ngram_order):
        if smooth_method == "add-k" and n > 0:
            correct[n] += value
            total[n] += value
        if total[n] == 0:
            break
        if effective_order:
            orders = n + 1
        if correct[n] == 0:
            if smooth_method == "exp":
                halving *= 2
                precisions[n] = 100.0 / (halving * total[n])
            elif smooth_method == "floor":
                precisions[n] = 100.0 * value / total[n]
        else:
            precisions[n] = 100.0 * correct[n] / total[n]
    logs = [math.log(p) if p > 0 else -9999999999.0 for p in precisions[:orders]]
    return bp * math.exp(sum(logs) / orders)


def test_bleu_reference_aggregation(ende: Corpus) -> None:
    lists = _candidates(ende)

    def pattern() -> list[Any]:
        from sacrebleu.metrics.bleu import BLEU  # noqa: PLC0415
        from sacrebleu.metrics.helpers import extract_all_word_ngrams  # noqa: PLC0415

        scorer = BLEU(effective_order=True)
        out: list[Any] = []
        for references in lists:
            lprobs = [-math.log(len(references))] * len(references)
            reference_stats = scorer._cache_references([references])
            length = sum(
                math.exp(math.log(s["ref_lens"][0]) + p) if s["ref_lens"][0] > 0 else 0.0
                for s, p in zip(reference_stats, lprobs, strict=True)
            )
            aggregated: Counter[Any] = Counter()
            for i, stats in enumerate(reference_stats):
                ngrams = stats["ref_ngrams"]
                for ngram in ngrams:
                    ngrams[ngram] = math.exp(math.log(ngrams[ngram]) + lprobs[i])
                aggregated += ngrams
            for hypothesis in references:
                tokens = scorer._preprocess_segment(hypothesis)
                hyp_ngrams, hyp_len = extract_all_word_ngrams(tokens, 1, scorer.max_ngram_order)
                correct = [0.0] * scorer.max_ngram_order
                total = correct[:]
                for ngram, count in hyp_ngrams.items():
                    total[len(ngram) - 1] += float(count)
                    if ngram in aggregated:
                        correct[len(ngram) - 1] += float(min(count, aggregated[ngram]))
                out.append(
                    _compute_bleu(
                        correct,
                        total,
                        float(hyp_len),
                        length,
                        scorer.smooth_method,
                        scorer.smooth_value,
                        scorer.effective_order,
                        scorer.max_ngram_order,
                        BLEU.SMOOTH_DEFAULTS,
                    )
                )
            out.append(reference_stats)
        return out

    assert_identical(*run_both(pattern))


@pytest.mark.parametrize("word_order", [0, 2])
def test_chrf_reference_aggregation(ende: Corpus, word_order: int) -> None:
    lists = _candidates(ende)

    def pattern() -> list[Any]:
        from sacrebleu.metrics.chrf import CHRF  # noqa: PLC0415
        from sacrebleu.metrics.helpers import (  # noqa: PLC0415
            extract_all_char_ngrams,
            extract_word_ngrams,
        )

        scorer = CHRF(word_order=word_order)
        out: list[Any] = []
        for references in lists:
            reference_ngrams = scorer._cache_references([[ref] for ref in references])[0][
                "ref_ngrams"
            ]
            lprobs = [-math.log(len(references))] * len(references)
            accumulated: defaultdict[int, Counter[Any]] = defaultdict(Counter)
            for i, ngrams in enumerate(reference_ngrams):
                for order, counts in enumerate(ngrams):
                    for ngram in counts:
                        counts[ngram] = math.exp(math.log(counts[ngram]) + lprobs[i])
                    accumulated[order] += counts
            aggregated = [accumulated[order] for order in range(len(accumulated))]
            for sample in references:
                hypothesis = scorer._preprocess_segment(sample)
                hyp_ngrams = extract_all_char_ngrams(
                    hypothesis, scorer.char_order, scorer.whitespace
                )
                if scorer.word_order > 0:
                    words = scorer._remove_punctuation(hypothesis)
                    hyp_ngrams.extend(
                        extract_word_ngrams(words, n) for n in range(1, scorer.word_order + 1)
                    )
                stats: list[Any] = []
                for h, r in zip(hyp_ngrams, aggregated, strict=False):
                    stats.extend(scorer._get_match_statistics(h, r))
                out.append((stats, scorer._compute_f_score(stats)))
        return out

    assert_identical(*run_both(pattern))
