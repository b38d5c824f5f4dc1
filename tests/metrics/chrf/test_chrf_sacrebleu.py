"""Oracle: sacreBLEU 2.6.0's chrF and chrF++ on generated corpora, for every option.

Per-segment statistics must be identical and corpus and sentence scores bit-identical, with
several references per segment, absent references (``None``), empty lines, CR and other odd
whitespace, Unicode punctuation and symbols, digits, mixed scripts, repeated characters,
lone surrogates and ASCII punctuation glued to either end of words (chrF++'s word split).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import CHRF as SacreCHRF

from parbleu.metrics.chrf.metric import CHRF
from tests.strategies import WORDS, mt_line

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: (char_order, word_order): chrF, chrF++, words only, and unusual orders.
ORDERS = [(6, 0), (6, 2), (0, 2), (1, 0), (3, 1), (9, 3)]

PUNCTUATION_WORDS = ["(hi)", "(hi", "hi)", "'s", "n't", "a.", ".a", "..", "-", "—x", "x—", "«a»"]
REPEATS = ["aaaa", "abab", "aaab", "ababab", "a a a", "ааа", "哈哈哈", "!!", "...."]


@st.composite
def chrf_line(draw: st.DrawFn) -> str:
    """A line from the shared MT strategy, or one built to stress chrF's counting."""
    kind = draw(st.integers(min_value=0, max_value=3))
    if kind == 0:
        return draw(mt_line())
    if kind == 1:
        return draw(mt_line(newlines=True))
    pool = [*PUNCTUATION_WORDS, *REPEATS, *WORDS[:40], "\ud800", "\r", "a\rb"]
    words = draw(st.lists(st.sampled_from(pool), max_size=10))
    separator = draw(st.sampled_from([" ", "  ", "\t", "\u3000", ""]))
    return separator.join(words)


@st.composite
def corpus(draw: st.DrawFn) -> tuple[list[str], list[list[str | None]]]:
    """Hypotheses and 1-3 reference streams, references often built from hypothesis text."""
    n = draw(st.integers(min_value=1, max_value=6))
    k = draw(st.integers(min_value=1, max_value=3))
    hyps = [draw(chrf_line()) for _ in range(n)]
    streams: list[list[str | None]] = []
    for _ in range(k):
        stream: list[str | None] = []
        for hyp in hyps:
            choice = draw(st.integers(min_value=0, max_value=3))
            if choice == 0:
                stream.append(hyp)
            elif choice == 1:
                words = hyp.split()
                picked = draw(st.lists(st.sampled_from(words or ["x"]), max_size=len(words) + 2))
                stream.append(" ".join(picked))
            else:
                stream.append(draw(chrf_line()))
        streams.append(stream)
    if k > 1:
        for i in range(n):
            drop = draw(st.integers(min_value=-1, max_value=k - 1))
            if drop >= 0 and sum(s[i] is not None for s in streams) > 1:
                streams[drop][i] = None
    return hyps, streams


def _options(orders: tuple[int, int], flags: tuple[bool, bool, bool], beta: int) -> dict[str, int]:
    lowercase, whitespace, eps_smoothing = flags
    return {
        "char_order": orders[0],
        "word_order": orders[1],
        "beta": beta,
        "lowercase": lowercase,
        "whitespace": whitespace,
        "eps_smoothing": eps_smoothing,
    }


FLAGS = st.tuples(st.booleans(), st.booleans(), st.booleans())
BETAS = st.sampled_from([2, 2, 1, 3, 0])


@pytest.mark.parametrize("orders", ORDERS)
@SETTINGS
@given(data=corpus(), flags=FLAGS, beta=BETAS)
def test_corpus_statistics_and_score_match_sacrebleu(
    orders: tuple[int, int],
    data: tuple[list[str], list[list[str | None]]],
    flags: tuple[bool, bool, bool],
    beta: int,
) -> None:
    hyps, streams = data
    options = _options(orders, flags, beta)
    oracle = SacreCHRF(**options, references=streams)  # type: ignore[arg-type]
    expected = oracle._extract_corpus_statistics(hyps, None)
    metric = CHRF(streams, **options)  # type: ignore[arg-type]
    stats = metric.statistics(hyps)
    assert stats.values.tolist() == expected
    score = metric.corpus_score(hyps)
    assert score.score == oracle.corpus_score(hyps, None).score
    assert score.name == oracle.corpus_score(hyps, None).name


@pytest.mark.parametrize("orders", [(6, 0), (6, 2)])
@SETTINGS
@given(data=corpus(), flags=FLAGS, beta=BETAS)
def test_sentence_scores_match_sacrebleu(
    orders: tuple[int, int],
    data: tuple[list[str], list[list[str | None]]],
    flags: tuple[bool, bool, bool],
    beta: int,
) -> None:
    hyps, streams = data
    options = _options(orders, flags, beta)
    oracle = SacreCHRF(**options)  # type: ignore[arg-type]
    metric = CHRF(**options)  # type: ignore[arg-type]
    batch = metric.sentence_scores(hyps, ref_streams=streams)
    for i, hyp in enumerate(hyps):
        refs = [stream[i] for stream in streams if stream[i] is not None]
        expected = oracle.sentence_score(hyp, refs).score  # type: ignore[arg-type]
        assert metric.sentence_score(hyp, refs).score == expected  # type: ignore[arg-type]
        assert batch[i] == expected


@SETTINGS
@given(data=corpus(), flags=FLAGS)
def test_references_given_per_call_or_prepared_agree(
    data: tuple[list[str], list[list[str | None]]], flags: tuple[bool, bool, bool]
) -> None:
    """Prepared references serve any number of systems with the same result."""
    hyps, streams = data
    options = _options((6, 2), flags, 2)
    prepared = CHRF(streams, **options)  # type: ignore[arg-type]
    per_call = CHRF(**options)  # type: ignore[arg-type]
    for system in (hyps, list(reversed(hyps)), [""] * len(hyps)):
        assert (
            prepared.statistics(system).values.tolist()
            == per_call.statistics(system, ref_streams=streams).values.tolist()
        )
