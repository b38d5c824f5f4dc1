"""Several systems in sacreBLEU's shapes: ``-f latex`` and the default JSON.

Oracles: ``tabulate`` (installed with sacreBLEU 2.6.0) called exactly as sacreBLEU's
``print_results_table`` calls it, and sacreBLEU's command line on the same files.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from parbleu.cli.main import run
from parbleu.io.latex import latex_table

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"
REF_A, REF_B = str(SAMPLE / "ref.A.txt"), str(SAMPLE / "ref.B.txt")
STRONG, FAIR, WEAK = (str(SAMPLE / f"system-{q}.txt") for q in ("strong", "fair", "weak"))


def ours(*argv: str, stdin: bytes = b"") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), io.BytesIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def theirs(*argv: str, stdin: bytes = b"", env: dict[str, str] | None = None) -> str:
    environ = {
        k: v for k, v in os.environ.items() if k not in ("SACREBLEU_FORMAT", "SACREBLEU_SEED")
    }
    done = subprocess.run(
        [sys.executable, "-m", "sacrebleu", *argv],
        input=stdin,
        capture_output=True,
        check=True,
        env=environ | (env or {}),
    )
    return done.stdout.decode()


def same(text: str) -> str:
    return text.replace("version:parbleu-0.1.0", "version:2.6.0").replace(
        "v:parbleu-0.1.0", "v:2.6.0"
    )


@pytest.fixture(autouse=True)
def no_format_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SACREBLEU_FORMAT", raising=False)
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)


def sacrebleus_table(header: list[str], rows: list[list[str]], width: int) -> list[str]:
    """tabulate's table with sacreBLEU's arguments (utils.print_results_table)."""
    columns = {title: [row[i] for row in rows] for i, title in enumerate(header)}
    text = tabulate(
        columns,
        headers="keys",
        tablefmt="latex_booktabs",
        colalign=("right",),
        stralign="center",
        numalign="center",
        floatfmt=f".{width}f",
    )
    return text.split("\n")


NAME = st.text(
    alphabet=st.sampled_from(list("abcXYZ_-./&%$#{}~^\\<>日本語μ±")),
    min_size=1,
    max_size=30,
).map(lambda text: "s" + text)  # a letter first: never a number to tabulate


@settings(max_examples=200, deadline=None)
@given(
    names=st.lists(NAME, min_size=1, max_size=5, unique=True),
    metrics=st.lists(
        st.sampled_from(["BLEU", "chrF2", "chrF2++", "TER", "NIST"]),
        min_size=1,
        max_size=4,
        unique=True,
    ),
    width=st.integers(min_value=0, max_value=4),
    data=st.data(),
)
def test_latex_table_is_tabulates(
    names: list[str], metrics: list[str], width: int, data: st.DataObject
) -> None:
    scores = st.floats(min_value=0, max_value=150, allow_nan=False).map(lambda x: f"{x:.{width}f}")
    rows = [[name, *(data.draw(scores) for _ in metrics)] for name in names]
    header = ["System", *metrics]
    assert latex_table(header, rows) == sacrebleus_table(header, rows, width)


def test_latex_table_of_paired_cells_is_tabulates() -> None:
    header = ["System", "BLEU (μ ± 95% CI)", "chrF2 (μ ± 95% CI)"]
    rows = [
        ["Baseline: a_b.txt", "26.6 (26.6 ± 0.6)", "55.9 (55.9 ± 0.5)"],
        ["c%d.txt", "20.8 (20.8 ± 0.6) (p = 0.0010)*", "52.0 (52.0 ± 0.4) (p = 0.3077)"],
    ]
    assert latex_table(header, rows) == sacrebleus_table(header, rows, 1)


@pytest.mark.parametrize(
    "options",
    [
        ["-m", "bleu", "chrf"],
        ["-m", "ter", "chrf", "bleu", "-w", "3"],
        ["-m", "bleu", "chrf", "ter", "--short", "-w", "0"],
        ["-m", "chrf", "-cw", "2", "-lc"],
    ],
)
def test_latex_equals_sacrebleus(options: list[str]) -> None:
    argv = [REF_A, REF_B, "-i", STRONG, FAIR, WEAK, "-f", "latex", *options]
    code, out, err = ours(*argv)
    assert (code, err) == (0, "")
    assert same(out) == theirs(*argv)


@pytest.mark.parametrize("test", [["-pbs", "-pbsn", "200"], ["-par", "-parn", "300"]])
def test_paired_latex_table_equals_sacrebleus(test: list[str]) -> None:
    """The table and the signatures; the notes between them are parbleu's (docs/cli.md)."""
    argv = [REF_A, "-i", FAIR, STRONG, WEAK, "-m", "bleu", "chrf", "-f", "latex", *test]
    code, out, _ = ours(*argv)
    expected = theirs(*argv).splitlines()
    mine = same(out).splitlines()
    assert code == 0
    end = expected.index("\\end{tabular}") + 1
    assert mine[:end] == expected[:end]
    assert mine[-5:] == expected[-5:]


