"""Oracle: sacreBLEU 2.6.0's TER on generated text, for every option combination.

The tokenizer must give sacreBLEU's tokens; the edit count of a hypothesis-reference pair must
be sacreBLEU's (``lib_ter.translation_edit_rate``), including block shifts, sequences long
enough for the beam to matter, and the candidate limit; per-segment statistics must be
identical and corpus scores bit-identical, with several references, absent references
(``None``), empty lines, Unicode punctuation, digits, repeated words and shuffled words.
"""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import TER as SacreTER
from sacrebleu.metrics.lib_ter import BeamEditDistance, translation_edit_rate
from sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer as SacreTercomTokenizer

from parbleu.metrics.ter.align import ReferenceWords, count_edits
from parbleu.metrics.ter.metric import TER
from parbleu.tokenizers.tercom import TercomTokenizer
from tests.strategies import WORDS, mt_line, parallel_corpus

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

OPTION_NAMES = ("normalized", "no_punct", "asian_support", "case_sensitive")
ALL_OPTIONS = [
    dict(zip(OPTION_NAMES, flags, strict=True))
    for flags in itertools.product([False, True], repeat=len(OPTION_NAMES))
]
OPTION_IDS = ["".join("1" if v else "0" for v in o.values()) for o in ALL_OPTIONS]

CJK_WORDS = [
    "中文",
    "漢字",
    "東京です",
    "ひらがな",
    "カタカナ",
    "。",
    "、",
    "「",
    "」",
    "・",
    "！",
    "（",
    "）",
]
CJK_WORDS += ["ｶﾀｶﾅ", "㈠", "㍿", "︰", "⺀", "㇀", "豈", "，", "．", "？", "：", "；", "＂", "ㇰ"]


@st.composite
def ter_line(draw: st.DrawFn) -> str:
    """Shared MT-like lines, sometimes with newlines and hyphenation, or CJK-heavy text."""
    kind = draw(st.integers(min_value=0, max_value=3))
    if kind < 2:
        return draw(mt_line(newlines=kind == 1))
    pool = [*CJK_WORDS, *WORDS[:30], "'s", "it's", "3-4", "&amp;", "\n-", "-\n"]
    words = draw(st.lists(st.sampled_from(pool), max_size=12))
    return draw(st.sampled_from([" ", "", "\u3000"])).join(words)


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=OPTION_IDS)
@settings(max_examples=150, deadline=None)
@given(line=ter_line())
def test_tokenizer(options: dict[str, bool], line: str) -> None:
    """Tokens as sacreBLEU's TER makes them (it strips trailing whitespace first)."""
    expected = SacreTercomTokenizer(**options)(line.rstrip())
    assert TercomTokenizer(**options).tokenize(line) == expected


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=OPTION_IDS)
@settings(max_examples=150, deadline=None)
@given(line=ter_line())
def test_reference_tokens(options: dict[str, bool], line: str) -> None:
    """Reference words as sacreBLEU's TER caches them (it preprocesses references twice)."""
    (cached,) = SacreTER(**options)._cache_references([[line]])
    assert TercomTokenizer(**options).reference_words(line) == cached["ref_words"][0]


@st.composite
def shuffled_pair(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """A reference and a hypothesis made from it by block moves, swaps and word edits."""
    vocabulary = draw(st.sampled_from(["ab", "abcd", "abcdefghij", "abcdefghijklmnopqrstuvwxyz"]))
    ref = draw(st.lists(st.sampled_from(vocabulary), max_size=draw(st.sampled_from([8, 30, 70]))))
    hyp = list(ref)
    for _ in range(draw(st.integers(min_value=0, max_value=4))):
        if len(hyp) < 2:
            break
        start = draw(st.integers(min_value=0, max_value=len(hyp) - 1))
        length = draw(st.integers(min_value=1, max_value=12))
        block = hyp[start : start + length]
        del hyp[start : start + length]
        at = draw(st.integers(min_value=0, max_value=len(hyp)))
        hyp[at:at] = block
    for _ in range(draw(st.integers(min_value=0, max_value=5))):
        edit = draw(st.integers(min_value=0, max_value=2))
        at = draw(st.integers(min_value=0, max_value=len(hyp)))
        word = draw(st.sampled_from(vocabulary + "xyz"))
        if edit == 0:
            hyp.insert(at, word)
        elif hyp and at < len(hyp):
            if edit == 1:
                hyp[at] = word
            else:
                del hyp[at]
    if draw(st.booleans()):
        hyp, ref = ref, hyp
    return hyp, ref


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=shuffled_pair())
def test_edits_of_shuffled_words(pair: tuple[list[str], list[str]]) -> None:
    hyp, ref = pair
    assert count_edits(hyp, ReferenceWords.from_words(ref)) == translation_edit_rate(hyp, ref)[0]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    ref=st.lists(st.sampled_from("abc"), min_size=60, max_size=160),
    hyp=st.lists(st.sampled_from("abc"), min_size=0, max_size=160),
)
def test_edits_of_long_unrelated_sequences(ref: list[str], hyp: list[str]) -> None:
    """Long sequences over three words: the beam and the 1000-candidate limit decide."""
    assert count_edits(hyp, ReferenceWords.from_words(ref)) == translation_edit_rate(hyp, ref)[0]


