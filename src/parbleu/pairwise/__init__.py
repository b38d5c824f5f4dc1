"""Pairwise sentence scores and minimum Bayes risk decoding (docs/training.md).

`matrix` gives the ``n x m`` sentence scores of hypotheses against (pseudo-)references (in
row blocks of bounded memory), `matrices` one per candidate list of a batch, `aggregate` each
candidate's score against the averaged pseudo-references, `mbr` and `mbr_batch` the expected
utility of each candidate and the chosen one (exactly, by aggregation or with pruning).
"""

from parbleu.pairwise.aggregate import aggregate
from parbleu.pairwise.matrix import BLOCK_CELLS, matrices, matrix
from parbleu.pairwise.mbr import MbrChoice, MbrMethod, Ranked, expected_utility, mbr, mbr_batch
from parbleu.pairwise.pruning import PruningOptions

__all__ = [
    "BLOCK_CELLS",
    "MbrChoice",
    "MbrMethod",
    "PruningOptions",
    "Ranked",
    "aggregate",
    "expected_utility",
    "matrices",
    "matrix",
    "mbr",
    "mbr_batch",
]
