"""Bootstrap confidence intervals, paired significance tests and the paper's block t-test.

`parbleu.significance.paired` holds the tests, `resampling` the linear algebra they share,
`results` their frozen results, `blocks` and `student_t` the block t-test of Papineni et al.
(2002), section 3.
"""

from parbleu.significance.blocks import BlockTest, block_test
from parbleu.significance.paired import (
    DEFAULT_AR_TRIALS,
    DEFAULT_BOOTSTRAP_SAMPLES,
    DEFAULT_SEED,
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
