"""Reference shapes: every shape sacreBLEU silently mis-scores gets a precise error here.

Oracle: hand-made inputs; the expected behaviour is the contract in parbleu.references.
"""

from __future__ import annotations

from typing import Any

import pytest

import parbleu
from parbleu import BLEU, corpus_bleu, sentence_bleu
from parbleu.errors import InputError, LengthMismatchError, OptionError, ReferenceShapeError

HYPS = ["the cat sat", "a dog barked", "it rained"]
REFS = ["the cat sat down", "the dog barked", "it was raining"]
OTHER = ["a cat sat", "one dog barked", "it rained"]


def test_bare_stream_is_refused_with_the_fix() -> None:
    """sacreBLEU #275: a list of strings is read as streams of characters."""
    with pytest.raises(ReferenceShapeError, match=r"pass \[refs\]"):
        corpus_bleu(HYPS, REFS)


def test_bare_string_hypotheses_are_refused() -> None:
    with pytest.raises(ReferenceShapeError, match="not a single string"):
        corpus_bleu("the cat sat", [REFS])


def test_transposed_references_are_refused() -> None:
    """sacreBLEU #220/#281: N lists of K references given where K streams of N belong."""
    transposed = [list(pair) for pair in zip(REFS, OTHER, strict=True)]
    with pytest.raises(ReferenceShapeError, match=r"transposed.*segment_refs="):
        corpus_bleu(HYPS, transposed)
    assert corpus_bleu(HYPS, segment_refs=transposed) == corpus_bleu(HYPS, [REFS, OTHER])


def test_short_stream_is_refused_not_truncated() -> None:
    with pytest.raises(LengthMismatchError, match="stream 1 has 2 segments but there are 3"):
        corpus_bleu(HYPS, [REFS, OTHER[:2]])


def test_long_stream_is_refused_not_truncated() -> None:
    with pytest.raises(LengthMismatchError, match="stream 0 has 4 segments but there are 3"):
        corpus_bleu(HYPS, [[*REFS, "extra"]])


def test_segment_refs_length_mismatch() -> None:
    with pytest.raises(LengthMismatchError, match="segment_refs has 2 entries"):
        corpus_bleu(HYPS, segment_refs=[[r] for r in REFS[:2]])


def test_segment_refs_entry_must_be_a_sequence() -> None:
    with pytest.raises(ReferenceShapeError, match=r"segment_refs\[0\] is a string"):
        corpus_bleu(HYPS, segment_refs=REFS)


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ([[1, 2, 3]], r"stream 0, segment 0 is int"),
        ([["a", b"b", "c"]], r"stream 0, segment 1 is bytes"),
        (["abc"], r"list of 1 strings"),
        (42, "got int"),
        ([], "no reference streams"),
    ],
)
def test_wrong_types_are_named(bad: object, message: str) -> None:
    with pytest.raises(InputError, match=message):
        corpus_bleu(HYPS, bad)


def test_none_hypothesis_is_named() -> None:
    with pytest.raises(ReferenceShapeError, match=r"hypotheses\[1\] is NoneType"):
        corpus_bleu(["a", None, "c"], [REFS])  # type: ignore[list-item]


def test_empty_corpus_is_refused() -> None:
    with pytest.raises(InputError, match="empty"):
        corpus_bleu([], [[]])


def test_references_given_twice_are_refused() -> None:
    with pytest.raises(ReferenceShapeError, match="exactly once"):
        corpus_bleu(HYPS, [REFS], segment_refs=[[r] for r in REFS])


def test_segment_without_any_reference_is_refused() -> None:
    with pytest.raises(InputError, match="segment 1 has no reference"):
        corpus_bleu(HYPS, [["a", None, "c"], ["a", None, "c"]])


def test_absent_references_in_one_stream_are_fine_when_another_has_them() -> None:
    """Segment 1 has one reference, the others two: the signature says ``nrefs:var``."""
    with_gap = corpus_bleu(HYPS, [["a", None, "c"], list(REFS)])
    assert "nrefs:var" in str(with_gap.signature)
    assert "nrefs:2" in str(corpus_bleu(HYPS, [["a", "b", "c"], list(REFS)]).signature)


def test_str_subclasses_are_references() -> None:
    class Text(str):
        pass

    refs = [Text(r) for r in REFS]
    assert corpus_bleu(HYPS, [refs]).score == corpus_bleu(HYPS, [list(REFS)]).score


def test_sentence_references_must_be_a_list() -> None:
    with pytest.raises(ReferenceShapeError, match=r"pass \[reference\]"):
        sentence_bleu("the cat", "the cat")  # type: ignore[arg-type]


def test_prepared_references_must_match_hypotheses() -> None:
    bleu = BLEU([REFS])
    with pytest.raises(
        LengthMismatchError, match="2 hypotheses but the prepared references have 3"
    ):
        bleu.corpus_score(HYPS[:2])


def test_no_references_at_all() -> None:
    with pytest.raises(InputError, match="no references"):
        BLEU().corpus_score(HYPS)


def test_tuples_and_other_sequences_are_accepted() -> None:
    assert corpus_bleu(tuple(HYPS), (tuple(REFS),)) == corpus_bleu(HYPS, [REFS])


@pytest.mark.parametrize(
    ("make", "option"),
    [
        (lambda: parbleu.BLEU(lowercase="no"), "lowercase"),
        (lambda: parbleu.BLEU(effective_order="yes"), "effective_order"),
        (lambda: parbleu.CHRF(lowercase="no"), "lowercase"),
        (lambda: parbleu.CHRF(whitespace=1), "whitespace"),
        (lambda: parbleu.CHRF(eps_smoothing="False"), "eps_smoothing"),
        (lambda: parbleu.NIST(lowercase="no"), "lowercase"),
        (lambda: parbleu.TER(normalized="no"), "normalized"),
        (lambda: parbleu.corpus_bleu(["a"], [["a"]], lowercase="no"), "lowercase"),
    ],
)
def test_booleans_are_checked_everywhere(make: Any, option: str) -> None:
    """Regression: lowercase='no' lowercased (BLEU 27.85 -> 28.86) while TER refused it."""
    with pytest.raises(OptionError, match=f"{option} must be True or False"):
        make()
