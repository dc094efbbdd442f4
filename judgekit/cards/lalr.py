"""Building a game's card-text parser (LALR(1) with the contextual lexer, kept between runs in a cache file), and
what every reader does with it: parse a text, build its vocabulary, and name what it could not read."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import lark
from lark import Lark, Token, Tree, UnexpectedInput
from lark.exceptions import VisitError

from judgekit.cards.errors import UnreadText, stopped_at

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


class Unread(Exception):
    """A phrase the grammar parsed but the vocabulary cannot hold (raised while building the vocabulary): ``what``
    says why, as a :class:`~judgekit.cards.errors.Reason` (a message, rendered in the reader's language) or in the
    reader's own words."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


def tokens(items: list[Any], kind: str) -> list[str]:
    """The tokens of type ``kind`` among a tree node's children, as text."""
    return [str(t) for t in items if isinstance(t, Token) and t.type == kind]


def unread_at(text: str, position: int, card: str, why: str = "") -> UnreadText:
    """The error for text unread from ``position`` to the end of its sentence."""
    end = text.find("。", position)
    phrase = text[position : end + 1 if end >= 0 else len(text)] or text[max(0, position - 10) :]
    return UnreadText(text, position, phrase, card, why)


def parse_text(parser: Lark, build: Callable[[Tree[Token]], Any], text: str, start: str, card: str, stops: str) -> Any:
    """Parse normalised ``text`` from rule ``start`` and ``build`` its vocabulary; an UnreadText naming the clause
    the reading stopped in (from the last of the ``stops`` characters before that point), or the phrase the
    vocabulary cannot hold."""
    try:
        tree: Tree[Token] = parser.parse(text, start=start)
    except UnexpectedInput as exc:
        pos = exc.pos_in_stream if isinstance(exc.pos_in_stream, int) and exc.pos_in_stream >= 0 else len(text)
        pos = min(pos, max(len(text) - 1, 0))
        clause = max(text.rfind(stop, 0, pos) for stop in stops) + 1
        raise unread_at(text, clause, card, stopped_at(text[pos : pos + 12])) from None
    try:
        return build(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, Unread):
            node = exc.obj
            meta = node.meta if isinstance(node, Tree) else None
            start_pos = meta.start_pos if meta is not None and not meta.empty else 0
            end_pos = meta.end_pos if meta is not None and not meta.empty else len(text)
            raise UnreadText(text, start_pos, text[start_pos:end_pos], card, exc.orig_exc.what) from None
        raise
    except Unread as exc:
        raise UnreadText(text, 0, text, card, exc.what) from None
