"""A third-party metric, installed from tests/plugins/unigram_f, in every command and view.

The package holds exactly what docs/architecture.md's "Adding a metric" asks for: a folder
with the metric, its options and an ``entry.py`` declaring its `MetricEntry`, and one
registration line (for a plug-in, its entry point in ``pyproject.toml``). The test installs
it (its files and a ``dist-info`` with that entry point, in a temporary folder on the path)
and runs ``-m unigram_f`` with ``-sl``, ``-pbs``, ``--blocks``, ``parbleu meta``,
``parbleu report`` and the Python API (significance, pairwise, rewards). Broken plug-ins are
one-line errors that name them and break nothing else.

Oracle: hand maths. Unigram matches are counted here with `collections.Counter` (clipped
counts, the best of several references); the paired bootstrap is Koehn's (2004) as sacreBLEU
2.6.0 computes it (``rng.choice(n, (B, n))`` with seed 12345, p = (c + 1) / (B + 1) over
centred absolute differences); the block test and the correlations are scipy's.
"""

from __future__ import annotations

import io
import json
import random
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from scipy import stats as scipy_stats

from parbleu import pairwise, significance
from parbleu.cli.main import run
from parbleu.errors import OptionError, PluginError
from parbleu.metrics.registry import builtin_entries, metric_entries, metric_entry
from parbleu.report import build_report
from parbleu.rewards import reward_function, sentence_scores
from tests.cli.test_options_binder import check_every_flag

PACKAGE = Path(__file__).parent / "unigram_f"
WORDS = ["the", "a", "cat", "dog", "sat", "ran", "on", "mat", "The", "big", "small", ",", "."]


def _entry_points() -> str:
    """The ``[parbleu.metrics]`` table of the package's pyproject.toml, as entry_points.txt."""
    text = (PACKAGE / "pyproject.toml").read_text(encoding="utf-8")
    table = text.split('[project.entry-points."parbleu.metrics"]', 1)[1].split("\n[", 1)[0]
    points = re.findall(r'^(\w+) = "([\w.:]+)"$', table, flags=re.MULTILINE)
    assert points == [("unigram_f", "unigram_f.entry:ENTRY")]
    return "[parbleu.metrics]\n" + "".join(f"{name} = {value}\n" for name, value in points)


def _dist_info(site: Path, name: str, entry_points: str) -> None:
    info = site / f"{name}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The plug-in installed in a folder on the path (as ``pip install --target`` would)."""
    folder = tmp_path_factory.mktemp("site")
    shutil.copytree(PACKAGE / "unigram_f", folder / "unigram_f")
    _dist_info(folder, "unigram_f", _entry_points())
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(folder))
        yield folder


# -- the oracle ------------------------------------------------------------------------------


def _row(hyp: str, refs: Sequence[str], lowercase: bool = True) -> tuple[int, int, int]:
    """(matches, hypothesis words, reference words) with the best reference (first on a tie)."""

    def words(line: str) -> Counter[str]:
        return Counter((line.lower() if lowercase else line).split())

    hyp_words = words(hyp)
    best: tuple[int, int] | None = None
    for ref in refs:
        ref_words = words(ref)
        matches = sum((hyp_words & ref_words).values())
        if best is None or matches > best[0]:
            best = (matches, sum(ref_words.values()))
    assert best is not None
    return best[0], sum(hyp_words.values()), best[1]


def _score(m: float, h: float, r: float, measure: str = "f") -> float:
    denominator = {"f": (h + r) / 2, "precision": h, "recall": r}[measure]
    return 100.0 * m / denominator if denominator else 0.0


def _rows(hyps: Sequence[str], refs: Sequence[Sequence[str]], lowercase: bool = True) -> Any:
    return np.array(
        [_row(h, [s[i] for s in refs], lowercase) for i, h in enumerate(hyps)], dtype=float
    )


def _corpus(hyps: Sequence[str], refs: Sequence[Sequence[str]], **kw: Any) -> float:
    measure = kw.pop("measure", "f")
    return _score(*_rows(hyps, refs, **kw).sum(axis=0), measure=measure)


