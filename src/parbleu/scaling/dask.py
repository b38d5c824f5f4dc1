"""Scoring on Dask: a ``dask.dataframe`` or ``dask.bag`` scored where its partitions live.

Statistics are sums over segments, so every partition is scored on its own worker by the
metric's `chunk_statistics` (its references serve its hypotheses only) and only the column
sums travel; they are added in a tree (``split_every`` at a time, as Dask's own reductions
do) and the formula is applied once, by ``metric.score_totals``. The score, statistics and
signature are identical to ``metric.corpus_score`` on the whole corpus in one process:

* integer statistics (BLEU, chrF, chrF++; ``metric.sums_in_any_order``) add up exactly in
  any order, so the tree may pair partitions as it likes;
* TER's average reference lengths are floats that sacreBLEU adds segment after segment.
  Each partition's rows stay on its worker, and a chain of small tasks adds them in partition
  order, each continuing from the running total of the partitions before it
  (``metric.corpus_totals`` of the running total followed by the partition's rows): the very
  sequence of additions of the in-process score. Only the running total (two numbers) moves;
  the statistics of the partitions are still computed in parallel;
* NIST is refused with ``metric.chunk_refusal``: its information weights come from the
  references of the whole corpus, and the two-pass alternative is not identical
  (docs/distributed.md gives the evidence).

A worker lost mid-run is no problem: every task is a pure function of its partition, so Dask
recomputes what the worker held and the score does not change. The computation runs on
Dask's current scheduler (a ``distributed.Client`` if one is active).

Example (tests/scaling/test_dask.py runs the same on a two-worker ``LocalCluster``)::

    import dask.dataframe as dd
    from parbleu import BLEU
    frame = dd.read_parquet("corpus/")           # columns: hypothesis, reference
    corpus_score(BLEU(), frame)                  # == BLEU().corpus_score(hyps, [refs])
    scored = sentence_scores(BLEU(effective_order=True), frame, column="bleu")
    scored[scored.bleu >= 30]                    # a filtering pipeline, still lazy

Requires the ``dask`` extra (``pip install 'parbleu[dask]'``); nothing is imported from Dask
until a function here is called.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import reduce
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.errors import InputError, MissingDependencyError, OptionError
from parbleu.metrics.base import AnyMetric
from parbleu.options import check_int
from parbleu.scaling.chunks import DEFAULT_CHUNK_LINES, sum_chunks
from parbleu.scaling.partitions import Fields, PartitionLines, partition_chunks
from parbleu.stats import Stats

__all__ = [
    "CLUSTER_CONFIG",
    "DEFAULT_SPLIT_EVERY",
    "CorpusTotals",
    "corpus_score",
    "corpus_statistics",
    "sentence_scores",
    "statistics_columns",
]

#: Partial sums added together in one task of the reduction tree (Dask's own default).
DEFAULT_SPLIT_EVERY = 8

#: Dask settings for the clusters that run parbleu: ``with dask.config.set(CLUSTER_CONFIG):``
#: around the creation of a ``LocalCluster`` (or in the scheduler's and nannies' config).
#: Dask's nannies start workers with ``MALLOC_TRIM_THRESHOLD_=65536``, which also turns off
#: glibc's adaptive mmap threshold: every large NumPy array is then mapped and unmapped
#: afresh, and parbleu's array passes run 3-5 times slower (docs/distributed.md). ``None``
#: unsets it (distributed's own rule for this setting).
CLUSTER_CONFIG: dict[str, Any] = {
    "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None
}

_INSTALL = "install it with: pip install 'parbleu[dask]'"


@dataclass(frozen=True, eq=False)
class CorpusTotals:
    """Column sums of a whole corpus, its number of segments and references per segment.

    ``nrefs`` is the signature's value: the number of references of every segment, or
    ``"var"`` when it varies (some reference cells missing).
    """

    columns: tuple[str, ...]
    totals: npt.NDArray[Any]
    n_segments: int
    nrefs: int | str

    def score(self, metric: AnyMetric) -> Any:
        """The metric's corpus result for these totals, with its signature."""
        return metric.score_totals(self.totals, metric.signature(self.nrefs))


