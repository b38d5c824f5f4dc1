"""Several weight sets (``--weights`` repeated) and several ROUGE types in one run.

Oracles: sacreBLEU 2.6.0's BLEU counts and totals (its ``BLEU`` has no weights argument: the
BLEU of weights w is the hand maths of Papineni et al. 2002, eq. 1, on its precisions and
brevity penalty), and rouge_score 0.1.2's ``RougeScorer`` (the corpus score is the mean of
its segment scores, what its BootstrapAggregator resamples).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from rouge_score import rouge_scorer
from sacrebleu.metrics.bleu import BLEU as SacreBLEU

from tests.cli.sample_run import FAIR, REF_A, SAMPLE, WEAK, lines, parbleu

STEMS = ("system-strong", "system-fair", "system-weak")


def weighted_bleu(system: str, weights: tuple[float, ...]) -> float:
    """BLEU of `weights` by hand from sacreBLEU's counts, totals and lengths (no smoothing
    is needed: every order has a match on the sample)."""
    result = SacreBLEU().corpus_score(lines(system), [lines(REF_A)])
    logs = [w * math.log(result.counts[n] / result.totals[n]) for n, w in enumerate(weights)]
    penalty = min(1.0, math.exp(1 - result.ref_len / result.sys_len))
    return 100 * penalty * math.exp(sum(logs))


WEIGHT_SETS = {"BLEU-1": (1.0,), "BLEU-2": (0.5, 0.5), "BLEU[0.7/0.3]": (0.7, 0.3)}


def weight_flags() -> list[str]:
    return [text for w in WEIGHT_SETS.values() for text in ("--weights", *map(str, w))]


def test_repeated_weights_give_one_bleu_per_weight_set() -> None:
    code, out, err = parbleu(REF_A, "-i", FAIR, *weight_flags(), "-f", "json")
    assert (code, err) == (0, "")
    results = {item["name"]: item for item in json.loads(out)}
    assert set(results) == set(WEIGHT_SETS)
    for name, weights in WEIGHT_SETS.items():
        assert results[name]["score_unrounded"] == pytest.approx(
            weighted_bleu(FAIR, weights), rel=1e-12
        )
    assert results["BLEU[0.7/0.3]"]["weights"] == "0.7,0.3"
    assert results["BLEU-2"]["order"] == "2"


def test_weight_sets_are_columns_of_several_systems() -> None:
    code, out, _ = parbleu(REF_A, "-i", FAIR, WEAK, *weight_flags(), "-f", "text", "-w", "4")
    table = out.splitlines()
    assert code == 0
    assert table[0].split() == ["System", *WEIGHT_SETS]
    for row, system in zip(table[2:4], (FAIR, WEAK), strict=True):
        expected = [f"{weighted_bleu(system, w):.4f}" for w in WEIGHT_SETS.values()]
        assert row.split() == [system, *expected]


def test_one_weight_set_is_one_bleu() -> None:
    """A single --weights, as before: one BLEU; the default weights name it plain BLEU."""
    code, out, _ = parbleu(REF_A, "-i", FAIR, "--weights", "0.25", "0.25", "0.25", "0.25")
    assert code == 0
    result = json.loads(out)
    assert result["name"] == "BLEU"
    assert result["score_unrounded"] == pytest.approx(weighted_bleu(FAIR, (0.25,) * 4))


def test_commands_that_take_one_weight_set_say_so(tmp_path: Path) -> None:
    page = str(tmp_path / "report.html")
    weights = ("--weights", "1", "--weights", "0.5", "0.5")
    code, out, err = parbleu("report", REF_A, "-i", FAIR, "-o", page, *weights)
    assert (code, out) == (2, "")
    assert err == "parbleu report: error: --weights takes one value in this command\n"
    human = tmp_path / "human.tsv"
    human.write_text("".join(f"{n}\t{i}\n" for i, n in enumerate(STEMS)), encoding="utf-8")
    systems = [str(SAMPLE / f"{name}.txt") for name in STEMS]
    argv = ["meta", "--refs", REF_A, "--systems", *systems, "--human", str(human)]
    code, out, err = parbleu(*argv, "--rouge-type", "rouge1", "rouge2", "-m", "rouge")
    assert (code, out) == (2, "")
    assert err == "parbleu meta: error: --rouge-type takes one value in this command\n"


def rouge_means(rouge_type: str, system: str) -> float:
    scorer = rouge_scorer.RougeScorer([rouge_type])
    pairs = zip(lines(REF_A), lines(system), strict=True)
    scores = [scorer.score(ref, hyp)[rouge_type].fmeasure for ref, hyp in pairs]
    return 100 * sum(scores) / len(scores)


ROUGE_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")


def test_all_rouge_types_in_one_run() -> None:
    code, out, err = parbleu(REF_A, "-i", FAIR, "-m", "rouge", "--rouge-type", *ROUGE_TYPES)
    assert (code, err) == (0, "")
    results = {item["type"]: item for item in json.loads(out)}
    assert set(results) == set(ROUGE_TYPES)
    for rouge_type in ROUGE_TYPES:
        assert results[rouge_type]["score_unrounded"] == pytest.approx(
            rouge_means(rouge_type, FAIR), rel=1e-12
        )


def test_rouge_types_are_columns_of_several_systems() -> None:
    argv = [REF_A, "-i", FAIR, WEAK, "-m", "rouge", "--rouge-type", "rouge2", "rougeL"]
    code, out, _ = parbleu(*argv, "-f", "text", "-w", "3")
    table = out.splitlines()
    assert code == 0
    assert table[0].split() == ["System", "ROUGE-2", "ROUGE-L"]
    for row, system in zip(table[2:4], (FAIR, WEAK), strict=True):
        expected = [f"{rouge_means(t, system):.3f}" for t in ("rouge2", "rougeL")]
        assert row.split() == [system, *expected]


def test_a_repeated_value_is_one_metric() -> None:
    argv = ["--rouge-type", "rouge1", "rouge1", "--rouge-type", "rouge1"]
    code, out, _ = parbleu(REF_A, "-i", FAIR, "-m", "rouge", *argv)
    assert code == 0
    assert json.loads(out)["type"] == "rouge1"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--rouge-type", "rouge1", "rougeX"), "rouge_type"),
        (("--rouge-type",), "expected at least one argument"),
        (("--weights", "1", "--weights", "0.5", "0.6"), "weights must sum to 1"),
    ],
)
def test_bad_values_are_one_line_usage_errors(argv: tuple[str, ...], message: str) -> None:
    code, out, err = parbleu(REF_A, "-i", FAIR, "-m", "rouge", "bleu", *argv)
    assert (code, out) == (2, "")
    assert message in err
    assert err.count("\n") == 1


def test_weight_sets_per_segment() -> None:
    """-sl gives each weight set's sentence BLEU; oracle: sacreBLEU's BLEU of that many
    orders with effective order, as its sentence_bleu sets it."""
    code, out, _ = parbleu(REF_A, "-i", FAIR, "-sl", "--weights", "1", "--weights", ".5", ".5")
    assert code == 0
    items = [json.loads(line) for line in out.splitlines()]
    assert [item["name"] for item in items[:2]] == ["BLEU-1", "BLEU-2"]
    for order, name in ((1, "BLEU-1"), (2, "BLEU-2")):
        oracle = SacreBLEU(max_ngram_order=order, effective_order=True)
        expected = [
            oracle.sentence_score(hyp, [ref]).score
            for hyp, ref in zip(lines(FAIR), lines(REF_A), strict=True)
        ]
        got = [item["score_unrounded"] for item in items if item["name"] == name]
        assert got == pytest.approx(expected, abs=1e-9)
