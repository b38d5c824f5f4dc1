"""The n-gram engine against plain-Python oracles (dictionaries and Counters), on generated text.

Every fast structure has an obviously correct counterpart here: hash indexes against dict
look-ups, the token vocabulary against a dict of strings (also with every hash forced to
collide), the encoder against per-line `tokenize`, clipped matches against Counters
(Papineni et al., 2002, section 2.1), and the one-pass counts against the prepared-table path.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parbleu.engine.encode as encode_module
import parbleu.engine.joint as joint_module
import parbleu.engine.tokens as tokens_module
from parbleu.engine.encode import UNKNOWN, TextEncoder
from parbleu.engine.hashindex import FingerprintIndex, KeyIndex
from parbleu.engine.joint import pair_counts
from parbleu.engine.ngrams import build_table, clipped_counts, clipped_matches, ngram_totals
from parbleu.engine.segments import Segments
from parbleu.tokenizers import TokenizerName, make_tokenizer
from tests.strategies import mt_line

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
TOKENIZERS = [TokenizerName.MTEVAL_13A, TokenizerName.NONE, TokenizerName.CHAR]

# Few distinct words, so that n-grams repeat within and across segments.
small_words = st.sampled_from(["a", "b", "a.", "b,", "5", "5.5", "ab-", "Ä", "😀", "the"])
small_line = st.lists(small_words, max_size=12).map(" ".join)
any_line = st.one_of(small_line, mt_line(newlines=True))


@st.composite
def corpora(draw: st.DrawFn) -> tuple[list[str], list[list[str | None]]]:
    """Hypotheses and K reference streams (some references absent)."""
    n = draw(st.integers(min_value=1, max_value=7))
    k = draw(st.integers(min_value=1, max_value=3))
    hyps = [draw(any_line) for _ in range(n)]
    streams: list[list[str | None]] = [[draw(any_line) for _ in range(n)] for _ in range(k)]
    for i in range(n):
        for stream in streams[1:]:
            if draw(st.booleans()):
                stream[i] = None
    return hyps, streams


@pytest.fixture
def colliding_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every token hash in one of four values: only the exact checks keep tokens apart."""
    monkeypatch.setattr(tokens_module, "_finish", lambda values: values & np.uint64(3))


