"""Hash tables from 64-bit keys to integers, probed for many keys at once.

Cuckoo hashing (Pagh and Rodler, 2004): every key has two candidate slots, from two
multiplicative hashes, and sits in one of them. A batch of look-ups is therefore two rounds
of array operations, the second one only for the keys not found in their first slot, however
unlucky the keys are; with linear probing the few keys far from home cost one round each.
Insertion places all new keys at once: each key takes its current candidate slot, a key that
loses the slot to another key of the batch tries its other slot, and a key evicted from its
slot moves to its other one, round after round. Tables are kept at most half full, so
a batch settles in a few rounds; a batch that does not settle is placed again in a larger
table with other hashes.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, IntArray, KeyArray

__all__ = ["FingerprintIndex", "KeyIndex", "found_or_missing"]


# Odd multipliers for the candidate slots (Knuth's multiplicative hashing); a table that
# fails to settle moves on to the next pair.
_MULTIPLIERS = (
    (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F),
    (0xFF51AFD7ED558CCD, 0xC4CEB9FE1A85EC53),
    (0xBF58476D1CE4E5B9, 0x94D049BB133111EB),
    (0xD6E8FEB86659FD93, 0xA0761D6478BD642F),
)
_MIN_BITS = 4
_MAX_ROUNDS = 200
_EMPTY = -1
_MISSING = np.int64(_EMPTY)  # a NumPy scalar: `np.where` with it gives int64


def _table_bits(capacity: int) -> int:
    """Bits of a table with more than twice `capacity` slots (at most half full)."""
    return max(_MIN_BITS, (2 * capacity).bit_length())


class _Cuckoo:
    """Which item (a row of the caller's arrays) sits in each slot of a cuckoo table."""

    def __init__(self, bits: int, attempt: int = 0) -> None:
        self.bits = bits
        self.attempt = attempt
        self.items = np.full(1 << bits, _EMPTY, dtype=np.int32)
        first, second = _MULTIPLIERS[attempt % len(_MULTIPLIERS)]
        self._multipliers = (np.uint64(first), np.uint64(second))

    def candidate(self, keys: KeyArray, which: int) -> IntArray:
        """Slot number `which` (0 or 1) of each key."""
        shift = np.uint64(64 - self.bits)
        slots: IntArray = ((keys * self._multipliers[which]) >> shift).view(np.int64)
        return slots

    def place(self, keys: KeyArray, items: IntArray) -> bool:
        """Place new items (with their keys, indexed by item) in the table.

        Returns False when the items did not settle (then the table must be rebuilt).
        """
        pending = items
        target = self.candidate(keys[pending], 0)
        slots = self.items
        for _ in range(_MAX_ROUNDS):
            if not len(pending):
                return True
            previous = slots.take(target).astype(np.int64)
            slots[target] = pending  # one writer per slot wins
            won = slots.take(target) == pending
            moved = won & (previous != _EMPTY)  # winners evict what was there
            pending = np.concatenate([pending[~won], previous[moved]])
            target = self._other(keys, pending, np.concatenate([target[~won], target[moved]]))
        return not len(pending)

    def _other(self, keys: KeyArray, items: IntArray, slots: IntArray) -> IntArray:
        """The candidate slot of each item other than the one given."""
        first = self.candidate(keys[items], 0)
        other: IntArray = np.where(first == slots, self.candidate(keys[items], 1), first)
        return other


class KeyIndex:
    """The position of each of a set of distinct keys in the array that holds them.

    A slot holds a position (4 bytes), and a probe checks the key at that position in the
    caller's array: tables stay small, and for keys sorted like the probes (n-gram keys,
    sorted by segment) the checks read memory almost in order.

    When keys and positions fit (`_PACKED_KEY_BITS`, `_PACKED_POSITION_BITS`), a slot holds
    the key itself, its position and one more bit: whether a key whose first candidate is
    this slot sits in its second one. A probe is then one read, and a key absent from its
    first slot is looked for in its second only where that bit is set: most absent keys
    cost one read instead of four.

    Args:
        keys: distinct keys; the index refers to this array, which must not change.
    """

    def __init__(self, keys: npt.NDArray[np.int64] | KeyArray) -> None:
        self._keys = keys.view(np.uint64)
        self._table = _rebuild(self._keys, None)
        self._records = _packed_records(self._keys, self._table)

    def __len__(self) -> int:
        return len(self._keys)

    def get(self, keys: KeyArray) -> IntArray:
        """The position of each key, or -1 where the key is absent."""
        if not len(self._keys):
            return np.full(len(keys), _EMPTY, dtype=np.int64)
        if self._records is not None:
            return self._get_packed(self._records, keys)
        items = self._table.items
        first = items.take(self._table.candidate(keys, 0))
        found = self._keys.take(np.maximum(first, 0)) == keys
        positions: IntArray = np.where(found, first, _MISSING)  # int64, as callers compute with it
        missing = np.flatnonzero(~found)
        if len(missing):
            wanted = keys.take(missing)
            second = items.take(self._table.candidate(wanted, 1))
            found = self._keys.take(np.maximum(second, 0)) == wanted
            positions[missing] = np.where(found, second, _MISSING)
        return positions

    def _get_packed(self, records: KeyArray, keys: KeyArray) -> IntArray:
        head = records.take(self._table.candidate(keys, 0))
        found = (head >> _KEY_SHIFT) == keys
        positions = found_or_missing((head & _POSITION_MASK).view(np.int64), found)
        # Not in its first slot, whose bit says that another slot may hold it.
        again = np.flatnonzero(((head & _DISPLACED) != 0) > found)
        if len(again):
            wanted = keys.take(again)
            head = records.take(self._table.candidate(wanted, 1))
            found = (head >> _KEY_SHIFT) == wanted
            positions[again] = found_or_missing((head & _POSITION_MASK).view(np.int64), found)
        return positions


def found_or_missing(values: IntArray, found: BoolArray) -> IntArray:
    """``np.where(found, values, -1)`` for `values` >= 0, computed in `values`.

    Three arithmetic passes, about twice as fast as NumPy's masked selection here.
    """
    values += 1
    values *= found
    values -= 1
    return values


#: Packed records of a `KeyIndex`: ``key << 24 | displaced << 23 | position``.
_PACKED_KEY_BITS = 40
_PACKED_POSITION_BITS = 23
_KEY_SHIFT = np.uint64(_PACKED_POSITION_BITS + 1)
_DISPLACED = np.uint64(1 << _PACKED_POSITION_BITS)
_POSITION_MASK = np.uint64((1 << _PACKED_POSITION_BITS) - 1)


def _packed_records(keys: KeyArray, table: _Cuckoo) -> KeyArray | None:
    """The packed slots of a `KeyIndex` (None when a key or a position does not fit).

    An empty slot holds the record of the key at position 0 (a probe that matches it is
    right), so that every key part compared is a key's.
    """
    if not 0 < len(keys) < 1 << _PACKED_POSITION_BITS or int(keys.max()) >> _PACKED_KEY_BITS:
        return None
    items = table.items
    used = np.flatnonzero(items != _EMPTY)
    positions = items.take(used).astype(np.int64)
    records = np.full(len(items), keys[0] << _KEY_SHIFT, dtype=np.uint64)
    records[used] = (keys.take(positions) << _KEY_SHIFT) | positions.view(np.uint64)
    # Mark the first candidate of every key that sits in its second one.
    firsts = table.candidate(keys.take(positions), 0)
    records[firsts[firsts != used]] |= _DISPLACED
    return records


def _rebuild(keys: KeyArray, old: _Cuckoo | None) -> _Cuckoo:
    """A table holding every key: larger than `old`, or with other hashes."""
    attempt = 0 if old is None else old.attempt + 1
    bits = _table_bits(len(keys)) if old is None else max(old.bits, _table_bits(len(keys)))
    while True:
        table = _Cuckoo(bits, attempt)
        if table.place(keys, np.arange(len(keys), dtype=np.int64)):
            return table
        attempt += 1
        bits += 1


_FINGERPRINT_SHIFT = np.uint64(32)
_LOW_BITS = np.uint64(0xFFFFFFFF)
_FREE = np.uint64(0xFFFFFFFFFFFFFFFF)


class FingerprintIndex:
    """Maps 64-bit hashes to values below ``2**32 - 1``, remembering 32 bits of each hash.

    A slot holds the upper half of the hash and the value in 8 bytes, half what a
    `HashIndex` needs. A hit only says that a hash with the same candidate slot and the same
    upper half was inserted: the caller must check what it finds (as `TokenVocabulary` does).
    """

    #: Largest value a slot can hold.
    MAX_VALUE = 0xFFFFFFFE

    def __init__(self) -> None:
        self._hashes = np.zeros(0, dtype=np.uint64)
        self._values = np.zeros(0, dtype=np.int64)
        self._table = _Cuckoo(_MIN_BITS)
        self._write()

    def __len__(self) -> int:
        return len(self._hashes)

    def _write(self) -> None:
        items = self._table.items
        used = items != _EMPTY
        records = np.full(len(items), _FREE, dtype=np.uint64)
        hashes = self._hashes[items[used]]
        records[used] = (hashes & ~_LOW_BITS) | self._values[items[used]].view(np.uint64)
        self._records = records

    def get(self, hashes: KeyArray) -> IntArray:
        """The value stored for each hash's fingerprint, or -1 where there is none."""
        fingerprints = hashes >> _FINGERPRINT_SHIFT
        records = self._records.take(self._table.candidate(hashes, 0))
        hit = (records >> _FINGERPRINT_SHIFT) == fingerprints
        hit &= records != _FREE
        values = found_or_missing((records & _LOW_BITS).view(np.int64), hit)
        missing = np.flatnonzero(~hit)
        if len(missing):
            records = self._records.take(self._table.candidate(hashes[missing], 1))
            hit = (records >> _FINGERPRINT_SHIFT) == fingerprints[missing]
            hit &= records != _FREE
            values[missing] = found_or_missing((records & _LOW_BITS).view(np.int64), hit)
        return values

    def insert(self, hashes: KeyArray, values: IntArray) -> None:
        """Add hashes (distinct, absent) with their values (``0 .. MAX_VALUE``)."""
        if len(values) and int(values.max()) > self.MAX_VALUE:
            raise ValueError(f"FingerprintIndex values must be at most {self.MAX_VALUE}")
        start = len(self._hashes)
        self._hashes = np.concatenate([self._hashes, hashes])
        self._values = np.concatenate([self._values, values])
        table = self._table
        new = np.arange(start, len(self._hashes), dtype=np.int64)
        if 2 * len(self._hashes) > len(table.items) or not table.place(self._hashes, new):
            self._table = _rebuild(self._hashes, table)
        self._write()
