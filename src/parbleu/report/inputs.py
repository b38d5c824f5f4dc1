"""What a report is built from, checked once: texts, names, optional columns and settings.

Everything the report shows comes from these values: the texts, and `ReportSettings` (the
optional columns, metrics, scores and settings, declared once); `ReportInputs.create`
refuses input that would be shown or scored wrongly, with a message naming what is wrong and
where: streams of different lengths, duplicate or empty system names, a baseline that is not
a system, a line that is not valid Unicode (a lone surrogate cannot be written as UTF-8, so
it could not be shown), external or human scores for systems the report does not have, a
metric the report cannot show or one given twice.

Metrics are given by name (``"chrf"``, any name of `parbleu.metrics.registry`, plug-ins
included), as a `MetricSpec` (a name and the metric's keyword options) or as a metric object
such as ``CHRF(word_order=2)`` (the command line builds them with
`parbleu.cli.options.build_metrics`); the report uses the metric's options and its own
references, and shows it as its registry entry says (`report_entry`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from parbleu.errors import InputError, LengthMismatchError, OptionError
from parbleu.metrics import AnyMetric
from parbleu.metrics.registry import MetricEntry, entry_for, metric_entry
from parbleu.references import ReferenceSet, check_hypotheses, resolve_references
from parbleu.significance import DEFAULT_BOOTSTRAP_SAMPLES, DEFAULT_SEED

__all__ = [
    "DEFAULT_AR_TRIALS",
    "HumanScores",
    "MetricSpec",
    "ReportInputs",
    "ReportSettings",
    "Significance",
    "report_entry",
]

#: Randomization trials of the report: sacreBLEU's 10,000 cost about 10 s per metric on
#: 100,000 segments; 1,000 resolve p-values to 0.001, enough to decide at 0.05.
DEFAULT_AR_TRIALS = 1000


@dataclass(frozen=True, eq=False)
class MetricSpec:
    """A metric by name with its keyword options (those of `parbleu.BLEU`, `CHRF` ...).

    Raises:
        OptionError: no metric has this name (the message lists those there are).
    """

    name: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        metric_entry(self.name)

    def build(self) -> AnyMetric:
        """The metric, without references (an unknown option is an `OptionError`)."""
        entry = metric_entry(self.name)
        return entry.build(entry.make_options(self.options))


def report_entry(metric: object) -> MetricEntry:
    """The registry entry of a metric the report computes from text.

    Raises:
        OptionError: `metric` is not a metric of the registry.
    """
    entry = entry_for(metric)
    if entry is None:
        raise OptionError(
            "a report computes the metrics of parbleu.metrics.registry from text; got "
            f"{type(metric).__name__} (give other scores per segment as external scores)"
        )
    return entry


def _metric(value: str | MetricSpec | AnyMetric) -> AnyMetric:
    """The metric a name, a spec or a metric object stands for (one the report can show)."""
    if isinstance(value, str):
        value = MetricSpec(value)
    metric = value.build() if isinstance(value, MetricSpec) else value
    report_entry(metric)
    return metric


@dataclass(frozen=True)
class Significance:
    """Settings of the confidence intervals, paired tests and clusters.

    ``bootstrap`` resamples give every system's 95% interval and the paired bootstrap
    p-value of every pair; ``trials`` randomization trials give the approximate
    randomization p-value of every system against the baseline; systems whose paired
    bootstrap p-value is below ``alpha`` count as significantly different in the clusters.
    """

    bootstrap: int = DEFAULT_BOOTSTRAP_SAMPLES
    trials: int = DEFAULT_AR_TRIALS
    seed: int | None = DEFAULT_SEED
    alpha: float = 0.05

    def __post_init__(self) -> None:
        for name in ("bootstrap", "trials"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise OptionError(f"{name} must be an integer >= 1; got {value!r}")
        if not 0 < self.alpha < 1:
            raise OptionError(f"alpha must be between 0 and 1; got {self.alpha!r}")


@dataclass(frozen=True)
class HumanScores:
    """Human judgments: one score per system, or per system and segment (None: not rated)."""

    label: str
    systems: Mapping[str, float] | None = None
    segments: Mapping[str, Sequence[float | None]] | None = None
    source: str = "human scores"

    def __post_init__(self) -> None:
        if (self.systems is None) == (self.segments is None):
            raise OptionError("give human scores per system or per segment (exactly one)")

    @property
    def names(self) -> tuple[str, ...]:
        """The systems the judgments name."""
        table = self.systems if self.systems is not None else self.segments
        return tuple(table or ())


@dataclass(frozen=True, eq=False)
class ReportSettings:
    """Everything a report shows besides its references and systems; every field optional.

    Attributes:
        source: the N source segments, shown beside the translations.
        docids: the document of each segment (per-document scores and filtering).
        metrics: names of `parbleu.metrics.registry` (``"bleu"``, ``"chrf"``, ``"ter"``,
            plug-ins ...), a `MetricSpec` with the metric's keyword options
            (``MetricSpec("chrf", {"word_order": 2})`` is chrF++), or a metric object
            (``CHRF(word_order=2)``), whose options are used with the report's references.
            Segment scores are the metric's sentence-level variant (BLEU: effective order,
            sacreBLEU's sentence BLEU).
        scores: external segment scores: name to system to N scores (COMET, BERTScore).
        human: human judgments per system or per segment (`HumanScores`).
        baseline: the system the paired tests compare against (default: the first).
        significance: bootstrap resamples, randomization trials, seed, alpha.
        reference_names: display names of the reference streams.
        title: the page title.
    """

    source: Sequence[str] | None = None
    docids: Sequence[str] | None = None
    metrics: Sequence[str | MetricSpec | AnyMetric] = ("bleu", "chrf")
    scores: Mapping[str, Mapping[str, Sequence[float | None]]] | None = None
    human: HumanScores | None = None
    baseline: str | None = None
    significance: Significance | None = None
    reference_names: Sequence[str] | None = None
    title: str = "parbleu report"

    @classmethod
    def of(cls, settings: ReportSettings | None, options: Mapping[str, Any]) -> ReportSettings:
        """`settings`, or settings made of keyword `options` (the fields above).

        Raises:
            OptionError: both given, or a keyword that is not a field.
        """
        if settings is not None:
            if options:
                raise OptionError(
                    f"give settings= or keyword settings, not both; got {', '.join(options)}"
                )
            return settings
        unknown = sorted(set(options) - {f.name for f in fields(cls)})
        if unknown:
            raise OptionError(
                f"unknown report settings {', '.join(unknown)}; see parbleu.report.ReportSettings"
            )
        return cls(**options)


@dataclass(frozen=True, eq=False)
class ReportInputs:
    """Validated inputs of one report. Create it with `ReportInputs.create`."""

    references: ReferenceSet
    reference_names: tuple[str, ...]
    system_names: tuple[str, ...]
    systems: tuple[tuple[str, ...], ...]
    source: tuple[str, ...] | None
    docids: tuple[str, ...] | None
    metrics: tuple[AnyMetric, ...]  # without references: their options
    scores: Mapping[str, Mapping[str, Sequence[float | None]]]
    human: HumanScores | None
    baseline: int
    significance: Significance
    title: str

    @property
    def n_segments(self) -> int:
        """Segments of the test set."""
        return self.references.n_segments

    @classmethod
    def create(
        cls,
        references: Any,
        systems: Mapping[str, Sequence[str]],
        settings: ReportSettings | None = None,
        **options: Any,
    ) -> ReportInputs:
        """Check every input and freeze it (see the module docstring for what is refused).

        `settings` (or its fields as keywords) are the `ReportSettings`.
        """
        chosen_settings = ReportSettings.of(settings, options)
        names, lines = _systems(systems)
        n_segments = len(lines[0])
        refs = resolve_references(n_segments, references)
        ref_names = _reference_names(chosen_settings.reference_names, len(refs.streams))
        for name, text in [
            *zip(ref_names, refs.streams, strict=True),
            *zip(names, lines, strict=True),
        ]:
            _check_unicode(name, text)
        given = chosen_settings
        source = _parallel("source", given.source, n_segments)
        docids = _parallel("document ids", given.docids, n_segments)
        metrics = _metrics(given.metrics, bool(given.scores))
        external = _external(given.scores or {}, names, n_segments)
        if given.human is not None:
            _check_human(given.human, n_segments, names)
        return cls(
            references=refs,
            reference_names=ref_names,
            system_names=names,
            systems=lines,
            source=source,
            docids=docids,
            metrics=metrics,
            scores=external,
            human=given.human,
            baseline=_baseline(given.baseline, names),
            significance=given.significance or Significance(),
            title=given.title,
        )


def _metrics(
    metrics: Sequence[str | MetricSpec | AnyMetric], external: bool
) -> tuple[AnyMetric, ...]:
    """The report's metrics, each once; none only with external scores."""
    chosen = tuple(_metric(m) for m in metrics)
    kinds = [report_entry(m).name for m in chosen]
    if len(set(kinds)) != len(kinds):
        raise OptionError(f"each metric may be given once; got {', '.join(kinds)}")
    if not chosen and not external:
        raise OptionError("no metrics: name at least one metric or give external scores")
    return chosen


