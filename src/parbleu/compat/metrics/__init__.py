"""sacreBLEU 2.6.0's ``sacrebleu.metrics``: BLEU, CHRF, TER and their scores."""

from parbleu.compat.metrics.bleu import BLEU, BLEUScore
from parbleu.compat.metrics.chrf import CHRF, CHRFScore
from parbleu.compat.metrics.ter import TER, TERScore

__all__ = ["BLEU", "CHRF", "METRICS", "TER", "BLEUScore", "CHRFScore", "TERScore"]

#: Metric name to class, as sacreBLEU's ``METRICS``.
METRICS = {"BLEU": BLEU, "CHRF": CHRF, "TER": TER}
