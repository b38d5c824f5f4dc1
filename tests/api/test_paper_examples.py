"""Oracle: Papineni et al. (2002), the worked examples of sections 2.1-2.3.

The paper counts words ignoring capitalization and punctuation, so the sentences are given
without their final period and scored with ``tokenize="none", lowercase=True``. Expected
values are the fractions printed in the paper (and in ../shared/seeds/).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from parbleu import BLEU

CANDIDATE_1 = (
    "It is a guide to action which ensures that the military always obeys the commands of the party"
)
CANDIDATE_2 = "It is to insure the troops forever hearing the activity guidebook that party direct"
EXAMPLE_1_REFERENCES = [
    "It is a guide to action that ensures that the military will forever heed Party commands",
    (
        "It is the guiding principle which guarantees the military forces always being under the "
        "command of the Party"
    ),
    "It is the practical guide for the army always to heed the directions of the party",
]
EXAMPLE_2_CANDIDATE = "the the the the the the the"
EXAMPLE_2_REFERENCES = ["The cat is on the mat", "There is a cat on the mat"]


def paper_bleu(**options: object) -> BLEU:
    return BLEU(tokenize="none", lowercase=True, smooth_method="none", **options)  # type: ignore[arg-type]


def modified_precisions(candidate: str, references: list[str], order: int) -> list[Fraction]:
    stats = paper_bleu(max_ngram_order=order).statistics([candidate], segment_refs=[references])
    row = stats.values[0]
    return [
        Fraction(
            int(row[stats.columns.index(f"match_{n}")]), int(row[stats.columns.index(f"total_{n}")])
        )
        for n in range(1, order + 1)
    ]


@pytest.mark.parametrize(
    ("candidate", "references", "unigram", "bigram"),
    [
        (CANDIDATE_1, EXAMPLE_1_REFERENCES, (17, 18), (10, 17)),
        (CANDIDATE_2, EXAMPLE_1_REFERENCES, (8, 14), (1, 13)),
        (EXAMPLE_2_CANDIDATE, EXAMPLE_2_REFERENCES, (2, 7), (0, 6)),
        ("of the", EXAMPLE_1_REFERENCES, (2, 2), (1, 1)),
    ],
    ids=["example-1-candidate-1", "example-1-candidate-2", "example-2-the-the", "of-the"],
)
def test_modified_ngram_precision(
    candidate: str, references: list[str], unigram: tuple[int, int], bigram: tuple[int, int]
) -> None:
    stats = paper_bleu(max_ngram_order=2).statistics([candidate], segment_refs=[references])
    row = dict(zip(stats.columns, stats.values[0].tolist(), strict=True))
    assert (row["match_1"], row["total_1"]) == unigram
    assert (row["match_2"], row["total_2"]) == bigram


def test_clipping_uses_the_maximum_count_in_any_single_reference() -> None:
    """Paper table for 17/18: "the" occurs 3 times in Candidate 1 and max(1, 4, 4) = 4 times."""
    stats = paper_bleu(max_ngram_order=1).statistics(
        ["the the the"], segment_refs=[EXAMPLE_1_REFERENCES]
    )
    assert stats.column("match_1")[0] == 3  # clip at 4 does not bind
    stats = paper_bleu(max_ngram_order=1).statistics(
        ["the the the the the"], segment_refs=[EXAMPLE_1_REFERENCES]
    )
    assert stats.column("match_1")[0] == 4  # clipped by the largest single-reference count


def test_corpus_precision_pools_counts_over_sentences() -> None:
    """Section 2.1.1: clipped counts are summed over sentences before dividing."""
    bleu = paper_bleu(max_ngram_order=2)
    stats = bleu.statistics(
        [CANDIDATE_1, CANDIDATE_2],
        segment_refs=[EXAMPLE_1_REFERENCES, EXAMPLE_1_REFERENCES],
    )
    total = stats.total()
    assert (total[2], total[4]) == (17 + 8, 18 + 14)
    assert (total[3], total[5]) == (10 + 1, 17 + 13)
    score = bleu.score_totals(total)
    assert score.precisions == pytest.approx([100 * 25 / 32, 100 * 11 / 30])


def test_best_match_length_and_brevity_penalty() -> None:
    """Section 2.2.2: references of 12, 15 and 17 words and a 12-word candidate give BP = 1."""
    refs = [" ".join(["w"] * 12), " ".join(["x"] * 15), " ".join(["y"] * 17)]
    bleu = paper_bleu(max_ngram_order=1)
    stats = bleu.statistics([" ".join(["w"] * 12)], segment_refs=[refs])
    assert stats.column("ref_len")[0] == 12
    assert bleu.score_totals(stats.total()).bp == 1.0
    # A 14-word candidate: best match 15 (closest), so BP = exp(1 - 15/14).
    stats = bleu.statistics([" ".join(["w"] * 14)], segment_refs=[refs])
    assert stats.column("ref_len")[0] == 15
    assert bleu.score_totals(stats.total()).bp == pytest.approx(math.exp(1 - 15 / 14))


def test_effective_reference_length_sums_best_match_lengths() -> None:
    """r is the sum of the best match lengths; BP = exp(1 - r/c) when c <= r."""
    bleu = paper_bleu(max_ngram_order=1)
    stats = bleu.statistics(
        ["a b c", "a b c d e"],
        segment_refs=[["a b c d", "a b c d e f g"], ["a b c d e f", "a"]],
    )
    assert stats.total()[:2].tolist() == [8, 4 + 6]
    assert bleu.score_totals(stats.total()).bp == pytest.approx(math.exp(1 - 10 / 8))


def test_bleu_is_brevity_penalty_times_geometric_mean() -> None:
    """Section 2.3 by hand: Candidate 1 with N = 2, c = 18, best match length 18 (BP = 1)."""
    score = paper_bleu(max_ngram_order=2).sentence_score(CANDIDATE_1, EXAMPLE_1_REFERENCES)
    assert score.ref_len == 18
    assert score.bp == 1.0
    assert score.score == pytest.approx(100 * math.sqrt(17 / 18 * 10 / 17), rel=1e-14)


def test_weights_enter_the_geometric_mean() -> None:
    """log BLEU = min(1 - r/c, 0) + sum w_n log p_n with non-uniform positive weights."""
    weights = (0.7, 0.3)
    score = paper_bleu(weights=weights).sentence_score(CANDIDATE_2, EXAMPLE_1_REFERENCES)
    expected = math.exp(min(1 - 16 / 14, 0) + 0.7 * math.log(8 / 14) + 0.3 * math.log(1 / 13))
    assert score.ref_len == 16
    assert score.score == pytest.approx(100 * expected, rel=1e-14)


def test_zero_precision_gives_zero_bleu_without_smoothing() -> None:
    """Example 2 has no matching bigram, so unsmoothed BLEU-2 is 0."""
    score = paper_bleu(max_ngram_order=2).sentence_score(EXAMPLE_2_CANDIDATE, EXAMPLE_2_REFERENCES)
    assert score.score == 0.0


def test_candidate_1_ranks_above_candidate_2() -> None:
    """Section 2: BLEU ranks the good Candidate 1 above Candidate 2."""
    scores = paper_bleu(max_ngram_order=2).sentence_scores(
        [CANDIDATE_1, CANDIDATE_2], segment_refs=[EXAMPLE_1_REFERENCES] * 2
    )
    assert scores[0] > scores[1] > 0
    assert np.isfinite(scores).all()


def test_precision_fractions_helper_agrees() -> None:
    assert modified_precisions(CANDIDATE_1, EXAMPLE_1_REFERENCES, 2) == [
        Fraction(17, 18),
        Fraction(10, 17),
    ]
