"""sacreBLEU 2.6.0's per-segment statistics, extracted once per session for every module.

Several modules compare parbleu with the same sacreBLEU counts: BLEU of every WMT system in
`tests/metrics/bleu/test_bleu_wmt.py` and `tests/engine/test_engine_wmt.py`, chrF of every WMT
system in `tests/metrics/chrf/test_chrf_wmt.py`, and BLEU, chrF and TER of every WMT17 system in
`tests/significance/test_significance_sacrebleu.py`. The counts of a
system depend on the metric's options, its lines and the references only, so `statistics`
extracts each once (``_extract_corpus_statistics``, with the references cached in the metric
as ``corpus_score`` caches them) and hands every caller a fresh copy. Under pytest-xdist these
modules run on one worker (``ORACLE_GROUPS`` in tests/conftest.py), which holds the cache.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.metrics.chrf import CHRF
from sacrebleu.metrics.ter import TER

METRICS: dict[str, Callable[..., Any]] = {"bleu": BLEU, "chrf": CHRF, "ter": TER}

Lines = tuple[str, ...]
Setting = tuple[str, tuple[tuple[str, Any], ...], tuple[Lines, ...]]

_METRICS: dict[Setting, Any] = {}
_ROWS: dict[tuple[Setting, Lines], list[list[Any]]] = {}


def statistics(
    metric: str,
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    **options: Any,
) -> list[list[Any]]:
    """sacreBLEU's statistics of `hypotheses` (one row per segment), as its metric `metric`
    with `options` extracts them against the reference streams `references`."""
    setting, prepared = _prepared(metric, references, options)
    key = (setting, tuple(hypotheses))
    if key not in _ROWS:
        _ROWS[key] = prepared._extract_corpus_statistics(hypotheses, None)
    return [list(row) for row in _ROWS[key]]


def _prepared(
    metric: str, references: Sequence[Sequence[str]], options: dict[str, Any]
) -> tuple[Setting, Any]:
    """sacreBLEU's metric with `options` and `references` cached in it, made once."""
    setting = (metric, _all_options(metric, options), tuple(map(tuple, references)))
    if setting not in _METRICS:
        _METRICS[setting] = METRICS[metric](**options, references=references)
    return setting, _METRICS[setting]


def _all_options(metric: str, options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """`options` with sacreBLEU's defaults filled in, so that one setting has one key (BLEU's
    ``tokenize=None`` is the tokenizer it picks, ``13a`` for no target language)."""
    bound = inspect.signature(METRICS[metric]).bind(**options)
    bound.apply_defaults()
    arguments = dict(bound.arguments)
    if metric == "bleu":
        arguments["tokenize"] = METRICS[metric](**options).tokenizer_signature
    return tuple(sorted(arguments.items()))


def statistics_array(
    metric: str,
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    **options: Any,
) -> npt.NDArray[np.int64]:
    """`statistics` of an integer-counting metric (BLEU, chrF) as an int64 array."""
    return np.array(statistics(metric, hypotheses, references, **options), dtype=np.int64)


def with_shared_statistics(metric: str, **options: Any) -> Any:
    """sacreBLEU's metric `metric` with `options`, its extraction served by `statistics`.

    For sacreBLEU's own ``PairedTest`` and ``corpus_score``: their resampling and scoring stay
    sacreBLEU's; only the counts they start from come from the session's cache.
    """
    sacre = METRICS[metric](**options)

    def extract(hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> list[list[Any]]:
        rows = statistics(metric, hypotheses, references, **options)
        # What caching the references sets on sacreBLEU's metric, for its signature.
        sacre.num_refs = _prepared(metric, references, options)[1].num_refs
        return rows

    sacre._extract_corpus_statistics = extract
    return sacre
