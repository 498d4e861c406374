"""Run cubes and add up their counts: in this process or on Dask workers.

The total is exact (ints and Fractions) and summed in the cubes' list order,
whatever order they finish in.  A cube that raises, or whose worker dies
(after the scheduler's own reschedules), is submitted once more; if it fails
again the run stops with an error naming the cube.  Verdicts (a time limit, a
back end that cannot take the problem, bad input) are raised as they are.
Ctrl-C cancels what is still running and raises `Interrupted` with the sum
of the cubes done.
"""

from __future__ import annotations

import time
from fractions import Fraction

from polycnf.encoders.core.cubes import Cube, total
from polycnf.encoders.core.errors import InputError
from polycnf.solvers.errors import BackendError

from .options import Options, progress_bar, time_limit_reached

RETRIES = 1
#: a local cluster costs about 1-4 s of wall and 5 s of CPU to start here, so
#: cubes first run in this process; once they have used LOCAL_SECONDS of CPU,
#: the rest go to a cluster only if, at the average CPU per cube so far, they
#: look like more than CLUSTER_WORTH seconds (checked again after each cube)
LOCAL_SECONDS = 2.0
CLUSTER_WORTH = 10.0
#: so a count below about this many CPU seconds never starts a cluster, and
#: splitting it finer than its symmetry cases only costs time (api/cubes.dlx_seconds)
SPLIT_WORTH = LOCAL_SECONDS + CLUSTER_WORTH
#: verdicts, not failures: a second try would say the same, so they are raised as they are
VERDICTS = (TimeoutError, BackendError, InputError)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM) during a run: the exact sum of the finished cubes,
    which `api.count` returns as a PartialCount, never as the count."""

    def __init__(self, partial: Fraction, done: int, cubes: int):
        super().__init__("interrupted")
        self.partial, self.done, self.cubes = partial, done, cubes


class CubeFailed(BackendError):
    """A cube failed twice: no count, and the error names the cube."""


def run_cube(cube: Cube) -> int:
    """A cube's own count (unweighted), on whatever process runs it."""
    return cube.task()


def run(cubes: list[Cube], client=None, desc: str = "cubes", start=None,
        local_seconds: float = LOCAL_SECONDS, options: Options = Options()) -> int:
    """The exact total of `cubes`; `client` is a distributed Client or None.

    With `start` (a function returning a Client) and no client: the cubes run
    here, in order, until `_worth_a_cluster` says the rest are worth one; only
    then is `start()` called and the rest sent to its workers, so a small count
    never pays for starting a cluster.  A time limit in `options` (started)
    is kept here: cubes run in this process go to a child that is killed when
    the time is up, and cubes on workers are cancelled."""
    counts: list = [None] * len(cubes)
    todo = list(range(len(cubes)))
    with progress_bar(Options(progress=True), desc, total=len(cubes), unit="cube") as bar:
        try:
            if client is None:
                todo = _run_here(cubes, todo, counts, bar, None if start is None else local_seconds, options)
                if todo:
                    client = start()
            if todo:
                _run_on(client, cubes, todo, counts, bar, options)
        except KeyboardInterrupt:
            done = [i for i, n in enumerate(counts) if n is not None]
            partial = sum((cubes[i].weight * counts[i] for i in done), Fraction(0))
            raise Interrupted(partial, len(done), len(cubes)) from None
    return total(cube.weight * n for cube, n in zip(cubes, counts))


def _run_limited(cube: Cube, options: Options) -> int:
    """A cube here, in a child killed when the time limit runs out."""
    from polycnf.solvers.child import run_limited

    left = options.seconds_left()
    if left is None:
        return run_cube(cube)
    try:
        return run_limited(run_cube, (cube,), left, what=f"cube '{cube.label}'")
    except TimeoutError:
        raise TimeoutError(time_limit_reached(options.time_limit)) from None


def _failure(cube: Cube, error: BaseException) -> CubeFailed:
    return CubeFailed(f"cube '{cube.label}' failed {RETRIES + 1} times: "
                      f"{type(error).__name__}: {error} (rerun it alone with --cube)")


