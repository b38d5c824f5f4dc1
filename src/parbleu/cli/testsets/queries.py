"""``--list``, ``--echo``, ``--citation`` and ``--download``, as sacreBLEU 2.6.0 answers them.

From the test sets parbleu knows and the files in sacreBLEU's cache.

``--echo`` prints fields of a test set as sacreBLEU does: one field a line, several as
tab-separated columns in the order asked, ``all`` for every field, ``ref`` for the first
reference when no field is called ``ref``; ``--origlang`` and ``--subset`` select segments.
``--download`` cannot download (parbleu never uses the network): it checks that the cache
holds the test set and, if it does not, says which file is missing and how to get it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from parbleu.cli.testsets.cache import CachedPair, SacrebleuCache, missing_file_error
from parbleu.cli.testsets.options import TestSetRequest
from parbleu.cli.testsets.registry import TEST_SETS
from parbleu.cli.testsets.selection import cached_pairs, known_test_set, segment_mask
from parbleu.errors import InputError, OptionError

__all__ = [
    "citation_lines",
    "download_lines",
    "echo_lines",
    "list_lines",
    "query_lines",
]


def list_lines(request: TestSetRequest, cache: SacrebleuCache) -> list[str]:
    """``--list``: the test sets (for ``-l``), or the fields of each pair of ``-t``."""
    if request.test_set:
        lines = []
        for name in request.test_set.split(","):
            test_set = known_test_set(name)
            pairs = [request.language_pair] if request.language_pair else list(test_set.pairs)
            for pair in pairs:
                cached = CachedPair(cache, test_set, pair)
                if pair not in test_set.pairs:
                    raise OptionError(f"{name} has no language pair {pair!r}")
                lines.append(f"{pair}: {', '.join(cached.fields())}")
        return lines
    if request.language_pair:
        source, _, target = request.language_pair.partition("-")
        wanted = {f"{source}-{target}", f"{target}-{source}"}
        names = [n for n, t in TEST_SETS.items() if wanted & set(t.pairs)]
        header = f"The available test sets for {request.language_pair} are:"
    else:
        names, header = list(TEST_SETS), "The available test sets are:"
    return [header] + [f"{n:<30}: {TEST_SETS[n].description.strip()}" for n in sorted(names)]


def citation_lines(request: TestSetRequest) -> list[str]:
    """``--citation``: the BibTeX entry of each test set of ``-t``."""
    if not request.test_set:
        raise OptionError("--citation needs a test set (-t)")
    lines = []
    for name in request.test_set.split(","):
        citation = known_test_set(name).citation
        if citation is None:
            raise InputError(f"no citation for {name} in sacreBLEU's registry")
        lines.append(citation)
    return lines


def _requested(cached: CachedPair, requested: Sequence[str]) -> list[str]:
    """The fields asked for, with sacreBLEU's ``all`` and its ``ref`` fallback."""
    fields = cached.fields()
    if "all" in requested:
        if len(requested) != 1:
            raise OptionError("--echo all cannot be combined with other fields")
        return fields
    refs = sorted(f for f in fields if f.startswith("ref"))
    chosen = []
    for asked in requested:
        # sacreBLEU: "ref" is the first reference by name where no field is called "ref"
        field = refs[0] if asked == "ref" and asked not in fields and refs else asked
        if field not in fields:
            raise OptionError(
                f"no such field {field} in test set {cached.test_set.name} for language pair "
                f"{cached.pair}; available fields for {cached.test_set.name}/{cached.pair}: "
                f"{', '.join(fields)}"
            )
        chosen.append(field)
    return chosen


def echo_lines(request: TestSetRequest, cache: SacrebleuCache) -> list[str]:
    """``--echo FIELD ...``: the fields of every test set of ``-t``, tab-separated."""
    if not request.test_set or not request.language_pair:
        raise OptionError("--echo needs a test set (-t) and a language pair (-l)")
    out: list[str] = []
    for cached in cached_pairs(request, cache):
        columns = [cached.lines(field) for field in _requested(cached, request.echo or ())]
        mask = segment_mask([cached], request.origlang, request.subset)
        rows = list(zip(*columns, strict=True))
        if mask is not None:
            rows = [row for row, keep in zip(rows, mask, strict=True) if keep]
        out.extend("\t".join(row) for row in rows)
    return out


def _check_present(cached: CachedPair) -> None:
    """Raise the missing-file error unless the cache can give every field of `cached`."""
    for field in cached.fields():
        if not cached.has(field):
            path = cached.raw_file_of(field)
            raise missing_file_error(cached.cache, cached.test_set, cached.pair, path)


def download_lines(
    request: TestSetRequest, cache: SacrebleuCache, stderr: TextIO, *, quiet: bool
) -> list[str]:
    """``--download NAME``: parbleu does not download; it says whether the cache has NAME."""
    test_set = known_test_set(request.download or "")
    pairs = [request.language_pair] if request.language_pair else list(test_set.pairs)
    for pair in pairs:
        if pair not in test_set.pairs:
            raise OptionError(f"{test_set.name} has no language pair {pair!r}")
        _check_present(CachedPair(cache, test_set, pair))
    if not quiet:
        print(
            f"parbleu: {test_set.name} ({', '.join(pairs)}) is in sacreBLEU's cache "
            f"{cache.root}; parbleu never downloads, and needs nothing more",
            file=stderr,
        )
    return []


def query_lines(
    request: TestSetRequest, cache: SacrebleuCache, stderr: TextIO, *, quiet: bool
) -> list[str]:
    """The answer to ``--download``, ``--list``, ``--citation`` or ``--echo`` (that order)."""
    if request.download:
        return download_lines(request, cache, stderr, quiet=quiet)
    if request.list:
        return list_lines(request, cache)
    if request.citation:
        return citation_lines(request)
    return echo_lines(request, cache)
