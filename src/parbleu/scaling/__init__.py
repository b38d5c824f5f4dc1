"""Corpora of any size: chunks of segments, files read in chunks, worker processes.

Statistics are sums over segments, so a corpus can be scored a chunk at a time (`chunks`),
read from files a chunk at a time (`files`) and spread over processes (`processes`, with the
pool helpers of `workers`), with bounded memory and statistics identical to scoring it whole.
"""

from parbleu.scaling.chunks import (
    DEFAULT_CHUNK_LINES,
    StreamedStatistics,
    chunked_statistics,
    sentence_scores,
)
from parbleu.scaling.files import read_chunks, stream_statistics
from parbleu.scaling.processes import parallel_chunked_statistics, parallel_statistics

__all__ = [
    "DEFAULT_CHUNK_LINES",
    "StreamedStatistics",
    "chunked_statistics",
    "parallel_chunked_statistics",
    "parallel_statistics",
    "read_chunks",
    "sentence_scores",
    "stream_statistics",
]
