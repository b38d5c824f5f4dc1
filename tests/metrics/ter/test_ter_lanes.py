"""TER's edits of many pairs at once, begun in numpy lanes (`parbleu.metrics.ter.lanes`).

Oracle: sacreBLEU 2.6.0's ``lib_ter.translation_edit_rate`` for the edit counts of whole
batches of pairs, with references on both sides of the 64 words a lane holds. The lanes
themselves are tested in tests/engine/test_edit_lanes.py.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.metrics.lib_ter import translation_edit_rate

from parbleu.engine.edit_lanes import LANE_BITS
from parbleu.metrics.ter import lanes
from parbleu.metrics.ter.align import ReferenceWords
from parbleu.metrics.ter.lanes import count_edits_of_pairs

#: Words of the batches: repeated as in text, few enough repeats for sacreBLEU's speed.
TEXT_WORDS = [f"w{k}" for k in range(30)] + ["the", "a", ",", "."] * 3


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
