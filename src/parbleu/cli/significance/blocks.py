"""``--blocks``: the paper's block t-test (Papineni et al. 2002, section 3), text and JSON."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parbleu.cli.render import table
from parbleu.cli.requests import OutputRequest
from parbleu.cli.significance.common import THRESHOLD, json_by_system, signature_lines
from parbleu.significance.blocks import BlockSystem, BlockTest, TTest
from parbleu.significance.student_t import t_quantile

__all__ = ["block_json", "block_text"]


def _t_dict(test: TTest | None) -> dict[str, Any] | None:
    if test is None:
        return None
    return {
        "system": test.other,
        "mean_difference": test.mean_difference,
        "t": test.t,
        "df": test.df,
        "p_value": test.p_value,
        "p_one_sided": test.p_one_sided,
    }


def block_json(tests: Sequence[BlockTest]) -> list[str]:
    """One JSON list of systems, each with every metric's block statistics and t-tests."""

    def fields(test: BlockTest, result: BlockSystem) -> dict[str, Any]:
        return {
            "score": result.score,
            "mean": result.mean,
            "variance": result.variance,
            "std": result.std,
            "rank": result.rank,
            "block_scores": list(result.block_scores),
            "block_sizes": list(test.block_sizes),
            "vs_baseline": _t_dict(result.vs_baseline),
            "vs_neighbour": _t_dict(result.vs_neighbour),
        }

    return json_by_system(tests, lambda test: test.systems, fields)


def _t_cell(test: TTest | None, width: int) -> str:
    if test is None:
        return ""
    star = "*" if test.p_value < THRESHOLD else ""
    return f"{test.t:{width + 6}.{width + 1}f} (p = {test.p_value:.4f}){star}"


def block_text(output: OutputRequest, tests: Sequence[BlockTest]) -> list[str]:
    """A ranked table per metric, the test's explanation and the signatures."""
    width = output.width
    out: list[str] = []
    for test in tests:
        sizes = sorted(set(test.block_sizes))
        size = "-".join(str(s) for s in sizes)
        out += [f"{test.name} on {test.n_blocks} blocks of {size} consecutive segments", ""]
        header = ["Rank", "System", test.name, "Mean", "Variance", "Std dev"]
        header += ["t vs baseline", "t vs rank below"]
        rows = [
            [
                str(s.rank),
                s.system,
                f"{s.score:.{width}f}",
                f"{s.mean:.{width}f}",
                f"{s.variance:.{width + 1}f}",
                f"{s.std:.{width + 1}f}",
                _t_cell(s.vs_baseline, width),
                _t_cell(s.vs_neighbour, width),
            ]
            for s in test.ranking
        ]
        out += [*table(header, rows, right=range(2, 6)), ""]
    df = tests[0].n_blocks - 1
    critical = t_quantile(0.95, df)
    out += [
        "Block test (Papineni et al. 2002, section 3)",
        " - Each block is a run of consecutive segments; its score is the metric on the block.",
        f"   Mean and variance (divided by n - 1) are over the {tests[0].n_blocks} block scores.",
        f" - t: paired t-statistic over blocks ({df} degrees of freedom) of the system minus",
        "   the baseline, and minus the system ranked just below it (ranks: ascending mean).",
        '   p is two-sided; "*" marks p < 0.05. The paper\'s "1.7 or above is 95% significant"',
        f"   is the one-sided test: t >= {critical:.3f} for {df} degrees of freedom.",
        "",
        *signature_lines([(t.name, t.signature.format(short=output.short)) for t in tests]),
    ]
    return out
