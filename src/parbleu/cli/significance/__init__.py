"""Confidence intervals, paired tests and the block test on the command line.

Options as sacreBLEU 2.6.0 names them: ``-ci`` (one system: its score with a bootstrap
estimate, ``(μ = mean ± ci)``), ``-pbs`` and ``-par`` (paired bootstrap or approximate
randomization of every system against the first, the baseline), their sample counts
``-cin``, ``-pbsn``, ``-parn``, and ``-j`` (accepted; parbleu tests all systems in one
vectorized pass, so it changes nothing). parbleu adds ``--seed`` and ``--blocks [B]``, the
block t-test of Papineni et al. (2002). Text output follows sacreBLEU's; JSON is available
for every test.

The seed is the one piece of configuration read from the environment, here at the edge and
nowhere in the library: ``--seed`` if given, else sacreBLEU's ``SACREBLEU_SEED`` variable if
set (so that scripts written for sacreBLEU reproduce its numbers), else 12345. ``none``
draws fresh entropy.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence

from parbleu.cli.parser import wants_significance
from parbleu.cli.significance.blocks import block_json, block_text
from parbleu.cli.significance.confidence import confidence_lines
from parbleu.cli.significance.external import check_scores_options, read_external_scores
from parbleu.cli.significance.paired import paired_json, paired_text
from parbleu.errors import OptionError
from parbleu.metrics.base import AnyMetric
from parbleu.significance import paired_bootstrap, paired_randomization
from parbleu.significance.blocks import block_test
from parbleu.significance.defaults import DEFAULT_SEED
from parbleu.stats import Stats

__all__ = ["SEED_VARIABLE", "resolve_seed", "significance_lines", "wants_significance"]

#: sacreBLEU's environment variable for the seed.
SEED_VARIABLE = "SACREBLEU_SEED"


def _parse_seed(text: str, source: str) -> int | None:
    if text.strip().lower() == "none":
        return None
    try:
        seed = int(text)
    except ValueError:
        seed = -1
    if seed < 0:
        raise OptionError(f"{source} must be a non-negative integer or 'none'; got {text!r}")
    return seed


def resolve_seed(option: str | None, environ: Mapping[str, str]) -> int | None:
    """``--seed``, else ``$SACREBLEU_SEED``, else 12345; ``none`` means fresh entropy.

    >>> resolve_seed(None, {}), resolve_seed("7", {"SACREBLEU_SEED": "1"})
    (12345, 7)
    >>> resolve_seed(None, {"SACREBLEU_SEED": "None"}) is None
    True
    """
    if option is not None:
        return _parse_seed(option, "--seed")
    if SEED_VARIABLE in environ:
        return _parse_seed(environ[SEED_VARIABLE], SEED_VARIABLE)
    return DEFAULT_SEED


def _check(args: argparse.Namespace, n_systems: int) -> None:
    paired = args.paired_bs or args.paired_ar
    if args.sentence_level:
        raise OptionError("statistical tests are unavailable in sentence-level mode (-sl)")
    if args.blocks is not None and (paired or args.confidence):
        raise OptionError("--blocks is a test of its own: give it without -ci, -pbs or -par")
    if paired and n_systems < 2:
        raise OptionError(
            "paired tests need at least two systems given to -i (the first is the baseline)"
        )
    if args.confidence and n_systems > 1:
        raise OptionError(
            f"-ci estimates one system, got {n_systems}; for several systems use -pbs, "
            "which gives every system its interval and a p-value against the first"
        )


def _display_names(args: argparse.Namespace, names: Sequence[str]) -> list[str]:
    """Names as sacreBLEU shows them: ``Baseline: FILE``, or ``Baseline``, ``System i`` (stdin)."""
    if len(names) < 2:
        return list(names)
    if args.input is None or args.input == ["-"]:
        return ["Baseline", *(f"System {i}" for i in range(1, len(names)))]
    return [f"Baseline: {names[0]}", *names[1:]]


def _with_external(
    args: argparse.Namespace,
    metrics: Sequence[AnyMetric],
    statistics: list[dict[str, Stats]],
    shown: Sequence[str],
    n_segments: int,
) -> tuple[list[AnyMetric], list[dict[str, Stats]]]:
    """The metrics and their statistics, then every ``--scores`` file's (`external`)."""
    taken = {_score_name(m, s).casefold() for m, s in zip(metrics, statistics, strict=True)}
    for name, path in check_scores_options(args):
        if name.casefold() in taken:
            raise OptionError(
                f"--scores {name}={path}: {name!r} is the name of a metric of -m; name the "
                "scores otherwise"
            )
    columns = read_external_scores(args, n_segments)
    external = [dict(zip(shown, stats, strict=True)) for _, stats in columns]
    return [*metrics, *(table for table, _ in columns)], [*statistics, *external]


def _score_name(metric: AnyMetric, statistics: dict[str, Stats]) -> str:
    """The name a metric's results carry (``BLEU``, ``chrF2``, ``TER``)."""
    return str(metric.score_totals(next(iter(statistics.values())).total()).name)


def significance_lines(
    args: argparse.Namespace,
    metrics: Sequence[AnyMetric],
    names: Sequence[str],
    systems: Sequence[list[str]],
    environ: Mapping[str, str],
    *,
    progress: Callable[[str], None] | None = None,
) -> list[str]:
    """The output of ``-ci``, ``-pbs``, ``-par`` or ``--blocks`` for prepared metrics.

    `progress`, if given, is told each step (statistics of each metric, then the tests).
    """
    _check(args, len(systems))
    check_scores_options(args)
    seed = resolve_seed(args.seed, environ)
    shown = _display_names(args, names)
    step = progress or (lambda _: None)
    statistics = []
    for metric in metrics:
        step(f"statistics of {metric.name} for {len(systems)} systems")
        statistics.append(
            {name: metric.statistics(lines) for name, lines in zip(shown, systems, strict=True)}
        )
    if args.scores:
        step("reading the external scores")
        metrics, statistics = _with_external(args, metrics, statistics, shown, len(systems[0]))
    step("resampling")
    if args.confidence:
        return confidence_lines(args, metrics, statistics, seed)
    if args.blocks is not None:
        tests = [
            block_test(m, s, n_blocks=args.blocks) for m, s in zip(metrics, statistics, strict=True)
        ]
        return block_json(tests) if args.format == "json" else block_text(args, tests)
    if args.paired_bs:
        paired = [
            paired_bootstrap(m, s, n_samples=args.paired_bs_n, seed=seed)
            for m, s in zip(metrics, statistics, strict=True)
        ]
    else:
        paired = [
            paired_randomization(m, s, n_trials=args.paired_ar_n, seed=seed)
            for m, s in zip(metrics, statistics, strict=True)
        ]
    return paired_json(paired) if args.format == "json" else paired_text(args, paired)
