"""BLEU of token-id batches, where models are trained and decoded (docs/training.md).

`sentence_bleu` returns one score per item as an array (a tensor on the input's device for
tensor input); `corpus_bleu` returns a `parbleu.BleuScore`; `statistics` the per-item
statistics. Scores equal sacreBLEU's with ``tokenize="none"`` on the ids written as
space-separated strings, after the rules for ``pad_id``, ``eos_id`` and ``unk_id``
(`parbleu.ids.rules`).
"""

from parbleu.ids.bleu import corpus_bleu, sentence_bleu, statistics
from parbleu.ids.rules import TokenRules

__all__ = ["TokenRules", "corpus_bleu", "sentence_bleu", "statistics"]