@dataclass(frozen=True, eq=False)
class _Partial:
    """What a partition contributes: its column sums, or its rows where order matters."""

    totals: npt.NDArray[Any] | None
    rows: Stats | None
    n_segments: int
    reference_counts: frozenset[int]


def _modules() -> tuple[ModuleType, ModuleType, ModuleType]:
    """``dask``, ``dask.bag`` and ``dask.dataframe``, or an error naming the extra."""
    try:
        return tuple(  # type: ignore[return-value]
            importlib.import_module(name) for name in ("dask", "dask.bag", "dask.dataframe")
        )
    except ImportError as exc:
        raise MissingDependencyError(
            f"scoring on Dask needs the packages 'dask[dataframe]' and 'distributed'; {_INSTALL}"
        ) from exc


def _kind(data: Any) -> str:
    """``frame`` or ``bag``, or an `InputError` saying what was received."""
    _, bag, dataframe = _modules()
    if isinstance(data, dataframe.DataFrame):
        return "frame"
    if isinstance(data, bag.Bag):
        return "bag"
    raise InputError(
        "expected a dask.dataframe.DataFrame (one column per field) or a dask.bag.Bag of "
        f"records (mappings); got {type(data).__module__}.{type(data).__name__}",
        received=type(data).__name__,
    )


def _fields(data: Any, kind: str, hypothesis: Any, references: Any) -> Fields:
    fields = Fields.of(hypothesis, references)
    if kind == "frame":
        available = list(data.columns)
        missing = [name for name in fields.names if name not in available]
        if missing:
            raise InputError(
                f"the DataFrame has no column {missing}; its columns are {available}",
                received=available,
            )
    return fields


def _chunks(part: Any, fields: Fields, number: int, kind: str) -> Iterator[PartitionLines]:
    return partition_chunks(
        part, fields, number, records=kind == "bag", chunk_lines=DEFAULT_CHUNK_LINES
    )


def _partial(metric: AnyMetric, part: Any, fields: Fields, number: int, kind: str) -> _Partial:
    """Task: one partition's statistics (its sums, or its rows for order-dependent sums).

    The partition is read and scored `DEFAULT_CHUNK_LINES` segments at a time, as the
    streaming path scores a file: a partition of any size costs what its chunks cost.
    """
    counts: set[int] = set()

    def lines() -> Iterator[tuple[list[str], list[list[str | None]]]]:
        for chunk in _chunks(part, fields, number, kind):
            counts.update(chunk.reference_counts)
            if chunk.hypotheses:
                yield chunk.hypotheses, chunk.references

    any_order = metric.sums_in_any_order
    result = sum_chunks(metric, lines(), rows=not any_order)
    if not result.n_segments:
        return _Partial(None, None, 0, frozenset())
    if any_order:
        return _Partial(result.totals, None, result.n_segments, frozenset(counts))
    return _Partial(None, result.rows, result.n_segments, frozenset(counts))


def _rows(metric: AnyMetric, part: Any, fields: Fields, number: int, kind: str) -> Any:
    """Every segment's statistics of a partition, as one array (scored chunk by chunk)."""
    parts = [
        metric.chunk_statistics(chunk.hypotheses, chunk.references).values
        for chunk in _chunks(part, fields, number, kind)
        if chunk.hypotheses
    ]
    return np.concatenate(parts) if parts else None


def _add(*parts: _Partial) -> _Partial:
    """Task: partial sums added (integer statistics: exact in any order)."""
    sums = [part.totals for part in parts if part.totals is not None]
    return _Partial(
        reduce(np.add, sums) if sums else None,
        None,
        sum(part.n_segments for part in parts),
        frozenset().union(*(part.reference_counts for part in parts)),
    )


def _continue(metric: AnyMetric, running: _Partial, part: _Partial) -> _Partial:
    """Task: the running total continued by a partition's rows, in segment order."""
    if part.rows is None:
        return running
    rows = part.rows
    if running.totals is not None:
        rows = Stats.concat([Stats(rows.columns, running.totals[np.newaxis]), rows])
    return _Partial(
        metric.corpus_totals(rows),
        None,
        running.n_segments + part.n_segments,
        running.reference_counts | part.reference_counts,
    )


