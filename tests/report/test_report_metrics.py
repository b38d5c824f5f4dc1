"""Every metric parbleu has, in ``parbleu report``; its help and its refusals.

Oracles: rouge_score 0.1.2's ``RougeScorer.score_multi`` (ROUGE-1 F, the best reference) and
NLTK 3.10's ``meteor_score`` on Debian's WordNet 3.0 (13a words), each averaged over the
segments and times 100, as the paper-style corpus scores; the external scores' mean by hand;
the main command's own parser for which options exist.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from parbleu.cli.report import build_report_parser
from parbleu.tokenizers import TokenizerName, make_tokenizer
from tests.report.conftest import SAMPLE, Opened, sample_lines
from tests.report.test_cli_report import report, summary

REFS = [str(SAMPLE / "ref.A.txt"), str(SAMPLE / "ref.B.txt")]
NAMES = ("strong", "fair", "weak")
SYSTEMS = [str(SAMPLE / f"system-{q}.txt") for q in NAMES]


def references() -> list[list[str]]:
    return [sample_lines("ref.A.txt"), sample_lines("ref.B.txt")]


@pytest.fixture(scope="module")
def rouge_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("metrics")
    comet = folder / "comet.tsv"
    comet.write_text(
        "".join(
            f"system-{q}\t{i}\t{(k + 1) * i / 7}\n"
            for k, q in enumerate(NAMES)
            for i in range(1, 31)
        )
    )
    path = folder / "r.html"
    code, _, err = report(
        *REFS,
        "-i",
        *SYSTEMS,
        "-o",
        str(path),
        "-m",
        "rouge",
        "bleu",
        "--scores",
        f"COMET={comet}",
        "-q",
    )
    assert code == 0, err
    return path


def rouge_oracle() -> list[float]:
    from rouge_score import rouge_scorer  # noqa: PLC0415 (a test extra)

    scorer = rouge_scorer.RougeScorer(["rouge1"])
    refs = references()
    out = []
    for q in NAMES:
        lines = sample_lines(f"system-{q}.txt")
        scores = [
            scorer.score_multi([r[i] for r in refs], hyp)["rouge1"].fmeasure
            for i, hyp in enumerate(lines)
        ]
        out.append(100 * sum(scores) / len(scores))
    return out


def test_rouge_and_external_scores_are_in_the_report(rouge_report: Path) -> None:
    """ROUGE-1: rouge_score's mean best-reference F; COMET: the mean of the file's column."""
    metrics = {m["key"]: m for m in summary(rouge_report)["metrics"]}
    assert list(metrics) == ["rouge", "bleu", "score:COMET"]
    assert metrics["rouge"]["corpus"] == pytest.approx(rouge_oracle(), abs=1e-9)
    assert metrics["score:COMET"]["corpus"] == pytest.approx([(k + 1) * 15.5 / 7 for k in range(3)])


def test_the_page_shows_rouge_and_external_scores(
    open_report: Callable[..., Opened], rouge_report: Path
) -> None:
    """The overview's cells: the oracle's numbers formatted as Python formats them."""
    page = open_report(rouge_report).page
    for s, value in enumerate(rouge_oracle()):
        row = page.locator(f'#pb-score-table tr[data-system="{s}"]')
        assert row.locator('td[data-metric="rouge"]').inner_text() == f"{value:.2f}"
        assert (
            row.locator('td[data-metric="score:COMET"]').inner_text() == f"{(s + 1) * 15.5 / 7:.4f}"
        )
    page.click("#pb-tab-segments")
    page.select_option("#pb-metric", "rouge")
    assert page.locator("#pb-seg-title").is_visible()


def test_meteor_is_in_the_report(
    open_report: Callable[..., Opened], tmp_path: Path, nltk_wordnet: Any
) -> None:
    """METEOR: NLTK's meteor_score of 13a words against both references, mean times 100;
    the page's overview shows it as Python formats it."""
    from nltk.translate.meteor_score import meteor_score  # noqa: PLC0415 (a test extra)

    path = tmp_path / "m.html"
    code, _, err = report(*REFS, "-i", *SYSTEMS, "-o", str(path), "-m", "meteor", "-q")
    assert code == 0, err
    tokenizer = make_tokenizer(TokenizerName.MTEVAL_13A)

    def words(line: str) -> list[str]:
        return tokenizer.tokenize(line).split()

    refs = references()
    expected = []
    for q in NAMES:
        lines = sample_lines(f"system-{q}.txt")
        scores = [
            meteor_score([words(r[i]) for r in refs], words(h), wordnet=nltk_wordnet)
            for i, h in enumerate(lines)
        ]
        expected.append(100 * sum(scores) / len(scores))
    (metric,) = summary(path)["metrics"]
    assert metric["key"] == "meteor"
    assert metric["corpus"] == pytest.approx(expected, abs=1e-9)
    page = open_report(path).page
    shown = page.locator('#pb-score-table td[data-metric="meteor"]').all_inner_texts()
    assert shown == [f"{value:.2f}" for value in expected]
    page.click("#pb-tab-segments")
    assert page.locator("#pb-seg-title").is_visible()
    # Without BLEU there are no BLEU n-gram statistics to show: the diff of A and B.
    assert page.locator('#pb-detail [data-view="ngrams"]').count() == 0
    assert page.locator("#pb-detail-diff").is_visible()


def test_help_shows_only_what_the_report_uses_with_its_defaults() -> None:
    """Oracle: the main command's parser names the options; the report's help hides those
    it refuses and gives its own defaults (BLEU and chrF; 1,000 trials)."""
    text = " ".join(build_report_parser().format_help().split())
    for hidden in (
        "--sentence-level",
        "--paired-bs ",
        "--format",
        "--confidence ",
        "--paper-table",
        "--width",
        "--test-set ",
        "--blocks",
    ):
        assert hidden not in text + " ", hidden
    assert "metrics to compute (default: bleu chrf)" in text
    assert "approximate randomization trials (default: 1000)" in text
    assert "(default: stdin)" not in text
    for shown in (
        "--paired-bs-n",
        "--paired-ar-n",
        "--seed",
        "--scores",
        "--tokenize",
        "--meteor-alpha",
        "--rouge-type",
        "--output",
        "--test-set-file",
    ):
        assert shown in text, shown


@pytest.mark.parametrize(
    ("option", "flag"),
    [
        (["-f", "latex"], "-f/--format"),
        (["-pbs"], "-pbs/--paired-bs"),
        (["-par"], "-par/--paired-ar"),
        (["-sl"], "-sl/--sentence-level"),
        (["-ci"], "-ci/--confidence"),
        (["--table-style", "sacrebleu"], "--table-style"),
        (["--no-progress"], "--progress/--no-progress"),
    ],
)
def test_options_the_report_cannot_honour_are_usage_errors(
    tmp_path: Path, option: list[str], flag: str
) -> None:
    out_file = tmp_path / "r.html"
    code, out, err = report(REFS[0], "-i", *SYSTEMS, "-o", str(out_file), *option)
    assert code == 2
    assert err == f"parbleu report: error: {flag} does not apply to parbleu report\n"
    assert out == ""
    assert not out_file.exists()
