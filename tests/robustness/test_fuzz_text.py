"""Every metric against its oracle on text with characters above U+FFFF and characters dropped.

A token that holds a code point above U+FFFF does not fit 16-bit code units, so the engine
numbers it by its string (`parbleu.engine.tokens`); ROUGE's tokenizers drop such characters
(and punctuation), and an astral character between two tokens once marked the token before
it, which then got a number of its own: "it" of "I loved it 😍" missed the "it" of its
reference (corpus ROUGE-1 F 71.1 where rouge_score gives 93.3), and a hypothesis of one
emoji raised `IndexError` (issue 24, item 1). The draws here put astral characters alone,
glued to words on either side, inside words and next to characters the tokenizers drop, in
lines of words that recur, so that matches depend on exact numbering.

Oracles, segment by segment where the oracle has segments: rouge_score 0.1.2 (`RougeScorer`,
and with tests/oracles/rouge_unicode.py's tokenizer for ``script="unicode"``); sacreBLEU
2.6.0 (BLEU with every tokenizer it has without MeCab, chrF, chrF++, TER with its options);
mteval-v13a's NIST (tests/oracles/mteval_nist.py) on sacreBLEU's 13a tokens; NLTK 3.10's
``meteor_score`` on the same tokens; sacreBLEU's sentence BLEU and chrF for every cell of
`parbleu.pairwise.matrix`; and for the engine itself the strings: two tokens get one number
exactly when their strings are equal. Default runs are small; ``-m slow`` runs many more.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
import sacrebleu
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from rouge_score import rouge_scorer
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from parbleu import BLEU, CHRF, NIST, ROUGE, TER, pairwise
from parbleu.engine.text import tokenize_block
from parbleu.engine.vocab import TokenVocabulary
from parbleu.metrics.rouge.family import DEFAULT_TYPES, RougeFamily
from parbleu.tokenizers import TokenizerName, make_tokenizer
from parbleu.tokenizers.rouge import RougeTokenizer, RougeUnicodeTokenizer
from tests.metrics.rouge.test_rouge_oracle import measures
from tests.oracles.mteval_nist import MtevalNist
from tests.oracles.rouge_unicode import UnicodeTokenizer

#: Astral characters: emoji (one and two code points), a flag, CJK extension B,
#: mathematical letters and digits.
ASTRAL = ["😍", "👎", "😀", "👍🏽", "🇫🇷", "𠀀", "𠮷", "𝔘", "𝟙", "\U0001f9d1\u200d\U0001f33e"]
#: Characters some tokenizer drops or splits off: punctuation, symbols, joiners, marks.
DROPPED = ["—", "…", "!", "?", "’", "«", "·", "$", "%", "&", "@", "#", "\u200d", "\u0301", "-"]
WORDS = [
    "I",
    "loved",
    "it",
    "a",
    "great",
    "movie",
    "really",
    "bad",
    "plot",
    "the",
    "cat",
    "sat",
    "running",
    "runs",
    "straße",
    "café",
    "中文",
    "東京",
    "42",
]

#: Few examples by default (the suite stays fast); many under ``-m slow``.
QUICK = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
THOROUGH = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))


@st.composite
def piece(draw: st.DrawFn) -> str:
    """A word, an astral or dropped character, or one glued to a word on either side."""
    word = draw(st.sampled_from(WORDS))
    odd = draw(st.sampled_from(ASTRAL + DROPPED))
    return draw(st.sampled_from([word, word, word, odd, word + odd, odd + word, word[:1] + odd]))


line = st.lists(piece(), max_size=9).map(" ".join)


@st.composite
def corpus(draw: st.DrawFn, max_refs: int = 2) -> tuple[list[str], list[list[str]]]:
    """Hypotheses and reference streams that share most of their words."""
    n = draw(st.integers(min_value=1, max_value=4))
    hyps = [draw(line) for _ in range(n)]
    streams = []
    for _ in range(draw(st.integers(min_value=1, max_value=max_refs))):
        stream = []
        for hyp in hyps:
            words = hyp.split() or ["x"]
            shuffled = draw(st.permutations(words))
            stream.append(" ".join(shuffled[: draw(st.integers(0, len(words)))]) + draw(line))
        streams.append(stream)
    return hyps, streams


def _pair(
    body: Callable[..., None], *strategies: st.SearchStrategy[Any]
) -> tuple[Callable[..., None], Callable[..., None]]:
    """Two tests of `body`: few examples, and (marked slow) many."""
    quick = QUICK(given(*strategies)(body))
    thorough = pytest.mark.slow(THOROUGH(given(*strategies)(body)))
    return quick, thorough


# -- ROUGE against rouge_score ------------------------------------------------------------------


def _same_as_rouge_score(ours: dict[str, Any], oracle: list[dict[str, Any]]) -> None:
    """Every variant's segment precision, recall and F, bit for bit."""
    for name in DEFAULT_TYPES:
        expected = np.array([tuple(scores[name]) for scores in oracle])
        assert np.array_equal(measures(ours[name]), expected), name