def corpus_statistics(
    metric: AnyMetric,
    data: Any,
    *,
    hypothesis: str = "hypothesis",
    references: str | Sequence[str] = ("reference",),
    split_every: int = DEFAULT_SPLIT_EVERY,
) -> CorpusTotals:
    """Column sums of a corpus held by Dask, computed where its partitions live.

    Args:
        metric: any metric that can be scored chunk by chunk (its own prepared references,
            if any, are not used).
        data: a ``dask.dataframe.DataFrame`` with a hypothesis column and reference columns,
            or a ``dask.bag.Bag`` of records (mappings) with those fields. Segments are in
            partition order. A missing reference (``None``, ``NaN``, ``pd.NA``) is an absent
            reference; hypotheses must be strings.
        hypothesis: the hypothesis column or field.
        references: the reference columns or fields (one name, or several).
        split_every: partial sums added per task of the reduction tree.

    Raises:
        OptionError: a metric that cannot be scored chunk by chunk (NIST), bad column names,
            `split_every` below 2.
        InputError: not a Dask DataFrame or Bag, a missing column, a bad value (named by
            partition, row and column), no segments at all.
        MissingDependencyError: Dask is not installed.
    """
    dask, _, _ = _modules()
    metric.check_chunkable()
    check_int(split_every, "split_every", minimum=2)
    kind = _kind(data)
    fields = _fields(data, kind, hypothesis, references)
    shipped = dask.delayed(metric.without_references(), traverse=False)
    task = dask.delayed(_partial, pure=True)
    parts = [task(shipped, part, fields, n, kind) for n, part in enumerate(data.to_delayed())]
    if not parts:
        raise InputError("the Dask collection has no partitions: nothing to score")
    return _totals(metric, _reduce(dask, shipped, parts, split_every, metric.sums_in_any_order))


def _reduce(
    dask: ModuleType, shipped: Any, parts: list[Any], split_every: int, tree: bool
) -> _Partial:
    """Partition results combined: in a tree of additions, or in a chain in partition order."""
    if tree:
        add = dask.delayed(_add, pure=True)
        while len(parts) > 1:
            parts = [add(*parts[i : i + split_every]) for i in range(0, len(parts), split_every)]
        result: _Partial = parts[0].compute()
        return result
    running = dask.delayed(_Partial(None, None, 0, frozenset()), traverse=False)
    step = dask.delayed(_continue, pure=True)
    for part in parts:
        running = step(shipped, running, part)
    chained: _Partial = running.compute()
    return chained


def _totals(metric: AnyMetric, result: _Partial) -> CorpusTotals:
    if result.totals is None or not result.n_segments:
        raise InputError("the Dask collection has no segments: nothing to score")
    counts = result.reference_counts
    nrefs: int | str = next(iter(counts)) if len(counts) == 1 else "var"
    return CorpusTotals(metric.columns, result.totals, result.n_segments, nrefs)


def corpus_score(
    metric: AnyMetric,
    data: Any,
    *,
    hypothesis: str = "hypothesis",
    references: str | Sequence[str] = ("reference",),
    split_every: int = DEFAULT_SPLIT_EVERY,
) -> Any:
    """The corpus score of a Dask DataFrame or Bag (see `corpus_statistics`).

    Identical to ``metric.corpus_score(hypotheses, ref_streams=references)`` on the whole
    corpus in one process: score, statistics and signature.
    """
    totals = corpus_statistics(
        metric, data, hypothesis=hypothesis, references=references, split_every=split_every
    )
    return totals.score(metric)


def _scored_frame(
    part: Any,
    metric: AnyMetric,
    fields: Fields,
    column: str,
    partition_info: dict[str, Any] | None = None,
) -> Any:
    """Task: a DataFrame partition with every segment's score as a new column."""
    number = partition_info["number"] if partition_info else 0
    return part.assign(**{column: _segment_scores(metric, part, fields, number, "frame")})


