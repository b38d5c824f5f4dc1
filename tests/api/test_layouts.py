"""Statistics are read by column name: permuting the columns of a layout changes no score.

Oracle: the score of the same rows in the declared column order (a metamorphic test). Every
formula of every metric, and sacreBLEU's float32 resampling arithmetic, is given the rows with
their columns shuffled and the layout shuffled the same way; a formula that read any column by
its position would give another score.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from parbleu import BLEU, CER, CHRF, METEOR, NIST, ROUGE, TER, WER
from parbleu.metrics.bleu.float32 import bleu_float32
from parbleu.metrics.bleu.formula import bleu_from_totals
from parbleu.metrics.chrf.float32 import chrf_float32
from parbleu.metrics.chrf.formula import chrf_from_totals
from parbleu.metrics.external import ExternalScores, external_means
from parbleu.metrics.meteor import WordNet
from parbleu.metrics.meteor.formula import meteor_means
from parbleu.metrics.nist.formula import nist_from_totals
from parbleu.metrics.rouge import bootstrap_aggregate
from parbleu.metrics.rouge.formula import aggregate_measures
from parbleu.metrics.ter.formula import ter_float32, ter_scores
from parbleu.metrics.wer.formula import error_rates
from parbleu.stats import Layout, Stats

HYPS = [
    "the cat sat on the mat",
    "a quick brown fox jumps",
    "",
    "completely different words here",
    "the the the the",
]
REFS = [
    ["the cat sat on a mat", "a quick brown dog jumps", "nothing", "other words", "the cat"],
    ["a cat was on the mat", "the fast brown fox jumped", "", "different words", "the"],
]

#: Metric, and the formula to test given rows and a layout.
Case = tuple[Any, Callable[[np.ndarray, Layout], Any]]


def _cases() -> dict[str, Case]:
    bleu_options = {
        "exp": {},
        "floor-eff": {"smooth_method": "floor", "effective_order": True},
        "cc5": {"smooth_method": "cc5"},
        "nltk-cc7": {"smooth_method": "cc7", "smooth_variant": "nltk"},
        "weights": {"weights": [0.4, 0.3, 0.2, 0.1]},
    }
    cases: dict[str, Case] = {}
    for label, options in bleu_options.items():
        bleu = BLEU(REFS, **options)
        cases[f"bleu-{label}"] = (bleu, lambda r, lay, o=bleu.options: bleu_from_totals(r, o, lay))
    bleu = BLEU(REFS)
    cases["bleu-float32"] = (bleu, lambda r, lay, o=bleu.options: bleu_float32(r, o, lay))
    chrf_options = {"chrf": {}, "chrf++": {"word_order": 2}, "eps": {"eps_smoothing": True}}
    for label, options in chrf_options.items():
        chrf = CHRF(REFS, **options)
        cases[label] = (chrf, lambda r, lay, o=chrf.options: chrf_from_totals(r, o, lay))
        cases[f"{label}-float32"] = (chrf, lambda r, lay, o=chrf.options: chrf_float32(r, o, lay))
    cases["ter"] = (TER(REFS), ter_scores)
    cases["ter-float32"] = (TER(REFS), ter_float32)
    cases["wer"] = (WER(REFS), error_rates)
    cases["cer"] = (CER(REFS), error_rates)
    nist = NIST(REFS)
    cases["nist"] = (nist, lambda r, lay: nist_from_totals(r, nist.options.max_ngram_order, lay))
    rouge_options = {
        "rouge1": {},
        "rouge2-micro": {"rouge_type": "rouge2", "aggregate": "micro"},
        "rougeL-average": {"rouge_type": "rougeL", "multi_reference": "average"},
        "rougeLsum-micro-stem": {"rouge_type": "rougeLsum", "aggregate": "micro", "stem": True},
    }
    for label, options in rouge_options.items():
        rouge = ROUGE(REFS, **options)
        cases[label] = (rouge, lambda r, lay, o=rouge.options: aggregate_measures(r, o, lay))
    bootstrap = ROUGE(REFS)
    cases["rouge-bootstrap"] = (
        bootstrap,
        lambda r, lay: bootstrap_aggregate(Stats(lay.columns, r), n_samples=20, seed=3),
    )
    return cases


CASES = _cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_permuted_columns_give_the_same_scores(name: str) -> None:
    metric, formula = CASES[name]
    stats = metric.statistics(HYPS)
    rows = np.concatenate([stats.values, stats.total()[None, :]])
    expected = formula(rows, metric.layout)
    width = len(metric.columns)
    rng = np.random.default_rng(7)
    orders = [np.arange(width)[::-1], *(rng.permutation(width) for _ in range(4))]
    for order in orders:
        got = formula(rows[:, order], metric.layout.permuted(order))
        for got_array, expected_array in zip(_arrays(got), _arrays(expected), strict=True):
            np.testing.assert_array_equal(got_array, expected_array)


def test_permuted_meteor_columns_give_the_same_scores(wordnet: WordNet) -> None:
    metric = METEOR(REFS, database=wordnet)
    stats = metric.statistics(HYPS)
    rows = np.concatenate([stats.values, stats.total()[None, :]])
    expected = meteor_means(rows, metric.layout)
    for order in (np.arange(len(metric.columns))[::-1], np.random.default_rng(7).permutation(6)):
        got = meteor_means(rows[:, order], metric.layout.permuted(order))
        np.testing.assert_array_equal(got, expected)


def _arrays(result: Any) -> list[np.ndarray]:
    """Every array a formula returns: scores and, where given, precisions, penalties, flags."""
    if isinstance(result, tuple):
        return [np.asarray(part) for part in result]
    if hasattr(result, "__dataclass_fields__"):
        values = [getattr(result, name) for name in result.__dataclass_fields__]
        return [a for value in values for a in _arrays(value)]
    return [np.asarray(result)]


def test_permuted_external_columns_give_the_same_means() -> None:
    scores = ExternalScores({"a": [0.5, None, 0.25]}, allow_missing=True)
    rows = scores.system_statistics("a").values
    expected = external_means(rows)
    swapped = external_means(rows[:, ::-1], scores.layout.permuted([1, 0]))
    np.testing.assert_array_equal(swapped, expected)


def test_a_layout_reads_and_writes_by_name() -> None:
    """Hand-worked: two series and a column, assembled and read back in another order."""
    layout = Layout.of("length", ("match", 2), ("total", 2))
    rows = layout.assemble({"total": [[4, 3]], "match": [[2, 1]], "length": [4]})
    assert layout.columns == ("length", "match_1", "match_2", "total_1", "total_2")
    assert rows.tolist() == [[4, 2, 1, 4, 3]]
    shuffled = layout.permuted([4, 0, 2, 1, 3])
    assert shuffled.columns == ("total_2", "length", "match_2", "match_1", "total_1")
    moved = rows[:, [4, 0, 2, 1, 3]]
    assert shuffled.series(moved, "match").tolist() == [[2, 1]]
    assert shuffled.column(moved, "length").tolist() == [4]
    assert shuffled.count("total") == 2


def test_a_layout_refuses_missing_and_unknown_columns() -> None:
    layout = Layout.of("a", ("b", 2))
    with pytest.raises(Exception, match="were not given"):
        layout.assemble({"a": [1]})
    with pytest.raises(KeyError, match="no statistics column 'c'"):
        layout.index("c")
    with pytest.raises(KeyError, match="2 columns b_1"):
        layout.series(np.zeros((1, 3)), "b", 3)
