"""Resampling in chunks equals resampling in one go (oracle: numpy's single calls, and the
literal sums sacreBLEU computes: ``stats[idx].sum(0)`` and ``pos @ bl + neg @ sys``).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parbleu.significance.resampling as resampling
from parbleu.significance.resampling import (
    bootstrap_index_chunks,
    bootstrap_scores,
    count_matrix,
    randomization_differences,
    randomization_mask_chunks,
)
from parbleu.stats import Stats


@pytest.fixture
def tiny_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of a few rows, so that every code path sees many chunks."""
    monkeypatch.setattr(resampling, "CHUNK_BYTES", 400)


def _stats(values: np.ndarray) -> Stats:
    return Stats(tuple(f"c{i}" for i in range(values.shape[1])), values)


@pytest.mark.usefixtures("tiny_chunks")
@pytest.mark.parametrize("n_segments", [1, 7, 31, 32, 33, 100])
def test_index_chunks_are_one_choice_call(n_segments: int) -> None:
    rng = np.random.default_rng(12345)
    chunks = list(bootstrap_index_chunks(rng, 50, n_segments))
    assert len(chunks) > 1 or n_segments == 1
    single = np.random.default_rng(12345)
    assert np.array_equal(np.concatenate(chunks), single.choice(n_segments, (50, n_segments)))
    # the generator is left where the single call leaves it
    assert rng.integers(1 << 30) == single.integers(1 << 30)


@pytest.mark.usefixtures("tiny_chunks")
@pytest.mark.parametrize("n_segments", [1, 3, 8, 30, 31, 64, 100])
def test_mask_chunks_are_one_integers_call(n_segments: int) -> None:
    rng = np.random.default_rng(7)
    chunks = list(randomization_mask_chunks(rng, 203, n_segments))
    single = np.random.default_rng(7)
    expected = single.integers(2, size=(203, n_segments), dtype=bool)
    assert np.array_equal(np.concatenate(chunks), expected)
    for chunk in chunks[:-1]:
        assert chunk.size % 32 == 0
    # what sacreBLEU draws next (bootstrap indices for AR confidence) is unchanged too
    assert np.array_equal(
        rng.choice(n_segments, (3, n_segments)), single.choice(n_segments, (3, n_segments))
    )


def test_count_matrix_counts_occurrences() -> None:
    indices = np.random.default_rng(1).choice(9, size=(20, 9))
    counts = count_matrix(indices, 9)
    for row, count in zip(indices, counts, strict=True):
        assert count.tolist() == np.bincount(row, minlength=9).tolist()