def _worth_a_cluster(cpu: float, done: int, left: int, local_seconds: float) -> bool:
    return done > 0 and cpu >= local_seconds and cpu / done * left > CLUSTER_WORTH


def _run_here(cubes, todo, counts, bar, local_seconds=None, options: Options = Options()) -> list[int]:
    """Run the cubes `todo` here in order; the ones left.  With `local_seconds`,
    stop as soon as the rest are worth a cluster (`_worth_a_cluster`)."""
    cpu0 = time.process_time()
    for k, i in enumerate(todo):
        if local_seconds is not None and _worth_a_cluster(time.process_time() - cpu0, k, len(todo) - k,
                                              local_seconds):
            return todo[k:]
        for attempt in range(RETRIES + 1):
            try:
                counts[i] = _run_limited(cubes[i], options)
                break
            except (KeyboardInterrupt, *VERDICTS):
                raise
            except Exception as e:         # retried once, then reported by label
                if attempt == RETRIES:
                    raise _failure(cubes[i], e) from None
        bar.update(1)
    return []


def _run_on(client, cubes, todo, counts, bar, options: Options = Options()) -> None:
    from distributed import as_completed

    index, tries = {}, {}
    futures = []
    for i in todo:
        f = client.submit(run_cube, cubes[i], pure=False)
        index[f.key], tries[i] = i, 0
        futures.append(f)
    pending = as_completed(futures)
    try:
        for future in _finished(pending, options):
            i = index[future.key]
            if future.status == "finished":
                counts[i] = future.result()
                bar.update(1)
                continue
            error = future.exception()
            if isinstance(error, VERDICTS):
                raise error
            if tries[i] == RETRIES:
                raise _failure(cubes[i], error)
            tries[i] += 1
            again = client.submit(run_cube, cubes[i], pure=False)
            index[again.key] = i
            futures.append(again)
            pending.add(again)
    finally:
        client.cancel(futures)       # all done already, unless interrupted or failed


def _finished(pending, options: Options = Options()):
    """Futures as they finish, polling: a blocking wait on a Dask condition
    does not let Ctrl-C through, time.sleep does.  Raises TimeoutError once
    the time limit has run out."""
    while not pending.is_empty():
        options.seconds_left()
        batch = pending.next_batch(block=False)
        if not batch:
            time.sleep(0.05)
        yield from batch


# -- counts by cubes ------------------------------------------------------------------
def count(instance, method: str, unique: bool, workers, options) -> int:
    """The count of `instance` by `method`, split into cubes run on `workers`
    (an api.localcluster.Workers).  On a named scheduler every cube goes there;
    otherwise the cubes start here and a local cluster is started only when
    what is left looks worth it (see `run`), and a dlx count estimated below
    SPLIT_WORTH seconds is not split below its symmetry cases at all: that
    split alone cost 0.5 s of the 6x10's 2 s (api/cubes.dlx_seconds)."""
    from .cubes import cubes_for

    whole_below = SPLIT_WORTH if workers.scheduler is None else None
    cubes = cubes_for(instance, method, unique, options.with_(deadline=None),   # the clock is kept here
                      whole_below=whole_below)
    if workers.scheduler is not None:
        try:
            client = workers.client()
        except KeyboardInterrupt:
            raise Interrupted(Fraction(0), 0, len(cubes)) from None
        return run(cubes, client, desc=f"{method} cubes", options=options)
    start = None if workers.local or len(cubes) == 1 else workers.client
    return run(cubes, None, desc=f"{method} cubes", start=start, options=options)


def count_one(instance, method: str, unique: bool, workers, options, label: str):
    """(cube, its unweighted count) for the cube named `label`: `--cube`."""
    from distributed import as_completed

    from .cubes import cubes_for, select

    cube = select(cubes_for(instance, method, unique, options.with_(deadline=None)), label)
    client = None if workers.scheduler is None else workers.client()
    if client is None:
        return cube, _run_limited(cube, options)
    future = client.submit(run_cube, cube, pure=False)
    for _ in _finished(as_completed([future]), options):
        pass
    return cube, future.result()
