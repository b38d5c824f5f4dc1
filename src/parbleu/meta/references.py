"""Does the ranking of systems hold with one reference instead of several?

Papineni et al. (2002, section 3) scored their five systems with a single reference, drawn at
random for each story from the four they had, and found that the systems kept their rank
order. This module runs that study on any test set with several references: every system is
scored with each reference alone (and with any other choice of references, such as one drawn
per segment) and with all references together; each ranking is compared with the
all-references ranking, and the single-reference rankings with each other, by Kendall's tau-b
and by the system pairs that change order.

Statistics are computed once per choice of references (`reference_statistics`), so that other
analyses (correlation with human judgments, `parbleu.meta.systems`) can use them too;
`compare_references` turns them into rankings and comparisons.

    >>> from parbleu import BLEU
    >>> refs = {"A": ["the cat sat on the mat"], "B": ["a cat was sitting on the mat"]}
    >>> systems = {"x": ["the cat sat on a mat"], "y": ["a cat was sitting on a mat"]}
    >>> study = reference_study(BLEU(), systems, refs)
    >>> [(s.name, s.ranks) for s in study.settings]
    [('A', (1, 2)), ('B', (2, 1)), ('all', (2, 1))]
    >>> [(c.first, c.tau, c.swapped) for c in study.versus_all]
    [('A', -1.0, (('x', 'y'),)), ('B', 1.0, ())]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, FloatArray
from parbleu.errors import InputError
from parbleu.meta.rankings import compare_rankings
from parbleu.meta.systems import SegmentStats
from parbleu.metrics.base import AnyMetric
from parbleu.signature import Signature

__all__ = [
    "ALL",
    "Agreement",
    "ReferenceStudy",
    "Setting",
    "compare_references",
    "draw_one_reference",
    "rank_systems",
    "reference_statistics",
    "reference_study",
]

#: The name of the setting that scores with every reference.
ALL = "all"

#: A reference stream: one segment per line, None where the segment has no such reference.
Stream = Sequence[str | None]


@dataclass(frozen=True)
class Setting:
    """The systems scored with one choice of references.

    ``scores`` are as the metric reports them (TER not negated), in the study's system order;
    ``ranks`` are competition ranks, 1 for the best: a system's rank is one more than the
    number of systems that score strictly better, so tied systems share a rank.
    """

    name: str
    references: tuple[str, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True)
class Agreement:
    """How two settings rank the same systems.

    ``swapped`` holds every pair the two order differently, as ``(better under first, better
    under second)``; ``tie_changes`` counts the pairs tied under exactly one of them.
    """

    first: str
    second: str
    tau: float  # Kendall's tau-b (NaN when a setting gives every system the same score)
    swapped: tuple[tuple[str, str], ...]
    tie_changes: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields; a swap is ``{"first": ..., "second": ...}`` (who is better)."""
        return {
            "first": self.first,
            "second": self.second,
            "tau": self.tau,
            "swapped": [{"first": a, "second": b} for a, b in self.swapped],
            "tie_changes": self.tie_changes,
        }


