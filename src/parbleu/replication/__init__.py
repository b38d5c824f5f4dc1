"""The paper's analyses replicated on WMT21: what ``parbleu replicate`` writes.

Papineni et al. (2002) validate BLEU three ways; each is a section of
docs/paper-replication.md, run here on the WMT21 test sets of the shared data folder:

* (a) `correlation`: metrics against human judgments, system and segment level (section 5,
  Figures 5-7);
* (b) `blocks`: the block t-test between close systems (section 3, Table 2);
* (c) `references`: the ranking with one reference instead of several (section 3).

`data` reads the folder (the only I/O besides the command), `statistics` scores every system
once, `markdown` writes tables and rewrites a page's generated blocks, and `page.replicate`
runs it all. Everything is deterministic for a seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.replication.page import Replication, replicate

__getattr__, __dir__ = lazy_exports(
    __name__,
    {"Replication": "parbleu.replication.page", "replicate": "parbleu.replication.page"},
)

__all__ = ["Replication", "replicate"]
