"""The command-line options of test sets, as sacreBLEU 2.6.0 names them, and parbleu's own.

`add_test_set_options` declares them; `test_set_request` turns the parsed options (and the
environment the command started in) into one frozen `TestSetRequest`, which every function
of `parbleu.cli.testsets` takes (never the argparse namespace). Declaring and checking them
needs neither the cache nor the registry: the command scoring files imports no other module
of `parbleu.cli.testsets`.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from parbleu.errors import OptionError

__all__ = [
    "TestSetRequest",
    "add_test_set_options",
    "check_selection",
    "test_set_request",
    "wants_query",
]


def add_test_set_options(parser: argparse.ArgumentParser) -> None:
    """Add sacreBLEU's test-set options and parbleu's cache, mirror and offline options.

    ``-t``, ``-l``, ``--origlang``, ``--subset``, ``--echo``, ``--list``, ``--citation``,
    ``--download``, ``-d/--detail``; ``--cache-dir``, ``--mirror``, ``--offline``,
    ``--allow-unpinned-model``.
    """
    group = parser.add_argument_group(
        "test sets by name: sacreBLEU's registry and newer ones, downloaded into sacreBLEU's "
        "cache and verified (docs/cli.md)"
    )
    add = group.add_argument
    add(
        "--test-set",
        "-t",
        default=None,
        help="a test set (parbleu --list lists them), or several joined with commas",
    )
    add(
        "--language-pair",
        "-l",
        default=None,
        help="SRC-TRG: the pair of -t; also picks BLEU's tokenizer for TRG as sacreBLEU does "
        "(zh: zh, ja: ja-mecab, ko: ko-mecab, else 13a) unless -tok is given",
    )
    add(
        "--origlang",
        "-ol",
        default=None,
        help="score only documents originally in this language ('non-L': all others)",
    )
    add("--subset", default=None, help="score only documents whose domain matches this regex")
    add(
        "--echo",
        nargs="+",
        default=None,
        metavar="FIELD",
        help="print fields of -t (src, ref, ref:A, docid, origlang, a system, all) and stop",
    )
    add("--list", action="store_true", help="list the test sets, or the fields of -t, and stop")
    add("--citation", "--cite", action="store_true", help="print the BibTeX of -t and stop")
    add(
        "--download",
        default=None,
        metavar="TEST_SET",
        help="download and verify TEST_SET (with -l: that pair's files) and stop",
    )
    add(
        "--detail",
        "-d",
        action="store_true",
        help="also score each original language (and domain) of -t apart, as sacreBLEU",
    )
    add(
        "--cache-dir",
        default=None,
        help="sacreBLEU's cache (default: $SACREBLEU, else ~/.sacrebleu)",
    )
    add(
        "--mirror",
        default=None,
        metavar="URL",
        help="ask for each file at URL/<host>/<path> of its address (default: $PARBLEU_MIRROR)",
    )
    add(
        "--offline",
        action="store_true",
        default=None,
        help="never use the network; a missing file is an error (default: $PARBLEU_OFFLINE)",
    )
    add(
        "--allow-unpinned-model",
        action="store_true",
        help="fetch a SentencePiece model whose SHA-256 sum parbleu has not pinned",
    )


@dataclass(frozen=True)
class TestSetRequest:
    """What the command line asks of test sets, converted once from the parsed options.

    Attributes mirror the options: ``test_set`` as given (comma-separated names, or None),
    ``echo`` the fields asked for (None: no ``--echo``), ``offline`` None when neither
    ``--offline`` nor anything else was said (``$PARBLEU_OFFLINE`` decides then). ``refs``
    to ``progress`` are the general options the test-set code checks or uses: reference
    files and ``-nr`` (refused with ``-t``), ``-q``, ``-w`` and ``--progress``.
    ``environ`` is the environment the command started in, taken at the edge and read only
    by `parbleu.cli.testsets.context` (``SACREBLEU``, ``PARBLEU_MIRROR``,
    ``PARBLEU_OFFLINE``).
    """

    __test__ = False  # not a pytest test class

    test_set: str | None = None
    language_pair: str | None = None
    origlang: str | None = None
    subset: str | None = None
    echo: tuple[str, ...] | None = None
    list: bool = False
    citation: bool = False
    download: str | None = None
    detail: bool = False
    cache_dir: str | None = None
    mirror: str | None = None
    offline: bool | None = None
    allow_unpinned_model: bool = False
    refs: tuple[str, ...] = ()
    num_refs: int = 1
    quiet: bool = False
    width: int = 1
    progress: bool | None = None
    environ: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), repr=False)

    @property
    def names(self) -> tuple[str, ...]:
        """The test sets of ``-t``, in order (empty without ``-t``)."""
        return tuple(self.test_set.split(",")) if self.test_set else ()


def test_set_request(namespace: argparse.Namespace, environ: Mapping[str, str]) -> TestSetRequest:
    """The test-set options of a parsed command line (absent ones at their defaults).

    `environ` (a copy is kept) is the environment the test sets' context reads.
    """
    values = vars(namespace)
    echo = values.get("echo")
    return TestSetRequest(
        test_set=values.get("test_set"),
        language_pair=values.get("language_pair"),
        origlang=values.get("origlang"),
        subset=values.get("subset"),
        echo=None if echo is None else tuple(echo),
        list=bool(values.get("list")),
        citation=bool(values.get("citation")),
        download=values.get("download"),
        detail=bool(values.get("detail")),
        cache_dir=values.get("cache_dir"),
        mirror=values.get("mirror"),
        offline=values.get("offline"),
        allow_unpinned_model=bool(values.get("allow_unpinned_model")),
        refs=tuple(values.get("refs") or ()),
        num_refs=values.get("num_refs", 1),
        quiet=bool(values.get("quiet")),
        width=values.get("width", 1),
        progress=values.get("progress"),
        environ=MappingProxyType(dict(environ)),
    )


test_set_request.__test__ = False  # type: ignore[attr-defined]  # not a pytest test


def wants_query(request: TestSetRequest) -> bool:
    """Whether the options ask about test sets instead of scoring."""
    return bool(request.download or request.list or request.citation or request.echo)


def check_selection(request: TestSetRequest) -> None:
    """Refuse ``--origlang`` and ``--subset`` without a test set, before any reading.

    Raises:
        OptionError: one of them without ``-t``.
    """
    if (request.origlang is not None or request.subset is not None) and not request.test_set:
        raise OptionError("--origlang and --subset select documents of a test set: give -t and -l")
