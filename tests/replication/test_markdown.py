"""The page's generated blocks (`parbleu.replication.markdown`).

Oracle: pages written by hand, before and after, for the block rewriting; the Markdown table
syntax written out by hand.
"""

from __future__ import annotations

import pytest

from parbleu.errors import InputError
from parbleu.meta import Interval
from parbleu.replication.markdown import interval, replace_blocks, table

PAGE = """# Title

Prose before, kept.

<!-- generated:one -->
old one
<!-- /generated:one -->

Prose between, kept.

<!-- generated:two -->
old two
line
<!-- /generated:two -->
Prose after.
"""


def test_blocks_are_replaced_and_prose_kept() -> None:
    got = replace_blocks(PAGE, {"one": "new 1", "two": r"new \1 with a backslash"})
    assert got == PAGE.replace("old one", "new 1").replace(
        "old two\nline", r"new \1 with a backslash"
    )


def test_unnamed_blocks_are_left_alone() -> None:
    assert replace_blocks(PAGE, {"two": "x"}).count("old one") == 1


def test_missing_blocks_are_named() -> None:
    with pytest.raises(InputError, match=r"doc.md: no generated block <!-- generated:three -->"):
        replace_blocks(PAGE, {"one": "x", "three": "y"}, "doc.md")


def test_table_and_interval() -> None:
    assert table(["a", "b"], [["1", "2"]]) == "| a | b |\n|---|---|\n| 1 | 2 |"
    assert interval(Interval(0.5, 0.25, 0.75)) == "0.500 [0.250, 0.750]"
    assert interval(Interval(0.5, float("nan"), float("nan")), 1) == "0.5 [nan, nan]"
