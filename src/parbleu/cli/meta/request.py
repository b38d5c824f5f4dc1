"""The options of ``parbleu meta`` (correlations and the reference study) as one frozen request.

`meta_request` is the only reader of argparse's namespace for these modes; ``--mtme`` has
its own request (`parbleu.cli.meta.mtme.MtmeRequest`). Values are copied as given: the
checks stay where the command makes them, so messages and their order do not change.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

__all__ = ["HumanFiles", "MetaRequest", "TextFiles", "meta_request"]


@dataclass(frozen=True)
class TextFiles:
    """The reference and system files (paths as given) and the encoding of every input."""

    refs: tuple[str, ...]
    systems: tuple[str, ...]
    encoding: str


@dataclass(frozen=True)
class HumanFiles:
    """The human scores: ``--human`` (system level), ``--human-seg``, ``--human-name``."""

    system_file: str | None
    segment_file: str | None
    name: str | None

    @property
    def source(self) -> str | None:
        """The file the human scores are read from (system level first)."""
        return self.system_file if self.system_file is not None else self.segment_file


@dataclass(frozen=True)
class MetaRequest:
    """Everything ``parbleu meta`` was asked for outside ``--mtme``, typed."""

    texts: TextFiles
    human: HumanFiles
    metrics: tuple[str, ...] | None  # -m; None: the defaults the command line can compute
    external: tuple[str, ...]  # NAME=FILE, checked where they are read
    allow_missing: bool
    n_resamples: int
    seed: int
    confidence: float
    strict: bool
    kendall: str
    seg_threshold: float
    metric_ties: str
    reference_study: bool
    mixed_reference: bool
    plot: str | None
    output: str  # text, json or markdown (markdown is refused outside --mtme)
    width: int


def meta_request(args: argparse.Namespace) -> MetaRequest:
    """The typed request of the namespace, made once right after parsing."""
    return MetaRequest(
        texts=TextFiles(tuple(args.refs or ()), tuple(args.systems or ()), args.encoding),
        human=HumanFiles(args.human, args.human_seg, args.human_name),
        metrics=tuple(args.metrics) if args.metrics is not None else None,
        external=tuple(args.external),
        allow_missing=args.allow_missing,
        n_resamples=args.bootstrap,
        seed=args.seed,
        confidence=args.confidence,
        strict=args.strict,
        kendall=args.kendall,
        seg_threshold=args.seg_threshold,
        metric_ties=args.metric_ties,
        reference_study=args.reference_study,
        mixed_reference=args.mixed_reference,
        plot=args.plot,
        output=args.format,
        width=args.width,
    )
