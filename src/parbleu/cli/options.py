"""The metric options of the command line, bound from the metric registry.

Every metric's `MetricEntry` (`parbleu.metrics.registry`) names its flags; each flag sets
one field of the metric's options dataclass (`BleuOptions`, `ChrfOptions`, ...), where the
option's default, type and validation are declared once: choices come from the field's
enum, a bool becomes a switch (with ``--no-`` when it defaults to True), a tuple takes one
or more values, a number is read as the field's type, and a flag that is not given leaves
the dataclass default in place. A flag two metrics share (``-tok`` and ``-lc``, for BLEU and
NIST) is one `Flag` in both entries.

Plug-in metrics (`parbleu.metrics.plugins`) get their option groups like the built-in
ones, but only when a command line asks for them (`command_metrics`): reading entry points
would cost every run of the scoring command as long as its whole start-up.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Union

from parbleu.errors import OptionError, PluginError
from parbleu.metrics.registry import Flag, MetricEntry, builtin_entries, metric_entry

if TYPE_CHECKING:
    from parbleu.metrics.base import AnyMetric

__all__ = [
    "METRIC_NAMES",
    "CommandMetrics",
    "Context",
    "Several",
    "add_metric_options",
    "build_metrics",
    "command_metrics",
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

#: The built-in metrics, in the order sacreBLEU prints them (``-m`` also takes plug-ins).
METRIC_NAMES = tuple(entry.name for entry in builtin_entries())


@dataclass(frozen=True)
class Context:
    """What the rest of the command line tells a metric: sentence level, processes."""

    sentence_level: bool = False
    jobs: int | None = 1


@dataclass(frozen=True, eq=False, repr=False)
class CommandMetrics:
    """The metrics a command line offers: the built-ins and the plug-ins it needs.

    ``broken`` maps a plug-in that cannot be used to what is wrong with it: ``-m`` still
    takes its name, so that asking for it is that one-line error (`build_metrics`), and the
    help lists it.
    """

    entries: tuple[MetricEntry, ...]
    broken: Mapping[str, str] = dataclasses.field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        """The names ``-m`` takes."""
        return (*(entry.name for entry in self.entries), *self.broken)


class _UnreadableError(Exception):
    """The command line has an error its own parser will report."""


class _Peek(argparse.ArgumentParser):
    """A parser of ``-m`` and ``--help`` alone, which leaves every error to the command's."""

    def error(self, message: str) -> typing.NoReturn:
        raise _UnreadableError(message)


def _fixed_width(prog: str) -> argparse.HelpFormatter:
    return argparse.HelpFormatter(prog, width=80)


def _plainly_builtin(argv: Sequence[str], builtin: set[str]) -> bool:
    """Whether `argv` names only built-in metrics, as ``-m NAME ...``, and asks for no help.

    The common command lines, told apart without a parser; any other spelling of ``-m`` or
    ``--help`` (``--metrics=NAME``, ``-mNAME``, an abbreviation) is left to `_asked_plugins`.
    """
    metrics = False
    for token in argv:
        if token.startswith("-"):
            if token.startswith(("-m", "--m", "-h", "--h")) and token != "-m":
                return False
            metrics = token == "-m"
        elif metrics and token not in builtin:
            return False
    return True


def _asked_plugins(argv: Sequence[str]) -> set[str] | None:
    """The metrics of ``-m`` that are not built in; None when the help is asked for.

    A small parser that knows only ``-m`` and ``--help`` reads them as the command's parser
    will (every other argument is left for it).
    """
    builtin = {name for entry in builtin_entries() for name in entry.names}
    if _plainly_builtin(argv, builtin):
        return set()
    # A formatter told the width, so that argparse does not import shutil to ask it.
    peek = _Peek(add_help=False, formatter_class=_fixed_width)
    peek.add_argument("--metrics", "-m", nargs="+", default=[])
    peek.add_argument("--help", "-h", action="store_true")
    try:
        known, _ = peek.parse_known_args(list(argv))
    except _UnreadableError:
        return set()
    if known.help:
        return None
    return {name for name in known.metrics if name not in builtin}


