r"""``parbleu meta --mtme DIR``: a metric evaluated as the WMT metrics tasks do, from files.

    parbleu meta --mtme ~/.mt-metrics-eval/mt-metrics-eval-v2/wmt23 --lp en-de zh-en \\
        --gold mqm --ref refA -m bleu chrf --metric-scores COMET MetricX-23 --task wmt23

The test set folder is in mt-metrics-eval's layout (`parbleu.io.mtme`). The systems of a
language pair are those with human segment scores ``--gold`` (at least one), less the
reference and, as mt-metrics-eval leaves them out by default, the human translations
(``--include-human`` keeps those that are not the reference). parbleu's metrics (``-m``) are
scored from the texts with ``--ref``; other metrics (``--metric-scores NAME``) come from
``metric-scores/LP/NAME-REF.seg.score`` (``-src`` and ``-all`` also looked for) and its
``.sys.score`` (without one, a system's score is the mean of its segment scores).

Everything the options ask for is converted once, at the top, into `MtmeRequest`; nothing
below reads the argparse namespace.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from parbleu.arrays import FloatArray
from parbleu.cli.options import Context, build_metrics
from parbleu.errors import InputError, OptionError
from parbleu.io.mtme import MtmeSet, ScoreTable, metric_files, open_mtme
from parbleu.meta.clusters import MetricRanking
from parbleu.meta.compare import Permutations
from parbleu.meta.evaluation import HumanScores, MetricEvaluation, MetricScores, evaluate_metric
from parbleu.meta.pairs import Grouping
from parbleu.meta.systems import Bootstrap, SegmentStats
from parbleu.meta.tasks import (
    LanguagePair,
    TaskPreset,
    TaskResult,
    average_tasks,
    run_task,
    task_set,
)
from parbleu.metrics.base import AnyMetric
from parbleu.references import ReferenceSet

__all__ = [
    "LanguagePairReport",
    "MtmeReport",
    "MtmeRequest",
    "mtme_request",
    "run_mtme",
]


@dataclass(frozen=True)
class MtmeRequest:
    """Everything the mt-metrics-eval mode was asked for, typed."""

    root: Path
    lps: tuple[str, ...]
    gold: str
    reference: str
    metrics: tuple[tuple[AnyMetric, AnyMetric], ...]  # (corpus, sentence) per -m metric
    metric_scores: tuple[str, ...]
    task: TaskPreset | None
    groupings: tuple[Grouping, ...]
    epsilon: float | None
    include_human: bool
    bootstrap: Bootstrap
    permutations: Permutations | None
    alpha: float
    output: str  # text, json or markdown
    width: int


def mtme_request(args: argparse.Namespace, settings: Mapping[str, Any]) -> MtmeRequest:
    """The typed request of the namespace (usage errors for what is missing or wrong).

    `settings` are the metric options given (`parbleu.cli.options.metric_settings`).
    """
    for option, value in (("--lp", args.lp), ("--gold", args.gold), ("--ref", args.ref)):
        if not value:
            raise OptionError(f"--mtme needs {option}", option=option)
    for option in ("refs", "systems", "human", "human_seg", "reference_study"):
        if getattr(args, option, None):
            raise OptionError(f"--mtme reads its texts and scores from DIR; drop --{option}")
    if args.epsilon is not None and args.epsilon < 0:
        raise OptionError(f"--epsilon must be >= 0; got {args.epsilon}", option="--epsilon")
    if args.permutations < 0:
        raise OptionError("--permutations must be >= 0", option="--permutations")
    names = args.metrics if args.metrics is not None else []
    if not names and not args.metric_scores:
        names = ["bleu", "chrf"]
    corpus = build_metrics(names, settings, Context())
    sentence = build_metrics(names, settings, Context(sentence_level=True))
    return MtmeRequest(
        root=Path(args.mtme),
        lps=tuple(dict.fromkeys(args.lp)),
        gold=args.gold,
        reference=args.ref,
        metrics=tuple(zip(corpus, sentence, strict=True)),
        metric_scores=tuple(dict.fromkeys(args.metric_scores)),
        task=TaskPreset(args.task) if args.task else None,
        groupings=tuple(Grouping(g) for g in dict.fromkeys(args.groupings)),
        epsilon=args.epsilon,
        include_human=args.include_human,
        bootstrap=Bootstrap(args.bootstrap, args.seed, args.confidence),
        permutations=Permutations(args.permutations, seed=args.seed) if args.permutations else None,
        alpha=args.alpha,
        output=args.format,
        width=args.width,
    )


@dataclass(frozen=True)
class LanguagePairReport:
    """What was read for one language pair and every metric's statistics."""

    data: LanguagePair
    left_out: dict[str, str]  # system -> why
    human_system_source: str  # the .sys.score file, or how system scores were made
    rated_segments: int  # segments rated for every system
    n_segments: int
    evaluations: tuple[MetricEvaluation, ...]


