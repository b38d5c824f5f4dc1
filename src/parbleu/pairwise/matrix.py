"""``n x m`` matrices of sentence scores: every hypothesis against every reference.

Cell ``(i, j)`` is the sentence score of hypothesis i with reference j as its only
reference: the metric's sentence-level variant (its registry entry's: BLEU with effective
order, as sacreBLEU's ``sentence_bleu``), identical to
``parbleu.BLEU(effective_order=True).sentence_score(h_i, [r_j])`` and to sacreBLEU's
``sentence_bleu`` / ``sentence_chrf``. The statistics of metrics whose entry shows n-gram
matches (BLEU) or character matches (chrF) come from one pass over the n-grams
(`parbleu.pairwise.kernel`); the score of every cell from the metric's own formula, applied
to the rows of a block of cells through ``metric.scores`` with the columns read by name.
Neither BLEU nor chrF is symmetric, so every cell is computed; only the encoding is shared
when the two lists are the same object (MBR with the candidates as pseudo-references). Every
other metric of `parbleu.metrics.registry` (TER, ROUGE, plug-ins) has no n-gram counts to
share: its cells are scored pair by pair through its own statistics, a block of pairs at a
time.

Cells are scored in blocks of whole rows of at most `BLOCK_CELLS` cells: the statistics of
a block (about 600 bytes a cell) are freed before the next block, so memory beyond the
``n x m`` float64 result is bounded by the block, whatever n and m (docs/training.md).

    >>> from parbleu import pairwise
    >>> candidates = ["the cat sat on the mat", "a cat sat on the mat", "the dog sat"]
    >>> pairwise.matrix(candidates, metric="chrf").round(1).tolist()[0]
    [100.0, 89.0, 21.8]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray, IntArray
from parbleu.engine.ranges import fixed_ranges
from parbleu.engine.segments import Segments
from parbleu.errors import InputError
from parbleu.pairwise.kernel import Entries, ReferenceIndex, ngram_entries, shared_counts
from parbleu.pairwise.plan import Plan, Side, plan
from parbleu.pairwise.square import self_matches
from parbleu.stats import Layout

__all__ = ["BLOCK_CELLS", "matrices", "matrix"]

#: Cells whose statistics are held at once (about 600 bytes each: 40 MB a block).
BLOCK_CELLS = 1 << 16


@dataclass(frozen=True)
class _Order:
    """One n-gram order of one side: hypothesis entries by row, references indexed once."""

    hyps: Entries
    #: Row r's entries are ``hyps[hyp_bounds[r]:hyp_bounds[r + 1]]``; None: the hypotheses
    #: are in one block, sorted by n-gram, not by row.
    hyp_bounds: IntArray | None
    refs: ReferenceIndex


@dataclass(frozen=True)
class _SideCounts:
    """One side's n-gram counts: every cell's matches (`squares`, by order) or the tables."""

    side: Side
    lengths: tuple[IntArray, IntArray]  # of the hypotheses, of the references
    squares: list[npt.NDArray[Any]]
    orders: list[_Order] | None


def check_lines(lines: object, what: str) -> list[str]:
    """`lines` as a list of strings, or an `InputError` naming `what` and the bad item."""
    if isinstance(lines, str) or not isinstance(lines, Sequence):
        raise InputError(f"{what}: expected a list of strings; got {type(lines).__name__}")
    for index, line in enumerate(lines):
        if not isinstance(line, str):
            raise InputError(f"{what}[{index}]: expected a str; got {type(line).__name__}")
    return list(lines)


def _orders(side: Side, encoded: Segments, n: int, shared: bool, blocks: int) -> list[_Order]:
    """Every order of one side, split into hypotheses (by row if in `blocks` > 1) and references.

    `encoded` holds the n hypotheses then the m references, or only the n sentences when
    `shared` (the same list on both sides).
    """
    result = []
    for entries in ngram_entries(encoded.values, encoded.offsets, side.order):
        if shared:
            hyps, refs = entries, entries
        else:
            hyps, refs = entries.take(entries.row < n), entries.take(entries.row >= n)
            refs = Entries(refs.ngram, refs.row - n, refs.count)
        size = int(entries.ngram.max()) + 1 if len(entries.ngram) else 1
        bounds = None
        if blocks > 1:
            hyps = hyps.take(np.argsort(hyps.row, kind="stable"))
            bounds = np.searchsorted(hyps.row, np.arange(n + 1, dtype=np.int64)).astype(np.int64)
        result.append(_Order(hyps, bounds, ReferenceIndex.of(refs, size)))
    return result


def _block_matches(orders: list[_Order], rows: tuple[int, int], m: int) -> list[npt.NDArray[Any]]:
    """Each order's shared n-gram counts of the cells of rows ``lo .. hi``, row by row."""
    lo, hi = rows
    result = []
    for counts in orders:
        block = counts.hyps
        if counts.hyp_bounds is not None:
            block = block.take(np.arange(counts.hyp_bounds[lo], counts.hyp_bounds[hi]))
            block = Entries(block.ngram, block.row - lo, block.count)
        result.append(shared_counts(block, counts.refs, (hi - lo, m)).reshape(-1))
    return result


