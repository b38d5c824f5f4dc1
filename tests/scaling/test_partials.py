"""Partial statistics by column name, and the Ray Data and Spark recipes of docs/distributed.md.

The oracle is the in-process score, ``metric.corpus_score(hypotheses, ref_streams=...)``
(itself identical to sacreBLEU 2.6.0, tests/metrics/), compared as whole result values. The
recipes' batch functions are taken from the document itself and run on pandas batches the
way ``map_batches`` and ``mapInPandas`` hand them over; the engine-specific blocks, which need
Ray or Spark, are compiled and checked to use only names the batch-function block defines.
"""

from __future__ import annotations

import ast
import builtins
import re
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from parbleu import BLEU, CHRF, NIST, TER
from parbleu.errors import InputError, OptionError
from parbleu.scaling import (
    ordered_totals,
    partial_statistics,
    score_partials,
    segment_statistics,
)
from tests.scaling.generated import generated_corpus

DOCUMENT = Path(__file__).resolve().parents[2] / "docs" / "distributed.md"
BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)
METRICS = {"BLEU": BLEU, "chrF": CHRF, "chrF++": lambda: CHRF(word_order=2)}


@pytest.fixture(scope="module")
def corpus() -> tuple[list[str], list[list[str | None]]]:
    return generated_corpus(1200, seed=5)


def batches(n: int, sizes: tuple[int, ...]) -> list[tuple[int, int]]:
    """Consecutive (start, stop) ranges of the given sizes, repeated to cover n items."""
    ranges, start, k = [], 0, 0
    while start < n:
        stop = min(n, start + sizes[k % len(sizes)])
        ranges.append((start, stop))
        start, k = stop, k + 1
    return ranges


@pytest.mark.parametrize("name", METRICS)
def test_partials_added_give_the_corpus_score(corpus: Any, name: str) -> None:
    """Oracle: metric.corpus_score in one process (nrefs:var: some references absent)."""
    hyps, refs = corpus
    metric = METRICS[name]()
    parts = [
        partial_statistics(metric, hyps[a:b], [stream[a:b] for stream in refs])
        for a, b in batches(len(hyps), (1, 250, 17, 400))
    ]
    totals = {column: sum(part[column] for part in reversed(parts)) for column in metric.columns}
    assert all(isinstance(value, int) for value in totals.values())
    expected = metric.corpus_score(hyps, ref_streams=refs)
    assert score_partials(metric, totals, nrefs="var") == expected


def test_ter_rows_added_in_order(corpus: Any) -> None:
    """Oracle: TER.corpus_score in one process: sacreBLEU's sums, segment after segment."""
    hyps, refs = corpus
    ter = TER()
    columns: dict[str, list[Any]] = {name: [] for name in ter.columns}
    for a, b in batches(len(hyps), (300, 7, 500)):
        part = segment_statistics(ter, hyps[a:b], [stream[a:b] for stream in refs])
        for name, values in part.items():
            columns[name].extend(values)
    totals = ordered_totals(ter, columns)
    assert score_partials(ter, totals, nrefs="var") == ter.corpus_score(hyps, ref_streams=refs)
    expected = ter.statistics(hyps, ref_streams=refs)
    assert columns["ref_length"] == expected.column("ref_length").tolist()


def test_partial_statistics_of_one_segment() -> None:
    """Hand maths: 'the cat sat on the mat' against 'the cat sat on a mat'."""
    sums = partial_statistics(BLEU(), ["the cat sat on the mat"], [["the cat sat on a mat"]])
    assert sums == {
        "sys_len": 6,
        "ref_len": 6,
        "match_1": 5,
        "match_2": 3,
        "match_3": 2,
        "match_4": 1,
        "total_1": 6,
        "total_2": 5,
        "total_3": 4,
        "total_4": 3,
    }


def test_bad_totals_and_options() -> None:
    """Hand-made: missing, unknown and non-numeric columns; bad nrefs; NIST refused."""
    bleu = BLEU()
    good = dict.fromkeys(bleu.columns, 1)
    with pytest.raises(InputError, match=r"missing \['match_4'\], unknown \[\]"):
        score_partials(bleu, {k: v for k, v in good.items() if k != "match_4"}, nrefs=1)
    with pytest.raises(InputError, match=r"missing \[\], unknown \['segment'\]"):
        score_partials(bleu, {**good, "segment": 3}, nrefs=1)
    with pytest.raises(InputError, match="total 'sys_len' must be a number; got str '1'"):
        score_partials(bleu, {**good, "sys_len": "1"}, nrefs=1)
    for nrefs in (0, True, "2", None):
        with pytest.raises(OptionError, match="nrefs must be"):
            score_partials(bleu, good, nrefs=nrefs)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="different lengths"):
        ordered_totals(TER(), {"num_edits": [1.0, 2.0], "ref_length": [3.0]})
    with pytest.raises(OptionError) as caught:
        partial_statistics(NIST(), ["a"], [["a"]])
    assert str(caught.value) == NIST().chunk_refusal


