"""Checking many scenario files (``judgekit check``): kept runs first, the rest across the cores.

A file whose run is kept in the run cache (:mod:`judgekit.run_cache`) and still good is not run:
its findings are the kept ones, and its trace is compared with its golden file by digest (the
golden file's bytes against the canonical JSON's), without importing the scenario models or the
engines. A file whose golden trace then differs is run
again, to say where it differs. The other files run in worker processes, one per core, forked
once the scenario models and the rules index are loaded. The files go to the workers grouped by
game folder, a contiguous share each, so that a worker loads only the engines of the games it
meets (loading an engine and its card models is a tenth of a check of every scenario); a worker
done with its share takes files from the end of the largest share left. The report keeps the
order of the files, whatever the number of workers.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import queue
import sys
import traceback
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judgekit.findings import DIFFERS, NO_GOLDEN, CheckOutcome, Finding
from judgekit.run_cache import RunCache, RunRecord, expectation_findings, trace_digest
from judgekit.scenario_file import GOLDEN_SUFFIX

if TYPE_CHECKING:
    from multiprocessing.sharedctypes import SynchronizedArray


def file_digest(path: Path) -> str | None:
    """The sha256 (hex) of the file at ``path`` (read in blocks), or None when it cannot be read."""
    try:
        with path.open("rb") as fh:
            return hashlib.file_digest(fh, "sha256").hexdigest()
    except OSError:
        return None


def golden_of(path: Path) -> Path:
    """The golden trace of the scenario file ``path`` (``<name>.trace.json`` beside it)."""
    return path.with_name(path.name.removesuffix(".toml") + GOLDEN_SUFFIX)


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None  # load_scenario says why


def kept_outcome(path: Path, record: RunRecord, update: bool) -> CheckOutcome | None:
    """The outcome of checking ``path`` from its kept run, or None when it must run (its golden trace differs,
    or is to be written)."""
    golden = golden_of(path)
    digest = file_digest(golden)
    findings = record.finding_list()
    if digest == record.trace:
        return CheckOutcome(path, tuple(findings))
    if update or golden.exists():
        return None
    return CheckOutcome(path, (*findings, Finding(NO_GOLDEN, file=golden.name)))


def run_and_check(path: Path, raw: bytes | None, update: bool, runs: RunCache) -> CheckOutcome:
    """Load, run and check the scenario file ``path`` (its bytes ``raw``), keeping its run's record in ``runs``."""
    from judgekit.errors import JudgekitError
    from judgekit.games import game_support
    from judgekit.render.json import trace_json_lines
    from judgekit.scenario import golden_difference, load_scenario

    try:
        scenario = load_scenario(path)
        run = game_support(scenario.game).run(scenario)
        findings = expectation_findings(scenario, run)
    except JudgekitError as exc:
        return CheckOutcome(path, error=str(exc))
    trace = run.trace
    digest = trace_digest(trace_json_lines(trace))
    golden = scenario.golden_path
    updated = False
    kept = RunRecord.kept_findings(findings)
    if update:
        if file_digest(golden) != digest:
            with golden.open("w", encoding="utf-8") as fh:
                fh.writelines(trace_json_lines(trace))
            updated = True
    elif not golden.exists():
        findings.append(Finding(NO_GOLDEN, file=golden.name))
    elif file_digest(golden) != digest:
        difference = golden_difference(golden, trace) or "the bytes differ"
        findings.append(Finding(DIFFERS, file=golden.name, difference=difference))
    if raw is not None:
        reads = bool(scenario.cards_read)
        key = runs.key(path, raw, scenario.game, reads)
        runs.store(path, raw, RunRecord(scenario.game, reads, key, digest, kept, whole=False))
    return CheckOutcome(scenario.path, tuple(findings), updated)


def check_file(path: Path, update: bool = False, runs: RunCache | None = None) -> CheckOutcome:
    """Check one scenario file, from its kept run when ``runs`` holds it still good."""
    runs = runs if runs is not None else RunCache(None)
    raw = _read(path)
    if raw is not None:
        record = runs.record(path, raw)
        if record is not None:
            outcome = kept_outcome(path, record, update)
            if outcome is not None:
                return outcome
    return run_and_check(path, raw, update, runs)


def check_files(
    paths: Sequence[Path], *, update: bool = False, jobs: int | None = None, runs: RunCache | None = None
) -> Iterator[CheckOutcome]:
    """Check scenario files, in the order of ``paths``: kept runs from ``runs``, the others across ``jobs``
    worker processes (default: one per core)."""
    runs = runs if runs is not None else RunCache(None)
    if not paths:
        return
    from judgekit.scenario_file import catalog_pinned

    with catalog_pinned():  # the libraries are read once for every file (and every worker inherits them)
        yield from _check_files(paths, update, jobs, runs)


