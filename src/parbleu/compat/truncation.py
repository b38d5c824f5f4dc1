r"""sacreBLEU's silent truncation, refused by default, reproduced on request with a warning.

sacreBLEU pairs hypotheses with references by ``zip``: references given as K streams become
segments with ``zip(*streams)``, and those are paired with the hypotheses with ``zip``
again, so the shortest of them sets how many segments are scored and the rest is dropped
without a word (its issues #220 and #275). Real code depends on it without knowing: t5's
multi-reference branch and lighteval's chrF and TER pass per-segment reference lists where
streams are expected (sacreBLEU then scores only the first few segments), fairseq's
``translation_moe/score.py`` passes two strings (sacreBLEU scores the first character of the
hypothesis), OCELoT scores a submission one line short against the whole test set.

`parbleu.compat` refuses all of these (`parbleu.LengthMismatchError`,
`parbleu.ReferenceShapeError`). Inside ``with allow_truncation():`` it computes what
sacreBLEU computes instead, and warns (`TruncationWarning`) with what was dropped, for users
who must reproduce numbers published with sacreBLEU:

    >>> import warnings
    >>> with allow_truncation(), warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     hyps, streams = sacrebleu_pairs(["a", "b", "c"], [["a", "b"]])
    >>> hyps, streams
    (['a', 'b'], [['a', 'b']])
    >>> print(str(caught[0].message).replace("; ", ";\n"))
    sacreBLEU's truncation (parbleu.compat.allow_truncation): scored 2 segments;
    dropped hypotheses 3-3 (1 of 3)

The switch is a context variable: it holds in the ``with`` block of the thread (or task)
that entered it, and nowhere else.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from parbleu.errors import InputError

__all__ = ["TruncationWarning", "allow_truncation", "sacrebleu_pairs", "truncation_allowed"]

_ALLOWED: ContextVar[bool] = ContextVar("parbleu_compat_allow_truncation", default=False)


class TruncationWarning(UserWarning):
    """Inputs were truncated as sacreBLEU truncates them (`allow_truncation`)."""


@contextmanager
def allow_truncation() -> Iterator[None]:
    """Within the block, `parbleu.compat` truncates mismatched inputs as sacreBLEU does.

    Each truncation warns (`TruncationWarning`) with the segments it dropped.
    """
    token = _ALLOWED.set(True)
    try:
        yield
    finally:
        _ALLOWED.reset(token)


def truncation_allowed() -> bool:
    """Whether the caller is inside `allow_truncation`."""
    return _ALLOWED.get()


def _dropped(what: str, length: int, kept: int) -> str:
    return f"{what} {kept + 1}-{length} ({length - kept} of {length})"


def sacrebleu_pairs(
    hypotheses: Sequence[Any] | None, references: Sequence[Sequence[Any]]
) -> tuple[list[Any], list[list[Any]]]:
    """The hypotheses and reference streams sacreBLEU scores: all cut to the shortest.

    A string given as hypotheses is its characters, a string given as a stream its
    characters, as sacreBLEU iterates them; without hypotheses (None) only the streams are
    cut. Warns with what was dropped, if anything.

    Raises:
        InputError: nothing would be left to score.
    """
    streams = [list(stream) for stream in references]
    hyps = list(hypotheses) if hypotheses is not None else []
    kept = min([len(hyps), *map(len, streams)] if hypotheses is not None else map(len, streams))
    if kept == 0:
        raise InputError("sacreBLEU's truncation leaves no segment to score")
    dropped = []
    if len(hyps) > kept:
        dropped.append(_dropped("hypotheses", len(hyps), kept))
    dropped += [
        _dropped(f"lines of reference stream {k}", len(stream), kept)
        for k, stream in enumerate(streams)
        if len(stream) > kept
    ]
    if dropped:
        warnings.warn(
            "sacreBLEU's truncation (parbleu.compat.allow_truncation): scored "
            f"{kept} segment{'s' if kept != 1 else ''}; dropped {', '.join(dropped)}",
            TruncationWarning,
            stacklevel=3,
        )
    return hyps[:kept], [stream[:kept] for stream in streams]
