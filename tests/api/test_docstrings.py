"""The examples in parbleu's docstrings run and print what they say (doctest)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import parbleu


def _modules() -> list[str]:
    walked = pkgutil.walk_packages(parbleu.__path__, "parbleu.")
    return ["parbleu", *(info.name for info in walked if not info.name.endswith("__main__"))]


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
