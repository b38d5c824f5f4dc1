"""The generated blocks and figures of docs/paper-replication.md, from the shared data."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from parbleu.errors import OptionError
from parbleu.meta import Bootstrap
from parbleu.replication.blocks import block_tables
from parbleu.replication.correlation import (
    FigureFile,
    correlate,
    correlation_figures,
    correlation_tables,
)
from parbleu.replication.data import METRIC_LABEL, read_pairs
from parbleu.replication.references import reference_tables
from parbleu.replication.statistics import compute_statistics

__all__ = ["BLOCKS", "Replication", "replicate"]

#: The generated blocks of the page, in the order they are made.
BLOCKS = (
    "system-level",
    "unmatched",
    "segment-level",
    "block-test",
    "references",
    "reference-swaps",
    "figures",
    "run",
)


@dataclass(frozen=True)
class Replication:
    """The page's generated blocks (name to Markdown) and the figures it shows."""

    blocks: dict[str, str]
    figures: tuple[FigureFile, ...]


def replicate(
    data: Path,
    metrics: Sequence[str] = ("bleu", "chrf", "ter"),
    *,
    bootstrap: Bootstrap | None = None,
    jobs: int = 1,
    progress: Callable[[str], None] = lambda _: None,
) -> Replication:
    """Run the three analyses on the WMT21 data under `data`.

    Args:
        data: the shared data folder (holding ``newstest2021/``).
        metrics: from ``bleu``, ``chrf``, ``ter``.
        bootstrap: resamples and seed of every interval and paired bootstrap (default 1000,
            seed 12345; 0 resamples: no intervals and no bootstrap p-values). The seed also
            draws the ``mixed`` reference of section (c).
        jobs: processes for TER.
        progress: told each step.

    Raises:
        OptionError: an unknown metric, or one given twice.
        InputError: missing or malformed data.
    """
    unknown = [m for m in metrics if m not in METRIC_LABEL]
    if unknown or len(set(metrics)) != len(metrics) or not metrics:
        raise OptionError(
            f"metrics are one or more of {', '.join(METRIC_LABEL)}, each once; got "
            f"{', '.join(metrics) or 'none'}"
        )
    settings = bootstrap if bootstrap is not None else Bootstrap()
    progress("reading the data")
    pairs = read_pairs(data)
    statistics = compute_statistics(
        pairs, metrics, seed=settings.seed, jobs=jobs, progress=progress
    )
    progress("section (a): correlations with DA and MQM")
    study = correlate(pairs, statistics, settings)
    blocks = correlation_tables(study)
    figures = correlation_figures(study, metrics)
    progress("section (b): the block t-test")
    blocks["block-test"] = block_tables(pairs, statistics, settings)
    progress("section (c): one reference or several")
    reference_blocks, reference_figures = reference_tables(pairs, statistics)
    blocks.update(reference_blocks)
    figures += reference_figures
    blocks["figures"] = "\n".join(f"![{f.name}](figures/{f.name})" for f in figures)
    labels = ", ".join(METRIC_LABEL[m] for m in metrics)
    blocks["run"] = (
        f"metrics: {labels}; bootstrap: {settings.n_resamples} resamples, seed {settings.seed}"
    )
    return Replication(blocks, tuple(figures))
