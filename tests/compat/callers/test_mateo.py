"""MATEO (BramVanroy/mateo-demo, commit dbdba7f): imports, scores as dictionaries, its tests.

Reproduced patterns (oracle: the same pattern run with sacreBLEU 2.6.0):

* its import list (``src/mateo_st/metrics/base.py:5``, ``bleu.py:1-3``, ``chrf.py:1-2``,
  ``ter.py:1-2``, ``significance.py:13-15``): before issue 23 MATEO could not start on
  parbleu (``_TOKENIZERS``, ``_compute_p_value`` and ``sacrebleu.utils.print_results_table``
  were missing);
* ``bleu.py:33-34``: ``BLEU.TOKENIZER_DEFAULT`` and ``tuple(_TOKENIZERS.keys())`` as choices;
* ``pages/03_Evaluate.py:384-385``: ``metric.corpus_score(hypotheses=..., references=[refs])``
  then ``vars(result)`` (every attribute of the score, add-k's counts included);
* ``significance.py:21-69`` (``paired_bs``): its own bootstrap of sentence scores with
  ``estimate_ci``, ``Result`` and ``_compute_p_value``;
* ``significance.py:72-96`` and ``145-165``: ``PairedTest(..., test_type="bs")``, signatures
  formatted, ``print_results_table(..., Namespace(format="json", ...))`` captured from
  standard output and parsed back.
"""

from __future__ import annotations

import io
import json
import sys
from argparse import Namespace
from typing import Any

import numpy as np
import pytest

from tests.compat.callers.conftest import Corpus
from tests.compat.callers.patterns import assert_identical, outcome, run_both

pytestmark = pytest.mark.shared_data


def test_the_import_list() -> None:
    def pattern() -> list[Any]:
        from sacrebleu import BLEU, CHRF, TER  # noqa: PLC0415
        from sacrebleu import __version__ as sb_version  # noqa: PLC0415
        from sacrebleu.metrics.base import Metric as SbMetric  # noqa: PLC0415
        from sacrebleu.metrics.bleu import _TOKENIZERS as SBTOKENIZERS  # noqa: PLC0415
        from sacrebleu.significance import (  # noqa: PLC0415
            PairedTest,
            Result,
            _compute_p_value,
            estimate_ci,
        )
        from sacrebleu.utils import print_results_table  # noqa: PLC0415

        assert all(callable(x) for x in (PairedTest, Result, _compute_p_value, estimate_ci))
        assert callable(print_results_table)
        assert all(issubclass(m, SbMetric) for m in (BLEU, CHRF, TER))
        return [sb_version, BLEU.TOKENIZER_DEFAULT, tuple(SBTOKENIZERS.keys())]

    assert_identical(*run_both(pattern))


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("BLEU", {}),
        ("BLEU", {"smooth_method": "add-k", "smooth_value": 2, "lowercase": True}),
        ("BLEU", {"smooth_method": "add-k", "max_ngram_order": 3, "tokenize": "char"}),
        ("CHRF", {"word_order": 2}),
        ("TER", {"normalized": True}),
    ],
)
def test_corpus_scores_as_dictionaries(ende: Corpus, name: str, options: dict[str, Any]) -> None:
    n = 40 if name == "TER" else len(ende.ref)  # sacreBLEU's TER takes about 10 ms a segment
    hyps = ende.systems[ende.names[0]][:n]

    def pattern() -> dict[str, Any]:
        import sacrebleu  # noqa: PLC0415

        metric = getattr(sacrebleu, name)(**options)
        result = metric.corpus_score(hypotheses=hyps, references=[ende.ref[:n]])
        return vars(result)

    assert_identical(*run_both(pattern))


def test_bootstrap_of_sentence_scores(ende: Corpus) -> None:
    sentence = [[float(len(h.split()) % 7) for h in hyps] for hyps in ende.systems.values()]

    def pattern() -> dict[str, list[Any]]:
        from sacrebleu.significance import Result, _compute_p_value, estimate_ci  # noqa: PLC0415

        rng = np.random.default_rng(12345)
        idxs = rng.choice(len(sentence[0]), size=(200, len(sentence[0])), replace=True)
        scores = np.array(sentence)
        baseline, others = scores[0], scores[1:]
        bs_baseline = baseline[idxs].mean(axis=1)
        mean, ci = estimate_ci(bs_baseline)
        results = [Result(score=baseline.mean().item(), p_value=None, mean=mean, ci=ci)]
        for system in others:
            bs_system = system[idxs].mean(axis=1)
            diffs = np.abs(bs_system - bs_baseline)
            p = _compute_p_value(diffs - diffs.mean(), abs(baseline.mean().item() - system.mean()))
            mean, ci = estimate_ci(bs_system)
            results.append(Result(score=system.mean().item(), p_value=p, mean=mean, ci=ci))
        return {"METEOR": results}

    assert_identical(*run_both(pattern))


@pytest.mark.parametrize("names", [("bleu",), ("bleu", "chrf", "ter")])
def test_paired_bootstrap_printed_as_json(ende: Corpus, names: tuple[str, ...]) -> None:
    """With chrF or TER, sacreBLEU's JSON fails on its own float32 estimates: so does ours."""
    named = [(f"Baseline: {ende.names[0]}", ende.systems[ende.names[0]][:60])]
    named += [(name, ende.systems[name][:60]) for name in ende.names[1:]]
    args = Namespace(
        format="json", short=False, paired_bs=True, paired_ar=False, paired_bs_n=100, width=1
    )

    def pattern() -> tuple[Any, ...]:
        import sacrebleu  # noqa: PLC0415
        from sacrebleu.significance import PairedTest  # noqa: PLC0415
        from sacrebleu.utils import print_results_table  # noqa: PLC0415

        known = {"bleu": sacrebleu.BLEU, "chrf": sacrebleu.CHRF, "ter": sacrebleu.TER}
        metrics = {name: known[name]() for name in names}
        test = PairedTest(
            named_systems=named,
            metrics=metrics,
            n_samples=args.paired_bs_n,
            references=[ende.ref[:60]],
            test_type="bs",
        )
        signatures, results = test()
        signatures = {k: v.format(args.short) for k, v in signatures.items()}
        every = {"System": [name for name, _ in named], **results}
        captured, stdout = io.StringIO(), sys.stdout
        sys.stdout = captured
        try:
            print_results_table(every, signatures, args)
        finally:
            sys.stdout = stdout
        return results, signatures, json.loads(captured.getvalue())

    assert_identical(*run_both(outcome(pattern)))