def _check_files(paths: Sequence[Path], update: bool, jobs: int | None, runs: RunCache) -> Iterator[CheckOutcome]:
    done: dict[int, CheckOutcome] = {}
    raws: dict[int, bytes | None] = {}
    for i, path in enumerate(paths):
        raw = raws[i] = _read(path)
        record = runs.record(path, raw) if raw is not None else None
        outcome = kept_outcome(path, record, update) if record is not None else None
        if outcome is not None:
            done[i] = outcome
    missing = [i for i in range(len(paths)) if i not in done]
    workers = min(jobs or os.cpu_count() or 1, len(missing))
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():  # no fork (Windows): one process
        for i, path in enumerate(paths):
            yield done.pop(i) if i in done else run_and_check(path, raws[i], update, runs)
        return
    yield from _across_workers(paths, raws, done, missing, workers, update, runs)


# --- workers -------------------------------------------------------------------------------------

Sent = tuple[int, Any, str]
"""What a worker sends back: (file number, the outcome as plain data, the traceback of an internal error);
file number -1 says the worker is done."""


def _plain(outcome: CheckOutcome) -> tuple[Path, Any, bool, str | None]:
    return outcome.path, RunRecord.kept_findings(outcome.findings), outcome.updated, outcome.error


def _outcome(plain: tuple[Path, Any, bool, str | None]) -> CheckOutcome:
    path, findings, updated, error = plain
    made = [Finding(text, **values) if values is not None else text for text, values in findings]
    return CheckOutcome(path, tuple(made), updated, error)


def _shares(order: list[int], workers: int) -> list[int]:
    """Each worker's share of ``order``, contiguous, as [start0, end0, start1, end1, …]."""
    bounds = []
    for k in range(workers):
        bounds += [len(order) * k // workers, len(order) * (k + 1) // workers]
    return bounds


def _next(k: int, shares: SynchronizedArray[int]) -> int | None:
    """The position in the order of worker ``k``'s next file: the front of its share, else the back of the
    largest share left; None when every share is done."""
    with shares.get_lock():
        if shares[2 * k] < shares[2 * k + 1]:
            shares[2 * k] += 1
            return int(shares[2 * k] - 1)
        left = [shares[2 * j + 1] - shares[2 * j] for j in range(len(shares) // 2)]
        j = max(range(len(left)), key=left.__getitem__)
        if left[j] <= 0:
            return None
        shares[2 * j + 1] -= 1
        return int(shares[2 * j + 1])


def _work(
    k: int,
    order: list[int],
    shares: SynchronizedArray[int],
    sent: multiprocessing.Queue[Sent],
    paths: Sequence[Path],
    raws: dict[int, bytes | None],
    update: bool,
    runs: RunCache,
) -> None:
    while (at := _next(k, shares)) is not None:
        i = order[at]
        try:
            sent.put((i, _plain(run_and_check(paths[i], raws[i], update, runs)), ""))
        except BaseException:
            sent.put((i, None, traceback.format_exc()))
            return
    sent.put((-1, None, ""))


def _across_workers(
    paths: Sequence[Path],
    raws: dict[int, bytes | None],
    done: dict[int, CheckOutcome],
    missing: list[int],
    workers: int,
    update: bool,
    runs: RunCache,
) -> Iterator[CheckOutcome]:
    import judgekit.scenario  # noqa: F401  (the scenario models and the kernel: every worker inherits them)
    from judgekit.scenario_file import library_catalog, rules_index

    rules_index(library_catalog()).load_all()  # every worker inherits the rules index instead of loading it
    order = sorted(missing, key=lambda i: (paths[i].parent.as_posix(), i))
    for stream in (sys.stdout, sys.stderr):  # what is buffered would be written again by every worker
        stream.flush()
    context = multiprocessing.get_context("fork")
    shares = context.Array("q", _shares(order, workers))
    sent: multiprocessing.Queue[Sent] = context.Queue()
    procs = [
        context.Process(target=_work, args=(k, order, shares, sent, paths, raws, update, runs), daemon=True)
        for k in range(workers)
    ]
    for proc in procs:
        proc.start()
    finished = False
    try:
        for i in range(len(paths)):
            while i not in done:
                try:
                    number, plain, error = sent.get(timeout=2.0)
                except queue.Empty:
                    if all(not p.is_alive() for p in procs):
                        from rules_index.errors import JudgekitError

                        raise JudgekitError.from_message(
                            "a worker process of the check was killed before every file was checked (by a signal,"
                            " or because the machine ran out of memory): run the check again"
                        ) from None
                    continue
                if error:
                    raise RuntimeError(f"checking {paths[number]} failed in a worker:\n{error}")
                if number >= 0:
                    done[number] = _outcome(plain)
            yield done.pop(i)
        finished = True
    finally:
        for proc in procs:  # all checked: each is saying it is done; stopped early: each is stopped
            proc.join(timeout=5.0 if finished else 0)
            if proc.is_alive():
                proc.terminate()
                proc.join()
        sent.close()


__all__ = ["check_file", "check_files", "file_digest", "golden_of", "kept_outcome"]
