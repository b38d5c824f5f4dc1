"""The one list of metrics: what each metric declares, once, in its own folder.

A metric declares a `MetricEntry` in ``parbleu/metrics/<name>/entry.py`` (its ``ENTRY``):
its name for ``-m`` and its aliases, its title, its direction, how its scores are shown
(decimals, percent or not, a note), its sentence-level variant, its command-line options
(`Flag`), whether sacreBLEU's float32 resampling applies to it (`Float32Rule`) and which
segment view the report gives it (`SegmentView`). Code outside ``metrics/`` that must know
which metrics exist, or how to build or show one, asks here: the command line
(`parbleu.cli.options`), the report, `parbleu.pairwise`, `parbleu.rewards`, `parbleu.ids` and
the significance tests. It never asks a metric object which metric it is.

The built-in metrics are the entries `BUILTIN_ENTRIES` names, in that order. Other packages
add theirs under the entry-point group ``parbleu.metrics`` (`parbleu.metrics.plugins`), which
is read only when a name is not a built-in one or when every metric is listed. An entry
imports no metric: the class is imported when a metric is built.

    >>> entry = metric_entry("chrf++")
    >>> entry.name, entry.build().options.word_order, entry.higher_is_better
    ('chrf++', 2, True)
    >>> metric_entry("bleu").build(sentence=True).options.effective_order
    True
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parbleu.errors import OptionError, PluginError
from parbleu.options import Choice

if TYPE_CHECKING:
    from parbleu.metrics.base import AnyMetric, Float32Scorer

__all__ = [
    "BUILTIN_ENTRIES",
    "Flag",
    "Float32Rule",
    "MetricEntry",
    "SegmentView",
    "builtin_entries",
    "entry_for",
    "float32_scorer",
    "load_entry",
    "metric_entries",
    "metric_entry",
    "sentence_metric",
]

#: The built-in metrics, in the order the command line and its help list them: where each
#: one's `MetricEntry` is (``module:NAME``, the syntax of a plug-in's entry point). Adding a
#: metric to parbleu is its folder with an ``entry.py`` and a line here.
BUILTIN_ENTRIES: tuple[str, ...] = (
    "parbleu.metrics.bleu.entry:ENTRY",
    "parbleu.metrics.chrf.entry:ENTRY",
    "parbleu.metrics.ter.entry:ENTRY",
    "parbleu.metrics.nist.entry:ENTRY",
    "parbleu.metrics.rouge.entry:ENTRY",
    "parbleu.metrics.meteor.entry:ENTRY",
    "parbleu.metrics.wer.entry:WER",
    "parbleu.metrics.wer.entry:CER",
)


class SegmentView(Choice):
    """How the report shows one segment of a metric, beside its score.

    Each view reads the metric's statistics and options it names, so an entry declares one
    only if its metric has them:

    * ``ngrams``: clipped word n-gram matches, BLEU's (``tokenize``, ``lowercase``,
      ``max_ngram_order``, ``ref_length``; the columns of `bleu_layout`);
    * ``characters``: character and word n-gram matches, chrF's (``char_order``,
      ``word_order``, ``beta``, ``lowercase``, ``whitespace``, ``eps_smoothing``);
    * ``edits``: the shifts and edits of tercom's alignment, TER's (a ``tokenizer`` with
      ``words``, ``reference_words`` and ``case_sensitive``);
    * ``score``: the score alone (any metric).
    """

    NGRAMS = "ngrams"
    CHARACTERS = "characters"
    EDITS = "edits"
    SCORE = "score"


@dataclass(frozen=True)
class Flag:
    """A command-line flag that sets one field of a metric's options dataclass.

    How the flag is read comes from the field's type hint in the dataclass (a bool is a
    switch, ``--no-...`` too when its default is True; an enum takes its values; a tuple one
    or more values; `int` and `float` a number, within ``minimum`` and ``maximum`` when
    given); its default from the field's default. ``help`` may name ``{default}``.

    With ``several``, the scoring command builds one metric per value given: a tuple field's
    flag may be repeated (``--weights 1 --weights 0.5 0.5``), any other takes one or more
    values (``--rouge-type rouge1 rouge2``); each metric's scores must then carry a name of
    their own (``BLEU-2``, ``ROUGE-1``).
    """

    names: tuple[str, ...]
    field: str
    help: str
    minimum: float | None = None
    maximum: float | None = None
    several: bool = False

    @property
    def dest(self) -> str:
        """Where the value is kept (``settings`` of `parbleu.cli.options.build_metrics`)."""
        return self.names[0].lstrip("-").replace("-", "_")


# Dataclasses whose values are never compared or printed generate neither method: each
# generated method costs the command line's start-up (every entry is imported to build it).


@dataclass(frozen=True, eq=False, repr=False)
class Float32Rule:
    """Where sacreBLEU's float32 bootstrap arithmetic applies to a metric.

    sacreBLEU casts resampled statistics to float32 and scores them with float32 formulas
    (`parbleu.significance.resampling`); parbleu does the same, bit for bit, through the
    metric's `float32_scorer`, for the options sacreBLEU has. ``requires`` maps an option to
    the values sacreBLEU has for it; any other value (BLEU's ``weights``, Chen and Cherry's
    smoothing 4-7, NLTK's variant) is resampled in float64, and the signature says so.
    """

    requires: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)

    def refusal(self, options: Any) -> str | None:
        """Why these options have no float32 arithmetic (None: they have it)."""
        for name, allowed in self.requires.items():
            value = getattr(options, name)
            if value not in allowed:
                return f"{name}={value}: sacreBLEU has no float32 arithmetic for it"
        return None


@dataclass(frozen=True, eq=False, repr=False)
class MetricEntry:
    """Everything the program needs to know to show and use one metric, declared once.

    Attributes:
        name: its name for ``-m`` and the API (``"bleu"``): lower case.
        title: what it is called on screen (``"BLEU"``).
        metric: its class as ``"module:Class"``, imported only when a metric is built.
        options: its frozen options dataclass (``BleuOptions``).
        flags: its command-line options, one `Flag` per option field offered.
        group_title: the heading of its options in ``--help`` (default: ``title``).
        aliases: other names, each with the options it sets (``chrf++``: ``word_order=2``).
        presets: the options this name sets (an alias's entry has its alias's).
        higher_is_better: its direction (the metric's `higher_is_better` says the same).
        decimals: decimals the report shows of a score.
        percent: whether scores are percentages (0-100) rather than another scale.
        note: what a reader should know when comparing its numbers (shown by the report).
        sentence: the options of its sentence-level variant (BLEU: effective order), which
            ``-sl``, segment scores, rewards and pairwise matrices use.
        float32: where sacreBLEU's float32 resampling applies (None: never).
        segment_view: how the report shows a segment (`SegmentView`).
        takes_jobs: whether the class takes ``n_jobs`` (worker processes).
        command_defaults: defaults the command line uses where the library has none
            (METEOR's WordNet folder).

    `parbleu.metrics.plugins.check_entry` validates an entry (the plug-in loader calls
    it; tests call it for the built-in ones, so that the command line's start-up does not).
    """

    name: str
    title: str
    metric: str
    options: type[Any]
    flags: tuple[Flag, ...] = ()
    group_title: str = ""
    aliases: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    presets: Mapping[str, Any] = field(default_factory=dict)
    higher_is_better: bool = True
    decimals: int = 2
    percent: bool = True
    note: str = ""
    sentence: Mapping[str, Any] = field(default_factory=dict)
    float32: Float32Rule | None = None
    segment_view: SegmentView = SegmentView.SCORE
    takes_jobs: bool = False
    command_defaults: Mapping[str, Any] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        """Its name and its aliases."""
        return (self.name, *self.aliases)

    def called(self, name: str) -> MetricEntry:
        """The entry under one of its names: an alias's has the alias's presets."""
        if name not in self.aliases:
            return self
        presets = {**self.presets, **self.aliases[name]}
        return dataclasses.replace(self, name=name, presets=presets, aliases={})

    def metric_class(self) -> type[AnyMetric]:
        """The metric's class, imported now.

        Raises:
            PluginError: the class cannot be imported.
        """
        from parbleu.metrics.base import Metric  # noqa: PLC0415 (only when a metric is built)

        module, _, attribute = self.metric.partition(":")
        try:
            cls = getattr(importlib.import_module(module), attribute)
        except Exception as error:  # any failure of another package's code
            raise PluginError(
                f"metric {self.name!r}: its class {self.metric!r} cannot be imported "
                f"({type(error).__name__}: {error})"
            ) from None
        if not (isinstance(cls, type) and issubclass(cls, Metric)):
            raise PluginError(f"metric {self.name!r}: {self.metric!r} is not a parbleu Metric")
        return cls

    def holds(self, metric: object) -> bool:
        """Whether `metric` is an object of this entry's class (the class is not imported)."""
        kind = type(metric)
        return f"{kind.__module__}:{kind.__qualname__}" == self.metric

    def make_options(
        self, settings: Mapping[str, Any] | None = None, *, sentence: bool = False
    ) -> Any:
        """Options from keyword `settings` over the presets (and the sentence variant's).

        Raises:
            OptionError: a keyword that is not an option, or a bad value.
        """
        from parbleu.options import options_from  # noqa: PLC0415

        base = {**self.presets, **(self.sentence if sentence else {})}
        owner = self.metric.partition(":")[2]  # the class, as `parbleu.CHRF` names it
        return options_from(self.options, None, {**base, **(settings or {})}, owner)

    def build(
        self, options: Any = None, *, sentence: bool = False, jobs: int | None = 1
    ) -> AnyMetric:
        """The metric with `options` (default: the presets), without references.

        With `sentence`, its sentence-level variant: the `sentence` options replace those
        given. `jobs` is passed to metrics that take worker processes.
        """
        if options is None:
            options = self.make_options()
        if not isinstance(options, self.options):
            raise OptionError(
                f"metric {self.name!r} takes {self.options.__name__}; got {type(options).__name__}"
            )
        if sentence and self.sentence:
            options = dataclasses.replace(options, **self.sentence)
        keywords: dict[str, Any] = {"n_jobs": jobs} if self.takes_jobs else {}
        cls: Any = self.metric_class()  # every metric takes options= (docs/architecture.md)
        metric: AnyMetric = cls(options=options, **keywords)
        return metric

    def sentence_metric(self, metric: AnyMetric) -> AnyMetric:
        """The sentence-level variant of `metric` (itself if the variant changes nothing).

        The variant has no references: its formula scores rows of statistics.
        """
        if not self.sentence:
            return metric
        return self.build(getattr(metric, "options", None), sentence=True)


def load_entry(path: str) -> MetricEntry:
    """The `MetricEntry` at ``module:NAME`` (an entry of `BUILTIN_ENTRIES`)."""
    module, _, attribute = path.partition(":")
    entry = getattr(importlib.import_module(module), attribute)
    if not isinstance(entry, MetricEntry):
        raise TypeError(f"{path} is a {type(entry).__name__}, not a MetricEntry")
    return entry


def builtin_entries() -> tuple[MetricEntry, ...]:
    """The built-in metrics, in the order of `BUILTIN_ENTRIES`."""
    return tuple(load_entry(path) for path in BUILTIN_ENTRIES)


def _reserved(entries: tuple[MetricEntry, ...]) -> frozenset[str]:
    return frozenset(name for entry in entries for name in entry.names)


def metric_entries() -> tuple[MetricEntry, ...]:
    """Every metric: the built-ins in their order, then the plug-ins by name.

    Raises:
        PluginError: an installed plug-in cannot be used (it names the plug-in).
    """
    from parbleu.metrics.plugins import plugin_entries  # noqa: PLC0415 (entry points: slow)

    builtin = builtin_entries()
    return (*builtin, *plugin_entries(reserved=_reserved(builtin)))


def _named(entries: tuple[MetricEntry, ...], name: str) -> MetricEntry | None:
    for entry in entries:
        if name in entry.names:
            return entry.called(name)
    return None


def metric_entry(name: str) -> MetricEntry:
    """The metric called `name` (or an alias of it), built in or a plug-in.

    Plug-ins are looked for only when `name` is not a built-in metric's.

    Raises:
        OptionError: no metric has this name (the message lists the names there are).
        PluginError: the plug-in of this name cannot be used.
    """
    builtin = builtin_entries()
    found = _named(builtin, name)
    if found is not None:
        return found
    from parbleu.metrics.plugins import find_plugins  # noqa: PLC0415 (entry points: slow)

    plugins = find_plugins(name, reserved=_reserved(builtin))
    found = _named(plugins.entries, name)
    if found is not None:
        return found
    known = [n for entry in (*builtin, *plugins.entries) for n in entry.names]
    broken = "".join(f"; {problem}" for problem in plugins.problems)
    raise OptionError(f"unknown metric {name!r}; choose from {', '.join(known)}{broken}")


def sentence_metric(name: str, settings: Mapping[str, Any] | None = None) -> AnyMetric:
    """The metric called `name` for sentence scores that stand alone (rewards, MBR).

    Its sentence-level variant: the variant's options are defaults under `settings`.

    Raises:
        OptionError: an unknown metric or option, a bad value, or a metric whose sentence
            score depends on the other segments scored with it (NIST's weights).
    """
    entry = metric_entry(name)
    metric = entry.build(entry.make_options(settings, sentence=True))
    metric.check_chunkable()
    return metric


def entry_for(metric: object) -> MetricEntry | None:
    """The entry of a metric object's class (None: a metric no entry declares).

    Plug-ins are looked for only for classes outside parbleu; one that cannot be loaded is
    skipped here (it is reported when its name is asked for).
    """
    builtin = builtin_entries()
    for entry in builtin:
        if entry.holds(metric):
            return entry
    if type(metric).__module__.split(".")[0] == "parbleu":
        return None
    from parbleu.metrics.plugins import find_plugins  # noqa: PLC0415 (entry points: slow)

    for entry in find_plugins(None, reserved=_reserved(builtin)).entries:
        if entry.holds(metric):
            return entry
    return None


def float32_scorer(metric: AnyMetric) -> Float32Scorer | None:
    """SacreBLEU's float32 scoring of `metric`'s resamples, where its entry's rule allows.

    A metric no entry declares answers alone (its `float32_scorer`).
    """
    entry = entry_for(metric)
    if entry is not None:
        rule = entry.float32
        if rule is None or rule.refusal(getattr(metric, "options", None)) is not None:
            return None
    return metric.float32_scorer()
