"""Scoring a corpus chunk by chunk: bounded memory, identical statistics.

Every metric's statistics are sums over segments (`parbleu.stats.Stats`), so a corpus can be
scored one chunk of segments at a time: the references of a chunk are prepared, its
hypotheses scored, and only the column sums (and, if asked, the rows) are kept. Memory is
bounded by the chunk size whatever the size of the corpus, and the totals, hence the scores,
are identical to scoring the whole corpus at once.

BLEU chunks take a faster road than ``BLEU.statistics``: their references serve these
hypotheses only, so `parbleu.engine.joint.pair_counts` counts both sides in one pass without
preparing anything for reuse. Its statistics are the same (tests check it).

    >>> from parbleu import BLEU
    >>> result = chunked_statistics(BLEU(), ["the cat sat on the mat"], [["the cat sat on a mat"]])
    >>> result.n_segments, [int(x) for x in result.totals[:4]]
    (1, [6, 6, 5, 3])
    >>> round(BLEU().score_totals(result.totals).score, 2)
    53.73

`parbleu.scaling.files` reads the chunks from files; `parbleu.scaling.processes` spreads them over
processes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from parbleu.engine.joint import pair_counts
from parbleu.engine.ngrams import ngram_totals
from parbleu.errors import InputError, LengthMismatchError, OptionError
from parbleu.metrics.bleu.metric import BLEU, effective_ref_lengths
from parbleu.metrics.nist.metric import NIST
from parbleu.references import check_hypotheses, resolve_references
from parbleu.stats import Stats

__all__ = [
    "DEFAULT_CHUNK_LINES",
    "ChunkScorer",
    "StreamedStatistics",
    "bleu_statistics",
    "chunked_statistics",
    "score_chunk",
    "sentence_scores",
    "sum_chunks",
]

#: Segments per chunk: large enough that per-chunk costs vanish, small enough for the cache.
DEFAULT_CHUNK_LINES = 10_000

#: Reference streams of a chunk: K lists of lines (``None`` marks an absent reference).
Streams = Sequence[Sequence[str | None]]


class ChunkScorer(Protocol):
    """What scores a chunk: every metric (``BLEU()``, ``CHRF()``, ...) is one."""

    @property
    def columns(self) -> tuple[str, ...]:
        """Names of the statistics columns."""

    def scores(self, rows: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """The score of each row of summed statistics."""

    def statistics(
        self, hypotheses: Sequence[str], references: Any = None, *, ref_streams: Any = None
    ) -> Stats:
        """One row of statistics per segment."""


@dataclass(frozen=True, eq=False)
class StreamedStatistics:
    """Statistics of a corpus scored chunk by chunk.

    ``totals`` are the column sums over every segment (what a corpus score needs: pass them
    to the metric's ``score_totals``); ``rows`` holds every segment's statistics, in order,
    when they were asked for.
    """

    columns: tuple[str, ...]
    totals: npt.NDArray[Any]
    n_segments: int
    rows: Stats | None = None

    @staticmethod
    def combine(parts: Sequence[StreamedStatistics]) -> StreamedStatistics:
        """Statistics of consecutive parts of one corpus, as one."""
        if not parts:
            raise InputError("no statistics to combine")
        columns = parts[0].columns
        if any(part.columns != columns for part in parts):
            raise InputError("cannot combine statistics with different columns")
        totals = np.sum([part.totals for part in parts], axis=0)
        rows = [part.rows for part in parts]
        kept = None
        if all(row is not None for row in rows):
            kept = Stats.concat([row for row in rows if row is not None])
        return StreamedStatistics(columns, totals, sum(p.n_segments for p in parts), kept)


def _plain(
    hypotheses: Sequence[str], references: Streams
) -> tuple[list[str], list[Sequence[str | None]], npt.NDArray[np.bool_]] | None:
    """Hypotheses, references and which references are present, for plain input.

    Plain input is lists of strings (``None`` only for absent references) with a reference
    for every segment. Anything else gives ``None``: the full checks of
    `parbleu.references` then explain what is wrong, or accept it.
    """
    if not isinstance(hypotheses, list) or set(map(type, hypotheses)) - {str}:
        return None
    if not isinstance(references, (list, tuple)) or not references:
        return None
    streams = list(references)
    present = np.ones((len(hypotheses), len(streams)), dtype=bool)
    for number, stream in enumerate(streams):
        if not isinstance(stream, (list, tuple)) or len(stream) != len(hypotheses):
            return None
        kinds = set(map(type, stream))
        if kinds - {str, type(None)}:
            return None
        if type(None) in kinds:
            present[:, number] = [line is not None for line in stream]
    if not present.any(axis=1).all():
        return None
    return hypotheses, streams, present


def bleu_statistics(metric: BLEU, hypotheses: Sequence[str], references: Streams) -> Stats:
    """``metric.statistics(hypotheses, ref_streams=references)``, in one pass.

    The same checks of the input, the same statistics, without preparing the references for
    reuse (`parbleu.engine.joint`).
    """
    plain = _plain(hypotheses, references)
    if plain is None:
        lines = check_hypotheses(hypotheses)
        reference_set = resolve_references(len(lines), None, ref_streams=references)
        streams: Sequence[Sequence[str | None]] = reference_set.streams
        present = np.array(reference_set.present_mask(), dtype=bool).T
    else:
        lines, streams, present = plain
    options = metric.options
    orders = options.counted_orders
    counts = pair_counts(
        lines, streams, metric.tokenizer, lowercase=options.lowercase, max_order=orders
    )
    hyp_lengths = counts.hypothesis_lengths
    ref_lengths = effective_ref_lengths(
        hyp_lengths, counts.reference_lengths, present, options.ref_length
    )
    values = np.concatenate(
        [
            hyp_lengths[:, None],
            ref_lengths[:, None],
            counts.matches,
            ngram_totals(hyp_lengths, orders),
        ],
        axis=1,
    )
    return Stats(metric.columns, values)


def check_chunkable(metric: ChunkScorer) -> None:
    """Refuse a metric whose segment statistics depend on the rest of the corpus.

    NIST weights each n-gram by its information in the whole reference corpus (mteval-v13a):
    a chunk would weight it by its counts in that chunk alone, a different score.
    """
    if isinstance(metric, NIST):
        raise OptionError(
            "NIST cannot be scored chunk by chunk: its information weights come from the "
            "references of the whole corpus; use NIST(references).corpus_score(...) instead"
        )


def score_chunk(
    metric: ChunkScorer, hypotheses: Sequence[str], references: Streams, *, rows: bool
) -> StreamedStatistics:
    """Statistics of one chunk (its references prepared for it alone)."""
    check_chunkable(metric)
    if isinstance(metric, BLEU):
        stats = bleu_statistics(metric, hypotheses, references)
    else:
        stats = metric.statistics(hypotheses, ref_streams=references)
    return StreamedStatistics(stats.columns, stats.total(), len(stats), stats if rows else None)


def empty_statistics(metric: ChunkScorer, *, rows: bool) -> StreamedStatistics:
    columns = metric.columns
    kept = Stats(columns, np.zeros((0, len(columns)), dtype=np.int64)) if rows else None
    return StreamedStatistics(columns, np.zeros(len(columns), dtype=np.int64), 0, kept)


def sum_chunks(
    metric: ChunkScorer, chunks: Iterable[tuple[Sequence[str], Streams]], *, rows: bool = False
) -> StreamedStatistics:
    """Score chunks one after another and combine their statistics."""
    parts = [score_chunk(metric, hyps, refs, rows=rows) for hyps, refs in chunks]
    return StreamedStatistics.combine(parts) if parts else empty_statistics(metric, rows=rows)


def check_positive(name: str, value: int) -> None:
    """Raise `InputError` unless `value` (the argument `name`) is a positive integer."""
    if not isinstance(value, int) or value < 1:
        raise InputError(f"{name} must be a positive integer, got {value!r}")


def check_chunk_lines(chunk_lines: int) -> None:
    check_positive("chunk_lines", chunk_lines)


def chunked_statistics(
    metric: ChunkScorer,
    hypotheses: Sequence[str],
    references: Streams,
    *,
    chunk_lines: int = DEFAULT_CHUNK_LINES,
    rows: bool = False,
) -> StreamedStatistics:
    """Statistics of an in-memory corpus, computed `chunk_lines` segments at a time.

    Same totals as ``metric.statistics(hypotheses, ref_streams=references)``, with working
    memory bounded by the chunk size.

    Args:
        metric: the metric (its own prepared references, if any, are not used).
        hypotheses: N hypothesis lines.
        references: K reference streams of N lines each (``None`` for an absent reference).
        chunk_lines: segments per chunk.
        rows: also keep every segment's statistics.

    Raises:
        LengthMismatchError: a reference stream does not have N lines.
    """
    check_chunk_lines(chunk_lines)
    check_chunkable(metric)
    for number, stream in enumerate(references):
        if len(stream) != len(hypotheses):
            raise LengthMismatchError(
                f"reference stream {number} has {len(stream)} lines but there are "
                f"{len(hypotheses)} hypotheses"
            )
    if not references:
        raise InputError("no reference streams were given")
    return sum_chunks(metric, slices(hypotheses, references, chunk_lines), rows=rows)


def slices(
    hypotheses: Sequence[str], references: Streams, chunk_lines: int
) -> Iterator[tuple[Sequence[str], Streams]]:
    for start in range(0, len(hypotheses), chunk_lines):
        stop = start + chunk_lines
        yield hypotheses[start:stop], [stream[start:stop] for stream in references]


def sentence_scores(
    metric: ChunkScorer,
    hypotheses: Sequence[str],
    references: Streams,
    *,
    chunk_lines: int = DEFAULT_CHUNK_LINES,
) -> npt.NDArray[np.float64]:
    """The score of every segment on its own, as an array, computed chunk by chunk.

    The same as ``metric.sentence_scores(hypotheses, ref_streams=references)``.

        >>> from parbleu import BLEU
        >>> scores = sentence_scores(BLEU(effective_order=True), ["a b c", "x"], [["a b c", "y"]])
        >>> [round(float(s), 2) for s in scores]
        [100.0, 0.0]
    """
    result = chunked_statistics(metric, hypotheses, references, chunk_lines=chunk_lines, rows=True)
    assert result.rows is not None  # rows=True
    return metric.scores(result.rows.values)
