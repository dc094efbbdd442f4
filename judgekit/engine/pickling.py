"""Pickling the trace's value types quickly: as their class and their fields' values.

A frozen dataclass with slots is pickled through the ``__getstate__`` and ``__setstate__``
dataclasses writes for it, Python code run for every object: a trace's thousands of small values
(cards, zones, boards, changes, steps) took twice as long to dump. The site build pickles traces
(its workers send scenario pages back, and keeps them between builds) and so does the run cache
(:mod:`judgekit.run_cache`).
"""

from __future__ import annotations

import dataclasses
import operator
from typing import Any, TypeVar

T = TypeVar("T")


def by_fields(cls: type[T]) -> type[T]:
    """Make instances of the dataclass ``cls`` pickle as ``cls(*fields)`` (every field must be an ``__init__``
    argument, in order)."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if not all(f.init for f in fields):
        raise TypeError(f"{cls.__name__}: a field is not an __init__ argument")
    names = [f.name for f in fields]
    get = operator.attrgetter(*names)

    if len(names) == 1:

        def reduce_one(self: Any) -> tuple[type[T], tuple[Any, ...]]:
            return (cls, (get(self),))

        cls.__reduce__ = reduce_one  # type: ignore[method-assign]
    else:

        def reduce(self: Any) -> tuple[type[T], tuple[Any, ...]]:
            return (cls, get(self))

        cls.__reduce__ = reduce  # type: ignore[method-assign]
    return cls


__all__ = ["by_fields"]
