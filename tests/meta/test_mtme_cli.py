"""``parbleu meta --mtme`` and parbleu.io.mtme on a small layout written here.

Oracles: the O(n^2) pair oracle and Pearson of tests/oracles/meta_pairs.py on the same
score matrices (the command must print their numbers), hand maths for the task weights and
the weighted average, and hand-broken files for the one-line errors (exit code 1 data,
2 usage): a missing language pair, a line of the wrong shape, a system with no scores, fewer
than two systems, None in metric scores, scores of a system without output.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from parbleu.cli.main import run
from parbleu.meta.tasks import TaskKind, task_set
from tests.oracles import meta_pairs as oracle

LP = "xx-yy"
SYSTEMS = {
    "A": ["a b c", "d e f", "g h i", "j k l"],
    "B": ["a b x", "d e f", "g x x", "j k x"],
    "C": ["x x x", "d x f", "g h i", "x k l"],
    "refB": ["a b c", "d e x", "g h i", "j k l"],
}
REFERENCE = ["a b c", "d e f", "g h i", "j k l"]
GOLD = {
    "A": ["-1", "None", "0", "-2"],
    "B": ["-3", "None", "-1", "-2"],
    "C": ["-5", "None", "0", "-4"],
    "refB": ["0", "None", "0", "-1"],
}
METRIC = {"A": [0.9, 0.2, 0.8, 0.7], "B": [0.5, 0.2, 0.3, 0.7], "C": [0.1, 0.3, 0.8, 0.2]}


def write_layout(root: Path, *, gold: dict[str, list[str]] | None = None) -> Path:
    for folder in ("sources", "references", f"system-outputs/{LP}", "human-scores"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    (root / "metric-scores" / LP).mkdir(parents=True, exist_ok=True)
    (root / "sources" / f"{LP}.txt").write_text("s\n" * 4, encoding="utf-8")
    (root / "references" / f"{LP}.refA.txt").write_text("\n".join(REFERENCE) + "\n")
    (root / "references" / f"{LP}.refB.txt").write_text("\n".join(SYSTEMS["refB"]) + "\n")
    for name, lines in SYSTEMS.items():
        (root / "system-outputs" / LP / f"{name}.txt").write_text("\n".join(lines) + "\n")
    scores = gold if gold is not None else GOLD
    text = "".join(f"{s}\t{v}\n" for s, values in scores.items() for v in values)
    (root / "human-scores" / f"{LP}.mqm.seg.score").write_text(text)
    metric = "".join(f"{s} {v}\n" for s, values in METRIC.items() for v in values)
    (root / "metric-scores" / LP / "M-refA.seg.score").write_text(metric)
    return root


def parbleu(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(["meta", *argv], io.BytesIO(), out, err)
    return code, out.getvalue(), err.getvalue()


def mtme(root: Path, *extra: str) -> tuple[int, str, str]:
    return parbleu("--mtme", str(root), "--lp", LP, "--gold", "mqm", "--ref", "refA", *extra)


def _matrix(values: dict[str, list[str]], systems: list[str]) -> list[list[float | None]]:
    return [[None if v == "None" else float(v) for v in values[s]] for s in systems]


def test_external_metric_statistics_are_the_oracles(tmp_path: Path) -> None:
    """Every grouped statistic of M at epsilon 0 and calibrated (oracle: meta_pairs)."""
    root = write_layout(tmp_path)
    code, out, err = mtme(root, "--metric-scores", "M", "-f", "json", "--epsilon", "0")
    assert (code, err) == (0, "")
    pair = json.loads(out)["language_pairs"][0]
    assert pair["systems"] == ["A", "B", "C"]
    assert set(pair["left_out"]) == {"refB"}  # the human translation, by default
    assert pair["rated_segments"] == 3
    human = _matrix(GOLD, ["A", "B", "C"])
    metric = [METRIC[s] for s in ("A", "B", "C")]
    (result,) = pair["metrics"]
    for grouped in result["segment"]:
        grouping = grouped["grouping"]
        counts = [oracle.pair_kinds(h, m) for h, m in oracle.groups(human, metric, grouping)]
        totals = [sum(c[k] for c in counts) for k in range(5)]
        got = grouped["counts"]
        keys = ("concordant", "discordant", "ties_human", "ties_metric", "ties_both")
        assert [got[k] for k in keys] == totals
        values = [
            oracle.statistic("acc_eq", c, h, m)
            for c, (h, m) in zip(counts, oracle.groups(human, metric, grouping), strict=True)
        ]
        assert grouped["acc_eq"]["value"] == pytest.approx(oracle.average(values))
        r = oracle.grouped_pearson(human, metric, grouping)
        assert grouped["pearson"]["value"] == pytest.approx(r)
    mean = [sum(v for v in row if v is not None) / 3 for row in human]
    assert result["system"]["pearson"] == pytest.approx(
        oracle.pearson([sum(m) / 4 for m in metric], mean)
    )


def test_calibrated_epsilon_is_the_oracles(tmp_path: Path) -> None:
    """Tie calibration by default, item grouping (oracle: meta_pairs.calibrate)."""
    code, out, _ = mtme(write_layout(tmp_path), "--metric-scores", "M", "-f", "json")
    assert code == 0
    grouped = json.loads(out)["language_pairs"][0]["metrics"][0]["segment"]
    human = _matrix(GOLD, ["A", "B", "C"])
    metric = [METRIC[s] for s in ("A", "B", "C")]
    for result in grouped:
        threshold, value = oracle.calibrate(human, metric, result["grouping"])
        assert result["epsilon"] == threshold
        assert result["calibrated"] is True
        assert result["acc_eq"]["value"] == pytest.approx(float(value))


def test_human_translations_kept_on_request(tmp_path: Path) -> None:
    """--include-human keeps refB (not refA, the reference); BLEU scored from the texts."""
    root = write_layout(tmp_path)
    METRIC["refB"] = [0.9, 0.9, 0.9, 0.9]
    try:
        code, out, err = mtme(root, "--include-human", "-m", "bleu", "-f", "json")
    finally:
        del METRIC["refB"]
    assert (code, err) == (0, "")
    pair = json.loads(out)["language_pairs"][0]
    assert pair["systems"] == ["A", "B", "C", "refB"]
    assert pair["left_out"] == {}
    assert [m["metric"] for m in pair["metrics"]] == ["BLEU"]


def test_text_and_markdown_output(tmp_path: Path) -> None:
    """Text tables name every grouping; Markdown tables have pipes (same numbers)."""
    root = write_layout(tmp_path)
    code, text, _ = mtme(root, "--metric-scores", "M", "-m", "chrf")
    assert code == 0
    assert "grouping none" in text
    assert "grouping item" in text
    assert "grouping sys" in text
    assert "refB (human translation" in text
    code, markdown, _ = mtme(root, "--metric-scores", "M", "-f", "markdown")
    assert code == 0
    assert "| Metric | Pearson |" in markdown


def test_task_weights_and_average_by_hand(tmp_path: Path) -> None:
    """WMT23: accuracy weighted by the pairs; WMT24: all equal; average of normalised values."""
    wmt23 = task_set("wmt23", ["zh-en", "en-de", "he-en"])
    assert wmt23[0].kind is TaskKind.SYSTEM_ACCURACY
    assert wmt23[0].lps == ("en-de", "he-en", "zh-en")
    assert [t.weight for t in wmt23] == pytest.approx([3 / 12] + [1 / 12] * 9)
    assert [t.weight for t in task_set("wmt24", ["en-de", "ja-zh"])] == [0.25] * 4
    root = write_layout(tmp_path)
    code, out, err = mtme(root, "--metric-scores", "M", "-m", "bleu", "--task", "wmt23")
    assert (code, err) == (0, ""), err
    code, out, _ = mtme(
        root, "--metric-scores", "M", "--task", "wmt23", "-f", "json", "--permutations", "0"
    )
    document = json.loads(out)
    (average,) = document["average"]
    by_task = [t["metrics"][0]["value"] for t in document["tasks"]]
    normalised = [
        (v + 1) / 2 if t["task"] in ("sys-pearson", "seg-pearson") else v
        for v, t in zip(by_task, document["tasks"], strict=True)
    ]
    weights = [t["weight"] for t in document["tasks"]]
    assert average["value"] == pytest.approx(
        sum(w * v for w, v in zip(weights, normalised, strict=False))
    )


def test_bad_input_is_one_line(tmp_path: Path) -> None:
    """Every broken input: one line naming the file (and line), exit code 1 or 2."""
    root = write_layout(tmp_path)
    code, out, err = parbleu("--mtme", str(root), "--lp", "en-de", "--gold", "mqm", "--ref", "refA")
    assert (code, out) == (1, "")
    assert "no language pair 'en-de'" in err
    assert "found: xx-yy" in err
    assert err.count("\n") == 1

    code, _, err = mtme(root, "--metric-scores", "Nope")
    assert code == 1
    assert "no segment scores for metric 'Nope'" in err
    assert "metrics there: M" in err

    path = root / "metric-scores" / LP / "M-refA.seg.score"
    path.write_text(path.read_text().replace("A 0.2\n", "A 0.2 extra\n", 1))
    code, _, err = mtme(root, "--metric-scores", "M")
    assert code == 1
    assert "line 2: expected SYSTEM SCORE" in err
    assert err.count("\n") == 1

    path.write_text("".join(f"{s} {v}\n" for s in ("A", "B") for v in METRIC[s]))
    code, _, err = mtme(root, "--metric-scores", "M")
    assert code == 1
    assert "no M scores for system(s) C" in err

    path.write_text("A None\n" + "".join(f"{s} 0.5\n" for s in "ABC" for _ in range(4))[7:])
    code, _, err = mtme(root, "--metric-scores", "M")
    assert code == 1
    assert "None in metric scores" in err

    path.write_text("".join(f"{s} 0.5\n" for s in ("A", "B", "C", "D") for _ in range(4)))
    code, _, err = mtme(root, "--metric-scores", "M")
    assert code == 1
    assert "system 'D', which has no output" in err

    one = {"A": GOLD["A"], "B": ["None"] * 4, "C": ["None"] * 4}
    code, _, err = mtme(write_layout(tmp_path / "one", gold=one), "-m", "bleu")
    assert code == 1
    assert "need two systems or more" in err
    assert "(A)" in err

    code, _, err = mtme(root, "--gold", "da")
    assert code == 1
    assert "no seg-level human scores 'da'" in err
    assert "available: mqm" in err

    code, _, err = parbleu("--mtme", str(root), "--lp", LP)
    assert code == 2
    assert "--mtme needs --gold" in err
    code, _, err = parbleu(
        "--mtme", str(tmp_path / "nowhere"), "--lp", LP, "--gold", "g", "--ref", "r"
    )
    assert code == 1
    assert "not a test set in mt-metrics-eval's layout" in err


def test_the_other_modes_still_need_their_files(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --mtme, --refs and --systems stay required (argparse's usage error, exit 2)."""
    with pytest.raises(SystemExit) as exit_:
        parbleu("--human", "x.tsv")
    assert exit_.value.code == 2
    assert "required: --refs/-r, --systems/-i" in capsys.readouterr().err
