"""TER's beam, trace and shifts on integer toys (the bit-parallel columns themselves are
tested in tests/engine/test_levenshtein.py).

Oracles: hand maths, and a textbook Levenshtein matrix written here (full, and restricted to
sacreBLEU's beam as its documentation describes it: rows of the length-scaled diagonal plus
or minus 25 columns, infinity outside, ties to substitution, deletion, insertion).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parbleu.engine.levenshtein import columns
from parbleu.metrics.ter.align import ReferenceWords, shift
from parbleu.metrics.ter.distance import INFINITY, band, banded_rows, beam_bound
from parbleu.metrics.ter.trace import align, align_columns

SETTINGS = settings(max_examples=300, deadline=None)


def masks_of(hyp: list[str], ref: list[str]) -> list[int]:
    return [ReferenceWords.from_words(ref).masks.get(word, 0) for word in hyp]


def textbook(hyp: list[str], ref: list[str], *, beam: bool) -> list[list[int]]:
    """Levenshtein matrix, rows = hypothesis words; optionally only inside sacreBLEU's beam."""
    n, m = len(hyp), len(ref)
    ratio = m / n if n else 1.0
    width = 25 if ratio / 2 <= 25 else math.ceil(ratio / 2 + 25)
    rows = [list(range(m + 1))]
    for i in range(1, n + 1):
        lo, hi = 0, m + 1
        if beam:
            diagonal = math.floor(i * ratio)
            lo = max(0, diagonal - width)
            hi = m + 1 if i == n else min(m + 1, diagonal + width)
        row = [INFINITY] * (m + 1)
        for j in range(lo, hi):
            options = [rows[i - 1][j] + 1]
            if j > 0:
                options += [rows[i - 1][j - 1] + (hyp[i - 1] != ref[j - 1]), row[j - 1] + 1]
            row[j] = min(*options, INFINITY)
        rows.append(row)
    return rows


words = st.lists(st.sampled_from("abcde"), max_size=70)


long_words = st.lists(st.sampled_from("abc"), min_size=0, max_size=160)


def best_order(hyp: list[str], ref: list[str]) -> list[str]:
    """Hand maths: `hyp` reordered so that its words in common with `ref` come in `ref`'s
    order, each of the others facing a reference word it replaces, the rest at the end."""
    spare = list(hyp)  # after the loop: the words `ref` does not share
    slots: list[str | None] = []
    for word in ref:
        slots.append(word if word in spare else None)
        if word in spare:
            spare.remove(word)
    out = []
    for slot in slots:
        if slot is not None:
            out.append(slot)
        elif spare:
            out.append(spare.pop(0))
    return out + spare


@SETTINGS
@given(hyp=words, ref=words.filter(bool), data=st.data())
def test_fewest_edits_of_any_order(hyp: list[str], ref: list[str], data: st.DataObject) -> None:
    """Oracle: the textbook distance of reorderings of `hyp`: none is below the bound (the
    longer length minus the words in common), and the best order reaches it."""
    fewest = ReferenceWords.from_words(ref).fewest_edits_of_any_order(hyp)
    reordered = data.draw(st.permutations(hyp))
    assert fewest <= textbook(reordered, ref, beam=False)[-1][-1]
    ordered = best_order(hyp, ref)
    assert sorted(ordered) == sorted(hyp)
    assert fewest == textbook(ordered, ref, beam=False)[-1][-1]


def test_fewest_edits_of_any_order_counts_repeats() -> None:
    """Hand maths: "a a a b x" against "b a c a" share a, a, b: 5 - 3 = 2 edits at least."""
    ref = ReferenceWords.from_words(["b", "a", "c", "a"])
    assert ref.fewest_edits_of_any_order(["a", "a", "a", "b", "x"]) == 2


@settings(max_examples=150, deadline=None)
@given(hyp=long_words, ref=long_words.filter(bool))
def test_beam_rows_match_the_textbook_beam(hyp: list[str], ref: list[str]) -> None:
    banded = banded_rows(masks_of(hyp, ref), len(ref))
    expected = textbook(hyp, ref, beam=True)
    cells = [[banded.cell(i, j) for j in range(len(ref) + 1)] for i in range(len(hyp) + 1)]
    assert cells == expected
    assert banded.distance == expected[-1][-1]


@settings(max_examples=150, deadline=None)
@given(hyp=long_words, ref=long_words.filter(bool))
def test_the_bound_is_safe(hyp: list[str], ref: list[str]) -> None:
    """At or below `Band.bound` the beam distance is the full distance."""
    full = textbook(hyp, ref, beam=False)[-1][-1]
    beamed = textbook(hyp, ref, beam=True)[-1][-1]
    assert beamed >= full
    if full <= band(len(hyp), len(ref)).bound:
        assert beamed == full
    if hyp and full <= beam_bound(len(hyp), len(ref)):
        assert beamed == full


@pytest.mark.parametrize("n", range(1, 131))
def test_beam_bound_is_the_band_bound_or_a_little_less(n: int) -> None:
    """Oracle: `band`'s row-by-row bound (checked against the textbook beam above), for every
    length up to 130, which includes rows where floating point rounds ``i * (m / n)`` below a
    whole number (``11 * (30 / 22) < 15``). Where `band` finds no limit, no distance (at most
    the longer length) reaches `beam_bound` either."""
    for m in range(1, 131):
        exact, fast = band(n, m).bound, beam_bound(n, m)
        if exact < INFINITY:
            assert exact - 2 <= fast <= exact
        else:
            assert fast > max(n, m)


