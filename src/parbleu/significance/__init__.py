"""Bootstrap confidence intervals, paired significance tests and the paper's block t-test.

`parbleu.significance.paired` holds the tests, `resampling` the linear algebra they share,
`results` their frozen results, `blocks` and `student_t` the block t-test of Papineni et al.
(2002), section 3, `clusters` the WMT-style significance clusters of ranked systems.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.significance.blocks import BlockTest, block_test
    from parbleu.significance.defaults import (
        DEFAULT_AR_TRIALS,
        DEFAULT_BOOTSTRAP_SAMPLES,
        DEFAULT_SEED,
    )
    from parbleu.significance.paired import (
        AllPairsTest,
        Arithmetic,
        ConfidenceInterval,
        Estimate,
        PairedTest,
        SystemResult,
        TestKind,
        confidence_interval,
        paired_bootstrap,
        paired_bootstrap_all_pairs,
        paired_randomization,
    )

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "BlockTest": "parbleu.significance.blocks",
        "block_test": "parbleu.significance.blocks",
        "DEFAULT_AR_TRIALS": "parbleu.significance.defaults",
        "DEFAULT_BOOTSTRAP_SAMPLES": "parbleu.significance.defaults",
        "DEFAULT_SEED": "parbleu.significance.defaults",
        "AllPairsTest": "parbleu.significance.paired",
        "Arithmetic": "parbleu.significance.paired",
        "ConfidenceInterval": "parbleu.significance.paired",
        "Estimate": "parbleu.significance.paired",
        "PairedTest": "parbleu.significance.paired",
        "SystemResult": "parbleu.significance.paired",
        "TestKind": "parbleu.significance.paired",
        "confidence_interval": "parbleu.significance.paired",
        "paired_bootstrap": "parbleu.significance.paired",
        "paired_bootstrap_all_pairs": "parbleu.significance.paired",
        "paired_randomization": "parbleu.significance.paired",
    },
)

__all__ = [
    "DEFAULT_AR_TRIALS",
    "DEFAULT_BOOTSTRAP_SAMPLES",
    "DEFAULT_SEED",
    "AllPairsTest",
    "Arithmetic",
    "BlockTest",
    "ConfidenceInterval",
    "Estimate",
    "PairedTest",
    "SystemResult",
    "TestKind",
    "block_test",
    "confidence_interval",
    "paired_bootstrap",
    "paired_bootstrap_all_pairs",
    "paired_randomization",
]
