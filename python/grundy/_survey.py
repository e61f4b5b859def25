"""`grundy.survey`: a survey of heap games on any `concurrent.futures` executor.

Each game is one task, `survey_job(code, to, bytes, work)`, a function of the compiled
module that any worker importing grundy can run, returning the game's record as a dict; the
records come back to this process, which writes each to the survey's file as it arrives
(the workers need no shared disk) and puts them in the order asked.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional, Union

from ._grundy import (
    Survey,
    _survey_cores,
    _survey_plan,
    read_survey_file,
    survey_job,
    write_survey_record,
)

if TYPE_CHECKING:
    from ._grundy import _SurveyRecord


def survey(
    games: Union[str, Iterable[str]],
    n: int,
    executor: Optional[Executor] = None,
    file: Union[str, "os.PathLike[str]", None] = None,
    limits: Optional[Mapping[str, Any]] = None,
) -> Survey:
    """Surveys heap games to g(n), each until its period is proved or the bound reached, as
    the language's `survey(games, n, file)` does, each game a task on `executor`.

    `games` is a code with `?` for each octal digit that varies ("0.??"), or codes and such
    patterns (["0.77", "0.137"]); a bad one raises ValueError. `executor` is any
    `concurrent.futures.Executor` (a Dask cluster's `client.get_executor()`, Ray's); by
    default a process pool with a worker for each core. With `file`, each record is written
    there as it comes, and games the file already holds to this `n` are not computed again.
    `limits` are named as `grundy.Session(**limits)` names them: `heap` bounds `n`, and
    each task's tables may take `memory` shared out as the language shares it."""
    codes, asked, bytes_, work = _survey_plan(games, n, dict(limits or {}))
    path = None if file is None else os.fspath(file)
    done: dict[str, _SurveyRecord] = {}
    if path is not None:
        for record in read_survey_file(path):
            if record["to"] == n:
                done.setdefault(record["game"], record)
    todo = [code for code in codes if code not in done]
    started = time.monotonic()
    own = executor is None
    pool = executor
    if pool is None:
        pool = ProcessPoolExecutor(max_workers=max(1, min(_survey_cores(), len(todo))))
    computed: dict[str, _SurveyRecord] = {}
    futures: list[Future[_SurveyRecord]] = []
    finished = False
    try:
        futures = [pool.submit(survey_job, code, n, bytes_, work) for code in todo]
        for future in as_completed(futures):
            record = future.result()
            if path is not None:
                write_survey_record(path, record)
            computed[record["game"]] = record
        finished = True
    finally:
        if not finished:
            # Ctrl-C or a task's error: what was written stands; the rest is not started.
            for future in futures:
                future.cancel()
            if own:
                _stop_workers(pool)
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
    records = [done.get(code) or computed[code] for code in codes]
    return Survey(
        asked,
        n,
        records,
        resumed=sum(code in done for code in codes),
        file=path,
        threads=_workers(pool),
        seconds=time.monotonic() - started,
    )


def _workers(executor: Executor) -> int:
    """The tasks an executor runs at once, where it says: the standard pools' workers, a
    Dask cluster's threads; else this machine's cores."""
    workers = getattr(executor, "_max_workers", None)
    if isinstance(workers, int):
        return workers
    client = getattr(executor, "_client", None)
    if client is not None and hasattr(client, "nthreads"):
        try:
            return int(sum(client.nthreads().values()))
        except Exception:
            pass
    return _survey_cores()


def _stop_workers(pool: Executor) -> None:
    """Ends the games in flight in a pool of our own: its workers are stopped at once (a
    Ctrl-C at the terminal reaches them anyway; one sent to this process alone does not)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()
