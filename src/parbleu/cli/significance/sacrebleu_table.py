"""``-pbs``/``-par -f text --table-style sacrebleu``: a paired test laid out as sacreBLEU prints it.

sacreBLEU 2.6.0 prints a paired test with ``utils.print_results_table``: a ``fancy_grid``
table whose cells hold the score, the bootstrap ``(mean ± ci)`` and, on a second line, the
p-value; its notes on the test; the signature block. Scripts parse it (IndicTrans2's
``compute_metrics_significance.sh`` keeps it), so ``--table-style sacrebleu`` prints exactly
that text (`parbleu.cli.sacrebleu_grid`); parbleu's own table is the default. As sacreBLEU
writing to a pipe, nothing is coloured; the signatures name parbleu's version.
"""

from __future__ import annotations

from collections.abc import Sequence

from parbleu.cli.requests import OutputRequest
from parbleu.cli.sacrebleu_grid import fancy_grid, paired_notes, result_cell
from parbleu.cli.significance.common import signature_lines
from parbleu.significance import PairedTest, TestKind

__all__ = ["sacrebleu_paired_text"]

#: sacreBLEU names the baseline in its notes only when its name carries this prefix.
_BASELINE = "Baseline:"


def sacrebleu_paired_text(output: OutputRequest, tests: Sequence[PairedTest]) -> list[str]:
    """SacreBLEU's grid of a paired test, its notes and the signatures, line by line."""
    header = ["System"]
    columns = []
    bootstrap = False  # as sacreBLEU's flag: once set, every later column is titled so
    for test in tests:
        cells = []
        for result in test.results:
            estimate = result.estimate
            bootstrap |= estimate is not None
            shown = None if estimate is None else (estimate.mean, estimate.ci)
            cells.append(result_cell(result.score, shown, result.p_value, output.width))
        header.append(f"{test.name} (μ ± 95% CI)" if bootstrap else test.name)
        columns.append(cells)
    rows = [
        [system.system, *(cells[i] for cells in columns)]
        for i, system in enumerate(tests[0].results)
    ]
    baseline = tests[0].baseline.system
    notes = paired_notes(
        bootstrap=tests[0].kind is TestKind.BOOTSTRAP,
        n_samples=tests[0].n_samples,
        baseline=baseline if baseline.startswith(_BASELINE) else "",
    )
    signatures = [(t.name, t.signature.format(short=output.short)) for t in tests]
    return [*fancy_grid(header, rows), "", *notes, *signature_lines(signatures)]
