"""WER and CER on the statistics spine: edge cases, several references, options, results.

Oracles: jiwer 4.0.0 (``wer``, ``cer``, ``process_words``, ``process_characters``) times 100
for one reference; for several references, jiwer on each reference and the documented rule
(fewest edits, then the longest reference, then the first); hand maths.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import jiwer
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parbleu import CER, WER
from parbleu.errors import InputError, OptionError
from parbleu.metrics.wer import CerScore, WerOptions, WerScore
from parbleu.metrics.wer.metric import ErrorRate
from parbleu.stats import Stats

METRICS: dict[str, tuple[type[ErrorRate], Any]] = {
    "WER": (WER, jiwer.process_words),
    "CER": (CER, jiwer.process_characters),
}
COUNTS = ("hits", "substitutions", "deletions", "insertions")


def jiwer_rate(name: str, refs: list[str], hyps: list[str]) -> float:
    output = METRICS[name][1](refs, hyps)
    return float(output.wer if name == "WER" else output.cer) * 100


@pytest.mark.parametrize("name", sorted(METRICS))
@pytest.mark.parametrize(
    ("ref", "hyp"),
    [
        ("the cat sat", "the cat sat"),  # identical
        ("the cat sat", ""),  # empty hypothesis
        ("", "the cat"),  # empty reference: jiwer's rate is the number of insertions
        ("", ""),
        ("   ", "\t"),  # only whitespace: both empty
        ("cat", "dog"),  # one word
        ("cat", "cat"),
        ("a  b\tc", "a b c"),  # runs of whitespace, a tab inside a word
        ("Ünïcode 𝒜 e\u0301", "Unicode 𝒜 é"),  # astral, combining mark
    ],
)
def test_edge_cases_as_jiwer(name: str, ref: str, hyp: str) -> None:
    metric = METRICS[name][0]([[ref]])
    result = metric.corpus_score([hyp])
    assert result.score == jiwer_rate(name, [ref], [hyp])
    output = METRICS[name][1]([ref], [hyp])
    assert tuple(getattr(result, c) for c in COUNTS) == tuple(getattr(output, c) for c in COUNTS)
    assert metric.sentence_scores([hyp]).tolist() == [result.score]


def test_empty_references_never_divide_by_zero() -> None:
    """Hand maths (jiwer 4.0.0's convention): no reference word at all, two inserted: 200."""
    assert WER([["", ""]]).corpus_score(["a b", ""]).score == 200.0
    assert WER([[""]]).corpus_score([""]).score == 0.0
    assert CER([[""]]).sentence_score("ab", [""]).score == 200.0
    # A corpus with some reference words divides by them as usual: 3 edits / 2 words.
    assert WER([["", "x y"]]).corpus_score(["a b", "x y z"]).score == 150.0


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.text(alphabet="ab 𝒜\u0301\tc", max_size=12),
            st.text(alphabet="ab 𝒜\u0301\tc", max_size=12),
        ),
        min_size=1,
        max_size=8,
    ),
    st.sampled_from(sorted(METRICS)),
)
def test_random_corpora_as_jiwer(pairs: list[tuple[str, str]], name: str) -> None:
    """Astral characters, combining marks, tabs and spaces; empty lines on both sides."""
    refs, hyps = [r for r, _ in pairs], [h for _, h in pairs]
    assert METRICS[name][0]([refs]).corpus_score(hyps).score == jiwer_rate(name, refs, hyps)


def test_lowercase_is_jiwers_to_lower_case() -> None:
    refs, hyps = ["The CAT sat", "ΣΑΣ İx"], ["the cat Sat", "σας i̇x"]
    lower = jiwer.Compose([jiwer.ToLowerCase(), *jiwer.transformations.wer_default.transforms])
    expected = jiwer.wer(refs, hyps, reference_transform=lower, hypothesis_transform=lower)
    assert WER([refs], lowercase=True).corpus_score(hyps).score == expected * 100
    assert WER([refs]).corpus_score(hyps).score > expected * 100
    lower_chars = jiwer.Compose(
        [jiwer.ToLowerCase(), *jiwer.transformations.cer_default.transforms]
    )
    expected = jiwer.cer(
        refs, hyps, reference_transform=lower_chars, hypothesis_transform=lower_chars
    )
    assert CER([refs], lowercase=True).corpus_score(hyps).score == expected * 100