def test_the_issue_example_is_rouge_scores() -> None:
    refs = ["I loved it", "a great movie", "really bad plot"]
    hyps = ["I loved it 😍", "great movie", "bad plot 👎 really"]
    scorer = rouge_scorer.RougeScorer(["rouge1"])
    expected = np.mean(
        [scorer.score(r, h)["rouge1"].fmeasure for r, h in zip(refs, hyps, strict=True)]
    )
    assert ROUGE([refs]).corpus_score(hyps).score == pytest.approx(100 * expected, rel=1e-15)
    assert ROUGE([["I loved it"]]).corpus_score(["😍"]).score == 0.0


def _rouge_segments(data: tuple[list[str], list[list[str]]], stem: bool) -> None:
    hyps, refs = data
    scorer = rouge_scorer.RougeScorer(list(DEFAULT_TYPES), use_stemmer=stem)
    ours = RougeFamily(refs, stem=stem).statistics(hyps)
    oracle = [scorer.score_multi([s[i] for s in refs], hyp) for i, hyp in enumerate(hyps)]
    _same_as_rouge_score(ours, oracle)


test_rouge_segments_are_rouge_scores, test_rouge_segments_thorough = _pair(
    _rouge_segments, corpus(), st.booleans()
)


def _rouge_unicode(data: tuple[list[str], list[list[str]]], stem: bool) -> None:
    hyps, (refs,) = data
    scorer = rouge_scorer.RougeScorer(list(DEFAULT_TYPES), tokenizer=UnicodeTokenizer(stem=stem))
    ours = RougeFamily([refs], stem=stem, script="unicode").statistics(hyps)
    _same_as_rouge_score(ours, [scorer.score(r, h) for r, h in zip(refs, hyps, strict=True)])


test_rouge_unicode_segments, test_rouge_unicode_segments_thorough = _pair(
    _rouge_unicode, corpus(max_refs=1), st.booleans()
)


# -- sacreBLEU's metrics -------------------------------------------------------------------------

#: (name, parbleu metric, sacreBLEU metric), on the same options.
SACREBLEU: tuple[tuple[str, Callable[[Any], Any], Callable[[], Any]], ...] = (
    *(
        (
            f"BLEU tokenize={name}",
            lambda refs, name=name: BLEU(refs, tokenize=name),
            lambda name=name: sacrebleu.BLEU(tokenize=name),
        )
        for name in ("13a", "intl", "zh", "char", "none")
    ),
    (
        "BLEU lowercase",
        lambda refs: BLEU(refs, lowercase=True),
        lambda: sacrebleu.BLEU(lowercase=True),
    ),
    ("chrF", CHRF, sacrebleu.CHRF),
    ("chrF++", lambda refs: CHRF(refs, word_order=2), lambda: sacrebleu.CHRF(word_order=2)),
    ("TER", TER, sacrebleu.TER),
    (
        "TER no-punct asian",
        lambda refs: TER(refs, no_punct=True, asian_support=True),
        lambda: sacrebleu.TER(no_punct=True, asian_support=True),
    ),
)


def _sacrebleu_metrics(data: tuple[list[str], list[list[str]]], row: Any) -> None:
    """The corpus score, and the score of every segment alone (a corpus of one)."""
    hyps, refs = data
    name, ours, theirs = row
    oracle = theirs()
    assert ours(refs).corpus_score(hyps).score == oracle.corpus_score(hyps, refs).score, name
    for i, hyp in enumerate(hyps):
        alone = [[stream[i]] for stream in refs]
        assert ours(alone).corpus_score([hyp]).score == oracle.corpus_score([hyp], alone).score


test_sacrebleu_metrics, test_sacrebleu_metrics_thorough = _pair(
    _sacrebleu_metrics, corpus(), st.sampled_from(SACREBLEU)
)


def _nist(data: tuple[list[str], list[list[str]]]) -> None:
    hyps, refs = data
    tokenizer = Tokenizer13a()
    assume(any(tokenizer(text).split() for stream in refs for text in stream))  # mteval: 0/0
    oracle = MtevalNist([[tokenizer(line) for line in stream] for stream in refs])
    expected, _ = oracle.score([tokenizer(hyp) for hyp in hyps])
    assert NIST(refs).corpus_score(hyps).score == pytest.approx(expected, rel=1e-12, abs=1e-12)


