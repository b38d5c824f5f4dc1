"""MBR with reference aggregation: each candidate against one averaged pseudo-reference.

DeNero et al. (2009), "Fast Consensus Decoding over Translation Forests"; Vamvas and
Sennrich (2024), "Linear-time Minimum Bayes Risk Decoding with Reference Aggregation". The
n-gram statistics of the m pseudo-references are averaged once, and each candidate is scored
against the average: ``n + m`` sentences are counted instead of ``n x m`` pairs.

* chrF and chrF++, as fastchrf's ``aggregate_chrf`` (jvamvas/fastChrF, ``src/lib.rs``,
  ``chrf_aggregate``): with uniform weights the counts stay integers, the candidate's counts
  multiplied by m against the references' summed counts (``min(m * h_g, sum_j r_jg)``), so
  the statistics are exact; with weights ``w_j`` the expected counts
  ``sum_j w_j r_jg / sum_j w_j`` are compared with the candidate's own.
* BLEU by expected n-gram counts, as mbrs computes it (naist-nlp/mbrs,
  ``mbrs/metrics/bleu.py``: ``MetricBLEU._aggregate_references`` and
  ``expected_scores_reference_aggregation``): reference j adds ``exp(log(c_jg) + lp_j)`` to
  n-gram g and ``exp(log(len_j) + lp_j)`` to the expected length, with ``lp_j = -log(m)``
  (uniform) or the normalized log-weight; a candidate's matches of order n are
  ``min(h_g, E_g)`` summed over its n-grams in the order they first occur, and the score is
  sacreBLEU's BLEU formula on these float statistics. Every sum is taken in mbrs's order,
  with the C library's ``exp`` and ``log`` (`parbleu.numeric.libm`), so the expected
  utilities are bit-identical to mbrs's (tests/oracles/mbrs_bleu.py restates its code).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from parbleu.arrays import FloatArray, IntArray
from parbleu.engine.segments import Segments
from parbleu.errors import InputError, OptionError
from parbleu.numeric import libm
from parbleu.pairwise.kernel import Entries, ngram_entries
from parbleu.pairwise.matrix import check_lines
from parbleu.pairwise.plan import Plan, Side, plan
from parbleu.pairwise.sums import ordered_sums

__all__ = ["aggregate", "checked_weights"]


def checked_weights(weights: object, m: int) -> FloatArray:
    """`weights` as an array of m finite non-negative numbers with a positive sum.

    Weights whose sum overflows (1e308 each: every utility became NaN) or is subnormal are
    scaled to a largest weight of 1, which leaves every weighted mean unchanged; other
    weights are returned as given, so that utilities stay bit-identical to fastchrf's and
    mbrs's.

    Raises:
        InputError: anything else (a string, a mapping, the wrong count, NaN, a negative
            weight), saying what was received.
    """
    expected = (
        f"weights must be {m} finite non-negative numbers (one per pseudo-reference) with "
        "a positive sum"
    )
    if isinstance(weights, (str, bytes, Mapping)):
        raise InputError(f"{expected}; got {type(weights).__name__} {weights!r:.40}")
    try:
        w = np.asarray(weights, dtype=np.float64)
    except (TypeError, ValueError):
        raise InputError(f"{expected}; got {weights!r:.60}") from None
    if w.shape != (m,) or not np.isfinite(w).all() or (w < 0).any() or not w.any():
        raise InputError(f"{expected}; got {w.size} values: {weights!r:.60}")
    with np.errstate(over="ignore"):
        total = w.sum()
    if np.isfinite(total) and total >= np.finfo(np.float64).tiny:
        return w
    scaled: FloatArray = w / w.max()
    return scaled


def aggregate(
    hypotheses: Sequence[str],
    pseudo_references: Sequence[str] | None = None,
    *,
    metric: str = "chrf",
    weights: Sequence[float] | FloatArray | None = None,
    **options: Any,
) -> FloatArray:
    """Each hypothesis's score against the aggregated pseudo-references (its utility).

    Args:
        hypotheses: n candidates.
        pseudo_references: m pseudo-references (None: the candidates themselves).
        metric: ``chrf``, ``chrf++`` or ``bleu`` (TER has no n-gram statistics to average).
        weights: one non-negative weight per pseudo-reference (None: uniform).
        **options: the metric's options (`parbleu.CHRF`, `parbleu.BLEU`).

    Raises:
        OptionError: a metric without n-gram statistics.
        InputError: no pseudo-references, or bad weights.
    """
    scoring = plan(metric, options)
    hyps = check_lines(hypotheses, "hypotheses")
    given = pseudo_references is None or pseudo_references is hypotheses
    refs = hyps if given else check_lines(pseudo_references, "pseudo_references")
    if not scoring.sides:
        raise OptionError(f"reference aggregation needs n-gram statistics; {metric!r} has none")
    if not refs:
        raise InputError("reference aggregation needs at least one pseudo-reference")
    w = None if weights is None else checked_weights(weights, len(refs))
    by_name: dict[str, Any] = {}
    for side in scoring.sides:
        encoded = side.encode(hyps if given else hyps + refs)
        if side.prefix:
            by_name.update(_chrf_columns(side, encoded, len(hyps), len(refs), w))
        else:
            by_name.update(_bleu_columns(side, encoded, len(hyps), len(refs), w))
    rows = scoring.metric.layout.assemble(by_name, dtype=_dtype(scoring, w))
    utilities: FloatArray = scoring.metric.scores(rows)
    return utilities


def _dtype(scoring: Plan, w: FloatArray | None) -> type:
    integer = w is None and all(side.prefix for side in scoring.sides)
    return np.int64 if integer else np.float64


def _split(encoded: Segments, side: Side, n: int) -> list[tuple[Entries, Entries]]:
    """Per order: the hypotheses' entries and the references' (rows renumbered from 0)."""
    shared = len(encoded.lengths) == n
    result = []
    for entries in ngram_entries(encoded.values, encoded.offsets, side.order):
        if shared:
            result.append((entries, entries))
            continue
        refs = entries.take(entries.row >= n)
        refs = Entries(refs.ngram, refs.row - n, refs.count, refs.first)
        result.append((entries.take(entries.row < n), refs))
    return result


def _chrf_columns(
    side: Side, encoded: Segments, n: int, m: int, w: FloatArray | None
) -> dict[str, Any]:
    lengths = encoded.lengths
    hyp_lengths, ref_lengths = lengths[:n], lengths[-m:]
    share = np.full(m, 1.0 / m) if w is None else w / w.sum()
    columns: dict[str, Any] = {}
    for order, (hyps, refs) in enumerate(_split(encoded, side, n), 1):
        size = int(max(hyps.ngram.max(initial=0), refs.ngram.max(initial=0))) + 1
        ref_totals = np.maximum(ref_lengths - order + 1, 0)
        hyp_totals = np.maximum(hyp_lengths - order + 1, 0)
        if w is None:  # fastchrf: hypothesis counts times m against summed reference counts
            expected = np.bincount(refs.ngram, weights=refs.count, minlength=size)
            found = np.minimum(m * hyps.count, expected.take(hyps.ngram))
            ref_total: float = int(ref_totals.sum())
            hyp_total = m * hyp_totals
        else:
            expected = np.bincount(
                refs.ngram, weights=refs.count * share.take(refs.row), minlength=size
            )
            found = np.minimum(hyps.count, expected.take(hyps.ngram))
            ref_total = float(ref_totals @ share)
            hyp_total = hyp_totals
        matches = np.bincount(hyps.row, weights=found, minlength=n)
        has_ref = ref_total > 0  # sacreBLEU records nothing for an order without reference n-grams
        columns[f"{side.prefix}{order}_hyp"] = hyp_total if has_ref else np.zeros(n)
        columns[f"{side.prefix}{order}_ref"] = np.full(n, ref_total)
        columns[f"{side.prefix}{order}_match"] = matches if has_ref else np.zeros(n)
    return columns


def _log_shares(w: FloatArray | None, m: int) -> FloatArray:
    """The ``lprobs`` of mbrs: ``-log(m)`` each, or the log-weights normalized to sum to one."""
    if w is None:
        return np.full(m, -math.log(m))
    positive = w > 0
    logs = np.full(m, -np.inf)
    logs[positive] = libm.log(w[positive]) - math.log(float(w.sum()))
    return logs


def _expected(values: IntArray, log_shares: FloatArray, rows: IntArray) -> FloatArray:
    """``exp(log(value) + log_share[row])`` per item, each distinct pair computed once."""
    pairs, inverse = np.unique(np.stack([values, rows]), axis=1, return_inverse=True)
    shares = log_shares.take(pairs[1])
    terms = np.zeros(pairs.shape[1])
    live = (pairs[0] > 0) & np.isfinite(shares)
    terms[live] = libm.exp(libm.log(pairs[0][live]) + shares[live])
    return terms.take(inverse.reshape(-1))


def _bleu_columns(
    side: Side, encoded: Segments, n: int, m: int, w: FloatArray | None
) -> dict[str, Any]:
    lengths = encoded.lengths.astype(np.int64)
    log_shares = _log_shares(w, m)
    ref_rows = np.arange(m, dtype=np.int64)
    length_terms = _expected(lengths[-m:], log_shares, ref_rows)
    expected_length = ordered_sums(np.zeros(m, dtype=np.int64), ref_rows, length_terms, 1)[0]
    columns: dict[str, Any] = {
        "sys_len": lengths[:n].astype(np.float64),
        "ref_len": np.full(n, expected_length),
    }
    for order, (hyps, refs) in enumerate(_split(encoded, side, n), 1):
        size = int(max(hyps.ngram.max(initial=0), refs.ngram.max(initial=0))) + 1
        terms = _expected(refs.count, log_shares, refs.row)
        expected = ordered_sums(refs.ngram, refs.row, terms, size)  # references in order
        found = np.minimum(hyps.count, expected.take(hyps.ngram))
        first = hyps.first if hyps.first is not None else np.zeros_like(hyps.row)
        columns[f"match_{order}"] = ordered_sums(hyps.row, first, found, n)
        columns[f"total_{order}"] = np.maximum(lengths[:n] - order + 1, 0).astype(np.float64)
    return columns
