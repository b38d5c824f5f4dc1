"""Oracle: sacreBLEU 2.6.0's ``PairedTest`` and ``corpus_score(n_bootstrap=)`` on WMT17 en-de.

16 systems, baseline LIUM-NMT.4900 (the data of sacreBLEU's own significance test). With the
same seed and sample counts, parbleu must give the same scores, p-values, bootstrap means and
intervals, bit for bit. The default run covers the baseline and a few systems; the slow run
covers all 16 (TER on a subsample: sacreBLEU's TER takes minutes per system).

sacreBLEU's per-segment statistics of a system depend on the metric's options, the system and
the references only, so each is extracted once per session
(`tests.oracles.sacrebleu_statistics`, shared with the BLEU and chrF modules) and
handed to every ``PairedTest`` and ``corpus_score``; the resampling, the scores and the
p-values stay sacreBLEU's own for every test.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from sacrebleu.metrics import TER as SacreTER
from sacrebleu.significance import PairedTest as SacrePairedTest

from parbleu import BLEU, TER
from parbleu.metrics.chrf.metric import CHRF
from parbleu.significance.paired import (
    PairedTest,
    confidence_interval,
    paired_bootstrap,
    paired_randomization,
)
from tests.oracles.sacrebleu_statistics import with_shared_statistics
from tests.wmt import WmtData

#: Every test here reads the WMT data of ../shared/data.
pytestmark = pytest.mark.shared_data

BASELINE = "LIUM-NMT.4900"
FEW = ["C-3MA.4959", "FBK.4870", "online-B.0"]
#: TER is compared on the first segments only (sacreBLEU's TER is slow).
TER_SEGMENTS = 300

Corpus = tuple[list[str], list[tuple[str, list[str]]]]


def _parbleu_ter(**options: Any) -> Any:
    return TER(**options)


#: Each metric as sacreBLEU's (name and options) and parbleu's.
METRICS: dict[str, tuple[tuple[str, dict[str, Any]], Callable[[], Any]]] = {
    "bleu": (("bleu", {}), BLEU),
    "bleu-none": (("bleu", {"tokenize": "none"}), lambda: BLEU(tokenize="none")),
    "chrf": (("chrf", {}), CHRF),
    "chrf++": (("chrf", {"word_order": 2}), lambda: CHRF(word_order=2)),
    "ter": (("ter", {}), _parbleu_ter),
}


def sacre_metric(metric: str) -> Any:
    """sacreBLEU's `metric`, its statistics extracted once per session."""
    name, options = METRICS[metric][0]
    return with_shared_statistics(name, **options)


@contextmanager
def sacrebleu_seed(seed: str) -> Iterator[None]:
    """sacreBLEU reads its seed from the environment; set it for one call."""
    old = os.environ.get("SACREBLEU_SEED")
    os.environ["SACREBLEU_SEED"] = seed
    try:
        yield
    finally:
        if old is None:
            del os.environ["SACREBLEU_SEED"]
        else:
            os.environ["SACREBLEU_SEED"] = old


@pytest.fixture(scope="session")
def wmt17(shared_data: WmtData) -> Corpus:
    pair = shared_data.wmt17_ende
    names = [BASELINE] + [n for n in pair.system_names if n != BASELINE]
    return pair.reference("A"), [(name, pair.system(name)) for name in names]


def _subset(corpus: Corpus, names: list[str] | None, metric: str) -> Corpus:
    ref, systems = corpus
    if names is not None:
        systems = [s for s in systems if s[0] in (BASELINE, *names)]
    if metric == "ter":
        ref = ref[:TER_SEGMENTS]
        systems = [(name, lines[:TER_SEGMENTS]) for name, lines in systems]
    return ref, systems


_ORACLE: dict[tuple[Any, ...], list[Any]] = {}


def sacrebleu_paired(
    corpus: Corpus, metric: str, kind: str, n: int, seed: str = "12345", n_conf: int = -1
) -> list[Any]:
    """sacreBLEU's results, computed once per session for each setting."""
    key = (len(corpus[1]), metric, kind, n, seed, n_conf)
    if key not in _ORACLE:
        ref, systems = corpus
        sacre = sacre_metric(metric)
        with sacrebleu_seed(seed):
            test = SacrePairedTest(
                systems, {"m": sacre}, [ref], test_type=kind, n_samples=n, n_ar_confidence=n_conf
            )
            _, scores = test()
        _ORACLE[key] = next(v for k, v in scores.items() if k != "System")
    return _ORACLE[key]