@st.composite
def order_kept_pair(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """A reference and a hypothesis made from it by deletions, insertions and substitutions
    (of reference words or others) that keep the order of the words."""
    ref = draw(st.lists(st.sampled_from("abcdefgh"), min_size=1, max_size=30))
    hyp = list(ref)
    for _ in range(draw(st.integers(min_value=0, max_value=4))):
        at = draw(st.integers(min_value=0, max_value=len(hyp)))
        word = draw(st.sampled_from("abcdefghxyz"))
        edit = draw(st.integers(min_value=0, max_value=2))
        if edit == 0:
            hyp.insert(at, word)
        elif at < len(hyp):
            if edit == 1:
                hyp[at] = word
            else:
                del hyp[at]
    return hyp, ref


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=order_kept_pair())
def test_no_shift_below_the_fewest_edits_of_any_order(pair: tuple[list[str], list[str]]) -> None:
    """sacreBLEU makes no shift once the (beam) distance is the fewest edits of any order of
    the words, where parbleu's search stops at once; elsewhere it searches on."""
    hyp, ref = pair
    words = ReferenceWords.from_words(ref)
    expected = translation_edit_rate(hyp, ref)[0]
    assert count_edits(hyp, words) == expected
    distance, _ = BeamEditDistance(ref)(hyp)
    if distance == words.fewest_edits_of_any_order(hyp):
        assert expected == distance


def oracle_segments(
    options: dict[str, bool], hyps: list[str], streams: list[list[str | None]]
) -> list[tuple[int, float]]:
    sacre = SacreTER(**options)
    out = []
    for i, hyp in enumerate(hyps):
        refs = [s[i] for s in streams if s[i] is not None]
        score = sacre.sentence_score(hyp, refs)  # type: ignore[arg-type]
        out.append((score.num_edits, score.ref_length))
    return out


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=OPTION_IDS)
@SETTINGS
@given(corpus=parallel_corpus(max_segments=5, max_refs=3, missing=True))
def test_statistics_and_corpus_score(
    options: dict[str, bool], corpus: tuple[list[str], list[list[str | None]]]
) -> None:
    hyps, streams = corpus
    ter = TER(streams, **options)
    stats = ter.statistics(hyps)
    expected = oracle_segments(options, hyps, streams)
    assert [(int(e), r) for e, r in stats.values.tolist()] == expected
    assert stats.values[:, 0].tolist() == [float(e) for e, _ in expected]
    sacre = SacreTER(**options)
    expected_score = sacre.corpus_score(hyps, streams)  # type: ignore[arg-type]
    ours = ter.corpus_score(hyps)
    assert ours.score == expected_score.score
    assert ours.num_edits == expected_score.num_edits
    assert ours.ref_length == expected_score.ref_length
    expected_signature = str(sacre.get_signature()).rsplit("|version:", 1)[0]
    assert ours.signature.format().rsplit("|version:", 1)[0] == expected_signature


# (hypothesis, reference, reference words after two normalization passes, by hand)
TWICE_NORMALIZED = [
    ("", "..0", [".", ".", "0"]),  # one pass: ". .0"
    ("the book is john's .", "The book is John's.", ["the", "book", "is", "john", "'s", "."]),
    ("at 3,5", "at ,,5", ["at", ",", ",", "5"]),  # one pass: "at , ,5"
]


@pytest.mark.parametrize(("hyp", "ref", "ref_words"), TWICE_NORMALIZED)
def test_references_are_normalized_twice(hyp: str, ref: str, ref_words: list[str]) -> None:
    """sacreBLEU 2.6.0 preprocesses references twice (when caching, then extracting words)."""
    tokenizer = TercomTokenizer(normalized=True)
    assert tokenizer.reference_words(ref) == ref_words
    assert tokenizer.words(ref) != ref_words  # the second pass matters for these lines
    expected = SacreTER(normalized=True).corpus_score([hyp], [[ref]])
    ours = TER([[ref]], normalized=True).corpus_score([hyp])
    assert ours.ref_length == expected.ref_length == len(ref_words)
    assert (ours.num_edits, ours.score) == (expected.num_edits, expected.score)


@SETTINGS
@given(hyp=ter_line(), refs=st.lists(ter_line(), min_size=1, max_size=3))
def test_sentence_score(hyp: str, refs: list[str]) -> None:
    expected = SacreTER().sentence_score(hyp, refs)
    ours = TER().sentence_score(hyp, refs)
    assert (ours.score, ours.num_edits, ours.ref_length) == (
        expected.score,
        expected.num_edits,
        expected.ref_length,
    )
    assert ours.format() == expected.format()


@SETTINGS
@given(corpus=parallel_corpus(max_segments=6, max_refs=3, missing=True))
def test_text_and_json_format(corpus: tuple[list[str], list[list[str | None]]]) -> None:
    """sacreBLEU's text line and JSON keys (the version field names each tool)."""
    hyps, streams = corpus
    sacre = SacreTER()
    expected = sacre.corpus_score(hyps, streams)  # type: ignore[arg-type]
    ours = TER(streams).corpus_score(hyps)
    signature = str(sacre.get_signature())
    text = expected.format(signature=signature)
    assert ours.format(signature=True).rsplit("|version:", 1)[0] == text.rsplit("|version:", 1)[0]
    assert ours.format().split(" = ") == expected.format().split(" = ")
    for width in (1, 2, 4):
        assert ours.format(width) == expected.format(width)
    expected_json = json.loads(expected.format(signature=signature, is_json=True))
    ours_json = ours.to_dict()
    for key, value in expected_json.items():
        if key not in ("signature", "version"):
            assert ours_json[key] == value, key
