"""Corpora of any size: chunks of segments, files read in chunks, worker processes, clusters.

Statistics are sums over segments, so a corpus can be scored a chunk at a time (`chunks`),
read from files a chunk at a time (`files`) and spread over processes (`processes`, with the
pool helpers of `workers`), with bounded memory and statistics identical to scoring it whole.
`partials` gives any distributed engine the same contract by column name, and `dask` (the
``dask`` extra, imported only when used) scores a Dask DataFrame or Bag.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.scaling.chunks import (
        DEFAULT_CHUNK_LINES,
        StreamedStatistics,
        chunked_statistics,
        sentence_scores,
    )
    from parbleu.scaling.files import read_chunks, stream_statistics
    from parbleu.scaling.partials import (
        ordered_totals,
        partial_statistics,
        score_partials,
        segment_statistics,
    )
    from parbleu.scaling.processes import parallel_chunked_statistics, parallel_statistics

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "DEFAULT_CHUNK_LINES": "parbleu.scaling.chunks",
        "StreamedStatistics": "parbleu.scaling.chunks",
        "chunked_statistics": "parbleu.scaling.chunks",
        "sentence_scores": "parbleu.scaling.chunks",
        "read_chunks": "parbleu.scaling.files",
        "stream_statistics": "parbleu.scaling.files",
        "ordered_totals": "parbleu.scaling.partials",
        "partial_statistics": "parbleu.scaling.partials",
        "score_partials": "parbleu.scaling.partials",
        "segment_statistics": "parbleu.scaling.partials",
        "parallel_chunked_statistics": "parbleu.scaling.processes",
        "parallel_statistics": "parbleu.scaling.processes",
    },
)

__all__ = [
    "DEFAULT_CHUNK_LINES",
    "StreamedStatistics",
    "chunked_statistics",
    "ordered_totals",
    "parallel_chunked_statistics",
    "parallel_statistics",
    "partial_statistics",
    "read_chunks",
    "score_partials",
    "segment_statistics",
    "sentence_scores",
    "stream_statistics",
]