def command_metrics(argv: Sequence[str] | None = None) -> CommandMetrics:
    """The metrics a command line offers: the built-ins, and the plug-ins it needs.

    Plug-ins are read only when `argv` names in ``-m`` a metric that is not built in (then
    those plug-ins only), asks for the help, or is None (then every plug-in).
    """
    builtin = builtin_entries()
    asked = None if argv is None else _asked_plugins(argv)
    if asked is not None and not asked:
        return CommandMetrics(builtin)
    from parbleu.metrics.plugins import plugin_names  # noqa: PLC0415 (slow)

    reserved = {name for entry in builtin for name in entry.names}
    installed = plugin_names()
    # The help, or a name no plug-in has: every plug-in (argparse's error lists them all).
    wanted = sorted(asked) if asked is not None and asked <= set(installed) else installed
    plugins: list[MetricEntry] = []
    broken: dict[str, str] = {}
    for name in wanted:
        problem = _loaded(name, reserved, plugins)
        if problem is not None:
            broken[name] = problem
    return CommandMetrics((*builtin, *plugins), broken)


def _loaded(name: str, reserved: set[str], plugins: list[MetricEntry]) -> str | None:
    """Append the plug-in called `name` to `plugins`, or say what is wrong with it."""
    from parbleu.metrics.plugins import plugin_entries  # noqa: PLC0415 (slow)

    try:
        plugins += plugin_entries([name], reserved=reserved)
    except PluginError as error:
        return str(error)
    return None


def _plain(hint: Any) -> Any:
    """The type of a hint without ``None`` (``float | None`` is `float`)."""
    if typing.get_origin(hint) in (Union, types.UnionType):
        kept = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        if len(kept) == 1:
            return kept[0]
    return hint


def _number_type(flag: Flag, kind: Any) -> Callable[[str], Any] | None:
    """How a number is read: the field's type, within the flag's bounds if it has any."""
    if kind is int:
        if flag.minimum is None:
            return int
        maximum = None if flag.maximum is None else int(flag.maximum)
        return integer(minimum=int(flag.minimum), maximum=maximum)
    if kind is float:
        return float if flag.minimum is None else number(minimum=flag.minimum)
    return None


def _argparse_settings(flag: Flag, hint: Any, default: Any) -> dict[str, Any]:
    """How argparse reads the flag: from its field's type (`hint`) in the options dataclass."""
    text = flag.help.format(default=default)
    kind = _plain(hint)
    if kind is bool:
        # A switch that sets what is already the default would do nothing.
        action = argparse.BooleanOptionalAction if default is True else "store_true"
        return {"action": action, "help": text}
    if isinstance(kind, type) and issubclass(kind, Enum):
        return {"choices": [str(member.value) for member in kind], "help": text}
    nargs = None
    several = {"action": "extend", "nargs": "+"} if flag.several else {}
    if typing.get_origin(kind) is tuple:
        nargs, kind = "+", typing.get_args(kind)[0]
        several = {"action": "append"} if flag.several else {}
    return {
        "type": _number_type(flag, kind),
        "nargs": nargs,
        "help": text,
        "metavar": flag.field.upper(),
        **several,
    }


def _defaults(entry: MetricEntry) -> dict[str, Any]:
    """Each field's default as the command line uses it (the entry's command defaults first)."""
    fields = {f.name: f.default for f in dataclasses.fields(entry.options)}
    return {**fields, **entry.presets, **entry.command_defaults}


