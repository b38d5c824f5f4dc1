"""Edit operations as rapidfuzz chooses them (`parbleu.engine.edit_script`, `edit_counts`).

Oracles: rapidfuzz 3.x's ``Levenshtein.editops`` and ``opcodes`` (what jiwer 4.0.0 counts
and shows), for one pair and for whole batches; the textbook distance
(`tests.oracles.levenshtein`); pairs past rapidfuzz's size for Hirschberg's split.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rapidfuzz.distance import Levenshtein

from parbleu.engine import edit_counts as counting
from parbleu.engine import edit_lanes as lanes
from parbleu.engine.edit_counts import edit_counts
from parbleu.engine.edit_script import Edit, EditChunk, edit_chunks, edit_script, splits
from parbleu.engine.segments import Segments
from tests.oracles.levenshtein import levenshtein

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KINDS = {"replace": "substitute", "delete": "delete", "insert": "insert"}


def rapidfuzz_script(ref: list[int], hyp: list[int]) -> list[Edit]:
    return [Edit(KINDS[op.tag], op.src_pos, op.dest_pos) for op in Levenshtein.editops(ref, hyp)]


def rapidfuzz_counts(ref: list[int], hyp: list[int]) -> tuple[int, int, int]:
    kinds = Counter(op.tag for op in Levenshtein.editops(ref, hyp))
    return kinds["replace"], kinds["delete"], kinds["insert"]


def tokens(alphabet: int, max_size: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(min_value=0, max_value=alphabet - 1), max_size=max_size)


@st.composite
def pair(draw: st.DrawFn, max_size: int = 150) -> tuple[list[int], list[int]]:
    """A reference and a hypothesis: unrelated, or the reference with a few edits."""
    alphabet = draw(st.sampled_from([2, 3, 8, 30]))
    ref = draw(tokens(alphabet, max_size))
    if draw(st.booleans()):
        return ref, draw(tokens(alphabet, max_size))
    hyp = list(ref)
    for _ in range(draw(st.integers(min_value=0, max_value=6))):
        at = draw(st.integers(min_value=0, max_value=len(hyp)))
        kind = draw(st.sampled_from(["insert", "delete", "substitute"]))
        if kind == "insert":
            hyp.insert(at, draw(st.integers(min_value=0, max_value=alphabet)))
        elif at < len(hyp):
            hyp[at : at + 1] = [] if kind == "delete" else [alphabet]
    return ref, hyp


@SETTINGS
@given(pair())
def test_one_pair_as_rapidfuzz(data: tuple[list[int], list[int]]) -> None:
    ref, hyp = data
    script = edit_script(ref, hyp)
    assert script == rapidfuzz_script(ref, hyp)
    assert len(script) == levenshtein(hyp, ref)
    chunks = [EditChunk(KINDS.get(tag, tag), *span) for tag, *span in Levenshtein.opcodes(ref, hyp)]
    assert edit_chunks(ref, hyp) == chunks


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(pair(max_size=200), min_size=1, max_size=40), st.sampled_from([0, 1]))
def test_a_batch_as_rapidfuzz(pairs: list[tuple[list[int], list[int]]], unknown: int) -> None:
    """Counts of a batch of pairs at once: with the one-by-one Python trace taking over
    below `_TAIL` lanes and not, the dense table of masks and the sparse one; unknown
    hypothesis tokens (-1) match nothing."""
    refs = [ref for ref, _ in pairs]
    hyps = [[-1 if unknown and t == 0 else t for t in hyp] for _, hyp in pairs]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(counting, "_TAIL", 0 if unknown else 10**9)
        patch.setattr(lanes, "_DENSE_WORDS", 0 if unknown else 10**9)
        found = edit_counts(Segments.from_lists(hyps), Segments.from_lists(refs))
    for k, (ref, hyp) in enumerate(zip(refs, hyps, strict=True)):
        oracle = rapidfuzz_counts(ref, [t if t >= 0 else -100 - i for i, t in enumerate(hyp)])
        got = (found.substitutions[k], found.deletions[k], found.insertions[k])
        assert got == oracle, k


def test_hand_made_choices() -> None:
    """rapidfuzz's preferences (checked against it): two substitutions for ``a b`` / ``b c``,
    an insertion and a deletion for ``a x c d`` / ``a b x d``; common affixes first."""
    assert edit_script("ab", "bc") == [Edit("substitute", 0, 0), Edit("substitute", 1, 1)]
    assert edit_script("axcd", "abxd") == [Edit("insert", 1, 1), Edit("delete", 2, 3)]
    assert edit_script("aab", "ab") == [Edit("delete", 1, 1)]
    assert edit_script("", "ab") == [Edit("insert", 0, 0), Edit("insert", 0, 1)]
    assert edit_script("ab", "") == [Edit("delete", 0, 0), Edit("delete", 1, 0)]
    assert edit_chunks("abc", "abc") == [EditChunk("equal", 0, 3, 0, 3)]
    assert edit_chunks("", "") == []


def test_hirschberg_splits_as_rapidfuzz() -> None:
    """Pairs past 2**22 cells after their affixes: rapidfuzz splits them at the middle
    hypothesis row (its first best reference position), which changes the counts of some."""
    rng = random.Random(5)
    checked = 0
    refs, hyps = [], []
    for alphabet in (2, 4, 30):
        ref = [rng.randrange(alphabet) for _ in range(2100)]
        hyp = [t if rng.random() < 0.9 else rng.randrange(alphabet) for t in ref]
        hyp = [t for t in hyp if rng.random() < 0.95] + [rng.randrange(alphabet)] * 20
        assert splits(len(ref), len(hyp), max(len(ref), len(hyp)))
        assert edit_script(ref, hyp) == rapidfuzz_script(ref, hyp)
        refs.append(ref)
        hyps.append(hyp)
        checked += 1
    found = edit_counts(Segments.from_lists(hyps), Segments.from_lists(refs))
    got = list(zip(found.substitutions, found.deletions, found.insertions, strict=True))
    assert got == [rapidfuzz_counts(r, h) for r, h in zip(refs, hyps, strict=True)]
    assert checked == 3


def test_empty_pairs() -> None:
    found = edit_counts(Segments.from_lists([[], [1], []]), Segments.from_lists([[], [], [2, 3]]))
    assert found.distance.tolist() == [0, 1, 2]
    assert found.insertions.tolist() == [0, 1, 0]
    assert found.deletions.tolist() == [0, 0, 2]
    none = edit_counts(Segments.from_lists([]), Segments.from_lists([]))
    assert len(none.distance) == 0


def test_mismatched_pairs_are_refused() -> None:
    with pytest.raises(ValueError, match="2 hypotheses but 1 references"):
        edit_counts(Segments.from_lists([[1], [2]]), Segments.from_lists([[1]]))


def test_take_repeats_segments() -> None:
    corpus = Segments.from_lists([[3, 1], [], [4, 5, 6]])
    taken = corpus.take(np.array([2, 1, 0, 2]))
    assert [taken.segment(i).tolist() for i in range(4)] == [[4, 5, 6], [], [3, 1], [4, 5, 6]]
