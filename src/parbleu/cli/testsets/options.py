"""The command-line options of sacreBLEU's test sets, as sacreBLEU 2.6.0 names them.

Declaring and checking them needs neither sacreBLEU's cache nor the registry of test sets:
the command scoring files imports no other module of `parbleu.cli.testsets`. The options
given become one frozen `TestSetRequest` (`test_set_request`), which is what the other
modules of `parbleu.cli.testsets` read.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from parbleu.errors import OptionError

__all__ = [
    "TestSetRequest",
    "add_test_set_options",
    "check_selection",
    "test_set_request",
    "wants_query",
]


@dataclass(frozen=True)
class TestSetRequest:
    """sacreBLEU's test-set options as given: which test set, which segments, which query.

    ``cache_dir`` is ``--cache-dir``, else ``$SACREBLEU`` (the command line reads the
    environment when it builds the request), else None for ``~/.sacrebleu``.
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


def test_set_request(namespace: argparse.Namespace) -> TestSetRequest:
    """The test-set options of a parsed command line (`add_test_set_options`'s flags)."""
    return TestSetRequest(
        test_set=namespace.test_set,
        language_pair=namespace.language_pair,
        origlang=namespace.origlang,
        subset=namespace.subset,
        echo=None if namespace.echo is None else tuple(namespace.echo),
        list=namespace.list,
        citation=namespace.citation,
        download=namespace.download,
        detail=namespace.detail,
        cache_dir=namespace.cache_dir,
    )


def add_test_set_options(parser: argparse.ArgumentParser) -> None:
    """Add sacreBLEU's test-set options and parbleu's ``--cache-dir``.

    ``-t``, ``-l``, ``--origlang``, ``--subset``, ``--echo``, ``--list``, ``--citation``,
    ``--download``, ``-d/--detail``.
    """
    group = parser.add_argument_group(
        "sacreBLEU's test sets, read from its cache without network (docs/cli.md)"
    )
    add = group.add_argument
    add(
        "--test-set",
        "-t",
        default=None,
        help="a test set in sacreBLEU's cache (wmt13, wmt17, wmt21, wmt21/systems), or several "
        "joined with commas",
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
        help="parbleu never downloads: check that the cache has TEST_SET (and -l), else say how "
        "to get it",
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
