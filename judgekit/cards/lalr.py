"""Building a game's card-text parser: LALR(1) with the contextual lexer, kept between runs in a cache file."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import lark
from lark import Lark

_HERE = Path(__file__).parent


def cache_file(grammar: str, label: str) -> Path | None:
    """Where the parser built from ``grammar`` is kept: beside the rules index cache (``$JUDGEKIT_CACHE``, else
    ``$XDG_CACHE_HOME/judgekit``, else ``~/.cache/judgekit``), named by the grammars' content and lark's
    version; None when no cache folder can be written."""
    env = os.environ.get("JUDGEKIT_CACHE")
    base = Path(env) if env else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "judgekit"
    digest = hashlib.sha256(lark.__version__.encode())
    for name in (grammar, "grammar_common.lark"):
        digest.update((_HERE / name).read_bytes())
    try:
        (base / "cards").mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return base / "cards" / f"{label}-{digest.hexdigest()[:16]}.lark-cache"


def cached_parser(grammar: str, label: str, starts: list[str]) -> Lark:
    """The parser of ``grammar`` (a file of this folder) for the start rules ``starts``: literal phrases win
    over the multi-word terminals, which have priority -1."""
    where = cache_file(grammar, label)
    return Lark.open(
        str(_HERE / grammar),
        start=starts,
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        cache=str(where) if where else False,
    )
