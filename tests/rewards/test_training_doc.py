"""The runnable examples of docs/training.md run. Oracle: the page itself (every Python block
starting with ``# runnable`` executes without an error, as a reader would paste it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "training.md"
BLOCKS = re.findall(r"```python\n(# runnable[^\n]*\n.*?)```", PAGE.read_text("utf-8"), re.S)


def test_every_trainer_shape_has_a_runnable_example() -> None:
    titles = " ".join(block.splitlines()[0] for block in BLOCKS)
    for shape in (
        "TRL",
        "verl",
        "OpenRLHF",
        "lm-evaluation-harness",
        "lighteval",
        "evaluation loop",
    ):
        assert shape in titles


@pytest.mark.parametrize("block", BLOCKS, ids=[b.splitlines()[0][12:40] for b in BLOCKS])
def test_runnable_example(block: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(block, str(PAGE), "exec"), {"__name__": "__main__"})
    assert capsys.readouterr().out.strip()
