"""chrF (Popović 2015) and chrF++ (Popović 2017): the metric, its formula, options and result."""

from parbleu.metrics.chrf.metric import CHRF, ChrfReferences
from parbleu.metrics.chrf.options import ChrfOptions
from parbleu.metrics.chrf.result import ChrfScore

__all__ = ["CHRF", "ChrfOptions", "ChrfReferences", "ChrfScore"]
