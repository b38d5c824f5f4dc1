"""sacreBLEU's LaTeX tables (``-f latex``), as it renders them with ``tabulate``.

Shared by the command line and the report's export (`parbleu.report.export`).

sacreBLEU 2.6.0 (``utils.print_results_table``) calls ``tabulate(..., tablefmt=
"latex_booktabs", colalign=("right",), stralign="center", numalign="center")``: a booktabs
``tabular``, the first column right-aligned and the others centred, each column as wide as
its widest cell and at least its header plus two spaces, one space of padding on each side,
and LaTeX's special characters escaped after padding. Widths count code points, as tabulate
does with sacreBLEU's dependencies (with the optional ``wcwidth`` package installed, tabulate
counts a wide East Asian character as two columns). parbleu renders the same text itself
(tabulate is not a dependency); `tests/cli/test_formats.py` compares it with tabulate's.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["latex_table"]

#: tabulate's LaTeX escapes (``LATEX_ESCAPE_RULES``), applied after the cells are padded.
_LATEX_ESCAPES = str.maketrans(
    {
        "&": r"\&",
        "%": r"\%",
        "$": r"\$",
        "#": r"\#",
        "_": r"\_",
        "^": r"\^{}",
        "{": r"\{",
        "}": r"\}",
        "~": r"\textasciitilde{}",
        "\\": r"\textbackslash{}",
        "<": r"\ensuremath{<}",
        ">": r"\ensuremath{>}",
    }
)

#: tabulate's ``MIN_PADDING``: a column is at least its header and two spaces wide.
_HEADER_PADDING = 2


def _pad(text: str, width: int, *, right: bool) -> str:
    return f"{text:>{width}}" if right else f"{text:^{width}}"


def latex_table(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    rules_after: Sequence[bool] | None = None,
) -> list[str]:
    r"""The lines of tabulate's ``latex_booktabs`` table as sacreBLEU asks for it.

    `rules_after` (one flag per row) adds a ``\midrule`` after the rows flagged, as WMT's
    findings papers draw one between significance clusters (tabulate has no such rule).

    >>> print("\n".join(latex_table(["System", "BLEU"], [["a_b", "20.8"]])))
    \begin{tabular}{rc}
    \toprule
       System &  BLEU  \\
    \midrule
          a\_b &  20.8  \\
    \bottomrule
    \end{tabular}
    """
    columns = list(zip(header, *rows, strict=True))
    widths = [
        max(len(title) + _HEADER_PADDING, *(len(c) for c in cells)) for title, *cells in columns
    ]

    def line(cells: Sequence[str]) -> str:
        padded = [
            " " + _pad(cell, w, right=i == 0).translate(_LATEX_ESCAPES) + " "
            for i, (cell, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "&".join(padded) + "\\\\"

    body = []
    for k, row in enumerate(rows):
        body.append(line(row))
        if rules_after is not None and rules_after[k]:
            body.append("\\midrule")
    return [
        "\\begin{tabular}{" + "r" + "c" * (len(header) - 1) + "}",
        "\\toprule",
        line(header),
        "\\midrule",
        *body,
        "\\bottomrule",
        "\\end{tabular}",
    ]
