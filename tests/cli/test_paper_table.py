"""``--paper-table``: every system ranked in significance clusters, with intervals.

Oracles: the HTML report's clusters for the same inputs (`parbleu.report.significance`);
the WMT cluster rule applied by hand, in this file, to the p-values of
``parbleu.significance.paired_bootstrap`` and ``paired_randomization`` run pair by pair (each
equal to sacreBLEU 2.6.0's, tests/significance); sacreBLEU's ``corpus_bleu``/``corpus_ter``
for the scores; ``paired_bootstrap``'s estimates for the intervals; a LaTeX parser written
here (columns per row, balanced braces, booktabs rules, nothing after ``\\end{tabular}``) and
``pdflatex`` where installed; the ``csv`` and ``json`` modules; sacreBLEU's command line for
``--table-style sacrebleu``. The bundled sample plus a system one segment away from
``system-fair`` (so that one cluster holds two systems); few resamples.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import sacrebleu

from parbleu import BLEU, TER
from parbleu.report.inputs import ReportInputs, Significance
from parbleu.report.scoring import score_columns
from parbleu.report.significance import metric_tests
from parbleu.significance import paired_bootstrap, paired_randomization
from tests.cli.test_formats import ours, theirs
from tests.compat.callers.patterns import assert_identical
from tests.latex import compile_table

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"
N = "100"  # bootstrap resamples and randomization trials: enough to separate, cheap


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """References, and four systems under ``sys/``: strong, fair, fair_plus (fair with the
    first segment of strong), weak."""
    folder = tmp_path_factory.mktemp("paper")
    (folder / "sys").mkdir()
    systems = {name: _lines(SAMPLE / f"system-{name}.txt") for name in ("strong", "fair", "weak")}
    systems["fair_plus"] = systems["strong"][:1] + systems["fair"][1:]
    paths = {}
    for name, lines in systems.items():
        path = folder / "sys" / f"{name}.txt"
        path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        paths[name] = str(path)
    refs = [str(SAMPLE / "ref.A.txt"), str(SAMPLE / "ref.B.txt")]
    return {"refs": refs, "paths": paths, "systems": systems}


def _table(files: dict[str, Any], *options: str) -> str:
    argv = [*files["refs"], "-i", *files["paths"].values(), "--paper-table", "-pbsn", N]
    code, out, err = ours(*argv, *options)
    assert code == 0, err
    return out


@pytest.fixture(scope="module")
def csv_rows(files: dict[str, Any]) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(_table(files, "-m", "bleu", "ter", "-f", "csv"))))


def _refs(files: dict[str, Any]) -> list[list[str]]:
    return [_lines(Path(path)) for path in files["refs"]]


def _by_hand(scores: dict[str, float], p: dict[frozenset[str], float], higher: bool) -> dict:
    """WMT's rule (Barrault et al. 2019): sort by score; a boundary after position k iff
    every pair across it has p < 0.05; ranks are the cluster's first and last positions."""
    order = sorted(scores, key=lambda s: -scores[s] if higher else scores[s])
    ranks, start = {}, 0
    for k in range(len(order)):
        above, below = order[: k + 1], order[k + 1 :]
        if not below or all(p[frozenset((a, b))] < 0.05 for a in above for b in below):
            for s in order[start : k + 1]:
                ranks[s] = (start + 1, k + 1)
            start = k + 1
    return ranks


def _pairwise_p(files: dict[str, Any], metric: Any, test: str) -> dict[frozenset[str], float]:
    systems = files["systems"]
    stats = {name: metric.statistics(lines) for name, lines in systems.items()}
    p = {}
    names = list(systems)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            pair = {a: stats[a], b: stats[b]}
            if test == "bs":
                result = paired_bootstrap(metric, pair, n_samples=int(N), seed=12345)
            else:
                result = paired_randomization(metric, pair, n_trials=int(N), seed=12345)
            p[frozenset((a, b))] = result.systems[0].p_value
    return p


def _ranks(rows: list[dict[str, str]], metric: str) -> dict[str, tuple[int, int]]:
    return {
        r["system"]: (int(r[f"{metric} rank low"]), int(r[f"{metric} rank high"])) for r in rows
    }


