"""Input forms and errors of `parbleu.ids`.

Oracle for scores: sacreBLEU 2.6.0 ``sentence_bleu(..., tokenize="none")`` on the ids written
as text; every accepted form of the same batch must give those scores. Errors must be
`parbleu.errors` classes whose messages name the item and what was received.
"""

from __future__ import annotations

import numpy as np
import pytest
import sacrebleu

from parbleu import ids
from parbleu.errors import InputError, OptionError
from parbleu.metrics.bleu.options import BleuOptions

HYPS = [[4, 5, 6, 7, 8], [4, 5], [9, 9, 9, 4]]
REFS = [[[4, 5, 6, 7]], [[4, 5, 6], [5, 4]], [[9, 9, 4]]]


def expected() -> list[float]:
    return [
        sacrebleu.sentence_bleu(
            " ".join(map(str, h)), [" ".join(map(str, r)) for r in rs], tokenize="none"
        ).score
        for h, rs in zip(HYPS, REFS, strict=True)
    ]


def test_lists_of_arrays_and_tuples() -> None:
    hyps = [np.array(h, dtype=np.int32) for h in HYPS]
    refs = [[tuple(r) for r in rs] for rs in REFS]
    assert ids.sentence_bleu(hyps, refs).tolist() == expected()


def test_items_with_2d_reference_arrays() -> None:
    """Each item's references as a padded (R, L) array; rows of padding only are absent."""
    refs = []
    for rs in REFS:
        block = np.full((2, 6), -100)
        for k, r in enumerate(rs):
            block[k, : len(r)] = r
        refs.append(block)
    assert ids.sentence_bleu(HYPS, refs, pad_id=-100).tolist() == expected()


def test_single_reference_lists_and_uint_arrays() -> None:
    hyps = np.array([[4, 5, 6, 0], [7, 8, 0, 0]], dtype=np.uint16)
    refs = [[4, 5, 6, 7], [7, 8]]
    want = [
        sacrebleu.sentence_bleu("4 5 6", ["4 5 6 7"], tokenize="none").score,
        sacrebleu.sentence_bleu("7 8", ["7 8"], tokenize="none").score,
    ]
    assert ids.sentence_bleu(hyps, refs, pad_id=0).tolist() == want


def test_empty_batch() -> None:
    assert ids.sentence_bleu([], []).shape == (0,)


def test_pad_id_equal_to_eos_id_ends_at_the_first() -> None:
    """GPT-2 style pad = eos: the first one ends the sequence (rule 1)."""
    ours = ids.sentence_bleu([[4, 5, 6, 1, 7, 1]], [[4, 5, 6, 1, 1]], pad_id=1, eos_id=1)
    assert ours.tolist() == [sacrebleu.sentence_bleu("4 5 6", ["4 5 6"], tokenize="none").score]


@pytest.mark.parametrize(
    ("hyps", "refs", "message"),
    [
        ([[1.5, 2]], [[1, 2]], "must be integers"),
        (np.array([[1.0, 2.0]]), [[1, 2]], "must be integers"),
        (["1 2 3"], [[1, 2]], "item 0"),
        ("1 2 3", [[1, 2]], "got str"),
        (np.array([1, 2, 3]), [[1, 2]], "2-D"),
        ([[1, 2], [3]], [[1, 2]], "2 hypotheses but references for 1"),
        ([[1, -5]], [[1, 2]], "sequence 0 holds token id -5"),
        ([[1, 2]], [[[1, 2]], []], "references for 2"),
        ([[1, 2], [3]], [[[1, 2]], []], "item 1 has no reference"),
        ([[1, 2]], np.zeros((1, 2, 3), dtype=int), "item 0 has no reference"),
        ([[1, 2]], np.zeros((1, 1, 2, 3), dtype=int), "3-D"),
    ],
)
def test_errors(hyps: object, refs: object, message: str) -> None:
    pad = 0 if isinstance(refs, np.ndarray) else None
    with pytest.raises(InputError, match=message):
        ids.sentence_bleu(hyps, refs, pad_id=pad)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"pad_id": 1.0}, "pad_id must be an integer"),
        ({"eos_id": True}, "eos_id must be an integer"),
        ({"unk_id": 0, "pad_id": 0}, "unk_id=0 is also pad_id"),
        ({"smooth_method": "nope"}, "smooth_method must be one of"),
    ],
)
def test_option_errors(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        ids.sentence_bleu([[1]], [[1]], **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"tokenize": "13a"}, "tokenize: token ids are not text"),
        ({"lowercase": True}, "lowercase: token ids are not text"),
        ({"spm_model": "m.model"}, "spm_model: token ids are not text"),
        ({"options": BleuOptions(lowercase=True)}, "lowercase: token ids are not text"),
        ({"options": BleuOptions(), "weights": [0.5, 0.5]}, "options= or keyword options"),
        ({"options": {"smooth_method": "exp"}}, "options must be BleuOptions"),
        ({"ref_streams": [["1"]]}, "parbleu.ids has no option 'ref_streams'"),
        ({"max_ngram_order": 0.5}, "max_ngram_order must be an integer"),
    ],
)
def test_statistics_option_errors(options: dict[str, object], message: str) -> None:
    """Text options and keywords that are not BLEU options are refused, not passed on."""
    with pytest.raises(OptionError, match=message):
        ids.statistics([[1]], [[1]], **options)
