"""The printed texts the scenario files of a folder give their cards, for the corpus checks of the games' readers."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def printed_texts(folder: Path, parts: tuple[str, ...]) -> Iterator[tuple[str, str, str, int, str, dict[str, Any]]]:
    """``(file, card key, where, index, text, card table)`` for every card's own ``text`` (where ``"card"``, index
    0) and every ``text`` in its lists named ``parts`` (where the list's name, index its place), in file order."""
    for path in sorted(folder.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for key, card in data.get("cards", {}).items():
            if card.get("text"):
                yield path.name, key, "card", 0, card["text"], card
            for part in parts:
                for i, entry in enumerate(card.get(part, [])):
                    if entry.get("text"):
                        yield path.name, key, part, i, entry["text"], card


__all__ = ["printed_texts"]
