"""WER and CER through the base class's hooks: significance, chunks, files, workers, Dask.

Nothing outside their folder knows them: integer statistics make every path work as it does
for BLEU. Oracles: jiwer 4.0.0 on every bootstrap resample and randomization trial, drawn
as sacreBLEU draws them (``default_rng(seed).choice(n, (samples, n))`` and ``integers(2,
size=(trials, n), dtype=bool)``), with Moses' and sacreBLEU's p-values computed here; and
the in-memory statistics of the whole corpus for chunked, streamed and Dask runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jiwer
import numpy as np
import pytest

from parbleu import CER, WER
from parbleu.scaling.chunks import chunked_statistics, sentence_scores
from parbleu.scaling.files import stream_statistics
from parbleu.scaling.processes import parallel_chunked_statistics
from parbleu.significance import confidence_interval, paired_bootstrap, paired_randomization
from tests.scaling.test_dask import _import_dask

REFS = [
    "the cat sat on the mat",
    "a dog barked at night",
    "it rained all day",
    "",
    "colourless green ideas sleep",
    "one two three four five",
    "we went home",
    "Σ is a letter",
] * 4
BASELINE = [
    "the cat sat on a mat",
    "a dog barked",
    "it rained all the day long",
    "noise",
    "green colourless ideas sleep furiously",
    "one two four five",
    "we went home",
    "",
] * 4
SYSTEM = [
    "a cat sat on the mat",
    "the dog barked at the night",
    "it rained",
    "",
    "colourless green ideas sleep",
    "one three four five six",
    "we went to home",
    "Σ is letter",
] * 4
SEED = 12345


def jiwer_score(refs: list[str], hyps: list[str]) -> float:
    return float(jiwer.wer(refs, hyps)) * 100


def resampled(indices: np.ndarray, lines: list[str]) -> list[str]:
    return [lines[i] for i in indices]


def test_paired_bootstrap_is_jiwer_on_every_resample() -> None:
    metric = WER([REFS])
    test = paired_bootstrap(
        metric,
        {"baseline": metric.statistics(BASELINE), "system": metric.statistics(SYSTEM)},
        n_samples=40,
        seed=SEED,
    )
    samples = np.random.default_rng(SEED).choice(len(REFS), (40, len(REFS)))
    base = np.array([jiwer_score(resampled(s, REFS), resampled(s, BASELINE)) for s in samples])
    other = np.array([jiwer_score(resampled(s, REFS), resampled(s, SYSTEM)) for s in samples])
    assert test.baseline.score == jiwer_score(REFS, BASELINE)
    assert test.systems[0].score == jiwer_score(REFS, SYSTEM)
    assert test.baseline.estimate is not None
    assert test.baseline.estimate.mean == pytest.approx(np.sort(base).mean(), rel=1e-12)
    differences = np.abs(other - base)
    observed = abs(jiwer_score(REFS, BASELINE) - jiwer_score(REFS, SYSTEM))
    p_value = (np.sum(differences - differences.mean() > observed) + 1) / 41
    assert test.systems[0].p_value == p_value
    assert test.name == "WER"


def test_paired_randomization_is_jiwer_on_every_trial() -> None:
    metric = CER([REFS])
    stats = {"baseline": metric.statistics(BASELINE), "system": metric.statistics(SYSTEM)}
    test = paired_randomization(metric, stats, n_trials=30, seed=SEED)
    masks = np.random.default_rng(SEED).integers(2, size=(30, len(REFS)), dtype=bool)

    def cer(hyps: list[str]) -> float:
        return float(jiwer.cer(REFS, hyps)) * 100

    observed = abs(cer(BASELINE) - cer(SYSTEM))
    count = 0
    for mask in masks:
        first = [s if m else b for b, s, m in zip(BASELINE, SYSTEM, mask, strict=True)]
        second = [b if m else s for b, s, m in zip(BASELINE, SYSTEM, mask, strict=True)]
        count += abs(cer(first) - cer(second)) > observed
    assert test.systems[0].p_value == (count + 1) / 31


def test_confidence_interval_resamples_in_float64() -> None:
    """No float32 arithmetic of sacreBLEU to copy: both modes give jiwer's resampled rates."""
    metric = WER([REFS])
    stats = metric.statistics(SYSTEM)
    samples = np.random.default_rng(SEED).choice(len(REFS), (20, len(REFS)))
    scores = sorted(jiwer_score(resampled(s, REFS), resampled(s, SYSTEM)) for s in samples)
    for arithmetic in ("sacrebleu", "float64"):
        interval = confidence_interval(
            metric, stats, n_samples=20, seed=SEED, arithmetic=arithmetic
        )
        assert interval.estimate.lower == scores[0]
        assert interval.estimate.upper == scores[-1]


@pytest.mark.parametrize("metric", [WER(), CER(lowercase=True)], ids=["wer", "cer-lc"])
def test_chunks_files_and_workers_equal_the_whole(metric: Any, tmp_path: Path) -> None:
    whole = metric.statistics(SYSTEM, [REFS])
    chunked = chunked_statistics(metric, SYSTEM, [REFS], chunk_lines=5, rows=True)
    assert chunked.rows is not None
    assert np.array_equal(chunked.rows.values, whole.values)
    assert np.array_equal(chunked.totals, whole.total())
    assert np.array_equal(
        sentence_scores(metric, SYSTEM, [REFS], chunk_lines=3), metric.scores(whole.values)
    )
    hyp_file, ref_file = tmp_path / "hyp.txt", tmp_path / "ref.txt"
    hyp_file.write_text("\n".join(SYSTEM) + "\n", encoding="utf-8")
    ref_file.write_text("\n".join(REFS) + "\n", encoding="utf-8")
    streamed = stream_statistics(metric, hyp_file, [ref_file], chunk_lines=7)
    assert np.array_equal(streamed.totals, whole.total())
    parallel = parallel_chunked_statistics(metric, SYSTEM, [REFS], jobs=2, chunk_lines=8)
    assert np.array_equal(parallel.totals, whole.total())
    assert metric.score_totals(parallel.totals).score == metric.corpus_score(SYSTEM, [REFS]).score


def test_dask_frame_equals_the_whole() -> None:
    dk = _import_dask()
    from parbleu.scaling import dask as on_dask  # noqa: PLC0415 (the dask extra)

    frame = dk.dd.from_pandas(
        dk.pd.DataFrame({"hypothesis": SYSTEM, "reference": REFS}), npartitions=3, sort=False
    )
    metric = WER()
    with dk.dask.config.set(scheduler="sync"):
        result = on_dask.corpus_score(metric, frame)
        scored = on_dask.sentence_scores(metric, frame, column="wer").compute()
    assert result == metric.corpus_score(SYSTEM, [REFS])
    assert scored["wer"].tolist() == metric.sentence_scores(SYSTEM, [REFS]).tolist()
