"""TER's public behaviour: options, signatures, results, references, workers, docstrings.

Oracles: sacreBLEU 2.6.0 (signature strings), hand maths, and the laws the statistics obey
(corpus scores are sums of segment statistics in segment order).
"""

from __future__ import annotations

import doctest
import importlib

import numpy as np
import pytest

from parbleu.errors import InputError, LengthMismatchError, OptionError, ReferenceShapeError
from parbleu.metrics.ter.formula import TER_LAYOUT
from parbleu.metrics.ter.metric import TER, sequential_total
from parbleu.metrics.ter.options import TerOptions
from parbleu.stats import Stats
from parbleu.tokenizers.tercom import TercomTokenizer


def test_default_signature_is_sacrebleus() -> None:
    """As sacreBLEU 2.6.0's: nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:..."""
    signature = TER([["a"]]).signature()
    assert signature.format().startswith("nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|")
    assert signature.format(short=True).startswith("#:1|c:lc|t:tercom|nr:no|pn:yes|as:no|v:")
    assert signature.format().endswith("|version:parbleu-" + signature.as_dict()["version"][8:])


def test_signature_of_every_option() -> None:
    ter = TER(
        [["a"], [None]], normalized=True, no_punct=True, asian_support=True, case_sensitive=True
    )
    assert (
        ter.signature()
        .format()
        .startswith("nrefs:1|case:mixed|tok:tercom|norm:yes|punct:no|asian:yes|")
    )
    assert TER([["a", "b"], ["a", None]]).signature().as_dict()["nrefs"] == "var"


@pytest.mark.parametrize("option", ["normalized", "no_punct", "asian_support", "case_sensitive"])
@pytest.mark.parametrize("value", ["no", 1, None])
def test_options_must_be_booleans(option: str, value: object) -> None:
    with pytest.raises(OptionError, match=option):
        TER(**{option: value})  # type: ignore[arg-type]


@pytest.mark.parametrize("n_jobs", [0, -2, 1.5, True])
def test_n_jobs_must_be_positive(n_jobs: object) -> None:
    with pytest.raises(OptionError, match="n_jobs"):
        TER(n_jobs=n_jobs)  # type: ignore[arg-type]


def test_options_are_frozen_and_create_the_same_metric() -> None:
    options = TerOptions(normalized=True)
    with pytest.raises(AttributeError):
        options.normalized = False  # type: ignore[misc]
    ter = TER(options=options)
    assert ter.tokenizer == TercomTokenizer(normalized=True)
    assert ter.tokenizer != TercomTokenizer()
    assert repr(ter).startswith("TER(nrefs:1|case:lc|tok:tercom|norm:yes|")


def test_absent_references_are_skipped_not_empty() -> None:
    """Hand maths: "a b" vs "a b" is 0 edits over 2 words; an empty reference would average
    the length down to 1 and an absent one must not."""
    hyps = ["a b"]
    absent = TER([["a b"], [None]]).statistics(hyps).values.tolist()
    empty = TER([["a b"], [""]]).statistics(hyps).values.tolist()
    assert absent == [[0.0, 2.0]]
    assert empty == [[0.0, 1.0]]


def test_statistics_columns_and_types() -> None:
    stats = TER([["a b c", "x"]]).statistics(["a c b", "y"])
    assert stats.columns == TER_LAYOUT.columns == ("num_edits", "ref_length")
    assert stats.values.dtype == np.float64
    assert stats.values.tolist() == [[1.0, 3.0], [1.0, 1.0]]


def test_prepared_references_serve_every_system() -> None:
    refs = [["the cat sat on the mat", "a b c d"], ["on the mat sat the cat", None]]
    ter = TER(refs)
    for hyps in (["the mat sat on the cat", "d c b a"], ["", "a b c d"]):
        assert ter.corpus_score(hyps) == TER().corpus_score(hyps, refs)
        assert ter.corpus_score(hyps) == TER().corpus_score(
            hyps,
            segment_refs=[[r for r in seg if r is not None] for seg in zip(*refs, strict=True)],
        )


def test_reference_shape_errors() -> None:
    with pytest.raises(ReferenceShapeError):
        TER(["a b", "c d"])
    with pytest.raises(LengthMismatchError):
        TER([["a"]]).corpus_score(["a", "b"])
    with pytest.raises(InputError, match="no references"):
        TER().corpus_score(["a"])


def test_sentence_scores_are_rows_of_the_statistics() -> None:
    hyps = ["d e f g h a b c", "", "a b", "x y z"]
    refs = [["a b c d e f g h", "a", "a b", ""]]
    ter = TER(refs)
    assert ter.sentence_scores(hyps).tolist() == [12.5, 100.0, 0.0, 100.0]
    for hyp, ref, score in zip(hyps, refs[0], ter.sentence_scores(hyps), strict=True):
        assert ter.sentence_score(hyp, [ref]).score == score


def test_corpus_sums_follow_segment_order() -> None:
    """sacreBLEU adds segment statistics one after another; numpy's sum adds pairwise, which
    can differ in the last bit for averaged lengths such as 7/3."""
    rng = np.random.default_rng(7)
    lengths = rng.integers(1, 60, size=(500, 3)).sum(axis=1) / 3
    values = np.column_stack([rng.integers(0, 30, size=500).astype(float), lengths])
    stats = Stats(TER_LAYOUT.columns, values)
    running = 0.0
    for length in lengths.tolist():
        running += length
    assert sequential_total(stats)[1] == running
    assert sequential_total(stats)[0] == values[:, 0].sum()


def test_result_format_and_dict() -> None:
    score = TER([["a b c d e f g h"]]).corpus_score(["d e f g h a b c"])
    assert score.format() == "TER = 12.50"
    assert str(score) == "TER = 12.50"
    assert score.format(1) == "TER = 12.5"
    assert score.format(signature=True).startswith("TER|nrefs:1|case:lc|tok:tercom|")
    assert score.format(signature=True, short=True).startswith("TER|#:1|c:lc|t:tercom|")
    data = score.to_dict()
    assert data["name"] == "TER"
    assert data["score"] == 12.5
    assert data["num_edits"] == 1
    assert data["ref_length"] == 8.0
    assert data["tok"] == "tercom"
    assert data["signature"] == score.signature.format()


def test_worker_processes_give_the_same_statistics() -> None:
    words = ["the", "cat", "sat", "on", "a", "mat", "and", "dog", "bit", "man", "who", "back"]
    rng = np.random.default_rng(3)
    refs = [" ".join(rng.permutation(words)[: rng.integers(1, 15)]) for _ in range(450)]
    hyps = [" ".join(rng.permutation(r.split())) for r in refs]
    single = TER([refs]).statistics(hyps).values
    assert np.array_equal(TER([refs], n_jobs=2).statistics(hyps).values, single)


@pytest.mark.parametrize(
    "module",
    [
        "parbleu.metrics.ter.metric",
        "parbleu.metrics.ter.align",
        "parbleu.engine.levenshtein",
        "parbleu.tokenizers.tercom",
    ],
)
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0
