"""mbrs 0.1.8's BLEU with reference aggregation, restated in plain Python (no torch).

mbrs cannot be installed here without torch and CUDA (its metrics import torch at the top),
so this oracle restates, step by step and in the same order of float operations, what
naist-nlp/mbrs computes in ``mbrs/metrics/bleu.py``:

* ``MetricBLEU._aggregate_references``: each reference's n-gram counts (sacreBLEU's
  ``_cache_references``) become ``exp(log(count) + lprob)`` and are added reference by
  reference into one Counter; the expected length is the Python ``sum`` of
  ``exp(log(len) + lprob)`` over references with a positive length; ``lprob = -log(m)``.
* ``expected_scores_reference_aggregation``: the hypothesis's n-grams
  (``extract_all_word_ngrams`` after ``_preprocess_segment``), in Counter order, add
  ``float(min(count, expected))`` to the matches of their order and their count to the totals.
* ``MetricBLEU._compute_bleu``: sacreBLEU's ``compute_bleu`` on those float statistics.

It shares no code with parbleu: sacreBLEU tokenizes and counts.
"""

from __future__ import annotations

import math
from collections import Counter

from sacrebleu.metrics.bleu import BLEU
from sacrebleu.metrics.helpers import extract_all_word_ngrams


def _bleu(
    correct: list[float],
    total: list[float],
    sys_len: float,
    ref_len: float,
    scorer: BLEU,
) -> float:
    smooth_value = scorer.smooth_value
    if smooth_value is None:
        smooth_value = BLEU.SMOOTH_DEFAULTS[scorer.smooth_method]
    if sys_len < ref_len:
        penalty = math.exp(1 - ref_len / sys_len) if sys_len > 0 else 0.0
    else:
        penalty = 1.0
    orders = scorer.max_ngram_order
    precisions = [0.0] * orders
    if not any(correct):
        return 0.0
    halvings = 1.0
    effective = orders
    for n in range(1, orders + 1):
        if scorer.smooth_method == "add-k" and n > 1:
            correct[n - 1] += smooth_value
            total[n - 1] += smooth_value
        if total[n - 1] == 0:
            break
        if scorer.effective_order:
            effective = n
        if correct[n - 1] == 0:
            if scorer.smooth_method == "exp":
                halvings *= 2
                precisions[n - 1] = 100.0 / (halvings * total[n - 1])
            elif scorer.smooth_method == "floor":
                precisions[n - 1] = 100.0 * smooth_value / total[n - 1]
        else:
            precisions[n - 1] = 100.0 * correct[n - 1] / total[n - 1]
    logs = [math.log(p) if p > 0.0 else -9999999999.0 for p in precisions[:effective]]
    return penalty * math.exp(sum(logs) / effective)


def aggregated_bleu(
    hypotheses: list[str], references: list[str], lprobs: list[float] | None = None, **options
) -> list[float]:
    """mbrs's expected utility of each hypothesis against the aggregated references."""
    settings = {"effective_order": True, "smooth_method": "exp", **options}
    scorer = BLEU(**settings)
    m = len(references)
    log_shares = lprobs if lprobs is not None else [-math.log(m)] * m
    infos = scorer._cache_references([references])
    expected_length = sum(
        math.exp(math.log(info["ref_lens"][0]) + lp) if info["ref_lens"][0] > 0.0 else 0.0
        for info, lp in zip(infos, log_shares, strict=True)
    )
    expected: Counter = Counter()
    for info, lp in zip(infos, log_shares, strict=True):
        counts = info["ref_ngrams"]
        for ngram in counts:
            counts[ngram] = math.exp(math.log(counts[ngram]) + lp)
        expected += counts
    scores = []
    for hypothesis in hypotheses:
        tokens = scorer._preprocess_segment(hypothesis)
        ngrams, length = extract_all_word_ngrams(tokens, 1, scorer.max_ngram_order)
        correct = [0.0] * scorer.max_ngram_order
        total = correct[:]
        for ngram, count in ngrams.items():
            order = len(ngram) - 1
            total[order] += float(count)
            if ngram in expected:
                correct[order] += float(min(count, expected[ngram]))
        scores.append(_bleu(correct, total, float(length), float(expected_length), scorer))
    return scores