def _systems(
    systems: Mapping[str, Sequence[str]],
) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    if not isinstance(systems, Mapping) or not systems:
        raise InputError("systems must be a non-empty mapping of system name to its output lines")
    names, lines = [], []
    for name, output in systems.items():
        if not isinstance(name, str) or not name.strip():
            raise InputError(f"system names must be non-empty strings; got {name!r}")
        names.append(name)
        lines.append(tuple(check_hypotheses(output, what=f"output of system {name!r}")))
    for name, output in zip(names[1:], lines[1:], strict=True):
        if len(output) != len(lines[0]):
            raise LengthMismatchError(
                f"system {name!r} has {len(output)} lines but {names[0]!r} has {len(lines[0])}; "
                "all systems must translate the same segments"
            )
    return tuple(names), tuple(lines)


def _reference_names(names: Sequence[str] | None, count: int) -> tuple[str, ...]:
    if names is None:
        return tuple(f"reference {k + 1}" for k in range(count))
    if len(names) != count:
        raise InputError(f"{len(names)} reference names for {count} reference streams")
    return tuple(names)


def _check_unicode(name: str, lines: Sequence[str | None]) -> None:
    """Every line must be writable as UTF-8: a lone surrogate cannot be shown faithfully."""
    text = "\n".join(line or "" for line in lines)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        number = text.count("\n", 0, error.start) + 1
        raise InputError(
            f"{name}: line {number} holds the lone surrogate U+{ord(text[error.start]):04X}, "
            "which is not text that can be written as UTF-8 and shown"
        ) from None


