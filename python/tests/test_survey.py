"""Surveys from Python: the language's answer as a `grundy.Survey`, and `grundy.survey` on
any executor (the default process pool, threads, a Dask cluster) giving the language's
records, its file the language's, resumed the same way."""

from __future__ import annotations

import pickle
import threading
import time
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import pytest

import grundy
from interrupting import interrupted


def kept(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each record's fields, but the time and memory it took (which vary run to run)."""
    return [{k: v for k, v in r.items() if k not in ("seconds", "bytes")} for r in records]


def language(text: str) -> grundy.Survey:
    survey = grundy.Session().eval(text)
    assert isinstance(survey, grundy.Survey)
    return survey


class Counting(Executor):
    """Runs tasks in this thread, keeping what was asked of it."""

    def __init__(self) -> None:
        self.asked: list[tuple[Any, ...]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.asked.append(args)
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def test_the_language_s_survey_is_a_survey_in_python() -> None:
    [output] = grundy.Session().run('survey("0.??", 300)')
    survey = output.value
    assert isinstance(survey, grundy.Survey)
    assert repr(survey) == "<Survey of 0.?? to n = 300: 63 games>"
    assert (survey.asked, survey.to, len(survey), survey.resumed, survey.file) == (
        "0.??",
        300,
        63,
        0,
        None,
    )
    # A record is the JSON's, field for field.
    assert survey.records == output.json["records"]
    kayles = survey.records[-1]
    assert (kayles["game"], kayles["status"], kayles["preperiod"], kayles["period"]) == (
        "0.77",
        "periodic",
        71,
        12,
    )
    # Its text is the REPL's table, every game of it; a notebook gets a table.
    text = str(survey)
    assert text.startswith("survey of 0.?? to n = 300: 63 games")
    assert "0.01" in text and "0.77  periodic" in text and "more games" not in text
    html = survey._repr_html_()
    assert html.count("<tr>") == 1 + 63
    assert "<td>0.77</td><td>periodic</td><td>71</td><td>12</td>" in html
    assert output._repr_html_() == html


def test_a_survey_kept_in_a_name_is_a_survey_too() -> None:
    session = grundy.Session()
    session.run('let s = survey(["0.77", "0.137"], 500)')
    assert [r["game"] for r in session["s"].records] == ["0.77", "0.137"]


def test_the_default_pool_and_threads_give_the_language_s_records() -> None:
    expected = kept(language('survey("0.??", 2000)').records)
    assert len(expected) == 63
    local = grundy.survey("0.??", 2000)
    assert kept(local.records) == expected
    assert (local.asked, local.to, local.resumed, local.file) == ("0.??", 2000, 0, None)
    assert local.threads == min(grundy._grundy._survey_cores(), 63)
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = grundy.survey("0.??", 2000, executor=pool)
    assert kept(threaded.records) == expected
    assert threaded.threads == 2


def test_a_dask_cluster_gives_the_language_s_records() -> None:
    # The test extra installs it: a cluster that cannot be made is a failure, not a skip.
    import distributed
    expected = kept(language('survey("0.??", 2000)').records)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        with distributed.get_task_stream(client) as stream:
            surveyed = grundy.survey("0.??", 2000, executor=client.get_executor())
        ran = [task["worker"] for task in stream.data if "survey_job" in task["key"]]
    assert kept(surveyed.records) == expected
    assert surveyed.threads == 2
    # Every game was a task of the cluster's, on both its workers (other processes).
    assert len(ran) == 63 and len(set(ran)) == 2


def test_a_survey_resumes_from_its_file_as_the_language_s_does(tmp_path: Path) -> None:
    path = tmp_path / "survey.csv"
    first = grundy.survey(["0.07", "0.77"], 2000, file=path)
    # Written as each game was done, in whatever order that was.
    assert sorted(r["game"] for r in grundy.read_survey_file(path)) == ["0.07", "0.77"]
    assert first.file == str(path) and first.resumed == 0
    counting = Counting()
    resumed = grundy.survey("0.?7", 2000, executor=counting, file=path)
    asked = [code for code, *_ in counting.asked]
    assert asked == ["0.17", "0.27", "0.37", "0.47", "0.57", "0.67"]
    assert resumed.resumed == 2
    assert [r["game"] for r in resumed.records] == [f"0.{d}7" for d in range(8)]
    # The records read back are the ones written, to the millisecond.
    assert resumed.records[0] == first.records[0]
    # The language reads the file Python wrote, and finds every game done...
    again = language(f'survey("0.?7", 2000, "{path}")')
    assert again.resumed == 8
    assert kept(again.records) == kept(resumed.records)
    # ...and Python the language's; a record to another bound is not this survey's.
    other = tmp_path / "language.csv"
    language(f'survey("0.?", 500, "{other}")')
    counting = Counting()
    assert grundy.survey("0.?", 500, executor=counting, file=other).resumed == 7
    assert counting.asked == []
    grundy.survey("0.?", 400, executor=counting, file=other)
    assert len(counting.asked) == 7


def test_bad_codes_raise_value_error_with_the_language_s_message() -> None:
    for games, written in [
        ("1.?", '"1.?"'),
        (["0.7", "0.x?"], '["0.7", "0.x?"]'),
        ("0.??????", '"0.??????"'),
    ]:
        with pytest.raises(grundy.GrundyError) as diagnosed:
            grundy.Session().eval(f"survey({written}, 100)")
        with pytest.raises(ValueError) as raised:
            grundy.survey(games, 100, executor=Counting())
        assert str(raised.value).splitlines()[0] == diagnosed.value.message
        assert "help: octal codes" in str(raised.value)
    with pytest.raises(ValueError, match="negative"):
        grundy.survey("0.?", -1)
    with pytest.raises(ValueError, match="the `heap` limit is 1000 values a game"):
        grundy.survey("0.?", 1000, limits={"heap": 1000})
    with pytest.raises(ValueError, match="there is no limit `hepa`"):
        grundy.survey("0.?", 10, limits={"hepa": 1000})
    with pytest.raises(TypeError, match="a survey takes its games as codes"):
        grundy.survey(7, 100)  # type: ignore[arg-type]


def test_a_job_is_a_picklable_function_of_a_code_a_bound_and_limits() -> None:
    job = pickle.loads(pickle.dumps(grundy.survey_job))
    assert job is grundy.survey_job
    record = job("0.77", 100_000, 1 << 28, 2**64 - 1)
    assert (record["status"], record["preperiod"], record["period"]) == ("periodic", 71, 12)
    assert record["rechecked"] > 0
    # Its memory is its own limit: a table too small for the bound stops the game.
    small = grundy.survey_job("0.007", 100_000, 1 << 12, 2**64 - 1)
    assert (small["status"], small["stopped"]) == ("open", "memory")
    with pytest.raises(ValueError, match="a pattern"):
        grundy.survey_job("0.?", 10, 1 << 20, 1)
    with pytest.raises(ValueError, match="is no code of a survey"):
        grundy.survey_job("1.1", 10, 1 << 20, 1)


def test_records_go_through_a_survey_s_file_and_back(tmp_path: Path) -> None:
    records = grundy.survey(["0.16", "0.77", "0.8"], 5000, executor=Counting()).records
    assert [r["status"] for r in records] == ["open", "periodic", "values only"]
    assert records[0]["rare"] is not None
    path = tmp_path / "s.csv"
    for record in records:
        grundy.write_survey_record(path, record)
    assert grundy.read_survey_file(path) == records
    assert grundy.Survey("mine", 5000, records).records == records
    assert path.read_text().startswith("game,to,status,preperiod,period,")
    with pytest.raises(ValueError, match="`finished` is not a survey's status"):
        finished = {**records[0], "status": "finished"}
        grundy.write_survey_record(path, finished)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="has a `period`"):
        lacking = {k: v for k, v in records[1].items() if k != "period"}
        grundy.Survey("mine", 5000, [lacking])  # type: ignore[list-item]
    (tmp_path / "other.csv").write_text("a,b\n1,2\n")
    with pytest.raises(ValueError, match="its first line is not a survey's"):
        grundy.survey("0.?", 10, file=tmp_path / "other.csv")
    assert grundy.read_survey_file(tmp_path / "none.csv") == []


def test_a_job_releases_the_gil() -> None:
    window: list[float] = []

    def job() -> None:
        window.append(time.monotonic())
        grundy.survey_job("0.007", 200_000, 1 << 28, 2**64 - 1)
        window.append(time.monotonic())

    worker = threading.Thread(target=job)
    worker.start()
    ticks = []
    while worker.is_alive():
        ticks.append(time.monotonic())
    start, end = window
    # Held, the GIL would keep this thread waiting while the job ran (but for a switch
    # or two at its ends): no tick well inside it.
    inside = [t for t in ticks if start + 0.05 < t < end - 0.05]
    assert end - start > 0.2 and len(inside) > 1000, (end - start, len(inside))


def test_ctrl_c_stops_a_job() -> None:
    # 0.007 to 10^6 takes seconds (more than ten in a debug build).
    took = interrupted(lambda: grundy.survey_job("0.007", 1_000_000, 1 << 28, 2**64 - 1))
    assert took < 3


def test_ctrl_c_stops_a_survey_and_what_was_written_stands(tmp_path: Path) -> None:
    path = tmp_path / "s.csv"
    took = interrupted(lambda: grundy.survey(["0.07", "0.007"], 1_000_000, file=path))
    assert took < 5
    assert [r["game"] for r in grundy.read_survey_file(path)] == ["0.07"]
