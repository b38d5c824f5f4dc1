"""TER (Snover et al., 2006): the metric, tercom's shifts and edit distance, options."""

from parbleu.metrics.ter.metric import TER, PreparedTerReferences
from parbleu.metrics.ter.options import TerOptions
from parbleu.metrics.ter.result import TerScore

__all__ = ["TER", "PreparedTerReferences", "TerOptions", "TerScore"]
