"""The per-segment part of a report: text, tokens, segment scores, lengths, documents.

Rows of a segment, in this order: its source (if given), its references, the output of each
system. Token rows are the references and the outputs (sources are never tokenized). Segment
scores are stored per metric as ``(systems, segments)``: in units of ``10**-decimals`` as
32-bit integers (`parbleu.report.scoring.fixed_point`), or as float64 where they do not fit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.engine.text import tokenize_block
from parbleu.metrics.base import AnyMetric
from parbleu.metrics.registry import SegmentView
from parbleu.report.analysis import Groups, group_scores
from parbleu.report.inputs import ReportInputs, report_entry
from parbleu.report.payload import Payload, smallest_unsigned
from parbleu.report.scoring import MetricColumn, fixed_point
from parbleu.report.tokens import TokenLayout, TokenSpans, layout, spans_from_tokens
from parbleu.tokenizers import TokenizerName, make_tokenizer
from parbleu.tokenizers.base import WHITESPACE

__all__ = ["Tokens", "segment_payload", "token_rows", "tokens"]

IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True, eq=False)
class Tokens:
    """The token layouts of a report: n-gram words (BLEU's), and edited words (TER's).

    The edited words are there when a metric with the edits view is chosen.
    """

    words: TokenLayout
    word_settings: dict[str, Any]
    edits: TokenLayout | None


def token_rows(inputs: ReportInputs) -> list[str]:
    """References and outputs of every segment, segment after segment ("" if absent)."""
    streams = [*inputs.references.streams, *inputs.systems]
    return [line or "" for segment in zip(*streams, strict=True) for line in segment]


def _with_view(inputs: ReportInputs, view: SegmentView) -> AnyMetric | None:
    """The first metric whose entry shows segments with `view`."""
    return next((m for m in inputs.metrics if report_entry(m).segment_view is view), None)


def _word_settings(inputs: ReportInputs) -> dict[str, Any]:
    """The tokens the report shows: those of the n-gram view's metric (BLEU's).

    Its tokenizer and casing; without such a metric, 13a and cased.
    """
    metric = _with_view(inputs, SegmentView.NGRAMS)
    if metric is None:
        return {"tokenize": str(TokenizerName.MTEVAL_13A), "lowercase": False}
    options: Any = getattr(metric, "options", None)  # the view's options (SegmentView)
    return {"tokenize": str(options.tokenize), "lowercase": bool(options.lowercase)}


def _edits_layout(inputs: ReportInputs, rows: list[str]) -> TokenLayout | None:
    """The words of the edits view's metric (TER's tercom tokens), if one is chosen."""
    metric = _with_view(inputs, SegmentView.EDITS)
    if metric is None:
        return None
    tokenizer: Any = getattr(metric, "tokenizer", None)  # tercom's (SegmentView.EDITS)
    n_refs = len(inputs.references.streams)
    width = n_refs + len(inputs.systems)

    def tokenize(lines: Sequence[str], first: int) -> TokenSpans:
        words = [
            tokenizer.reference_words(line)
            if (first + i) % width < n_refs
            else tokenizer.words(line)
            for i, line in enumerate(lines)
        ]
        return spans_from_tokens(words)

    return _layout_rows(rows, tokenize, lowercase=not tokenizer.case_sensitive)


def _layout_rows(
    rows: list[str], tokenize: Callable[[Sequence[str], int], TokenSpans], *, lowercase: bool
) -> TokenLayout:
    position = [0]

    def block(lines: Sequence[str]) -> TokenSpans:
        spans = tokenize(lines, position[0])
        position[0] += len(lines)
        return spans

    return layout(rows, block, lowercase=lowercase)


def tokens(inputs: ReportInputs, rows: list[str]) -> Tokens:
    """Token layouts of every token row (see `parbleu.report.tokens`)."""
    settings = _word_settings(inputs)
    tokenizer = make_tokenizer(TokenizerName(settings["tokenize"]))
    lowercase = settings["lowercase"]

    def tokenize(lines: Sequence[str], first: int) -> TokenSpans:
        del first
        block = tokenize_block(list(lines), tokenizer, lowercase=lowercase)
        return TokenSpans(block.codes, block.starts, block.lengths, block.offsets)

    words = _layout_rows(rows, tokenize, lowercase=lowercase)
    return Tokens(words, settings, _edits_layout(inputs, rows))


def _utf16_lengths(lines: list[str], text: str) -> IntArray:
    """UTF-16 units of each line (`text` is the lines joined)."""
    lengths = np.fromiter(map(len, lines), dtype=np.int64, count=len(lines))
    if len(text.encode("utf-16-le", "surrogatepass")) != 2 * len(text):  # characters > U+FFFF
        units = [len(line.encode("utf-16-le", "surrogatepass")) // 2 for line in lines]
        lengths = np.array(units, dtype=np.int64)
    return lengths


def _text_rows(inputs: ReportInputs) -> list[str]:
    streams: list[Sequence[str | None]] = []
    if inputs.source is not None:
        streams.append(inputs.source)
    streams += [*inputs.references.streams, *inputs.systems]
    return [line or "" for segment in zip(*streams, strict=True) for line in segment]


def _add_layout(payload: Payload, name: str, tokens: TokenLayout) -> None:
    payload.add_array(f"{name}/splits", smallest_unsigned(tokens.split_counts))
    payload.add_array(f"{name}/deltas", smallest_unsigned(tokens.split_deltas))
    payload.add_array(f"{name}/counts", smallest_unsigned(tokens.token_counts))
    payload.add_json(f"{name}/explicit", tokens.explicit)
    payload.add_json(f"{name}/lowercase", tokens.lowercase)


def _add_scores(payload: Payload, name: str, values: npt.NDArray[np.float64], decimals: int) -> str:
    fixed = fixed_point(values.ravel(), decimals)
    if fixed is None:
        payload.add_array(name, np.ascontiguousarray(values.ravel(), dtype=np.float64))
        return "f64"
    payload.add_array(name, fixed.astype(np.int32))
    return "i32"


def _lowercase_exceptions(rows: list[str]) -> tuple[dict[str, str], dict[int, str]]:
    """A character table, and the lines it does not lowercase right.

    For the ``lowercase`` option of the characters view (chrF's).
    """
    table: dict[str, str] = {}
    for char in set().union(*map(set, rows)) if rows else ():
        lower = char.lower()
        if lower != char and len(lower) == 1:
            table[char] = lower
    translation = str.maketrans(table)
    exceptions = {
        i: line.lower()
        for i, line in enumerate(rows)
        if line.translate(translation) != line.lower()
    }
    return table, exceptions


def segment_payload(
    inputs: ReportInputs,
    columns: tuple[MetricColumn, ...],
    words: Tokens,
    documents: Groups | None,
) -> Payload:
    """The binary container of everything shown per segment."""
    rows = _text_rows(inputs)
    payload = Payload()
    payload.header.update(
        n_segments=inputs.n_segments,
        n_references=len(inputs.references.streams),
        n_systems=len(inputs.systems),
        has_source=inputs.source is not None,
        whitespace=list(WHITESPACE),
        words=words.word_settings,
    )
    text = "".join(rows)
    payload.add_text("text", text)
    payload.add_array("text/lengths", smallest_unsigned(_utf16_lengths(rows, text)))
    present = np.array([[r is not None for r in s] for s in inputs.references.streams]).T
    payload.add_array("references/present", present.astype(np.uint8).ravel())
    _add_layout(payload, "tokens/words", words.words)
    if words.edits is not None:
        _add_layout(payload, "tokens/edits", words.edits)
    storage = {}
    for column in columns:
        storage[column.key] = _add_scores(
            payload, f"scores/{column.key}", column.segments, column.decimals
        )
        if column.view == SegmentView.CHARACTERS and column.options.get("lowercase"):
            table, exceptions = _lowercase_exceptions(token_rows(inputs))
            payload.add_json("characters/lowercase", table)
            payload.add_json("characters/exceptions", exceptions)
    payload.header["storage"] = storage
    if documents is not None:
        payload.add_array("documents/index", smallest_unsigned(documents.index))
        for column in columns:
            scores = group_scores(column, documents).T  # (systems, documents)
            payload.add_array(f"documents/{column.key}", _fixed_or_float(scores, column.decimals))
    return payload


def _fixed_or_float(values: npt.NDArray[np.float64], decimals: int) -> npt.NDArray[Any]:
    fixed = fixed_point(values.ravel(), decimals)
    return values.ravel().astype(np.float64) if fixed is None else fixed.astype(np.int32)
