"""lm-evaluation-harness's translation metrics, in its own signatures, scored by parbleu.

lm-evaluation-harness 0.4.13 (EleutherAI/lm-evaluation-harness, ``lm_eval/api/metrics.py``)
registers ``bleu``, ``chrf`` and ``ter`` as pass-through metrics (``bleu_fn``, ...: the
items are kept as they are) and scores the corpus in the aggregation functions ``bleu``,
``chrf`` and ``ter``: ``items`` is a list of ``(reference, prediction)`` pairs, where the
reference is a string or a list of strings and the prediction a string or a one-element
list; ``_sacreformat`` turns them into sacreBLEU's shapes and the score is
``sacrebleu.corpus_bleu(preds, refs).score`` (``corpus_chrf``, ``corpus_ter``). The
functions here take the same items and return the same floats (sacreBLEU's defaults:
BLEU 13a with exp smoothing, chrF with beta 2 and no word n-grams, TER), computed by
parbleu, bit-identical (tests/integrations/test_lm_eval.py compares them with the
harness's own functions on WMT data).

One difference: ``_sacreformat`` transposes the per-item reference lists with ``zip``, which
silently keeps only as many references as the item with the fewest has; here each item
keeps all of its references (sacreBLEU's ``None`` is not needed).

Standard errors: the harness re-scores every bootstrap resample with sacreBLEU and caps
these three metrics at 100 resamples (``lm_eval/evaluator_utils.py``,
``bootstrap_iters=min(bootstrap_iters, 100)``). `bootstrap_stderr` and `stderr_for_metric`
keep the harness's signatures and compute from resampled statistics
(`parbleu.integrations.resampled`): 100,000 resamples of 3,000 segments in seconds. In a
task's YAML, ``aggregation: !function parbleu.integrations.lm_eval.bleu`` uses these.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from parbleu.errors import InputError, OptionError
from parbleu.integrations.resampled import bootstrap_replicates, sample_stddev
from parbleu.metrics.base import AnyMetric
from parbleu.metrics.bleu.metric import BLEU
from parbleu.metrics.chrf.metric import CHRF
from parbleu.metrics.ter.metric import TER
from parbleu.rewards.scores import reference_list
from parbleu.stats import Stats

__all__ = [
    "CorpusAggregation",
    "bleu",
    "bleu_fn",
    "bootstrap_stderr",
    "chrf",
    "chrf_fn",
    "stderr_for_metric",
    "ter",
    "ter_fn",
]


def _prediction(value: object, index: int) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Sequence) and len(value) == 1 and isinstance(value[0], str):
        return value[0]
    raise InputError(
        f"items[{index}]: the prediction must be a string or a one-element list; got "
        f"{type(value).__name__} {value!r:.60}"
    )


def _pairs(items: Sequence[Any]) -> tuple[list[str], list[list[str]]]:
    """Predictions and per-item references of lm-eval's ``(reference, prediction)`` items."""
    preds, refs = [], []
    for index, item in enumerate(items):
        if not isinstance(item, Sequence) or isinstance(item, str) or len(item) != 2:
            raise InputError(f"items[{index}]: expected a (reference, prediction) pair")
        refs.append(reference_list(item[0], f"items[{index}]"))
        preds.append(_prediction(item[1], index))
    if not preds:
        raise InputError("no items to score")
    return preds, refs


@dataclass(frozen=True)
class CorpusAggregation:
    """An aggregation function of lm-eval: ``items -> float``, with its bootstrap."""

    name: str
    metric: AnyMetric

    @property
    def __name__(self) -> str:
        """The name lm-eval prints (``bootstrapping for stddev: bleu``)."""
        return self.name

    def statistics(self, items: Sequence[Any]) -> Stats:
        """Per-item statistics of the items."""
        preds, refs = _pairs(items)
        return self.metric.statistics(preds, segment_refs=refs)

    def __call__(self, items: Sequence[Any]) -> float:
        """The corpus score of the items, as the harness's function of this name."""
        preds, refs = _pairs(items)
        return float(self.metric.corpus_score(preds, segment_refs=refs).score)

    def stderr(self, items: Sequence[Any], iters: int, *, seed: int = 1234) -> float:
        """The bootstrap standard error of the score over `iters` resamples of the items."""
        replicates = bootstrap_replicates(self.metric, self.statistics(items), iters, seed=seed)
        return sample_stddev(replicates)


#: ``bleu(items)``: sacreBLEU's ``corpus_bleu(preds, refs).score``.
bleu = CorpusAggregation("bleu", BLEU())
#: ``chrf(items)``: sacreBLEU's ``corpus_chrf(preds, refs).score``.
chrf = CorpusAggregation("chrf", CHRF())
#: ``ter(items)``: sacreBLEU's ``corpus_ter(preds, refs).score``.
ter = CorpusAggregation("ter", TER())


def _passthrough(items: Any) -> Any:
    """The items as they are: the corpus is scored at aggregation (lm-eval's ``bleu_fn``)."""
    return items


bleu_fn = chrf_fn = ter_fn = _passthrough


def bootstrap_stderr(f: CorpusAggregation, xs: Sequence[Any], iters: int) -> float:
    """lm-eval's ``bootstrap_stderr(f, xs, iters)`` for parbleu's aggregation functions.

    Raises:
        OptionError: `f` is not one of this module's aggregation functions.
    """
    if not isinstance(f, CorpusAggregation):
        raise OptionError(
            "bootstrap_stderr resamples statistics: f must be parbleu.integrations.lm_eval's "
            f"bleu, chrf or ter; got {getattr(f, '__name__', f)!r}"
        )
    return f.stderr(xs, iters)


def stderr_for_metric(
    metric: object, bootstrap_iters: int
) -> Callable[[Sequence[Any]], float] | None:
    """lm-eval's ``stderr_for_metric``: the standard-error function of an aggregation.

    None for ``bootstrap_iters <= 0`` and for functions that are not this module's.
    """
    if bootstrap_iters <= 0 or not isinstance(metric, CorpusAggregation):
        return None
    aggregation = metric
    return lambda items: aggregation.stderr(items, bootstrap_iters)