@pytest.fixture
def tiny_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of a few characters or segments: every boundary case of blocking."""
    monkeypatch.setattr(encode_module, "BLOCK_CHARACTERS", 7)
    monkeypatch.setattr(joint_module, "BLOCK_SEGMENTS", 2)


# -- oracles ---------------------------------------------------------------------------------


def oracle_tokens(tokenizer_name: TokenizerName, lines: Sequence[str]) -> list[list[str]]:
    tokenizer = make_tokenizer(tokenizer_name)
    return [tokenizer.tokenize(line.rstrip()).split() for line in lines]


def oracle_matches(hyp: list[str], refs: list[list[str]], max_order: int) -> list[int]:
    def grams(tokens: list[str], n: int) -> Counter[tuple[str, ...]]:
        return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))

    matches = []
    for n in range(1, max_order + 1):
        best: Counter[tuple[str, ...]] = Counter()
        for ref in refs:
            best |= grams(ref, n)
        matches.append(sum((grams(hyp, n) & best).values()))
    return matches


# -- hash indexes ----------------------------------------------------------------------------


@SETTINGS
@given(
    keys=st.sets(st.integers(min_value=0, max_value=2**63 - 1), max_size=300),
    probes=st.lists(st.integers(min_value=0, max_value=2**63 - 1), max_size=50),
)
def test_key_index_finds_positions(keys: set[int], probes: list[int]) -> None:
    stored = np.array(sorted(keys), dtype=np.int64)
    index = KeyIndex(stored)
    wanted = np.array([*stored.tolist(), *probes], dtype=np.int64)
    expected = {key: position for position, key in enumerate(stored.tolist())}
    got = index.get(wanted.view(np.uint64)).tolist()
    assert got == [expected.get(key, -1) for key in wanted.tolist()]
    assert len(index) == len(stored)


@SETTINGS
@given(batches=st.lists(st.sets(st.integers(0, 2**32 - 1), max_size=200), max_size=5))
def test_fingerprint_index_returns_inserted_values(batches: list[set[int]]) -> None:
    """Hashes with distinct upper halves (fingerprints) are told apart."""
    index = FingerprintIndex()
    inserted: dict[int, int] = {}
    for batch in batches:
        new = sorted({fingerprint << 32 | 12345 for fingerprint in batch} - inserted.keys())
        values = np.arange(len(inserted), len(inserted) + len(new), dtype=np.int64)
        index.insert(np.array(new, dtype=np.uint64), values)
        inserted.update(zip(new, values.tolist(), strict=True))
    hashes = np.array(list(inserted), dtype=np.uint64)
    assert index.get(hashes).tolist() == list(inserted.values())
    assert len(index) == len(inserted)


def test_fingerprint_index_refuses_values_it_cannot_hold() -> None:
    with pytest.raises(ValueError, match="at most"):
        FingerprintIndex().insert(np.array([1], dtype=np.uint64), np.array([2**32], dtype=np.int64))


@SETTINGS
@given(
    keys=st.sets(st.integers(min_value=0, max_value=2**40 - 1), max_size=300)
    | st.sets(st.integers(min_value=0, max_value=400), max_size=300),
    probes=st.lists(
        st.integers(min_value=0, max_value=400) | st.integers(min_value=0, max_value=2**64 - 1),
        max_size=50,
    ),
)
def test_key_index_of_small_keys_finds_positions(keys: set[int], probes: list[int]) -> None:
    """Oracle: a dictionary. Keys below 2**40 are kept in the slots themselves (one read a
    probe); probes of any 64-bit value."""
    stored = np.array(sorted(keys), dtype=np.uint64)
    index = KeyIndex(stored)
    wanted = np.array([*stored.tolist(), *probes], dtype=np.uint64)
    expected = {key: position for position, key in enumerate(stored.tolist())}
    assert index.get(wanted).tolist() == [expected.get(key, -1) for key in wanted.tolist()]


def test_key_index_of_nothing() -> None:
    assert KeyIndex(np.zeros(0, dtype=np.int64)).get(np.array([5], np.uint64)).tolist() == [-1]


# -- encoder and vocabulary ------------------------------------------------------------------


def check_encoder(name: TokenizerName, refs: list[str], hyps: list[str]) -> None:
    encoder = TextEncoder(make_tokenizer(name), lowercase=False)
    encoded_refs = encoder.encode_references(refs)
    vocabulary = encoder.vocabulary
    assert encoder.vocabulary_size == len(vocabulary)
    assert sorted(vocabulary.values()) == list(range(len(vocabulary)))
    for line, tokens in enumerate(oracle_tokens(name, refs)):
        assert encoded_refs.segment(line).tolist() == [vocabulary[t] for t in tokens]
    encoded_hyps = encoder.encode_hypotheses(hyps)
    for line, tokens in enumerate(oracle_tokens(name, hyps)):
        assert encoded_hyps.segment(line).tolist() == [vocabulary.get(t, UNKNOWN) for t in tokens]
    assert encoder.vocabulary_size == len(vocabulary)  # hypotheses never grow it


@pytest.mark.parametrize("name", TOKENIZERS)
@SETTINGS
@given(refs=st.lists(any_line, max_size=6), hyps=st.lists(any_line, max_size=6))
def test_encoder_numbers_tokens_like_a_dict(
    name: TokenizerName, refs: list[str], hyps: list[str]
) -> None:
    check_encoder(name, refs, hyps)


@pytest.mark.usefixtures("colliding_hashes")
@SETTINGS
@given(refs=st.lists(any_line, max_size=6), hyps=st.lists(any_line, max_size=6))
def test_encoder_stays_exact_when_every_hash_collides(refs: list[str], hyps: list[str]) -> None:
    check_encoder(TokenizerName.MTEVAL_13A, refs, hyps)


@pytest.mark.usefixtures("tiny_blocks")
@SETTINGS
@given(refs=st.lists(any_line, max_size=6), hyps=st.lists(any_line, max_size=6))
def test_encoder_across_block_boundaries(refs: list[str], hyps: list[str]) -> None:
    check_encoder(TokenizerName.MTEVAL_13A, refs, hyps)


def test_references_encoded_in_several_calls_share_one_vocabulary() -> None:
    encoder = TextEncoder(make_tokenizer(TokenizerName.MTEVAL_13A), lowercase=True)
    first = encoder.encode_references(["The cat, the hat."])
    second = encoder.encode_references(["THE HAT!", "new words"])
    assert first.segment(0).tolist() == [0, 1, 2, 0, 3, 4]
    assert second.segment(0).tolist() == [0, 3, 5]
    assert encoder.encode_hypotheses(["hat unknown"]).segment(0).tolist() == [3, UNKNOWN]
    assert encoder.tokenized(["The cat."]) == ["the cat ."]


def test_long_tokens_and_wide_characters_are_numbered_exactly() -> None:
    long = ["x" * n for n in range(1, 40)] + ["x" * 38 + "y", "😀" * 3, "😀😀x", "\ud83d\ude00"]
    encoder = TextEncoder(make_tokenizer(TokenizerName.NONE), lowercase=False)
    ids = encoder.encode_references([" ".join(long)]).segment(0).tolist()
    assert sorted(ids) == list(range(len(long)))
    assert encoder.encode_hypotheses([" ".join(reversed(long))]).segment(0).tolist() == ids[::-1]
    assert [encoder.vocabulary[token] for token in long] == ids


def test_encoded_slicing_and_concatenation() -> None:
    corpus = Segments(np.array([1, 2, 3, 4, 5]), np.array([0, 2, 2, 5]))
    assert corpus.n_segments == 3
    assert corpus.lengths.tolist() == [2, 0, 3]
    assert corpus.segment(2).tolist() == [3, 4, 5]
    tail = corpus.slice(1, 3)
    assert tail.offsets.tolist() == [0, 0, 3]
    joined = Segments.concat([corpus.slice(0, 1), tail])
    assert joined.values.tolist() == corpus.values.tolist()
    assert joined.offsets.tolist() == corpus.offsets.tolist()
    assert Segments.concat([]).n_segments == 0


def test_no_lines() -> None:
    encoder = TextEncoder(make_tokenizer(TokenizerName.MTEVAL_13A), lowercase=False)
    assert encoder.encode_references([]).n_segments == 0
    assert encoder.encode_hypotheses([]).values.tolist() == []


# -- clipped matches -------------------------------------------------------------------------


def engine_matches(
    name: TokenizerName, hyps: list[str], streams: list[list[str | None]], max_order: int
) -> tuple[np.ndarray, list[np.ndarray]]:  # type: ignore[type-arg]
    encoder = TextEncoder(make_tokenizer(name), lowercase=False)
    encoded = [encoder.encode_references([r or "" for r in s]) for s in streams]
    table = build_table(encoded, max_order, encoder.vocabulary_size)
    hypotheses = encoder.encode_hypotheses(hyps)
    return clipped_matches(table, hypotheses), clipped_counts(table, hypotheses)


@pytest.mark.parametrize("name", TOKENIZERS)
@SETTINGS
@given(corpus=corpora(), max_order=st.integers(min_value=1, max_value=5))
def test_clipped_matches_equal_counters(
    name: TokenizerName, corpus: tuple[list[str], list[list[str | None]]], max_order: int
) -> None:
    hyps, streams = corpus
    matches, counts = engine_matches(name, hyps, streams, max_order)
    hyp_tokens = oracle_tokens(name, hyps)
    ref_tokens = [oracle_tokens(name, [r or "" for r in s]) for s in streams]
    for i, tokens in enumerate(hyp_tokens):
        refs = [stream[i] for stream in ref_tokens]
        assert matches[i].tolist() == oracle_matches(tokens, refs, max_order)
    assert [int(c.sum()) for c in counts] == matches.sum(axis=0).tolist()


@pytest.mark.parametrize("name", TOKENIZERS)
@SETTINGS
@given(corpus=corpora(), max_order=st.integers(min_value=1, max_value=5))
def test_one_pass_counts_equal_the_table_path(
    name: TokenizerName, corpus: tuple[list[str], list[list[str | None]]], max_order: int
) -> None:
    hyps, streams = corpus
    counts = pair_counts(hyps, streams, make_tokenizer(name), lowercase=False, max_order=max_order)
    matches, _ = engine_matches(name, hyps, streams, max_order)
    assert counts.matches.tolist() == matches.tolist()
    assert counts.hypothesis_lengths.tolist() == [len(t) for t in oracle_tokens(name, hyps)]
    for k, stream in enumerate(streams):
        lengths = [len(t) for t in oracle_tokens(name, [r or "" for r in stream])]
        assert counts.reference_lengths[:, k].tolist() == lengths


@pytest.mark.parametrize("name", TOKENIZERS)
@SETTINGS
@given(
    pool=st.lists(any_line, min_size=1, max_size=3),
    picks=st.lists(
        st.tuples(any_line, st.integers(0, 2), st.integers(0, 2)), min_size=1, max_size=9
    ),
)
def test_one_pass_counts_with_repeated_references(
    name: TokenizerName, pool: list[str], picks: list[tuple[str, int, int]]
) -> None:
    """GRPO's batches: several hypotheses bring the same reference lines (tokenized once)."""
    hyps = [hyp for hyp, _, _ in picks]
    streams: list[list[str | None]] = [
        [pool[a % len(pool)] for _, a, _ in picks],
        [pool[b % len(pool)] if b else None for _, _, b in picks],
    ]
    counts = pair_counts(hyps, streams, make_tokenizer(name), lowercase=False, max_order=4)
    ref_tokens = [oracle_tokens(name, [r or "" for r in s]) for s in streams]
    for i, tokens in enumerate(oracle_tokens(name, hyps)):
        refs = [stream[i] for stream in ref_tokens]
        assert counts.matches[i].tolist() == oracle_matches(tokens, refs, 4)
        assert counts.reference_lengths[i].tolist() == [len(ref) for ref in refs]
        assert counts.hypothesis_lengths[i] == len(tokens)


