"""``parbleu REF -i SYS -m rouge`` and ``-m meteor``, in process, text and JSON.

Oracles: rouge_score 0.1.2 (``RougeScorer.score`` and ``score_multi`` per segment; the corpus
score is their mean as ``numpy.mean(..., axis=0)`` takes it, what its BootstrapAggregator
resamples) and NLTK 3.10's ``meteor_score`` per segment on the same Debian WordNet files (read
through the adaptation of tests/oracles/nltk_wordnet.py), with words split by sacreBLEU's own
13a tokenizer; the mean of NLTK's scores is the corpus score.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest
from nltk.corpus.reader.wordnet import WordNetCorpusReader
from nltk.translate.meteor_score import meteor_score
from rouge_score import rouge_scorer
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from parbleu.cli.main import run
from parbleu.metrics.meteor import DEBIAN_WORDNET, WordNet
from tests.oracles.nltk_wordnet import nltk_reader

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"
REF_A, REF_B = str(SAMPLE / "ref.A.txt"), str(SAMPLE / "ref.B.txt")
FAIR, WEAK = str(SAMPLE / "system-fair.txt"), str(SAMPLE / "system-weak.txt")


def lines(path: str) -> list[str]:
    return Path(path).read_text(encoding="utf-8").splitlines()


def parbleu(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), io.BytesIO(b""), out, err)
    return code, out.getvalue(), err.getvalue()


def rouge_mean(rouge_type: str, refs: list[str], hyp: str, **options: bool) -> np.ndarray:
    """rouge_score's corpus (precision, recall, F): the mean of its segment scores."""
    scorer = rouge_scorer.RougeScorer([rouge_type], **options)
    scores = [
        tuple(scorer.score_multi(list(pair[1:]), pair[0])[rouge_type])
        for pair in zip(lines(hyp), *map(lines, refs), strict=True)
    ]
    return np.mean(scores, axis=0)


@pytest.mark.parametrize(
    ("rouge_type", "refs", "stem"),
    [
        ("rouge1", [REF_A], False),
        ("rouge2", [REF_A, REF_B], True),
        ("rougeL", [REF_B], True),
        ("rougeLsum", [REF_A, REF_B], False),
    ],
)
def test_rouge_json_is_rouge_scores_mean(rouge_type: str, refs: list[str], stem: bool) -> None:
    flags = ["--rouge-type", rouge_type, *(["--rouge-stem"] if stem else [])]
    code, out, err = parbleu(*refs, "-i", FAIR, "-m", "rouge", *flags)
    assert (code, err) == (0, "")
    result = json.loads(out)
    precision, recall, fmeasure = rouge_mean(rouge_type, refs, FAIR, use_stemmer=stem)
    assert (result["precision"], result["recall"], result["fmeasure"]) == (
        precision,
        recall,
        fmeasure,
    )
    assert result["score_unrounded"] == 100 * fmeasure
    assert result["score"] == round(100 * fmeasure, 1)
    assert result["type"] == rouge_type
    assert result["stem"] == ("yes" if stem else "no")
    assert result["nrefs"] == str(len(refs))


def test_rouge_text_lines_of_two_systems_and_two_metrics() -> None:
    """Text output of several systems is sacreBLEU's table; one system's lines name the
    signature; -w sets the decimals."""
    code, out, _ = parbleu(REF_A, "-i", FAIR, "-m", "rouge", "-f", "text", "-w", "4")
    expected = 100 * rouge_mean("rouge1", [REF_A], FAIR)[2]
    assert code == 0
    assert out == (
        "ROUGE-1|nrefs:1|type:rouge1|tok:ascii|stem:no|refs:best|agg:mean|beta:1|"
        f"version:parbleu-0.1.0 = {expected:.4f}\n"
    )
    code, out, _ = parbleu(REF_A, "-i", FAIR, WEAK, "-m", "rouge", "chrf", "-f", "text")
    table = out.splitlines()
    assert code == 0
    assert table[0].split() == ["System", "ROUGE-1", "chrF2"]
    for row, system in zip(table[2:4], (FAIR, WEAK), strict=True):
        assert row.split()[:2] == [
            system,
            f"{100 * rouge_mean('rouge1', [REF_A], system)[2]:.1f}",
        ]
    assert any(line.startswith(" - ROUGE-1  nrefs:1|type:rouge1|") for line in table)


def test_rouge_sentence_level_is_rouge_score_per_segment() -> None:
    code, out, _ = parbleu(REF_A, "-i", WEAK, "-m", "rouge", "--rouge-type", "rougeL", "-sl")
    scorer = rouge_scorer.RougeScorer(["rougeL"])
    expected = [
        scorer.score(ref, hyp)["rougeL"].fmeasure
        for ref, hyp in zip(lines(REF_A), lines(WEAK), strict=True)
    ]
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [r["fmeasure"] for r in records] == expected
    assert [r["segment"] for r in records] == list(range(1, len(expected) + 1))


