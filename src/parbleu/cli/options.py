"""The metric options of the command line: one group per metric, each flag bound to a field.

Every flag sets one field of the metric's options dataclass (`BleuOptions`, `ChrfOptions`,
...), where the option's default, type and validation are declared once: choices come from
the field's enum, booleans become switches, and a flag that is not given leaves the
dataclass default in place. A flag two metrics share (``-tok`` and ``-lc``, for BLEU and
NIST) is one `Flag` in both groups.

Adding a metric to the command line is adding its `MetricGroup` to `METRIC_GROUPS`.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from parbleu.errors import OptionError
from parbleu.metrics.bleu.options import BleuOptions
from parbleu.metrics.chrf.options import ChrfOptions
from parbleu.metrics.meteor.options import DEBIAN_WORDNET_FOLDER, MeteorOptions
from parbleu.metrics.nist.options import NistOptions
from parbleu.metrics.rouge.options import RougeOptions
from parbleu.metrics.ter.options import TerOptions
from parbleu.options import MAX_NGRAM_ORDER

if TYPE_CHECKING:
    from parbleu.metrics.base import AnyMetric

__all__ = [
    "METRIC_GROUPS",
    "METRIC_NAMES",
    "Context",
    "Flag",
    "MetricGroup",
    "add_metric_options",
    "build_metrics",
    "integer",
    "metric_settings",
    "number",
]


def integer(*, minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in ``minimum .. maximum`` (argparse names the flag)."""

    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {value}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum}, got {value}")
        return value

    return convert


