"""The build's workers (judgekit.site.parallel): results in the pieces' order, errors brought back whole."""

from __future__ import annotations

import os

import pytest

from judgekit.site.parallel import run_pieces
from rules_index.errors import JudgekitError


def _square_with_pid(piece: int) -> tuple[int, int]:
    return piece * piece, os.getpid()


def test_results_come_back_in_the_pieces_order_whichever_worker_ran_them() -> None:
    done: list[int] = []
    results = run_pieces(_square_with_pid, [1, 5, 2, 9, 3], 2, done=lambda i, _r: done.append(i))
    assert [r[0] for r in results] == [0, 1, 4, 9, 16]
    assert sorted(done) == [0, 1, 2, 3, 4]
    assert os.getpid() not in {r[1] for r in results}  # every piece ran in a worker
    assert run_pieces(_square_with_pid, [1, 5, 2], 1)[2] == (4, os.getpid())  # one job: here


def _fails(piece: int) -> int:
    if piece == 1:
        raise JudgekitError.from_message("no site at {root}", root="/nowhere")  # not picklable as it is
    return piece


def test_an_error_in_a_worker_reaches_the_build_with_its_message() -> None:
    with pytest.raises(JudgekitError, match="no site at /nowhere"):
        run_pieces(_fails, [1, 1, 1], 2)
