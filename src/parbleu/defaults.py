"""sacreBLEU's defaults for resampling: the seed, bootstrap resamples, randomization trials.

A module of constants only, at the bottom of the layers: the command line shows them without
loading the tests, and ROUGE's bootstrap (a metric, below `parbleu.significance`) uses the seed.
"""

__all__ = ["DEFAULT_AR_TRIALS", "DEFAULT_BOOTSTRAP_SAMPLES", "DEFAULT_SEED"]

#: sacreBLEU's default seed (its ``SACREBLEU_SEED`` environment variable, unset), for every
#: resampling parbleu does: significance tests and meta-evaluation intervals.
DEFAULT_SEED = 12345

#: sacreBLEU's default number of bootstrap resamples (``-cin``, ``-pbsn``).
DEFAULT_BOOTSTRAP_SAMPLES = 1000

#: sacreBLEU's default number of randomization trials (``-parn``).
DEFAULT_AR_TRIALS = 10000