def _literal_float32_sums(values: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """sacreBLEU: ``np.array(stats, dtype='float32')[idx].sum(0)`` for each resample."""
    single = values.astype(np.float32)
    return np.array([single[row].sum(0) for row in indices])


def _sums(blocks: list[np.ndarray], n_samples: int, seed: int, float32: bool) -> list[np.ndarray]:
    """Totals per system via bootstrap_scores with an identity scorer."""
    width = blocks[0].shape[1]
    captured: list[np.ndarray] = []

    def scorer(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        captured.append(np.array(rows))
        return np.zeros(len(rows)), np.ones(len(rows), dtype=bool)

    bootstrap_scores(
        [_stats(b) for b in blocks],
        n_samples,
        np.random.default_rng(seed),
        scorer,
        float32_sums=float32,
    )
    rows = np.concatenate(captured).reshape(n_samples, len(blocks), width)
    return [rows[:, j] for j in range(len(blocks))]


@pytest.mark.usefixtures("tiny_chunks")
@pytest.mark.parametrize("denominator", [1, 2, 3, 7])
def test_float32_sums_are_sacrebleus(denominator: int) -> None:
    rng = np.random.default_rng(denominator)
    blocks = [rng.integers(0, 60, size=(40, 2)) / denominator for _ in range(3)]
    indices = np.random.default_rng(5).choice(40, size=(25, 40))
    for block, sums in zip(blocks, _sums(blocks, 25, 5, float32=True), strict=True):
        assert sums.dtype == np.float32
        assert np.array_equal(sums, _literal_float32_sums(block, indices))


@pytest.mark.usefixtures("tiny_chunks")
def test_float32_sums_beyond_2_to_24_are_sacrebleus() -> None:
    """Counts whose sums float32 cannot hold exactly take the gathered path, same numbers."""
    block = np.full((40, 2), 2**20 + 1, dtype=np.int64)
    indices = np.random.default_rng(3).choice(40, size=(10, 40))
    (sums,) = _sums([block], 10, 3, float32=True)
    assert np.array_equal(sums, _literal_float32_sums(block, indices))


@pytest.mark.usefixtures("tiny_chunks")
@settings(max_examples=30, deadline=None)
@given(
    n_segments=st.integers(1, 30),
    n_samples=st.integers(1, 40),
    seed=st.integers(0, 2**32),
    width=st.integers(2, 5),
)
def test_exact_sums_equal_unchunked_sums(
    n_segments: int, n_samples: int, seed: int, width: int
) -> None:
    block = np.random.default_rng(seed).integers(0, 1000, size=(n_segments, width))
    indices = np.random.default_rng(seed).choice(n_segments, size=(n_samples, n_segments))
    (sums,) = _sums([block], n_samples, seed, float32=False)
    assert np.array_equal(sums, block[indices].sum(axis=1))


@pytest.mark.usefixtures("tiny_chunks")
@pytest.mark.parametrize("integral", [True, False])
def test_randomization_sums_are_sacrebleus(integral: bool) -> None:
    rng = np.random.default_rng(11)
    blocks = [rng.integers(0, 50, size=(45, 3)).astype(np.float64) for _ in range(3)]
    if not integral:
        blocks = [b / 3 for b in blocks]
    seen: list[np.ndarray] = []

    def score(rows: np.ndarray) -> np.ndarray:
        seen.append(np.array(rows))
        return rows[:, 0] - 2 * rows[:, 1] + rows[:, 2] / 7

    differences = randomization_differences(
        _stats(blocks[0]), [_stats(b) for b in blocks[1:]], 100, np.random.default_rng(4), score
    )
    mask = np.random.default_rng(4).integers(2, size=(100, 45), dtype=bool)
    for j, system in enumerate(blocks[1:]):
        shuffled_a = mask @ blocks[0] + ~mask @ system
        shuffled_b = ~mask @ blocks[0] + mask @ system
        expected = np.abs(score(shuffled_a) - score(shuffled_b))
        if integral:
            assert np.array_equal(differences[j], expected)
        else:
            assert np.array_equal(differences[j], expected)


@pytest.mark.usefixtures("tiny_chunks")
def test_randomization_of_float_statistics_past_the_mask_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past `EXACT_MASK_BYTES` float sums go chunk by chunk: equal up to summation order."""
    monkeypatch.setattr(resampling, "EXACT_MASK_BYTES", 8)
    rng = np.random.default_rng(12)
    blocks = [rng.integers(0, 50, size=(45, 3)) / 3 for _ in range(3)]

    def score(rows: np.ndarray) -> np.ndarray:
        return rows[:, 0] - 2 * rows[:, 1] + rows[:, 2] / 7

    differences = randomization_differences(
        _stats(blocks[0]), [_stats(b) for b in blocks[1:]], 100, np.random.default_rng(4), score
    )
    mask = np.random.default_rng(4).integers(2, size=(100, 45), dtype=bool)
    for j, system in enumerate(blocks[1:]):
        shuffled_a = mask @ blocks[0] + ~mask @ system
        shuffled_b = ~mask @ blocks[0] + mask @ system
        expected = np.abs(score(shuffled_a) - score(shuffled_b))
        np.testing.assert_allclose(differences[j], expected, rtol=1e-12, atol=1e-9)
