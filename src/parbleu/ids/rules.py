"""What counts as a token in a batch of ids: padding, end of sequence, unknown tokens.

The rules, applied to every hypothesis and every reference, in this order:

1. ``eos_id``: a sequence ends at its first ``eos_id``, which is dropped with everything
   after it (what a decoder emits after its end-of-sequence token is not part of the
   output). Without ``eos_id`` nothing is truncated.
2. ``pad_id``: every ``pad_id`` token left is dropped, wherever it stands, as fairseq's
   ``utils.strip_pad`` does (``tensor[tensor.ne(pad)]``). ``pad_id`` may be negative (-100,
   the label padding of Hugging Face models). When ``pad_id == eos_id``, rule 1 already
   ends the sequence at the first one.
3. ``unk_id``: an unknown token stays in the sequence (it counts in lengths and n-gram
   totals) but never matches anything, not even ``unk_id`` in a reference: fairseq's
   ``scoring/bleu.py`` rewrites reference unknowns to -999 for the same reason.

Every token left must be an integer >= 0 (or ``unk_id``). Scores are then exactly sacreBLEU's with
``tokenize="none"`` on the ids written as space-separated strings, an unknown token being
written as a string that occurs on one side only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from parbleu.engine.segments import Segments
from parbleu.errors import InputError, OptionError
from parbleu.options import check_int

__all__ = ["TokenRules"]

#: The smallest and largest token ids an int64 batch can hold (``pad_id`` may be negative,
#: as -100).
_SMALLEST_ID = int(np.iinfo(np.int64).min)
_LARGEST_ID = int(np.iinfo(np.int64).max)


def _check_id(value: object, option: str) -> int | None:
    if value is None:
        return None
    return check_int(value, option, minimum=_SMALLEST_ID, maximum=_LARGEST_ID)


@dataclass(frozen=True)
class TokenRules:
    """The special ids of a batch (module docstring), checked when the value is made.

    Raises:
        OptionError: an id is not an integer or None, or ``unk_id`` equals ``pad_id`` or
            ``eos_id``.
    """

    pad_id: int | None = None
    eos_id: int | None = None
    unk_id: int | None = None

    def __post_init__(self) -> None:
        for name in ("pad_id", "eos_id", "unk_id"):
            object.__setattr__(self, name, _check_id(getattr(self, name), name))
        if self.unk_id is not None and self.unk_id in (self.pad_id, self.eos_id):
            raise OptionError(
                f"unk_id={self.unk_id} is also pad_id or eos_id: an unknown token must be a "
                "token of its own"
            )

    def apply(self, batch: Segments, what: str) -> Segments:
        """Truncate at the first ``eos_id``, drop ``pad_id``; check that every id is >= 0.

        Args:
            batch: the sequences as given.
            what: how the error message names them ("hypotheses", "references").

        Raises:
            InputError: a token left is negative, naming the sequence and the value.
        """
        ids, offsets = batch.values, batch.offsets
        segment = np.repeat(np.arange(batch.n_segments, dtype=np.int64), batch.lengths)
        keep = np.ones(len(ids), dtype=bool)
        if self.eos_id is not None:
            ends = offsets[1:].copy()
            at = np.flatnonzero(ids == self.eos_id)
            if len(at):
                first = np.unique(segment.take(at), return_index=True)
                ends[first[0]] = at[first[1]]
                keep = np.arange(len(ids), dtype=np.int64) < ends.take(segment)
        if self.pad_id is not None:
            keep &= ids != self.pad_id
        if not keep.all():
            ids, segment = ids[keep], segment[keep]
            counts = np.bincount(segment, minlength=batch.n_segments)
            offsets = np.zeros(batch.n_segments + 1, dtype=np.int64)
            np.cumsum(counts, out=offsets[1:])
        is_negative = ids < 0
        if self.unk_id is not None and self.unk_id < 0:
            is_negative &= ids != self.unk_id
        negative = np.flatnonzero(is_negative)
        if len(negative):
            where = int(segment[negative[0]])
            raise InputError(
                f"{what}: sequence {where} holds token id {int(ids[negative[0]])} after padding "
                f"(pad_id={self.pad_id}) and end of sequence (eos_id={self.eos_id}) were "
                "removed; token ids must be >= 0 (set pad_id to the padding value)"
            )
        return Segments(ids, offsets)
