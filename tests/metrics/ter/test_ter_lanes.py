"""TER's first distances of many pairs at once (numpy lanes) and the edits that follow them.

Oracles: a textbook Levenshtein matrix (`tests.metrics.ter.test_ter_distance.textbook`),
multiset intersections counted with `collections.Counter`, and sacreBLEU 2.6.0's
``lib_ter.translation_edit_rate`` for the edit counts of whole batches of pairs, with
references on both sides of the 64 words a lane holds.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.metrics.lib_ter import translation_edit_rate

from parbleu.engine.edit_lanes import LANE_BITS, first_columns
from parbleu.metrics.ter import lanes
from parbleu.metrics.ter.align import ReferenceWords
from parbleu.metrics.ter.lanes import count_edits_of_pairs
from tests.metrics.ter.test_ter_distance import textbook

VOCABULARY = "abcdefgh"
#: Words of the batches: repeated as in text, few enough repeats for sacreBLEU's speed.
TEXT_WORDS = [f"w{k}" for k in range(30)] + ["the", "a", ",", "."] * 3

pair_strategy = st.tuples(
    st.lists(st.sampled_from(VOCABULARY + "xy"), max_size=80),
    st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=LANE_BITS),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs=st.lists(pair_strategy, min_size=1, max_size=12))
def test_first_columns_are_the_full_matrix(pairs: list[tuple[list[str], list[str]]]) -> None:
    """Every cell of every pair's columns, its distance and the words it shares with its
    reference; references up to the 64 words of a lane, hypotheses of any length."""
    refs = [ReferenceWords.from_words(ref) for _, ref in pairs]
    masks = [ref.masks_of(hyp) for (hyp, _), ref in zip(pairs, refs, strict=True)]
    first = first_columns(masks, [len(ref) for ref in refs])
    for k, (hyp, ref) in enumerate(pairs):
        matrix = textbook(hyp, ref, beam=False)
        cols = first.columns(k, masks[k])
        assert cols.masks == masks[k]
        for i in range(len(hyp) + 1):
            assert [cols.cell(i, j) for j in range(len(ref) + 1)] == matrix[i]
        assert first.distance[k] == matrix[-1][-1]
        assert first.common[k] == (Counter(hyp) & Counter(ref)).total()


def test_a_full_lane() -> None:
    """64 reference words use every bit of a lane (the carry of the top bit is dropped)."""
    ref = [VOCABULARY[k % 3] for k in range(LANE_BITS)]
    hyps = [ref[::-1], [*ref[1:], "a", "a"], ["b"] * 70, ref]
    words = ReferenceWords.from_words(ref)
    masks = [words.masks_of(hyp) for hyp in hyps]
    first = first_columns(masks, [LANE_BITS] * len(hyps))
    assert first.distance.tolist() == [textbook(hyp, ref, beam=False)[-1][-1] for hyp in hyps]


@st.composite
def batch(draw: st.DrawFn) -> list[tuple[list[str], list[str]]]:
    """Pairs of a reference and a copy with words inserted and, in
    references of up to 20 words, a block moved; references of 0 to 90 words (64 fill a
    lane; sacreBLEU is slow on long ones with moves), some empty hypotheses."""
    pairs = []
    for _ in range(draw(st.integers(min_value=1, max_value=80))):
        size = draw(st.sampled_from([0, 1, 5, 12, 20] * 3 + [LANE_BITS - 1, LANE_BITS, 65, 90]))
        ref = draw(st.lists(st.sampled_from(TEXT_WORDS), min_size=size, max_size=size))
        hyp = list(ref)
        if size <= 20:
            start, end, at = sorted(draw(st.integers(min_value=0, max_value=size)) for _ in "abc")
            hyp = ref[:start] + ref[end:at] + ref[start:end] + ref[at:]
        for _ in range(draw(st.integers(min_value=0, max_value=3))):
            at = draw(st.integers(min_value=0, max_value=len(hyp)))
            hyp[at:at] = [draw(st.sampled_from([*TEXT_WORDS, "x", "y"]))]
        if draw(st.integers(min_value=0, max_value=9)) == 0:
            hyp = []
        pairs.append((hyp, ref))
    return pairs


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs=batch())
def test_edits_of_a_batch(pairs: list[tuple[list[str], list[str]]]) -> None:
    """Every pair that fits a lane goes through the lanes (however few), the others not."""
    expected = [translation_edit_rate(hyp, ref)[0] for hyp, ref in pairs]
    batch = [(hyp, ReferenceWords.from_words(ref)) for hyp, ref in pairs]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lanes, "MIN_LANES", 1)
        assert count_edits_of_pairs(batch) == expected


def test_blocks_and_small_remainders(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pairs in several blocks of lanes, the last too small for lanes (searched one by one)."""
    monkeypatch.setattr(lanes, "MAX_LANES", 100)
    ref = [*TEXT_WORDS[:6], "the", "a", *TEXT_WORDS[:4], "the", ",", "."]
    pairs = []
    for k in range(250):
        hyp = ref[k % 7 :] + ref[: k % 7]
        pairs.append((hyp[: len(hyp) - k % 3], ref[k % 5 :]))
    expected = [translation_edit_rate(hyp, ref)[0] for hyp, ref in pairs]
    batch = [(hyp, ReferenceWords.from_words(ref)) for hyp, ref in pairs]
    assert count_edits_of_pairs(batch) == expected
