"""Scoring on Dask: identical to scoring the whole corpus in one process.

The oracle is the in-process score, ``metric.corpus_score(hypotheses, ref_streams=...)``
(itself identical to sacreBLEU 2.6.0, tests/metrics/), compared as whole result values
(score, statistics and signature, floats exactly); for BLEU on WMT17 also sacreBLEU 2.6.0
itself. Sentence scores are compared with ``metric.sentence_scores``, resampling tests with
``parbleu.significance.paired_bootstrap`` on the in-process statistics.

The computations run on a `distributed.LocalCluster` of two worker processes that this module
starts and tears down; one test kills a worker in the middle of a computation (the task of
one partition kills its own process the first time it runs) and checks that Dask's retry
gives the same score. Without Dask the tests skip, except under PARBLEU_REQUIRE_DASK=1 (set
by .ci/run), where they fail.
"""

from __future__ import annotations

import importlib
import logging
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
import sacrebleu

from parbleu import BLEU, CHRF, NIST, TER
from parbleu.errors import InputError, MissingDependencyError, OptionError
from parbleu.scaling import dask as on_dask
from parbleu.significance import paired_bootstrap
from parbleu.stats import Stats
from tests.scaling.generated import generated_corpus

METRICS = {
    "BLEU": BLEU,
    "chrF": CHRF,
    "chrF++": lambda: CHRF(word_order=2),
    "TER": TER,
}


def _import_dask() -> SimpleNamespace:
    try:
        modules = {
            name: importlib.import_module(module)
            for name, module in (
                ("dask", "dask"),
                ("bag", "dask.bag"),
                ("dd", "dask.dataframe"),
                ("distributed", "distributed"),
                ("pd", "pandas"),
            )
        }
    except ImportError as exc:
        message = f"Dask is not installed ({exc}); pip install 'parbleu[dask]'"
        if os.environ.get("PARBLEU_REQUIRE_DASK") == "1":
            pytest.fail(message + "; PARBLEU_REQUIRE_DASK=1 forbids skipping")
        pytest.skip(message)
    return SimpleNamespace(**modules)


@pytest.fixture(scope="module")
def dk() -> SimpleNamespace:
    """Dask's modules (skips, or fails under PARBLEU_REQUIRE_DASK=1, without them)."""
    return _import_dask()


@pytest.fixture(scope="module")
def client(dk: SimpleNamespace) -> Iterator[Any]:
    """A client of a local cluster of two single-threaded worker processes."""
    with dk.dask.config.set(on_dask.CLUSTER_CONFIG):
        cluster = dk.distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # a free port: two clusters may start at once (xdist)
            silence_logs=logging.ERROR,
        )
    client = dk.distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


@pytest.fixture
def local(dk: SimpleNamespace) -> Iterator[None]:
    """Dask's single-threaded scheduler, for tests of errors and edge cases."""
    with dk.dask.config.set(scheduler="sync"):
        yield


# -- corpora ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def generated() -> tuple[list[str], list[list[str | None]]]:
    return generated_corpus(3000, seed=13)


def as_frame(
    dk: SimpleNamespace, hyps: list[str], refs: list[list[str | None]], npartitions: int
) -> Any:
    columns: dict[str, Any] = {"hypothesis": hyps}
    columns.update({f"ref_{k}": stream for k, stream in enumerate(refs)})
    return dk.dd.from_pandas(dk.pd.DataFrame(columns), npartitions=npartitions, sort=False)


def as_bag(
    dk: SimpleNamespace, hyps: list[str], refs: list[list[str | None]], npartitions: int
) -> Any:
    records = [
        {"hyp": hyp, **{f"ref_{k}": stream[i] for k, stream in enumerate(refs)}}
        for i, hyp in enumerate(hyps)
    ]
    return dk.bag.from_sequence(records, npartitions=npartitions)


def ref_names(refs: list[list[str | None]]) -> list[str]:
    return [f"ref_{k}" for k in range(len(refs))]


# -- identity with the in-process score --------------------------------------------------------


@pytest.mark.parametrize("name", METRICS)
def test_generated_corpus_frame_and_bag(
    client: Any, dk: SimpleNamespace, generated: Any, name: str
) -> None:
    """Oracle: metric.corpus_score on the whole corpus in one process (nrefs:var)."""
    hyps, refs = generated
    metric = METRICS[name]()
    expected = metric.corpus_score(hyps, ref_streams=refs)
    frame = as_frame(dk, hyps, refs, npartitions=13)
    bag = as_bag(dk, hyps, refs, npartitions=5)
    assert on_dask.corpus_score(metric, frame, references=ref_names(refs)) == expected
    on_bag = on_dask.corpus_score(metric, bag, hypothesis="hyp", references=ref_names(refs))
    assert on_bag == expected
    assert expected.signature.format().startswith("nrefs:var|")


