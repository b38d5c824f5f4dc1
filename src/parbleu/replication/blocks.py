"""Section (b): the paper's block t-test between close systems (section 3, Table 2).

The MQM-rated systems of en-de and zh-en, split into 20 blocks of consecutive segments
(`parbleu.significance.blocks.block_test`), ranked by mean block score, each tested against the
system ranked just below; beside it the paired bootstrap p-value for the same two systems
(`paired_bootstrap`, Koehn 2004) and whether MQM orders them the same way.
"""

from __future__ import annotations

from collections.abc import Mapping

from parbleu.meta import Bootstrap, SegmentStats, match_systems
from parbleu.replication.data import MQM_PAIRS, Pair
from parbleu.replication.markdown import table
from parbleu.replication.statistics import Statistics
from parbleu.significance import paired_bootstrap
from parbleu.significance.blocks import BlockTest, block_test

__all__ = ["N_BLOCKS", "block_tables"]

#: The paper's 20 blocks.
N_BLOCKS = 20

HEADER = [
    "rank",
    "system",
    "corpus",
    "block mean",
    "block std",
    "t",
    "p (t, one-sided)",
    "p (paired bootstrap)",
    "MQM",
    "MQM agrees",
]


def _bootstrap_p(metric: SegmentStats, first: str, second: str, bootstrap: Bootstrap) -> str:
    """The paired bootstrap p-value of `second` against `first` ("" without resamples)."""
    if not bootstrap.n_resamples:
        return ""
    pair = {first: metric.stats[first], second: metric.stats[second]}
    test = paired_bootstrap(
        metric.metric, pair, n_samples=bootstrap.n_resamples, seed=bootstrap.seed
    )
    return f"{test.results[1].p_value:.3f}"


def _rows(
    result: BlockTest, metric: SegmentStats, mqm: Mapping[str, float], bootstrap: Bootstrap
) -> list[list[str]]:
    rows = []
    previous = None
    for entry in result.ranking:  # ascending mean block score (the paper's order)
        test = entry.vs_neighbour
        p_boot, agrees = "", ""
        if previous is not None and test is not None:
            p_boot = _bootstrap_p(metric, previous, entry.system, bootstrap)
            better = mqm[entry.system] > mqm[previous]
            agrees = "yes" if better == metric.higher_is_better else "no"
        rows.append(
            [
                str(entry.rank),
                entry.system,
                f"{entry.score:.2f}",
                f"{entry.mean:.2f}",
                f"{entry.std:.2f}",
                f"{test.t:.2f}" if test else "",
                f"{test.p_one_sided:.3f}" if test else "",
                p_boot,
                f"{mqm[entry.system]:.3f}",
                agrees,
            ]
        )
        previous = entry.system
    return rows


def block_tables(pairs: Mapping[str, Pair], statistics: Statistics, bootstrap: Bootstrap) -> str:
    """The block ``block-test``: one table per MQM pair and metric."""
    parts = []
    for name in MQM_PAIRS:
        mqm = pairs[name].segment_scores("mqm_seg.tsv", "MQM")
        systems = match_systems(list(pairs[name].systems), list(mqm.stats)).systems
        mqm_scores = dict(zip(systems, mqm.system_scores(systems), strict=True))
        for m in statistics.metrics:
            metric = statistics.of(name, m)
            chosen = {s: metric.stats[s] for s in systems}
            result = block_test(metric.metric, chosen, n_blocks=N_BLOCKS)
            sizes = "/".join(map(str, sorted(set(result.block_sizes))))
            parts.append(
                f"**{name}, {metric.name}** ({N_BLOCKS} blocks of {sizes} segments; t and p "
                "against the system in the row above)\n\n"
                + table(HEADER, _rows(result, metric, mqm_scores, bootstrap))
            )
    return "\n\n".join(parts)
