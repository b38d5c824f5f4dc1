"""`parbleu.report.export` and ``parbleu report --export``: the files parse and hold the numbers.

Oracles: sacreBLEU 2.6.0 (``corpus_bleu``/``corpus_chrf``/``corpus_ter`` and their sentence
variants, ``sentence_bleu`` being the report's segment BLEU), parbleu's ``paired_bootstrap``
(intervals and p-values, itself checked against sacreBLEU elsewhere), the csv and json
modules, and a small LaTeX reader below (booktabs rules in order, as many cells in every
row as the ``tabular`` declares columns).
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
import sacrebleu

from parbleu import BLEU, CHRF, TER
from parbleu.cli.main import run
from parbleu.errors import InputError
from parbleu.report import build_report
from parbleu.report.build import Report
from parbleu.report.export import EXPORT_NAMES, export_files, write_exports
from parbleu.significance import paired_bootstrap
from tests.latex import compile_table

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"
NAMES = {"strong": "strong_1 & co", "fair": 'fair,"2"', "weak": "weak%"}


@pytest.fixture(scope="module")
def report(sample: dict[str, Any]) -> Report:
    systems = {NAMES[q]: lines for q, lines in sample["systems"].items()}
    return build_report(
        sample["refs"], systems, metrics=("bleu", "chrf", "ter"), reference_names=["A", "B"]
    )


@pytest.fixture(scope="module")
def files(report: Report) -> dict[str, str]:
    return export_files(report)


def latex_rows(text: str) -> list[list[list[str]]]:
    r"""Each ``tabular`` of `text` as rows of cells; checks booktabs structure and widths."""
    tables = []
    for match in re.finditer(r"\\begin\{tabular\}\{(\w+)\}\n(.*?)\\end\{tabular\}", text, re.S):
        spec, body = match.groups()
        lines = body.splitlines()
        assert lines[0] == "\\toprule"
        assert lines[2] == "\\midrule"
        assert lines[-1] == "\\bottomrule"
        rows = []
        for line in lines[1:-1]:
            if line == "\\midrule":
                continue
            assert line.endswith("\\\\"), line
            cells = re.split(r"(?<!\\)&", line[:-2])
            assert len(cells) == len(spec), line
            rows.append([c.strip() for c in cells])
        tables.append(rows)
    assert tables, "no tabular"
    return tables


def unescape(cell: str) -> str:
    return re.sub(r"\\([&%$#_{}])", r"\1", cell)


def test_overview_csv_equals_sacrebleu_and_paired_bootstrap(
    files: dict[str, str], sample: dict[str, Any], report: Report
) -> None:
    rows = {r["system"]: r for r in csv.DictReader(io.StringIO(files["overview.csv"]))}
    refs = sample["refs"]
    seed = report.overview["significance"]["seed"]
    for label, metric, oracle in (
        ("BLEU", BLEU(refs), sacrebleu.corpus_bleu),
        ("chrF2", CHRF(refs), sacrebleu.corpus_chrf),
        ("TER", TER(refs), sacrebleu.corpus_ter),
    ):
        stats = {NAMES[q]: metric.statistics(lines) for q, lines in sample["systems"].items()}
        test = paired_bootstrap(metric, stats, seed=seed)
        for result in test.results:
            row = rows[result.system]
            lines = sample["systems"][next(q for q, n in NAMES.items() if n == result.system)]
            assert float(row[label]) == pytest.approx(oracle(lines, refs).score, abs=1e-9)
            assert result.estimate is not None
            assert float(row[f"{label} lower"]) == result.estimate.lower
            assert float(row[f"{label} upper"]) == result.estimate.upper
            p = row[f"{label} p bootstrap"]
            assert (float(p) if p else None) == result.p_value


def test_segments_csv_and_json_hold_sacrebleu_sentence_scores(
    files: dict[str, str], sample: dict[str, Any]
) -> None:
    rows = list(csv.DictReader(io.StringIO(files["segments.csv"])))
    records = json.loads(files["segments.json"])
    refs = sample["refs"]
    assert len(rows) == len(records) == len(refs[0])
    for q, lines in sample["systems"].items():
        name = NAMES[q]
        for seg, hyp in enumerate(lines):
            pair = [refs[0][seg], refs[1][seg]]
            for label, score in (
                ("BLEU", sacrebleu.sentence_bleu(hyp, pair).score),
                ("chrF2", sacrebleu.sentence_chrf(hyp, pair).score),
                ("TER", sacrebleu.sentence_ter(hyp, pair).score),
            ):
                assert rows[seg][f"{label} {name}"] == f"{score:.2f}"
                assert records[seg]["scores"][label][name] == float(f"{score:.2f}")
            assert rows[seg][f"output {name}"] == records[seg]["outputs"][name] == hyp
    assert [r["reference B"] for r in rows] == refs[1]
    assert [r["segment"] for r in records] == list(range(1, len(rows) + 1))


def test_latex_tables_parse_and_escape_names(files: dict[str, str], report: Report) -> None:
    (overview,) = latex_rows(files["overview.tex"])
    assert overview[0][:2] == ["System", "BLEU"]
    assert overview[0][2] == "BLEU 95\\% CI"
    assert [unescape(r[0]) for r in overview[1:]] == report.overview["systems"]
    clusters = latex_rows(files["clusters.tex"])
    assert len(clusters) == 3
    bleu = next(m for m in report.overview["metrics"] if m["label"] == "BLEU")
    shown = [unescape(r[1]) for r in clusters[0][1:]]
    assert shown == [report.overview["systems"][s] for s in bleu["order"]]
    assert "strong\\_1 \\& co" in files["clusters.tex"]
    assert all(line.startswith("%") for line in files["overview.tex"].splitlines()[:4])
    assert files["clusters.tex"].rstrip().endswith("\\end{tabular}")


@pytest.mark.parametrize("name", ["overview.tex", "clusters.tex"])
def test_latex_tables_compile(files: dict[str, str], name: str, tmp_path: Path) -> None:
    compile_table(files[name], tmp_path)


def test_cli_export_writes_the_same_files(tmp_path: Path) -> None:
    refs = [str(SAMPLE / "ref.A.txt"), str(SAMPLE / "ref.B.txt")]
    systems = [str(SAMPLE / f"system-{q}.txt") for q in ("strong", "weak")]
    argv = ["report", *refs, "-i", *systems, "-o", str(tmp_path / "r.html")]
    out, err = io.StringIO(), io.StringIO()
    code = run([*argv, "--export", str(tmp_path / "ex"), "-q", "--seed", "7"], None, out, err)
    assert code == 0, err.getvalue()
    written = sorted(p.name for p in (tmp_path / "ex").iterdir())
    assert written == sorted(EXPORT_NAMES)
    overview = (tmp_path / "ex" / "overview.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(overview)))
    assert [r["system"] for r in rows] == ["system-strong", "system-weak"]
    weak = (SAMPLE / "system-weak.txt").read_text(encoding="utf-8").splitlines()
    refs_text = [Path(r).read_text(encoding="utf-8").splitlines() for r in refs]
    expected = sacrebleu.corpus_bleu(weak, refs_text).score
    assert float(rows[1]["BLEU"]) == pytest.approx(expected, abs=1e-9)
    assert str(tmp_path / "ex" / "segments.csv") in out.getvalue()


def test_an_export_folder_that_is_a_file_is_one_line(tmp_path: Path) -> None:
    """`--export FILE` is refused before anything is computed (exit 2); a folder that cannot
    be made is one line naming it, from the library too."""
    taken = tmp_path / "taken"
    taken.write_text("keep me\n", encoding="utf-8")
    refs = [str(SAMPLE / "ref.A.txt")]
    argv = ["report", *refs, "-i", str(SAMPLE / "system-weak.txt"), "-o", str(tmp_path / "r.html")]
    out, err = io.StringIO(), io.StringIO()
    code = run([*argv, "--export", str(taken), "-q"], None, out, err)
    assert code == 2
    assert err.getvalue() == f"parbleu report: error: --export names a folder; {taken} is a file\n"
    assert taken.read_text(encoding="utf-8") == "keep me\n"
    assert not (tmp_path / "r.html").exists()
    with pytest.raises(InputError, match=f"cannot make the folder {taken / 'sub'}: "):
        write_exports(taken / "sub", build_report([["a b"]], {"s": ["a b"]}, metrics=["bleu"]))
