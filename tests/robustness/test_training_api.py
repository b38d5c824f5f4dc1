"""Token ids, pairwise/MBR and GRPO rewards against hostile values: the oracle's score, or one
`ParbleuError` naming the value.

`REFUSED` is the table of calls that must raise: booleans as token ids, ids that do not fit
a signed 64-bit integer (a ``uint64`` id of ``2**64 - 1`` wrapped to -1 and was dropped as
padding), several sequences per item (beams) given where one is expected, MBR weights that
are not numbers (``weights="abc"`` was a `ValueError` from NumPy). `SCORED` is the table of
unusual values with an answer, and their oracles: sacreBLEU 2.6.0's BLEU with
``tokenize="none"`` on the ids written as text (`parbleu.ids`' documented equivalence), the
uniform-weight MBR choice for weights of 1e308 (scaling weights does not change a weighted
mean; summed as they were, every utility was NaN), and the documented reward contract:
``None`` where a reference is missing, whether as None, NaN or pandas' NA (a missing cell;
NaN was a `TypeError`). Issue 24, items 6, 7, 10 and 12.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
import sacrebleu

from parbleu import ids, pairwise
from parbleu.errors import InputError, OptionError, ParbleuError
from parbleu.rewards import reward_function
from tests.robustness.test_api import refused

BIG = 2**64 - 1
CANDIDATES = ["the cat sat", "a cat sat", "the cat sat down", "dog"]

#: (case, call, error class, what the message names).
REFUSED: tuple[tuple[str, Callable[[], object], type[ParbleuError], tuple[str, ...]], ...] = (
    (
        "uint64 id of 2**64 - 1",
        lambda: ids.corpus_bleu(
            np.array([[5, 6, BIG, 8]], dtype=np.uint64), np.array([[5, 6, BIG, 9]], np.uint64)
        ),
        InputError,
        ("hypotheses", str(BIG), "2**63"),
    ),
    (
        "uint64 reference id of 2**63",
        lambda: ids.corpus_bleu([[1, 2]], np.array([[1, 2**63]], dtype=np.uint64)),
        InputError,
        ("references", str(2**63)),
    ),
    (
        "python id of 2**64 - 1",
        lambda: ids.corpus_bleu([[1, BIG]], [[1, 2]]),
        InputError,
        ("hypotheses", str(BIG)),
    ),
    ("python id of 2**70", lambda: ids.corpus_bleu([[2**70]], [[1]]), InputError, ("2**63",)),
    (
        "pad_id of 2**64 - 1",
        lambda: ids.corpus_bleu([[1, 2]], [[1, 2]], pad_id=BIG),
        OptionError,
        ("pad_id",),
    ),
    (
        "a boolean among ids",
        lambda: ids.corpus_bleu([[True, 2, 3, 4]], [[1, 2, 3, 4]]),
        InputError,
        ("hypotheses item 0", "bool"),
    ),
    (
        "a NumPy boolean among ids",
        lambda: ids.sentence_bleu([[1, 2]], [[np.int64(1), np.bool_(False)]]),
        InputError,
        ("references item 0", "bool"),
    ),
    (
        "a boolean array",
        lambda: ids.corpus_bleu(np.array([[True, False]]), [[1, 0]]),
        InputError,
        ("hypotheses", "bool"),
    ),
    (
        "beams as a list of 2-D lists (hypotheses)",
        lambda: ids.corpus_bleu([[[1, 2, 3], [1, 2]]], [[1, 2, 3]]),
        InputError,
        ("hypotheses item 0", "one sequence per item"),
    ),
    (
        "beams of equal length as a list of 2-D lists",
        lambda: ids.corpus_bleu([[[1, 2, 3], [1, 2, 4]], [[1, 2, 3], [1, 2, 4]]], [[1], [1]]),
        InputError,
        ("hypotheses item 0", "one sequence per item"),
    ),
    (
        "references as a list of lists of 2-D lists",
        lambda: ids.corpus_bleu([[1, 2, 3]], [[[[1, 2, 3]], [[1, 2]]]]),
        InputError,
        ("references", "item 0", "one sequence per item"),
    ),
    (
        "references mixing a sequence and a 2-D list",
        lambda: ids.corpus_bleu([[1, 2, 3]], [[[1, 2, 3], [[1, 2]]]]),
        InputError,
        ("references", "one sequence per item"),
    ),
    (
        "a ragged 2-D array of objects",
        lambda: ids.corpus_bleu([[1, 2, 3]], [np.array([[1, 2, 3], [1, 2]], dtype=object)]),
        InputError,
        ("references item 0", "object"),
    ),
    (
        "a string among ids",
        lambda: ids.corpus_bleu([[1, "2"]], [[1, 2]]),
        InputError,
        ("hypotheses item 0", "str"),
    ),
    (
        "mbr weights as a string",
        lambda: pairwise.mbr(CANDIDATES, weights="abc"),  # type: ignore[arg-type]
        InputError,
        ("weights", "'abc'"),
    ),
    (
        "mbr weights with a string",
        lambda: pairwise.mbr(CANDIDATES, weights=[1, "x", 2, 3]),  # type: ignore[list-item]
        InputError,
        ("weights", "'x'"),
    ),
    (
        "mbr weights as a mapping",
        lambda: pairwise.mbr(CANDIDATES, weights={"a": 1}),  # type: ignore[arg-type]
        InputError,
        ("weights", "dict"),
    ),
    (
        "mbr weights all zero",
        lambda: pairwise.mbr(CANDIDATES, weights=[0, 0, 0, 0]),
        InputError,
        ("positive sum",),
    ),
    (
        "mbr weights infinite",
        lambda: pairwise.mbr(CANDIDATES, weights=[np.inf, 1, 1, 1]),
        InputError,
        ("finite",),
    ),
    (
        "mbr weights too few",
        lambda: pairwise.mbr(CANDIDATES, weights=[1, 2]),
        InputError,
        ("4 finite", "2 values"),
    ),
    (
        "reward with a number as reference",
        lambda: reward_function("chrf")(prompts=["p"], completions=["a"], reference=[5]),
        InputError,
        ("reference[0]", "int"),
    ),
)


@pytest.mark.parametrize(
    ("call", "error", "mentions"), [pytest.param(*row[1:], id=row[0]) for row in REFUSED]
)
def test_a_hostile_value_is_one_error_naming_it(
    call: Callable[[], object], error: type[ParbleuError], mentions: tuple[str, ...]
) -> None:
    refused(call, error, *mentions)


def _as_text(batch: list[list[int]]) -> list[str]:
    return [" ".join(map(str, item)) for item in batch]


def test_ids_below_2_63_score_as_sacrebleu_on_their_text() -> None:
    top = 2**63 - 1
    hyps = [[5, 6, top, 8, 7], [top, top - 1, 3]]
    refs = [[5, 6, top, 8, 9], [top - 1, top, 3]]
    expected = sacrebleu.corpus_bleu(_as_text(hyps), [_as_text(refs)], tokenize="none").score
    assert ids.corpus_bleu(np.array(hyps[:1], dtype=np.uint64), [refs[0]]).score == (
        sacrebleu.corpus_bleu(_as_text(hyps[:1]), [_as_text(refs[:1])], tokenize="none").score
    )
    assert ids.corpus_bleu(hyps, refs).score == expected


def test_mbr_with_huge_weights_chooses_as_uniform_weights() -> None:
    uniform = pairwise.mbr(CANDIDATES)
    huge = pairwise.mbr(CANDIDATES, weights=[1e308] * 4)
    tiny = pairwise.mbr(CANDIDATES, weights=[5e-324] * 4)
    assert huge.index == tiny.index == uniform.index
    np.testing.assert_allclose(huge.utilities, uniform.utilities, rtol=1e-15)
    np.testing.assert_allclose(tiny.utilities, uniform.utilities, rtol=1e-15)
    assert np.isfinite(huge.utilities).all()


def _pandas_na() -> Any:
    pandas = pytest.importorskip("pandas")
    return pandas.NA


@pytest.mark.parametrize(
    "missing",
    [None, float("nan"), np.float32("nan"), "pandas NA", [], [None], [float("nan")]],
    ids=["None", "NaN", "float32 NaN", "pandas NA", "empty list", "[None]", "[NaN]"],
)
@pytest.mark.parametrize("metric", ["bleu", "chrf", "chrf++", "ter"])
def test_a_missing_reference_gives_no_reward(missing: Any, metric: str) -> None:
    """The documented contract: None where the reward is undefined; the others scored."""
    if missing == "pandas NA":
        missing = _pandas_na()
    reward = reward_function(metric)
    got = reward(
        prompts=["p"] * 3,
        completions=["the cat sat", "the cat sat", "a dog"],
        reference=["the cat sat", missing, ["a dog", None]],
    )
    assert got[1] is None
    assert got[0] == pytest.approx(1.0)
    assert got[2] == pytest.approx(1.0)