@pytest.mark.shared_data
@pytest.mark.parametrize("name", METRICS)
def test_wmt_multi_reference(client: Any, dk: SimpleNamespace, shared_data: Any, name: str) -> None:
    """Oracle: metric.corpus_score in one process, WMT21 en-de, three references, two systems."""
    pair = shared_data.pair("en-de")
    refs = [pair.reference(letter) for letter in pair.reference_names]
    metric = METRICS[name]()
    for system in pair.system_names[:2]:
        hyps = pair.system(system)
        frame = as_frame(dk, hyps, refs, npartitions=6)
        result = on_dask.corpus_score(metric, frame, references=ref_names(refs), split_every=2)
        assert result == metric.corpus_score(hyps, ref_streams=refs)


@pytest.mark.shared_data
def test_wmt17_bleu_against_sacrebleu(client: Any, dk: SimpleNamespace, shared_data: Any) -> None:
    """Oracle: sacreBLEU 2.6.0's corpus BLEU and statistics on WMT17 en-de, every system."""
    pair = shared_data.wmt17_ende
    refs = [pair.reference("A")]
    theirs = sacrebleu.BLEU()
    for system in pair.system_names[:4]:
        hyps = pair.system(system)
        frame = as_frame(dk, hyps, refs, npartitions=7)
        totals = on_dask.corpus_statistics(BLEU(), frame, references="ref_0")
        expected = theirs.corpus_score(hyps, refs)
        assert BLEU().score_totals(totals.totals).score == expected.score
        assert totals.n_segments == len(hyps)
        assert totals.nrefs == 1
        assert [int(totals.totals[BLEU().columns.index(f"match_{n}")]) for n in range(1, 5)] == (
            expected.counts
        )


def test_nist_is_refused_with_its_reason(dk: SimpleNamespace, generated: Any) -> None:
    """NIST's weights need the whole corpus: refused with the metric's own reason."""
    hyps, refs = generated
    nist = NIST()
    with pytest.raises(OptionError) as caught:
        on_dask.corpus_score(nist, as_frame(dk, hyps, refs, 2), references=ref_names(refs))
    assert str(caught.value) == nist.chunk_refusal


# -- a worker killed mid-run ---------------------------------------------------------------------


def partition_that_kills(
    number: int, hyps: list[str], refs: list[str], victim: int, marker: str
) -> Any:
    """A partition's rows; partition `victim` kills its worker process the first time."""
    import pandas as pd  # noqa: PLC0415 (runs in a worker)

    if number == victim and not Path(marker).exists():
        Path(marker).write_text(str(os.getpid()), encoding="utf-8")
        os.kill(os.getpid(), signal.SIGKILL)
    return pd.DataFrame({"hypothesis": hyps, "reference": refs})


@pytest.mark.parametrize("name", ["BLEU", "TER"])
def test_worker_killed_mid_run(
    client: Any, dk: SimpleNamespace, generated: Any, tmp_path: Path, name: str
) -> None:
    """Oracle: metric.corpus_score in one process. A worker process dies while the partition
    tasks run (SIGKILL from inside a task); Dask reschedules what it held and the score is
    the same. BLEU takes the tree reduction, TER the ordered chain."""
    hyps, refs = generated
    stream = [ref if ref is not None else "" for ref in refs[0]]
    marker = tmp_path / "killed"
    size = 250
    delayed = dk.dask.delayed(partition_that_kills)
    parts = [
        delayed(number, hyps[start : start + size], stream[start : start + size], 7, str(marker))
        for number, start in enumerate(range(0, len(hyps), size))
    ]
    meta = dk.pd.DataFrame(
        {"hypothesis": dk.pd.Series([], dtype="str"), "reference": dk.pd.Series([], dtype="str")}
    )
    frame = dk.dd.from_delayed(parts, meta=meta, verify_meta=False)
    client.wait_for_workers(2, timeout=60)
    before = set(client.run(os.getpid).values())
    metric = METRICS[name]()
    result = on_dask.corpus_score(metric, frame)
    assert marker.exists(), "the partition task never killed its worker"
    killed = int(marker.read_text(encoding="utf-8"))
    assert killed in before
    assert killed not in set(client.run(os.getpid).values())
    assert result == metric.corpus_score(hyps, ref_streams=[stream])
    client.wait_for_workers(2, timeout=60)


# -- per-segment scores and statistics ----------------------------------------------------------


