r"""sacreBLEU's text tables (``tabulate``'s ``fancy_grid``), cells and notes of paired tests.

sacreBLEU 2.6.0 (``utils.print_results_table``) calls ``tabulate(..., tablefmt="fancy_grid",
colalign=("right",), stralign="center", numalign="center")``: box-drawing rules, the first
column right-aligned and the others centred (an odd space goes to the right), each column as
wide as its widest line and at least its header plus two spaces, one space of padding on each
side; a cell with newlines spans several lines, the shorter cells of its row padded with
empty lines below. Widths count code points and ignore ANSI colour codes, as tabulate does
with sacreBLEU's dependencies (with the optional ``wcwidth`` package installed, tabulate
counts a wide East Asian character as two columns). parbleu renders the same text itself
(tabulate is not a dependency); tests/compat/callers/test_indictrans2.py compares it with
sacreBLEU's output. `result_cell` and `paired_notes` are the rest of sacreBLEU's layout of a
paired test (``utils._format_score_lines`` and ``print_results_table``), with a colouring
function (the command line never colours; ``parbleu.compat.utils.Color`` does as sacreBLEU).

    >>> print("\n".join(fancy_grid(["System", "BLEU"], [["a", "20.8\n(p = 0.1)"]])))
    ╒══════════╤═══════════╕
    │   System │   BLEU    │
    ╞══════════╪═══════════╡
    │        a │   20.8    │
    │          │ (p = 0.1) │
    ╘══════════╧═══════════╛
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

__all__ = ["Colorize", "fancy_grid", "paired_notes", "result_cell", "visible_width"]

#: Colours a text (name of the colour second); the identity where nothing is coloured.
Colorize = Callable[[str, str], str]

#: p-values above this are shown in red; the others get a "*".
THRESHOLD = 0.05

#: ANSI colour codes, which take no room on a terminal (tabulate's ``_invisible_codes``).
_ANSI = re.compile(r"\x1b\[\d+[;\d]*m|\x1b\[\d*;\d*;\d*m")

#: tabulate's ``MIN_PADDING``: a column is at least its header and two spaces wide.
_HEADER_PADDING = 2


def visible_width(text: str) -> int:
    """The columns `text` takes on a terminal (its code points, colour codes left out)."""
    return len(_ANSI.sub("", text))


def _fit(text: str, width: int, *, right: bool) -> str:
    extra = width - visible_width(text)
    if right:
        return " " * extra + text
    return " " * (extra // 2) + text + " " * (extra - extra // 2)


def _rule(widths: Sequence[int], left: str, fill: str, middle: str, end: str) -> str:
    return left + middle.join(fill * (width + 2) for width in widths) + end


def fancy_grid(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """The lines of tabulate's ``fancy_grid`` table as sacreBLEU asks for it."""
    cells = [[cell.split("\n") for cell in row] for row in rows]
    widths = [
        max(
            [visible_width(title) + _HEADER_PADDING]
            + [visible_width(line) for row in cells for line in row[column]]
        )
        for column, title in enumerate(header)
    ]

    def line(texts: Sequence[str]) -> str:
        fitted = (
            f" {_fit(text, width, right=column == 0)} "
            for column, (text, width) in enumerate(zip(texts, widths, strict=True))
        )
        return "│" + "│".join(fitted) + "│"

    out = [_rule(widths, "╒", "═", "╤", "╕"), line(header), _rule(widths, "╞", "═", "╪", "╡")]
    for number, row in enumerate(cells):
        if number:
            out.append(_rule(widths, "├", "─", "┼", "┤"))
        height = max(len(lines) for lines in row)
        out.extend(
            line([lines[k] if k < len(lines) else "" for lines in row]) for k in range(height)
        )
    out.append(_rule(widths, "╘", "═", "╧", "╛"))
    return out


def _plain(text: str, _color: str) -> str:
    return text


def result_cell(
    score: float,
    estimate: tuple[float, float] | None,
    p_value: float | None,
    width: int,
    *,
    break_char: str = "\n",
    color: Colorize = _plain,
) -> str:
    """A system's cell: score, ``(mean ± ci)``, p-value (red above 0.05, else with a "*")."""
    text = f"{score:.{width}f}"
    if estimate is not None:
        text += f" ({estimate[0]:.{width}f} ± {estimate[1]:.{width}f})"
    if p_value is not None:
        shown = f"(p = {p_value:.4f})"
        text += break_char + (color(shown, "red") if p_value > THRESHOLD else shown + "*")
    return text


def paired_notes(
    *, bootstrap: bool, n_samples: int, baseline: str, color: Colorize = _plain
) -> list[str]:
    """SacreBLEU's explanation of a paired test, line by line (its wording, its colours)."""
    kind = "bootstrap resampling" if bootstrap else "approximate randomization"
    title = f"Paired {kind} test with {n_samples} {'resampling trials' if bootstrap else 'trials'}"
    line, null = color("baseline", "yellow"), color("Null hypothesis", "green")
    provided = (
        "Actual system score / bootstrap estimated true mean / 95% CI are provided"
        if bootstrap
        else "Actual system score is provided"
    )
    rule = "-" * len(title)
    return [
        rule,
        title,
        rule,
        f" - Each system is pairwise compared to {color(baseline, 'yellow')}.",
        f"   {provided} for each metric.",
        "",
        f" - {null}: the system and the {line} translations are essentially",
        f"   generated by the same underlying process. For a given system and the {line},",
        "   the p-value is roughly the probability of the absolute score difference (delta)",
        (
            f"   or higher occurring due to chance, under the assumption that the {null.lower()} "
            "is correct."
        ),
        "",
        f" - Assuming a significance threshold of 0.05, the {null.lower()} can be rejected",
        (
            '   for p-values < 0.05 (marked with "*"). This means that the delta is unlikely to be '
            "attributed"
        ),
        f'   to chance, hence the system is significantly "different" than the {line}.',
        f"   Otherwise, the p-values are {color('highlighted in red', 'red')}.",
        "",
        (
            f' - NOTE: Significance does not tell whether a system is "better" than the {line} '
            "but rather"
        ),
        '   emphasizes the "difference" of the systems in terms of the replicability of the delta.',
        "",
    ]
