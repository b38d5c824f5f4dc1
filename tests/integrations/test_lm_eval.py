"""lm-evaluation-harness drop-ins. Oracle: lm-eval 0.4.13's own ``lm_eval.api.metrics``
(``bleu``, ``chrf``, ``ter`` aggregations and ``bootstrap_stderr``) on WMT17 en-de."""

from __future__ import annotations

import pytest

from parbleu.errors import InputError, OptionError
from parbleu.integrations import lm_eval as ours
from parbleu.integrations.resampled import bootstrap_replicates, sample_stddev

harness = pytest.importorskip("lm_eval.api.metrics", reason="lm_eval (the test extra) is absent")


@pytest.fixture(scope="module")
def wmt17(shared_data) -> tuple[list[str], list[str], list[str]]:
    pair = shared_data.wmt17_ende
    system = pair.system(pair.system_names[0])
    refs = pair.references
    return system, refs[pair.reference_names[0]], refs[pair.reference_names[-1]]


@pytest.mark.shared_data
@pytest.mark.parametrize("name", ["bleu", "chrf"])
def test_corpus_scores_equal_the_harness_on_wmt17(wmt17, name: str) -> None:
    system, ref, _ = wmt17
    items = list(zip(ref, system, strict=True))
    assert getattr(ours, name)(items) == getattr(harness, name)(items)


@pytest.mark.shared_data
def test_ter_and_two_references_equal_the_harness(wmt17) -> None:
    system, ref_a, ref_b = wmt17
    items = [([a, b], [h]) for a, b, h in zip(ref_a[:400], ref_b[:400], system[:400], strict=True)]
    assert ours.ter(items) == harness.ter(items)
    assert ours.bleu(items) == harness.bleu(items)


@pytest.mark.shared_data
def test_bootstrap_with_the_harness_draws_equals_its_stderr(wmt17, monkeypatch) -> None:
    system, ref, _ = wmt17
    items = list(zip(ref[:100], system[:100], strict=True))
    monkeypatch.setenv("DISABLE_MULTIPROC", "1")
    expected = harness.bootstrap_stderr(harness.bleu, items, iters=100)
    stats = ours.bleu.statistics(items)
    replicates = bootstrap_replicates(ours.bleu.metric, stats, 100, draws="lm-eval")
    assert sample_stddev(replicates) == expected


@pytest.mark.slow
@pytest.mark.shared_data
def test_many_resamples_agree_with_the_harness_estimate(wmt17, monkeypatch) -> None:
    system, ref, _ = wmt17
    items = list(zip(ref[:60], system[:60], strict=True))
    monkeypatch.setenv("DISABLE_MULTIPROC", "1")
    harness_estimate = harness.bootstrap_stderr(harness.chrf, items, iters=300)
    fast = ours.stderr_for_metric(ours.chrf, 5000)
    assert fast is not None
    # two estimates of one standard error (both seeded): 300 resamples vary by about 4 %
    assert fast(items) == pytest.approx(harness_estimate, rel=0.1)
    assert ours.bootstrap_stderr(ours.chrf, items, 5000) == fast(items)


def test_shapes_and_refusals() -> None:
    assert ours.bleu_fn([("a", "b")]) == [("a", "b")]
    assert ours.bleu.__name__ == "bleu"
    assert ours.stderr_for_metric(ours.bleu, 0) is None
    assert ours.stderr_for_metric(max, 100) is None
    with pytest.raises(OptionError, match="must be parbleu"):
        ours.bootstrap_stderr(max, [], 10)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="items\\[1\\]: the prediction"):
        ours.bleu([("a", "b"), ("a", ["b", "c"])])
    with pytest.raises(InputError, match="no items"):
        ours.chrf([])