@pytest.mark.parametrize(
    "make", [lambda: BLEU(effective_order=True), CHRF, TER], ids=["BLEU", "chrF", "TER"]
)
def test_sentence_scores_column(
    client: Any, dk: SimpleNamespace, generated: Any, make: Any
) -> None:
    """Oracle: metric.sentence_scores in one process, bit for bit, in segment order."""
    hyps, refs = generated
    metric = make()
    expected = metric.sentence_scores(hyps, ref_streams=refs)
    frame = as_frame(dk, hyps, refs, npartitions=4)
    scored = on_dask.sentence_scores(metric, frame, references=ref_names(refs), column="s")
    computed = scored.compute()
    assert list(computed.columns) == ["hypothesis", "ref_0", "ref_1", "s"]
    assert np.array_equal(computed["s"].to_numpy(), expected)
    kept = scored[scored.s > 40].compute()
    assert kept.index.tolist() == np.flatnonzero(expected > 40).tolist()
    bag = as_bag(dk, hyps, refs, npartitions=3)
    records = on_dask.sentence_scores(
        metric, bag, hypothesis="hyp", references=ref_names(refs), column="s"
    ).compute()
    assert np.array_equal([record["s"] for record in records], expected)
    assert "s" not in bag.take(1)[0]  # records are copied, never changed


def test_resampling_statistics_held_as_columns(
    client: Any, dk: SimpleNamespace, generated: Any
) -> None:
    """Oracle: paired_bootstrap on metric.statistics in one process (same seed, same draws)."""
    hyps, refs = generated
    bleu = BLEU()
    other = [hyp[::-1] if i % 3 == 0 else hyp for i, hyp in enumerate(hyps)]
    systems = {}
    for system, lines in (("base", hyps), ("other", other)):
        frame = as_frame(dk, lines, refs, npartitions=5)
        columns = on_dask.statistics_columns(bleu, frame, references=ref_names(refs)).compute()
        systems[system] = Stats(bleu.columns, columns[list(bleu.columns)].to_numpy())
        assert np.array_equal(
            systems[system].values, bleu.statistics(lines, ref_streams=refs).values
        )
    expected = paired_bootstrap(
        bleu,
        {
            "base": bleu.statistics(hyps, ref_streams=refs),
            "other": bleu.statistics(other, ref_streams=refs),
        },
        n_samples=200,
        seed=7,
    )
    assert paired_bootstrap(bleu, systems, n_samples=200, seed=7) == expected


def test_ter_statistics_columns_are_floats(
    local: None, dk: SimpleNamespace, generated: Any
) -> None:
    """Oracle: TER.statistics in one process (float columns num_edits, ref_length)."""
    hyps, refs = generated
    frame = as_frame(dk, hyps[:300], [stream[:300] for stream in refs], npartitions=3)
    ter = TER()
    columns = on_dask.statistics_columns(ter, frame, references=ref_names(refs))
    assert dict(columns.dtypes) == {"num_edits": np.float64, "ref_length": np.float64}
    expected = ter.statistics(hyps[:300], ref_streams=[s[:300] for s in refs]).values
    assert np.array_equal(columns.compute()[list(ter.columns)].to_numpy(), expected)


# -- input checks --------------------------------------------------------------------------------


def test_missing_hypothesis_names_partition_and_row(local: None, dk: SimpleNamespace) -> None:
    """Hand-made: a missing hypothesis is refused, never skipped or read as text."""
    table = dk.pd.DataFrame(
        {"hypothesis": ["a", "b", None, "d"], "reference": ["a", "b", "c", "d"]},
        index=[10, 11, 12, 13],
    )
    frame = dk.dd.from_pandas(table, npartitions=2, sort=False)
    with pytest.raises(InputError) as caught:
        on_dask.corpus_score(BLEU(), frame)
    assert str(caught.value) == (
        "partition 1: row 12: hypothesis column 'hypothesis' holds None; expected a string"
    )


def test_missing_references_are_absent_references(local: None, dk: SimpleNamespace) -> None:
    """Oracle: BLEU.corpus_score with None for the absent references (nrefs:var)."""
    hyps = ["a b c d", "e f g h", "i j k l"]
    streams: list[list[str | None]] = [["a b c d", None, "i j k x"], [None, "e f g h", "i j k l"]]
    table = dk.pd.DataFrame({"hypothesis": hyps, "r1": streams[0], "r2": streams[1]})
    frame = dk.dd.from_pandas(table, npartitions=2, sort=False)
    expected = BLEU().corpus_score(hyps, ref_streams=streams)
    assert on_dask.corpus_score(BLEU(), frame, references=["r1", "r2"]) == expected
    table.loc[1, "r2"] = None
    frame = dk.dd.from_pandas(table, npartitions=2, sort=False)
    with pytest.raises(InputError, match=r"partition 0: row 1 has no reference in \['r1', 'r2'\]"):
        on_dask.corpus_score(BLEU(), frame, references=["r1", "r2"])


