"""Oracle: sacreBLEU 2.6.0 with ``tokenize="none"`` on the ids written as space-separated strings.

Every sentence score of `parbleu.ids.sentence_bleu` must equal sacreBLEU's ``sentence_bleu``
bit for bit, and `parbleu.ids.corpus_bleu` its ``corpus_bleu``, for sacreBLEU's four
smoothing methods, their values, effective order on and off, one or several references per
item, and every input form (lists, padded 2-D/3-D arrays). The pad/eos/unk rules are applied
by a hand-written reference (`written`): truncate at the first eos, drop pads, write each
unknown token as a string that only its own side has.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
import sacrebleu
from hypothesis import given, settings
from hypothesis import strategies as st

from parbleu import ids

PAD, EOS, UNK = 0, 2, 3

SMOOTHINGS = [
    ("none", None),
    ("floor", None),
    ("floor", 0.5),
    ("add-k", None),
    ("add-k", 3),
    ("exp", None),
]

Item = tuple[list[int], list[list[int]]]


def written(
    tokens: Sequence[int], side: str, *, eos: int | None, pad: int | None, unk: int | None
) -> str:
    """The ids as sacreBLEU reads them, after the documented rules (hand-written oracle)."""
    tokens = list(tokens)
    if eos is not None and eos in tokens:
        tokens = tokens[: tokens.index(eos)]
    words = []
    for token in tokens:
        if token == pad:
            continue
        words.append(f"unk-{side}" if token == unk else str(token))
    return " ".join(words)


def sacre_sentence(
    items: Sequence[Item], smooth: tuple[str, float | None], eff: bool, **rules: int | None
) -> list[float]:
    method, value = smooth
    scores = []
    for hyp, refs in items:
        scores.append(
            sacrebleu.sentence_bleu(
                written(hyp, "h", **rules),
                [written(r, "r", **rules) for r in refs],
                tokenize="none",
                smooth_method=method,
                smooth_value=value,
                use_effective_order=eff,
            ).score
        )
    return scores


_TOKEN = st.integers(4, 9)
_SEQ = st.lists(_TOKEN, max_size=12)


@st.composite
def items(draw: st.DrawFn, max_refs: int = 3) -> list[Item]:
    """Items whose hypotheses share n-grams with their references."""
    out = []
    for _ in range(draw(st.integers(1, 8))):
        refs = draw(st.lists(_SEQ, min_size=1, max_size=max_refs))
        base = list(draw(st.sampled_from(refs)))
        for position, token in draw(st.lists(st.tuples(st.integers(0, 12), _TOKEN), max_size=3)):
            base.insert(min(position, len(base)), token)
        out.append((base, refs))
    return out


def padded(sequences: Sequence[Sequence[int]], width: int) -> np.ndarray:
    array = np.full((len(sequences), width), PAD, dtype=np.int64)
    for row, sequence in enumerate(sequences):
        array[row, : len(sequence)] = sequence
    return array


@settings(max_examples=60, deadline=None)
@given(items(), st.sampled_from(SMOOTHINGS), st.booleans())
def test_sentence_bleu_lists(
    batch: list[Item], smooth: tuple[str, float | None], eff: bool
) -> None:
    method, value = smooth
    ours = ids.sentence_bleu(
        [h for h, _ in batch],
        [r for _, r in batch],
        smooth_method=method,
        smooth_value=value,
        effective_order=eff,
    )
    expected = sacre_sentence(batch, smooth, eff, eos=None, pad=None, unk=None)
    assert ours.tolist() == expected


@settings(max_examples=40, deadline=None)
@given(items(max_refs=1), st.sampled_from(SMOOTHINGS))
def test_sentence_bleu_padded_arrays(batch: list[Item], smooth: tuple[str, float | None]) -> None:
    """2-D padded hypotheses and references, one reference per item (pad rule)."""
    method, value = smooth
    hyps = padded([h for h, _ in batch], 15)
    refs = padded([r[0] for _, r in batch], 13)
    ours = ids.sentence_bleu(hyps, refs, pad_id=PAD, smooth_method=method, smooth_value=value)
    assert ours.tolist() == sacre_sentence(batch, smooth, True, eos=None, pad=PAD, unk=None)


@settings(max_examples=40, deadline=None)
@given(items(max_refs=3))
def test_sentence_bleu_cube_with_absent_rows(batch: list[Item]) -> None:
    """(B, R, L) references: rows of padding only are absent references."""
    refs = np.full((len(batch), 3, 13), PAD, dtype=np.int64)
    for b, (_, references) in enumerate(batch):
        refs[b, : len(references)] = padded(references, 13)
    # An empty reference cannot be written as a padded row: it would read as absent.
    batch = [(h, [r for r in rs if r] or [[4]]) for h, rs in batch]
    for b, (_, references) in enumerate(batch):
        refs[b] = PAD
        refs[b, : len(references)] = padded(references, 13)
    ours = ids.sentence_bleu(padded([h for h, _ in batch], 16), refs, pad_id=PAD)
    assert ours.tolist() == sacre_sentence(batch, ("exp", None), True, eos=None, pad=PAD, unk=None)


_SPECIAL = st.sampled_from([PAD, EOS, UNK, 4, 5, 6, 7])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.lists(_SPECIAL, max_size=12),
            st.lists(st.lists(_SPECIAL, max_size=12), min_size=1, max_size=2),
        ),
        min_size=1,
        max_size=6,
    ),
    st.sampled_from(
        [(PAD, EOS, UNK), (PAD, None, None), (None, EOS, None), (None, None, UNK), (EOS, EOS, UNK)]
    ),
)
def test_pad_eos_unk_rules(
    batch: list[Item], rules: tuple[int | None, int | None, int | None]
) -> None:
    """pad anywhere is dropped, eos truncates, unk never matches (not even unk)."""
    pad, eos, unk = rules
    ours = ids.sentence_bleu(
        [h for h, _ in batch], [r for _, r in batch], pad_id=pad, eos_id=eos, unk_id=unk
    )
    assert ours.tolist() == sacre_sentence(batch, ("exp", None), True, eos=eos, pad=pad, unk=unk)


@settings(max_examples=40, deadline=None)
@given(items(max_refs=3), st.sampled_from(SMOOTHINGS), st.booleans())
def test_corpus_bleu(batch: list[Item], smooth: tuple[str, float | None], eff: bool) -> None:
    """Items with different numbers of references: sacreBLEU's streams hold None."""
    method, value = smooth
    n_refs = max(len(r) for _, r in batch)
    streams = [
        [" ".join(map(str, r[k])) if k < len(r) else None for _, r in batch] for k in range(n_refs)
    ]
    expected = sacrebleu.corpus_bleu(
        [" ".join(map(str, h)) for h, _ in batch],
        streams,
        tokenize="none",
        smooth_method=method,
        smooth_value=value,
        use_effective_order=eff,
    )
    ours = ids.corpus_bleu(
        [h for h, _ in batch],
        [r for _, r in batch],
        smooth_method=method,
        smooth_value=value,
        effective_order=eff,
    )
    assert ours.score == expected.score
    if method != "add-k":  # sacreBLEU's result shows add-k's smoothed counts, not the raw ones
        assert list(ours.counts) == expected.counts
        assert list(ours.totals) == expected.totals
    assert (ours.sys_len, ours.ref_len) == (expected.sys_len, expected.ref_len)
    assert "tok:none" in str(ours.signature)


def test_large_ids_are_renumbered() -> None:
    """Ids near 2**62 give the scores of small ids (sacreBLEU reads them as words)."""
    big = 2**62 - 10
    hyps = [[big, big + 1, 7, big + 2], [big + 3]]
    refs = [[[big, big + 1, 7]], [[big + 3, 5]]]
    expected = [
        sacrebleu.sentence_bleu(
            " ".join(map(str, h)), [" ".join(map(str, x)) for x in r], tokenize="none"
        ).score
        for h, r in zip(hyps, refs, strict=True)
    ]
    assert ids.sentence_bleu(hyps, refs).tolist() == expected


def test_blocks_give_the_same_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scoring in blocks of a few items changes nothing (oracle: sacreBLEU per sentence)."""
    rng = np.random.default_rng(5)
    batch = [
        (rng.integers(4, 8, rng.integers(0, 9)).tolist(), [rng.integers(4, 8, 6).tolist()])
        for _ in range(50)
    ]
    monkeypatch.setattr("parbleu.ids.bleu.BLOCK_TOKENS", 16)
    ours = ids.sentence_bleu([h for h, _ in batch], [r for _, r in batch])
    assert ours.tolist() == sacre_sentence(batch, ("exp", None), True, eos=None, pad=None, unk=None)