# -- several references ----------------------------------------------------------------------


def test_fewest_edits_then_longest_then_first() -> None:
    """Hand maths. Segment 1: ``a b c d`` needs 1 edit, ``x y z`` 3; segment 2: ``a b``
    and ``a b c d e x`` both need 2 edits to ``a b c x``, and the longer wins (2 edits of 6
    words, not of 2); segment 3: equal edits and lengths, the first given."""
    hyps = ["a b c", "a b c x", "p q"]
    refs = [["a b c d", "a b", "p r"], ["x y z", "a b c d e x", "p s"]]
    stats = WER(refs).statistics(hyps)
    assert stats.column("hits").tolist() == [3, 4, 1]
    assert (stats.column("deletions") + stats.column("substitutions")).tolist() == [1, 2, 1]
    view = WER().alignment("p q", ["p r", "p s"])
    assert view.reference == 0
    assert WER().alignment("a b c x", ["a b", "a b c d e x"]).reference == 1


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet="ab c", max_size=10),
    st.lists(st.text(alphabet="abc d", max_size=10), min_size=1, max_size=4),
    st.sampled_from(sorted(METRICS)),
)
def test_several_references_follow_the_rule(hyp: str, refs: list[str], name: str) -> None:
    """Oracle: jiwer on each reference, then the rule applied by hand."""
    outputs = [METRICS[name][1](ref, hyp) for ref in refs]
    lengths = [o.hits + o.substitutions + o.deletions for o in outputs]
    edits = [o.substitutions + o.deletions + o.insertions for o in outputs]
    best = min(range(len(refs)), key=lambda k: (edits[k], -lengths[k], k))
    result = METRICS[name][0]().sentence_score(hyp, refs)
    assert tuple(getattr(result, c) for c in COUNTS) == tuple(
        getattr(outputs[best], c) for c in COUNTS
    )
    assert result.score == jiwer_rate(name, [refs[best]], [hyp])
    metric = METRICS[name][0]()
    view = metric.alignment(hyp, refs)
    assert view.reference == best
    assert view.edits == edits[best]
    assert [c.kind for c in view.chunks] == [c.type for c in outputs[best].alignments[0]]


def test_absent_references_are_skipped() -> None:
    refs = [["a b", None], [None, "c d"]]
    assert WER(refs).corpus_score(["a b", "c x"]).score == 25.0
    assert WER(refs).signature().format().startswith("nrefs:1|")


# -- merge laws ----------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.text(alphabet="ab c", max_size=8), st.text(alphabet="abc ", max_size=8)),
        min_size=2,
        max_size=12,
    ),
    st.data(),
)
def test_statistics_add_up(pairs: list[tuple[str, str]], data: st.DataObject) -> None:
    """Statistics of a split corpus are the rows of the whole; the corpus score is the
    score of the summed rows, in any order (integers)."""
    refs, hyps = [r for r, _ in pairs], [h for _, h in pairs]
    cut = data.draw(st.integers(min_value=1, max_value=len(pairs) - 1))
    metric = WER()
    whole = metric.statistics(hyps, [refs])
    parts = [
        metric.statistics(hyps[:cut], [refs[:cut]]),
        metric.statistics(hyps[cut:], [refs[cut:]]),
    ]
    assert np.array_equal(np.concatenate([p.values for p in parts]), whole.values)
    assert whole.values.dtype == np.int64
    reordered = whole.values[::-1].sum(axis=0)
    assert metric.score_totals(reordered).score == metric.corpus_score(hyps, [refs]).score


# -- options, results, errors ----------------------------------------------------------------