@dataclass(frozen=True)
class ReferenceStudy:
    """One metric's rankings of the systems under each choice of references.

    ``settings`` are each reference alone, then any other choices, then all references
    together (`ALL`, last); ``versus_all`` compares every other setting with `ALL`,
    ``pairwise`` the single references with each other.
    """

    metric: str
    higher_is_better: bool
    signature: Signature  # the metric's, with all references
    systems: tuple[str, ...]
    settings: tuple[Setting, ...]
    versus_all: tuple[Agreement, ...]
    pairwise: tuple[Agreement, ...]

    @property
    def all(self) -> Setting:
        """The setting with every reference."""
        return self.settings[-1]

    def setting(self, name: str) -> Setting:
        """The setting called `name`."""
        for setting in self.settings:
            if setting.name == name:
                return setting
        known = ", ".join(s.name for s in self.settings)
        raise InputError(f"no reference setting {name!r}; the study has {known}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields; each setting's scores and ranks keyed by system."""
        return {
            "metric": self.metric,
            "higher_is_better": self.higher_is_better,
            "signature": self.signature.format(),
            "systems": list(self.systems),
            "settings": [
                {
                    "name": s.name,
                    "references": list(s.references),
                    "scores": dict(zip(self.systems, s.scores, strict=True)),
                    "ranks": dict(zip(self.systems, s.ranks, strict=True)),
                }
                for s in self.settings
            ],
            "versus_all": [a.to_dict() for a in self.versus_all],
            "pairwise": [a.to_dict() for a in self.pairwise],
        }


def rank_systems(scores: npt.ArrayLike, *, higher_is_better: bool = True) -> tuple[int, ...]:
    """Competition ranks (1 for the best; ties share the better rank: 1, 2, 2, 4).

    >>> rank_systems([30.0, 35.5, 30.0, 20.0])
    (2, 1, 2, 4)
    >>> rank_systems([40.0, 35.5], higher_is_better=False)  # TER
    (2, 1)
    """
    values = np.asarray(scores, dtype=np.float64)
    oriented = values if higher_is_better else -values
    better = (oriented[None, :] > oriented[:, None]).sum(axis=1)
    return tuple(int(b) + 1 for b in better)


def draw_one_reference(
    references: Mapping[str, Sequence[str]], seed: int
) -> tuple[tuple[str | None, ...], ...]:
    """One reference per segment, drawn uniformly at random (the paper's single reference).

    The paper drew one reference per story; without document ids this draws per segment.
    Returns one stream per reference, holding its segment where it was drawn and None
    elsewhere, so the signature says ``nrefs:var``. The draws are Python's
    ``random.Random(seed).choice`` over the reference names, segment by segment.
    """
    names = list(references)
    streams = [references[name] for name in names]
    n_segments = _common_length(dict(zip(names, streams, strict=True)))
    rng = random.Random(seed)
    chosen = [rng.choice(names) for _ in range(n_segments)]
    return tuple(
        tuple(stream[i] if chosen[i] == name else None for i in range(n_segments))
        for name, stream in zip(names, streams, strict=True)
    )


def _common_length(references: Mapping[str, Sequence[str | None]]) -> int:
    lengths = {name: len(stream) for name, stream in references.items()}
    if len(set(lengths.values())) > 1:
        counts = ", ".join(f"{name}: {n}" for name, n in lengths.items())
        raise InputError(f"references have different numbers of segments ({counts})")
    return next(iter(lengths.values()))


def _check_references(references: Mapping[str, Sequence[str]]) -> None:
    if len(references) < 2:
        raise InputError(
            f"a reference study needs at least two references; got {len(references)} "
            f"({', '.join(references) or 'none'})"
        )
    if ALL in references:
        raise InputError(f"{ALL!r} names the setting with every reference; rename that reference")
    _common_length(references)


def reference_statistics(
    metric: AnyMetric,
    systems: Mapping[str, Sequence[str]],
    references: Mapping[str, Sequence[str]],
    *,
    others: Mapping[str, Sequence[Stream]] | None = None,
    label: str | None = None,
    sentence_metric: AnyMetric | None = None,
) -> dict[str, SegmentStats]:
    """Every system's statistics with each reference alone, `others`, then all of them.

    Args:
        metric: the metric (any references it holds are not used).
        systems: system name to its output, one line per segment.
        references: reference name to its lines (two or more, all the same length).
        others: more choices of references, name to reference streams (e.g. the draw of
            `draw_one_reference`).
        label: the metric's name in results (default: its score's name, ``BLEU``, ``chrF2``).
        sentence_metric: how a single segment is scored, if not as by `metric` (see
            `SegmentStats`).

    Returns:
        Setting name to `SegmentStats`: the reference names, the names in `others`, `ALL`.
        A setting whose streams are the references (some segments left out) takes its
        statistics from the single references' where the metric can
        (`Metric.statistics_over_references`: TER), identical to counting them again.

    Raises:
        InputError: fewer than two references, references of different lengths, a system
            of another length, or a setting name used twice.
    """
    _check_references(references)
    choices: dict[str, Sequence[Stream]] = {name: [lines] for name, lines in references.items()}
    for name, streams in (others or {}).items():
        if name in choices or name == ALL:
            raise InputError(f"reference setting {name!r} is given twice")
        choices[name] = streams
    choices[ALL] = list(references.values())
    result: dict[str, SegmentStats] = {}
    for name, streams in choices.items():
        prepared = metric.with_references([list(stream) for stream in streams])
        present = None if name in references else _present(streams, references)
        stats = {}
        for system, lines in systems.items():
            combined = None
            if present is not None:
                single = [result[reference].stats[system] for reference in references]
                combined = metric.statistics_over_references(single, present)
            stats[system] = combined if combined is not None else prepared.statistics(lines)
        first = next(iter(stats.values()))
        shown = label or str(prepared.score_totals(prepared.corpus_totals(first)).name)
        result[name] = SegmentStats(shown, prepared, stats, sentence_metric)
    return result


def _present(
    streams: Sequence[Stream], references: Mapping[str, Sequence[str]]
) -> BoolArray | None:
    """Which reference serves each segment (``[segment, reference]``) in `streams`.

    None unless every stream is one of `references` with some segments left out.
    """
    names = list(references)
    present = np.zeros((_common_length(references), len(names)), dtype=np.bool_)
    for stream in streams:
        match = [
            k
            for k, name in enumerate(names)
            if not present[:, k].any()
            and len(stream) == len(present)
            and all(
                line is None or line == ref
                for line, ref in zip(stream, references[name], strict=True)
            )
        ]
        if not match:
            return None
        present[:, match[0]] = [line is not None for line in stream]
    return present


def _oriented(scores: FloatArray, higher_is_better: bool) -> FloatArray:
    return scores if higher_is_better else -scores


def compare_references(
    statistics: Mapping[str, SegmentStats],
    references: Sequence[str],
    systems: Sequence[str] | None = None,
) -> ReferenceStudy:
    """Rankings and their comparisons from `reference_statistics`'s result.

    Args:
        statistics: setting name to statistics; `ALL` must be among them.
        references: the names of the single references (settings compared pairwise).
        systems: the systems to rank, in this order (default: all, in the statistics' order).

    Raises:
        InputError: no `ALL` setting, a single reference without statistics, fewer than two
            systems, or a score that is undefined.
    """
    if ALL not in statistics:
        raise InputError(f"no {ALL!r} setting to compare with")
    missing = [name for name in references if name not in statistics]
    if missing:
        raise InputError(f"no statistics for references {missing}")
    whole = statistics[ALL]
    names = tuple(systems if systems is not None else whole.stats)
    if len(names) < 2:
        raise InputError(f"ranking needs at least two systems; got {len(names)}")
    order = [name for name in statistics if name != ALL] + [ALL]
    scores = {name: statistics[name].system_scores(names) for name in order}
    for name, values in scores.items():
        undefined = [s for s, v in zip(names, values, strict=True) if not np.isfinite(v)]
        if undefined:
            raise InputError(f"{whole.name} with {name}: score undefined for {undefined}")
    better = whole.higher_is_better
    settings = tuple(
        Setting(
            name,
            tuple(references) if name == ALL else _used(name, references),
            tuple(float(v) for v in scores[name]),
            rank_systems(scores[name], higher_is_better=better),
        )
        for name in order
    )

    def agreement(first: str, second: str) -> Agreement:
        a, b = _oriented(scores[first], better), _oriented(scores[second], better)
        result = compare_rankings(names, a, b)
        return Agreement(first, second, result.tau, result.swapped, result.tie_changes)

    pairs = [(a, b) for i, a in enumerate(references) for b in references[i + 1 :]]
    return ReferenceStudy(
        metric=whole.name,
        higher_is_better=better,
        signature=whole.metric.signature(),
        systems=names,
        settings=settings,
        versus_all=tuple(agreement(name, ALL) for name in order[:-1]),
        pairwise=tuple(agreement(a, b) for a, b in pairs),
    )


def _used(name: str, references: Sequence[str]) -> tuple[str, ...]:
    """The references a setting uses: itself if it is one, else all of them (one per segment)."""
    return (name,) if name in references else tuple(references)


def reference_study(
    metric: AnyMetric,
    systems: Mapping[str, Sequence[str]],
    references: Mapping[str, Sequence[str]],
    *,
    others: Mapping[str, Sequence[Stream]] | None = None,
) -> ReferenceStudy:
    """`reference_statistics` then `compare_references`: the study of one metric.

    Raises:
        InputError: see `reference_statistics` and `compare_references`.
    """
    statistics = reference_statistics(metric, systems, references, others=others)
    return compare_references(statistics, list(references), list(systems))
