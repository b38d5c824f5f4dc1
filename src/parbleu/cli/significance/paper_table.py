"""``--paper-table``: every system ranked in significance clusters, with intervals (WMT style).

Each metric of ``-m`` (and each ``--scores``) gets, for every system, its corpus score, its
bootstrap 95% interval and its cluster rank. The clusters are those of the HTML report
(`parbleu.significance.clusters`, at p < 0.05): systems ordered by score in the metric's own
direction (``higher_is_better``), a boundary wherever every system above is significantly
different from every system below, the paired test run on **every pair** of systems:

* ``-pbs`` (the default): `paired_bootstrap_all_pairs`, one set of ``-pbsn`` resamples; the
  intervals are its estimates, exactly as the report computes them;
* ``-par``: approximate randomization of every pair (``-parn`` trials, each system once the
  baseline of the systems after it, which gives every pair the p-value
  `paired_randomization` gives the pair alone); the intervals still come from the bootstrap.

The rows follow the first metric's ranking; `parbleu.cli.significance.paper_formats` prints
them as text, LaTeX, Markdown, CSV or JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from parbleu.cli.requests import ScoreRequest
from parbleu.cli.significance.common import THRESHOLD
from parbleu.cli.significance.external import system_name
from parbleu.errors import OptionError
from parbleu.metrics.base import AnyMetric
from parbleu.signature import Signature
from parbleu.significance import Estimate, paired_bootstrap_all_pairs, paired_randomization
from parbleu.significance.clusters import Ranking, clusters
from parbleu.stats import Stats

__all__ = ["PaperColumn", "PaperTable", "check_paper_table", "paper_names", "paper_table"]


@dataclass(frozen=True)
class PaperColumn:
    """One metric for every system (input order): scores, 95% intervals, clusters.

    ``p_values[i][j]`` is the paired test's p-value of systems ``i`` and ``j`` (1.0 for
    ``i == j``).
    """

    name: str
    higher_is_better: bool
    scores: tuple[float, ...]
    estimates: tuple[Estimate, ...]
    p_values: tuple[tuple[float, ...], ...]
    ranking: Ranking
    signature: Signature


@dataclass(frozen=True)
class PaperTable:
    """The systems (input order), each metric's column, and the order of the rows."""

    systems: tuple[str, ...]
    columns: tuple[PaperColumn, ...]
    test: str  # "bs" or "ar"
    n_samples: int  # bootstrap resamples (intervals, and p-values under "bs")
    n_trials: int  # randomization trials under "ar", else 0
    alpha: float

    @property
    def order(self) -> tuple[int, ...]:
        """The rows: systems as the first metric ranks them, best first."""
        return self.columns[0].ranking.order


def check_paper_table(request: ScoreRequest) -> None:
    """Refuse what ``--paper-table`` cannot honour, and ``-f markdown`` without it.

    (``-f csv`` without it is ``-sl``'s segment scores, checked by `parbleu.cli.scoring`.)

    Raises:
        OptionError: the option is combined with ``-ci``, ``--blocks``, ``-b`` or
            ``--table-style sacrebleu``, or ``-f markdown`` is asked without it.
    """
    output, tests = request.output, request.significance
    if not output.paper_table:
        if output.format == "markdown":
            raise OptionError(
                "-f markdown prints the paper table: give --paper-table (with "
                "-pbs or -par and several systems)"
            )
        return
    refused = [
        ("-ci", tests.confidence),
        ("--blocks", tests.blocks is not None),
        ("-b/--score-only", output.score_only),
        ("--table-style sacrebleu", output.table_style == "sacrebleu"),
    ]
    for option, given in refused:
        if given:
            raise OptionError(
                f"--paper-table ranks every system with -pbs or -par; it cannot be combined "
                f"with {option}"
            )


def paper_names(names: Sequence[str]) -> list[str]:
    """Systems named by file stem, as ``--scores`` names them.

    ``sys/BUPT_rush.txt`` is ``BUPT_rush``; the names stay as given when two stems coincide.
    """
    stems = [system_name(name) or name for name in names]
    return stems if len(set(stems)) == len(stems) else list(names)


def _randomization_p_values(
    metric: AnyMetric, named: Mapping[str, Stats], n_trials: int, seed: int | None
) -> list[list[float]]:
    """Approximate randomization p-value of every pair (1.0 on the diagonal)."""
    names = list(named)
    p_values = [[1.0] * len(names) for _ in names]
    for i in range(len(names) - 1):
        group = {name: named[name] for name in names[i:]}
        test = paired_randomization(metric, group, n_trials=n_trials, seed=seed)
        for j, result in enumerate(test.systems, start=i + 1):
            p_value = 1.0 if result.p_value is None else result.p_value  # never None here
            p_values[i][j] = p_values[j][i] = p_value
    return p_values


def _column(
    metric: AnyMetric, named: Mapping[str, Stats], request: ScoreRequest, alpha: float
) -> PaperColumn:
    tests = request.significance
    bootstrap = paired_bootstrap_all_pairs(
        metric, named, n_samples=tests.paired_bs_n, seed=tests.seed
    )
    signature = bootstrap.signature
    if tests.paired_ar:
        p_values = _randomization_p_values(metric, named, tests.paired_ar_n, tests.seed)
        signature = signature.with_fields(ar=tests.paired_ar_n)
    else:
        p_values = [[1.0 if p is None else p for p in row] for row in bootstrap.p_values]
    ranking = clusters(
        bootstrap.scores, p_values, higher_is_better=metric.higher_is_better, alpha=alpha
    )
    return PaperColumn(
        bootstrap.name,
        metric.higher_is_better,
        bootstrap.scores,
        bootstrap.estimates,
        tuple(map(tuple, p_values)),
        ranking,
        signature,
    )


def paper_table(
    request: ScoreRequest,
    metrics: Sequence[AnyMetric],
    statistics: Sequence[Mapping[str, Stats]],
    *,
    alpha: float = THRESHOLD,
) -> PaperTable:
    """Every metric's scores, intervals and clusters of the systems in `statistics`."""
    tests = request.significance
    columns = tuple(
        _column(metric, named, request, alpha)
        for metric, named in zip(metrics, statistics, strict=True)
    )
    return PaperTable(
        tuple(statistics[0]),
        columns,
        "ar" if tests.paired_ar else "bs",
        tests.paired_bs_n,
        tests.paired_ar_n if tests.paired_ar else 0,
        alpha,
    )
