"""Parquet, Arrow and Hugging Face datasets readers (oracle: the records written with pyarrow).

Each table is written from the same records as the JSON Lines tests and must give the same
test set, list columns included; errors name the row.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parbleu.errors import InputError
from parbleu.io import RecordFields, from_dataset, read_test_set
from parbleu.io.arrow import read_arrow, read_parquet

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
ipc = pytest.importorskip("pyarrow.ipc")

COLUMNS = {
    "src": ["Hallo", "Welt", "Katze"],
    "ref": [["Hello", "Hi"], ["World"], [None, "Kitty"]],
    "mt": ["Hello", "World", "Cat"],
    "docid": ["d1", "d1", "d2"],
    "score": [0.5, 0.7, 0.1],
}


def _check(test_set: object) -> None:
    assert test_set.source == ("Hallo", "Welt", "Katze")  # type: ignore[attr-defined]
    assert test_set.reference_streams() == [["Hello", "World", None], ["Hi", None, "Kitty"]]  # type: ignore[attr-defined]
    assert test_set.system("mt") == ["Hello", "World", "Cat"]  # type: ignore[attr-defined]
    assert test_set.doc_ids == ("d1", "d1", "d2")  # type: ignore[attr-defined]


def test_parquet(tmp_path: Path) -> None:
    path = tmp_path / "data.parquet"
    pq.write_table(pa.table(COLUMNS), path)
    _check(read_parquet(str(path)))
    _check(read_test_set(str(path)))


@pytest.mark.parametrize("stream", [False, True])
def test_arrow_file_and_stream(tmp_path: Path, stream: bool) -> None:
    path = tmp_path / "data.arrow"
    table = pa.table(COLUMNS)
    opener = ipc.new_stream if stream else ipc.new_file
    with opener(str(path), table.schema) as writer:
        writer.write_table(table)
    _check(read_arrow(str(path)))


def test_wrong_column_type_names_the_row(tmp_path: Path) -> None:
    path = tmp_path / "data.parquet"
    pq.write_table(pa.table({"ref": ["a", "b"], "mt": ["x", None]}), path)
    with pytest.raises(InputError, match="row 1: field 'mt' is NoneType"):
        read_parquet(str(path))


def test_not_parquet(tmp_path: Path) -> None:
    path = tmp_path / "data.parquet"
    path.write_bytes(b"PAR1 but not really")
    with pytest.raises(InputError, match="not a readable Parquet file"):
        read_parquet(str(path))


def test_hugging_face_dataset() -> None:
    datasets = pytest.importorskip("datasets")
    dataset = datasets.Dataset.from_dict(COLUMNS)
    _check(from_dataset(dataset))
    subset = from_dataset(dataset.select([2, 0]))
    assert subset.source == ("Katze", "Hallo")
    wmt = datasets.Dataset.from_dict(
        {"translation": [{"de": "Hallo", "en": "Hello"}, {"de": "Welt", "en": "World"}]}
    )
    fields = RecordFields(source="translation.de", references="translation.en")
    assert from_dataset(wmt, fields).reference_streams() == [["Hello", "World"]]
    with pytest.raises(InputError, match=r"choose a split: \['test', 'train'\]"):
        from_dataset(datasets.DatasetDict({"train": dataset, "test": dataset}))
