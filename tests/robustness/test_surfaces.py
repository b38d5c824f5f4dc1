"""The report, external scores, METEOR's WordNet and Dask, against hostile but plausible input.

* Report (issue 24, item 9): human scores whose rows name none of the report's systems were a
  `ValueError` from NumPy deep in the per-segment table; now one line naming the file and
  both sets of names, by the command and by the API.
* External scores (item 6): scores whose sums overflow (1e308 over two segments gave a corpus
  score of ``inf`` and a p-value) are refused where they are read, in every command that
  reads them; scores just under the bound give finite results everywhere.
* METEOR (item 11): a truncated or mismatched WordNet database loaded, and METEOR then
  failed with `KeyError` on a word of the lost synsets; now loading it is one error naming
  the file. Oracle: Debian's WordNet files, cut by hand.
* Dask (item 18): every metric that scores chunk by chunk gives on Dask the result of one
  process (the oracle: ``metric.corpus_score`` on the whole corpus), ROUGE's four variants
  and aggregates and METEOR included (ROUGE was refused with a false message about
  tokenization); NIST is refused with its own reason.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from parbleu import BLEU, CHRF, NIST, ROUGE, TER
from parbleu.errors import InputError, OptionError
from parbleu.metrics.external.metric import LARGEST_TOTAL, ExternalScores
from parbleu.report import HumanScores, build_report
from tests.robustness.harness import assert_error, cli, write
from tests.robustness.test_hostile_files import REF, SYSTEMS


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, list[str]]:
    ref = write(tmp_path, "ref.txt", REF)
    return ref, [write(tmp_path, f"{name}.txt", data) for name, data in SYSTEMS.items()]


def _segment_scores(tmp_path: Path, name: str, values: dict[str, float]) -> str:
    rows = [f"{system}\t{i}\t{value!r}\n" for system, value in values.items() for i in (1, 2, 3)]
    return write(tmp_path, name, "".join(rows).encode())


# -- the report's human scores -------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [b"zzz\t1\t0.5\nzzz\t2\t0.7\n", b"zzz\t0.5\nyyy\t0.7\n"],
    ids=["per segment", "per system"],
)
def test_a_report_with_human_scores_of_no_system_of_it(
    tmp_path: Path, files: tuple[str, list[str]], content: bytes
) -> None:
    ref, systems = files
    human = write(tmp_path, "human.tsv", content)
    out = str(tmp_path / "report.html")
    result = cli("report", ref, "-i", *systems, "--human", human, "-o", out, "-q")
    assert_error(
        result, 1, human, "name none of the report's systems", "'zzz'", prog="parbleu report"
    )
    assert not Path(out).exists()


@pytest.mark.parametrize(
    "human",
    [
        HumanScores("DA", segments={"zzz": [1.0, None, 0.5]}),
        HumanScores("DA", systems={"zzz": 1.0, "yyy": 2.0}),
    ],
    ids=["per segment", "per system"],
)
def test_the_report_api_refuses_human_scores_of_no_system(human: HumanScores) -> None:
    refs = [REF.decode().splitlines()]
    systems = {name: data.decode().splitlines() for name, data in SYSTEMS.items()}
    with pytest.raises(InputError, match="name none of the report's systems"):
        build_report(refs, systems, human=human)


def test_a_report_with_human_scores_of_one_system_is_built() -> None:
    """One judged system: no correlation, but a page (as with one system too few)."""
    refs = [REF.decode().splitlines()]
    systems = {name: data.decode().splitlines() for name, data in SYSTEMS.items()}
    report = build_report(
        refs, systems, human=HumanScores("DA", segments={"sys-b": [1.0, 0.5, None]})
    )
    assert report.overview["human"]["systems"] == ["sys-b"]


# -- external scores whose sums overflow ---------------------------------------------------------

HUGE = 1e308


@pytest.mark.parametrize(
    ("command", "prog"),
    [
        (
            lambda ref, systems, scores, out: [
                ref, "-i", *systems, "--scores", f"X={scores}", "-pbs", "-pbsn", "5",
            ],
            "parbleu",
        ),
        (
            lambda ref, systems, scores, out: [
                "meta", "--refs", ref, "--systems", *systems, "--human-seg", scores,
                "--bootstrap", "0",
            ],
            "parbleu meta",
        ),
        (
            lambda ref, systems, scores, out: [
                "meta", "--refs", ref, "--systems", *systems, "--human-seg", scores,
                "--external", f"X={scores}", "--bootstrap", "0",
            ],
            "parbleu meta",
        ),
        (
            lambda ref, systems, scores, out: [
                "report", ref, "-i", *systems, "--scores", f"X={scores}", "-o", out, "-q",
            ],
            "parbleu report",
        ),
        (
            lambda ref, systems, scores, out: [
                "report", ref, "-i", *systems, "--human", scores, "-o", out, "-q",
            ],
            "parbleu report",
        ),
    ],
    ids=[
        "-pbs --scores", "meta --human-seg", "meta --external", "report --scores", "report --human",
    ],
)  # fmt: skip
def test_scores_whose_sums_overflow_are_refused_where_read(
    tmp_path: Path,
    files: tuple[str, list[str]],
    command: Callable[[str, list[str], str, str], list[str]],
    prog: str,
) -> None:
    ref, systems = files
    names = [Path(s).stem for s in systems]
    scores = _segment_scores(tmp_path, "x.tsv", {names[0]: HUGE, names[1]: 1.0, names[2]: 0.5})
    result = cli(*command(ref, systems, scores, str(tmp_path / "r.html")))
    line = assert_error(result, 1, "overflow", "1e+308", prog=prog)
    assert "x.tsv" in line or "scores 'X'" in line  # the file, or the name it was given


def test_scores_under_the_bound_give_finite_results(
    tmp_path: Path, files: tuple[str, list[str]]
) -> None:
    """Oracle: the largest accepted magnitude; every printed number is finite."""
    ref, systems = files
    names = [Path(s).stem for s in systems]
    top = LARGEST_TOTAL / 3
    rows = [(names[0], top, top / 2, -top), (names[1], -top, 0.0, top / 3), (names[2], 0, 1, 2)]
    text = "".join(f"{n}\t{i}\t{v!r}\n" for n, *values in rows for i, v in enumerate(values, 1))
    scores = write(tmp_path, "x.tsv", text.encode())
    for argv in (
        [ref, "-i", *systems, "--scores", f"X={scores}", "-pbs", "-pbsn", "20", "-f", "json"],
        [ref, "-i", *systems, "--scores", f"X={scores}", "-par", "-parn", "20", "-f", "json"],
        [ref, "-i", *systems, "--scores", f"X={scores}", "--blocks", "3", "-f", "json"],
    ):
        result = cli(*argv)
        assert (result.code, result.err) == (0, ""), result
        assert "inf" not in result.out.lower(), result.out
        assert "nan" not in result.out.lower(), result.out


def test_the_api_refuses_scores_whose_sums_overflow() -> None:
    with pytest.raises(InputError, match=r"system 'a' has a score of magnitude 1e\+308 over 2"):
        ExternalScores({"a": [HUGE, 1.0], "b": [1.0, 2.0]})
    ExternalScores({"a": [LARGEST_TOTAL / 2, None]}, allow_missing=True)  # at the bound: fine


# -- METEOR's WordNet ----------------------------------------------------------------------------


def _cut_copy(tmp_path: Path, source: Path, name: str, keep: float) -> Path:
    folder = tmp_path / "wordnet"
    folder.mkdir(exist_ok=True)
    for entry in source.iterdir():
        if entry.is_file():
            shutil.copyfile(entry, folder / entry.name)
    data = (folder / name).read_bytes()
    (folder / name).write_bytes(data[: int(len(data) * keep)])
    return folder


@pytest.mark.parametrize(
    ("name", "keep"),
    [("data.noun", 0.5), ("data.verb", 0.999), ("data.adv", 0.0)],
    ids=["half of data.noun", "data.verb short by its last lines", "empty data.adv"],
)
def test_a_truncated_wordnet_is_refused_when_loaded(
    tmp_path: Path, wordnet: Any, name: str, keep: float
) -> None:
    from parbleu.metrics.meteor import WordNet  # noqa: PLC0415

    folder = _cut_copy(tmp_path, wordnet.folder, name, keep)
    with pytest.raises(InputError) as caught:
        WordNet.load(folder)
    message = str(caught.value)
    assert name in message
    assert "\n" not in message


def test_a_truncated_wordnet_is_one_line_on_the_command_line(tmp_path: Path, wordnet: Any) -> None:
    folder = _cut_copy(tmp_path, wordnet.folder, "data.noun", 0.5)
    ref = write(tmp_path, "ref.txt", REF)
    hyp = write(tmp_path, "hyp.txt", SYSTEMS["sys-b"])
    result = cli(ref, "-i", hyp, "-m", "meteor", "--meteor-wordnet", str(folder))
    assert_error(result, 1, "data.noun", "truncated")


# -- Dask ----------------------------------------------------------------------------------------

#: Every metric that scores chunk by chunk, by name.
CHUNKABLE: dict[str, Callable[[], Any]] = {
    "BLEU": BLEU,
    "chrF++": lambda: CHRF(word_order=2),
    "TER": TER,
    **{
        f"ROUGE {kind} {aggregate}": (
            lambda kind=kind, aggregate=aggregate: ROUGE(rouge_type=kind, aggregate=aggregate)
        )
        for kind in ("rouge1", "rouge2", "rougeL", "rougeLsum")
        for aggregate in ("mean", "micro")
    },
    "ROUGE unicode stem": lambda: ROUGE(script="unicode", stem=True),
}

HYPS = ["the cat sat 😍 on the mat", "a dog ran\nfast", "x y", "it was 👎 really bad", "中文 東京"]
REFS = [
    ["the cat sat on a mat", "a dog ran", "y x", "it was bad", "中文"],
    [None, "dogs run", "x", "really bad", "東京 中文"],
]


@pytest.fixture(scope="module")
def dask_frame() -> Any:
    dask = pytest.importorskip("dask")
    dataframe = pytest.importorskip("dask.dataframe")
    pandas = pytest.importorskip("pandas")
    table = pandas.DataFrame({"hypothesis": HYPS, "r1": REFS[0], "r2": REFS[1]})
    with dask.config.set(scheduler="sync"):
        yield dataframe.from_pandas(table, npartitions=3, sort=False)


@pytest.mark.parametrize("make", list(CHUNKABLE.values()), ids=list(CHUNKABLE))
def test_dask_scores_as_one_process(dask_frame: Any, make: Callable[[], Any]) -> None:
    import dask  # noqa: PLC0415
    from parbleu.scaling import dask as on_dask  # noqa: PLC0415

    metric = make()
    with dask.config.set(scheduler="sync"):
        got = on_dask.corpus_score(metric, dask_frame, references=["r1", "r2"])
    assert got == metric.corpus_score(HYPS, ref_streams=REFS)


def test_dask_scores_meteor_as_one_process(dask_frame: Any, wordnet: Any) -> None:
    import dask  # noqa: PLC0415
    from parbleu import METEOR  # noqa: PLC0415
    from parbleu.scaling import dask as on_dask  # noqa: PLC0415

    metric = METEOR(database=wordnet)
    with dask.config.set(scheduler="sync"):
        got = on_dask.corpus_score(metric, dask_frame, references=["r1", "r2"])
    assert got == metric.corpus_score(HYPS, ref_streams=REFS)


def test_dask_refuses_nist_with_its_reason(dask_frame: Any) -> None:
    from parbleu.scaling import dask as on_dask  # noqa: PLC0415

    with pytest.raises(OptionError, match="information weights"):
        on_dask.corpus_score(NIST(), dask_frame, references=["r1", "r2"])


@pytest.mark.parametrize("make", list(CHUNKABLE.values()), ids=list(CHUNKABLE))
def test_a_metric_without_references_travels_to_workers(make: Callable[[], Any]) -> None:
    """What Dask ships: the metric with no references, pickled, then given a chunk's."""
    import pickle  # noqa: PLC0415

    metric = make().with_references(ref_streams=REFS)
    shipped = pickle.loads(pickle.dumps(metric.without_references()))
    assert shipped.prepared is None
    rows = shipped.chunk_statistics(HYPS, REFS)
    assert np.array_equal(rows.values, metric.statistics(HYPS).values)
