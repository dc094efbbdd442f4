"""Shared test set-up: every test sees the built-in rules library and an empty user library, and the
command line's language each test started with.

A developer's own library (``~/.local/share/judgekit/library``) must never leak into the
tests, so ``$JUDGEKIT_LIBRARY`` points at an empty folder for the whole session; tests of
the library set their own.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from rules_index.catalog import LIBRARY_ENV


@pytest.fixture(scope="session", autouse=True)
def empty_user_library(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """``$JUDGEKIT_LIBRARY`` names an empty folder for the session."""
    before = os.environ.get(LIBRARY_ENV)
    os.environ[LIBRARY_ENV] = str(tmp_path_factory.mktemp("user-library"))
    yield
    if before is None:
        os.environ.pop(LIBRARY_ENV, None)
    else:
        os.environ[LIBRARY_ENV] = before


@pytest.fixture(autouse=True)
def command_line_language_kept() -> Iterator[None]:
    """``--lang`` sets ``$JUDGEKIT_LANG`` in the process; whatever a test's commands set is put back after it,
    so no later test prints in a language it did not choose."""
    from judgekit.i18n import LANG_ENV

    before = os.environ.get(LANG_ENV)
    yield
    if before is None:
        os.environ.pop(LANG_ENV, None)
    else:
        os.environ[LANG_ENV] = before
