"""A bounded memo of prepared sentences, one per metric: the small-input path's only state.

Code that scores one sentence at a time often meets the same strings again: MBR decoding
scores every candidate against every other one, a reranker scores an n-best list against one
reference. A metric's small-input path keeps what it derived from a string (its n-gram
counts, its words) here, keyed by the string, so that meeting it again costs a dictionary
look-up. Values depend only on the string and the metric's options, which never change, so
a hit gives exactly what a miss computes.

The memo is bounded by the total length of the strings it holds (``max_characters``, chosen
by each metric from the size of what it keeps per character) and strings longer than
``max_length`` are never kept; when a new string would pass the bound, the memo is emptied
and starts again. It is not copied into pickles (a metric sent to a worker process arrives
with an empty memo) and `clear` empties it. Threads may share a metric: each look-up and
store is one dictionary operation, and a race can at worst count characters twice, which
only empties the memo sooner.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["SentenceCache"]

ValueT = TypeVar("ValueT")


class SentenceCache(Generic[ValueT]):
    """String to prepared value, at most `max_characters` characters of strings in all.

    Args:
        max_characters: bound on the summed length of the strings kept.
        max_length: strings longer than this are prepared every time, never kept.
    """

    def __init__(self, max_characters: int, max_length: int) -> None:
        self.max_characters = max_characters
        self.max_length = max_length
        self._values: dict[str, ValueT] = {}
        self._characters = 0

    def get(self, text: str, prepare: Callable[[str], ValueT]) -> ValueT:
        """The prepared value of `text`, from the memo or from ``prepare(text)``."""
        value = self._values.get(text)
        if value is not None:
            return value
        value = prepare(text)
        length = len(text)
        if length <= self.max_length:
            if self._characters + length > self.max_characters:
                self.clear()
            self._values[text] = value
            self._characters += length
        return value

    def clear(self) -> None:
        """Forget every prepared string."""
        self._values = {}
        self._characters = 0

    def __len__(self) -> int:
        return len(self._values)

    def __getstate__(self) -> dict[str, int]:
        return {"max_characters": self.max_characters, "max_length": self.max_length}

    def __setstate__(self, state: dict[str, int]) -> None:
        self.__init__(state["max_characters"], state["max_length"])  # type: ignore[misc]
