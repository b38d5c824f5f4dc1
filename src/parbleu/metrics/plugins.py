"""Metrics of other packages: the entry points of the group ``parbleu.metrics``.

A package declares its metric in its metadata, the entry point named as the metric:

    [project.entry-points."parbleu.metrics"]
    unigram_f = "unigram_f.entry:ENTRY"

and ``unigram_f/entry.py`` holds a `parbleu.metrics.registry.MetricEntry` called
``unigram_f``. `parbleu.metrics.registry` reads the entry points only when a name is not a
built-in metric's or when every metric is listed (``importlib.metadata`` alone takes about
40 ms to import, as long as the whole scoring command takes to start), and imports a
plug-in only when its name is asked for or every metric is listed.

A plug-in that cannot be used is a `PluginError` naming its entry point and its package:
it fails to import, its object is not a `MetricEntry`, its metric's name is not the entry
point's, the name is a built-in metric's, two packages declare it, or one of its flags is not
``--NAME-...`` (nor a built-in metric's flag, declared alike: ``-tok``). It is reported when
it is asked for (its name, or every metric) and never breaks anything else.
"""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

from parbleu.errors import OptionError, PluginError
from parbleu.metrics.registry import MetricEntry, SegmentView, builtin_entries

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

__all__ = [
    "PLUGIN_GROUP",
    "Plugins",
    "check_entry",
    "find_plugins",
    "plugin_entries",
    "plugin_names",
]

#: The entry-point group where packages declare their metrics.
PLUGIN_GROUP = "parbleu.metrics"

#: The characters of a metric's name and its aliases (``-m`` takes them as they are).
_NAME_CHARACTERS = frozenset(string.ascii_lowercase + string.digits + "_+-")


def _is_name(name: object) -> bool:
    """Lower case letters, digits, ``_``, ``+`` or ``-``, starting with a letter."""
    return (
        isinstance(name, str)
        and name[:1] in string.ascii_lowercase
        and set(name) <= _NAME_CHARACTERS
    )


def check_entry(entry: MetricEntry) -> MetricEntry:
    """`entry`, if every field is what it must be.

    Raises:
        OptionError: a name that is not lower case, or a flag, preset or sentence option
            that is not a field of its options dataclass.
    """
    for name in entry.names:
        if not _is_name(name):
            raise OptionError(
                f"metric name {name!r}: expected lower case letters, digits, '_', '+' or "
                "'-', starting with a letter"
            )
    if ":" not in entry.metric:
        raise OptionError(f"metric {entry.name!r}: metric must be 'module:Class'")
    if not dataclasses.is_dataclass(entry.options) or not isinstance(entry.options, type):
        raise OptionError(f"metric {entry.name!r}: options must be a dataclass type")
    if not 0 <= entry.decimals <= 20:
        raise OptionError(f"metric {entry.name!r}: decimals must be 0 to 20")
    if not isinstance(entry.segment_view, SegmentView):
        raise OptionError(f"metric {entry.name!r}: segment_view must be a SegmentView")
    fields = {f.name for f in dataclasses.fields(entry.options)}
    given = [
        *(flag.field for flag in entry.flags),
        *entry.presets,
        *entry.sentence,
        *entry.command_defaults,
        *(entry.float32.requires if entry.float32 else ()),
        *(key for presets in entry.aliases.values() for key in presets),
    ]
    unknown = sorted(set(given) - fields)
    if unknown:
        raise OptionError(
            f"metric {entry.name!r}: {', '.join(unknown)} not among the fields of "
            f"{entry.options.__name__} ({', '.join(sorted(fields))})"
        )
    return entry


@dataclass(frozen=True)
class Plugins:
    """The plug-ins that loaded, and what is wrong with those that did not."""

    entries: tuple[MetricEntry, ...]
    problems: tuple[str, ...]


def _points() -> dict[str, list[EntryPoint]]:
    """The group's entry points by name (several where packages disagree)."""
    from importlib.metadata import entry_points  # noqa: PLC0415 (see the module docstring)

    points: dict[str, list[EntryPoint]] = {}
    for point in entry_points(group=PLUGIN_GROUP):
        points.setdefault(point.name, []).append(point)
    return dict(sorted(points.items()))