def _block_columns(
    side: Side,
    matches: Sequence[npt.NDArray[Any]],
    lengths: tuple[IntArray, IntArray],
    rows: tuple[int, int],
) -> dict[str, npt.NDArray[Any]]:
    """Statistics columns of one side for the cells of rows ``lo .. hi``, by name.

    ``matches[k]`` holds the shared (k + 1)-gram counts of those cells, row by row. Each
    column is given as an array that broadcasts to the block's ``(rows, m)`` cells (the
    hypothesis lengths as one column, the reference lengths as one row).
    """
    lo, hi = rows
    hyp_lengths, ref_lengths = lengths[0][lo:hi, None], lengths[1][None, :]
    cells = (hi - lo, ref_lengths.shape[1])
    columns: dict[str, npt.NDArray[Any]] = {}
    if not side.prefix:
        columns["sys_len"], columns["ref_len"] = hyp_lengths, ref_lengths
    for order, order_matches in enumerate(matches, 1):
        hyp_total = np.maximum(hyp_lengths - order + 1, 0)
        ref_total = np.maximum(ref_lengths - order + 1, 0)
        if side.prefix:  # chrF: sacreBLEU records no hypothesis n-grams if the reference has none
            every = bool(ref_total.all())  # then no cell needs the hypothesis count cleared
            columns[f"{side.prefix}{order}_hyp"] = (
                hyp_total if every else np.where(ref_total > 0, hyp_total, 0)
            )
            columns[f"{side.prefix}{order}_ref"] = ref_total
            columns[f"{side.prefix}{order}_match"] = order_matches.reshape(cells)
        else:
            columns[f"match_{order}"] = order_matches.reshape(cells)
            columns[f"total_{order}"] = hyp_total
    return columns


def _column_major(
    layout: Layout, by_name: dict[str, npt.NDArray[Any]], cells: tuple[int, int]
) -> FloatArray:
    """The rows of statistics of a block of ``rows x m`` cells stored column by column.

    Every column of `layout` is read by name from `by_name` (arrays broadcasting to the
    block's cells). The formulas read one named column of every row at a time: stored
    column-major (and as float64, which they compute in), each is one contiguous array,
    read about twice as fast as a column of row-major rows.
    """
    missing = set(layout.columns) - set(by_name)
    if missing:
        raise InputError(f"statistics columns {sorted(missing)} were not given")
    columns = np.empty((len(layout.columns), cells[0] * cells[1]), dtype=np.float64)
    for name, values in by_name.items():
        columns[layout.index(name)].reshape(cells)[...] = values
    rows: FloatArray = columns.T
    return rows


