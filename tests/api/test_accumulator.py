"""The accumulator: shards merged in random orders give the single-pass score, bit for bit.

Oracle: sacreBLEU 2.6.0's ``corpus_score`` over all segments at once (and parbleu's own
single-pass ``corpus_score``, itself tested against sacreBLEU), for every metric that sums
(BLEU, chrF, chrF++, TER with its order-dependent sums kept in corpus order, ROUGE).
"""

from __future__ import annotations

import itertools
import pickle
import random

import pytest
import sacrebleu

import parbleu
from parbleu.accumulator import Accumulator
from parbleu.errors import InputError, OptionError

WORDS = ["the", "cat", "sat", "on", "a", "mat", "dog", "runs", "fast", ".", ",", "über"]


def corpus(seed: int, n: int) -> tuple[list[str], list[str]]:
    rng = random.Random(seed)
    hyps = [" ".join(rng.choices(WORDS, k=rng.randint(0, 12))) for _ in range(n)]
    refs = [" ".join(rng.choices(WORDS, k=rng.randint(1, 12))) for _ in range(n)]
    return hyps, refs


HYPS, REFS = corpus(0, 120)

CASES = [
    (parbleu.BLEU(), sacrebleu.metrics.BLEU()),
    (parbleu.CHRF(), sacrebleu.metrics.CHRF()),
    (parbleu.CHRF(word_order=2), sacrebleu.metrics.CHRF(word_order=2)),
    (parbleu.TER(), sacrebleu.metrics.TER()),
]


def shards(seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    cuts = sorted(rng.sample(range(1, len(HYPS)), 7))
    bounds = [0, *cuts, len(HYPS)]
    return list(itertools.pairwise(bounds))


@pytest.mark.parametrize(("metric", "oracle"), CASES, ids=["bleu", "chrf", "chrf++", "ter"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_merge_orders_give_the_single_pass_score(metric, oracle, seed) -> None:
    expected = oracle.corpus_score(HYPS, [REFS])
    parts = [
        Accumulator.of(metric).update(HYPS[a:b], [REFS[a:b]], start=a) for a, b in shards(seed)
    ]
    parts = [pickle.loads(pickle.dumps(p)) for p in parts]  # as sent between workers
    random.Random(seed).shuffle(parts)
    while len(parts) > 1:  # merge random pairs, as a reduction tree of any shape would
        i, j = sorted(random.Random(len(parts) + seed).sample(range(len(parts)), 2))
        merged = parts[i].merge(parts[j])
        parts = [p for k, p in enumerate(parts) if k not in (i, j)] + [merged]
    result = parts[0].compute()
    assert result.score == expected.score
    assert result.score == metric.corpus_score(HYPS, [REFS]).score
    assert str(result.signature) == str(metric.corpus_score(HYPS, [REFS]).signature)
    assert parts[0].segments == len(HYPS)


@pytest.mark.parametrize("seed", [1, 2])
def test_rouge_keeps_rows_and_gives_its_single_pass_score(seed: int) -> None:
    # oracle: parbleu's single-pass ROUGE (tested against rouge_score in tests/metrics/rouge)
    metric = parbleu.ROUGE()
    parts = [
        Accumulator.of(metric).update(HYPS[a:b], [REFS[a:b]], start=a) for a, b in shards(seed)
    ]
    random.Random(seed).shuffle(parts)
    merged = parts[0]
    for part in parts[1:]:
        merged = part.merge(merged)
    assert merged.totals is None  # ROUGE's sums are not integer sums: rows are kept
    assert merged.compute().score == metric.corpus_score(HYPS, [REFS]).score


def test_batches_in_one_loop_with_segment_refs() -> None:
    acc = Accumulator.of(parbleu.CHRF())
    for a in range(0, len(HYPS), 32):
        acc = acc.update(HYPS[a : a + 32], segment_refs=[[r] for r in REFS[a : a + 32]])
    assert acc.compute().score == sacrebleu.corpus_chrf(HYPS, [REFS]).score


def test_integer_state_is_an_int64_vector() -> None:
    acc = Accumulator.of(parbleu.BLEU()).update(HYPS, [REFS])
    assert acc.totals is not None
    assert acc.totals.dtype.kind == "i"
    assert acc.rows is None
    assert not acc.totals.flags.writeable


def test_order_dependent_sums_need_distinct_positions() -> None:
    first = Accumulator.of(parbleu.TER()).update(HYPS[:10], [REFS[:10]])
    second = Accumulator.of(parbleu.TER()).update(HYPS[10:20], [REFS[10:20]])
    with pytest.raises(InputError, match="same corpus positions"):
        first.merge(second)


def test_nist_is_refused_with_its_reason() -> None:
    with pytest.raises(OptionError, match="information"):
        Accumulator.of(parbleu.NIST())


def test_mixed_metrics_and_empty_accumulators_are_refused() -> None:
    with pytest.raises(InputError, match="cannot merge"):
        Accumulator.of(parbleu.BLEU()).merge(Accumulator.of(parbleu.TER()))
    with pytest.raises(InputError, match="no segments"):
        Accumulator.of(parbleu.BLEU()).compute()
