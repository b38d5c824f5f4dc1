"""The command line's metric options are bound from the registry, generically.

Every flag of every metric entry must change the option it names: a bool switch must turn
its field away from the dataclass default (``--no-...`` for a field defaulting to True: the
binder once made every bool a "set True" switch, so such a flag did nothing), an enum flag
must offer the enum's values, and a help text must show the dataclass default, not a copy.
Oracle: the options dataclasses' own fields and defaults.
"""

from __future__ import annotations

import argparse
import dataclasses
import typing
from enum import Enum
from typing import Any

import pytest

from parbleu.cli.options import (
    CommandMetrics,
    Context,
    add_metric_options,
    build_metrics,
    command_metrics,
)
from parbleu.metrics.registry import Flag, MetricEntry, builtin_entries
from parbleu.options import Choice


class _Mode(Choice):
    FAST = "fast"
    SLOW = "slow"


@dataclasses.dataclass(frozen=True)
class _Options:
    on: bool = True
    off: bool = False
    mode: _Mode = _Mode.SLOW


#: An entry with a bool field defaulting to True, which no built-in metric has.
SYNTHETIC = MetricEntry(
    name="synthetic",
    title="Synthetic",
    metric="parbleu.metrics.bleu.metric:BLEU",
    options=_Options,
    flags=(
        Flag(("--synthetic-on",), "on", "on by default"),
        Flag(("--synthetic-off",), "off", "off by default"),
        Flag(("--synthetic-mode",), "mode", "mode (default: {default})"),
    ),
)


def _parser(entries: tuple[MetricEntry, ...]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="test", exit_on_error=False)
    add_metric_options(parser, CommandMetrics(entries))
    return parser


def _defaults(entry: MetricEntry) -> dict[str, Any]:
    fields = {f.name: f.default for f in dataclasses.fields(entry.options)}
    return {**fields, **entry.presets, **entry.command_defaults}


def check_every_flag(entry: MetricEntry, context: tuple[MetricEntry, ...] = ()) -> None:
    """Each flag of `entry` (bound beside `context`) changes its field as its type says."""
    parser = _parser((*context, entry))
    hints = typing.get_type_hints(entry.options)
    defaults = _defaults(entry)
    assert vars(parser.parse_args([])) == {}  # flags not given leave the dataclass defaults
    for flag in entry.flags:
        hint, default = hints[flag.field], defaults[flag.field]
        if hint is bool:
            switch = flag.names[0].replace("--", "--no-", 1) if default else flag.names[0]
            settings = vars(parser.parse_args([switch]))
            assert settings == {flag.dest: not default}, (entry.name, switch)
            options = entry.make_options({flag.field: settings[flag.dest]})
            assert getattr(options, flag.field) is (not default), (entry.name, switch)
        elif isinstance(hint, type) and issubclass(hint, Enum):
            action = next(a for a in parser._actions if a.dest == flag.dest)
            assert list(action.choices or ()) == [str(m.value) for m in hint], flag.names
        shown = default.value if isinstance(default, Enum) else default
        # A help text names the default through {default}, never as a copy that can drift.
        assert f"default: {shown})" not in flag.help, (entry.name, flag.names)
        if "{default}" in flag.help:
            action = next(a for a in parser._actions if a.dest == flag.dest)
            assert str(shown) in (action.help or ""), (entry.name, flag.names)


@pytest.mark.parametrize("entry", builtin_entries(), ids=lambda e: e.name)
def test_every_flag_of_every_builtin_metric(entry: MetricEntry) -> None:
    check_every_flag(entry, builtin_entries())


def test_a_true_default_bool_gets_a_no_switch() -> None:
    check_every_flag(SYNTHETIC)
    parser = _parser((SYNTHETIC,))
    assert vars(parser.parse_args(["--no-synthetic-on"])) == {"synthetic_on": False}
    assert vars(parser.parse_args(["--synthetic-on"])) == {"synthetic_on": True}
    with pytest.raises(SystemExit):
        parser.parse_args(["--no-synthetic-off"])  # a False default keeps its one switch


def test_build_metrics_takes_a_mapping_of_flag_values() -> None:
    """Oracle: the options dataclass built from the same values by hand."""
    metrics = build_metrics(
        ["bleu", "chrf", "bleu"],
        {"tokenize": "intl", "chrf_word_order": 2, "unrelated": 1},
        Context(sentence_level=True),
    )
    assert [type(m).__name__ for m in metrics] == ["BLEU", "CHRF"]
    bleu, chrf = (getattr(m, "options", None) for m in metrics)
    assert str(bleu.tokenize) == "intl"
    assert bleu.effective_order  # BLEU's sentence-level variant (its entry's)
    assert chrf.word_order == 2


def test_the_plain_command_line_reads_no_plugins() -> None:
    """Only a metric that is not built in, or the help, makes the command look for plug-ins."""
    builtin = builtin_entries()
    assert command_metrics(["ref.txt", "-i", "sys.txt", "-m", "bleu", "chrf"]).entries == builtin
    assert command_metrics(["ref.txt", "-m"]).entries == builtin  # its parser reports it
    assert command_metrics(["-h"]).entries[: len(builtin)] == builtin