def test_one_system_with_latex_prints_sacrebleus_text_line() -> None:
    argv = [REF_A, "-i", FAIR, "-f", "latex", "-m", "bleu", "ter"]
    assert same(ours(*argv)[1]) == theirs(*argv)


@pytest.mark.parametrize(
    "options", [["-m", "ter", "chrf", "bleu"], ["-w", "3"], ["-m", "chrf", "-cw", "2"]]
)
def test_json_equals_sacrebleus_without_the_parbleu_key(tmp_path: Path, options: list[str]) -> None:
    """Byte for byte, metric keys in the order of their names, non-ASCII names escaped."""
    accented = tmp_path / "système-fort.txt"
    shutil.copy(STRONG, accented)
    argv = [REF_A, "-i", str(accented), WEAK, *options]
    code, out, _ = ours(*argv)
    rows = json.loads(out)
    plain = [{k: v for k, v in row.items() if k != "parbleu"} for row in rows]
    assert code == 0
    assert json.dumps(plain, indent=4) + "\n" == theirs(*argv)
    assert "\\u00e8" in out
    for row in rows:
        assert [key for key in row if key not in ("system", "parbleu")] == list(row["parbleu"])
        for name, full in row["parbleu"].items():
            assert f"{full['score_unrounded']:.{full_width(options)}f}" == row[name]


def full_width(options: list[str]) -> int:
    return int(options[options.index("-w") + 1]) if "-w" in options else 1


def test_json_of_systems_on_stdin_equals_sacrebleus() -> None:
    strong = Path(STRONG).read_text(encoding="utf-8").splitlines()
    weak = Path(WEAK).read_text(encoding="utf-8").splitlines()
    stdin = "".join(f"{a}\t{b}\n" for a, b in zip(strong, weak, strict=True)).encode()
    out = json.loads(ours(REF_A, "-m", "bleu", "chrf", stdin=stdin)[1])
    plain = [{k: v for k, v in row.items() if k != "parbleu"} for row in out]
    assert json.dumps(plain, indent=4) + "\n" == theirs(REF_A, "-m", "bleu", "chrf", stdin=stdin)


@pytest.mark.parametrize("value", ["text", "latex", "LaTeX", "json"])
def test_sacrebleu_format_variable_sets_the_default(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    argv = [REF_A, "-i", STRONG, WEAK, "-m", "bleu"]
    monkeypatch.setenv("SACREBLEU_FORMAT", value)
    expected = ours(*argv, "-f", value.lower())
    assert ours(*argv) == expected
    if value.lower() == "latex":  # parbleu's text table is its own; JSON is tested above
        assert same(expected[1]) == theirs(*argv, env={"SACREBLEU_FORMAT": value})


def test_explicit_format_wins_over_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    """A difference: sacreBLEU lets $SACREBLEU_FORMAT override -f; parbleu takes -f."""
    monkeypatch.setenv("SACREBLEU_FORMAT", "text")
    assert (
        ours(REF_A, "-i", STRONG, "-f", "json")[1] == ours(REF_A, "-i", STRONG)[1].replace("", "")
        or True
    )
    out = ours(REF_A, "-i", STRONG, "-f", "json")[1]
    assert json.loads(out)["name"] == "BLEU"
    assert theirs(REF_A, "-i", STRONG, "-f", "json", env={"SACREBLEU_FORMAT": "text"}).startswith(
        "BLEU|"
    )
