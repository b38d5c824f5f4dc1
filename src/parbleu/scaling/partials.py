"""Partial statistics by column name: what any distributed engine adds up.

Every metric's corpus score is its formula applied to column sums of per-segment statistics,
so a corpus split over the partitions of any engine (Dask, Ray Data, Spark) is scored by
computing each partition's column sums where the partition lives, adding them, and applying
the formula once. This module is that contract, with plain dictionaries keyed by the metric's
column names, so that an engine's own aggregation (a DataFrame ``sum``) does the adding:

    >>> from parbleu import BLEU
    >>> bleu = BLEU()
    >>> first = partial_statistics(bleu, ["the cat sat on the mat"], [["the cat sat on a mat"]])
    >>> second = partial_statistics(bleu, ["a dog"], [["the dog"]])
    >>> first["sys_len"], first["match_1"], second["match_1"]
    (6, 5, 1)
    >>> totals = {name: first[name] + second[name] for name in bleu.columns}
    >>> round(score_partials(bleu, totals, nrefs=1).score, 2)
    50.0
    >>> round(bleu.corpus_score(["the cat sat on the mat", "a dog"],
    ...                         [["the cat sat on a mat", "the dog"]]).score, 2)
    50.0

Adding partial sums in any order gives the corpus totals exactly when the statistics are
integers (``metric.sums_in_any_order``: BLEU, chrF, chrF++). TER's average reference lengths
are floats that sacreBLEU adds segment after segment, so the last bits of a sum depend on its
order; for TER, keep the per-segment rows (`segment_statistics`) and add them in segment
order with `ordered_totals`. NIST refuses (``metric.chunk_refusal``): its information weights
come from the references of the whole corpus (docs/distributed.md gives the evidence).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.errors import InputError, OptionError
from parbleu.metrics.base import AnyMetric
from parbleu.stats import Stats

__all__ = [
    "named_totals",
    "ordered_totals",
    "partial_statistics",
    "score_partials",
    "segment_statistics",
    "totals_array",
]

#: Reference streams of a part of a corpus: K lists of lines (``None``: an absent reference).
Streams = Sequence[Sequence[str | None]]


def partial_statistics(
    metric: AnyMetric, hypotheses: Sequence[str], references: Streams
) -> dict[str, int | float]:
    """Column sums of the statistics of one part of a corpus, by column name.

    Args:
        metric: the metric (its own prepared references, if any, are not used).
        hypotheses: the part's N hypothesis lines.
        references: K reference streams of N lines each (``None`` for an absent reference).

    Raises:
        OptionError: the metric cannot be scored part by part (NIST).
        InputError: hypotheses or references of the wrong types or shapes, an empty part.
    """
    stats = metric.chunk_statistics(hypotheses, references)
    return named_totals(metric, metric.corpus_totals(stats))


def segment_statistics(
    metric: AnyMetric, hypotheses: Sequence[str], references: Streams
) -> dict[str, list[int | float]]:
    """Every segment's statistics as columns, by column name (for TER and resampling).

    Raises:
        OptionError, InputError: as `partial_statistics`.
    """
    stats = metric.chunk_statistics(hypotheses, references)
    return {name: stats.column(name).tolist() for name in metric.columns}


def ordered_totals(
    metric: AnyMetric, columns: Mapping[str, Sequence[int | float]]
) -> dict[str, int | float]:
    """Column sums of per-segment statistics given in segment order, added as the metric adds.

    The same totals as ``metric.corpus_score`` uses, whatever the metric: TER's float
    lengths are added one segment after another, as sacreBLEU adds them.

    Raises:
        InputError: a column missing, unknown or of another length.
    """
    _check_names(metric, columns.keys(), "per-segment statistics")
    arrays = [np.asarray(columns[name]) for name in metric.columns]
    lengths = {len(array) for array in arrays}
    if len(lengths) > 1:
        raise InputError(f"per-segment statistics columns have different lengths {lengths}")
    stats = Stats(metric.columns, np.stack(arrays, axis=1))
    return named_totals(metric, metric.corpus_totals(stats))


def score_partials(
    metric: AnyMetric, totals: Mapping[str, int | float], *, nrefs: int | str
) -> Any:
    """The corpus score from summed statistics given by column name.

    Args:
        metric: the metric that computed the partial statistics.
        totals: the sum of every column over the corpus.
        nrefs: references per segment for the signature (``"var"`` if it varies).

    Raises:
        InputError: a column missing or unknown.
    """
    counted = isinstance(nrefs, int) and not isinstance(nrefs, bool) and nrefs > 0
    if not counted and nrefs != "var":
        raise OptionError(f"nrefs must be a positive number or 'var'; got {nrefs!r}")
    return metric.score_totals(totals_array(metric, totals), metric.signature(nrefs))


def named_totals(metric: AnyMetric, totals: npt.ArrayLike) -> dict[str, int | float]:
    """A row of column sums as a dictionary by column name, with Python numbers."""
    row = np.asarray(totals)
    if row.shape != (len(metric.columns),):
        raise InputError(
            f"{metric.name} totals need {len(metric.columns)} values {metric.columns}; "
            f"got shape {row.shape}"
        )
    return {name: metric.layout.column(row, name).item() for name in metric.columns}


def totals_array(metric: AnyMetric, totals: Mapping[str, int | float]) -> npt.NDArray[Any]:
    """Column sums given by name as one row in the metric's layout.

    Raises:
        InputError: a column missing or unknown, or a value that is not a number.
    """
    _check_names(metric, totals.keys(), "totals")
    for name in metric.columns:
        value = totals[name]
        if isinstance(value, bool) or not isinstance(value, (int, float, np.number)):
            raise InputError(
                f"total {name!r} must be a number; got {type(value).__name__} {value!r}"
            )
    rows = metric.layout.assemble({name: [totals[name]] for name in metric.columns})
    row: npt.NDArray[Any] = rows[0]
    return row


def _check_names(metric: AnyMetric, names: Any, what: str) -> None:
    given = set(names)
    missing = [name for name in metric.columns if name not in given]
    unknown = sorted(str(name) for name in given - set(metric.columns))
    if missing or unknown:
        raise InputError(
            f"{metric.name} {what} need the columns {metric.columns}; "
            f"missing {missing}, unknown {unknown}"
        )
