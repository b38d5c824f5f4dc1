"""Confidence intervals, paired tests and the block test on the command line.

Options as sacreBLEU 2.6.0 names them: ``-ci`` (one system: its score with a bootstrap
estimate, ``(μ = mean ± ci)``), ``-pbs`` and ``-par`` (paired bootstrap or approximate
randomization of every system against the first, the baseline), their sample counts
``-cin``, ``-pbsn``, ``-parn``, and ``-j`` (accepted; parbleu tests all systems in one
vectorized pass, so it changes nothing). parbleu adds ``--seed`` and ``--blocks [B]``, the
block t-test of Papineni et al. (2002). Text output follows sacreBLEU's; JSON is available
for every test.

The seed comes resolved in the request: ``--seed`` if given, else sacreBLEU's
``SACREBLEU_SEED`` variable if set (so that scripts written for sacreBLEU reproduce its
numbers), else 12345 (`parbleu.cli.significance.seeds`). ``none`` draws fresh entropy.

``--paper-table`` ranks every system in significance clusters of every pair, with intervals
(`parbleu.cli.significance.paper_table`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from parbleu.cli.requests import ScoreRequest
from parbleu.cli.significance.blocks import block_json, block_text
from parbleu.cli.significance.confidence import confidence_lines
from parbleu.cli.significance.external import check_scores_options, read_external_scores
from parbleu.cli.significance.paired import paired_json, paired_text
from parbleu.cli.significance.paper_formats import paper_lines
from parbleu.cli.significance.paper_table import paper_names, paper_table
from parbleu.errors import OptionError
from parbleu.metrics.base import AnyMetric
from parbleu.significance import paired_bootstrap, paired_randomization
from parbleu.significance.blocks import block_test
from parbleu.stats import Stats

__all__ = ["significance_lines"]


def _check(request: ScoreRequest, n_systems: int) -> None:
    tests = request.significance
    paired = tests.paired_bs or tests.paired_ar
    if request.metrics.sentence_level:
        raise OptionError("statistical tests are unavailable in sentence-level mode (-sl)")
    if tests.blocks is not None and (paired or tests.confidence):
        raise OptionError("--blocks is a test of its own: give it without -ci, -pbs or -par")
    if paired and n_systems < 2:
        raise OptionError(
            "paired tests need at least two systems given to -i (the first is the baseline)"
        )
    if tests.confidence and n_systems > 1:
        raise OptionError(
            f"-ci estimates one system, got {n_systems}; for several systems use -pbs, "
            "which gives every system its interval and a p-value against the first"
        )


def _display_names(request: ScoreRequest, names: Sequence[str]) -> list[str]:
    """Names as sacreBLEU shows them: ``Baseline: FILE``, or ``Baseline``, ``System i`` (stdin)."""
    if len(names) < 2:
        return list(names)
    if request.inputs.on_stdin:
        return ["Baseline", *(f"System {i}" for i in range(1, len(names)))]
    return [f"Baseline: {names[0]}", *names[1:]]


def _with_external(
    request: ScoreRequest,
    metrics: Sequence[AnyMetric],
    statistics: list[dict[str, Stats]],
    shown: Sequence[str],
    n_segments: int,
) -> tuple[list[AnyMetric], list[dict[str, Stats]]]:
    """The metrics and their statistics, then every ``--scores`` file's (`external`)."""
    taken = {_score_name(m, s).casefold() for m, s in zip(metrics, statistics, strict=True)}
    specs, systems = request.significance.scores, request.inputs.systems
    for name, path in check_scores_options(specs, systems):
        if name.casefold() in taken:
            raise OptionError(
                f"--scores {name}={path}: {name!r} is the name of a metric of -m; name the "
                "scores otherwise"
            )
    columns = read_external_scores(specs, systems or (), request.inputs.encoding, n_segments)
    external = [dict(zip(shown, stats, strict=True)) for _, stats in columns]
    return [*metrics, *(table for table, _ in columns)], [*statistics, *external]


def _score_name(metric: AnyMetric, statistics: dict[str, Stats]) -> str:
    """The name a metric's results carry (``BLEU``, ``chrF2``, ``TER``)."""
    return str(metric.score_totals(next(iter(statistics.values())).total()).name)


def significance_lines(
    request: ScoreRequest,
    metrics: Sequence[AnyMetric],
    names: Sequence[str],
    systems: Sequence[list[str]],
    *,
    progress: Callable[[str], None] | None = None,
) -> list[str]:
    """The output of ``-ci``, ``-pbs``, ``-par`` or ``--blocks`` for prepared metrics.

    `progress`, if given, is told each step (statistics of each metric, then the tests).
    """
    _check(request, len(systems))
    tests, output = request.significance, request.output
    check_scores_options(tests.scores, request.inputs.systems)
    seed = tests.seed
    paper = request.output.paper_table
    shown = paper_names(names) if paper else _display_names(request, names)
    step = progress or (lambda _: None)
    statistics = []
    for metric in metrics:
        step(f"statistics of {metric.name} for {len(systems)} systems")
        statistics.append(
            {name: metric.statistics(lines) for name, lines in zip(shown, systems, strict=True)}
        )
    if tests.scores:
        step("reading the external scores")
        metrics, statistics = _with_external(request, metrics, statistics, shown, len(systems[0]))
    step("resampling")
    if paper:
        table = paper_table(request, metrics, statistics)
        return paper_lines(table, output.format, width=output.width, short=output.short)
    pairs = list(zip(metrics, statistics, strict=True))
    if tests.confidence:
        return confidence_lines(
            output, metrics, statistics, n_samples=tests.confidence_n, seed=seed
        )
    if tests.blocks is not None:
        blocks = [block_test(m, s, n_blocks=tests.blocks) for m, s in pairs]
        return block_json(blocks) if output.format == "json" else block_text(output, blocks)
    if tests.paired_bs:
        paired = [paired_bootstrap(m, s, n_samples=tests.paired_bs_n, seed=seed) for m, s in pairs]
    else:
        paired = [
            paired_randomization(m, s, n_trials=tests.paired_ar_n, seed=seed) for m, s in pairs
        ]
    return paired_json(paired) if output.format == "json" else paired_text(output, paired)
