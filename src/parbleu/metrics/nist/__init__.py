"""NIST (Doddington, 2002) as mteval-v13a scores it: metric, weights, formula, options, result."""

from parbleu.metrics.nist.metric import NIST, PreparedNistReferences
from parbleu.metrics.nist.options import InfoWeights, NistOptions
from parbleu.metrics.nist.result import NistScore

__all__ = ["NIST", "InfoWeights", "NistOptions", "NistScore", "PreparedNistReferences"]
