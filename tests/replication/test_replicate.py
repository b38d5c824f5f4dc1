"""``parbleu replicate``: docs/paper-replication.md regenerated from the shared data.

Oracle: the committed page and figures. The command must rewrite the page's generated blocks
into exactly the committed text (its prose untouched; the page holds no timings) and draw
exactly the committed SVG figures; the blocks must be the ones the page has. A quick run
(BLEU, no bootstrap) must agree with the committed page wherever the bootstrap plays no
part. Hand-made mistakes for the errors and their exit codes.
"""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest

from parbleu.cli.main import run
from tests.wmt import WmtData

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "paper-replication.md"
BLOCK = re.compile(r"<!-- generated:([\w-]+) -->\n(.*?)\n<!-- /generated:\1 -->", re.DOTALL)


def parbleu(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(["replicate", *argv], io.BytesIO(), out, err)
    return code, out.getvalue(), err.getvalue()


def blocks(text: str) -> dict[str, str]:
    return dict(BLOCK.findall(text))


@pytest.mark.slow
@pytest.mark.shared_data
def test_the_page_regenerates_exactly(shared_data: WmtData, tmp_path: Path) -> None:
    """Oracle: docs/paper-replication.md and docs/figures/*.svg as committed."""
    doc = tmp_path / "paper-replication.md"
    shutil.copyfile(DOC, doc)
    code, out, err = parbleu("--data", str(shared_data.root), "--doc", str(doc), "-j", "2")
    assert (code, out) == (0, ""), err
    assert doc.read_text("utf-8") == DOC.read_text("utf-8")
    figures = sorted(p.name for p in (tmp_path / "figures").iterdir())
    listed = re.findall(r"!\[(.*?)\]", blocks(DOC.read_text("utf-8"))["figures"])
    assert figures == sorted(listed)
    for name in figures:
        committed = (REPO / "docs" / "figures" / name).read_text("utf-8")
        assert (tmp_path / "figures" / name).read_text("utf-8") == committed, name


def _rows(block: str, metric: str) -> list[str]:
    return [row for row in block.splitlines() if f" | {metric} | " in row]


@pytest.mark.shared_data
def test_a_quick_run_agrees_where_no_bootstrap_plays_a_part(shared_data: WmtData) -> None:
    """Oracle: the committed page's BLEU rows of the reference study and the block test
    (without the paired bootstrap column), the segment-level taus and the unmatched names."""
    code, out, _ = parbleu("--data", str(shared_data.root), "-m", "bleu", "--bootstrap", "0")
    assert code == 0
    got, committed = blocks(out), blocks(DOC.read_text("utf-8"))
    assert set(got) == set(committed)
    assert got["unmatched"] == committed["unmatched"]
    assert got["run"] == "metrics: BLEU; bootstrap: 0 resamples, seed 12345"
    for name in ("references", "reference-swaps"):
        assert _rows(got[name], "BLEU") == _rows(committed[name], "BLEU")
    segment = [r for r in committed["segment-level"].splitlines() if "| BLEU |" in r]
    assert got["segment-level"].splitlines()[2:] == segment
    ours, theirs = got["block-test"].split("\n\n"), committed["block-test"].split("\n\n")
    bleu = [theirs[i : i + 2] for i in range(0, len(theirs), 2) if "BLEU**" in theirs[i]]
    assert [ours[i : i + 2] for i in range(0, len(ours), 2)] != []
    for (title, table), (their_title, their_table) in zip(
        [ours[i : i + 2] for i in range(0, len(ours), 2)], bleu, strict=True
    ):
        assert title == their_title
        rows, their_rows = table.splitlines(), their_table.splitlines()
        assert rows[:2] == their_rows[:2]
        for row, their_row in zip(rows[2:], their_rows[2:], strict=True):
            cells, their_cells = row.split(" | "), their_row.split(" | ")
            assert cells[:7] + cells[8:] == their_cells[:7] + their_cells[8:]
            assert cells[7] == ""


def test_missing_data_is_an_error(tmp_path: Path) -> None:
    code, out, err = parbleu("--data", str(tmp_path), "-m", "bleu")
    assert (code, out) == (1, "")
    assert f"no WMT21 data at {tmp_path / 'newstest2021'}" in err


def test_the_data_folder_comes_from_the_variable() -> None:
    """Oracle: the documented order (--data, $PARBLEU_SHARED_DATA, ../shared/data)."""
    from parbleu.cli.replicate import data_folder  # noqa: PLC0415

    assert data_folder("x", {"PARBLEU_SHARED_DATA": "y"}) == Path("x")
    assert data_folder(None, {"PARBLEU_SHARED_DATA": "y"}) == Path("y")
    assert data_folder(None, {}) == Path("../shared/data")


def test_a_page_without_the_blocks_is_an_error(tmp_path: Path) -> None:
    doc = tmp_path / "page.md"
    doc.write_text("# A page\n\n<!-- generated:run -->\nx\n<!-- /generated:run -->\n", "utf-8")
    code, _, err = parbleu("--data", str(tmp_path), "--doc", str(doc))
    assert code == 1
    assert f"{doc}: no generated block <!-- generated:system-level -->" in err
    assert "<!-- generated:run -->" not in err
    code, _, err = parbleu("--doc", str(tmp_path / "absent.md"))
    assert code == 1
    assert "cannot read" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-m", "nist"], "invalid choice: 'nist'"),
        (["--bootstrap", "-1"], "--bootstrap"),
        (["--jobs", "0"], "--jobs"),
    ],
)
def test_usage_errors_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        parbleu(*argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err
