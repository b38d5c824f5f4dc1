"""The examples in parbleu's docstrings run and print what they say (doctest)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import parbleu


def _modules() -> list[str]:
    names = ["parbleu"]
    for info in pkgutil.walk_packages(parbleu.__path__, "parbleu."):
        if not info.name.endswith("__main__"):
            names.append(info.name)
    return names


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
