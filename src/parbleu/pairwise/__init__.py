"""Pairwise sentence scores and minimum Bayes risk decoding (docs/training.md).

`matrix` gives the ``n x m`` sentence scores of hypotheses against (pseudo-)references,
`matrices` one per candidate list of a batch, `mbr` and `mbr_batch` the expected utility of
each candidate and the chosen one.
"""

from parbleu.pairwise.matrix import matrices, matrix
from parbleu.pairwise.mbr import MbrChoice, expected_utility, mbr, mbr_batch

__all__ = ["MbrChoice", "expected_utility", "matrices", "matrix", "mbr", "mbr_batch"]
