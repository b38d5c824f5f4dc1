"""BLEU statistics of token-id sequences, counted by parbleu's n-gram engine.

Token ids need no tokenizer and no vocabulary: they go to the engine as they are
(`parbleu.engine.ngrams`, the counter behind every BLEU score), which clips each hypothesis
n-gram by its largest count in any one reference of the item (Papineni et al. 2002, section
2.1). Only two things are arranged here: ids the references never contain become the
engine's unknown token (-1), which never matches, and so does ``unk_id`` on both sides
(`parbleu.ids.rules`); ids too large for the engine's exact keys are renumbered first.

This is the only module of `parbleu.ids` that touches engine internals.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from parbleu.arrays import IntArray
from parbleu.engine.encode import UNKNOWN
from parbleu.engine.ngrams import build_table, clipped_matches, ngram_totals
from parbleu.engine.segments import Segments
from parbleu.engine.sorted_ngrams import ReferenceNgrams
from parbleu.ids.batch import References
from parbleu.metrics.bleu.metric import effective_ref_lengths
from parbleu.metrics.bleu.options import RefLength
from parbleu.stats import Layout

__all__ = ["bleu_statistics"]

#: Reference tokens per chunk of the sorted matcher: model vocabularies are large (32k
#: tokens and more), and a chunk's distinct tokens must fit the packed keys' digits
#: (`parbleu.engine.sorted_keys`); 4096 keeps them there up to vocabularies of 2**13 per
#: chunk (measured: 0.25 s against 0.59 s with the default 16384, which falls back to
#: per-segment alphabets, for 100,000 pairs of 25 tokens from a 32,000-token vocabulary).
CHUNK_TOKENS = 1 << 12

#: The engine's keys are ``rank * base + token`` below this bound (`parbleu.engine.ngrams`).
_KEY_LIMIT = 2**62


def _vocabulary(
    hypotheses: IntArray, references: IntArray, unk_id: int | None, rows: int
) -> tuple[IntArray, IntArray, int]:
    """Hypothesis and reference ids for the engine, and its vocabulary size.

    Reference ids are ``0 .. V - 1`` (their own values when keys fit, else their ranks) and
    a reference ``unk_id`` is V, which no hypothesis token maps to; hypothesis ids absent
    from the references, and ``unk_id``, are -1.
    """
    ref_unknown = references == unk_id if unk_id is not None else np.zeros(len(references), bool)
    hyp_unknown = hypotheses == unk_id if unk_id is not None else np.zeros(len(hypotheses), bool)
    known = references[~ref_unknown]
    size = int(known.max()) + 1 if len(known) else 0
    if (size + 2) * max(rows, 1) >= _KEY_LIMIT:
        distinct = np.unique(known)
        size = len(distinct)
        ref_ids = np.searchsorted(distinct, references)
        at = np.minimum(np.searchsorted(distinct, hypotheses), max(size - 1, 0))
        found = distinct.take(at) == hypotheses if size else np.zeros(len(hypotheses), bool)
        hyp_ids = np.where(found & ~hyp_unknown, at, UNKNOWN)
    else:
        ref_ids = references
        hyp_ids = np.where((hypotheses < size) & ~hyp_unknown, hypotheses, UNKNOWN)
    ref_ids = np.where(ref_unknown, size, ref_ids)
    return hyp_ids.astype(np.int64), ref_ids.astype(np.int64), size + 1


def _split(ids: IntArray, slots: Sequence[Segments]) -> list[Segments]:
    """Concatenated slot ids cut back into one engine corpus per slot."""
    bounds = np.cumsum([0, *(len(slot.values) for slot in slots)])
    return [
        Segments(ids[lo:hi], slot.offsets)
        for slot, lo, hi in zip(slots, bounds[:-1], bounds[1:], strict=True)
    ]


def _clipped_matches(
    hypotheses: Segments, references: Sequence[Segments], orders: int, size: int
) -> IntArray:
    """Clipped n-gram matches ``(items, orders)``.

    With one reference per item, clipping is the shared n-gram count that chrF's sorted
    matcher computes for all orders in one sort (`parbleu.engine.sorted_ngrams`); with
    several, the count is clipped by the largest in any one reference, which the hashed
    n-gram tables of `parbleu.engine.ngrams` do.
    """
    if len(references) > 1:
        return clipped_matches(build_table(references, orders, size), hypotheses)
    (reference,) = references
    ngrams = ReferenceNgrams.build(
        reference.lengths[None, :],
        lambda start, stop: [reference.slice(start, stop)],
        orders,
        size,
        chunk_size=CHUNK_TOKENS,
    )
    matches, _ = ngrams.matches(hypotheses.slice)
    result: IntArray = matches[0]
    return result


def bleu_statistics(
    hypotheses: Segments,
    references: References,
    *,
    unk_id: int | None,
    layout: Layout,
    ref_length: RefLength,
) -> IntArray:
    """One row of BLEU statistics per item, assembled by `layout`.

    Args:
        hypotheses: one sequence per item (rules applied).
        references: the items' references (rules applied).
        unk_id: the token that never matches, if any.
        layout: the metric's statistics (``sys_len``, ``ref_len``, ``match_n``, ``total_n``);
            its ``match`` series decides the orders counted.
        ref_length: which reference length enters the brevity penalty.
    """
    orders = layout.count("match")
    ref_flat = np.concatenate([slot.values for slot in references.slots])
    rows = max(len(ref_flat), hypotheses.n_segments)
    hyp_ids, ref_ids, size = _vocabulary(hypotheses.values, ref_flat, unk_id, rows)
    matches = _clipped_matches(
        Segments(hyp_ids, hypotheses.offsets), _split(ref_ids, references.slots), orders, size
    )
    hyp_lengths = hypotheses.lengths
    ref_lengths = np.stack([slot.lengths for slot in references.slots], axis=1)
    return layout.assemble(
        {
            "sys_len": hyp_lengths,
            "ref_len": effective_ref_lengths(
                hyp_lengths, ref_lengths, references.present, ref_length
            ),
            "match": matches,
            "total": ngram_totals(hyp_lengths, orders),
        },
        dtype=np.int64,
    )
