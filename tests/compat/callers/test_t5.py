"""t5 (google-research/text-to-text-transfer-transformer): ``t5/evaluation/metrics.py`` BLEU.

``bleu(targets, predictions, tokenizer="intl")`` (``metrics.py:48-73``) wraps single references
as ``[targets]`` and calls ``sacrebleu.corpus_bleu(predictions, targets, smooth_method="exp",
smooth_value=0.0, force=False, lowercase=False, tokenize=tokenizer, use_effective_order=False)``.
Oracle: the same pattern with sacreBLEU 2.6.0.

* Single references: identical.
* Several references (``metrics.py:60-61``): a documented refusal. t5 passes one list of
  references per prediction where sacreBLEU expects streams, so sacreBLEU scores as many
  predictions as there are references per prediction and drops the others; parbleu raises
  `parbleu.ReferenceShapeError` ("references look transposed"). t5 should transpose them
  (``list(zip(*targets))``). Inside `parbleu.compat.allow_truncation` the number is
  sacreBLEU's, with a warning naming what was dropped.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest

import parbleu
import parbleu.compat
from tests.compat.callers.conftest import Corpus
from tests.compat.callers.patterns import assert_identical, run_both, sacrebleu_is

pytestmark = pytest.mark.shared_data


def _bleu(targets: list[Any], predictions: list[str], tokenizer: str = "intl") -> dict[str, float]:
    import sacrebleu  # noqa: PLC0415

    multiple = isinstance(targets[0], list)
    targets = [list(target) for target in targets] if multiple else [targets]
    bleu_score = sacrebleu.corpus_bleu(
        predictions,
        targets,
        smooth_method="exp",
        smooth_value=0.0,
        force=False,
        lowercase=False,
        tokenize=tokenizer,
        use_effective_order=False,
    )
    return {"bleu": bleu_score.score}


@pytest.mark.parametrize("tokenizer", ["intl", "13a"])
def test_single_references(ende: Corpus, tokenizer: str) -> None:
    predictions = ende.systems[ende.names[0]]
    assert_identical(*run_both(lambda: _bleu(ende.ref, predictions, tokenizer)))


def test_several_references_are_refused_unless_truncation_is_allowed(ende: Corpus) -> None:
    predictions = ende.systems[ende.names[0]]
    targets = [[ende.refs["A"][i], ende.refs["C"][i]] for i in range(len(predictions))]
    theirs = _bleu(targets, predictions)
    with sacrebleu_is("parbleu"):
        with pytest.raises(parbleu.ReferenceShapeError, match="transposed"):
            _bleu(targets, predictions)
        with parbleu.compat.allow_truncation(), warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            ours = _bleu(targets, predictions)
    assert_identical(theirs, ours)
    (warning,) = [w for w in caught if w.category is parbleu.compat.TruncationWarning]
    n = len(predictions)
    assert f"dropped hypotheses 3-{n} ({n - 2} of {n})" in str(warning.message)
