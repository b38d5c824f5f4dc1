"""`paired_bootstrap_all_pairs`: every pair of systems from one set of resamples.

Oracle: `paired_bootstrap` (whose p-values and estimates equal sacreBLEU 2.6.0's, see
test_significance_sacrebleu.py) run once with each system as the baseline: every p-value of
the all-pairs test must equal the one-baseline test's for that pair, bit for bit, and every
estimate the one `paired_bootstrap` gives that system.
"""

from __future__ import annotations

import itertools
from importlib import resources

import numpy as np
import pytest

from parbleu import BLEU, CHRF, NIST, TER
from parbleu.errors import InputError, LengthMismatchError
from parbleu.metrics import AnyMetric, ExternalScores
from parbleu.significance import paired_bootstrap, paired_bootstrap_all_pairs
from parbleu.stats import Stats

N_SAMPLES = 200
SEED = 7


def _sample(name: str) -> list[str]:
    text = (resources.files("parbleu") / "sample" / name).read_text(encoding="utf-8")
    return text.splitlines()


REFS = [_sample("ref.A.txt"), _sample("ref.B.txt")]
SYSTEMS = {quality: _sample(f"system-{quality}.txt") for quality in ("strong", "fair", "weak")}
# A fourth system whose segments are another system's in reverse order: close in score.
SYSTEMS["shuffled"] = SYSTEMS["fair"][::-1]


_VOCABULARY = ("the", "a", "cat", "dog", "sat", "ran", "on", "under", "mat", "rug", "it", "late")


def _words(rng: np.random.Generator, n: int) -> str:
    return " ".join(rng.choice(_VOCABULARY, size=n))


def _three_reference_corpus() -> tuple[list[list[str]], dict[str, list[str]]]:
    """TER with three references: average lengths in thirds, which float32 cannot sum
    exactly, so the resamples take sacreBLEU's row-by-row float32 sums."""
    rng = np.random.default_rng(2024)
    lengths = rng.integers(2, 12, size=120)
    refs = [[_words(rng, int(n) + extra) for n in lengths] for extra in (0, 1, 3)]
    systems = {f"s{j}": [_words(rng, int(n)) for n in lengths] for j in range(4)}
    return refs, systems


def _oracle_check(metric: AnyMetric, stats: dict[str, Stats], arithmetic: str) -> None:
    names = list(stats)
    test = paired_bootstrap_all_pairs(
        metric, stats, n_samples=N_SAMPLES, seed=SEED, arithmetic=arithmetic
    )
    assert test.systems == tuple(names)
    for i, baseline in enumerate(names):
        order = [baseline, *(name for name in names if name != baseline)]
        oracle = paired_bootstrap(
            metric,
            {name: stats[name] for name in order},
            n_samples=N_SAMPLES,
            seed=SEED,
            arithmetic=arithmetic,
        )
        assert test.p_values[i][i] is None
        assert test.estimates[i] == oracle.baseline.estimate
        assert test.scores[i] == oracle.baseline.score
        for result in oracle.systems:
            j = names.index(result.system)
            assert test.p_values[i][j] == result.p_value, (baseline, result.system)
    assert test.signature == oracle.signature
    assert test.name == oracle.name


@pytest.mark.parametrize(
    "metric",
    [BLEU(REFS), BLEU(REFS, smooth_method="floor"), CHRF(REFS), CHRF(REFS, word_order=2)],
    ids=["bleu", "bleu-floor", "chrf", "chrf++"],
)
@pytest.mark.parametrize("arithmetic", ["sacrebleu", "float64"])
def test_every_pair_equals_paired_bootstrap(metric: AnyMetric, arithmetic: str) -> None:
    stats = {name: metric.statistics(lines) for name, lines in SYSTEMS.items()}
    _oracle_check(metric, stats, arithmetic)


def test_ter_with_fractional_lengths_and_nist() -> None:
    refs, systems = _three_reference_corpus()
    for metric in (TER(refs), NIST(refs)):
        stats = {name: metric.statistics(lines) for name, lines in systems.items()}
        _oracle_check(metric, stats, "sacrebleu")


def test_external_scores() -> None:
    rng = np.random.default_rng(5)
    table = {name: list(rng.random(30)) for name in ("x", "y", "z")}
    scores = ExternalScores(table, name="COMET")
    _oracle_check(scores, {name: scores.system_statistics(name) for name in table}, "sacrebleu")


def test_p_values_are_symmetric_and_one_system_gets_its_estimate() -> None:
    bleu = BLEU(REFS)
    stats = {name: bleu.statistics(lines) for name, lines in SYSTEMS.items()}
    test = paired_bootstrap_all_pairs(bleu, stats, n_samples=N_SAMPLES, seed=SEED)
    for i, j in itertools.combinations(range(len(stats)), 2):
        assert test.p_values[i][j] == test.p_values[j][i]
    alone = paired_bootstrap_all_pairs(
        bleu, {"strong": stats["strong"]}, n_samples=N_SAMPLES, seed=SEED
    )
    assert alone.p_values == ((None,),)
    assert alone.estimates[0] == test.estimates[0]


def test_fresh_entropy_is_recorded_and_repeats_the_run() -> None:
    bleu = BLEU(REFS)
    stats = {name: bleu.statistics(lines) for name, lines in SYSTEMS.items()}
    fresh = paired_bootstrap_all_pairs(bleu, stats, n_samples=50, seed=None)
    assert fresh.seed is None
    assert fresh.signature.as_dict()["seed"] == "none"
    again = paired_bootstrap_all_pairs(bleu, stats, n_samples=50, seed=fresh.entropy)
    assert again.p_values == fresh.p_values
    assert again.estimates == fresh.estimates


def test_refusals() -> None:
    bleu = BLEU(REFS)
    with pytest.raises(InputError, match="no systems"):
        paired_bootstrap_all_pairs(bleu, {})
    short = bleu.statistics(SYSTEMS["weak"][:10], ref_streams=[r[:10] for r in REFS])
    with pytest.raises(LengthMismatchError, match="have 10 segments"):
        paired_bootstrap_all_pairs(bleu, {"a": bleu.statistics(SYSTEMS["weak"]), "b": short})
    with pytest.raises(InputError, match="columns"):
        paired_bootstrap_all_pairs(bleu, {"a": CHRF(REFS).statistics(SYSTEMS["weak"])})