# -- the recipes of docs/distributed.md ---------------------------------------------------------


def document_blocks() -> list[str]:
    return BLOCK.findall(DOCUMENT.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def recipe() -> dict[str, Any]:
    """The namespace of the document's batch-function block, executed."""
    blocks = [block for block in document_blocks() if block.startswith("# recipe: batch")]
    assert len(blocks) == 1
    namespace: dict[str, Any] = {}
    exec(compile(blocks[0], str(DOCUMENT), "exec"), namespace)
    return namespace


@pytest.fixture(scope="module")
def table(corpus: Any) -> pd.DataFrame:
    """The corpus as the recipes read it: pandas' own string columns, NaN where absent."""
    hyps, refs = corpus
    frame = pd.DataFrame(
        {"segment": np.arange(len(hyps)), "hypothesis": hyps, "ref_a": refs[0], "ref_b": refs[1]}
    )
    assert frame["ref_b"].isna().sum() == sum(ref is None for ref in refs[1])
    return frame


def test_ray_recipe_batches(recipe: dict[str, Any], table: pd.DataFrame, corpus: Any) -> None:
    """Oracle: BLEU.corpus_score in one process. map_batches, then a column sum."""
    hyps, refs = corpus
    metric = recipe["METRIC"]
    outputs = [recipe["batch_statistics"](table.iloc[a:b]) for a, b in batches(len(table), (64,))]
    sums = pd.concat(outputs).sum()
    totals = {name: int(sums[name]) for name in metric.columns}
    expected = metric.corpus_score(hyps, ref_streams=refs)
    assert score_partials(metric, totals, nrefs="var") == expected


def test_spark_recipe_partitions(recipe: dict[str, Any], table: pd.DataFrame, corpus: Any) -> None:
    """Oracle: BLEU.corpus_score in one process. mapInPandas over partitions, then a sum."""
    hyps, refs = corpus
    metric = recipe["METRIC"]
    partitions = [table.iloc[a:b] for a, b in batches(len(table), (500, 100))]
    rows = [
        row
        for part in partitions
        for row in recipe["partition_statistics"](
            part.iloc[a:b] for a, b in batches(len(part), (70,))
        )
    ]
    sums = pd.concat(rows).sum()
    totals = {name: int(sums[name]) for name in metric.columns}
    assert score_partials(metric, totals, nrefs="var") == metric.corpus_score(
        hyps, ref_streams=refs
    )


def test_ter_recipe_rows_sorted(recipe: dict[str, Any], table: pd.DataFrame, corpus: Any) -> None:
    """Oracle: TER.corpus_score in one process. Batches come back in any order, are sorted by
    segment and added in order."""
    hyps, refs = corpus
    ranges = batches(len(table), (90, 300))
    shuffled = [ranges[i] for i in np.random.default_rng(3).permutation(len(ranges))]
    rows = pd.concat(
        [recipe["batch_ter_statistics"](table.iloc[a:b]) for a, b in shuffled]
    ).sort_values("segment")
    ter = TER()
    totals = ordered_totals(ter, rows[list(ter.columns)])
    assert score_partials(ter, totals, nrefs="var") == ter.corpus_score(hyps, ref_streams=refs)


def test_engine_blocks_use_the_batch_functions(recipe: dict[str, Any]) -> None:
    """The Ray and Spark blocks compile and use only names they or the batch block define."""
    engine_blocks = [
        block for block in document_blocks() if "import ray" in block or "pyspark" in block
    ]
    assert len(engine_blocks) == 2
    for block in engine_blocks:
        tree = ast.parse(block)
        defined = set(recipe) | set(dir(builtins))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                defined.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                defined.add(node.id)
            elif isinstance(node, ast.comprehension):
                defined.update(n.id for n in ast.walk(node.target) if isinstance(n, ast.Name))
        used = {
            n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
        }
        assert used <= defined, used - defined