@dataclass(frozen=True)
class MtmeReport:
    """The whole result."""

    request: MtmeRequest
    pairs: tuple[LanguagePairReport, ...]
    tasks: tuple[TaskResult, ...]
    average: MetricRanking | None


def _matrix(table: ScoreTable, systems: Sequence[str], what: str) -> FloatArray:
    missing = [s for s in systems if s not in table.scores]
    if missing:
        raise InputError(
            f"no {what} scores for system(s) {', '.join(missing)}", source=table.source
        )
    rows = [[np.nan if v is None else v for v in table.scores[s]] for s in systems]
    return np.array(rows, dtype=np.float64)


def _systems(
    data: MtmeSet, gold: ScoreTable, request: MtmeRequest
) -> tuple[list[str], dict[str, str]]:
    left_out: dict[str, str] = {}
    chosen = []
    for name in sorted(data.outputs):
        if name == request.reference:
            left_out[name] = "the reference"
        elif name in data.human_translations and not request.include_human:
            left_out[name] = "human translation, kept with --include-human"
        elif not any(v is not None for v in gold.scores.get(name, ())):
            left_out[name] = f"no {request.gold} segment scores"
        else:
            chosen.append(name)
    return chosen, left_out


def _human(data: MtmeSet, request: MtmeRequest) -> tuple[HumanScores, dict[str, str], str]:
    gold = data.read_human(request.gold, "seg")
    systems, left_out = _systems(data, gold, request)
    segment = _matrix(gold, systems, f"{request.gold} segment")
    sys_file = data.human_file(request.gold, "sys")
    if sys_file.is_file():
        system = _matrix(data.read_human(request.gold, "sys"), systems, f"{request.gold} system")
        if np.isnan(system).any():
            raise InputError("a system-level human score is None", source=str(sys_file))
        source = str(sys_file)
        system_scores = system[:, 0]
    else:
        source = "mean of each system's rated segments (no .sys.score file)"
        system_scores = np.nanmean(segment, axis=1)
    return HumanScores(request.gold, tuple(systems), system_scores, segment), left_out, source


def _parbleu_metric(
    data: MtmeSet, pair: tuple[AnyMetric, AnyMetric], reference: str, systems: Sequence[str]
) -> MetricScores:
    if reference not in data.references:
        found = ", ".join(sorted(data.references)) or "none"
        raise InputError(f"{data.root}: no reference {reference!r} for {data.lp}; found: {found}")
    corpus, sentence = pair
    references = ReferenceSet(((*data.references[reference],),))
    metric = corpus.with_prepared(corpus.prepare(references))
    stats = {name: metric.statistics(list(data.outputs[name])) for name in systems}
    label = str(metric.score_totals(stats[systems[0]].total()).name)
    table = SegmentStats(label, metric, stats, sentence)
    return MetricScores(
        label, table.system_scores(systems, oriented=True), table.segment_scores(systems)
    )


def _external_metric(
    data: MtmeSet, name: str, reference: str, systems: Sequence[str]
) -> MetricScores:
    files = metric_files(data, name, reference)
    segment = _matrix(data.read_metric(files["seg"], "seg"), systems, name)
    if "sys" in files:
        system = _matrix(data.read_metric(files["sys"], "sys"), systems, name)[:, 0]
    else:
        system = segment.mean(axis=1)
    return MetricScores(name, system, segment)


def _language_pair(lp: str, request: MtmeRequest) -> LanguagePairReport:
    data = open_mtme(request.root, lp)
    human, left_out, source = _human(data, request)
    metrics = [_parbleu_metric(data, m, request.reference, human.systems) for m in request.metrics]
    metrics += [
        _external_metric(data, n, request.reference, human.systems) for n in request.metric_scores
    ]
    names = [m.name for m in metrics]
    if len(set(names)) < len(names):
        raise OptionError(f"two metrics are named alike: {', '.join(names)}")
    evaluations = tuple(
        evaluate_metric(
            human, m, request.groupings, epsilon=request.epsilon, bootstrap=request.bootstrap
        )
        for m in metrics
    )
    return LanguagePairReport(
        data=LanguagePair(lp, human, {m.name: m for m in metrics}),
        left_out=left_out,
        human_system_source=source,
        rated_segments=int((~np.isnan(human.segment).any(axis=0)).sum()),
        n_segments=data.n_segments,
        evaluations=evaluations,
    )


def run_mtme(request: MtmeRequest) -> MtmeReport:
    """Read every language pair, evaluate every metric, run the task set if asked."""
    pairs = tuple(_language_pair(lp, request) for lp in request.lps)
    if request.task is None:
        return MtmeReport(request, pairs, (), None)
    data = {p.data.lp: p.data for p in pairs}
    names = [e.metric for e in pairs[0].evaluations]
    results = tuple(
        run_task(t, data, names, permutations=request.permutations, alpha=request.alpha)
        for t in task_set(request.task, request.lps)
    )
    return MtmeReport(request, pairs, results, average_tasks(results, request.alpha))
