"""sacreBLEU 2.6.0's ``sacrebleu.compat``, importable by that module path.

The functions (``corpus_bleu``, ``sentence_bleu`` ...) live in `parbleu.compat.functional`.
"""

from parbleu.compat.functional import *  # noqa: F403 (the functions, under sacreBLEU's path)
from parbleu.compat.functional import __all__ as function_names

__all__ = list(function_names)
