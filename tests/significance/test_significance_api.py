"""The library API of parbleu.significance.paired: arguments, seeds, signatures, every metric.

Oracles: hand-made inputs and the definitions (a resample's float64 score is the corpus
score of the resampled corpus; the interval bounds are the n//40-th order statistics).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from parbleu import BLEU
from parbleu.errors import InputError, LengthMismatchError, OptionError
from parbleu.metrics.chrf.metric import CHRF
from parbleu.metrics.nist.metric import NIST
from parbleu.significance.paired import (
    Arithmetic,
    TestKind,
    confidence_interval,
    paired_bootstrap,
    paired_randomization,
)

REFS = [
    "the cat sat on the mat",
    "a dog barked at the moon tonight",
    "it was a very late evening",
    "we walked home through the rain",
    "nobody said a single word",
    "the lights of the city went out",
]
GOOD = [
    "the cat sat on the mat",
    "a dog barked at the moon",
    "it was a late evening",
    "we walked home in the rain",
    "nobody said a word",
    "the city lights went out",
]
BAD = ["a cat", "dog moon", "late", "we walked", "nobody spoke", "lights out"]


@pytest.fixture
def bleu() -> BLEU:
    return BLEU([REFS])


def test_signature_fields_are_sacrebleus(bleu: BLEU) -> None:
    stats = bleu.statistics(GOOD)
    ci = confidence_interval(bleu, stats, n_samples=50, seed=3)
    assert ci.signature.format().startswith("nrefs:1|bs:50|seed:3|case:mixed")
    assert ci.signature.format(short=True).startswith("#:1|bs:50|rs:3|")
    both = {"good": stats, "bad": bleu.statistics(BAD)}
    assert paired_bootstrap(bleu, both, n_samples=20).signature.as_dict()["bs"] == "20"
    ar = paired_randomization(bleu, both, n_trials=30, seed=None)
    assert ar.signature.format().startswith("nrefs:1|ar:30|seed:none|")
    assert "bs" not in ar.signature.as_dict()


def test_kinds_and_names(bleu: BLEU) -> None:
    both = {"good": bleu.statistics(GOOD), "bad": bleu.statistics(BAD)}
    bs = paired_bootstrap(bleu, both, n_samples=20)
    ar = paired_randomization(bleu, both, n_trials=20)
    assert (bs.kind, ar.kind) == (TestKind.BOOTSTRAP, TestKind.RANDOMIZATION)
    assert [r.system for r in bs.results] == ["good", "bad"]
    assert bs.baseline.p_value is None
    assert bs.systems[0].p_value is not None
    assert ar.systems[0].estimate is None
    assert bs.name == "BLEU"


def test_entropy_reproduces_an_unseeded_run(bleu: BLEU) -> None:
    stats = bleu.statistics(GOOD)
    first = confidence_interval(bleu, stats, n_samples=200, seed=None)
    assert first.seed is None
    again = confidence_interval(bleu, stats, n_samples=200, seed=first.entropy)
    assert again.estimate == first.estimate
    assert confidence_interval(bleu, stats, n_samples=200, seed=7).entropy == 7


def test_interval_is_made_of_order_statistics(bleu: BLEU) -> None:
    ci = confidence_interval(bleu, bleu.statistics(GOOD), n_samples=400, arithmetic="float64")
    # recompute the resampled scores the slow way: corpus BLEU of each resampled corpus
    stats = bleu.statistics(GOOD).values
    indices = np.random.default_rng(12345).choice(len(stats), size=(400, len(stats)))
    scores = np.sort(bleu.scores(stats[indices].sum(axis=1)))
    assert ci.estimate.lower == scores[10]
    assert ci.estimate.upper == scores[389]
    assert ci.estimate.ci == 0.5 * (scores[389] - scores[10])
    assert ci.estimate.mean == pytest.approx(scores.mean(), rel=1e-15)


@pytest.mark.parametrize(
    "metric", [BLEU([REFS]), CHRF([REFS]), CHRF([REFS], word_order=2), NIST([REFS])]
)
def test_every_metric_can_be_tested(metric: Any) -> None:
    systems = {"good": metric.statistics(GOOD), "bad": metric.statistics(BAD)}
    bs = paired_bootstrap(metric, systems, n_samples=100)
    ar = paired_randomization(metric, systems, n_trials=100, confidence_n=50)
    for test in (bs, ar):
        assert test.baseline.score > test.systems[0].score
        for result in test.results:
            assert result.estimate is not None
            assert result.estimate.lower <= result.estimate.mean <= result.estimate.upper
        assert 0 < test.systems[0].p_value <= 1  # type: ignore[operator]


def test_nist_has_no_float32_mode_to_differ_from() -> None:
    nist = NIST([REFS])
    stats = nist.statistics(GOOD)
    a = confidence_interval(nist, stats, n_samples=50)
    b = confidence_interval(nist, stats, n_samples=50, arithmetic=Arithmetic.FLOAT64)
    assert a.estimate == b.estimate
    assert a.signature == b.signature  # same numbers, same signature


def test_float64_mode_is_marked_in_the_signature(bleu: BLEU) -> None:
    stats = bleu.statistics(GOOD)
    exact = confidence_interval(bleu, stats, n_samples=50, arithmetic="float64")
    assert list(exact.signature.as_dict())[-2:] == ["resample", "version"]


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda m, s: confidence_interval(m, s, n_samples=0), OptionError),
        (lambda m, s: confidence_interval(m, s, seed=-1), OptionError),
        (lambda m, s: confidence_interval(m, s, arithmetic="float16"), ValueError),
        (lambda m, s: paired_bootstrap(m, {"only": s}), InputError),
        (lambda m, s: paired_randomization(m, {"a": s, "b": s}, confidence_n=-1), OptionError),
        (lambda m, s: paired_bootstrap(m, {"a": s, "b": s.take([0, 1])}), LengthMismatchError),
        (
            lambda m, s: paired_bootstrap(m, {"a": s, "b": CHRF([REFS]).statistics(GOOD)}),
            InputError,
        ),
        (lambda m, s: confidence_interval(m, s.values), InputError),
    ],
)
def test_bad_arguments_fail_precisely(bleu: BLEU, call: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        call(bleu, bleu.statistics(GOOD))


def test_error_messages_name_both_sides(bleu: BLEU) -> None:
    stats = bleu.statistics(GOOD)
    with pytest.raises(LengthMismatchError, match=r"'b' have 2 segments, those of 'a' 6"):
        paired_bootstrap(bleu, {"a": stats, "b": stats.take([0, 1])})


@pytest.mark.parametrize("chunk_bytes", [64, 1000, 10**6])
def test_results_do_not_depend_on_the_chunk_size(
    bleu: BLEU, chunk_bytes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    systems = {"good": bleu.statistics(GOOD), "bad": bleu.statistics(BAD)}
    expected = (
        paired_bootstrap(bleu, systems, n_samples=300),
        paired_randomization(bleu, systems, n_trials=300, confidence_n=100),
        confidence_interval(bleu, systems["good"], n_samples=300),
    )
    monkeypatch.setattr("parbleu.significance.resampling.CHUNK_BYTES", chunk_bytes)
    assert (
        paired_bootstrap(bleu, systems, n_samples=300),
        paired_randomization(bleu, systems, n_trials=300, confidence_n=100),
        confidence_interval(bleu, systems["good"], n_samples=300),
    ) == expected


@pytest.mark.parametrize("test", [paired_bootstrap, paired_randomization])
def test_p_values_are_symmetric(bleu: BLEU, test: Any) -> None:
    """Swapping baseline and system swaps the pseudo-systems: same p-value."""
    good, bad = bleu.statistics(GOOD), bleu.statistics(BAD)
    forward = test(bleu, {"good": good, "bad": bad}, seed=5)
    backward = test(bleu, {"bad": bad, "good": good}, seed=5)
    assert forward.systems[0].p_value == backward.systems[0].p_value
