"""A build's independent pieces of work (a game's scenario runs, a part of the site) on the machine's cores.

The pieces run in worker processes forked from the build once it has prepared what they share
(the rules index, the prepared books, the templates): a worker is given only a piece's number,
inherits everything else, and sends back what the piece made (scenario pages; the files a part
wrote, which it writes itself into the folder being built). The output does not depend on how
many workers there are, nor on which finishes first: each piece's result is put back in the
piece's place, and the build goes on from them in the order it would have made them itself.

One job (one core, ``build_site(jobs=1)``, or no ``fork`` on the platform) runs every piece
here, one after another, as a build did before it had workers.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

R = TypeVar("R")

_work: Callable[[int], object] | None = None
"""The piece function of the pieces being run (the workers inherit it when they are forked)."""


def jobs(requested: int | None = None) -> int:
    """How many processes a build uses: ``requested``, else one per core this process may run on (1 without fork)."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    if requested is None:
        cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else range(os.cpu_count() or 1)
        requested = len(cores)
    return max(1, requested)


def run_pieces(
    work: Callable[[int], R],
    costs: Sequence[float],
    processes: int,
    *,
    done: Callable[[int, R], None] | None = None,
    meanwhile: Callable[[], None] | None = None,
) -> list[R]:
    """``work(i)`` for each piece ``i`` (``costs[i]`` says how long it may take, relatively), on up to ``processes``
    processes; the results in the pieces' order. ``done(i, result)`` is called here as each piece finishes;
    ``meanwhile()`` is run here while the workers work (first, when there are none).

    The costliest pieces start first, each on the first worker free, so that the workers finish close together.
    An exception a piece raises is raised here (the pieces still running are waited for).
    """
    count = len(costs)
    processes = min(processes, count)
    if processes <= 1:
        if meanwhile is not None:
            meanwhile()
        results = []
        for i in range(count):
            results.append(work(i))
            if done is not None:
                done(i, results[-1])
        return results
    global _work
    order = sorted(range(count), key=lambda i: (-costs[i], i))
    _work = work
    gc.freeze()  # what the workers inherit is left out of their collections, which would copy every page it is on
    try:
        with ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("fork")) as pool:
            futures = {pool.submit(_run, i): i for i in order}
            try:
                if meanwhile is not None:
                    meanwhile()
                for future in as_completed(futures):
                    result = future.result()  # a piece's exception, at once
                    if done is not None:
                        done(futures[future], result)  # type: ignore[arg-type]
            except BaseException:
                pool.shutdown(cancel_futures=True)  # the pieces not started are not run for nothing
                raise
            found = {i: future.result() for future, i in futures.items()}
    except BrokenProcessPool as exc:  # a worker killed (by a signal, or the kernel when memory ran out), whenever
        raise _worker_lost() from exc
    finally:
        _work = None
        gc.unfreeze()
    return [found[i] for i in range(count)]  # type: ignore[misc]


def _run(piece: int) -> object:
    assert _work is not None, "a worker runs only the pieces of the build that forked it"
    try:
        return _work(piece)
    except Exception as exc:
        try:
            pickle.dumps(exc)
        except Exception:  # it could not reach the build: its message does, in an error that can
            raise _sendable(exc) from None
        raise


def _worker_lost() -> Exception:
    """The error a build stops with when one of its workers was killed before it sent its piece back."""
    from rules_index.errors import JudgekitError

    return JudgekitError.from_message(
        "a worker process of the build was killed before it finished its part (by a signal, or because the machine"
        " ran out of memory); nothing of this build was kept and the site is as it was: run the build again"
    )


def _sendable(exc: Exception) -> Exception:
    """An error saying what ``exc`` says that can be sent back from a worker (pickled)."""
    from rules_index.errors import JudgekitError

    if isinstance(exc, JudgekitError):
        return JudgekitError(str(exc))
    return RuntimeError(f"{type(exc).__name__}: {exc}")


__all__ = ["jobs", "run_pieces"]
