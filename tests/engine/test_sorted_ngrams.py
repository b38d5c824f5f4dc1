"""The pieces behind chrF: characters, chrF++ words, and per-reference n-gram matches.

Oracles:
* Python's own ``str.split()``, ``str.isspace()`` and ``str.lower()`` for characters;
* sacreBLEU 2.6.0's ``CHRF._remove_punctuation`` for chrF++ words;
* the definition of matches, counted with ``collections.Counter`` per segment, for the
  packed-key counting in every id mode (forced with small key budgets) and chunk size.
"""

from __future__ import annotations

import itertools
import string
from collections import Counter
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import CHRF as SacreCHRF

from parbleu.engine.chars import CharVocabulary, code_points, line_weights, scan
from parbleu.engine.ranges import weighted_ranges
from parbleu.engine.segments import Segments
from parbleu.engine.sorted_keys import IdMode, chunk_bounds
from parbleu.engine.sorted_ngrams import ReferenceNgrams
from parbleu.engine.text import tokenize_block
from parbleu.engine.words import WordEncoder
from parbleu.tokenizers.base import WHITESPACE
from parbleu.tokenizers.chrf_words import PUNCTUATION, ChrfWordTokenizer, split_word
from tests.strategies import mt_line

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TEXT = st.one_of(
    mt_line(newlines=True),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=30),
    st.text(alphabet="aAbΣσς İi.,()'\n\r\t\u3000\x85-", max_size=30),
)


def test_whitespace_is_exactly_str_isspace() -> None:
    """Every code point: what str.split() splits on, and nothing else."""
    assert set(WHITESPACE) == {c for c in range(0x110000) if chr(c).isspace()}


def test_punctuation_is_string_punctuation() -> None:
    assert frozenset(string.punctuation) == PUNCTUATION


@SETTINGS
@given(lines=st.lists(TEXT, max_size=6), lowercase=st.booleans(), whitespace=st.booleans())
def test_code_points_are_the_characters_chrf_counts(
    lines: list[str], lowercase: bool, whitespace: bool
) -> None:
    """sacreBLEU: lower() the line, then remove whitespace with ''.join(line.split())."""
    corpus = code_points(lines, lowercase=lowercase, whitespace=whitespace)
    for i, line in enumerate(lines):
        text = line.lower() if lowercase else line
        if not whitespace:
            text = "".join(text.split())
        segment = corpus.values[corpus.offsets[i] : corpus.offsets[i + 1]]
        assert segment.tolist() == [ord(c) for c in text]


@SETTINGS
@given(
    refs=st.lists(TEXT, min_size=1, max_size=5),
    hyps=st.lists(TEXT, max_size=5),
    lowercase=st.booleans(),
    whitespace=st.booleans(),
)
def test_vocabulary_ids_follow_code_points(
    refs: list[str], hyps: list[str], lowercase: bool, whitespace: bool
) -> None:
    lengths, distinct = scan(refs, lowercase=lowercase, whitespace=whitespace, block=7)
    vocabulary = CharVocabulary(distinct, whitespace=whitespace)
    known = sorted({ord(c) for line in refs for c in _chars(line, lowercase, whitespace)})
    assert distinct.tolist() == known
    assert lengths.tolist() == [len(_chars(line, lowercase, whitespace)) for line in refs]
    ids, offsets = vocabulary.encode(hyps, lowercase=lowercase)
    expected = [
        known.index(ord(c)) if ord(c) in known else -1
        for line in hyps
        for c in _chars(line, lowercase, whitespace)
    ]
    assert ids.tolist() == expected
    assert np.diff(offsets).tolist() == [len(_chars(line, lowercase, whitespace)) for line in hyps]


def _chars(line: str, lowercase: bool, whitespace: bool) -> str:
    text = line.lower() if lowercase else line
    return text if whitespace else "".join(text.split())


@pytest.mark.parametrize(
    ("word", "tokens"),
    [
        ("(hi)", ("(hi", ")")),
        ("(hi", ("(", "hi")),
        ("hi.", ("hi", ".")),
        ("..", (".", ".")),
        (".", (".",)),
        ("'s", ("'", "s")),
        ("hi", ("hi",)),
        ("«hi»", ("«hi»",)),
        ("hi”.", ("hi”", ".")),
    ],
)
def test_split_word_table(word: str, tokens: tuple[str, ...]) -> None:
    """Only ASCII punctuation, at one end only (sacreBLEU issue #124)."""
    assert split_word(word) == tokens
    assert SacreCHRF()._remove_punctuation(word) == list(tokens)


WORD_LINES = [
    "(hi) there.",
    "",
    "  'tis   «hi»  hi”. .. . ,",
    "a\nb, c\r\nd",
    "𝒜bc. (𝒜 x𝒜, 𝒜",
    "Σσς ΣΑΣ. ΌΣΟΣ,",
    'internationalization, (supercalifragilistic) --double-- quote"',
    "İstanbul\u3000\x85tab\tend!",
]


def _block_tokens(lines: Sequence[str], lowercase: bool) -> list[list[str]]:
    block = tokenize_block(lines, ChrfWordTokenizer(), lowercase=lowercase)
    offsets = block.offsets.tolist()
    return [[block.token(j) for j in range(offsets[i], offsets[i + 1])] for i in range(len(lines))]