_OURS: dict[tuple[Any, ...], tuple[Any, dict[str, Any]]] = {}


def parbleu_stats(corpus: Corpus, metric: str) -> tuple[Any, dict[str, Any]]:
    """parbleu's metric and statistics, computed once per session for each setting."""
    ref, systems = corpus
    key = (tuple(name for name, _ in systems), len(ref), metric)
    if key not in _OURS:
        ours = METRICS[metric][1]()
        _OURS[key] = ours, {name: ours.statistics(lines, [ref]) for name, lines in systems}
    return _OURS[key]


def assert_same(theirs: list[Any], ours: PairedTest) -> None:
    assert len(theirs) == len(ours.results)
    for expected, got in zip(theirs, ours.results, strict=True):
        assert got.score == expected.score, got.system
        assert got.p_value == expected.p_value, got.system
        if expected.mean is None:
            assert got.estimate is None
        else:
            assert got.estimate is not None
            assert got.estimate.mean == float(expected.mean), got.system
            assert got.estimate.ci == float(expected.ci), got.system


@pytest.mark.parametrize("metric", ["bleu", "chrf", "ter"])
def test_paired_bootstrap_equals_sacrebleu(wmt17: Corpus, metric: str) -> None:
    corpus = _subset(wmt17, FEW, metric)
    ours, stats = parbleu_stats(corpus, metric)
    assert_same(sacrebleu_paired(corpus, metric, "bs", 1000), paired_bootstrap(ours, stats))


@pytest.mark.parametrize("metric", ["bleu", "chrf", "ter"])
def test_paired_randomization_equals_sacrebleu(wmt17: Corpus, metric: str) -> None:
    corpus = _subset(wmt17, FEW[:2], metric)
    ours, stats = parbleu_stats(corpus, metric)
    result = paired_randomization(ours, stats, n_trials=3000)
    assert_same(sacrebleu_paired(corpus, metric, "ar", 3000), result)


@pytest.mark.parametrize("seed", ["1", "987654321", "0"])
def test_other_seeds_equal_sacrebleu(wmt17: Corpus, seed: str) -> None:
    corpus = _subset(wmt17, FEW[:1], "bleu")
    ours, stats = parbleu_stats(corpus, "bleu")
    # sacreBLEU's seed 0 gives its systems fresh entropy (``if self._seed``) but seeds the
    # baseline's interval with 0; parbleu uses 0 throughout, so the baseline must match.
    theirs = sacrebleu_paired(corpus, "bleu", "bs", 500, seed=seed)
    result = paired_bootstrap(ours, stats, n_samples=500, seed=int(seed))
    if seed == "0":
        assert_same(theirs[:1], replace(result, systems=()))
    else:
        assert_same(theirs, result)


def test_randomization_confidence_equals_sacrebleu(wmt17: Corpus) -> None:
    """``n_ar_confidence``: the baseline's interval from a fresh generator, the others' after
    the trials (sacreBLEU's order of random draws).
    """
    corpus = _subset(wmt17, FEW[:2], "bleu")
    ours, stats = parbleu_stats(corpus, "bleu")
    theirs = sacrebleu_paired(corpus, "bleu", "ar", 2000, n_conf=300)
    result = paired_randomization(ours, stats, n_trials=2000, confidence_n=300)
    assert_same(theirs, result)
    assert result.signature.as_dict()["bs"] == "300"
    assert result.signature.as_dict()["ar"] == "2000"


@pytest.mark.parametrize("metric", ["bleu", "chrf", "chrf++", "ter"])
def test_confidence_interval_equals_corpus_score(wmt17: Corpus, metric: str) -> None:
    ref, systems = _subset(wmt17, None, metric)
    _, lines = systems[1]
    ours = METRICS[metric][1]()
    result = confidence_interval(ours, ours.statistics(lines, [ref]), n_samples=1000)
    with sacrebleu_seed("12345"):
        sacre = sacre_metric(metric)
        expected = sacre.corpus_score(lines, [ref], n_bootstrap=1000)
    assert result.score == expected.score
    assert result.estimate.mean == float(expected._mean)
    assert result.estimate.ci == float(expected._ci)


