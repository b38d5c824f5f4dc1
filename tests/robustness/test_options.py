"""Option values out of range, for every command: a usage error naming the option, at once.

Each row gives a command line, the exit code (2: a usage error; 1 where only the data can
say the value is wrong, as ``--blocks`` more than the segments) and what the one-line message
must name. Oracle: the options' documented ranges (``--help``, docs/robustness.md) and
sacreBLEU 2.6.0 for values it accepts (``-j 0``, ``-j 1000`` and one process give the same
score). Values that would never finish (an n-gram order of 10**9, ``-nr 10**9``) must be refused
in well under a second, not run.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.robustness.harness import assert_error, cli, write

HUGE = "1000000000"
REF = b"the cat sat on the mat\nit was not surprising at all\nthe man bit the dog\n"
HYP = b"the cat sat on a mat\nit was not a surprise\nthe dog bit the man\n"
HYP2 = b"a cat sat on the mat\nno surprise at all\nthe man bit a dog\n"


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str, str]:
    return (
        write(tmp_path, "ref.txt", REF),
        write(tmp_path, "hyp.txt", HYP),
        write(tmp_path, "hyp2.txt", HYP2),
    )


#: (options added to ``parbleu REF -i HYP``, exit code, what the message names).
MAIN: tuple[tuple[tuple[str, ...], int, str], ...] = (
    (("-w", "-1"), 2, "--width/-w"),
    (("-w", "100000000000000000000"), 2, "--width/-w"),
    (("-w", "two"), 2, "--width/-w"),
    (("--weights", "0", "0", "0", "1"), 2, "weights"),
    (("--weights", "nan", "nan", "nan", "nan"), 2, "weights"),
    (("--weights", "inf"), 2, "weights"),
    (("--weights", "0.5", "0.6"), 2, "weights must sum to 1"),
    (("--weights", *["0.0099"] * 101), 2, "weights"),
    (("--max-ngram-order", "0"), 2, "--max-ngram-order"),
    (("--max-ngram-order", "101"), 2, "--max-ngram-order"),
    (("--max-ngram-order", HUGE), 2, "--max-ngram-order"),
    (("--max-ngram-order", "3", "--weights", "0.5", "0.5"), 2, "max_ngram_order=3"),
    (("-s", "floor", "-sv", "nan"), 2, "smooth_value"),
    (("-s", "floor", "-sv", "-1"), 2, "smooth_value"),
    (("-s", "add-k", "-sv", "inf"), 2, "smooth_value"),
    (("-s", "exp", "-sv", "0.1"), 2, "smooth_value"),
    (("-s", "cc6", "-sv", "0"), 2, "smooth_value"),
    (("-s", "nosuch"), 2, "--smooth-method"),
    (("-tok", "nosuch"), 2, "--tokenize"),
    (("-m", "chrf", "-cc", "0"), 2, "--chrf-char-order/-cc"),
    (("-m", "chrf", "-cc", HUGE), 2, "--chrf-char-order/-cc"),
    (("-m", "chrf", "-cw", "-1"), 2, "--chrf-word-order/-cw"),
    (("-m", "chrf", "-cw", HUGE), 2, "--chrf-word-order/-cw"),
    (("-m", "chrf", "--chrf-beta", "-1"), 2, "beta"),
    (("-m", "chrf", "--chrf-beta", "nan"), 2, "--chrf-beta"),
    (("-m", "chrf", "--chrf-beta", "1" + "0" * 200), 2, "beta"),
    (("-m", "rouge", "--rouge-beta", "1e300"), 2, "beta"),
    (("-m", "rouge", "--rouge-beta", "0"), 2, "beta"),
    (("-m", "rouge", "--rouge-beta", "inf"), 2, "beta"),
    (("-m", "rouge", "--rouge-type", "rouge101"), 2, "rouge_type"),
    (("-m", "rouge", "--rouge-type", "rouge100000"), 2, "rouge_type"),
    (("-m", "rouge", "--rouge-type", "rouge" + "9" * 5000), 2, "rouge_type"),
    (("-m", "rouge", "--rouge-type", "rouge0"), 2, "rouge_type"),
    (("-m", "meteor", "--meteor-alpha", "1.5"), 2, "alpha"),
    (("-m", "meteor", "--meteor-beta", "-1"), 2, "beta"),
    (("-m", "meteor", "--meteor-gamma", "1e308"), 2, "gamma"),
    (("-m", "meteor", "--meteor-gamma", "-0.5"), 2, "gamma"),
    (("-m", "nist", "--nist-max-ngram-order", "0"), 2, "--nist-max-ngram-order"),
    (("-m", "nist", "--nist-max-ngram-order", HUGE), 2, "--nist-max-ngram-order"),
    (("-m", "nosuch"), 2, "--metrics/-m"),
    (("-nr", "0"), 2, "--num-refs/-nr"),
    (("-nr", "-1"), 2, "--num-refs/-nr"),
    (("-nr", HUGE), 1, "expected 1000000000 tab-separated fields"),
    (("-j", "-1"), 2, "--paired-jobs/-j"),
    (("-j", "many"), 2, "--paired-jobs/-j"),
    (("-ci", "-cin", "0"), 2, "--confidence-n/-cin"),
    (("-ci", "-cin", "-5"), 2, "--confidence-n/-cin"),
    (("-pbsn", "0"), 2, "--paired-bs-n/-pbsn"),
    (("-parn", "0"), 2, "--paired-ar-n/-parn"),
    (("--blocks", "1"), 2, "--blocks"),
    (("--blocks", "0"), 2, "--blocks"),
    (("--seed", "-5", "-ci"), 2, "--seed"),
    (("--seed", "abc", "-ci"), 2, "--seed"),
    (("-e", "rot13"), 2, "rot13"),
    (("-e", "no-such-codec"), 2, "no-such-codec"),
    (("-f", "xml"), 2, "--format/-f"),
    (("-pbs",), 2, "at least two systems"),
    (("-t", "wmt20"), 2, "not both"),
)


@pytest.mark.parametrize(
    ("options", "code", "names"), MAIN, ids=[" ".join(o)[:40] for o, _, _ in MAIN]
)
def test_main_command_refuses_values_out_of_range(
    files: tuple[str, str, str], options: tuple[str, ...], code: int, names: str
) -> None:
    ref, hyp, _ = files
    start = time.perf_counter()
    assert_error(cli(ref, "-i", hyp, *options), code, names)
    assert time.perf_counter() - start < 5


def test_blocks_beyond_the_corpus_and_sentence_level_systems(files: tuple[str, str, str]) -> None:
    ref, hyp, hyp2 = files
    assert_error(cli(ref, "-i", hyp, hyp2, "--blocks", "4"), 1, "3 segments cannot form 4")
    assert_error(cli(ref, "-i", hyp, hyp2, "--blocks", "1" + "0" * 18), 1, "cannot form")
    assert_error(cli(ref, "-i", hyp, hyp2, "-sl", "-b"), 2, "-b/--score-only with -sl")
    assert_error(cli(ref, "-i", hyp, hyp2, "-ci"), 2, "-ci estimates one system")


@pytest.mark.parametrize("jobs", ["0", "2", "1000", str(10**18)])
def test_any_number_of_jobs_gives_the_one_process_score(
    files: tuple[str, str, str], jobs: str
) -> None:
    """Oracle: the same command with one process (identical statistics, docs/performance.md)."""
    ref, hyp, hyp2 = files
    for argv in ([ref, "-i", hyp], [ref, "-i", hyp, hyp2], [ref, "-i", hyp, "-sl"]):
        argv += ["-m", "bleu", "chrf", "ter", "-w", "16"]
        one = cli(*argv)
        assert (one.code, one.err) == (0, "")
        assert cli(*argv, "-j", jobs) == one


def _meta(ref: str, systems: list[str], human: str, *options: str) -> list[str]:
    return ["meta", "--refs", ref, "--systems", *systems, "--human", human, *options]


META: tuple[tuple[tuple[str, ...], int, str], ...] = (
    (("-w", "-1"), 2, "--width/-w"),
    (("-w", "100000000000000000000"), 2, "--width/-w"),
    (("--bootstrap", "-1"), 2, "n_resamples"),
    (("--bootstrap", "x"), 2, "--bootstrap"),
    (("--confidence", "0"), 2, "confidence"),
    (("--confidence", "1"), 2, "confidence"),
    (("--confidence", "nan"), 2, "confidence"),
    (("--seed", "-1"), 2, "seed"),
    (("--seg-threshold", "nan"), 2, "--seg-threshold"),
    (("--seg-threshold", "-1"), 2, "--seg-threshold"),
    (("--kendall", "z"), 2, "--kendall"),
    (("--metric-ties", "z"), 2, "--metric-ties"),
    (("-e", "rot13"), 2, "rot13"),
    (("--plot", "figure.pdf"), 2, ".svg or .png"),
    (("--external", "no-equals-sign"), 2, "NAME=FILE"),
    (("-m", "nosuch"), 2, "--metrics/-m"),
    (("-m", "bleu", "--max-ngram-order", HUGE), 2, "--max-ngram-order"),
    (("-m", "chrf", "-cc", HUGE), 2, "--chrf-char-order/-cc"),
)


@pytest.fixture
def meta_files(tmp_path: Path) -> tuple[str, list[str], str]:
    systems = [
        write(tmp_path, f"sys-{i}.txt", data)
        for i, data in enumerate((HYP, HYP2, b"the\nit\nthe\n"))
    ]
    human = write(tmp_path, "human.tsv", b"sys-0\t0.5\nsys-1\t0.7\nsys-2\t0.1\n")
    return write(tmp_path, "ref.txt", REF), systems, human


@pytest.mark.parametrize(
    ("options", "code", "names"), META, ids=[" ".join(o)[:40] for o, _, _ in META]
)
def test_meta_refuses_values_out_of_range(
    meta_files: tuple[str, list[str], str], options: tuple[str, ...], code: int, names: str
) -> None:
    ref, systems, human = meta_files
    assert_error(cli(*_meta(ref, systems, human, *options)), code, names, prog="parbleu meta")


def test_meta_needs_human_scores_and_three_systems(meta_files: tuple[str, list[str], str]) -> None:
    ref, systems, _ = meta_files
    result = cli("meta", "--refs", ref, "--systems", *systems)
    assert_error(result, 2, "give human scores", prog="parbleu meta")
    two = write(Path(ref).parent, "two.tsv", b"sys-0\t0.5\nsys-1\t0.7\n")
    assert_error(cli(*_meta(ref, systems[:2], two)), 1, "at least 3 systems", prog="parbleu meta")


REPORT: tuple[tuple[tuple[str, ...], int, str], ...] = (
    (("-w", "-1"), 2, "--width/-w"),
    (("-sl",), 2, "-sl/--sentence-level"),
    (("-b",), 2, "-b/--score-only"),
    (("--blocks",), 2, "--blocks"),
    (("-pbsn", "0"), 2, "--paired-bs-n/-pbsn"),
    (("-parn", "0"), 2, "--paired-ar-n/-parn"),
    (("-j", "-1"), 2, "--paired-jobs/-j"),
    (("--scores", "X"), 2, "NAME=FILE"),
    (("--baseline", "nosuch"), 2, "nosuch"),
    (("-m", "chrf", "-cw", HUGE), 2, "--chrf-word-order/-cw"),
    (("-e", "rot13"), 2, "rot13"),
)


@pytest.mark.parametrize(
    ("options", "code", "names"), REPORT, ids=[" ".join(o)[:40] for o, _, _ in REPORT]
)
def test_report_refuses_values_out_of_range(
    tmp_path: Path,
    meta_files: tuple[str, list[str], str],
    options: tuple[str, ...],
    code: int,
    names: str,
) -> None:
    ref, systems, _ = meta_files
    out = tmp_path / "report.html"
    result = cli("report", ref, "-i", *systems, "-o", str(out), "-q", *options)
    assert_error(result, code, names, prog="parbleu report")
    assert not out.exists()


DEMO: tuple[tuple[tuple[str, ...], int, str], ...] = (
    (("-w", "-1"), 2, "--width/-w"),
    (("-w", "100000000000000000000"), 2, "--width/-w"),
    (("-j", "-1"), 2, "--paired-jobs/-j"),
    (("--blocks", "1000"), 1, "30 segments cannot form 1000"),
    (("-sl", "-f", "latex"), 2, "-sl with several systems prints -f text, json or csv"),
    (("-e", "rot13"), 2, "rot13"),
    (("-m", "nosuch"), 2, "--metrics/-m"),
    (("--max-ngram-order", HUGE), 2, "--max-ngram-order"),
)


@pytest.mark.parametrize(
    ("options", "code", "names"), DEMO, ids=[" ".join(o)[:40] for o, _, _ in DEMO]
)
def test_demo_refuses_values_out_of_range(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    options: tuple[str, ...],
    code: int,
    names: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert_error(cli("demo", *options), code, names)
    assert not list(tmp_path.iterdir())  # no report of a failed run


def test_demo_json_is_valid_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: the demo's notes went to standard output around the JSON.

    Oracle: Python's `json` module reads standard output whole, with one object per system.
    """
    monkeypatch.chdir(tmp_path)
    result = cli("demo", "-f", "json")
    assert result.code == 0, result
    parsed = json.loads(result.out)
    assert "Report of the sample" in result.err
    assert [row["system"] for row in parsed] == [
        "system-strong.txt",
        "system-fair.txt",
        "system-weak.txt",
    ]