def test_ranks_equal_the_wmt_rule_by_hand_on_pairwise_bootstrap_p_values(
    files: dict[str, Any], csv_rows: list[dict[str, str]]
) -> None:
    refs = _refs(files)
    for name, metric in (("BLEU", BLEU(refs)), ("TER", TER(refs))):
        scores = {r["system"]: float(r[name]) for r in csv_rows}
        expected = _by_hand(scores, _pairwise_p(files, metric, "bs"), metric.higher_is_better)
        assert _ranks(csv_rows, name) == expected
    # the example has a shared cluster, and TER ranks its lowest score first
    assert _ranks(csv_rows, "BLEU")["fair"] == _ranks(csv_rows, "BLEU")["fair_plus"] == (2, 3)
    ter = {r["system"]: float(r["TER"]) for r in csv_rows}
    assert _ranks(csv_rows, "TER")[min(ter, key=ter.__getitem__)] == (1, 1)
    assert next(r["system"] for r in csv_rows) == "strong"  # rows: the first metric's order


def test_randomization_ranks_equal_the_rule_by_hand(files: dict[str, Any]) -> None:
    out = _table(files, "-par", "-parn", N, "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    scores = {r["system"]: float(r["BLEU"]) for r in rows}
    p = _pairwise_p(files, BLEU(_refs(files)), "ar")
    assert _ranks(rows, "BLEU") == _by_hand(scores, p, higher=True)


def test_ranks_equal_the_reports_clusters(
    files: dict[str, Any], csv_rows: list[dict[str, str]]
) -> None:
    inputs = ReportInputs.create(
        _refs(files),
        files["systems"],
        metrics=("bleu", "ter"),
        significance=Significance(bootstrap=int(N), trials=int(N), seed=12345),
    )
    names = inputs.system_names
    for column in score_columns(inputs, lambda _: None):
        ranking = metric_tests(column, names, inputs.baseline, inputs.significance).ranking
        report = dict(zip(names, ranking.ranges, strict=True))
        assert _ranks(csv_rows, column.label) == report, column.label


def test_scores_and_intervals_equal_sacrebleu_and_paired_bootstrap(
    files: dict[str, Any], csv_rows: list[dict[str, str]]
) -> None:
    refs = _refs(files)
    stats = {name: BLEU(refs).statistics(lines) for name, lines in files["systems"].items()}
    oracle = paired_bootstrap(BLEU(refs), stats, n_samples=int(N), seed=12345)
    estimates = {result.system: result.estimate for result in oracle.results}
    for row in csv_rows:
        lines = files["systems"][row["system"]]
        assert float(row["BLEU"]) == pytest.approx(sacrebleu.corpus_bleu(lines, refs).score)
        assert float(row["TER"]) == pytest.approx(sacrebleu.corpus_ter(lines, refs).score)
        estimate = estimates[row["system"]]
        assert estimate is not None
        assert float(row["BLEU lower"]) == estimate.lower
        assert float(row["BLEU upper"]) == estimate.upper
        assert float(row["BLEU mean"]) == estimate.mean


def _latex_cells(line: str) -> list[str]:
    assert line.endswith("\\\\"), line
    return re.split(r"(?<!\\)&", line[:-2])


def _check_latex(lines: Sequence[str]) -> list[list[str]]:
    """A booktabs tabular with nothing after it; comments only before it; the cells."""
    begin = lines.index(next(x for x in lines if x.startswith("\\begin{tabular}")))
    assert all(line.startswith("%") for line in lines[:begin])
    assert lines[-1] == "\\end{tabular}"
    assert lines[-2] == "\\bottomrule"
    assert lines[begin + 1] == "\\toprule"
    assert lines[begin + 3] == "\\midrule"
    spec = re.fullmatch(r"\\begin\{tabular\}\{([lcr]+)\}", lines[begin])
    assert spec is not None
    rows = [_latex_cells(line) for line in lines[begin + 1 : -2] if not line.startswith("\\")]
    assert all(len(cells) == len(spec.group(1)) for cells in rows)
    text = "\n".join(lines[begin:])
    unescaped = re.sub(r"\\[{}]", "", text)
    assert unescaped.count("{") == unescaped.count("}")
    assert not re.search(r"(?<!\\)[%_#$]", text)  # specials are escaped
    return rows


def test_latex_is_booktabs_with_a_rule_between_clusters(files: dict[str, Any]) -> None:
    lines = _table(files, "-m", "bleu", "ter", "-f", "latex").splitlines()
    rows = _check_latex(lines)
    assert [c.strip() for c in rows[0]][:4] == ["BLEU rank", "System", "BLEU", "BLEU 95\\% CI"]
    systems = [cells[1].strip() for cells in rows[1:]]
    assert systems[0] == "strong"
    assert set(systems[1:3]) == {"fair", "fair\\_plus"}
    assert rows[2][0].strip() == rows[3][0].strip() == "2--3"
    body = lines[lines.index("\\midrule") + 1 : -2]
    # clusters {strong}, {fair, fair_plus}, {weak}: two rules inside the body
    assert [i for i, line in enumerate(body) if line == "\\midrule"] == [1, 4]


def test_latex_compiles(files: dict[str, Any], tmp_path: Path) -> None:
    compile_table(_table(files, "-m", "bleu", "chrf", "-f", "latex"), tmp_path)


def test_markdown_rows_have_equal_columns(files: dict[str, Any]) -> None:
    out = _table(files, "-m", "bleu", "chrf", "-f", "markdown").splitlines()
    rows = [line for line in out if line.startswith("|")]
    counts = {len(re.split(r"(?<!\\)\|", line)) for line in rows}
    assert counts == {2 + 1 + 3 + 3}  # outer bars, rank/system/score/CI, chrF2's three
    assert re.fullmatch(r"\| ---: \| --- (\| ---: )+\|", rows[1])
    assert len(rows) == 2 + 4
    assert rows[2].startswith("| 1 | strong | ")


def test_json_equals_the_csv(files: dict[str, Any], csv_rows: list[dict[str, str]]) -> None:
    rows = json.loads(_table(files, "-m", "bleu", "ter"))
    assert [r["system"] for r in rows] == [r["system"] for r in csv_rows]
    for got, row in zip(rows, csv_rows, strict=True):
        assert got["TER"]["score"] == float(row["TER"])
        assert got["TER"]["rank"] == [int(row["TER rank low"]), int(row["TER rank high"])]
        assert got["TER"]["higher_is_better"] is False


def test_text_names_systems_by_stem_with_the_signatures(files: dict[str, Any]) -> None:
    out = _table(files, "-f", "text", "-w", "2")
    assert "sys/" not in out
    assert "fair_plus" in out
    assert "bs:100|seed:12345" in out
    assert "paired bootstrap resampling (100 resamples)" in out
    rows = [line.split() for line in out.splitlines()[:7]]
    assert rows[2][:2] == ["1", "strong"]
    assert rows[3][0].startswith("---")


def test_files_with_the_same_stem_keep_their_paths(files: dict[str, Any], tmp_path: Path) -> None:
    other = tmp_path / "strong.txt"
    shutil.copy(files["paths"]["strong"], other)
    argv = [*files["refs"], "-i", files["paths"]["strong"], str(other), files["paths"]["weak"]]
    code, out, err = ours(*argv, "--paper-table", "-pbsn", "20", "-f", "csv")
    assert code == 0, err
    assert {row["system"] for row in csv.DictReader(io.StringIO(out))} == {
        files["paths"]["strong"],
        str(other),
        files["paths"]["weak"],
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--paper-table", "-ci"], "-ci"),
        (["--paper-table", "--blocks"], "--blocks"),
        (["--paper-table", "-b"], "-b/--score-only"),
        (["--paper-table", "-f", "text", "--table-style", "sacrebleu"], "--table-style"),
        (["--paper-table", "-sl"], "sentence-level"),
        (["-pbs", "-f", "csv"], "--paper-table"),
        (["-f", "markdown"], "--paper-table"),
    ],
)
def test_what_it_cannot_honour_is_a_usage_error(
    files: dict[str, Any], options: list[str], message: str
) -> None:
    code, out, err = ours(*files["refs"], "-i", *files["paths"].values(), *options)
    assert (code, out) == (2, "")
    assert message in err


