"""sacreBLEU 2.6.0's ``sacrebleu.utils``, importable by that path (``parbleu.compat.utils``).

Code imports sacreBLEU's module by name (``from sacrebleu.utils import print_results_table``,
MATEO; ``from sacrebleu.utils import get_source_file``, COMET), so this module exists under
sacreBLEU's name; it holds nothing of its own. ``smart_open``, ``my_log``, ``sum_of_lists``,
``SACREBLEU_DIR`` and the test-set look-ups come from `parbleu.compat.sacrebleu_utils`; the
printers ``print_results_table``, ``print_single_results`` and ``Color`` from
`parbleu.compat.results_table`.
"""

from parbleu.compat.results_table import Color, print_results_table, print_single_results
from parbleu.compat.sacrebleu_utils import *  # noqa: F403 (sacreBLEU's names, whatever it holds)
from parbleu.compat.sacrebleu_utils import __all__ as utils_names

__all__ = [*utils_names, "Color", "print_results_table", "print_single_results"]  # noqa: PLE0604
