"""NIST against mteval-v13a.pl, transliterated into plain Python below (the oracle).

``MtevalNist`` follows the Perl subroutines of mteval-v13a.pl that make a NIST score,
``Words2Ngrams``, ``compute_ngram_info``, ``score_segment``, ``nist_score`` and
``nist_length_penalty``, statement by statement, on n-grams as space-joined strings in
dictionaries, as the Perl does; it shares no code with parbleu. Its input is tokenized text:
parbleu's ``13a`` tokenizer is sacreBLEU's port of mteval-v13a's ``tokenization`` with ``-c``
(tested against sacreBLEU elsewhere), so the oracle's input is what mteval would score.

mteval needs every reference for every segment; segments with a varying number of references
are covered by hand-computed cases in tests/test_nist.py.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pytest

from parbleu.engine.encode import TextEncoder
from parbleu.metrics.nist.metric import NIST
from parbleu.tokenizers import TokenizerName, make_tokenizer
from tests.oracles.mteval_nist import (
    MtevalNist,
)
from tests.wmt import OFFICIAL_BLEU_TOKENIZER, Pair, WmtData

# -- the oracle on hand-computed cases ---------------------------------------------------------


def test_oracle_on_a_hand_computed_case() -> None:
    # References "x y x" and "x z": 5 words; x occurs 3 times, y and z once; the bigrams
    # "x y", "y x", "x z" once each. Info(x) = log2(5/3), Info(y) = log2(5), Info("x y") =
    # log2(3/1), Info("y x") = log2(1/1) = 0. The hypothesis "x y" matches x, y and "x y":
    # order 1: (log2(5/3) + log2(5)) / 2, order 2: log2(3) / 1. Average reference length
    # (3 + 2) / 2 = 2.5 for a 2-word hypothesis: ratio 0.8.
    oracle = MtevalNist([["x y x"], ["x z"]])
    expected = (math.log2(5 / 3) + math.log2(5)) / 2 + math.log2(3)
    penalty = 0.5 ** ((math.log(0.8) / math.log(1.5)) ** 2)
    score, segments = oracle.score(["x y"])
    assert score == pytest.approx(expected * penalty, rel=1e-14)
    assert segments == [pytest.approx(score, rel=1e-14)]


def test_oracle_perl_truth_of_the_token_zero() -> None:
    # Reference "x 0 y" (3 words): Perl finds the prefix "0" of "0 y" false, so
    # Info("0 y") = log2(3 / 1) instead of log2(count("0") / count("0 y")) = 0.
    assert MtevalNist([["x 0 y"]]).info["0 y"] == pytest.approx(math.log2(3), rel=1e-15)
    assert MtevalNist([["x 0 y"]], perl_truth=False).info["0 y"] == 0.0
    assert MtevalNist([["x 0 y"]]).info["x 0"] == 0.0  # the prefix "x" is true


# -- parbleu against the oracle ----------------------------------------------------------------


def test_zero_prefix_quirk_matches_mteval_by_default() -> None:
    refs, hyps = [["x 0 y", "0 0 z"]], ["x 0 y", "0 z"]
    mteval_score, mteval_segments = MtevalNist(refs[0:1]).score(hyps)
    paper_score, paper_segments = MtevalNist(refs[0:1], perl_truth=False).score(hyps)
    assert mteval_score != pytest.approx(paper_score)
    default = NIST(refs, tokenize="none")
    paper = NIST(refs, tokenize="none", info_weights="paper")
    assert default.corpus_score(hyps).score == pytest.approx(mteval_score, rel=1e-13)
    assert paper.corpus_score(hyps).score == pytest.approx(paper_score, rel=1e-13)
    np.testing.assert_allclose(default.sentence_scores(hyps), mteval_segments, rtol=1e-13)
    np.testing.assert_allclose(paper.sentence_scores(hyps), paper_segments, rtol=1e-13)


#: Quick tests score the first segments only (a corpus of its own); slow ones score all.
QUICK_SEGMENTS = 300


@dataclass
class Setup:
    """A pair's references with the metric and the oracle prepared once."""

    pair: Pair
    limit: int | None
    refs: list[list[str]]
    tokenized_refs: list[list[str]]
    encoder: TextEncoder
    nist: NIST
    oracle: MtevalNist

    def system(self, name: str) -> list[str]:
        return self.pair.system(name)[: self.limit]


_SETUPS: dict[tuple[str, int | None], Setup] = {}


def setup_for(data: WmtData, pair_name: str, limit: int | None = QUICK_SEGMENTS) -> Setup:
    """Metric and oracle for all references of a WMT21 pair (first `limit` segments), once."""
    if (pair_name, limit) not in _SETUPS:
        pair = data.pair(pair_name)
        tokenize = OFFICIAL_BLEU_TOKENIZER[pair.target]
        refs = [pair.references[letter][:limit] for letter in pair.reference_names]
        encoder = TextEncoder(make_tokenizer(TokenizerName(tokenize)), lowercase=False)
        tokenized = [encoder.tokenized(ref) for ref in refs]
        _SETUPS[pair_name, limit] = Setup(
            pair,
            limit,
            refs,
            tokenized,
            encoder,
            NIST(refs, tokenize=tokenize),
            MtevalNist(tokenized),
        )
    return _SETUPS[pair_name, limit]


def check_system(setup: Setup, system: str) -> None:
    hyps = setup.system(system)
    oracle_score, oracle_segments = setup.oracle.score(setup.encoder.tokenized(hyps))
    result = setup.nist.corpus_score(hyps)
    assert result.score == pytest.approx(oracle_score, rel=1e-12, abs=0), system
    np.testing.assert_allclose(
        setup.nist.sentence_scores(hyps), oracle_segments, rtol=1e-12, atol=1e-12
    )


# Several references (en-de 3, de-en 2, en-zh 2 with the zh tokenizer) and one (ja-en; en-ja
# with the char tokenizer, where the token "0" begins many bigrams).
SAMPLED = [
    ("en-de", "Facebook-AI"),
    ("de-en", "Borderline"),
    ("en-zh", "HuaweiTSC"),
    ("ja-en", "Online-B"),
    ("en-ja", "NiuTrans"),
]


@pytest.mark.shared_data
@pytest.mark.parametrize(("pair_name", "system"), SAMPLED)
def test_matches_mteval_on_wmt21(shared_data: WmtData, pair_name: str, system: str) -> None:
    check_system(setup_for(shared_data, pair_name), system)


@pytest.mark.slow
@pytest.mark.shared_data
@pytest.mark.parametrize("pair_name", ["en-de", "en-zh", "en-ja", "zh-en", "de-en", "ja-en"])
def test_matches_mteval_on_every_wmt21_system(shared_data: WmtData, pair_name: str) -> None:
    setup = setup_for(shared_data, pair_name, limit=None)
    for system in setup.pair.system_names:
        check_system(setup, system)


@pytest.mark.shared_data
def test_reference_subsets_match_mteval(shared_data: WmtData) -> None:
    # Any subset of the references, in any order, is a reference set of its own (mteval's -r).
    setup = setup_for(shared_data, "en-de")
    hyps = setup.system("VolcTrans-GLAT")
    tokenized_hyps = setup.encoder.tokenized(hyps)
    for chosen in ([2], [0, 2], [2, 1]):
        oracle = MtevalNist([setup.tokenized_refs[k] for k in chosen])
        nist = NIST([setup.refs[k] for k in chosen])
        expected, _ = oracle.score(tokenized_hyps)
        assert nist.corpus_score(hyps).score == pytest.approx(expected, rel=1e-12), chosen