def number(*, minimum: float) -> Callable[[str], float]:
    """An argparse type: a finite number of at least `minimum` (NaN and infinities refused)."""

    def convert(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
        if not math.isfinite(value) or value < minimum:
            raise argparse.ArgumentTypeError(f"must be a finite number >= {minimum:g}, got {text}")
        return value

    return convert


#: Decimals a command prints at most (float64 holds about 17 significant digits).
MAX_WIDTH = 20


@dataclass(frozen=True)
class Flag:
    """A command-line flag that sets one field of a metric's options.

    ``help`` may name ``{default}``, the field's default in the options dataclass.
    """

    names: tuple[str, ...]
    field: str
    help: str
    type: Callable[[str], Any] | None = None
    nargs: str | None = None

    @property
    def dest(self) -> str:
        """Where argparse keeps the value: named after the long flag."""
        return self.names[0].lstrip("-").replace("-", "_")


@dataclass(frozen=True)
class Context:
    """What the rest of the command line tells a metric: sentence level, processes."""

    sentence_level: bool = False
    jobs: int | None = 1


@dataclass(frozen=True)
class MetricGroup:
    """The command line's view of one metric: its name for ``-m``, its flags, its builder."""

    name: str
    title: str
    options: type[Any]
    flags: tuple[Flag, ...]
    build: Callable[[Any, Context], AnyMetric]


_TOKENIZE = Flag(("--tokenize", "-tok"), "tokenize", "tokenizer of BLEU and NIST (default: 13a)")
_LOWERCASE = Flag(("--lowercase", "-lc"), "lowercase", "case-insensitive BLEU and NIST")


# Builders import their metric when called: the command line loads only the metrics it uses.


def _bleu(options: BleuOptions, context: Context) -> AnyMetric:
    from parbleu.metrics.bleu.metric import BLEU  # noqa: PLC0415

    # sacreBLEU turns effective order on for sentence-level BLEU (since 2.0).
    if context.sentence_level:
        options = dataclasses.replace(options, effective_order=True)
    return BLEU(options=options)


def _chrf(options: ChrfOptions, _: Context) -> AnyMetric:
    from parbleu.metrics.chrf.metric import CHRF  # noqa: PLC0415

    return CHRF(options=options)


def _ter(options: TerOptions, context: Context) -> AnyMetric:
    from parbleu.metrics.ter.metric import TER  # noqa: PLC0415

    return TER(options=options, n_jobs=context.jobs)


def _nist(options: NistOptions, _: Context) -> AnyMetric:
    from parbleu.metrics.nist.metric import NIST  # noqa: PLC0415

    return NIST(options=options)


def _rouge(options: RougeOptions, _: Context) -> AnyMetric:
    from parbleu.metrics.rouge.metric import ROUGE  # noqa: PLC0415

    return ROUGE(options=options)


def _meteor(options: MeteorOptions, context: Context) -> AnyMetric:
    from parbleu.metrics.meteor.metric import METEOR  # noqa: PLC0415
    from parbleu.metrics.meteor.wordnet import DEBIAN_WORDNET  # noqa: PLC0415

    # The library has no default WordNet; the command line reads Debian's wordnet-base.
    del context
    if options.wordnet is None:
        options = dataclasses.replace(options, wordnet=DEBIAN_WORDNET)
    return METEOR(options=options)


METRIC_GROUPS: tuple[MetricGroup, ...] = (
    MetricGroup(
        "bleu",
        "BLEU",
        BleuOptions,
        (
            Flag(("--smooth-method", "-s"), "smooth_method", "smoothing (default: {default})"),
            Flag(
                ("--smooth-variant",),
                "smooth_variant",
                "cc4-cc7 as Chen & Cherry (2014) define them, or NLTK's way (default: {default})",
            ),
            Flag(
                ("--smooth-value", "-sv"),
                "smooth_value",
                "value for floor (0.1), add-k (1), cc4/cc7 (K = 5) or cc6 (alpha = 5)",
                type=float,
            ),
            _TOKENIZE,
            _LOWERCASE,
            Flag(
                ("--max-ngram-order",),
                "max_ngram_order",
                "largest n-gram order (default: 4, or the number of --weights)",
                type=integer(minimum=1, maximum=MAX_NGRAM_ORDER),
            ),
            Flag(
                ("--weights",),
                "weights",
                "positive weights summing to 1, one per n-gram order (default: uniform)",
                type=float,
                nargs="+",
            ),
            Flag(
                ("--ref-length",),
                "ref_length",
                "reference length in the brevity penalty (default: {default})",
            ),
            Flag(
                ("--spm-model",),
                "spm_model",
                "SentencePiece model of -tok flores101, flores200, spm, spBLEU-1K (default: "
                "sacreBLEU's file in its cache, $SACREBLEU/models/)",
                type=str,
            ),
        ),
        _bleu,
    ),
    MetricGroup(
        "chrf",
        "chrF",
        ChrfOptions,
        (
            Flag(
                ("--chrf-char-order", "-cc"),
                "char_order",
                "character order ({default})",
                integer(minimum=1, maximum=MAX_NGRAM_ORDER),
            ),
            Flag(
                ("--chrf-word-order", "-cw"),
                "word_order",
                "word order ({default})",
                integer(minimum=0, maximum=MAX_NGRAM_ORDER),
            ),
            Flag(("--chrf-beta",), "beta", "recall weighs beta times precision ({default})", int),
            Flag(("--chrf-whitespace",), "whitespace", "keep whitespace in character n-grams"),
            Flag(("--chrf-lowercase",), "lowercase", "case-insensitive chrF"),
            Flag(("--chrf-eps-smoothing",), "eps_smoothing", "chrF++.py's epsilon smoothing"),
        ),
        _chrf,
    ),
    MetricGroup(
        "ter",
        "TER (defaults replicate tercom)",
        TerOptions,
        (
            Flag(("--ter-case-sensitive",), "case_sensitive", "do not lowercase"),
            Flag(("--ter-asian-support",), "asian_support", "tercom's CJK rules"),
            Flag(("--ter-no-punct",), "no_punct", "remove punctuation"),
            Flag(("--ter-normalized",), "normalized", "tercom's normalization"),
        ),
        _ter,
    ),
    MetricGroup(
        "nist",
        "NIST (tokenized with -tok and -lc, as BLEU)",
        NistOptions,
        (
            _TOKENIZE,
            _LOWERCASE,
            Flag(
                ("--nist-max-ngram-order",),
                "max_ngram_order",
                "largest order ({default})",
                integer(minimum=1, maximum=MAX_NGRAM_ORDER),
            ),
            Flag(
                ("--nist-info-weights",),
                "info_weights",
                "mteval-v13a's weights, its '0'-prefix quirk included, or the formula as "
                "written (default: {default})",
            ),
        ),
        _nist,
    ),
    MetricGroup(
        "rouge",
        "ROUGE (as rouge_score 0.1.2; one variant per run)",
        RougeOptions,
        (
            Flag(
                ("--rouge-type",),
                "rouge_type",
                "rouge1, rouge2, ... (any N >= 1), rougeL, or rougeLsum with sentences split "
                "on newlines (default: {default})",
            ),
            Flag(("--rouge-stem",), "stem", "Porter-stem tokens of 4+ characters (use_stemmer)"),
            Flag(
                ("--rouge-script",),
                "script",
                "ascii: rouge_score's tokens, [a-z0-9] runs; unicode: every script "
                "(default: {default})",
            ),
            Flag(
                ("--rouge-multi-reference",),
                "multi_reference",
                "several references: the best F (score_multi) or their average "
                "(default: {default})",
            ),
            Flag(
                ("--rouge-aggregate",),
                "aggregate",
                "corpus score: mean of segment scores or micro (summed counts) "
                "(default: {default})",
            ),
            Flag(
                ("--rouge-beta",), "beta", "recall weighs beta times precision ({default})", float
            ),
        ),
        _rouge,
    ),
    MetricGroup(
        "meteor",
        "METEOR (as NLTK 3.10's meteor_score)",
        MeteorOptions,
        (
            Flag(
                ("--meteor-wordnet",),
                "wordnet",
                f"folder of a WordNet 3.0 database (default: {DEBIAN_WORDNET_FOLDER}, where "
                "Debian's wordnet-base installs it)",
            ),
            Flag(("--meteor-tokenize",), "tokenize", "tokenizer of the words (default: {default})"),
            Flag(("--meteor-alpha",), "alpha", "weight of precision ({default})", float),
            Flag(
                ("--meteor-beta",), "beta", "shape of the fragmentation penalty ({default})", float
            ),
            Flag(
                ("--meteor-gamma",),
                "gamma",
                "weight of the fragmentation penalty ({default})",
                float,
            ),
        ),
        _meteor,
    ),
)

#: Metrics the command line knows, in the order sacreBLEU prints them.
METRIC_NAMES = tuple(group.name for group in METRIC_GROUPS)


def _argparse_settings(flag: Flag, hint: Any, default: Any) -> dict[str, Any]:
    """How argparse reads the flag: from its field's type (`hint`) in the options dataclass."""
    text = flag.help.format(default=default)
    if hint is bool:
        return {"action": "store_true", "help": text}
    if isinstance(hint, type) and issubclass(hint, Enum):
        return {"choices": [str(member.value) for member in hint], "help": text}
    return {"type": flag.type, "nargs": flag.nargs, "help": text, "metavar": flag.field.upper()}


def add_metric_options(parser: argparse.ArgumentParser) -> None:
    """One argument group per metric; a flag is absent from the namespace unless given."""
    added: set[str] = set()
    for group in METRIC_GROUPS:
        section = parser.add_argument_group(group.title)
        # Type hints are read once per dataclass: each reading evaluates every annotation.
        hints = typing.get_type_hints(group.options)
        defaults = {field.name: field.default for field in dataclasses.fields(group.options)}
        for flag in group.flags:
            if flag.dest in added:
                continue
            added.add(flag.dest)
            section.add_argument(
                *flag.names,
                dest=flag.dest,
                default=argparse.SUPPRESS,
                **_argparse_settings(flag, hints[flag.field], defaults[flag.field]),
            )


def metric_settings(namespace: argparse.Namespace) -> dict[str, Any]:
    """The metric flags given on a command line: argparse dest to value (`add_metric_options`)."""
    given = vars(namespace)
    dests = {flag.dest for group in METRIC_GROUPS for flag in group.flags}
    return {dest: value for dest, value in given.items() if dest in dests}


def _settings(group: MetricGroup, values: Mapping[str, Any]) -> dict[str, Any]:
    return {flag.field: values[flag.dest] for flag in group.flags if flag.dest in values}


def build_metrics(
    names: Sequence[str], settings: Mapping[str, Any], context: Context
) -> list[AnyMetric]:
    """The metrics named (each once, in the order given) with the options `settings` give.

    `settings` maps each metric flag's argparse dest to its value (`metric_settings`).
    """
    groups = {group.name: group for group in METRIC_GROUPS}
    metrics = []
    for name in dict.fromkeys(names):
        group = groups.get(name)
        if group is None:
            raise OptionError(f"metric {name!r} is not available in this version of parbleu")
        options = group.options(**_settings(group, settings))
        metrics.append(group.build(options, context))
    return metrics
