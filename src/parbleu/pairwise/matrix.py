"""``n x m`` matrices of sentence scores: every hypothesis against every reference.

Cell ``(i, j)`` is the sentence score of hypothesis i with reference j as its only
reference: the metric's sentence-level variant (its registry entry's: BLEU with effective
order, as sacreBLEU's ``sentence_bleu``), identical to
``parbleu.BLEU(effective_order=True).sentence_score(h_i, [r_j])`` and to sacreBLEU's
``sentence_bleu`` / ``sentence_chrf``. The statistics of metrics whose entry shows n-gram
matches (BLEU) or character matches (chrF) come from one pass over the n-grams
(`parbleu.pairwise.kernel`); the score of every cell from the metric's own formula, applied
to all rows at once through ``metric.scores`` with the columns read by name. Every other
metric of `parbleu.metrics.registry` (TER, ROUGE, plug-ins) is scored on the ``n * m`` pairs
by its own ``sentence_scores``. Neither BLEU nor chrF is symmetric, so every cell is
computed; only the encoding is shared when the two lists are the same object (MBR with the
candidates as pseudo-references).

    >>> from parbleu import pairwise
    >>> candidates = ["the cat sat on the mat", "a cat sat on the mat", "the dog sat"]
    >>> pairwise.matrix(candidates, metric="chrf").round(1).tolist()[0]
    [100.0, 89.0, 21.8]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray
from parbleu.engine.segments import Segments
from parbleu.errors import InputError
from parbleu.metrics.base import AnyMetric
from parbleu.metrics.registry import SegmentView, metric_entry, sentence_metric
from parbleu.pairwise.encode import characters, chrf_words, tokens
from parbleu.pairwise.kernel import ngram_entries, shared_counts

__all__ = ["matrices", "matrix"]


@dataclass(frozen=True)
class _Side:
    """One kind of token: its statistics columns' prefix, largest order and encoder."""

    prefix: str  # "char", "word", or "" for BLEU
    order: int
    encode: Callable[[Sequence[str]], Segments]


@dataclass(frozen=True)
class _Plan:
    metric: AnyMetric
    sides: tuple[_Side, ...]  # none: the metric scores the pairs itself


def _plan(metric: str, options: dict[str, Any]) -> _Plan:
    """The metric for the options and how its tokens are read (no sides: pair by pair).

    Raises:
        OptionError: see `parbleu.metrics.registry.sentence_metric`.
    """
    built, view = sentence_metric(metric, options), metric_entry(metric).segment_view
    settings: Any = getattr(built, "options", None)  # the view's options (SegmentView)
    if view is SegmentView.NGRAMS:
        tokenizer: Any = getattr(built, "tokenizer", None)
        lowercase = settings.lowercase

        def encode(lines: Sequence[str]) -> Segments:
            return tokens(lines, tokenizer, lowercase=lowercase)

        return _Plan(built, (_Side("", built.layout.count("match"), encode),))
    if view is not SegmentView.CHARACTERS:
        return _Plan(built, ())
    sides = []
    if settings.char_order:

        def encode_characters(lines: Sequence[str]) -> Segments:
            return characters(lines, lowercase=settings.lowercase, whitespace=settings.whitespace)

        sides.append(_Side("char", settings.char_order, encode_characters))
    if settings.word_order:

        def encode_words(lines: Sequence[str]) -> Segments:
            return chrf_words(lines, lowercase=settings.lowercase)

        sides.append(_Side("word", settings.word_order, encode_words))
    return _Plan(built, tuple(sides))


def _check_lines(lines: object, what: str) -> list[str]:
    if isinstance(lines, str) or not isinstance(lines, Sequence):
        raise InputError(f"{what}: expected a list of strings; got {type(lines).__name__}")
    for index, line in enumerate(lines):
        if not isinstance(line, str):
            raise InputError(f"{what}[{index}]: expected a str; got {type(line).__name__}")
    return list(lines)


