"""Option values checked once, at the boundary, with one message style.

Every options dataclass (`BleuOptions`, `ChrfOptions`, ...) validates its fields with these
functions in ``__post_init__``, so a metric's constructor, its ``with_*`` copies, the functional
API and the command line all go through the same checks, and every bad value is an
`OptionError` (exit code 2) naming the option, what it accepts and what it received.

    >>> check_int(3, "max_ngram_order", minimum=1)
    3
    >>> check_flag("no", "lowercase")
    Traceback (most recent call last):
    ...
    parbleu.errors.OptionError: lowercase must be True or False; got 'no'
"""

from __future__ import annotations

import math
from dataclasses import fields
from enum import Enum
from typing import Any, TypeVar

import numpy as np

from parbleu.errors import OptionError

__all__ = [
    "MAX_F_BETA",
    "MAX_NGRAM_ORDER",
    "Choice",
    "check_flag",
    "check_int",
    "check_number",
    "coerce_enum",
    "options_from",
]

#: Largest n-gram order a metric accepts (BLEU's, NIST's, chrF's character and word orders).
#: Statistics hold columns per order for every segment, so the order bounds their memory and
#: time (an order of 10**9 would never finish); published metrics use 4 (BLEU), 5 (NIST) and
#: 6 + 2 (chrF++).
MAX_NGRAM_ORDER = 100

#: Largest ``beta`` of an F-measure (chrF's, ROUGE's), which weighs recall ``beta`` times as
#: much as precision. From ``beta = 10**6`` on, the F-measure equals recall to about nine
#: digits (it differs from it by less than ``(R / P) / beta**2``), and past about 1.3e154
#: ``beta**2`` is no float at all (``--rouge-beta 1e300`` gave an F-measure of NaN, chrF
#: with ``beta = 10**200`` an `OverflowError`).
MAX_F_BETA = 10**6

E = TypeVar("E", bound=Enum)
OptionsT = TypeVar("OptionsT")


class Choice(str, Enum):
    """An option with named values (an enum whose members print as their value)."""

    def __str__(self) -> str:
        return str(self.value)


def options_from(
    kind: type[OptionsT], options: OptionsT | None, settings: dict[str, Any], owner: str
) -> OptionsT:
    """The options of a metric: `options` as given, or built from keyword `settings`.

    Raises:
        OptionError: both given, or a keyword that is not an option of `kind`.
    """
    if options is not None:
        if settings:
            raise OptionError(
                f"{owner} takes options= or keyword options, not both; got options= and "
                f"{', '.join(sorted(settings))}"
            )
        if not isinstance(options, kind):
            raise OptionError(f"options must be {kind.__name__}; got {type(options).__name__}")
        return options
    # The usual case at dictionary speed: every keyword names a field.
    if settings.keys() <= kind.__dataclass_fields__.keys():  # type: ignore[attr-defined]
        return kind(**settings)
    names = {f.name for f in fields(kind)}  # type: ignore[arg-type]
    unknown = sorted(set(settings) - names)
    if unknown:
        raise OptionError(
            f"{owner} has no option {', '.join(map(repr, unknown))}; its options are "
            f"{', '.join(sorted(names))}"
        )
    return kind(**settings)


def coerce_enum(enum: type[E], value: object, option: str) -> E:
    """The member of `enum` whose value is `value` (or `value` itself if it is a member)."""
    if type(value) is enum:  # already a member: the usual case, decided at once
        return value
    if type(value) is str:  # a member's value: one dictionary look-up, not ``enum(value)``
        member = enum._value2member_map_.get(value)
        if member is not None:
            return member  # type: ignore[return-value]
    try:
        return enum(value)
    except ValueError:
        choices = ", ".join(str(member.value) for member in enum)
        raise OptionError(
            f"{option} must be one of {choices}; got {value!r}",
            option=option,
            expected=f"one of {choices}",
            received=value,
        ) from None


def check_int(value: object, option: str, *, minimum: int, maximum: int | None = None) -> int:
    """`value` if it is an integer (not a bool) of at least `minimum` (and at most `maximum`)."""
    number = None
    if not isinstance(value, (bool, np.bool_)) and isinstance(value, (int, np.integer)):
        number = int(value)
    if number is None or number < minimum or (maximum is not None and number > maximum):
        expected = f"an integer >= {minimum}" + (
            f" and <= {maximum}" if maximum is not None else ""
        )
        raise OptionError(
            f"{option} must be {expected}; got {value!r}",
            option=option,
            expected=expected,
            received=value,
        )
    return number


def check_flag(value: object, option: str) -> bool:
    """`value` if it is True or False: a string such as ``"no"`` would silently mean True."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise OptionError(
        f"{option} must be True or False; got {value!r}",
        option=option,
        expected="True or False",
        received=value,
    )


def check_number(
    value: object, option: str, *, minimum: float = -math.inf, maximum: float = math.inf
) -> float:
    """`value` as a float if it is a finite real number in [`minimum`, `maximum`]."""
    bound = "" if minimum == -math.inf else f" >= {minimum:g}"
    if maximum != math.inf:
        bound = f" in [{minimum:g}, {maximum:g}]" if bound else f" <= {maximum:g}"
    number = math.nan
    if not isinstance(value, (bool, np.bool_)) and isinstance(value, (int, float, np.number)):
        try:
            number = float(value)
        except OverflowError:  # an int too large for a float
            number = math.inf
    if not math.isfinite(number) or number < minimum or number > maximum:
        raise OptionError(
            f"{option} must be a finite number{bound}; got {value!r}",
            option=option,
            expected=f"a finite number{bound}",
            received=value,
        )
    return number