def plugin_names() -> tuple[str, ...]:
    """The names of the installed plug-ins, sorted (none is imported)."""
    return tuple(_points())


def _package(point: EntryPoint) -> str:
    dist = getattr(point, "dist", None)
    return f"package {dist.name!r}" if dist is not None else "an unknown package"


def _load(name: str, points: list[EntryPoint], reserved: Collection[str]) -> MetricEntry:
    """The entry of one plug-in, checked (see the module docstring)."""
    point = points[0]
    where = f"metric plug-in {name!r} (entry point {point.value!r} of {_package(point)})"
    if len(points) > 1:
        packages = " and ".join(_package(p) for p in points)
        raise PluginError(f"metric plug-in {name!r} is declared by {packages}; keep one")
    if name in reserved:
        raise PluginError(f"{where}: {name!r} is the name of a built-in metric")
    try:
        entry = point.load()
    except Exception as error:  # any failure of another package's code
        raise PluginError(f"{where} cannot be imported: {type(error).__name__}: {error}") from None
    if not isinstance(entry, MetricEntry):
        raise PluginError(
            f"{where} is a {type(entry).__name__}, not a parbleu.metrics.registry.MetricEntry"
        )
    try:
        check_entry(entry)
    except OptionError as error:
        raise PluginError(f"{where}: {error}") from None
    if entry.name != name:
        raise PluginError(f"{where} declares the metric {entry.name!r}; name them alike")
    clashes = sorted(set(entry.names) & set(reserved))
    if clashes:
        raise PluginError(f"{where}: {', '.join(clashes)} is the name of a built-in metric")
    _check_flags(entry, where)
    return entry


def _check_flags(entry: MetricEntry, where: str) -> None:
    """A plug-in's flags are ``--NAME-...``, or a built-in metric's (``-tok``) as declared."""
    prefix = f"--{entry.name.replace('_', '-')}-"
    shared = {flag for builtin in builtin_entries() for flag in builtin.flags}
    for flag in entry.flags:
        if flag not in shared and not all(name.startswith(prefix) for name in flag.names):
            raise PluginError(
                f"{where}: its flag {'/'.join(flag.names)} must be named {prefix}... (or be a "
                "built-in metric's flag, as that metric declares it)"
            )


def find_plugins(name: str | None, *, reserved: Collection[str]) -> Plugins:
    """The plug-in called `name` if one is (else every plug-in), skipping broken ones.

    Args:
        name: the metric asked for; None: every plug-in.
        reserved: the built-in metrics' names and aliases, which no plug-in may take.
    """
    points = _points()
    if name in points:
        return Plugins((_load(name, points[name], reserved),), ())
    entries: list[MetricEntry] = []
    problems: list[str] = []
    for point_name, declared in points.items():
        entry = _checked(point_name, declared, reserved, problems)
        if entry is not None:
            entries.append(entry)
    return Plugins(tuple(entries), tuple(problems))


def _checked(
    name: str, points: list[EntryPoint], reserved: Collection[str], problems: list[str]
) -> MetricEntry | None:
    """The plug-in's entry, or None with what is wrong with it appended to `problems`."""
    try:
        return _load(name, points, reserved)
    except PluginError as error:
        problems.append(str(error))
        return None


def plugin_entries(
    names: Collection[str] | None = None, *, reserved: Collection[str]
) -> tuple[MetricEntry, ...]:
    """The plug-ins called `names` (None: every one), by name.

    Raises:
        PluginError: one of them cannot be used, or no plug-in has one of the names.
    """
    points = _points()
    wanted = list(points) if names is None else list(dict.fromkeys(names))
    missing = [name for name in wanted if name not in points]
    if missing:
        raise PluginError(
            f"no metric plug-in is called {', '.join(map(repr, missing))}; installed: "
            f"{', '.join(points) or 'none'}"
        )
    return tuple(_load(name, points[name], reserved) for name in wanted)
