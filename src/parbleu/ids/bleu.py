"""Sentence and corpus BLEU of token-id batches, as sacreBLEU scores the ids written as text.

``parbleu.ids.sentence_bleu(hyps, refs)`` equals, item for item,
``sacrebleu.sentence_bleu(" ".join(map(str, hyp)), [" ".join(map(str, ref)) ...],
tokenize="none")`` (and ``corpus_bleu`` equals ``sacrebleu.corpus_bleu`` the same way) after
the rules of `parbleu.ids.rules` for ``pad_id``, ``eos_id`` and ``unk_id``. The options are
`parbleu.BLEU`'s, given as its `BleuOptions` (``options=``) or as the keywords of
`BleuOptions`, declared there once (the text options ``tokenize``, ``lowercase`` and
``spm_model`` are refused: ids are compared as they are); ``sentence_bleu`` uses BLEU's
sentence-level variant (effective order, its registry entry's) unless told otherwise. The
statistics are counted by parbleu's n-gram engine (`parbleu.ids.statistics`) and scored by
`parbleu.BLEU`'s formula.

Items are scored in blocks of about `BLOCK_TOKENS` tokens, so memory is linear in the
tokens of one block, whatever the batch size.

    >>> import numpy as np
    >>> from parbleu import ids
    >>> hyps = np.array([[5, 6, 7, 8, 2, 0], [5, 9, 0, 0, 0, 0]])
    >>> refs = [[5, 6, 7, 8], [5, 6, 7]]
    >>> ids.sentence_bleu(hyps, refs, pad_id=0, eos_id=2).round(2).tolist()
    [100.0, 30.33]
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

import numpy as np

from parbleu.arrays import FloatArray
from parbleu.engine.ranges import weighted_ranges
from parbleu.engine.segments import Segments
from parbleu.errors import MissingDependencyError, OptionError
from parbleu.ids.batch import References, hypothesis_batch, is_tensor, reference_batch
from parbleu.ids.rules import TokenRules
from parbleu.ids.statistics import bleu_statistics
from parbleu.metrics.bleu.entry import ENTRY as BLEU_ENTRY
from parbleu.metrics.bleu.metric import BLEU
from parbleu.metrics.bleu.options import BleuOptions
from parbleu.metrics.bleu.result import BleuScore
from parbleu.options import options_from
from parbleu.stats import Stats
from parbleu.tokenizers import TokenizerName

__all__ = ["BLOCK_TOKENS", "corpus_bleu", "sentence_bleu", "statistics"]

#: Hypothesis and reference tokens scored together at most (one block of items).
BLOCK_TOKENS = 1 << 20


#: The options of text that ids do not have.
_TEXT_OPTIONS = ("tokenize", "lowercase", "spm_model")

#: What BLEU's text options are when they are not used (tokenize is replaced by "none").
_UNUSED_TEXT = BleuOptions()


def _metric(
    options: BleuOptions | None, settings: dict[str, Any], *, sentence: bool = False
) -> BLEU:
    """BLEU on ids: no tokenizer, no lowercasing, the user's scoring options.

    `options` (a `BleuOptions`) or the keywords `settings` (its fields); with `sentence`,
    the keywords default to BLEU's sentence-level variant.

    Raises:
        OptionError: a text option, an unknown option, or both `options` and keywords.
    """
    given = sorted(set(_TEXT_OPTIONS) & set(settings))
    if options is not None and not settings:
        if not isinstance(options, BleuOptions):
            raise OptionError(f"options must be BleuOptions; got {type(options).__name__}")
        given = [
            name for name in _TEXT_OPTIONS if getattr(options, name) != getattr(_UNUSED_TEXT, name)
        ]
    if given:
        raise OptionError(
            f"{', '.join(given)}: token ids are not text; they are compared as they are"
        )
    if options is None:
        defaults = BLEU_ENTRY.sentence if sentence else {}
        options = options_from(BleuOptions, None, {**defaults, **settings}, "parbleu.ids")
    elif settings:
        options_from(BleuOptions, options, settings, "parbleu.ids")  # refuses both
    return BLEU(options=dataclasses.replace(options, tokenize=TokenizerName.NONE))


def _blocks(hypotheses: Segments, references: References) -> list[tuple[int, int]]:
    """Consecutive item ranges of about `BLOCK_TOKENS` tokens (at least one item each)."""
    tokens = hypotheses.lengths + sum(slot.lengths for slot in references.slots) + 1
    return weighted_ranges(tokens, BLOCK_TOKENS)


def _statistics(hypotheses: Any, references: Any, rules: TokenRules, metric: BLEU) -> Stats:
    hyps = rules.apply(hypothesis_batch(hypotheses), "hypotheses")
    given = reference_batch(references, hyps.n_segments, rules.pad_id)
    refs = References(
        tuple(
            rules.apply(slot, f"references (reference {r})") for r, slot in enumerate(given.slots)
        ),
        given.present,
    )
    layout = metric.layout
    parts = [np.zeros((0, len(layout.columns)), dtype=np.int64)]
    for start, stop in _blocks(hyps, refs):
        block = References(
            tuple(s.slice(start, stop) for s in refs.slots), refs.present[start:stop]
        )
        parts.append(
            bleu_statistics(
                hyps.slice(start, stop),
                block,
                unk_id=rules.unk_id,
                layout=layout,
                ref_length=metric.options.ref_length,
            )
        )
    return Stats(layout.columns, np.concatenate(parts))


def statistics(
    hypotheses: Any,
    references: Any,
    *,
    pad_id: int | None = None,
    eos_id: int | None = None,
    unk_id: int | None = None,
    options: BleuOptions | None = None,
    **settings: Any,
) -> Stats:
    """Per-item BLEU statistics (``sys_len, ref_len, match_n.., total_n..``) of id batches.

    The options (`BleuOptions`, or its fields as keywords: ``smooth_method``,
    ``max_ngram_order``, ``weights``, ...) decide the orders counted.
    """
    rules = TokenRules(pad_id=pad_id, eos_id=eos_id, unk_id=unk_id)
    return _statistics(hypotheses, references, rules, _metric(options, settings))


def _like_input(scores: FloatArray, hypotheses: Any) -> Any:
    """Scores as a tensor on the hypotheses' device when they came as a tensor."""
    if not is_tensor(hypotheses):
        return scores
    try:
        torch = importlib.import_module("torch")  # optional: only for tensor input
    except ImportError as error:  # pragma: no cover - a tensor implies torch
        raise MissingDependencyError(
            "tensor output needs torch: pip install parbleu[torch]"
        ) from error
    return torch.from_numpy(scores).to(hypotheses.device)


