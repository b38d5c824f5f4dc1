"""Tensor input: the scores of the same batch as NumPy arrays, returned on the input's device.

Oracle: sacreBLEU 2.6.0 on the ids written as text (through the NumPy path, checked in
test_ids_sacrebleu.py, and directly here). Skips without torch, unless
PARBLEU_REQUIRE_TORCH=1 (then it fails). The GPU test runs only where CUDA is available.
"""

from __future__ import annotations

import os

import numpy as np
import pytest
import sacrebleu

from parbleu import ids

if os.environ.get("PARBLEU_REQUIRE_TORCH") == "1":
    import torch
else:
    torch = pytest.importorskip(
        "torch", reason="torch is an optional extra (pip install parbleu[torch])"
    )

HYPS = [[4, 5, 6, 7, 2, 0, 0], [4, 9, 9, 0, 0, 0, 0]]
REFS = [[[4, 5, 6, 7, 0], [4, 5, 0, 0, 0]], [[4, 9, 8, 0, 0], [0, 0, 0, 0, 0]]]


def oracle() -> list[float]:
    return [
        sacrebleu.sentence_bleu("4 5 6 7", ["4 5 6 7", "4 5"], tokenize="none").score,
        sacrebleu.sentence_bleu("4 9 9", ["4 9 8"], tokenize="none").score,
    ]


def test_cpu_tensors() -> None:
    scores = ids.sentence_bleu(torch.tensor(HYPS), torch.tensor(REFS), pad_id=0, eos_id=2)
    assert isinstance(scores, torch.Tensor)
    assert scores.dtype == torch.float64
    assert scores.device.type == "cpu"
    assert scores.tolist() == oracle()


def test_list_of_tensors_and_mixed() -> None:
    hyps = [torch.tensor([4, 5, 6, 7]), torch.tensor([4, 9, 9])]
    refs = [[torch.tensor([4, 5, 6, 7]), [4, 5]], [np.array([4, 9, 8])]]
    assert ids.sentence_bleu(hyps, refs).tolist() == oracle()


def test_corpus_bleu_from_tensors() -> None:
    ours = ids.corpus_bleu(torch.tensor(HYPS), torch.tensor(REFS), pad_id=0, eos_id=2)
    expected = sacrebleu.corpus_bleu(
        ["4 5 6 7", "4 9 9"], [["4 5 6 7", "4 9 8"], ["4 5", None]], tokenize="none"
    )
    assert ours.score == expected.score


def test_float_tensor_is_refused() -> None:
    with pytest.raises(ValueError, match="must be integers"):
        ids.sentence_bleu(torch.tensor([[1.0, 2.0]]), [[1, 2]])


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")
def test_results_on_the_input_device() -> None:
    scores = ids.sentence_bleu(
        torch.tensor(HYPS, device="cuda"), torch.tensor(REFS, device="cuda"), pad_id=0, eos_id=2
    )
    assert scores.device.type == "cuda"
    assert scores.cpu().tolist() == oracle()