def _strict_json(text: str) -> object:
    """JSON as RFC 8259 defines it: ``NaN`` and ``Infinity`` are not numbers there."""

    def refuse(constant: str) -> object:
        raise AssertionError(f"{constant} in JSON output")

    return json.loads(text, parse_constant=refuse)


#: Options at the edges of their ranges: the scores are finite, and so is every JSON number.
EDGES = (
    ("-m", "rouge", "--rouge-beta", "1000000"),
    ("-m", "rouge", "--rouge-beta", "1e-300", "--rouge-type", "rougeL"),
    ("-m", "rouge", "--rouge-type", "rouge100", "--rouge-aggregate", "micro"),
    ("-m", "chrf", "--chrf-beta", "1000000"),
    ("-m", "chrf", "--chrf-beta", "0"),
    ("-m", "bleu", "chrf", "ter", "-sl"),
)


@pytest.mark.parametrize("options", EDGES, ids=[" ".join(o)[:40] for o in EDGES])
def test_json_output_at_the_edges_is_strict_json(
    files: tuple[str, str, str], options: tuple[str, ...]
) -> None:
    """Oracle: `json.loads` refusing NaN and infinities (issue 24, item 5: ``--rouge-beta
    1e300`` printed ``NaN``, ``--meteor-gamma 1e308`` printed ``-Infinity``)."""
    ref, hyp, hyp2 = files
    for systems in ([hyp], [hyp, hyp2])[: 1 if "-sl" in options else 2]:
        result = cli(ref, "-i", *systems, *options, "-f", "json")
        assert (result.code, result.err) == (0, ""), result
        for text in result.out.splitlines() if "-sl" in options else [result.out]:
            _strict_json(text)


def test_meteor_edges_are_strict_json(files: tuple[str, str, str], wordnet: object) -> None:
    ref, hyp, _ = files
    options = ("--meteor-gamma", "1", "--meteor-beta", "0", "--meteor-alpha", "0")
    result = cli(ref, "-i", hyp, "-m", "meteor", *options, "-f", "json")
    assert (result.code, result.err) == (0, ""), result
    _strict_json(result.out)