# -- the data --------------------------------------------------------------------------------


def _line(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 9)))


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Two reference streams and three systems of 24 segments, as files."""
    rng = random.Random(21)
    folder = tmp_path_factory.mktemp("data")
    refs = [[_line(rng) for _ in range(24)] for _ in range(2)]
    systems = {name: [_line(rng) for _ in range(24)] for name in ("a", "b", "c")}
    files = {}
    for name, lines in [("ref1", refs[0]), ("ref2", refs[1]), *systems.items()]:
        files[name] = folder / f"{name}.txt"
        files[name].write_text("\n".join(lines) + "\n", encoding="utf-8")
    return {"refs": refs, "systems": systems, "files": {k: str(v) for k, v in files.items()}}


def _parbleu(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), None, out, err)
    return code, out.getvalue(), err.getvalue()


def _scored(data: dict[str, Any], *argv: str) -> Any:
    files = data["files"]
    code, out, err = _parbleu(files["ref1"], files["ref2"], *argv, "-m", "unigram_f")
    assert code == 0, err
    return json.loads(out)


# -- the tests -------------------------------------------------------------------------------


def test_the_registry_finds_it(site: Path) -> None:
    entry = metric_entry("unigram_f")
    assert entry.title == "UniF"
    assert metric_entries()[-1].name == "unigram_f"
    assert metric_entries()[: len(builtin_entries())] == builtin_entries()
    assert str(metric_entry("unigram_p").build().options.measure) == "precision"
    check_every_flag(entry, builtin_entries())  # --no-unigram-f-lowercase included


def test_corpus_scores_and_options(site: Path, data: dict[str, Any]) -> None:
    a, refs = data["systems"]["a"], data["refs"]
    got = _scored(data, "-i", data["files"]["a"])
    assert got["score_unrounded"] == pytest.approx(_corpus(a, refs), rel=1e-15)
    assert got["name"] == "UniF"
    cased = _scored(data, "-i", data["files"]["a"], "--no-unigram-f-lowercase")
    assert cased["score_unrounded"] == pytest.approx(_corpus(a, refs, lowercase=False))
    assert cased["score_unrounded"] != got["score_unrounded"]
    recall = _scored(data, "-i", data["files"]["a"], "--unigram-f-measure", "recall")
    assert recall["score_unrounded"] == pytest.approx(_corpus(a, refs, measure="recall"))
    several = _scored(data, "-i", data["files"]["a"], data["files"]["b"])
    assert [s["parbleu"]["UniF"]["score_unrounded"] for s in several] == pytest.approx(
        [_corpus(data["systems"][n], refs) for n in "ab"]
    )


def test_sentence_level(site: Path, data: dict[str, Any]) -> None:
    files, a = data["files"], data["systems"]["a"]
    code, out, err = _parbleu(
        files["ref1"], files["ref2"], "-i", files["a"], "-m", "unigram_f", "-sl"
    )
    assert code == 0, err
    got = [json.loads(line)["score_unrounded"] for line in out.splitlines()]
    assert got == pytest.approx([_score(*row) for row in _rows(a, data["refs"])])


def _koehn_p_value(base: Any, system: Any, samples: int) -> float:
    """Paired bootstrap p-value as sacreBLEU 2.6.0 computes it (seed 12345)."""
    indices = np.random.default_rng(12345).choice(len(base), size=(samples, len(base)))
    base_scores = np.array([_score(*base[i].sum(axis=0)) for i in indices])
    system_scores = np.array([_score(*system[i].sum(axis=0)) for i in indices])
    observed = abs(_score(*base.sum(axis=0)) - _score(*system.sum(axis=0)))
    differences = np.abs(system_scores - base_scores)
    return float((np.sum(differences - differences.mean() > observed) + 1) / (samples + 1))


def test_paired_bootstrap(site: Path, data: dict[str, Any]) -> None:
    files, refs = data["files"], data["refs"]
    got = _scored(data, "-i", files["a"], files["b"], files["c"], "-pbs", "-pbsn", "300")
    rows = {n: _rows(data["systems"][n], refs) for n in "abc"}
    for result, name in zip(got[1:], "bc", strict=True):
        expected = _koehn_p_value(rows["a"], rows[name], 300)
        assert result["UniF"]["p_value"] == pytest.approx(expected, abs=1e-12)
    # the library's paired test, on the metric the registry builds, says the same
    metric = metric_entry("unigram_f").build().with_references(refs)
    stats = {n: metric.statistics(data["systems"][n]) for n in "abc"}
    tests = significance.paired_bootstrap(metric, stats, n_samples=300)
    assert [t.p_value for t in tests.systems] == pytest.approx(
        [_koehn_p_value(rows["a"], rows[n], 300) for n in "bc"]
    )


def test_block_test(site: Path, data: dict[str, Any]) -> None:
    files, refs = data["files"], data["refs"]
    got = _scored(data, "-i", files["a"], files["b"], "--blocks", "4")
    blocks = {n: _rows(data["systems"][n], refs).reshape(4, 6, 3).sum(axis=1) for n in "ab"}
    scores = {n: [_score(*row) for row in blocks[n]] for n in "ab"}
    assert got[0]["UniF"]["block_scores"] == pytest.approx(scores["a"])
    assert got[1]["UniF"]["block_scores"] == pytest.approx(scores["b"])
    expected = scipy_stats.ttest_rel(scores["b"], scores["a"])
    assert got[1]["UniF"]["vs_baseline"]["t"] == pytest.approx(expected.statistic)
    assert got[1]["UniF"]["vs_baseline"]["p_value"] == pytest.approx(expected.pvalue)


def test_meta(site: Path, data: dict[str, Any], tmp_path: Path) -> None:
    files, refs = data["files"], data["refs"]
    human = {"a": 70.0, "b": 50.0, "c": 65.0}
    path = tmp_path / "human.tsv"
    path.write_text("".join(f"{name}\t{score}\n" for name, score in human.items()))
    code, out, err = _parbleu(
        "meta", "--refs", files["ref1"], files["ref2"], "--systems",
        files["a"], files["b"], files["c"], "--human", str(path), "-m", "unigram_f",
        "--bootstrap", "0", "-f", "json",
    )  # fmt: skip
    assert code == 0, err
    correlation = json.loads(out)["system_level"][0]
    scores = [_corpus(data["systems"][n], refs) for n in "abc"]
    expected = scipy_stats.pearsonr(scores, list(human.values())).statistic
    assert correlation["pearson"]["value"] == pytest.approx(expected, rel=1e-12)


def test_report(site: Path, data: dict[str, Any], tmp_path: Path) -> None:
    files, refs, systems = data["files"], data["refs"], data["systems"]
    report = build_report(refs, systems, metrics=["unigram_f", "bleu"])
    shown = report.overview["metrics"][0]
    assert (shown["key"], shown["title"], shown["view"]) == ("unigram_f", "UniF", "score")
    assert (shown["decimals"], shown["percent"], shown["higher_is_better"]) == (1, True, True)
    assert shown["note"] == "words are split on whitespace"
    assert shown["corpus"] == pytest.approx([_corpus(systems[n], refs) for n in "abc"])
    output = tmp_path / "report.html"
    code, _, err = _parbleu(
        "report", files["ref1"], files["ref2"], "-i", files["a"], files["b"],
        "-m", "unigram_f", "--unigram-f-measure", "precision", "-o", str(output),
    )  # fmt: skip
    assert code == 0, err
    assert output.stat().st_size > 0


def test_pairwise_and_rewards(site: Path) -> None:
    hyps = ["the cat sat", "a dog", "The cat"]
    refs = ["the cat sat on the mat", "a big dog"]
    expected = [[_score(*_row(h, [r])) for r in refs] for h in hyps]
    got = pairwise.matrix(hyps, refs, metric="unigram_f")
    assert got == pytest.approx(np.array(expected), rel=1e-15)
    assert pairwise.mbr(hyps, metric="unigram_f").index == int(
        np.argmax([np.mean([_score(*_row(h, [r])) for r in hyps]) for h in hyps])
    )
    pairs = sentence_scores(hyps[:2], refs, metric="unigram_p")
    assert pairs.tolist() == pytest.approx(
        [_score(*_row(h, [r]), measure="precision") for h, r in zip(hyps, refs, strict=False)]
    )
    reward = reward_function("unigram_f", reference_column="ref")
    given = reward(prompts=["p", "p"], completions=hyps[:2], completion_ids=[[1], [2]], ref=refs)
    assert given == pytest.approx([e / 100 for e in (expected[0][0], expected[1][1])])


# -- broken plug-ins -------------------------------------------------------------------------

BROKEN = {
    "no_module": ("no_such_module.entry:ENTRY", "cannot be imported: ModuleNotFoundError"),
    "not_entry": ("unigram_f.metric:LAYOUT", "is a Layout, not a parbleu.metrics.registry"),
    "bleu": ("unigram_f.entry:ENTRY", "'bleu' is the name of a built-in metric"),
    "other_name": ("unigram_f.entry:ENTRY", "declares the metric 'unigram_f'"),
}


@pytest.fixture(scope="module")
def broken(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Four broken plug-ins installed beside the working one."""
    folder = tmp_path_factory.mktemp("broken")
    for name, (value, _) in BROKEN.items():
        _dist_info(folder, f"broken_{name}", f"[parbleu.metrics]\n{name} = {value}\n")
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(folder))
        yield folder