test_nist_is_mtevals, test_nist_is_mtevals_thorough = _pair(_nist, corpus())


def _pairwise(data: tuple[list[str], list[list[str]]]) -> None:
    hyps, (refs,) = data
    bleu = pairwise.matrix(hyps, refs, metric="bleu")
    chrf = pairwise.matrix(hyps, refs, metric="chrf")
    for i, hyp in enumerate(hyps):
        for j, ref in enumerate(refs):
            assert chrf[i, j] == sacrebleu.sentence_chrf(hyp, [ref]).score
            assert bleu[i, j] == sacrebleu.sentence_bleu(hyp, [ref]).score


test_pairwise_cells_are_sentence_scores, test_pairwise_cells_thorough = _pair(
    _pairwise, corpus(max_refs=1)
)


# -- METEOR against NLTK -------------------------------------------------------------------------


def _meteor(wordnet: Any, nltk_wordnet: Any, data: tuple[list[str], list[list[str]]]) -> None:
    from nltk.translate.meteor_score import meteor_score  # noqa: PLC0415

    from parbleu import METEOR  # noqa: PLC0415

    hyps, refs = data
    tokenizer = Tokenizer13a()
    expected = [
        meteor_score(
            [tokenizer(s[i]).split() for s in refs], tokenizer(hyp).split(), wordnet=nltk_wordnet
        )
        for i, hyp in enumerate(hyps)
    ]
    assert METEOR(refs, database=wordnet).statistics(hyps).column("score_sum").tolist() == expected


@QUICK
@given(data=corpus())
def test_meteor_segments_are_nltks(wordnet: Any, nltk_wordnet: Any, data: Any) -> None:
    _meteor(wordnet, nltk_wordnet, data)


@pytest.mark.slow
@THOROUGH
@given(data=corpus())
def test_meteor_segments_thorough(wordnet: Any, nltk_wordnet: Any, data: Any) -> None:
    _meteor(wordnet, nltk_wordnet, data)


# -- the engine and the tokenizers that drop characters ------------------------------------------


def _numbering(first: list[str], second: list[str]) -> None:
    """Tokens get one number exactly when their strings are equal, in and across blocks."""
    tokenizers = (RougeTokenizer(), RougeUnicodeTokenizer(), make_tokenizer(TokenizerName.NONE))
    for tokenizer in tokenizers:
        vocabulary = TokenVocabulary()
        blocks = [tokenize_block(lines, tokenizer, lowercase=False) for lines in (first, second)]
        numbers = [vocabulary.add(blocks[0]), vocabulary.lookup(blocks[1])]
        strings = vocabulary.strings()
        for block, found in zip(blocks, numbers, strict=True):
            for index, number in enumerate(found.tolist()):
                token = block.token(index)
                if number >= 0:
                    assert strings[number] == token, (token, strings[number])
                else:
                    assert token not in strings, token


test_equal_tokens_get_equal_numbers, test_equal_tokens_thorough = _pair(
    _numbering, st.lists(line, min_size=1, max_size=4), st.lists(line, min_size=1, max_size=4)
)


def test_an_astral_character_between_tokens_marks_none() -> None:
    from parbleu.engine.tokens import TokenChunks  # noqa: PLC0415

    block = tokenize_block(["it 😍", "😍", "a😍b 👎"], RougeTokenizer(), lowercase=True)
    assert [block.token(i) for i in range(len(block))] == ["it", "a", "b"]
    assert TokenChunks(block).wide.tolist() == [False, False, False]
    wide = tokenize_block(["it😍 x"], make_tokenizer(TokenizerName.NONE), lowercase=False)
    assert TokenChunks(wide).wide.tolist() == [True, False]


def _rouge_tokens(lines: list[str]) -> None:
    from rouge_score import tokenize as rouge_tokenize  # noqa: PLC0415

    block = tokenize_block(lines, RougeTokenizer(), lowercase=True)
    tokens = [
        [block.token(i) for i in range(block.offsets[k], block.offsets[k + 1])]
        for k in range(len(lines))
    ]
    assert tokens == [rouge_tokenize.tokenize(text, None) for text in lines]


test_rouge_tokens_are_rouge_scores, test_rouge_tokens_thorough = _pair(
    _rouge_tokens, st.lists(line, min_size=1, max_size=5)
)