def test_float64_arithmetic_differs_from_sacrebleu(wmt17: Corpus) -> None:
    """The float32 replication is what makes the means identical (finding, kept as a test)."""
    corpus = _subset(wmt17, FEW[:1], "chrf")
    ours, stats = parbleu_stats(corpus, "chrf")
    theirs = sacrebleu_paired(corpus, "chrf", "bs", 1000)
    exact = paired_bootstrap(ours, stats, arithmetic="float64")
    assert exact.signature.as_dict()["resample"] == "float64"
    assert exact.baseline.estimate is not None
    assert exact.baseline.estimate.mean != float(theirs[0].mean)
    assert exact.baseline.estimate.mean == pytest.approx(float(theirs[0].mean), rel=1e-6)


@pytest.mark.slow
@pytest.mark.parametrize("metric", ["bleu", "bleu-none", "chrf", "ter"])
@pytest.mark.parametrize(("kind", "n"), [("bs", 1000), ("ar", 10000)])
def test_all_systems_equal_sacrebleu(wmt17: Corpus, metric: str, kind: str, n: int) -> None:
    corpus = _subset(wmt17, None, metric)
    ours, stats = parbleu_stats(corpus, metric)
    result = (
        paired_bootstrap(ours, stats, n_samples=n)
        if kind == "bs"
        else paired_randomization(ours, stats, n_trials=n)
    )
    assert len(result.systems) == 15
    assert_same(sacrebleu_paired(corpus, metric, kind, n), result)


@pytest.fixture(scope="session")
def wmt21_three_refs(shared_data: WmtData) -> tuple[list[list[str]], list[tuple[str, list[str]]]]:
    """WMT21 en-de with its three references, first 30 segments: TER averages reference
    lengths, so its statistics are thirds, which float32 cannot sum exactly.
    """
    pair = shared_data.pair("en-de")
    refs = [pair.reference(letter)[:30] for letter in pair.reference_names]
    names = pair.system_names[:2]
    return refs, [(name, pair.system(name)[:30]) for name in names]


@pytest.mark.parametrize("kind", ["ci", "bs", "ar"])
def test_fractional_ter_statistics_equal_sacrebleu(
    wmt21_three_refs: tuple[list[list[str]], list[tuple[str, list[str]]]], kind: str
) -> None:
    refs, systems = wmt21_three_refs
    ter = _parbleu_ter()
    stats = {name: ter.statistics(lines, refs) for name, lines in systems}
    assert any(v % 1 for v in next(iter(stats.values())).column("ref_length"))
    with sacrebleu_seed("12345"):
        if kind == "ci":
            expected = SacreTER().corpus_score(systems[0][1], refs, n_bootstrap=500)
            result = confidence_interval(ter, stats[systems[0][0]], n_samples=500)
            assert (result.score, result.estimate.mean, result.estimate.ci) == (
                expected.score,
                float(expected._mean),
                float(expected._ci),
            )
            return
        _, scores = SacrePairedTest(
            systems, {"m": SacreTER()}, refs, test_type=kind, n_samples=500
        )()
    ours = (
        paired_bootstrap(ter, stats, n_samples=500)
        if kind == "bs"
        else paired_randomization(ter, stats, n_trials=500)
    )
    assert_same(scores["TER"], ours)


def test_identical_systems_are_not_significant(wmt17: Corpus) -> None:
    """A system compared with itself: every difference is 0, so p = 1 / (n + 1) for both."""
    ref, systems = wmt17
    bleu = BLEU()
    stats = bleu.statistics(systems[0][1], [ref])
    both = {"a": stats, "b": stats}
    assert paired_bootstrap(bleu, both, n_samples=99).systems[0].p_value == 1 / 100
    assert paired_randomization(bleu, both, n_trials=99).systems[0].p_value == 1 / 100
    assert np.isfinite(paired_bootstrap(bleu, both, n_samples=99).systems[0].score)