@pytest.mark.parametrize("lowercase", [False, True])
def test_word_spans_table_as_sacrebleu(lowercase: bool) -> None:
    """Words ending and starting with punctuation, astral and long words, odd whitespace."""
    oracle = SacreCHRF()
    expected = [
        oracle._remove_punctuation(line.lower() if lowercase else line) for line in WORD_LINES
    ]
    assert _block_tokens(WORD_LINES, lowercase) == expected
    assert [ChrfWordTokenizer().tokenize(line).split() for line in WORD_LINES] == [
        oracle._remove_punctuation(line) for line in WORD_LINES
    ]


@SETTINGS
@given(lines=st.lists(TEXT, min_size=1, max_size=6), lowercase=st.booleans())
def test_word_spans_as_sacrebleu(lines: list[str], lowercase: bool) -> None:
    oracle = SacreCHRF()
    expected = [oracle._remove_punctuation(line.lower() if lowercase else line) for line in lines]
    assert _block_tokens(lines, lowercase) == expected


def _word_ids_agree(refs: list[str], hyps: list[str], lowercase: bool) -> None:
    """Ids are exact: equal tokens share an id, distinct ones never do, absent ones get -1."""
    oracle = SacreCHRF()

    def tokens(line: str) -> list[str]:
        return oracle._remove_punctuation(line.lower() if lowercase else line)

    encoder = WordEncoder(lowercase=lowercase)
    lengths = encoder.add_references(refs)
    reference_tokens = [t for line in refs for t in tokens(line)]
    assert lengths.tolist() == [len(tokens(line)) for line in refs]
    assert encoder.vocabulary_size == len(set(reference_tokens))
    for lines in (refs, hyps):
        encoded = encoder.lookup().encode(lines)
        words = [t for line in lines for t in tokens(line)]
        assert encoded.lengths.tolist() == [len(tokens(line)) for line in lines]
        ids = encoded.values.tolist()
        assert len(ids) == len(words)
        numbering: dict[str, int] = {}
        for word, number in zip(words, ids, strict=True):
            if word not in reference_tokens:
                assert number == -1, word
            else:
                assert 0 <= number < encoder.vocabulary_size
                assert numbering.setdefault(word, number) == number, word
        assert len(set(numbering.values())) == len(numbering)  # distinct words, distinct ids
    assert encoder.vocabulary_size == len(set(reference_tokens))  # hypotheses add nothing


@SETTINGS
@given(
    refs=st.lists(TEXT, min_size=1, max_size=4),
    hyps=st.lists(TEXT, max_size=4),
    lowercase=st.booleans(),
)
def test_word_ids(refs: list[str], hyps: list[str], lowercase: bool) -> None:
    _word_ids_agree(refs, hyps, lowercase)


def test_word_ids_table() -> None:
    _word_ids_agree(WORD_LINES, [*reversed(WORD_LINES), "hi there (hi) 𝒜 ΣΑΣ"], False)
    _word_ids_agree(WORD_LINES, WORD_LINES[::2], True)


def test_line_blocks_cover_every_line_once() -> None:
    lines = ["a" * n for n in [0, 5, 17, 0, 3, 40, 1]]
    for size in (1, 4, 10, 1000):
        blocks = weighted_ranges(line_weights(lines), size)
        assert [i for a, b in blocks for i in range(a, b)] == list(range(len(lines)))
    assert weighted_ranges(line_weights([]), 10) == []


# -- per-reference matches ----------------------------------------------------------------


def _stream(segments: Sequence[Sequence[int]]) -> Segments:
    return Segments.from_lists(segments)


def _ngrams(tokens: Sequence[int], n: int) -> Counter[tuple[int, ...]]:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def _oracle(
    hyps: list[list[int]], refs: list[list[list[int]]], order: int
) -> list[list[list[int]]]:
    """Matches by definition: sum over n-grams of min(count in hyp, count in ref).

    Unknown hypothesis tokens (-1) are in no reference, so their n-grams count nothing.
    """
    out = []
    for ref_stream in refs:
        per_segment = []
        for hyp, ref in zip(hyps, ref_stream, strict=True):
            row = []
            for n in range(1, order + 1):
                h, r = _ngrams(hyp, n), _ngrams(ref, n)
                row.append(sum(min(count, r[g]) for g, count in h.items()))
            per_segment.append(row)
        out.append(per_segment)
    return out


@st.composite
def token_corpus(
    draw: st.DrawFn,
) -> tuple[int, list[list[int]], list[list[list[int]]]]:
    """Vocabulary size, hypothesis segments (with unknown -1) and 1-3 reference streams."""
    vocabulary = draw(st.sampled_from([1, 2, 3, 5, 40, 300, 5000]))
    token = st.integers(min_value=0, max_value=vocabulary - 1)
    n = draw(st.integers(min_value=1, max_value=8))
    k = draw(st.integers(min_value=1, max_value=3))
    refs = [[draw(st.lists(token, max_size=25)) for _ in range(n)] for _ in range(k)]
    hyps = []
    for i in range(n):
        base = draw(st.lists(token, max_size=25))
        if draw(st.booleans()) and refs[0][i]:  # reuse reference text to get long matches
            start = draw(st.integers(min_value=0, max_value=len(refs[0][i]) - 1))
            base = refs[0][i][start:] + base
        hyps.append([t if draw(st.integers(0, 9)) else -1 for t in base])
    return vocabulary, hyps, refs


