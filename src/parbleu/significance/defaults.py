"""sacreBLEU's resampling defaults, as `parbleu.significance` exports them.

They are declared once in `parbleu.defaults`, below the metrics (ROUGE's bootstrap uses the
seed too); this module keeps the name that the command line and the report import.
"""

from parbleu.defaults import DEFAULT_AR_TRIALS, DEFAULT_BOOTSTRAP_SAMPLES, DEFAULT_SEED

__all__ = ["DEFAULT_AR_TRIALS", "DEFAULT_BOOTSTRAP_SAMPLES", "DEFAULT_SEED"]
