"""Test sets on the command line (``-t wmt22 -l en-de``), over `parbleu.testsets`.

`options` declares the flags and turns them into one `TestSetRequest`, which every function
here takes; `context` builds the cache, fetch settings and registry a command uses (the one
place the command reads ``SACREBLEU``, ``PARBLEU_MIRROR`` and ``PARBLEU_OFFLINE``);
`selection` chooses test sets, references and segments; `queries` answers ``--list``,
``--echo``, ``--citation`` and ``--download``; `detail` prints ``-d``; `models` finds
spBLEU's SentencePiece models. See docs/cli.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.cli.testsets.context import TestSetContext, test_set_context
    from parbleu.cli.testsets.options import (
        TestSetRequest,
        add_test_set_options,
        check_selection,
        test_set_request,
        wants_query,
    )
    from parbleu.cli.testsets.selection import (
        kept_segments,
        opened_pairs,
        segment_mask,
        test_set_references,
    )

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "TestSetContext": "parbleu.cli.testsets.context",
        "test_set_context": "parbleu.cli.testsets.context",
        "TestSetRequest": "parbleu.cli.testsets.options",
        "add_test_set_options": "parbleu.cli.testsets.options",
        "check_selection": "parbleu.cli.testsets.options",
        "test_set_request": "parbleu.cli.testsets.options",
        "wants_query": "parbleu.cli.testsets.options",
        "kept_segments": "parbleu.cli.testsets.selection",
        "opened_pairs": "parbleu.cli.testsets.selection",
        "segment_mask": "parbleu.cli.testsets.selection",
        "test_set_references": "parbleu.cli.testsets.selection",
    },
)

__all__ = [
    "TestSetContext",
    "TestSetRequest",
    "add_test_set_options",
    "check_selection",
    "kept_segments",
    "opened_pairs",
    "segment_mask",
    "test_set_context",
    "test_set_references",
    "test_set_request",
    "wants_query",
]