def _matches(
    vocabulary: int,
    hyps: list[list[int]],
    refs: list[list[list[int]]],
    order: int,
    **build: int,
) -> tuple[ReferenceNgrams, np.ndarray]:
    streams = [_stream(stream) for stream in refs]
    lengths = np.stack([stream.lengths for stream in streams])
    ngrams = ReferenceNgrams.build(
        lengths,
        lambda a, b: [stream.slice(a, b) for stream in streams],
        order,
        vocabulary,
        **build,
    )
    hyp_stream = _stream(hyps)
    matches, hyp_lengths = ngrams.matches(hyp_stream.slice)
    assert hyp_lengths.tolist() == [len(h) for h in hyps]
    return ngrams, matches


@pytest.mark.parametrize("order", [1, 2, 6, 7])
@pytest.mark.parametrize("key_bits", [63, 40, 24, 14])
@pytest.mark.parametrize(
    ("chunk_size", "hypothesis_block"), [(1, 1), (3, 1 << 18), (3, 7), (1 << 15, 1 << 18)]
)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=token_corpus())
def test_matches_by_definition(
    order: int,
    key_bits: int,
    chunk_size: int,
    hypothesis_block: int,
    data: tuple[int, list[list[int]], list[list[list[int]]]],
) -> None:
    vocabulary, hyps, refs = data
    _, matches = _matches(
        vocabulary,
        hyps,
        refs,
        order,
        key_bits=key_bits,
        chunk_size=chunk_size,
        hypothesis_block=hypothesis_block,
    )
    assert matches.tolist() == _oracle(hyps, refs, order)


@pytest.mark.parametrize(("chunk_size", "hypothesis_block"), [(1, 1), (2, 5), (4, 1 << 18)])
def test_hypotheses_are_read_once_in_blocks_of_whole_chunks(
    chunk_size: int, hypothesis_block: int
) -> None:
    """Every segment is asked for once, in order, and every block ends where a chunk ends."""
    refs = [[[1, 2, 3], [], [4, 5], [1], [2, 2, 2, 2], [3, 1], [5]]]
    hyps = [[1, 2], [3], [], [4, 5, 1], [2], [2, 2], [-1, 5]]
    streams = [_stream(stream) for stream in refs]
    ngrams = ReferenceNgrams.build(
        np.stack([stream.lengths for stream in streams]),
        lambda a, b: [stream.slice(a, b) for stream in streams],
        2,
        6,
        chunk_size=chunk_size,
        hypothesis_block=hypothesis_block,
    )
    asked: list[tuple[int, int]] = []
    hyp_stream = _stream(hyps)

    def tokens(start: int, stop: int) -> Segments:
        asked.append((start, stop))
        return hyp_stream.slice(start, stop)

    matches, _ = ngrams.matches(tokens)
    assert matches.tolist() == _oracle(hyps, refs, 2)
    assert [i for a, b in asked for i in range(a, b)] == list(range(len(hyps)))
    chunk_ends = {chunk.plan.stop for chunk in ngrams.chunks}
    assert all(stop in chunk_ends for _, stop in asked)
    if hypothesis_block >= 1 << 18:
        assert asked == [(0, len(hyps))]
    else:
        assert len(asked) > 1


@pytest.mark.parametrize(
    ("vocabulary", "key_bits", "mode"),
    [(30, 63, IdMode.CHUNK), (5000, 63, IdMode.SEGMENT), (5000, 14, IdMode.GENERAL)],
)
def test_each_id_mode_is_used(vocabulary: int, key_bits: int, mode: IdMode) -> None:
    """A small alphabet packs per chunk, a large one per segment, a tiny budget not at all."""
    rng = np.random.default_rng(0)
    refs = [[rng.integers(0, vocabulary, 60).tolist() for _ in range(40)]]
    hyps = [rng.integers(0, vocabulary, 50).tolist() for _ in range(40)]
    for i in range(0, 40, 3):
        hyps[i] = refs[0][i][5:40]
    ngrams, matches = _matches(vocabulary, hyps, refs, 6, key_bits=key_bits)
    assert {chunk.plan.mode for chunk in ngrams.chunks} == {mode}
    assert matches.tolist() == _oracle(hyps, refs, 6)


def test_chunk_bounds_cover_all_segments() -> None:
    lengths = np.array([[5, 0, 100, 3, 3, 3], [0, 0, 1, 50, 0, 2]])
    for size in (1, 4, 50, 1000):
        bounds = chunk_bounds(lengths, size)
        assert bounds[0][0] == 0
        assert bounds[-1][1] == 6
        assert all(a < b for a, b in bounds)
        assert all(b == c for (_, b), (c, _) in itertools.pairwise(bounds))