def _scored_records(
    metric: AnyMetric, part: Any, fields: Fields, column: str, number: int
) -> list[dict[Any, Any]]:
    """Task: new records, each a copy of a partition's record with its score added."""
    records = list(part)
    scores = _segment_scores(metric, records, fields, number, "bag").tolist()
    return [{**record, column: score} for record, score in zip(records, scores, strict=True)]


def _segment_scores(
    metric: AnyMetric, part: Any, fields: Fields, number: int, kind: str
) -> npt.NDArray[np.float64]:
    rows = _rows(metric, part, fields, number, kind)
    if rows is None:
        return np.zeros(0, dtype=np.float64)
    return np.asarray(metric.scores(rows), dtype=np.float64)


def sentence_scores(
    metric: AnyMetric,
    data: Any,
    *,
    hypothesis: str = "hypothesis",
    references: str | Sequence[str] = ("reference",),
    column: str = "score",
) -> Any:
    """The collection with every segment's own score added as `column` (lazy, like Dask).

    The same scores as ``metric.sentence_scores`` (each segment scored on its own with the
    metric's options: pass ``effective_order=True`` to BLEU for sentence BLEU as sacreBLEU
    computes it), for filtering pipelines: ``scored[scored.bleu > 30]``. A DataFrame gets a
    float column (``frame.map_partitions``); a Bag gets new records with the added field.

    Raises:
        OptionError: a metric that cannot be scored chunk by chunk, bad column names, or
            `column` already present in the DataFrame.
        InputError, MissingDependencyError: as `corpus_statistics`.
    """
    dask, bag, _ = _modules()
    metric.check_chunkable()
    kind = _kind(data)
    fields = _fields(data, kind, hypothesis, references)
    shipped = metric.without_references()
    if kind == "bag":
        task = dask.delayed(_scored_records, pure=True)
        parts = data.to_delayed()
        return bag.from_delayed(
            [task(shipped, part, fields, column, n) for n, part in enumerate(parts)]
        )
    if column in list(data.columns):
        raise OptionError(f"the DataFrame already has a column {column!r}; choose another name")
    meta = {**dict(data.dtypes.items()), column: np.dtype(np.float64)}
    return data.map_partitions(_scored_frame, shipped, fields, column, meta=meta)


def _statistics_frame(
    part: Any,
    metric: AnyMetric,
    fields: Fields,
    dtype: np.dtype[Any],
    partition_info: dict[str, Any] | None = None,
) -> Any:
    """Task: a partition's per-segment statistics as columns, on the partition's index."""
    number = partition_info["number"] if partition_info else 0
    values = _rows(metric, part, fields, number, "frame")
    if values is None:
        values = np.zeros((0, len(metric.columns)), dtype=dtype)
    columns = {name: metric.layout.column(values, name) for name in metric.columns}
    return part[[]].assign(**columns)


def statistics_columns(
    metric: AnyMetric,
    data: Any,
    *,
    hypothesis: str = "hypothesis",
    references: str | Sequence[str] = ("reference",),
) -> Any:
    """Every segment's statistics as a Dask DataFrame, one column per statistic (lazy).

    The columns are ``metric.columns``, on the index of `data`; the rows of a partition are
    ``metric.statistics`` of its segments. What significance tests resample
    (docs/distributed.md): ``Stats(metric.columns, frame.compute()[list(metric.columns)]
    .to_numpy())`` gives the statistics of the whole corpus, in segment order.

    Raises:
        OptionError, InputError, MissingDependencyError: as `corpus_statistics`.
    """
    _modules()
    metric.check_chunkable()
    if _kind(data) != "frame":
        raise InputError("statistics_columns takes a dask.dataframe.DataFrame")
    fields = _fields(data, "frame", hypothesis, references)
    shipped = metric.without_references()
    # The statistics' number type (integers, or floats for TER), from one tiny segment.
    probe = metric.chunk_statistics(["a"], [["a"]] * len(fields.references))
    dtype = probe.values.dtype
    meta = dict.fromkeys(metric.columns, dtype)
    return data.map_partitions(_statistics_frame, shipped, fields, dtype, meta=meta)
