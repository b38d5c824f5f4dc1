r"""``parbleu replicate``: the paper's analyses on WMT21, as docs/paper-replication.md shows them.

    parbleu replicate --doc docs/paper-replication.md     # rewrite its generated blocks and
                                                          # the figures in docs/figures/
    parbleu replicate -m bleu chrf --bootstrap 0          # print the blocks (quick look)

The data folder is ``--data``, else ``$PARBLEU_SHARED_DATA``, else ``../shared/data`` (from
the current directory). With ``--doc`` the page's hand-written prose is kept and only the
blocks between ``<!-- generated:NAME -->`` markers are rewritten, the figures written to
``figures/`` beside it (or ``--figures``); without it the blocks are printed. Everything
written is deterministic for a seed; how long each step took goes to standard error only.
Exit codes: 0 success, 1 bad data, 2 usage.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TextIO

from parbleu.cli.options import integer
from parbleu.cli.parser import CommandParser
from parbleu.cli.render import emit
from parbleu.errors import InputError
from parbleu.io.output import write_output
from parbleu.significance.defaults import DEFAULT_SEED

__all__ = ["DATA_VARIABLE", "build_replicate_parser", "data_folder", "run_replicate"]

#: Where the shared data folder is, when --data is not given.
DATA_VARIABLE = "PARBLEU_SHARED_DATA"
#: The shared data folder without --data or the variable, from the current directory.
DEFAULT_DATA = Path("..") / "shared" / "data"


def build_replicate_parser() -> argparse.ArgumentParser:
    """Options of ``parbleu replicate``."""
    parser = CommandParser(
        prog="parbleu replicate",
        description="Replicate the analyses of Papineni et al. (2002) on WMT21: correlation "
        "with human judgments, the block t-test, one reference or several. See "
        "docs/paper-replication.md.",
        allow_abbrev=False,
    )
    add = parser.add_argument
    add("--data", default=None, help=f"the shared data folder (${DATA_VARIABLE}, ../shared/data)")
    add("--doc", default=None, help="rewrite the generated blocks of this Markdown page")
    add("--figures", default=None, help="write the SVG figures here (with --doc: figures/)")
    add(
        "--metrics",
        "-m",
        nargs="+",
        choices=["bleu", "chrf", "ter"],
        default=["bleu", "chrf", "ter"],
        help="metrics (default: bleu chrf ter; TER takes most of the time)",
    )
    add(
        "--bootstrap",
        type=integer(minimum=0),
        default=1000,
        help="resamples of the intervals and paired bootstrap (0: none; default 1000)",
    )
    add("--seed", type=integer(minimum=0), default=DEFAULT_SEED, help="random seed (12345)")
    add("--jobs", "-j", type=integer(minimum=1), default=1, help="processes for TER (1)")
    add("--quiet", "-q", action="store_true", help="no progress on standard error")
    return parser


def data_folder(option: str | None, environ: Mapping[str, str]) -> Path:
    """``--data``, else ``$PARBLEU_SHARED_DATA``, else ``../shared/data``."""
    if option is not None:
        return Path(option)
    if environ.get(DATA_VARIABLE):
        return Path(environ[DATA_VARIABLE])
    return DEFAULT_DATA


def run_replicate(argv: Sequence[str], stdout: TextIO, stderr: TextIO) -> int:
    """Run ``parbleu replicate`` with explicit streams; returns the exit code."""
    args = build_replicate_parser().parse_args(list(argv))
    start = time.perf_counter()

    def progress(message: str) -> None:
        if not args.quiet:
            elapsed = time.perf_counter() - start
            print(f"parbleu replicate: {elapsed:6.1f} s  {message}", file=stderr, flush=True)

    def lines() -> list[str]:
        from parbleu.meta import Bootstrap  # noqa: PLC0415 (a subcommand's own imports)
        from parbleu.meta.plots import save  # noqa: PLC0415
        from parbleu.replication.markdown import check_blocks, replace_blocks  # noqa: PLC0415
        from parbleu.replication.page import BLOCKS, replicate  # noqa: PLC0415

        doc = Path(args.doc) if args.doc else None
        text = _read(doc) if doc else ""
        if doc:
            check_blocks(text, BLOCKS, str(doc))
        data = data_folder(args.data, os.environ)
        bootstrap = Bootstrap(args.bootstrap, args.seed)
        result = replicate(
            data, args.metrics, bootstrap=bootstrap, jobs=args.jobs, progress=progress
        )
        figures = Path(args.figures) if args.figures else doc.parent / "figures" if doc else None
        if figures is not None:
            figures.mkdir(parents=True, exist_ok=True)
            for file in result.figures:
                save(file.figures, str(figures / file.name), columns=file.columns)
        if doc is None:
            return [
                f"<!-- generated:{n} -->\n{b}\n<!-- /generated:{n} -->\n"
                for n, b in result.blocks.items()
            ]
        write_output(doc, replace_blocks(text, result.blocks, str(doc)))
        progress(f"wrote {doc} and {len(result.figures)} figures in {figures}")
        return []

    return emit(lines, stdout, stderr, prog="parbleu replicate")


def _read(doc: Path) -> str:
    try:
        return doc.read_text(encoding="utf-8")
    except OSError as error:
        raise InputError(f"cannot read {doc}: {error.strerror}") from None
