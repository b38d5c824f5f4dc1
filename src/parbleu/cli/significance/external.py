"""``--scores NAME=TSV``: segment scores computed elsewhere, tested beside the metrics.

The file is read as ``parbleu meta --external`` and ``parbleu report --scores`` read theirs
(`parbleu.io.judgments.read_segment_scores`, then `ExternalScores.from_segment_scores`):
``system<TAB>seg_id<TAB>score`` without a header, ``seg_id`` the 1-based line number of the
segment, a higher score better; ``seg_id<TAB>score`` when ``-i`` gives one system. A system
is named as in those commands, by its ``-i`` file name without directories, ``.gz`` and
``.txt`` (``sys/Online-W.txt`` is ``Online-W``). Every system of ``-i`` must have a score for
every segment, and the file must score no other system: anything else is an error that
names the file (and the line, where there is one).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from parbleu.errors import InputError, OptionError
from parbleu.io.judgments import SegmentScores, read_segment_scores
from parbleu.metrics.external import ExternalScores
from parbleu.stats import Stats

__all__ = ["ExternalColumn", "check_scores_options", "read_external_scores", "system_name"]

#: An external score and the per-segment statistics of each system of -i, in order.
ExternalColumn = tuple[ExternalScores, list[Stats]]


def system_name(path: str) -> str:
    """The name a score file gives the system in `path` (as ``parbleu meta`` names it)."""
    return Path(path).name.removesuffix(".gz").removesuffix(".txt")


def _spec(spec: str) -> tuple[str, str]:
    name, sep, path = spec.partition("=")
    if not sep or not name.strip() or not path:
        raise OptionError(
            f"--scores takes NAME=TSV (COMET=comet.tsv), got {spec!r}",
            option="--scores",
            received=spec,
        )
    return name, path


def check_scores_options(
    scores: Sequence[str], inputs: Sequence[str] | None
) -> list[tuple[str, str]]:
    """The ``(name, file)`` of every ``--scores``, checked before any file is read.

    `inputs` are the files of ``-i`` (None: the systems come from standard input).
    """
    specs = [_spec(spec) for spec in scores]
    names = [name for name, _ in specs]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise OptionError(f"--scores names {', '.join(map(repr, twice))} more than once")
    if not specs:
        return specs
    if inputs is None:
        raise OptionError(
            "--scores finds each system's scores by its file name: give the systems as files "
            "with -i"
        )
    systems = [system_name(path) for path in inputs]
    for i, name in enumerate(systems):
        if name in systems[:i]:
            raise OptionError(
                f"{inputs[systems.index(name)]} and {inputs[i]} both name system "
                f"{name!r}, so --scores cannot tell their scores apart"
            )
    return specs


def _check_systems(scores: SegmentScores, systems: Sequence[str], paths: Sequence[str]) -> None:
    """The file scores the systems of -i, no more, no fewer."""
    if not scores.has_systems:
        if len(systems) != 1:
            raise InputError(
                f"{scores.source}: line 1: seg_id<TAB>score names no system, but -i gives "
                f"{len(systems)}; use system<TAB>seg_id<TAB>score"
            )
        return
    for row in scores.rows:
        if row.system not in systems:
            raise InputError(
                f"{scores.source}: line {row.line}: system {row.system!r} is not given to -i "
                f"(systems: {', '.join(systems)})"
            )
    named = set(scores.systems)
    for system, path in zip(systems, paths, strict=True):
        if system not in named:
            raise InputError(f"{scores.source}: no scores for system {system!r} ({path})")


def read_external_scores(
    scores: Sequence[str], inputs: Sequence[str], encoding: str, n_segments: int
) -> list[ExternalColumn]:
    """Each ``--scores`` file as an `ExternalScores` and the statistics of every ``-i`` system.

    `inputs` are the files of ``-i``, each naming its system (`system_name`).

    Raises:
        OptionError: a malformed ``--scores``, a name given twice, systems not given as files.
        InputError: a malformed file (with its line), a system of the file not given to
            ``-i`` (with its first line), a system of ``-i`` without scores, a seg_id beyond
            the test set, a segment without a score.
    """
    specs = check_scores_options(scores, inputs)
    systems = [system_name(path) for path in inputs]
    columns = []
    for name, path in specs:
        found = read_segment_scores(path, encoding)
        _check_systems(found, systems, inputs)
        table = ExternalScores.from_segment_scores(found, n_segments, name=name)
        keys = systems if found.has_systems else [""]
        columns.append((table, [table.system_statistics(key) for key in keys]))
    return columns