def test_bad_records(local: None, dk: SimpleNamespace) -> None:
    """Hand-made: records that are not mappings, lack a field or hold a number."""
    cases = [
        ([("a", "b")], "partition 0: record 0 is tuple"),
        ([{"hypothesis": "a"}], "partition 0: record 0 has no field 'reference'"),
        (
            [{"hypothesis": "a", "reference": "b"}, {"hypothesis": 3, "reference": "b"}],
            "partition 0: record 1: hypothesis column 'hypothesis' holds 3; expected a string",
        ),
        (
            [{"hypothesis": "a", "reference": 2.5}],
            "partition 0: record 0: reference column 'reference' holds 2.5; expected a string or",
        ),
    ]
    for records, message in cases:
        bag = dk.bag.from_sequence(records, npartitions=1)
        with pytest.raises(InputError) as caught:
            on_dask.corpus_score(BLEU(), bag)
        assert str(caught.value).startswith(message)


def test_record_numbers_past_the_first_chunk(local: None, dk: SimpleNamespace) -> None:
    """Hand-made: partitions are read in chunks of 10,000; an error still names its record."""
    records = [{"hypothesis": "a b", "reference": "a b"} for _ in range(10_005)]
    records[10_003] = {"hypothesis": "a b", "reference": None}
    bag = dk.bag.from_sequence(records, npartitions=1)
    with pytest.raises(InputError, match=r"^partition 0: record 10003 has no reference"):
        on_dask.corpus_score(BLEU(), bag)


def test_records_with_nan_reference_are_absent(local: None, dk: SimpleNamespace) -> None:
    """Oracle: BLEU.corpus_score with None where a record holds NaN."""
    records = [
        {"hypothesis": "a b", "reference": "a b", "other": float("nan")},
        {"hypothesis": "c d", "reference": "c e", "other": "c d"},
    ]
    bag = dk.bag.from_sequence(records, npartitions=2)
    expected = BLEU().corpus_score(["a b", "c d"], ref_streams=[["a b", "c e"], [None, "c d"]])
    assert on_dask.corpus_score(BLEU(), bag, references=["reference", "other"]) == expected


def test_bad_options_and_collections(local: None, dk: SimpleNamespace) -> None:
    """Hand-made: every bad argument is refused with what was expected and received."""
    table = dk.pd.DataFrame({"hypothesis": ["a"], "reference": ["a"]})
    frame = dk.dd.from_pandas(table, npartitions=1)
    with pytest.raises(InputError, match=r"no column \['ref'\]; its columns are"):
        on_dask.corpus_score(BLEU(), frame, references="ref")
    with pytest.raises(OptionError, match="must be distinct"):
        on_dask.corpus_score(BLEU(), frame, references=["hypothesis"])
    with pytest.raises(OptionError, match="one or more columns"):
        on_dask.corpus_score(BLEU(), frame, references=[])
    with pytest.raises(OptionError, match="split_every"):
        on_dask.corpus_score(BLEU(), frame, split_every=1)
    with pytest.raises(InputError, match=r"expected a dask\.dataframe\.DataFrame .* got pandas"):
        on_dask.corpus_score(BLEU(), table)
    with pytest.raises(OptionError, match="already has a column 'reference'"):
        on_dask.sentence_scores(BLEU(), frame, column="reference")
    empty = dk.dd.from_pandas(table.iloc[:0], npartitions=1)
    with pytest.raises(InputError, match="no segments: nothing to score"):
        on_dask.corpus_score(BLEU(), empty)


def test_empty_partitions_are_skipped(local: None, dk: SimpleNamespace, generated: Any) -> None:
    """Oracle: TER and BLEU corpus_score in one process; some partitions hold no rows."""
    hyps, refs = generated
    hyps, refs = hyps[:40], [stream[:40] for stream in refs]
    frame = as_frame(dk, hyps, refs, npartitions=4)
    frame = frame.map_partitions(lambda part: part[part.index % 20 < 10])  # rows 0-9, 20-29
    assert frame.map_partitions(len).compute().tolist() == [10, 0, 10, 0]
    kept = [i for i in range(40) if i % 20 < 10]
    hyps = [hyps[i] for i in kept]
    refs = [[stream[i] for i in kept] for stream in refs]
    for metric in (BLEU(), TER()):
        expected = metric.corpus_score(hyps, ref_streams=refs)
        assert on_dask.corpus_score(metric, frame, references=ref_names(refs)) == expected


def test_without_dask_the_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hand-made: with Dask absent, the error names the extra that installs it."""
    monkeypatch.setitem(sys.modules, "dask", None)
    with pytest.raises(MissingDependencyError, match=r"pip install 'parbleu\[dask\]'"):
        on_dask.corpus_score(BLEU(), object())


def test_module_imports_without_dask() -> None:
    """Hand-made: the adapter imports nothing from Dask until it is called."""
    blocked = "import sys; sys.modules['dask'] = None; import parbleu.scaling.dask; print('ok')"
    done = subprocess.run(
        [sys.executable, "-c", blocked], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout.strip()) == (0, "ok"), done.stderr
