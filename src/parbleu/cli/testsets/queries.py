"""``--list``, ``--echo``, ``--citation`` and ``--download``, as sacreBLEU 2.6.0 answers them.

``--list`` prints every registered test set (with ``-l``, those with that pair either way
round), adding the test sets known only from sacreBLEU's text files in the cache; with
``-t``, the fields of each pair. ``--echo`` prints fields of a test set as sacreBLEU does:
one field a line, several as tab-separated columns in the order asked, ``all`` for every
field, ``ref`` for the first reference when no field is called ``ref``; ``--origlang`` and
``--subset`` select segments. ``--download NAME`` fetches, verifies and extracts the test
set's files (with ``-l``, what that pair needs) and prints nothing on standard output.
"""

from __future__ import annotations

import os
from pathlib import Path

from parbleu.cli.testsets.context import TestSetContext
from parbleu.cli.testsets.options import TestSetRequest
from parbleu.cli.testsets.selection import opened_pairs, segment_mask
from parbleu.errors import InputError, OptionError, UnknownTestSetError
from parbleu.testsets.download import download_test_set
from parbleu.testsets.pair import TestSetPair, cached_pairs
from parbleu.testsets.reading import known_pairs, open_pair

__all__ = ["citation_lines", "download_lines", "echo_lines", "list_lines", "query_lines"]


def _cached_only(context: TestSetContext) -> dict[str, str]:
    """Test sets in the cache that the registry does not list, with a description.

    A folder holds one when it has a text file ``<stem>.<pair>.src`` of its own name; the
    ``raw/`` folders of downloads are not searched.
    """
    root = context.cache.root
    found = {}
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [f for f in subfolders if f not in ("raw", "models")]
        name = Path(folder).relative_to(root).as_posix()
        stem = name.replace("/", "_") + "."
        if name in context.registry or not any(
            f.startswith(stem) and f.endswith(".src") for f in files
        ):
            continue
        if cached_pairs(context.cache, name):
            found[name] = "(in the cache only: the text files sacreBLEU wrote)"
    return found


def _pairs_lines(request: TestSetRequest, context: TestSetContext) -> list[str]:
    """``--list -t``: each pair's fields; downloaded only where the files name them."""
    lines = []
    for name in request.names:
        pairs = known_pairs(name, context.cache, context.registry)
        for pair in [request.language_pair] if request.language_pair else pairs:
            opened = TestSetPair(context.cache, name, pair, context.registry.get(name))
            if pair not in pairs or not opened.fields():  # WMT XML: the file lists them
                opened = open_pair(name, pair, context.cache, context.settings, context.registry)
            lines.append(f"{pair}: {', '.join(opened.fields())}")
    return lines


def list_lines(request: TestSetRequest, context: TestSetContext) -> list[str]:
    """``--list``: the test sets (for ``-l``), or the fields of each pair of ``-t``."""
    if request.test_set:
        return _pairs_lines(request, context)
    described = {name: entry.description for name, entry in context.registry.items()}
    described |= _cached_only(context)
    if request.language_pair:
        source, _, target = request.language_pair.partition("-")
        wanted = {f"{source}-{target}", f"{target}-{source}"}
        names = [
            n for n in described if wanted & set(known_pairs(n, context.cache, context.registry))
        ]
        header = f"The available test sets for {request.language_pair} are:"
    else:
        names, header = list(described), "The available test sets are:"
    return [header] + [f"{n:<30}: {described[n].strip()}" for n in sorted(names)]


def citation_lines(request: TestSetRequest, context: TestSetContext) -> list[str]:
    """``--citation``: the BibTeX entry of each test set of ``-t``."""
    if not request.test_set:
        raise OptionError("--citation needs a test set (-t)")
    lines = []
    for name in request.names:
        entry = context.registry.get(name)
        if entry is None:
            known_pairs(name, context.cache, context.registry)  # unknown: its error
            raise InputError(f"no citation for {name}: the registry does not list it")
        if entry.citation is None:
            raise InputError(f"no citation for {name} in sacreBLEU's registry")
        lines.append(entry.citation)
    return lines


def _requested(opened: TestSetPair, requested: tuple[str, ...]) -> list[str]:
    """The fields asked for, with sacreBLEU's ``all`` and its ``ref`` fallback."""
    fields = opened.fields()
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
                f"no such field {field} in test set {opened.name} for language pair "
                f"{opened.pair}; available fields for {opened.name}/{opened.pair}: "
                f"{', '.join(fields)}"
            )
        chosen.append(field)
    return chosen


def echo_lines(request: TestSetRequest, context: TestSetContext) -> list[str]:
    """``--echo FIELD ...``: the fields of every test set of ``-t``, tab-separated."""
    if not request.test_set or not request.language_pair or request.echo is None:
        raise OptionError("--echo needs a test set (-t) and a language pair (-l)")
    out: list[str] = []
    for opened in opened_pairs(request, context):
        columns = [opened.lines(field) for field in _requested(opened, request.echo)]
        mask = segment_mask([opened], request.origlang, request.subset)
        rows = list(zip(*columns, strict=True))
        if mask is not None:
            rows = [row for row, keep in zip(rows, mask, strict=True) if keep]
        out.extend("\t".join(row) for row in rows)
    return out


def download_lines(request: TestSetRequest, context: TestSetContext) -> list[str]:
    """``--download NAME``: fetch, verify and extract its files (``-l``: one pair's)."""
    name = request.download or ""
    entry = context.registry.get(name)
    if entry is None:
        known_pairs(name, context.cache, context.registry)  # unknown: its error
        raise OptionError(
            f"--download {name}: the registry does not list it, so there is nothing to "
            "download; it is read from the text files sacreBLEU left in the cache"
        )
    pairs = None
    if request.language_pair is not None:
        if request.language_pair not in entry.pairs:
            raise UnknownTestSetError(
                f"{name} has no language pair {request.language_pair!r}; it has "
                f"{', '.join(entry.pairs)}"
            )
        pairs = [request.language_pair]
    try:
        paths = download_test_set(entry, context.cache, context.settings, pairs)
    finally:
        context.progress.done()
    if context.settings.log is not None:
        what = f"{name} ({request.language_pair})" if pairs else name
        context.settings.log(
            f"{what}: {len(paths)} file(s) verified in {context.cache.folder(name)}"
        )
    return []


def query_lines(request: TestSetRequest, context: TestSetContext) -> list[str]:
    """The answer to ``--download``, ``--list``, ``--citation`` or ``--echo`` (that order)."""
    try:
        if request.download:
            return download_lines(request, context)
        if request.list:
            return list_lines(request, context)
        if request.citation:
            return citation_lines(request, context)
        return echo_lines(request, context)
    finally:
        context.progress.done()