def _ngram_scores(
    scoring: Plan,
    encoded: Sequence[Segments],
    shape: tuple[int, int],
    *,
    shared: bool,
) -> FloatArray:
    n, m = shape
    blocks = fixed_ranges(n, BLOCK_CELLS // max(m, 1))
    sides = []
    for side, side_tokens in zip(scoring.sides, encoded, strict=True):
        all_lengths = side_tokens.lengths
        lengths = (all_lengths[:n], all_lengths[:m] if shared else all_lengths[n:])
        squares = None
        if shared and len(blocks) == 1:  # a list against itself in one block: all orders at once
            squares = self_matches(side_tokens.values, side_tokens.offsets, side.order)
        if squares is not None:
            sides.append(_SideCounts(side, lengths, [s.reshape(-1) for s in squares], None))
        else:
            orders = _orders(side, side_tokens, n, shared, len(blocks))
            sides.append(_SideCounts(side, lengths, [], orders))
    out = np.empty((n, m), dtype=np.float64)
    for lo, hi in blocks:
        by_name: dict[str, npt.NDArray[Any]] = {}
        for counts in sides:
            matches = counts.squares or _block_matches(counts.orders or [], (lo, hi), m)
            by_name.update(_block_columns(counts.side, matches, counts.lengths, (lo, hi)))
        rows = _column_major(scoring.metric.layout, by_name, (hi - lo, m))
        out[lo:hi] = scoring.metric.scores(rows).reshape(hi - lo, m)
    return out


def _pair_scores(scoring: Plan, hyps: list[str], refs: list[str]) -> FloatArray:
    """Every cell through the metric's own sentence statistics, a block of rows at a time."""
    n, m = len(hyps), len(refs)
    out = np.empty((n, m), dtype=np.float64)
    for lo, hi in fixed_ranges(n, BLOCK_CELLS // max(m, 1)):
        pair_hyps = [h for h in hyps[lo:hi] for _ in range(m)]
        pair_refs = [[r] for _ in range(lo, hi) for r in refs]
        stats = scoring.metric.statistics(pair_hyps, segment_refs=pair_refs)
        out[lo:hi] = scoring.metric.scores(stats.values).reshape(hi - lo, m)
    return out


def _pairs(
    hypothesis_lists: Sequence[Sequence[str]], reference_lists: Sequence[Sequence[str]] | None
) -> list[tuple[list[str], list[str] | None]]:
    """Checked (hypotheses, references or None for the hypotheses themselves) per list."""
    hyp_lists = [check_lines(h, f"hypothesis list {k}") for k, h in enumerate(hypothesis_lists)]
    if reference_lists is None:
        return [(h, None) for h in hyp_lists]
    if len(reference_lists) != len(hyp_lists):
        raise InputError(
            f"{len(hyp_lists)} hypothesis lists but {len(reference_lists)} reference lists"
        )
    return [
        (h, None if r is given else check_lines(r, f"reference list {k}"))
        for k, (h, r, given) in enumerate(
            zip(hyp_lists, reference_lists, hypothesis_lists, strict=True)
        )
    ]


def matrices(
    hypothesis_lists: Sequence[Sequence[str]],
    reference_lists: Sequence[Sequence[str]] | None = None,
    *,
    metric: str = "chrf",
    **options: Any,
) -> list[FloatArray]:
    """One ``n_k x m_k`` matrix per candidate list (see `matrix`), all encoded at once.

    Args:
        hypothesis_lists: K lists of hypotheses.
        reference_lists: K lists of (pseudo-)references; None: each hypothesis list itself.
        metric: a name of `parbleu.metrics.registry` whose sentence scores stand alone
            (``chrf``, ``chrf++``, ``bleu``, ``ter``, ...; not NIST).
        **options: the metric's options (`parbleu.CHRF`, `parbleu.BLEU`, `parbleu.TER` ...).
    """
    scoring = plan(metric, options)
    pairs = _pairs(hypothesis_lists, reference_lists)
    if not scoring.sides:
        return [_pair_scores(scoring, hyps, hyps if refs is None else refs) for hyps, refs in pairs]
    lines: list[str] = []
    bounds = []
    for hyps, refs in pairs:
        start = len(lines)
        lines += hyps if refs is None else hyps + refs
        bounds.append((start, len(lines)))
    encoded = [side.encode(lines) for side in scoring.sides]
    out = []
    for (start, stop), (hyps, refs) in zip(bounds, pairs, strict=True):
        parts = [side_tokens.slice(start, stop) for side_tokens in encoded]
        m = len(hyps) if refs is None else len(refs)
        out.append(_ngram_scores(scoring, parts, (len(hyps), m), shared=refs is None))
    return out


def matrix(
    hypotheses: Sequence[str],
    references: Sequence[str] | None = None,
    *,
    metric: str = "chrf",
    **options: Any,
) -> FloatArray:
    """The ``n x m`` matrix of sentence scores of each hypothesis against each reference.

    Args:
        hypotheses: n hypotheses (for MBR: the candidates).
        references: m (pseudo-)references; None: the hypotheses themselves.
        metric: ``chrf`` (default), ``chrf++``, ``bleu``, ``ter``, or any other name of
            `parbleu.metrics.registry` whose sentence scores stand alone (not NIST).
        **options: the options of `parbleu.CHRF` (``char_order``, ``word_order``, ``beta``,
            ``lowercase``, ``whitespace``, ``eps_smoothing``), `parbleu.BLEU`
            (``tokenize``, ``smooth_method``, ``effective_order`` (default True), ...) or
            `parbleu.TER` (``normalized``, ``case_sensitive``, ...).
    """
    refs = None if references is None or references is hypotheses else [references]
    return matrices([hypotheses], refs, metric=metric, **options)[0]