@pytest.mark.parametrize("name", [n for n in BROKEN if n != "bleu"])
def test_a_broken_plugin_is_one_line_naming_it(
    broken: Path, data: dict[str, Any], name: str
) -> None:
    value, problem = BROKEN[name]
    with pytest.raises(PluginError, match=re.escape(problem)) as raised:
        metric_entry(name)
    assert f"entry point {value!r} of package 'broken_{name}'" in str(raised.value)
    files = data["files"]
    code, out, err = _parbleu(files["ref1"], "-i", files["a"], "-m", name)
    assert (code, out) == (2, "")
    assert f"metric plug-in {name!r}" in err
    assert len(err.strip().splitlines()) == 1, err


def test_broken_plugins_break_nothing_else(
    broken: Path, data: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    assert metric_entry("bleu") is builtin_entries()[0]  # the built-in, not the impostor
    assert metric_entry("unigram_f").title == "UniF"
    with pytest.raises(OptionError, match="unknown metric 'nope'; choose from bleu"):
        metric_entry("nope")
    files = data["files"]
    for metric in ("bleu", "unigram_f"):
        code, _, err = _parbleu(files["ref1"], "-i", files["a"], "-m", metric)
        assert code == 0, err
    with pytest.raises(PluginError, match="'bleu' is the name of a built-in metric"):
        metric_entries()  # listing every metric asks for every plug-in
    capsys.readouterr()
    with pytest.raises(SystemExit) as exited:
        run(["--help"], None, io.StringIO(), io.StringIO())
    assert exited.value.code == 0
    shown = capsys.readouterr().out  # argparse prints the help on sys.stdout
    assert "metric plug-ins that cannot be used" in shown
    assert "--unigram-f-measure" in shown


def test_plain_runs_do_not_read_entry_points(site: Path, data: dict[str, Any]) -> None:
    """``importlib.metadata`` (~40 ms) is imported only when a plug-in is asked for."""
    files = data["files"]
    script = (
        "import io, sys\nfrom parbleu.cli.main import run\n"
        "assert run(sys.argv[1:], None, io.StringIO(), sys.stderr) == 0\n"
        "print('importlib.metadata' in sys.modules, 'unigram_f' in sys.modules)"
    )
    path = [str(site), *sys.path]
    env = {"PYTHONPATH": ":".join(p for p in path if p), "PATH": "/usr/bin:/bin"}

    def loaded(*metrics: str) -> str:
        argv = [files["ref1"], "-i", files["a"], "-m", *metrics]
        done = subprocess.run(
            [sys.executable, "-c", script, *argv], capture_output=True, text=True, env=env,
            check=True, timeout=120,
        )  # fmt: skip
        return done.stdout.strip()

    assert loaded("bleu", "chrf") == "False False"
    assert loaded("bleu", "unigram_f") == "True True"