def _side_columns(
    side: _Side, encoded: Segments, n: int, m: int, shared: bool
) -> dict[str, npt.NDArray[Any]]:
    """Statistics columns of one side for all ``n * m`` cells, by name.

    `encoded` holds the n hypotheses then the m references, or only the n sentences when
    `shared` (the same list on both sides).
    """
    hyp_lengths = encoded.lengths[:n]
    ref_lengths = encoded.lengths[:m] if shared else encoded.lengths[n:]
    columns: dict[str, npt.NDArray[Any]] = {}
    if not side.prefix:
        columns["sys_len"] = np.repeat(hyp_lengths, m)
        columns["ref_len"] = np.tile(ref_lengths, n)
    for order, entries in enumerate(ngram_entries(encoded.values, encoded.offsets, side.order), 1):
        if shared:
            hyps = refs = entries
        else:
            hyps, refs = entries.take(entries.row < n), entries.take(entries.row >= n)
            refs = type(refs)(refs.ngram, refs.row - n, refs.count)
        matches = shared_counts(hyps, refs, (n, m)).reshape(-1)
        hyp_total = np.repeat(np.maximum(hyp_lengths - order + 1, 0), m)
        ref_total = np.tile(np.maximum(ref_lengths - order + 1, 0), n)
        if side.prefix:  # chrF: sacreBLEU records no hypothesis n-grams if the reference has none
            columns[f"{side.prefix}{order}_hyp"] = np.where(ref_total > 0, hyp_total, 0)
            columns[f"{side.prefix}{order}_ref"] = ref_total
            columns[f"{side.prefix}{order}_match"] = matches
        else:
            columns[f"match_{order}"] = matches
            columns[f"total_{order}"] = hyp_total
    return columns


def _pairs(metric: AnyMetric, hypotheses: Sequence[str], references: Sequence[str]) -> FloatArray:
    """Every hypothesis against every reference, scored by the metric pair by pair."""
    n, m = len(hypotheses), len(references)
    if not n or not m:
        return np.zeros((n, m))
    rows = [h for h in hypotheses for _ in range(m)]
    refs = [[r] for _ in range(n) for r in references]
    scores: FloatArray = np.asarray(metric.sentence_scores(rows, segment_refs=refs))
    return scores.reshape(n, m).astype(np.float64)


def _score(plan: _Plan, encoded: Sequence[Segments], n: int, m: int, shared: bool) -> FloatArray:
    by_name: dict[str, npt.NDArray[Any]] = {}
    for side, side_tokens in zip(plan.sides, encoded, strict=True):
        by_name.update(_side_columns(side, side_tokens, n, m, shared))
    rows = plan.metric.layout.assemble(by_name, dtype=np.int64)
    scores: FloatArray = plan.metric.scores(rows).reshape(n, m)
    return scores


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
        metric: a name of `parbleu.metrics.registry`: ``chrf``, ``chrf++``, ``bleu`` ...
        **options: the metric's options (`parbleu.CHRF`, `parbleu.BLEU` ...).
    """
    plan = _plan(metric, options)
    hyp_lists = [_check_lines(h, f"hypothesis list {k}") for k, h in enumerate(hypothesis_lists)]
    if reference_lists is None:
        ref_lists: list[list[str] | None] = [None] * len(hyp_lists)
    else:
        if len(reference_lists) != len(hyp_lists):
            raise InputError(
                f"{len(hyp_lists)} hypothesis lists but {len(reference_lists)} reference lists"
            )
        ref_lists = [
            None if r is h else _check_lines(r, f"reference list {k}")
            for k, (h, r) in enumerate(zip(hypothesis_lists, reference_lists, strict=True))
        ]
    lines: list[str] = []
    bounds = []
    for hyps, refs in zip(hyp_lists, ref_lists, strict=True):
        start = len(lines)
        lines += hyps if refs is None else hyps + refs
        bounds.append((start, len(lines)))
    if not plan.sides:
        return [
            _pairs(plan.metric, h, h if r is None else r)
            for h, r in zip(hyp_lists, ref_lists, strict=True)
        ]
    encoded = [side.encode(lines) for side in plan.sides]
    out = []
    for (start, stop), hyps, refs in zip(bounds, hyp_lists, ref_lists, strict=True):
        parts = [side_tokens.slice(start, stop) for side_tokens in encoded]
        m = len(hyps) if refs is None else len(refs)
        out.append(_score(plan, parts, len(hyps), m, shared=refs is None))
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
        metric: ``chrf`` (default), ``chrf++``, ``bleu``, or any other name of
            `parbleu.metrics.registry` whose sentence scores stand alone (not NIST).
        **options: the metric's options: `parbleu.CHRF`'s (``char_order``, ``word_order``,
            ``beta``, ``lowercase``, ``whitespace``, ``eps_smoothing``), `parbleu.BLEU`'s
            (``tokenize``, ``smooth_method``, ``effective_order`` (default True), ...).
    """
    refs = None if references is None or references is hypotheses else [references]
    return matrices([hypotheses], refs, metric=metric, **options)[0]