@settings(max_examples=300, deadline=None)
@given(n=st.integers(1, 5000), m=st.integers(1, 5000))
def test_beam_bound_of_long_segments(n: int, m: int) -> None:
    """Oracle: `band`'s row-by-row bound, for lengths far beyond WMT sentences."""
    exact, fast = band(n, m).bound, beam_bound(n, m)
    assert fast <= exact
    assert fast > max(n, m) if exact >= INFINITY else fast >= exact - 2


@settings(max_examples=200, deadline=None)
@given(hyp=long_words, ref=long_words.filter(bool))
def test_trace_in_the_beam_is_the_beam_trace(hyp: list[str], ref: list[str]) -> None:
    """When the full computation's traced path stays in the beam, both traces agree."""
    m = len(ref)
    masks = masks_of(hyp, ref)
    rows = textbook(hyp, ref, beam=True)
    expected = align(lambda i, j: rows[i][j], masks, m)
    cols = columns(masks, m)
    checked = align_columns(cols, masks, m, band(len(hyp), m))
    if checked is not None:
        assert checked == expected
        assert cols.distance == rows[-1][-1]
    if cols.distance <= band(len(hyp), m).bound:
        assert checked == expected


def test_a_long_shuffle_leaves_the_beam() -> None:
    """Rotating 80 distinct words by 30: the optimal path runs 30 columns off the diagonal."""
    ref = [f"w{k}" for k in range(80)]
    hyp = ref[30:] + ref[:30]
    masks = masks_of(hyp, ref)
    full = textbook(hyp, ref, beam=False)[-1][-1]
    assert full == 60  # insert w0..w29, match w30..w79, delete w0..w29
    assert full > band(80, 80).bound
    assert align_columns(columns(masks, 80), masks, 80, band(80, 80)) is None
    # Inside the beam the best is the diagonal: 80 substitutions.
    assert banded_rows(masks, 80).distance == textbook(hyp, ref, beam=True)[-1][-1] == 80


def test_alignment_of_a_substitution_and_an_insertion() -> None:
    """Hand maths: "a x c" against "a b c d": match, substitution, match, inserted "d"."""
    ref, hyp = list("abcd"), list("axc")
    masks = masks_of(hyp, ref)
    found = align_columns(columns(masks, 4), masks, 4)
    assert found is not None
    assert found.ref_to_hyp == [0, 1, 2, 2]
    assert found.hyp_wrong == 0b010  # "x"
    assert found.ref_wrong == 0b1010  # "b" and "d"
    assert found.matched == [1 << 0, 0, 1 << 2]  # "a" and "c" with their reference words


def test_alignment_prefers_the_diagonal() -> None:
    """Hand maths: "a a" against "a" is one deletion; tracing back from the end, the match
    (diagonal) wins the tie, so the second "a" is matched and the first deleted."""
    masks = masks_of(["a", "a"], ["a"])
    found = align_columns(columns(masks, 1), masks, 1)
    assert found is not None
    assert found.ref_to_hyp == [1]
    assert found.hyp_wrong == 0b01
    assert found.matched == [0, 1]


@pytest.mark.parametrize(
    ("start", "length", "target", "expected"),
    [
        (3, 2, 0, "deabcfg"),  # before an earlier position
        (0, 2, 5, "cdeabfg"),  # before a later position
        (0, 2, 2, "cdabefg"),  # at the block's end: after the next `length` words
        (1, 2, 2, "adbcefg"),  # inside: after the next `target - start` words
        (1, 2, 1, "abcdefg"),  # at its own start: nothing moves
        (5, 2, 7, "abcdefg"),  # after the end, clipped
    ],
)
def test_shift_targets(start: int, length: int, target: int, expected: str) -> None:
    """Hand maths on sacreBLEU's three cases of a shift's target position."""
    assert "".join(shift(list("abcdefg"), start, length, target)) == expected


@given(
    seq=st.lists(st.integers(), max_size=20),
    data=st.data(),
)
def test_shift_is_a_permutation(seq: list[int], data: st.DataObject) -> None:
    start = data.draw(st.integers(min_value=0, max_value=max(0, len(seq) - 1)))
    length = data.draw(st.integers(min_value=1, max_value=10))
    target = data.draw(st.integers(min_value=0, max_value=len(seq) + 1))
    moved = shift(seq, start, length, target)
    assert sorted(moved) == sorted(seq)


@settings(max_examples=300, deadline=None)
@given(hyp=long_words.filter(bool), ref=long_words.filter(bool), data=st.data())
def test_trace_resumed_from_the_previous_path(
    hyp: list[str], ref: list[str], data: st.DataObject
) -> None:
    """Oracle: the trace made from scratch. After a shift, tracing the new hypothesis while
    reusing the previous path above the first moved word gives the same alignment (or the
    same None when the path leaves the beam). The beam is checked as the search checks it:
    only above its bound, which may differ before and after the shift."""
    m = len(ref)
    start = data.draw(st.integers(0, len(hyp) - 1))
    length = data.draw(st.integers(1, len(hyp) - start))
    target = data.draw(st.integers(0, len(hyp)))
    moved = shift(hyp, start, length, target)
    beam = band(len(hyp), m)
    before = columns(masks_of(hyp, ref), m)
    old = align_columns(
        before, masks_of(hyp, ref), m, beam if before.distance > beam.bound else None
    )
    after = columns(masks_of(moved, ref), m)
    beam_after = beam if after.distance > beam.bound else None
    expected = align_columns(after, masks_of(moved, ref), m, beam_after)
    if old is not None:
        previous = (old, min(start, target))
        assert align_columns(after, masks_of(moved, ref), m, beam_after, previous) == expected
