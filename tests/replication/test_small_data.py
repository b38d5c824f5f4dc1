"""``parbleu replicate`` on a hand-made data folder of the shared layout (fast, no shared data).

Oracle: hand maths on systems built for it. System ``x`` is reference A word for word and
``y`` reference B; ``z`` shares no word or character n-gram beyond single letters with
either. By the metrics' definitions a copy of a reference is perfect against it (BLEU and
chrF 100, TER 0) and better than any text that differs from it, and a reference with a few
words changed is better than text sharing nothing. So with A alone the order is x, y, z; with
B alone y, x, z: one of the three pairs swaps, Kendall tau = (2 - 1) / 3 = 0.333, for every
metric and every pair with two references; pairs with one reference have no study. With both
references x and y are both perfect (a tie), so each single reference against all has tau-b
= (2 - 0) / sqrt(3 * 2) = 0.816 and orders no pair the other way.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from parbleu.cli.main import run

PAIRS = ("en-de", "en-zh", "en-ja", "zh-en", "de-en", "ja-en")
N = 20  # the block test's 20 blocks need 20 segments
BLOCK = re.compile(r"<!-- generated:([\w-]+) -->\n(.*?)\n<!-- /generated:\1 -->", re.DOTALL)


def _write(path: Path, lines: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def _make_data(root: Path) -> None:
    ref_a = [f"the cat number {i} sat on the red mat today" for i in range(N)]
    ref_b = [f"the dog number {i} sat on the blue mat today" for i in range(N)]
    systems = {"x": ref_a, "y": ref_b, "z": ["kkk jjj" for _ in range(N)]}
    human = {"x": -1.0, "y": -2.0, "z": -9.0}
    for pair in PAIRS:
        folder = root / "newstest2021" / pair
        _write(folder / "ref.A.txt", ref_a)
        if pair in ("en-de", "en-zh", "de-en"):
            _write(folder / "ref.B.txt", ref_b)
        for name, lines in systems.items():
            _write(folder / "sys" / f"{name}.txt", lines)
        _write(folder / "human" / "da_sys.tsv", [f"{s}\t{v}" for s, v in human.items()])
        segments = [f"{s}\t{i + 1}\t{v - i % 3}" for s, v in human.items() for i in range(N)]
        for file in ("mqm_seg.tsv", "da_seg.tsv", "da_seg_raw.tsv"):
            _write(folder / "human" / file, segments)


def parbleu(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(["replicate", *argv], io.BytesIO(), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def blocks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("data")
    _make_data(root)
    code, out, err = parbleu("--data", str(root), "--bootstrap", "0", "-q")
    assert (code, err) == (0, "")
    return dict(BLOCK.findall(out))


def test_every_pair_with_two_references_is_studied(blocks: dict[str, str]) -> None:
    rows = [row.split(" | ") for row in blocks["references"].splitlines()[2:]]
    studied = {row[0].lstrip("| ") for row in rows}
    assert studied == {"en-de", "en-zh", "de-en"}
    single = [row for row in rows if row[2] == "single vs single"]
    assert len(single) == 9  # three pairs, three metrics
    assert {row[3] for row in single} == {"A-B 0.333 (1 swaps)"}
    alone = [row for row in rows if row[2] in ("A", "B")]
    assert len(alone) == 18
    assert {(row[3], row[4]) for row in alone} == {("0.816", "0")}
    assert all(row[6] == " |" for row in rows if row[0] == "| en-zh")  # no MQM for en-zh


def test_the_swapped_pair_is_named(blocks: dict[str, str]) -> None:
    rows = [row.split(" | ") for row in blocks["reference-swaps"].splitlines()[2:]]
    by_setting = {(row[0].lstrip("| "), row[1], row[2]): row[3] for row in rows}
    for pair in ("en-de", "en-zh", "de-en"):
        for metric in ("BLEU", "chrF2", "TER"):
            # against all (x and y both perfect, tied): nothing is ordered the other way
            assert by_setting[pair, metric, "A"] == "none |"
            assert by_setting[pair, metric, "B"] == "none |"


def test_without_resamples_there_are_no_intervals_or_bootstrap_p(blocks: dict[str, str]) -> None:
    assert blocks["run"] == "metrics: BLEU, chrF2, TER; bootstrap: 0 resamples, seed 12345"
    system = blocks["system-level"].splitlines()[2:]
    assert len(system) == 3 * (len(PAIRS) + 2)
    assert all("[nan, nan]" in row for row in system)
    for table in blocks["block-test"].split("\n\n")[1::2]:
        for row in table.splitlines()[2:]:
            assert row.split(" | ")[7] == ""
