"""Batch sentence scores from strings. Oracle: sacreBLEU 2.6.0's sentence_bleu, sentence_chrf
and sentence_ter per item."""

from __future__ import annotations

import pytest
import sacrebleu

from parbleu.errors import InputError, OptionError
from parbleu.rewards import scores as scores_module
from parbleu.rewards import sentence_scores

HYPS = ["The house is small.", "Good morning!", "", "It rains cats and dogs."]
REFS = ["The house is tiny.", ["Good morning.", "Morning!"], "Empty?", "It is raining heavily."]


def refs_of(i: int) -> list[str]:
    r = REFS[i]
    return [r] if isinstance(r, str) else list(r)


@pytest.mark.parametrize("block", [1, 3, 1 << 14])
def test_against_sacrebleu(block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of any size give the same scores (memory is bounded by one block)."""
    monkeypatch.setattr(scores_module, "BLOCK_ITEMS", block)
    bleu = [sacrebleu.sentence_bleu(h, refs_of(i)).score for i, h in enumerate(HYPS)]
    chrf = [sacrebleu.sentence_chrf(h, refs_of(i)).score for i, h in enumerate(HYPS)]
    chrfpp = [
        sacrebleu.sentence_chrf(h, refs_of(i), word_order=2).score for i, h in enumerate(HYPS)
    ]
    ter = [sacrebleu.sentence_ter(h, refs_of(i)).score for i, h in enumerate(HYPS)]
    assert sentence_scores(HYPS, REFS, metric="bleu").tolist() == bleu
    assert sentence_scores(HYPS, REFS, metric="chrf").tolist() == chrf
    assert sentence_scores(HYPS, REFS, metric="chrf++").tolist() == chrfpp
    assert sentence_scores(HYPS, REFS, metric="ter").tolist() == ter


def test_errors() -> None:
    with pytest.raises(InputError, match="2 hypotheses but 1 references"):
        sentence_scores(["a", "b"], ["a"])
    with pytest.raises(InputError, match=r"references\[0\]"):
        sentence_scores(["a"], [[]])
    with pytest.raises(OptionError, match="NIST cannot be scored chunk by chunk"):
        sentence_scores(["a"], ["a"], metric="nist")
    with pytest.raises(OptionError, match="unknown metric 'nope'; choose from bleu"):
        sentence_scores(["a"], ["a"], metric="nope")