def test_rouge_micro_aggregate_and_options() -> None:
    """``micro``: F of the summed counts (rouge_score's per-segment counts, summed by hand:
    unigram overlap, hypothesis and reference unigrams)."""
    code, out, _ = parbleu(REF_A, "-i", FAIR, "-m", "rouge", "--rouge-aggregate", "micro")
    scorer = rouge_scorer.RougeScorer(["rouge1"])
    overlap = hyp_total = ref_total = 0.0
    for ref, hyp in zip(lines(REF_A), lines(FAIR), strict=True):
        score = scorer.score(ref, hyp)["rouge1"]
        hyp_count = len(scorer._tokenizer.tokenize(hyp))
        ref_count = len(scorer._tokenizer.tokenize(ref))
        overlap += round(score.precision * hyp_count)
        hyp_total += hyp_count
        ref_total += ref_count
    result = json.loads(out)
    assert code == 0
    assert result["aggregate"] == "micro"
    assert result["precision"] == overlap / hyp_total
    assert result["recall"] == overlap / ref_total


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--rouge-type", "rouge0"], "rouge_type must be"),
        (["--rouge-beta", "0"], "beta must be a positive"),
        (["--rouge-script", "latin"], "invalid choice"),
    ],
)
def test_rouge_option_errors(
    flags: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code, out, err = parbleu(REF_A, "-i", FAIR, "-m", "rouge", *flags)
    except SystemExit as exit_:  # argparse reports its own errors
        code, out, err = int(exit_.code or 0), "", capsys.readouterr().err
    assert (code, out) == (2, "")
    assert message in err
    assert err.startswith("parbleu: error: ")
    assert err.count("\n") == 1  # one line, no traceback


@pytest.fixture(scope="module")
def nltk_wordnet(tmp_path_factory: pytest.TempPathFactory) -> WordNetCorpusReader:
    return nltk_reader(tmp_path_factory.mktemp("nltk_data"))


def nltk_meteor(reader: WordNetCorpusReader, refs: list[str], hyp: str, **weights: float) -> float:
    tokenizer = Tokenizer13a()

    def words(line: str) -> list[str]:
        return tokenizer(line).split()

    scores = [
        meteor_score([words(r) for r in pair[1:]], words(pair[0]), wordnet=reader, **weights)
        for pair in zip(lines(hyp), *map(lines, refs), strict=True)
    ]
    return sum(scores) / len(scores)


def test_meteor_json_is_nltks_mean(wordnet: WordNet, nltk_wordnet: WordNetCorpusReader) -> None:
    """Without --meteor-wordnet, the command line reads Debian's folder (documented)."""
    assert wordnet.folder == DEBIAN_WORDNET
    code, out, err = parbleu(REF_A, REF_B, "-i", WEAK, "-m", "meteor")
    assert (code, err) == (0, "")
    result = json.loads(out)
    expected = nltk_meteor(nltk_wordnet, [REF_A, REF_B], WEAK)
    assert result["meteor"] == expected
    assert result["score_unrounded"] == 100 * expected
    assert result["wordnet"] == "3.0"
    assert result["nrefs"] == "2"


def test_meteor_text_with_explicit_folder_and_weights(
    wordnet: WordNet, nltk_wordnet: WordNetCorpusReader
) -> None:
    weights = {"alpha": 0.85, "beta": 2.0, "gamma": 0.4}
    flags = [f"--meteor-{name}={value}" for name, value in weights.items()]
    code, out, err = parbleu(
        REF_A, "-i", FAIR, "-m", "meteor", "--meteor-wordnet", str(wordnet.folder), *flags, "-f",
        "text", "-w", "6",
    )  # fmt: skip
    expected = 100 * nltk_meteor(nltk_wordnet, [REF_A], FAIR, **weights)
    assert (code, err) == (0, "")
    assert out == (
        "METEOR|nrefs:1|tok:13a|alpha:0.85|beta:2.0|gamma:0.4|wordnet:3.0|"
        f"version:parbleu-0.1.0 = {expected:.6f}\n"
    )


def test_meteor_errors(tmp_path: Path) -> None:
    code, out, err = parbleu(REF_A, "-i", FAIR, "-m", "meteor", "--meteor-wordnet", str(tmp_path))
    assert (code, out) == (1, "")
    assert "WordNet 3.0 not found" in err
    assert "apt-get install wordnet-base" in err
    code, _, err = parbleu(REF_A, "-i", FAIR, "-m", "meteor", "--meteor-alpha", "1.5")
    assert code == 2
    assert "alpha must be a finite number in [0, 1]" in err
