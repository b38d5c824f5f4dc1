"""The test sets, references and segments of ``-t``, ``-l``, ``--origlang``, ``--subset``.

As sacreBLEU 2.6.0's command line chooses them (``sacrebleu.py``, ``utils.filter_subset``).

``-t`` takes one test set or a comma-separated list, whose segments are concatenated in the
order given; ``-l`` names the language pair. ``--origlang L`` keeps the segments of
documents originally written in L (``non-L``: all others); ``--subset REGEX`` keeps those of
documents whose domain matches the regular expression: the ``domain`` of WMT XML and the
newer test sets, and for wmt18 and wmt19 (mteval SGML) sacreBLEU's annotation of each
document (``US-politics``; ``country:US`` matches the country alone). sacreBLEU's
``country:`` prefix is removed, as it does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from parbleu.cli.testsets.context import TestSetContext
from parbleu.cli.testsets.options import TestSetRequest, check_selection
from parbleu.errors import InputError, OptionError
from parbleu.testsets.pair import TestSetPair
from parbleu.testsets.reading import open_pair

__all__ = ["kept_segments", "opened_pairs", "segment_mask", "test_set_references"]


def opened_pairs(request: TestSetRequest, context: TestSetContext) -> list[TestSetPair]:
    """The test sets of ``-t`` (comma-separated) with the pair of ``-l``, downloaded if needed.

    Raises:
        OptionError: no ``-l``.
        UnknownTestSetError: a test set, or a pair, neither the registry nor the cache has.
        DownloadError: a download that failed.
    """
    if request.language_pair is None:
        raise OptionError(
            f"-t {request.test_set} needs a language pair (-l SRC-TRG); "
            f"parbleu --list -t {request.names[0]} lists them"
        )
    try:
        return [
            open_pair(
                name, request.language_pair, context.cache, context.settings, context.registry
            )
            for name in request.names
        ]
    finally:
        context.progress.done()


def _stream_name(opened: TestSetPair, field: str) -> str:
    path = opened.text_file(field)
    return str(path) if path.is_file() else f"{opened.label} {field}"


def test_set_references(
    request: TestSetRequest, context: TestSetContext
) -> tuple[list[str], list[list[str]]]:
    """Names and streams of the references of ``-t``, concatenated over its test sets.

    Raises:
        OptionError: reference files or ``-nr`` given with ``-t``.
        InputError: a file missing from the cache, or test sets with different numbers of
            references.
    """
    if request.refs:
        raise OptionError(
            "give either a test set (-t) or reference files, not both "
            f"(got -t {request.test_set} and {request.refs[0]})"
        )
    if request.num_refs != 1:
        raise OptionError(
            "-nr/--num-refs splits a reference file of yours; it does not apply to -t"
        )
    names: list[str] = []
    streams: list[list[str]] = []
    for opened in opened_pairs(request, context):
        fields = opened.reference_fields()
        if streams and len(fields) != len(streams):
            raise InputError(
                f"{opened.label} has {len(fields)} references but the test sets before it "
                f"have {len(streams)}; test sets joined with -t must have as many"
            )
        for k, field in enumerate(fields):
            if len(streams) <= k:
                names.append(_stream_name(opened, field))
                streams.append([])
            streams[k].extend(opened.lines(field))
    return names, streams


test_set_references.__test__ = False  # type: ignore[attr-defined]  # not a pytest test


def _origlang_keeps(origlang: str, values: Sequence[str]) -> list[bool]:
    if origlang.startswith("non-"):
        return [value != origlang[4:] for value in values]
    return [value == origlang for value in values]


def domains(opened: TestSetPair, subset: str | None = None) -> list[str | None]:
    """The domain of each segment: ``domain``, or for wmt18/wmt19 sacreBLEU's annotation.

    None for segments without one (``""`` for a wmt18/wmt19 document sacreBLEU did not
    annotate, which it matches as an empty text).

    Raises:
        OptionError: a test set with no domains to match (with `subset` given: for ``--subset``).
    """
    fields = opened.fields()
    annotations = opened.test_set.subsets if opened.test_set is not None else None
    if annotations is not None and "docid" in fields:
        return [annotations.get(doc, "") for doc in opened.lines("docid")]
    if "domain" in fields:
        return list(opened.lines("domain"))
    if subset is None:
        return [None] * len(opened.lines("src"))
    raise OptionError(
        f"--subset {subset}: {opened.name} has no document annotations to match (sacreBLEU "
        "has them for the test sets with a domain field, and for wmt18 and wmt19)"
    )


def segment_mask(
    pairs: Sequence[TestSetPair], origlang: str | None, subset: str | None
) -> list[bool] | None:
    """Which segments ``--origlang`` and ``--subset`` keep (None: all of them).

    Raises:
        OptionError: a ``--subset`` that is not a regular expression, or a test set without
            the annotation it needs.
    """
    if origlang is None and subset is None:
        return None
    pattern = None
    if subset is not None:
        try:
            pattern = re.compile(subset.removeprefix("country:"))
        except re.error as exc:
            raise OptionError(f"--subset {subset!r} is not a regular expression: {exc}") from None
    mask: list[bool] = []
    for opened in pairs:
        keep = None
        if origlang is not None:
            if "origlang" not in opened.fields():
                raise OptionError(
                    f"--origlang {origlang}: {opened.label} has no original languages "
                    f"(its fields: {', '.join(opened.fields())})"
                )
            keep = _origlang_keeps(origlang, opened.lines("origlang"))
        if pattern is not None and subset is not None:
            matched = [
                d is not None and pattern.search(d) is not None for d in domains(opened, subset)
            ]
            if keep is not None and len(keep) != len(matched):
                raise InputError(
                    f"{opened.label}: {len(keep)} original languages but {len(matched)} domains "
                    f"in the cache; it is inconsistent: delete {opened.cache.folder(opened.name)} "
                    "and fill it again"
                )
            keep = (
                matched if keep is None else [a and b for a, b in zip(keep, matched, strict=True)]
            )
        mask.extend(keep or [])
    return mask


def _described(request: TestSetRequest) -> str:
    parts = [f"origlang={request.origlang}"] if request.origlang is not None else []
    return " ".join([*parts, *([f"subset={request.subset}"] if request.subset is not None else [])])


def kept_segments(
    request: TestSetRequest, context: TestSetContext, n_segments: int
) -> list[int] | None:
    """The segments ``--origlang`` and ``--subset`` keep of the `n_segments` of ``-t``.

    None when neither is given (every segment).

    Raises:
        OptionError: either one without ``-t``.
        InputError: no segment kept, or a cache whose metadata does not fit its references.
    """
    check_selection(request)
    if request.origlang is None and request.subset is None:
        return None
    mask = segment_mask(opened_pairs(request, context), request.origlang, request.subset)
    if mask is None:
        return None
    if len(mask) != n_segments:
        raise InputError(
            f"{request.test_set} {request.language_pair}: the cache {context.cache.root} has "
            f"document metadata for {len(mask)} segments but references for {n_segments}; it "
            "is inconsistent: delete the test set's folder there and fill it again"
        )
    keep = [i for i, kept in enumerate(mask) if kept]
    if not keep:
        raise InputError(
            f"test set {request.test_set} ({request.language_pair}) has no segment with "
            f"{_described(request)}"
        )
    return keep
