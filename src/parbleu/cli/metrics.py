"""Build metric objects from parsed command-line options (one factory per metric)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from parbleu.errors import OptionError
from parbleu.metrics.base import Metric
from parbleu.metrics.bleu.metric import BLEU
from parbleu.metrics.chrf.metric import CHRF
from parbleu.metrics.nist.metric import NIST
from parbleu.metrics.ter.metric import TER

__all__ = ["available_metrics", "build_metrics"]

AnyMetric = Metric[Any, Any]


def _bleu(args: argparse.Namespace) -> AnyMetric:
    return BLEU(
        tokenize=args.tokenize or "13a",
        lowercase=args.lowercase,
        smooth_method=args.smooth_method,
        smooth_value=args.smooth_value,
        max_ngram_order=args.max_ngram_order,
        weights=args.weights,
        # sacreBLEU turns effective order on for sentence-level BLEU (since 2.0).
        effective_order=args.sentence_level,
        ref_length=args.ref_length,
        smooth_variant=args.smooth_variant,
    )


def _chrf(args: argparse.Namespace) -> AnyMetric:
    # As in sacreBLEU, chrF has its own lowercase flag; `-lc` is BLEU's.
    return CHRF(
        char_order=args.chrf_char_order,
        word_order=args.chrf_word_order,
        beta=args.chrf_beta,
        whitespace=args.chrf_whitespace,
        lowercase=args.chrf_lowercase,
        eps_smoothing=args.chrf_eps_smoothing,
    )


def _ter(args: argparse.Namespace) -> AnyMetric:
    return TER(
        case_sensitive=args.ter_case_sensitive,
        asian_support=args.ter_asian_support,
        no_punct=args.ter_no_punct,
        normalized=args.ter_normalized,
        n_jobs=args.paired_jobs or None,  # -j 0: every core
    )


def _nist(args: argparse.Namespace) -> AnyMetric:
    return NIST(
        tokenize=args.tokenize or "13a",
        lowercase=args.lowercase,
        max_ngram_order=args.nist_max_ngram_order,
        info_weights=args.nist_info_weights,
    )


_FACTORIES: dict[str, Callable[[argparse.Namespace], AnyMetric]] = {
    "bleu": _bleu,
    "chrf": _chrf,
    "ter": _ter,
    "nist": _nist,
}


def available_metrics() -> list[str]:
    """Names of the metrics this version can compute."""
    return list(_FACTORIES)


def build_metrics(args: argparse.Namespace) -> list[AnyMetric]:
    """The metrics named by ``-m``, in the order given, each once."""
    metrics = []
    for name in dict.fromkeys(args.metrics):
        factory = _FACTORIES.get(name)
        if factory is None:
            raise OptionError(f"metric {name!r} is not available in this version of parbleu")
        metrics.append(factory(args))
    return metrics
