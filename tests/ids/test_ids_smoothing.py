"""Chen and Cherry's smoothing 4-7 on token ids.

Oracles: NLTK's ``sentence_bleu`` with ``SmoothingFunction().method4``-``method7`` for
``smooth_variant="nltk"`` (to 1e-12 relative, as tests/metrics/bleu/test_smoothing_nltk.py),
and the paper's equations written out literally in tests/oracles/smoothing.py
(``paper_bleu``) for the default variant. The segments are the oracles' own random corpora;
their tokens (letters) become ids.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings

from parbleu import ids
from parbleu.metrics.bleu.options import BleuOptions
from tests.oracles.smoothing import Segment, corpora, nltk_bleu, nltk_raises, paper_bleu

METHODS = ("cc4", "cc5", "cc6", "cc7")


def as_ids(segments: list[Segment]) -> tuple[list[list[int]], list[list[list[int]]]]:
    """Letters to ids (a=10, b=11, ...)."""

    def encode(tokens: list[str]) -> list[int]:
        return [ord(t) - ord("a") + 10 for t in tokens]

    return [encode(h) for h, _ in segments], [[encode(r) for r in refs] for _, refs in segments]


@pytest.mark.parametrize("method", METHODS)
@settings(max_examples=40, deadline=None)
@given(corpora(6))
def test_nltk_variant(method: str, segments: list[Segment]) -> None:
    hyps, refs = as_ids(segments)
    ours = ids.sentence_bleu(
        hyps, refs, smooth_method=method, smooth_variant="nltk", effective_order=False
    )
    for score, (hyp, references) in zip(ours, segments, strict=True):
        if method == "cc6" and nltk_raises(references, hyp, (0.25,) * 4):
            continue  # NLTK itself refuses; test_smoothing_nltk covers its fallback
        assert math.isclose(
            score, 100 * nltk_bleu(references, hyp, method), rel_tol=1e-12, abs_tol=1e-12
        )


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("effective_order", [False, True])
@settings(max_examples=40, deadline=None)
@given(corpora(6))
def test_paper_variant(method: str, effective_order: bool, segments: list[Segment]) -> None:
    hyps, refs = as_ids(segments)
    ours = ids.sentence_bleu(hyps, refs, smooth_method=method, effective_order=effective_order)
    for score, (hyp, references) in zip(ours, segments, strict=True):
        expected = paper_bleu(references, hyp, method, effective_order=effective_order)
        assert math.isclose(score, expected, rel_tol=1e-12, abs_tol=1e-12)


@pytest.mark.parametrize("method", METHODS)
def test_corpus_bleu_takes_every_bleu_option(method: str) -> None:
    """`corpus_bleu` takes `BleuOptions`' fields (it once lacked ``smooth_variant``, which
    `sentence_bleu` had). Oracle: NLTK's sentence_bleu, which a one-item corpus equals."""
    hyp, refs = list("abcab"), [list("abcdab"), list("xbcab")]
    (hyp_ids,), (ref_ids,) = as_ids([(hyp, refs)])
    expected = 100 * nltk_bleu(refs, hyp, method)
    ours = ids.corpus_bleu([hyp_ids], [ref_ids], smooth_method=method, smooth_variant="nltk")
    assert math.isclose(ours.score, expected, rel_tol=1e-12)
    options = BleuOptions(smooth_method=method, smooth_variant="nltk")
    assert ids.corpus_bleu([hyp_ids], [ref_ids], options=options).score == ours.score