@pytest.mark.usefixtures("colliding_hashes", "tiny_blocks")
@SETTINGS
@given(corpus=corpora())
def test_one_pass_counts_stay_exact_when_hashes_collide(
    corpus: tuple[list[str], list[list[str | None]]],
) -> None:
    hyps, streams = corpus
    tokenizer = make_tokenizer(TokenizerName.MTEVAL_13A)
    counts = pair_counts(hyps, streams, tokenizer, lowercase=False, max_order=4)
    hyp_tokens = oracle_tokens(TokenizerName.MTEVAL_13A, hyps)
    ref_tokens = [oracle_tokens(TokenizerName.MTEVAL_13A, [r or "" for r in s]) for s in streams]
    for i, tokens in enumerate(hyp_tokens):
        refs = [stream[i] for stream in ref_tokens]
        assert counts.matches[i].tolist() == oracle_matches(tokens, refs, 4)


@pytest.fixture
def one_slot_grouping(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every key of the one-pass grouping in slot 0: one key per hash round, then sorting."""
    monkeypatch.setattr(joint_module, "_MULTIPLIERS", (np.uint64(0),) * 3)


@pytest.mark.usefixtures("one_slot_grouping")
@SETTINGS
@given(corpus=corpora(), max_order=st.integers(min_value=1, max_value=5))
def test_one_pass_counts_stay_exact_when_grouping_slots_collide(
    corpus: tuple[list[str], list[list[str | None]]], max_order: int
) -> None:
    hyps, streams = corpus
    tokenizer = make_tokenizer(TokenizerName.MTEVAL_13A)
    counts = pair_counts(hyps, streams, tokenizer, lowercase=False, max_order=max_order)
    hyp_tokens = oracle_tokens(TokenizerName.MTEVAL_13A, hyps)
    ref_tokens = [oracle_tokens(TokenizerName.MTEVAL_13A, [r or "" for r in s]) for s in streams]
    for i, tokens in enumerate(hyp_tokens):
        refs = [stream[i] for stream in ref_tokens]
        assert counts.matches[i].tolist() == oracle_matches(tokens, refs, max_order)


@pytest.mark.parametrize(
    ("hyp", "ref"),
    [
        # A token above U+FFFF first, then one whose 16-bit units look the same.
        ("\U0001d800 \ud800 \ud800 \U0001d800", "\ud800 x"),
        ("\ud800 \U0001d800 \U0001d800", "\U0001d800 \ud800 \ud800"),
        ("😀 😀x 😀", "😀 😀"),
    ],
)
def test_one_pass_counts_of_wide_characters(hyp: str, ref: str) -> None:
    tokenizer = make_tokenizer(TokenizerName.NONE)
    counts = pair_counts([hyp], [[ref]], tokenizer, lowercase=False, max_order=2)
    assert counts.matches.tolist() == [oracle_matches(hyp.split(), [ref.split()], 2)]


def test_one_pass_counts_of_nothing() -> None:
    tokenizer = make_tokenizer(TokenizerName.MTEVAL_13A)
    counts = pair_counts([], [[]], tokenizer, lowercase=False, max_order=4)
    assert counts.matches.shape == (0, 4)
    assert counts.reference_lengths.shape == (0, 1)


def test_a_prefix_with_many_continuations() -> None:
    """Direct addressing of order n >= 2 searches among a prefix's continuations."""
    ref = " ".join(f"a w{i}" for i in range(300))
    hyp = " ".join(f"a w{i}" for i in range(0, 600, 2))
    matches, _ = engine_matches(TokenizerName.NONE, [hyp], [[ref]], 2)
    assert matches.tolist() == [oracle_matches(hyp.split(), [ref.split()], 2)]


def test_ngram_totals() -> None:
    totals = ngram_totals(np.array([0, 1, 4]), 3)
    assert totals.tolist() == [[0, 0, 0], [1, 0, 0], [4, 3, 2]]


def test_keys_that_would_overflow_are_refused() -> None:
    streams = [Segments(np.array([0]), np.array([0, 1]))]
    with pytest.raises(OverflowError, match="score in chunks"):
        build_table(streams, 2, 2**62)
