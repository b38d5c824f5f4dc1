"""The options of ``parbleu meta --mtme`` (the mt-metrics-eval layout mode)."""

from __future__ import annotations

import argparse

from parbleu.meta.pairs import Grouping
from parbleu.meta.tasks import TaskPreset

__all__ = ["add_mtme_options"]


def add_mtme_options(parser: argparse.ArgumentParser) -> None:
    """The options of the mt-metrics-eval mode."""
    group = parser.add_argument_group("mt-metrics-eval layout (--mtme)")
    add = group.add_argument
    add("--mtme", metavar="DIR", help="a test set folder in mt-metrics-eval's layout")
    add("--lp", nargs="+", metavar="LP", help="language pair(s), e.g. en-de")
    add("--gold", metavar="NAME", help="human scores human-scores/LP.NAME.{seg,sys}.score")
    add("--ref", metavar="REF", help="reference references/LP.REF.txt (e.g. refA)")
    add(
        "--metric-scores",
        nargs="+",
        default=[],
        metavar="NAME",
        help="metrics scored elsewhere: metric-scores/LP/NAME-REF.seg.score (and .sys.score)",
    )
    add("--task", choices=[t.value for t in TaskPreset], help="WMT23 or WMT24 task set")
    add(
        "--groupings",
        nargs="+",
        choices=[g.value for g in Grouping],
        default=[g.value for g in Grouping],
        help="segment-level groupings (mt-metrics-eval's average_by; all three)",
    )
    add("--epsilon", type=float, default=None, help="metric tie threshold (default: calibrated)")
    add("--include-human", action="store_true", help="keep human translations as systems")
    add("--permutations", type=int, default=1000, help="resamples of the metric tests (1000)")
    add("--alpha", type=float, default=0.05, help="significance level of the clusters (0.05)")
