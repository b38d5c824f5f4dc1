"""Oracle: sacreBLEU 2.6.0's ``_compute_score_from_stats`` on float32 rows, as in its bootstrap.

sacreBLEU's bootstrap hands float32 sums to the scalar formulas, where numpy 2 keeps parts of
the arithmetic in float32. Each metric's ``float32_scorer`` must give the same values and the same
type (float32 or Python float) for every row, including the zero counts that switch
sacreBLEU to its Python-float branches. The last test shows that this matters: float64
arithmetic gives other bootstrap means.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU as SacreBLEU
from sacrebleu.metrics import CHRF as SacreCHRF
from sacrebleu.metrics import TER as SacreTER

from parbleu import BLEU
from parbleu.metrics.bleu.float32 import bleu_float32
from parbleu.metrics.bleu.options import BleuOptions
from parbleu.metrics.chrf.float32 import chrf_float32
from parbleu.metrics.chrf.metric import CHRF
from parbleu.metrics.chrf.options import ChrfOptions
from parbleu.metrics.nist.metric import NIST
from parbleu.metrics.registry import float32_scorer, metric_entry
from parbleu.metrics.ter.formula import ter_float32

SETTINGS = settings(max_examples=40, deadline=None)


def _sacrebleu_scores(metric: Any, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Score each float32 row as sacreBLEU's bootstrap does: values and 'is a float32'."""
    scores = [metric._compute_score_from_stats(row.copy()).score for row in rows]
    single = np.array([isinstance(s, np.float32) for s in scores])
    return np.array([float(s) for s in scores]), single


def _same(ours: tuple[np.ndarray, np.ndarray], theirs: tuple[np.ndarray, np.ndarray]) -> None:
    values, single = ours
    expected_values, expected_single = theirs
    assert single.tolist() == expected_single.tolist()
    assert values.tolist() == expected_values.tolist()  # bit for bit


def _count_rows(draw: st.DrawFn, n_columns: int, zeros: float) -> np.ndarray:
    n_rows = draw(st.integers(1, 6))
    values = draw(
        st.lists(
            st.one_of(st.just(0), st.integers(0, 5), st.integers(0, 200_000)),
            min_size=n_rows * n_columns,
            max_size=n_rows * n_columns,
        )
    )
    rows = np.array(values, dtype=np.float32).reshape(n_rows, n_columns)
    if zeros:
        rows[: n_rows // 2, draw(st.integers(0, n_columns - 1))] = 0
    return rows


@st.composite
def bleu_rows(draw: st.DrawFn, order: int) -> np.ndarray:
    rows = _count_rows(draw, 2 + 2 * order, zeros=draw(st.booleans()))
    # matches never exceed totals, and totals shrink with the order, as in real statistics
    totals = np.sort(rows[:, 2 + order :], axis=1)[:, ::-1]
    rows[:, 2 + order :] = totals
    rows[:, 2 : 2 + order] = np.minimum(rows[:, 2 : 2 + order], totals)
    return rows


@pytest.mark.parametrize(
    ("method", "value"),
    [("exp", None), ("none", None), ("floor", None), ("floor", 0.3), ("add-k", None), ("add-k", 2)],
)
@pytest.mark.parametrize("order", [1, 2, 4])
@pytest.mark.parametrize("effective", [False, True])
@SETTINGS
@given(data=st.data())
def test_bleu_float32_matches_sacrebleu(
    method: str, value: float | None, order: int, effective: bool, data: st.DataObject
) -> None:
    rows = data.draw(bleu_rows(order))
    sacre = SacreBLEU(
        smooth_method=method,
        smooth_value=value,
        max_ngram_order=order,
        effective_order=effective,
    )
    options = BleuOptions(
        smooth_method=method, smooth_value=value, max_ngram_order=order, effective_order=effective
    )
    _same(bleu_float32(rows, options), _sacrebleu_scores(sacre, rows))


@st.composite
def chrf_rows(draw: st.DrawFn, order: int) -> np.ndarray:
    rows = _count_rows(draw, 3 * order, zeros=draw(st.booleans()))
    hyp, ref = rows[:, 0::3], rows[:, 1::3]
    rows[:, 2::3] = np.minimum(rows[:, 2::3], np.minimum(hyp, ref))
    return rows


@pytest.mark.parametrize(("char_order", "word_order"), [(6, 0), (6, 2), (1, 0), (0, 1)])
@pytest.mark.parametrize("beta", [1, 2, 3])
@pytest.mark.parametrize("eps", [False, True])
@SETTINGS
@given(data=st.data())
def test_chrf_float32_matches_sacrebleu(
    char_order: int, word_order: int, beta: int, eps: bool, data: st.DataObject
) -> None:
    rows = data.draw(chrf_rows(char_order + word_order))
    sacre = SacreCHRF(char_order=char_order, word_order=word_order, beta=beta, eps_smoothing=eps)
    options = ChrfOptions(
        char_order=char_order, word_order=word_order, beta=beta, eps_smoothing=eps
    )
    _same(chrf_float32(rows, options), _sacrebleu_scores(sacre, rows))


@SETTINGS
@given(
    rows=st.lists(
        st.tuples(st.integers(0, 500), st.integers(0, 5000), st.sampled_from([1, 2, 3])),
        min_size=1,
        max_size=8,
    )
)
def test_ter_float32_matches_sacrebleu(rows: list[tuple[int, int, int]]) -> None:
    # edits, and the average reference length of 1-3 references
    array = np.array([(edits, length / refs) for edits, length, refs in rows], dtype=np.float32)
    _same(ter_float32(array), _sacrebleu_scores(SacreTER(), array))


def test_scorer_only_where_sacrebleu_has_the_metric() -> None:
    """Oracle: sacreBLEU 2.6.0 has BLEU (smoothing none, floor, add-k, exp; uniform weights),
    chrF and TER; the entries' `Float32Rule` say so and the significance tests ask them."""
    assert float32_scorer(BLEU()) is not None
    assert float32_scorer(BLEU(smooth_method="floor", effective_order=True)) is not None
    assert float32_scorer(CHRF(word_order=2)) is not None
    # options and metrics sacreBLEU lacks are resampled in float64
    assert float32_scorer(BLEU(smooth_method="cc4")) is None
    assert float32_scorer(BLEU(weights=[0.4, 0.3, 0.2, 0.1])) is None
    assert float32_scorer(BLEU(smooth_variant="nltk")) is None
    assert float32_scorer(NIST()) is None
    reason = metric_entry("bleu").float32
    assert reason is not None
    assert "weights" in (reason.refusal(BLEU(weights=[0.7, 0.3]).options) or "")


def test_float32_changes_bootstrap_results() -> None:
    """Finding: float32 arithmetic is not a rounding detail sacreBLEU's numbers can ignore."""
    rng = np.random.default_rng(0)
    lengths = rng.integers(5, 40, size=300)
    totals = np.stack([np.maximum(lengths - n, 0) for n in range(4)], axis=1)
    matches = (totals * rng.uniform(0.2, 0.7, size=(300, 1))).astype(np.int64)
    stats = np.concatenate([lengths[:, None], lengths[:, None] + 1, matches, totals], axis=1)
    indices = np.random.default_rng(12345).choice(300, size=(200, 300))
    sums = stats[indices].sum(axis=1)
    single = bleu_float32(sums.astype(np.float32), BleuOptions())[0]
    double = BLEU().scores(sums)
    assert not np.array_equal(single, double)
    assert np.abs(single - double).max() < 1e-5  # but only in the last digits
    assert single.mean() != double.mean()
