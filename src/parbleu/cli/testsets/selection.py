"""The test sets, references and segments of ``-t``, ``-l``, ``--origlang``, ``--subset``.

As sacreBLEU 2.6.0's command line chooses them (``sacrebleu.py``, ``utils.filter_subset``).

``-t`` takes one test set or a comma-separated list, whose segments are concatenated in the
order given; ``-l`` names the language pair. ``--origlang L`` keeps the segments of
documents originally written in L (``non-L``: all others); ``--subset REGEX`` keeps those of
documents whose domain matches the regular expression (WMT XML test sets with a ``domain``
attribute; sacreBLEU's ``country:`` prefix is removed, as it does).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from parbleu.cli.testsets.cache import CachedPair, SacrebleuCache
from parbleu.cli.testsets.options import TestSetRequest, check_selection
from parbleu.cli.testsets.registry import TEST_SETS, KnownTestSet, RawFormat
from parbleu.errors import InputError, OptionError

__all__ = [
    "cache_from",
    "cached_pairs",
    "kept_segments",
    "known_test_set",
    "segment_mask",
    "test_set_references",
]


def cache_from(option: str | None, environ: Mapping[str, str]) -> SacrebleuCache:
    """SacreBLEU's cache: ``--cache-dir``, else ``$SACREBLEU``, else ``~/.sacrebleu``.

    The command line passes its environment here; nothing else reads it.
    """
    if option is not None:
        return SacrebleuCache(Path(option))
    if "SACREBLEU" in environ:
        return SacrebleuCache(Path(environ["SACREBLEU"]))
    return SacrebleuCache(Path("~/.sacrebleu").expanduser())


def known_test_set(name: str) -> KnownTestSet:
    """The test set called `name`.

    Raises:
        OptionError: a name parbleu does not know, saying which it knows and what to do.
    """
    if name in TEST_SETS:
        return TEST_SETS[name]
    raise OptionError(
        f"unknown test set {name!r}: parbleu reads {', '.join(TEST_SETS)} from sacreBLEU's "
        "cache (parbleu --list); for another test set give its reference files, for example "
        f"from sacreBLEU: sacrebleu -t {name} -l SRC-TRG --echo ref > ref.txt"
    )


def cached_pairs(request: TestSetRequest, cache: SacrebleuCache) -> list[CachedPair]:
    """The test sets of ``-t`` (comma-separated) with the pair of ``-l``.

    Raises:
        OptionError: no ``-l``, or a pair the test set does not have.
    """
    names = (request.test_set or "").split(",")
    if request.language_pair is None:
        raise OptionError(
            f"-t {request.test_set} needs a language pair (-l SRC-TRG); "
            f"parbleu --list -t {names[0]} lists them"
        )
    chosen = []
    for name in names:
        test_set = known_test_set(name)
        if request.language_pair not in test_set.pairs:
            raise OptionError(
                f"{name} has no language pair {request.language_pair!r}; it has "
                f"{', '.join(test_set.pairs)}"
            )
        chosen.append(CachedPair(cache, test_set, request.language_pair))
    return chosen


def _stream_name(cached: CachedPair, field: str) -> str:
    path = cached.text_file(field)
    return str(path) if path.is_file() else f"{cached.label} {field}"


def test_set_references(
    request: TestSetRequest, cache: SacrebleuCache
) -> tuple[list[str], list[list[str]]]:
    """Names and streams of the references of ``-t``, concatenated over its test sets.

    Reference files and ``-nr`` with ``-t`` are refused where the command line reads its
    inputs (`parbleu.cli.inputs`).

    Raises:
        InputError: a file missing from the cache, or test sets with different numbers of
            references.
    """
    names: list[str] = []
    streams: list[list[str]] = []
    for cached in cached_pairs(request, cache):
        fields = cached.reference_fields()
        if streams and len(fields) != len(streams):
            raise InputError(
                f"{cached.label} has {len(fields)} references but the test sets before it "
                f"have {len(streams)}; test sets joined with -t must have as many"
            )
        for k, field in enumerate(fields):
            if len(streams) <= k:
                names.append(_stream_name(cached, field))
                streams.append([])
            streams[k].extend(cached.lines(field))
    return names, streams


def _origlang_keeps(origlang: str, values: Sequence[str]) -> list[bool]:
    if origlang.startswith("non-"):
        return [value != origlang[4:] for value in values]
    return [value == origlang for value in values]


def _domains(cached: CachedPair, subset: str) -> list[str | None]:
    if cached.test_set.raw_format is RawFormat.SGML:
        raise OptionError(
            f"--subset {subset}: {cached.test_set.name} has no document annotations to match "
            "(sacreBLEU has them for the WMT XML test sets with a domain attribute, and for "
            "wmt18 and wmt19, which parbleu does not read)"
        )
    if "domain" not in cached.fields():
        return [None] * len(cached.lines("docid"))
    return list(cached.lines("domain"))


def segment_mask(
    pairs: Sequence[CachedPair], origlang: str | None, subset: str | None
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
        text = subset.removeprefix("country:")
        try:
            pattern = re.compile(text)
        except re.error as exc:
            raise OptionError(f"--subset {subset!r} is not a regular expression: {exc}") from None
    mask: list[bool] = []
    for cached in pairs:
        keep = None
        if origlang is not None:
            keep = _origlang_keeps(origlang, cached.lines("origlang"))
        if pattern is not None and subset is not None:
            domains = _domains(cached, subset)
            matched = [d is not None and pattern.search(d) is not None for d in domains]
            if keep is not None and len(keep) != len(matched):
                raise InputError(
                    f"{cached.label}: {len(keep)} original languages but {len(matched)} domains "
                    "in sacreBLEU's cache; it is inconsistent: delete "
                    f"{cached.cache.folder(cached.test_set)} and fill it again"
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
    request: TestSetRequest, cache: SacrebleuCache, n_segments: int
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
    mask = segment_mask(cached_pairs(request, cache), request.origlang, request.subset)
    if mask is None:
        return None
    if len(mask) != n_segments:
        raise InputError(
            f"{request.test_set} {request.language_pair}: sacreBLEU's cache {cache.root} has "
            f"document metadata for {len(mask)} segments but references for {n_segments}; it is "
            "inconsistent: delete the test set's folder there and fill it again"
        )
    keep = [i for i, kept in enumerate(mask) if kept]
    if not keep:
        raise InputError(
            f"test set {request.test_set} ({request.language_pair}) has no segment with "
            f"{_described(request)}"
        )
    return keep