def sentence_bleu(
    hypotheses: Any,
    references: Any,
    *,
    pad_id: int | None = None,
    eos_id: int | None = None,
    unk_id: int | None = None,
    options: BleuOptions | None = None,
    **settings: Any,
) -> Any:
    """The BLEU of every item, as a float64 array (a tensor on the input's device for tensors).

    Args:
        hypotheses: B sequences of token ids: a list of lists, a 2-D array or tensor.
        references: one or several references per item (`parbleu.ids.batch`).
        pad_id: padding, dropped wherever it stands.
        eos_id: end of sequence: a sequence stops before its first one.
        unk_id: an unknown token, which never matches.
        options: BLEU's options as a `BleuOptions` (used as given).
        **settings: or BLEU's options as keywords, the fields of `BleuOptions`
            (``smooth_method``, ``smooth_value``, ``max_ngram_order``, ``weights``,
            ``ref_length``, ``smooth_variant``, ...); ``effective_order`` is on unless
            given, as in sacreBLEU's ``sentence_bleu``.
    """
    metric = _metric(options, settings, sentence=True)
    rules = TokenRules(pad_id=pad_id, eos_id=eos_id, unk_id=unk_id)
    stats = _statistics(hypotheses, references, rules, metric)
    return _like_input(metric.scores(stats.values), hypotheses)


def corpus_bleu(
    hypotheses: Any,
    references: Any,
    *,
    pad_id: int | None = None,
    eos_id: int | None = None,
    unk_id: int | None = None,
    options: BleuOptions | None = None,
    **settings: Any,
) -> BleuScore:
    """Corpus BLEU of a batch: statistics summed over the items, then the formula.

    Arguments as for `sentence_bleu`; effective order is off unless given, as in sacreBLEU's
    ``corpus_bleu``. The signature says ``tok:none``.
    """
    metric = _metric(options, settings)
    rules = TokenRules(pad_id=pad_id, eos_id=eos_id, unk_id=unk_id)
    stats = _statistics(hypotheses, references, rules, metric)
    return metric.score_totals(stats.total())
