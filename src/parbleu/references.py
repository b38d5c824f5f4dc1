"""Validation of hypotheses and references, the source of most silently wrong BLEU scores.

sacreBLEU takes references as K streams of N segments and, given the transpose, a single
stream without its enclosing list, or streams of the wrong length, scores them anyway (its
issues #220, #275, #281). parbleu accepts both natural shapes under names that say which is
which and refuses everything else with a message that says what it received:

* ``ref_streams``: K reference streams, each a sequence of N strings (sacreBLEU's shape).
  ``None`` marks an absent reference, so segments may have different numbers of references.
* ``segment_refs``: N sequences, the references of each segment (any number each).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from parbleu.arrays import BoolArray
from parbleu.errors import InputError, LengthMismatchError, ReferenceShapeError

__all__ = ["ReferenceSet", "check_hypotheses", "plain_streams", "resolve_references"]


@dataclass(frozen=True)
class ReferenceSet:
    """References as K parallel streams of N segments; ``None`` where a reference is absent."""

    streams: tuple[tuple[str | None, ...], ...]

    @property
    def n_segments(self) -> int:
        """Number of segments N."""
        return len(self.streams[0])

    @property
    def nrefs(self) -> int | str:
        """References per segment for the signature: a number, or ``var`` if it varies."""
        if all(None not in stream for stream in self.streams):  # the usual case, at C speed
            return len(self.streams)
        counts = {
            sum(stream[i] is not None for stream in self.streams) for i in range(self.n_segments)
        }
        return counts.pop() if len(counts) == 1 else "var"

    def present_streams(self) -> list[list[str]]:
        """Each stream with absent references replaced by empty text (never scored as such)."""
        return [[ref if ref is not None else "" for ref in stream] for stream in self.streams]

    def present_mask(self) -> list[list[bool]]:
        """``mask[k][i]``: stream k has a reference for segment i."""
        return [[ref is not None for ref in stream] for stream in self.streams]

    def segment(self, index: int) -> list[str]:
        """The references of one segment."""
        return [s[index] for s in self.streams if s[index] is not None]  # type: ignore[misc]


def _type_name(value: object) -> str:
    return type(value).__name__


def _is_sequence(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


def check_hypotheses(hypotheses: Any, *, what: str = "hypotheses") -> list[str]:
    """A list of hypothesis strings, or an `InputError` saying what is wrong with them."""
    if isinstance(hypotheses, str):
        raise ReferenceShapeError(
            f"{what} must be a sequence of strings, one per segment, not a single string; "
            f"for one segment pass [{what[:3]}]"
        )
    if not _is_sequence(hypotheses):
        raise ReferenceShapeError(
            f"{what} must be a sequence of strings; got {_type_name(hypotheses)}"
        )
    lines = list(hypotheses)
    if set(map(type, lines)) <= {str}:  # the usual case, checked at C speed
        if not lines:
            raise InputError(f"{what} are empty: nothing to score")
        return lines
    for index, line in enumerate(lines):
        if not isinstance(line, str):
            raise ReferenceShapeError(
                f"{what}[{index}] is {_type_name(line)}, expected str"
                + (" (an undefined line)" if line is None else "")
            )
    if not lines:
        raise InputError(f"{what} are empty: nothing to score")
    return lines


def _streams_from_streams(ref_streams: Any, n_segments: int) -> list[list[str | None]]:
    if isinstance(ref_streams, str) or not _is_sequence(ref_streams):
        raise ReferenceShapeError(
            "references must be a sequence of reference streams (K lists of N strings); "
            f"got {_type_name(ref_streams)}"
        )
    streams = list(ref_streams)
    if not streams:
        raise InputError("no reference streams were given")
    if all(isinstance(s, str) for s in streams):
        raise ReferenceShapeError(
            f"references must be a list of reference streams; got a list of {len(streams)} "
            "strings. For one reference per segment pass [refs] (or ref_streams=[refs])"
        )
    for k, stream in enumerate(streams):
        if not _is_sequence(stream):
            raise ReferenceShapeError(
                f"reference stream {k} is {_type_name(stream)}, expected a sequence of strings"
            )
    lengths = [len(s) for s in streams]
    if any(length != n_segments for length in lengths):
        if len(streams) == n_segments and len(set(lengths)) <= max(1, n_segments // 2):
            raise ReferenceShapeError(
                f"references look transposed: {len(streams)} lists of {lengths[0]} strings for "
                f"{n_segments} hypotheses. Pass per-segment lists as segment_refs=..., or "
                "reference streams (one list of N strings per reference) as ref_streams=..."
            )
        bad = next(k for k, length in enumerate(lengths) if length != n_segments)
        raise LengthMismatchError(
            f"reference stream {bad} has {lengths[bad]} segments but there are {n_segments} "
            "hypotheses; every stream needs exactly one entry (a string or None) per hypothesis"
        )
    out: list[list[str | None]] = []
    for k, stream in enumerate(streams):
        lines = list(stream)
        if not set(map(type, lines)) <= {str, type(None)}:  # else: find the culprit
            for i, ref in enumerate(lines):
                if ref is not None and not isinstance(ref, str):
                    raise ReferenceShapeError(
                        f"reference stream {k}, segment {i} is {_type_name(ref)}, "
                        "expected str or None"
                    )
        out.append(lines)
    return out


def _streams_from_segments(segment_refs: Any, n_segments: int) -> list[list[str | None]]:
    if isinstance(segment_refs, str) or not _is_sequence(segment_refs):
        raise ReferenceShapeError(
            "segment_refs must be a sequence with the references of each segment; "
            f"got {_type_name(segment_refs)}"
        )
    segments = list(segment_refs)
    if len(segments) != n_segments:
        raise LengthMismatchError(
            f"segment_refs has {len(segments)} entries but there are {n_segments} hypotheses; "
            "give one sequence of references per hypothesis"
        )
    width = 0
    for i, refs in enumerate(segments):
        if isinstance(refs, str):
            raise ReferenceShapeError(
                f"segment_refs[{i}] is a string; each entry must be a sequence of references "
                "(for one reference per segment pass [[ref] for ref in refs])"
            )
        if not _is_sequence(refs):
            raise ReferenceShapeError(
                f"segment_refs[{i}] is {_type_name(refs)}, expected a sequence of strings"
            )
        for j, ref in enumerate(refs):
            if not isinstance(ref, str):
                raise ReferenceShapeError(
                    f"segment_refs[{i}][{j}] is {_type_name(ref)}, expected str"
                )
        width = max(width, len(refs))
    return [[refs[k] if k < len(refs) else None for refs in segments] for k in range(width)]


def resolve_references(
    n_segments: int,
    references: Any = None,
    *,
    ref_streams: Any = None,
    segment_refs: Any = None,
) -> ReferenceSet:
    """Check references for `n_segments` hypotheses, given in exactly one of three ways.

    ``references`` is sacreBLEU's positional argument and means reference streams.
    """
    given = [
        name
        for name, value in (
            ("references", references),
            ("ref_streams", ref_streams),
            ("segment_refs", segment_refs),
        )
        if value is not None
    ]
    if len(given) != 1:
        raise ReferenceShapeError(
            "give references exactly once, as references= / ref_streams= (K streams of N "
            f"strings) or segment_refs= (N lists of references); got {given or 'none'}"
        )
    if segment_refs is not None:
        streams = _streams_from_segments(segment_refs, n_segments)
    else:
        streams = _streams_from_streams(
            references if references is not None else ref_streams, n_segments
        )
    if all(None in stream for stream in streams):  # else every segment has a reference
        for i in range(n_segments):
            if all(stream[i] is None for stream in streams):
                raise InputError(f"segment {i} has no reference")
    return ReferenceSet(tuple(tuple(stream) for stream in streams))


def _plain(
    hypotheses: Any, ref_streams: Any
) -> tuple[list[str], list[Sequence[str | None]], BoolArray] | None:
    """`plain_streams` for lists of strings with a reference for every segment, at C speed.

    Anything else gives ``None``: the full checks then explain what is wrong, or accept it.
    """
    if not isinstance(hypotheses, list) or not hypotheses or set(map(type, hypotheses)) - {str}:
        return None
    if not isinstance(ref_streams, (list, tuple)) or not ref_streams:
        return None
    streams = list(ref_streams)
    present = np.ones((len(hypotheses), len(streams)), dtype=bool)
    for number, stream in enumerate(streams):
        if not isinstance(stream, (list, tuple)) or len(stream) != len(hypotheses):
            return None
        kinds = set(map(type, stream))
        if kinds - {str, type(None)}:
            return None
        if type(None) in kinds:
            present[:, number] = [line is not None for line in stream]
    if not present.any(axis=1).all():
        return None
    return hypotheses, streams, present


def plain_streams(
    hypotheses: Any, ref_streams: Any
) -> tuple[list[str], Sequence[Sequence[str | None]], BoolArray]:
    """Checked hypotheses, their K reference streams and ``present[i, k]`` (a reference exists).

    The same checks as `check_hypotheses` and `resolve_references` (``ref_streams=``), for
    code that reads the streams directly (chunked and parallel scoring).
    """
    plain = _plain(hypotheses, ref_streams)
    if plain is not None:
        return plain
    lines = check_hypotheses(hypotheses)
    reference_set = resolve_references(len(lines), None, ref_streams=ref_streams)
    present = np.array(reference_set.present_mask(), dtype=bool).T
    return lines, reference_set.streams, present