def _parallel(what: str, lines: Sequence[str] | None, n_segments: int) -> tuple[str, ...] | None:
    if lines is None:
        return None
    checked = tuple(check_hypotheses(lines, what=what))
    if len(checked) != n_segments:
        raise LengthMismatchError(
            f"{what} has {len(checked)} lines but the systems have {n_segments}; "
            "they must be parallel, line by line"
        )
    _check_unicode(what, checked)
    return checked


def _external(
    scores: Mapping[str, Mapping[str, Sequence[float | None]]],
    systems: tuple[str, ...],
    n_segments: int,
) -> dict[str, dict[str, Sequence[float | None]]]:
    out: dict[str, dict[str, Sequence[float | None]]] = {}
    for label, table in scores.items():
        missing = [s for s in systems if s not in table]
        unknown = [s for s in table if s not in systems]
        if missing or unknown:
            raise InputError(
                f"scores {label!r}: systems must be the report's ({', '.join(systems)}); "
                f"missing: {', '.join(missing) or 'none'}; unknown: {', '.join(unknown) or 'none'}"
            )
        for system in systems:
            if len(table[system]) != n_segments:
                raise LengthMismatchError(
                    f"scores {label!r} of system {system!r}: {len(table[system])} segment "
                    f"scores for {n_segments} segments"
                )
        out[label] = {s: table[s] for s in systems}
    return out


def _check_human(human: HumanScores, n_segments: int, systems: tuple[str, ...]) -> None:
    """Segment scores for every segment, and at least one system of the report judged.

    Judgments of other systems only would leave nothing to correlate (the per-segment
    table of none of the systems failed deep inside with a ValueError).
    """
    if not set(human.names) & set(systems):
        named = ", ".join(repr(name) for name in human.names[:5])
        more = f" and {len(human.names) - 5} more" if len(human.names) > 5 else ""
        raise InputError(
            f"{human.source}: the human scores name none of the report's systems "
            f"({', '.join(systems)}); they name {named or 'no system'}{more}"
        )
    for system, values in (human.segments or {}).items():
        if len(values) != n_segments:
            raise LengthMismatchError(
                f"{human.source}: system {system!r} has {len(values)} segment scores for "
                f"{n_segments} segments"
            )


def _baseline(baseline: str | None, names: tuple[str, ...]) -> int:
    if baseline is None:
        return 0
    if baseline not in names:
        raise OptionError(f"baseline {baseline!r} is not a system; systems: {', '.join(names)}")
    return names.index(baseline)