def _shown(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def add_metric_options(
    parser: argparse.ArgumentParser, metrics: CommandMetrics | None = None
) -> None:
    """One argument group per metric; a flag is absent from the namespace unless given.

    A plug-in flag that another option already has is a usage error (`parser.error`).
    """
    metrics = metrics or command_metrics()
    added: dict[str, Flag] = {}
    for entry in metrics.entries:
        section = parser.add_argument_group(entry.group_title or entry.title)
        # Type hints are read once per dataclass: each reading evaluates every annotation.
        hints = typing.get_type_hints(entry.options)
        defaults = _defaults(entry)
        for flag in entry.flags:
            if flag.dest in added:
                if added[flag.dest] != flag:
                    parser.error(f"metric {entry.name!r}: its flag {flag.names[0]} is taken")
                continue
            added[flag.dest] = flag
            settings = _argparse_settings(flag, hints[flag.field], _shown(defaults[flag.field]))
            try:
                section.add_argument(
                    *flag.names, dest=flag.dest, default=argparse.SUPPRESS, **settings
                )
            except argparse.ArgumentError as error:
                parser.error(f"metric {entry.name!r} cannot be offered: {error}")
    if metrics.broken:
        lines = "\n  ".join(metrics.broken.values())
        parser.epilog = f"metric plug-ins that cannot be used:\n  {lines}"


@dataclass(frozen=True)
class Several:
    """Several values of one flag that makes one metric per value (`Flag.several`)."""

    flag: str
    values: tuple[Any, ...]


def metric_settings(namespace: argparse.Namespace, metrics: CommandMetrics) -> dict[str, Any]:
    """The metric flags given on a command line: argparse dest to value.

    `metrics` are those the command's parser offered (`add_metric_options`); the flags not
    given are absent (their dataclass defaults apply in `build_metrics`). A `Flag.several`
    flag given one value has that value; given more, a `Several` of them.
    """
    given = vars(namespace)
    flags = {flag.dest: flag for entry in metrics.entries for flag in entry.flags}
    settings = {}
    for dest, value in given.items():
        if dest not in flags:
            continue
        settings[dest] = _several(flags[dest], value) if flags[dest].several else value
    return settings


def _several(flag: Flag, values: list[Any]) -> Any:
    """The value of a `Flag.several` flag: its one value, or a `Several` (repeats dropped)."""
    unique = list(dict.fromkeys(_frozen(value) for value in values))
    return unique[0] if len(unique) == 1 else Several(flag.names[0], tuple(unique))


def _frozen(value: Any) -> Any:
    """A value of a flag as a hashable one (a list of numbers as a tuple)."""
    return tuple(value) if isinstance(value, list) else value


def _option_sets(entry: MetricEntry, settings: Mapping[str, Any], several: bool) -> list[Any]:
    """The options of each metric of `entry` the settings ask for (one per `Several` value).

    Raises:
        OptionError: several values where the command takes one, or several values of
            two flags of one metric.
    """
    given: dict[str, Any] = {}
    varied: tuple[Flag, Several] | None = None
    for flag in entry.flags:
        value = settings.get(flag.dest)
        if isinstance(value, Several):
            if not several:
                raise OptionError(f"{value.flag} takes one value in this command", option=flag.dest)
            if varied is not None:
                raise OptionError(
                    f"{varied[1].flag} and {value.flag} both have several values: "
                    "give several of one of them"
                )
            varied = (flag, value)
        elif flag.dest in settings:
            given[flag.field] = value
    base = {**entry.command_defaults, **given}
    if varied is None:
        return [entry.make_options(base)]
    flag, alternatives = varied
    return [entry.make_options({**base, flag.field: value}) for value in alternatives.values]


def build_metrics(
    names: Sequence[str], settings: Mapping[str, Any], context: Context, *, several: bool = False
) -> list[AnyMetric]:
    """The metrics named (each once, in the order given) with the options given.

    Args:
        names: metric names (``-m``).
        settings: each flag's value by its ``dest`` (`metric_settings`); flags not given
            are absent.
        context: sentence level (each metric's sentence-level variant) and processes.
        several: whether a `Several` value makes one metric per value (the scoring
            command); otherwise it is refused.

    Raises:
        OptionError: an unknown metric or a bad option value, or several values refused.
    """
    metrics = []
    for name in dict.fromkeys(names):
        entry = metric_entry(name)
        for options in dict.fromkeys(_option_sets(entry, settings, several)):
            built = entry.build(options, sentence=context.sentence_level, jobs=context.jobs)
            metrics.append(built)
    return metrics
