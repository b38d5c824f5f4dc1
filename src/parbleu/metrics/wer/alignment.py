"""One segment's alignment, for display: its chosen reference and jiwer's edit chunks.

A segment view shows which hypothesis tokens match, replace, add to or leave out reference
tokens. `align_segment` chooses the reference as the corpus statistics do (fewest edits,
then the longest, then the first) and gives the chunks of its alignment, exactly jiwer
4.0.0's ``AlignmentChunk`` list (``process_words(reference, hypothesis).alignments[0]``).

    >>> view = align_segment(["a", "x", "c"], [["a", "b", "c", "d"]])
    >>> [(chunk.kind, chunk.ref_start, chunk.ref_end) for chunk in view.chunks]
    [('equal', 0, 1), ('substitute', 1, 2), ('equal', 2, 3), ('delete', 3, 4)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parbleu.engine.edit_script import EditChunk, edit_chunks

__all__ = ["EditAlignment", "align_segment"]


@dataclass(frozen=True)
class EditAlignment:
    """The tokens of a hypothesis and of its chosen reference, and how they align."""

    reference: int  # the chosen reference's index among the segment's references
    hypothesis_tokens: tuple[str, ...]
    reference_tokens: tuple[str, ...]
    chunks: tuple[EditChunk, ...]

    def count(self, kind: str) -> int:
        """Tokens in chunks of `kind`: ``equal``, ``substitute``, ``delete``, ``insert``.

        Reference tokens, except for insertions (hypothesis tokens).
        """
        return sum(
            (c.hyp_end - c.hyp_start) if kind == "insert" else (c.ref_end - c.ref_start)
            for c in self.chunks
            if c.kind == kind
        )

    @property
    def edits(self) -> int:
        """Substitutions, deletions and insertions."""
        return sum(self.count(kind) for kind in ("substitute", "delete", "insert"))


def align_segment(hypothesis: Sequence[str], references: Sequence[Sequence[str]]) -> EditAlignment:
    """The alignment of `hypothesis` with its chosen reference (tokens, not text)."""
    if not references:
        raise ValueError("a segment needs at least one reference")
    views = [
        EditAlignment(k, tuple(hypothesis), tuple(ref), tuple(edit_chunks(ref, hypothesis)))
        for k, ref in enumerate(references)
    ]
    return min(views, key=lambda view: (view.edits, -len(view.reference_tokens), view.reference))
