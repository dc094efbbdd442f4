"""Card readings kept between commands, by content: a scenario whose cards were read before is not read again.

Reading a scenario's printed card texts (:func:`judgekit.cards.printed.complete`) builds the game's
parser and parses every text: about a seventh of loading a scenario, and the whole of it for the card
readers' imports (lark, the readers' modules). The result, the cards table completed, the problems
found and what became of each part, is kept in ``<cache>/readings/`` (one file per cards table), under
a key of:

- the game id and the command line's language (problems are sentences in it);
- the card readers' code and grammars (``judgekit/cards/``, :func:`judgekit.run_cache.readers_digest`);
- the cards table itself, as JSON in the file's order (the order names cards and orders the reports).

So a scenario file edited outside its cards table, or another file with the same cards, reads
nothing; the runs cache (``<cache>/runs``) may be emptied without losing the readings. Files are
written atomically; a file that cannot be read or written only costs a reading. The version of lark
is not part of the key: after upgrading it, ``rm -r <cache>/readings``.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import tempfile
from pathlib import Path
from typing import Any

FORMAT = 1
"""The version of what a readings file holds; a file of another format is not used."""

Reading = tuple[dict[str, Any], list[tuple[str, str]], dict[str, tuple[Any, ...]]]
"""What is kept of a cards table's reading: the table completed, the problems, the reports per card key."""


def readings_folder() -> Path:
    """``<cache>/readings`` (the rules index's cache folder)."""
    from rules_index.graph import cache_dir

    return cache_dir() / "readings"


def reading_key(game: str, cards: dict[str, Any]) -> str | None:
    """The key of reading ``cards`` (a scenario's ``cards`` table) for ``game``; None when the table is not
    plain data (then it is read, never kept)."""
    from judgekit.language import cli_language
    from judgekit.run_cache import readers_digest

    try:
        table = json.dumps(cards, ensure_ascii=False, default=repr)
    except (TypeError, ValueError):
        return None
    h = hashlib.sha256(f"{FORMAT}\0{game}\0{cli_language()}\0{readers_digest()}\0".encode())
    h.update(table.encode())
    return h.hexdigest()


def _file(folder: Path, key: str) -> Path:
    return folder / f"{key[:32]}.pickle"


def kept_reading(folder: Path, key: str) -> Reading | None:
    """The reading kept under ``key`` in ``folder``, or None."""
    try:
        with _file(folder, key).open("rb") as fh:
            found = pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        return None
    if not (isinstance(found, tuple) and len(found) == 3 and found[0] == FORMAT and found[1] == key):
        return None
    reading = found[2]
    return reading if isinstance(reading, tuple) and len(reading) == 3 else None


def keep_reading(folder: Path, key: str, reading: Reading) -> None:
    """Keep ``reading`` under ``key`` in ``folder`` (atomically; a failure keeps nothing)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".reading-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump((FORMAT, key, reading), fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, _file(folder, key))
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        return


__all__ = ["FORMAT", "Reading", "keep_reading", "kept_reading", "reading_key", "readings_folder"]