def test_one_system_is_a_usage_error(files: dict[str, Any]) -> None:
    code, _, err = ours(*files["refs"], "-i", files["paths"]["fair"], "--paper-table")
    assert code == 2
    assert "two systems" in err


def test_sacrebleu_table_style_is_sacrebleus_text(
    files: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``-pbs -f text --table-style sacrebleu`` prints what ``sacrebleu -pbs -f text`` prints
    (but for the version in the signatures)."""
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    paths = files["paths"]
    argv = [*files["refs"], "-i", paths["fair"], paths["strong"], paths["weak"], "-pbs"]
    argv += ["-pbsn", N, "-m", "bleu", "chrf", "-f", "text"]
    code, ours_text, err = ours(*argv, "--table-style", "sacrebleu")
    assert code == 0, err
    assert_identical(theirs(*argv), ours_text)


def test_the_report_refuses_it(files: dict[str, Any], tmp_path: Path) -> None:
    """``parbleu report`` has its own cluster table: ``--paper-table`` is a usage error there."""
    argv = ["report", *files["refs"], "-i", *files["paths"].values(), "--paper-table"]
    code, out, err = ours(*argv, "-o", str(tmp_path / "r.html"))
    assert (code, out) == (2, "")
    assert "--paper-table does not apply to parbleu report" in err
    assert not (tmp_path / "r.html").exists()


@pytest.mark.parametrize("test", ["bs", "ar"])
def test_json_p_values_equal_the_tests_run_pair_by_pair(files: dict[str, Any], test: str) -> None:
    options = ["-par", "-parn", N] if test == "ar" else []
    rows = json.loads(_table(files, *options))
    oracle = _pairwise_p(files, BLEU(_refs(files)), test)
    for row in rows:
        p_values = row["BLEU"]["p_values"]
        assert set(p_values) == set(files["systems"]) - {row["system"]}
        for other, p in p_values.items():
            assert p == oracle[frozenset((row["system"], other))]


def test_identical_systems_by_hand(files: dict[str, Any], tmp_path: Path) -> None:
    """A copy of a system differs from it by 0 on every resample, so no centred resampled
    difference is strictly above the observed 0: p = (0 + 1) / (n + 1) (sacreBLEU's and
    MultEval's convention), below 0.05 for n = 100. Equal scores are never separated, so
    the copy shares the original's cluster (ranks 1-2); weak (BLEU 2.6 against 38.4) is
    significantly worse than both and comes third."""
    copy = tmp_path / "copy.txt"
    shutil.copy(files["paths"]["fair"], copy)
    argv = [*files["refs"], "-i", files["paths"]["fair"], str(copy), files["paths"]["weak"]]
    code, out, err = ours(*argv, "--paper-table", "-pbsn", N, "-f", "csv")
    assert code == 0, err
    ranks = _ranks(list(csv.DictReader(io.StringIO(out))), "BLEU")
    assert ranks == {"fair": (1, 2), "copy": (1, 2), "weak": (3, 3)}
    rows = json.loads(ours(*argv, "--paper-table", "-pbsn", N)[1])
    assert rows[0]["BLEU"]["p_values"]["copy"] == 1 / (int(N) + 1)


def test_a_test_set_file_names_systems_by_stream(files: dict[str, Any], tmp_path: Path) -> None:
    """Systems of ``--test-set-file`` keep their stream names; scores as sacreBLEU's."""
    refs = _refs(files)
    systems = files["systems"]
    path = tmp_path / "test.jsonl"
    records = [
        {"ref": ref, **{f"mt:{name}": systems[name][i] for name in ("weak", "strong")}}
        for i, ref in enumerate(refs[0])
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    code, out, err = ours("--test-set-file", str(path), "--paper-table", "-pbsn", N, "-f", "csv")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["system"] for r in rows] == ["mt:strong", "mt:weak"]
    expected = sacrebleu.corpus_bleu(systems["strong"], refs[:1]).score
    assert float(rows[0]["BLEU"]) == pytest.approx(expected)