def test_options_are_checked_and_frozen() -> None:
    with pytest.raises(OptionError, match="lowercase must be True or False; got 'yes'"):
        WER(lowercase="yes")
    with pytest.raises(OptionError, match="has no option 'lowercse'"):
        CER(lowercse=True)
    options = WerOptions(lowercase=True)
    assert WER(options=options).options is options
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.lowercase = False  # type: ignore[misc]


def test_signatures() -> None:
    assert WER([["a"]]).signature().format().split("|")[:3] == [
        "nrefs:1",
        "case:mixed",
        "tok:words",
    ]
    assert (
        CER([["a"], ["b"]], lowercase=True)
        .signature()
        .format(short=True)
        .startswith("#:2|c:lc|t:chars|v:")
    )


def test_results_and_their_formats() -> None:
    result = WER([["the cat sat on the mat"]]).corpus_score(["the cat sat on a mat"])
    assert isinstance(result, WerScore)
    assert (result.hits, result.substitutions, result.deletions, result.insertions) == (5, 1, 0, 0)
    assert (result.edits, result.ref_length, result.hyp_length) == (1, 6, 6)
    assert result.format() == "WER = 16.67"
    as_dict = result.to_dict()
    assert as_dict["score"] == 16.67
    assert as_dict["ref_length"] == 6
    assert as_dict["name"] == "WER"
    chars = CER([["ab"]]).corpus_score(["ab"])
    assert isinstance(chars, CerScore)
    assert chars.format(signature=True).startswith("CER|nrefs:1|case:mixed|tok:chars|")
    assert WER().higher_is_better is False


def test_layout_and_stats() -> None:
    stats = CER([["abc"]]).statistics(["abd"])
    assert isinstance(stats, Stats)
    assert stats.columns == COUNTS
    assert CER().scores(np.array([[2, 1, 0, 0], [0, 0, 0, 3]])).tolist() == [
        100 * (1 / 3),
        300.0,
    ]


def test_bad_inputs_fail_clearly() -> None:
    with pytest.raises(InputError, match="no references"):
        WER().corpus_score(["a"])
    with pytest.raises(InputError, match="2 hypotheses but the prepared references have 1"):
        WER([["a"]]).corpus_score(["a", "b"])
    with pytest.raises(InputError, match="prepared by CER"):
        WER().with_prepared(CER([["a"]]).prepared).corpus_score(["a"])


HOSTILE_STRINGS = [
    "the\x00cat sat\x01 on\x1b the mat",
    "the cat\u2028sat\x85on\x0bthe\x0cmat\u2029",
    "the cat\rsat\non the\r\nmat",
    "\ufeffthe cat sat on the mat",
    "𝔘𝔫𝔦 😀 北京 مرحبا the mat",
    "the cat \ud800 sat \udfff",
    " \t ",
    "",
    "x" * 5_000,
]


@pytest.mark.parametrize("name", sorted(METRICS))
def test_hostile_strings_score_as_jiwer_scores_them(name: str) -> None:
    """Oracle: jiwer on control characters, Unicode line separators, CR and LF inside lines,
    a BOM, astral characters, lone surrogates, whitespace only, a 5,000-character line."""
    hyps = HOSTILE_STRINGS
    refs = list(reversed(hyps))
    assert METRICS[name][0]([refs]).corpus_score(hyps).score == jiwer_rate(name, refs, hyps)
    for hyp in hyps[:-1]:
        assert METRICS[name][0]([[hyp] * len(hyps)]).corpus_score(hyps).score == jiwer_rate(
            name, [hyp] * len(hyps), hyps
        )


@pytest.mark.parametrize(
    ("hyps", "refs", "error"),
    [
        ("the cat", [["the cat"]], "not a single string"),
        (["a", None], [["a", "b"]], r"hypotheses\[1\] is NoneType"),
        ([], [[]], "nothing to score"),
        (["a", "b"], ["a", "b"], "list of reference streams"),
        (["a", "b"], [["a"]], "has 1 segments but there are 2 hypotheses"),
    ],
)
def test_bad_shapes_are_refused(hyps: Any, refs: Any, error: str) -> None:
    with pytest.raises(InputError, match=error):
        WER().corpus_score(hyps, refs)
