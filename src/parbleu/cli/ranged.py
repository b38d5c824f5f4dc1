"""Several systems against the same references, read and scored a range of lines at a time.

The lines are cut into ranges of at most `DEFAULT_CHUNK_LINES`, at least one per process.
Each process (`map_forked`) reads its ranges of every file from their byte offsets
(`parbleu.scaling.byteranges`), prepares each range's references once per metric and scores
every system's lines of that range; the statistics of each system are then summed over the
ranges and scored once. Compared with giving each process whole systems, the references'
preparation is split between the processes instead of repeated in each, the work is even
whatever the number of systems, and memory is bounded by the range, not the corpus.

Only metrics whose sums do not depend on their order (BLEU, chrF: integer statistics) and
that can score a range alone (not NIST) go this way, from regular files whose newline is
the newline byte; `parbleu.cli.scoring` decides. Inputs are checked in the order and with the
messages of reading them whole: every file's first lines (empty, not plain text), then the
references' numbers of lines, then each system's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.cli.inputs import check_file_head
from parbleu.errors import LengthMismatchError
from parbleu.io.lines import check_counts
from parbleu.metrics.base import AnyMetric
from parbleu.references import ReferenceSet
from parbleu.scaling.byteranges import (
    LineRange,
    count_line_bytes,
    count_line_ranges,
    read_line_range,
)
from parbleu.scaling.chunks import DEFAULT_CHUNK_LINES
from parbleu.scaling.forks import map_forked

__all__ = ["RangedScores", "score_in_ranges"]


@dataclass(frozen=True)
class RangedScores:
    """Each system's scores (in the order of the metrics) and its lines that end in ' .'."""

    scores: list[list[Any]]
    tokenized_lines: list[int]


@dataclass(frozen=True)
class _Tally:
    """One range: each system's column sums per metric, and its lines ending in ' .'."""

    totals: tuple[tuple[npt.NDArray[Any], ...], ...]  # [system][metric]
    tokenized: tuple[int, ...]


def score_in_ranges(
    metrics: Sequence[AnyMetric],
    references: Sequence[str],
    systems: Sequence[tuple[str, str]],
    *,
    encoding: str,
    jobs: int,
    chunk_lines: int = DEFAULT_CHUNK_LINES,
    step: Callable[[str], None] = lambda _: None,
) -> RangedScores:
    """Corpus scores of every system (``(name, file)``) against the reference files.

    `step` is told what is being done (progress), by this process only.

    Raises:
        InputError, EncodingError, LengthMismatchError: as reading the files whole does.
    """
    paths = [*references, *(path for _, path in systems)]
    plans = _checked_plans(
        references, systems, encoding, jobs=jobs, chunk_lines=chunk_lines, step=step
    )
    n_refs, workers = len(references), min(jobs, len(plans))
    if workers > 1:
        step(f"scoring {len(systems)} systems in {workers} processes")

    def tally(plan: LineRange) -> _Tally:
        if workers == 1:
            last, total = plan.first_line + plan.lines, plans[-1].first_line + plans[-1].lines
            step(f"scoring {len(systems)} systems, lines {plan.first_line + 1}-{last} of {total}")
        parts = [
            [line.rstrip() for line in part] for part in read_line_range(paths, plan, encoding)
        ]
        reference_set = ReferenceSet(tuple(map(tuple, parts[:n_refs])))
        prepared = [metric.with_prepared(metric.prepare(reference_set)) for metric in metrics]
        return _Tally(
            tuple(
                tuple(metric.statistics(lines).total() for metric in prepared)
                for lines in parts[n_refs:]
            ),
            tuple(sum(line.endswith(" .") for line in lines) for lines in parts[n_refs:]),
        )

    tallies = map_forked(_same(tally), plans, workers)
    scores = [
        [
            metric.score_totals(
                np.sum([t.totals[system][number] for t in tallies], axis=0),
                metric.signature(n_refs),
            )
            for number, metric in enumerate(metrics)
        ]
        for system in range(len(systems))
    ]
    return RangedScores(
        scores, [sum(t.tokenized[system] for t in tallies) for system in range(len(systems))]
    )


def _checked_plans(
    references: Sequence[str],
    systems: Sequence[tuple[str, str]],
    encoding: str,
    *,
    jobs: int,
    chunk_lines: int,
    step: Callable[[str], None],
) -> list[LineRange]:
    """Ranges of lines of every file: at most `chunk_lines` lines, at least `jobs` ranges.

    The files are checked first as reading them whole checks them: every file's first lines,
    then the references' line counts, then each system's.
    """
    step("reading the references")
    for path in references:
        check_file_head(path, encoding)
    step("reading the systems")
    for _, path in systems:
        check_file_head(path, encoding)
    lines = max(1, min(chunk_lines, -(-count_line_bytes(references[0]) // max(jobs, 1))))
    counts, plans = count_line_ranges([*references, *(p for _, p in systems)], lines)
    ref_counts = list(zip(references, counts[: len(references)], strict=True))
    check_counts(ref_counts)
    for (name, _), count in zip(systems, counts[len(references) :], strict=True):
        check_counts([*ref_counts, (name, count)])
    if plans is None:  # unreachable: every count was just checked against the references'
        raise LengthMismatchError(f"files must have the same number of lines: {counts}")
    return plans


def _same(function: Callable[[LineRange], _Tally]) -> Callable[[], Callable[[LineRange], _Tally]]:
    """What `map_forked` builds in each process: here, the same function everywhere."""
    return lambda: function
